"""Discord failing (HTTP 5xx) to take a command's or a button's answer itself, end to end through SimCord.

A 5xx on the interaction callback means the answer probably never reached the user. The bot told them "Something
went wrong on my side (error code …)" and logged an ERROR with a traceback, for Discord's outage. Now: a private
note that says it was Discord, while Discord's 3 s leave time for a second answer (discord.py itself retries a 5xx
a second later, then for 25 s); past them nothing more is sent, as no followup can follow a failed acknowledgement.
Either way one warning line names the command and Discord's status.
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
TRY_AGAIN = ("Discord had a problem on its side (HTTP 502), so my answer didn't get through. "
             "Please try again in a moment.")


async def random_card(world: World) -> simcord.InteractionResult:
    """A /paper random card, whose buttons are clicked below."""
    card = await world.alice.slash(world.channel, "paper random")
    assert card.response is not None
    return card


def problems(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno >= logging.WARNING]


Act = Callable[[World, simcord.InteractionResult], Awaitable[simcord.InteractionResult]]


@pytest.mark.parametrize(("act", "reported"), [
    pytest.param(lambda world, card: world.bob.slash(world.channel, "paper random"), [discord.HTTPException],
                 id="random"),
    pytest.param(lambda world, card: world.bob.slash(world.channel, "paper show", paper=embed_of(card).footer.text),
                 [discord.HTTPException], id="show"),
    # SimCord records what reaches the tree's on_error; a button's error goes to bot.tree.report_error directly.
    pytest.param(lambda world, card: world.bob.click(card.response.message, label="Another random"), [],
                 id="button"),
])
async def test_an_answer_discord_fails_to_take_gets_a_note_that_says_so(
        simcord_env: simcord.Env, world: World, caplog: pytest.LogCaptureFixture, act: Act,
        reported: list[type[BaseException]]) -> None:
    card = await random_card(world)
    simcord_env.inject_error("POST", CALLBACK, status=502, message="Bad Gateway", times=1)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        result = await act(world, card)

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content == TRY_AGAIN  # was "Something went wrong on my side (error code `…`)…"
    [line] = problems(caplog)
    assert line.levelname == "WARNING"
    assert line.exc_info is None
    assert line.getMessage().endswith(
        ": Discord failed to take the answer (HTTP 502 Bad Gateway); the user was asked to try again")
    expect_errors(simcord_env, *reported)


async def test_past_discords_three_seconds_nothing_more_is_sent(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    released = asyncio.Event()
    monkeypatch.setattr(bot.papers, "random", behind_the_lock(simcord_env, bot.papers.random, released))
    simcord_env.inject_error("POST", CALLBACK, status=503, message="Service Unavailable", times=1)
    before = len(simcord_env.http_requests)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        result = await world.alice.slash(world.channel, "paper random")
        await simcord_env.advance_time(2.8)  # the answer comes late in the 3 s, and Discord fails it
        released.set()
        await simcord_env.settle()

    assert not result.acknowledged  # the user saw Discord's "The application did not respond"
    assert interaction_calls(simcord_env, before) == ["POST"]  # no second answer that would come too late
    [line] = problems(caplog)
    assert line.exc_info is None
    assert line.getMessage() == ("/paper random: Discord failed to take the answer (HTTP 503 Service Unavailable), "
                                 "past Discord's 3 s; the user saw \"The application did not respond\"")
    expect_errors(simcord_env, discord.HTTPException)


async def test_an_answer_discord_had_taken_before_failing_it_is_not_answered_again(
        simcord_env: simcord.Env, world: World, caplog: pytest.LogCaptureFixture) -> None:
    # Discord took the answer but reported a 5xx; discord.py retried it, and Discord refused the retry as a second
    # answer (40060). The user has the card: an error reply ("Something went wrong on my side") would be wrong.
    simcord_env.inject_error("POST", CALLBACK, status=400, code=40060,
                             message="Interaction has already been acknowledged.", times=1)
    before = len(simcord_env.http_requests)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        await world.alice.slash(world.channel, "paper random")

    assert interaction_calls(simcord_env, before) == ["POST"]  # nothing sent after the refused retry
    [line] = problems(caplog)
    assert line.exc_info is None
    assert line.getMessage() == ("/paper random: Discord refused the answer as a second one (HTTP 400 Bad Request "
                                 "(code 40060)): it had taken the first, which it had reported failing, so the user "
                                 "has it")
    expect_errors(simcord_env, discord.HTTPException)
