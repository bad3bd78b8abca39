"""An autocomplete answer Discord refuses is one warning line, not discord.py's ERROR with a traceback (SimCord).

discord.py sends the choices itself and logs whatever that raises as "Ignoring exception in autocomplete for …" with a
traceback. Under load, answers after Discord's 3 s (10062 Unknown interaction) come one per keystroke: the log filled
with tracebacks of no bug, and so it did for Discord's own 5xx. An exception of the bot's own keeps its traceback.
"""

from __future__ import annotations

import asyncio
import logging

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import World, behind_the_lock

CALLBACK = "/interactions/*/*/callback"


def problems(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno >= logging.WARNING]


async def test_suggestions_after_discords_three_seconds_are_one_warning_line(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    released = asyncio.Event()
    engine = bot.search_engine
    monkeypatch.setattr(engine, "autocomplete", behind_the_lock(simcord_env, engine.autocomplete, released))

    with caplog.at_level(logging.DEBUG):
        assert await world.alice.autocomplete(world.channel, "paper search", "query", "attent") == []
        await simcord_env.advance_time(4)
        released.set()
        await simcord_env.settle()

    [line] = problems(caplog)  # was an ERROR "Ignoring exception in autocomplete…" with a traceback
    assert line.levelname == "WARNING"
    assert line.exc_info is None
    assert line.getMessage() == ("autocomplete of /paper search was answered after Discord's 3 s; "
                                 "no suggestions were shown")


async def test_suggestions_discord_fails_to_take_are_one_warning_line(
        simcord_env: simcord.Env, world: World, caplog: pytest.LogCaptureFixture) -> None:
    simcord_env.inject_error("POST", CALLBACK, status=503, message="Service Unavailable", times=1)

    with caplog.at_level(logging.DEBUG):
        assert await world.alice.autocomplete(world.channel, "paper show", "paper", "attent") == []

    [line] = problems(caplog)
    assert line.levelname == "WARNING"
    assert line.exc_info is None
    assert line.getMessage() == ("autocomplete of /paper show: Discord failed to take the choices "
                                 "(HTTP 503 Service Unavailable); no suggestions were shown")


async def test_an_error_of_the_bots_own_in_autocomplete_keeps_its_traceback(
        world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("index corrupted")

    monkeypatch.setattr(bot.search_engine, "autocomplete", broken)
    with caplog.at_level(logging.DEBUG):
        assert await world.alice.autocomplete(world.channel, "paper search", "query", "attent") == []

    [line] = problems(caplog)
    assert line.levelname == "ERROR"
    assert line.exc_info is not None
    assert "index corrupted" in str(line.exc_info[1])
