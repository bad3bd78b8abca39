"""The central error table: which errors are expected, and what the user reads for them."""

from __future__ import annotations

from unittest.mock import Mock

import discord
import pytest
from discord import app_commands

from bot.errors import PaperNotFoundError, UserFacingError
from bot.tree import unwrap, user_message
from storage.search import EmptyQueryError


def test_domain_errors_carry_their_own_message() -> None:
    assert user_message(UserFacingError("No such topic.")) == "No such topic."
    assert user_message(PaperNotFoundError("Gone.")) == "Gone."
    assert user_message(EmptyQueryError("Type something.")) == "Type something."


def test_cooldown_says_when_to_retry_in_whole_seconds() -> None:
    cooldown = app_commands.Cooldown(1, 30.0)
    assert user_message(app_commands.CommandOnCooldown(cooldown, 12.2)) == (
        "Slow down a little — you can use this command again in 13 s.")
    brief = user_message(app_commands.CommandOnCooldown(cooldown, 0.01))
    assert brief is not None
    assert brief.endswith("again in 1 s.")


def test_a_long_rate_limit_says_when_to_retry() -> None:
    assert user_message(discord.RateLimited(45.2)) == (
        "Discord is asking me to slow down; please try again in 46 s.")
    assert user_message(discord.RateLimited(600.0)) == (
        "Discord is asking me to slow down; please try again in 10 min.")


def test_permission_errors_name_the_permission() -> None:
    assert user_message(app_commands.MissingPermissions(["manage_channels"])) == (
        "You need the **Manage Channels** permission to do that.")
    assert user_message(app_commands.BotMissingPermissions(["embed_links"])) == (
        "I need the **Embed Links** permission here to do that.")


@pytest.mark.parametrize("error", [RuntimeError("boom"), KeyError("x"), ValueError("bad")])
def test_unexpected_errors_have_no_friendly_message(error: Exception) -> None:
    assert user_message(error) is None


def test_unwrap_reaches_the_original_error() -> None:
    original = UserFacingError("inner")
    wrapped = app_commands.CommandInvokeError(Mock(qualified_name="paper show"), original)
    assert unwrap(wrapped) is original
    assert user_message(unwrap(wrapped)) == "inner"


def test_commands_from_before_an_update_get_a_friendly_message() -> None:
    assert user_message(app_commands.CommandNotFound("old", [])) == (
        "That command no longer exists; it will vanish from your list soon.")
    mismatch = app_commands.CommandSignatureMismatch(Mock(qualified_name="paper search"))
    assert (user_message(mismatch) or "").startswith("That command was just updated")
