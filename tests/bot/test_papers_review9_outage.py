"""Discord failing to take the bot's answers (an outage of its interaction webhooks), end to end through SimCord.

Nothing can reach the user then. It is Discord's failure, not the bot's: one warning line naming the command and
Discord's status, with no traceback, no error code and no interaction token (session 14's review: it was an ERROR
with a traceback and an error code, then a second line for the error reply that could not be delivered either).
"""

from __future__ import annotations

import logging

import discord
import pytest
import simcord

from tests.bot.conftest import World, expect_errors


def interaction_tokens(env: simcord.Env) -> set[str]:
    """The interaction tokens in the paths of the bot's callbacks so far (`/interactions/<id>/<token>/callback`)."""
    return {request.path.split("/")[3] for request in env.http_requests if request.path.endswith("/callback")}


@pytest.mark.parametrize(("command", "options"), [("paper search", {"query": "learning"}), ("paper today", {})])
async def test_an_answer_discord_fails_to_take_is_one_warning_line(
        simcord_env: simcord.Env, world: World, caplog: pytest.LogCaptureFixture,
        command: str, options: dict[str, str]) -> None:
    # Both acknowledge first (the callback), then fill the "thinking…" message through the webhook, which fails,
    # and so does the note to try again sent the same way.
    simcord_env.inject_error("*", "/webhooks/*", status=503, message="Service Unavailable", times=None)

    with caplog.at_level(logging.DEBUG, logger="bot"):
        await world.alice.slash(world.channel, command, **options)

    problems = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert [record.levelname for record in problems] == ["WARNING"], [r.getMessage() for r in problems]
    [line] = problems
    assert line.exc_info is None
    assert line.getMessage() == (f"/{command}: Discord failed to take the answer (HTTP 503 Service Unavailable); "
                                 "telling the user failed too (HTTP 503 Service Unavailable)")
    [token] = interaction_tokens(simcord_env)
    assert not [record for record in caplog.records if token in record.getMessage()]
    expect_errors(simcord_env, discord.HTTPException)
