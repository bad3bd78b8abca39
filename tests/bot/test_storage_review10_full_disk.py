"""The database's disk fills while the bot runs (SimCord, real SQLite file).

A write the disk refuses fails with SQLite's "database or disk is full" and keeps nothing of it. The member
who asked gets a private reply saying so, not "Something went wrong" with an error code; the operator one
log line naming the database, not a traceback; the bot goes on answering what only reads; and once there
is space again the same command works.

The full disk is SQLite's own: a TEMP trigger on the bot's write connection makes each insert into a table
also write 100 kB into a temporary table limited to two pages, so the insert fails with a real SQLITE_FULL
from SQLite's page allocator and is rolled back, as on a full disk (tests/test_cli_review10_storage.py fills
a real file system's quota instead, in a process of its own).
"""

from __future__ import annotations

import logging
import sqlite3

import aiosqlite
import pytest
import simcord

from bot.client import PaperBot
from bot.tree import COULD_NOT_SAVE
from tests.bot.conftest import World, expect_errors
from tests.bot.test_daily_delivery import daily


async def fill_the_disk(conn: aiosqlite.Connection, table: str) -> None:
    """From now on, every insert into `table` on `conn` fails as on a full disk."""
    await conn.execute("CREATE TEMP TABLE IF NOT EXISTS spill (b BLOB)")
    await conn.execute("PRAGMA temp.max_page_count = 2")
    await conn.execute(f"CREATE TEMP TRIGGER disk_full_{table} BEFORE INSERT ON main.{table} "
                       "BEGIN INSERT INTO spill VALUES (zeroblob(100000)); END")


async def free_some_space(conn: aiosqlite.Connection, table: str) -> None:
    await conn.execute(f"DROP TRIGGER temp.disk_full_{table}")


async def assert_reads_are_served(world: World, bot: PaperBot) -> None:
    paper_id = sorted(await bot.papers.active_ids())[0]
    shown = await world.alice.slash(world.channel, "paper show", paper=paper_id)
    assert shown.response is not None
    assert shown.response.embeds[0].footer.text == f"id {paper_id}"


def assert_one_line_logged(caplog: pytest.LogCaptureFixture, bot: PaperBot, command: str) -> None:
    lines = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert [(record.getMessage(), record.exc_info) for record in lines] == [
        (f"/{command}: cannot write to the database {bot.settings.database_path}: database or disk is full; nothing "
         "was written (is its disk full?)", None)]


async def test_subscribing_on_a_full_disk_says_it_could_not_save_and_keeps_nothing(
        simcord_env: simcord.Env, world: World, bot: PaperBot, caplog: pytest.LogCaptureFixture) -> None:
    await fill_the_disk(bot.writes, "subscriptions")
    caplog.clear()

    refused = await world.mod.slash(world.channel, "paper subscribe", time="09:00")

    assert refused.response is not None
    assert (refused.ephemeral, refused.response.content) == (True, COULD_NOT_SAVE)
    expect_errors(simcord_env, sqlite3.OperationalError)
    assert_one_line_logged(caplog, bot, "paper subscribe")
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None
    await assert_reads_are_served(world, bot)

    await free_some_space(bot.writes, "subscriptions")
    again = await world.mod.slash(world.channel, "paper subscribe", time="09:00")
    assert again.response is not None
    assert again.response.content.startswith("Subscribed"), again.response.content
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is not None


async def test_the_days_pick_on_a_full_disk_says_it_could_not_save(
        simcord_env: simcord.Env, world: World, bot: PaperBot, caplog: pytest.LogCaptureFixture) -> None:
    await fill_the_disk(bot.writes, "picks")
    caplog.clear()

    refused = await world.bob.slash(world.channel, "paper today")

    assert refused.response is None  # the "thinking…" everyone saw taken back, as after every /paper today error
    [reply] = refused.followups
    assert reply.ephemeral
    assert (reply.content, reply.embeds) == (COULD_NOT_SAVE, [])
    expect_errors(simcord_env, sqlite3.OperationalError)
    assert_one_line_logged(caplog, bot, "paper today")
    assert await bot.picks.recorded(bot.now().date()) is None
    await assert_reads_are_served(world, bot)

    await free_some_space(bot.writes, "picks")
    today = await world.bob.slash(world.channel, "paper today")
    assert today.response is not None
    assert today.response.embeds[0].footer.text == f"id {await bot.picks.recorded(bot.now().date())}"
