"""Discord rate-limiting (HTTP 429) a command's or a button's answer, end to end through SimCord.

A 429 on the interaction callback is Discord refusing the answer for now: nothing the bot did wrong, and nothing a
traceback explains. The bot told the user "Something went wrong on my side (error code …)" and logged an ERROR with a
traceback. Now, as for Discord's 5xx: a private note that Discord asked it to slow down, while Discord's 3 s leave time
for a second answer, nothing past them, and one warning line naming the command and Discord's status.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord
import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import World, behind_the_lock, expect_errors
from tests.bot.test_papers import embed_of
from tests.bot.test_papers_review9_late import interaction_calls

CALLBACK = "/interactions/*/*/callback"
SLOW_DOWN = "Discord is asking me to slow down, so my answer didn't get through. Please try again in a moment."


def inject_429(env: simcord.Env) -> None:
    """Discord answering the next interaction callback with 429 Too Many Requests."""
    env.inject_error("POST", CALLBACK, status=429, message="You are being rate limited.", times=1)


def problems(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno >= logging.WARNING]


async def random_card(world: World) -> simcord.InteractionResult:
    card = await world.alice.slash(world.channel, "paper random")
    assert card.response is not None
    return card


Act = Callable[[World, simcord.InteractionResult], Awaitable[simcord.InteractionResult]]


@pytest.mark.parametrize(("act", "command", "reported"), [
    pytest.param(lambda world, card: world.bob.slash(world.channel, "paper random"), "/paper random",
                 [discord.HTTPException], id="random"),
    pytest.param(lambda world, card: world.bob.slash(world.channel, "paper show", paper=embed_of(card).footer.text),
                 "/paper show", [discord.HTTPException], id="show"),
    # SimCord records what reaches the tree's on_error; a button's error goes to bot.tree.report_error directly.
    pytest.param(lambda world, card: world.bob.click(card.response.message, label="Another random"),
                 "component paper:random:", [], id="button"),
])
async def test_a_rate_limited_answer_gets_a_note_and_one_warning_line(
        simcord_env: simcord.Env, world: World, caplog: pytest.LogCaptureFixture, act: Act, command: str,
        reported: list[type[BaseException]]) -> None:
    card = await random_card(world)
    inject_429(simcord_env)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        result = await act(world, card)

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content == SLOW_DOWN  # was "Something went wrong on my side (error code `…`)…"
    [line] = problems(caplog)
    assert line.levelname == "WARNING"
    assert line.exc_info is None  # was an ERROR with a traceback
    assert line.getMessage().startswith(command)
    assert line.getMessage().endswith(": Discord refused the answer for now (HTTP 429 Too Many Requests); "
                                      "the user was asked to try again")
    expect_errors(simcord_env, *reported)


async def test_a_rate_limited_answer_past_discords_three_seconds_is_not_answered_again(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    released = asyncio.Event()
    monkeypatch.setattr(bot.papers, "random", behind_the_lock(simcord_env, bot.papers.random, released))
    inject_429(simcord_env)
    before = len(simcord_env.http_requests)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        result = await world.alice.slash(world.channel, "paper random")
        await simcord_env.advance_time(2.8)  # the answer comes late in the 3 s, and Discord refuses it
        released.set()
        await simcord_env.settle()

    assert not result.acknowledged  # the user saw Discord's "The application did not respond"
    assert interaction_calls(simcord_env, before) == ["POST"]  # no second answer that would come too late
    [line] = problems(caplog)
    assert line.levelname == "WARNING"
    assert line.exc_info is None
    assert line.getMessage() == ("/paper random: Discord refused the answer for now (HTTP 429 Too Many Requests), "
                                 "past Discord's 3 s; the user saw \"The application did not respond\"")
    expect_errors(simcord_env, discord.HTTPException)


async def test_a_rate_limited_note_that_is_refused_too_is_still_one_warning_line(
        simcord_env: simcord.Env, world: World, caplog: pytest.LogCaptureFixture) -> None:
    simcord_env.inject_error("POST", CALLBACK, status=429, message="You are being rate limited.", times=2)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        result = await world.alice.slash(world.channel, "paper random")

    assert not result.acknowledged  # neither the card nor the note got through
    [line] = problems(caplog)
    assert line.levelname == "WARNING"
    assert line.exc_info is None
    assert line.getMessage() == ("/paper random: Discord refused the answer for now (HTTP 429 Too Many Requests); "
                                 "telling the user failed too (HTTP 429 Too Many Requests)")
    expect_errors(simcord_env, discord.HTTPException)
