"""A write that waits out the whole busy timeout behind another process's write lock (a large `paperbot
ingest` holds it from its first rows to its commit, ~18 s at 100,000 papers) fails with SQLite's "database
is locked", and keeps nothing of it. The member gets a private reply saying so and to try again, not
"Something went wrong" with an error code; the operator one line, not a traceback; reads are served all the
while, and once the lock is gone the same command works. (SimCord, real SQLite file: another connection holds
the write lock; the bot's write connection waits 50 ms instead of its 5 s, SimCord's own patience.)"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Iterator

import pytest
import simcord

from bot.client import PaperBot
from bot.tree import DATABASE_BUSY
from tests.bot.conftest import World, expect_errors
from tests.bot.test_daily_delivery import daily
from tests.bot.test_storage_review10_full_disk import assert_reads_are_served


@contextlib.contextmanager
def another_process_writing(bot: PaperBot) -> Iterator[None]:
    """Another connection holds the database's write lock, as `paperbot ingest` does through a load."""
    with contextlib.closing(sqlite3.connect(bot.settings.database_path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")


@pytest.fixture
async def short_wait(bot: PaperBot) -> None:
    async with bot.writes.execute("PRAGMA busy_timeout = 50"):
        pass


async def test_subscribing_behind_another_writer_says_to_try_again(
        short_wait: None, simcord_env: simcord.Env, world: World, bot: PaperBot,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.clear()
    with another_process_writing(bot):
        refused = await world.mod.slash(world.channel, "paper subscribe", time="09:00")
        await assert_reads_are_served(world, bot)

    assert refused.response is not None
    assert (refused.ephemeral, refused.response.content) == (True, DATABASE_BUSY)
    expect_errors(simcord_env, sqlite3.OperationalError)
    assert [(r.getMessage(), r.exc_info) for r in caplog.records if r.levelno >= logging.WARNING] == [
        (f"/paper subscribe: the database {bot.settings.database_path} stayed locked by another writer (such as "
         "`paperbot ingest`) past the busy timeout; nothing was written", None)]
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None

    again = await world.mod.slash(world.channel, "paper subscribe", time="09:00")
    assert again.response is not None
    assert again.response.content.startswith("Subscribed"), again.response.content
