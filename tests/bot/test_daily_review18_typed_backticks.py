"""A backtick in the time or time zone typed into `/paper subscribe` no longer ends the code its refusal shows it in
(session 18's review).

The refusal quoted what was typed in one backtick on each side: "9`<t:0:R>" showed as the code "9" and then a live
timestamp ("55 years ago"), "Mars`**x**" as bold text; a mention or a channel would have shown as one too. What was
typed is now shown whole as code, fenced by more backticks than it holds.
"""

from __future__ import annotations

import re

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import UserFacingError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_daily_commands import reply
from tests.bot.test_daily_delivery import daily

# Discord's inline code (simple-markdown's `inlineCode`): a run of backticks, text ending on something else, the same
# run again; one space inside the fence beside a backtick is dropped.
_INLINE_CODE = re.compile(r"(`+)([\s\S]*?[^`])\1(?!`)")


def _code_and_prose(text: str) -> tuple[list[str], str]:
    """The code spans of a message as Discord shows them, and the rest of it (what renders as markdown)."""
    spans = [re.sub(r"^ (?= *`)|(?<=`) $", "", match[2]) for match in _INLINE_CODE.finditer(text)]
    return spans, _INLINE_CODE.sub("", text)


@pytest.mark.parametrize(("option", "typed"), [
    ("time", "9`<t:0:R>"),
    ("time", "`<@&1>`"),
    ("timezone", "Mars`**bold** <t:0:R>"),
    ("timezone", "``<#1>``"),
])
async def test_what_was_typed_with_backticks_is_shown_whole_as_code(
    simcord_env: simcord.Env, world: World, bot: PaperBot, option: str, typed: str,
) -> None:
    text = reply(await world.mod.slash(world.channel, "paper subscribe", **{option: typed}))
    expect_errors(simcord_env, UserFacingError)

    code, prose = _code_and_prose(text)
    assert code[0] == typed, text  # was "9", then "<t:0:R>" as a timestamp
    assert "<" not in prose, text  # no timestamp, mention or channel made live
    assert "**" not in prose, text  # no bold
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None  # nothing saved, as before
