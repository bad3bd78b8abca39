"""A rate limit longer than the bot waits, met answering a command or a button, is one warning line (session 16's
review, SimCord).

With max_ratelimit_timeout set (bot.client), a 429 whose Retry-After is longer raises discord.RateLimited instead of
being slept through. The user was told "Discord is asking me to slow down; please try again in 10 min.", but the
operator saw nothing at all: now one WARNING line names the command and the wait, as for the 429 of session 15
(tests/bot/test_papers_review15_rate_limited.py), with no traceback.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
import simcord

from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of

SLOW_DOWN = "Discord is asking me to slow down; please try again in 10 min."


def rate_limit_the_next_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord asking for a 10-minute wait on the next answer the bot sends (a card), then taking answers again."""
    send = discord.InteractionResponse.send_message
    limited = [True]

    async def send_message(self: discord.InteractionResponse, *args: Any, **kwargs: Any) -> Any:
        if limited and kwargs.get("embed") is not None:
            limited.clear()
            raise discord.RateLimited(600.0)
        return await send(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "send_message", send_message)


def problems(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno >= logging.WARNING]


async def test_a_command_rate_limited_for_long_is_one_warning_line(
        simcord_env: simcord.Env, world: World, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    rate_limit_the_next_answer(monkeypatch)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        result = await world.alice.slash(world.channel, "paper random")

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content == SLOW_DOWN
    [line] = problems(caplog)  # was none: the operator never knew
    assert line.levelname == "WARNING"
    assert line.exc_info is None
    assert line.getMessage() == ("/paper random: Discord asked the bot to wait 10 min (rate limited longer than it "
                                 "waits); the user was asked to try again")
    expect_errors(simcord_env, discord.RateLimited)


async def test_a_button_rate_limited_for_long_is_one_warning_line(
        simcord_env: simcord.Env, world: World, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    card = await world.alice.slash(world.channel, "paper random")
    assert card.response is not None
    assert embed_of(card).title
    rate_limit_the_next_answer(monkeypatch)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        result = await world.alice.click(card.response.message, label="Another random")

    assert result.response is not None
    assert result.response.content == SLOW_DOWN
    [line] = problems(caplog)
    assert line.levelname == "WARNING"
    assert line.getMessage().startswith("component paper:random:")
    assert line.getMessage().endswith(": Discord asked the bot to wait 10 min (rate limited longer than it waits); "
                                      "the user was asked to try again")
