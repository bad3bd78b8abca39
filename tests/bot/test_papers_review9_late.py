"""An answer that comes after Discord's 3 seconds (10062 Unknown interaction), end to end through SimCord.

Past 3 s Discord refuses the answer and shows the user "The application did not respond"; nothing the
bot sends for that interaction can reach them any more. The bot says so once in its log.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import World, answer, behind_the_lock, expect_errors


def interaction_calls(env: simcord.Env, since: int) -> list[str]:
    """The interaction callbacks and followups the bot made since `since` requests."""
    return [entry.method for entry in env.http_requests[since:]
            if entry.path.startswith("/interactions/") or entry.path.startswith("/webhooks/")]


async def answered_too_late(env: simcord.Env, act: Any) -> tuple[Any, int]:
    """Run `act` (a command or click whose answer waits), let Discord's 3 s pass, then let it answer."""
    before = len(env.http_requests)
    result = await act()
    assert not result.acknowledged  # still waiting
    await env.advance_time(4)
    return result, before


@pytest.mark.parametrize("where", ["command", "button"])
async def test_an_answer_after_discords_three_seconds_is_logged_once_as_late(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture, where: str) -> None:
    card = await world.alice.slash(world.channel, "paper random")
    assert card.response is not None
    released = asyncio.Event()
    # The paper's read waits (an event loop held up by other work would do the same).
    monkeypatch.setattr(bot.papers, "random", behind_the_lock(simcord_env, bot.papers.random, released))
    act = ((lambda: world.alice.slash(world.channel, "paper random")) if where == "command" else
           (lambda: world.bob.click(answer(card).message, label="Another random")))

    with caplog.at_level(logging.DEBUG, logger="bot"):
        result, before = await answered_too_late(simcord_env, act)
        released.set()
        await simcord_env.settle()

    assert not result.acknowledged  # the user saw Discord's "The application did not respond"
    # Before, the refusal was logged as a crash (ERROR, an error code nobody was shown, a traceback), then
    # an error reply was tried, refused the same way, and logged again with a second traceback.
    problems = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert [record.levelname for record in problems] == ["WARNING"], [r.getMessage() for r in problems]
    assert "after Discord's 3 s" in problems[0].getMessage()
    assert problems[0].exc_info is None
    assert interaction_calls(simcord_env, before) == ["POST"]  # the late answer only: no reply tried after it
    if where == "command":  # SimCord records what reaches the tree's on_error (a button's reaches report_error)
        errors = expect_errors(simcord_env, discord.NotFound)
        assert getattr(errors[0], "code", None) == 10062
