"""Review 10: the daily posts' tick on a full disk is one warning line a minute, not a traceback (SimCord).

A tick whose claim of the day the disk refuses (SQLite's "database or disk is full") logged
"daily-post tick failed" with a full traceback every minute, naming no database: an operator read
a crash where the fix is to free some space. Nothing is lost either way: the card comes once there is room.
"""

from __future__ import annotations

import logging

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, subscribe, utc
from tests.bot.test_storage_review10_full_disk import fill_the_disk, free_some_space


async def test_a_tick_the_disk_refuses_is_one_line_naming_the_database_and_the_card_comes_once_there_is_room(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, caplog: pytest.LogCaptureFixture,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await fill_the_disk(bot.writes, "deliveries")
    caplog.clear()

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))

    failures = [r for r in caplog.records if r.levelno >= logging.WARNING and "daily" in r.getMessage()]
    assert failures, "the refused claim is reported"
    assert all(r.exc_info is None for r in failures), [r.getMessage() for r in failures]  # no traceback
    assert all(str(bot.settings.database_path) in r.getMessage() for r in failures)
    assert all("disk" in r.getMessage() for r in failures)
    assert card_days(world.channel) == []

    await free_some_space(bot.writes, "deliveries")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 6))
    assert card_days(world.channel) == ["2026-02-01"]
