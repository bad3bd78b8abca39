"""Discord failing to take the bot's answers (an outage of its interaction webhooks), end to end through SimCord.

Nothing can reach the user then; the failure is logged once with its traceback, and the error reply that
could not be delivered after it is one line naming the error's code, not a second traceback.
"""

from __future__ import annotations

import logging

import discord
import pytest
import simcord

from tests.bot.conftest import World, expect_errors


@pytest.mark.parametrize(("command", "options"), [("paper search", {"query": "learning"}), ("paper today", {})])
async def test_an_answer_discord_refuses_is_logged_with_one_traceback(
        simcord_env: simcord.Env, world: World, caplog: pytest.LogCaptureFixture,
        command: str, options: dict[str, str]) -> None:
    # Both acknowledge first (the callback), then fill the "thinking…" message through the webhook, which fails,
    # and so does the error reply sent the same way.
    simcord_env.inject_error("*", "/webhooks/*", status=503, message="Service Unavailable", times=None)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        await world.alice.slash(world.channel, command, **options)

    problems = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert [record.levelname for record in problems] == ["ERROR", "WARNING"], [r.getMessage() for r in problems]
    failure, undelivered = problems
    # Before, the undelivered reply was logged with a second traceback of the same outage.
    assert failure.exc_info is not None
    assert undelivered.exc_info is None
    code = failure.getMessage().split()[1]  # "error 3fa9c1 in /paper search"
    assert code in undelivered.getMessage()
    assert "503" in undelivered.getMessage()
    expect_errors(simcord_env, discord.HTTPException)
