"""A page of the database damaged while the bot runs (a disk fault), met by a command: the member gets a
private reply saying so, not "Something went wrong" with an error code to quote; the log one line saying
what to do (restore a backup, or `sqlite3 … .recover`), not a traceback; commands that read other pages go
on. (SimCord, real SQLite file: the picks table's page is overwritten after the start, before anything read
it.)"""

from __future__ import annotations

import logging
import sqlite3

import pytest
import simcord

from bot.client import PaperBot
from bot.tree import DATABASE_DAMAGED
from tests.bot.conftest import World, expect_errors
from tests.bot.test_storage_review10_damaged import damage
from tests.bot.test_storage_review10_full_disk import assert_reads_are_served


async def test_a_page_damaged_while_running_is_a_clear_reply_and_one_log_line(
        simcord_env: simcord.Env, world: World, bot: PaperBot, caplog: pytest.LogCaptureFixture) -> None:
    database = bot.settings.database_path
    damage(database, "picks")
    caplog.clear()

    refused = await world.bob.slash(world.channel, "paper today")

    assert refused.response is None  # the public "thinking…" taken back: the reply is private
    [reply] = refused.followups
    assert reply.ephemeral
    assert (reply.content, reply.embeds) == (DATABASE_DAMAGED, [])
    expect_errors(simcord_env, sqlite3.DatabaseError)
    assert [(r.getMessage(), r.exc_info) for r in caplog.records if r.levelno >= logging.WARNING] == [
        (f"/paper today: the database {database} is damaged (database disk image is malformed): restore it from a "
         f"backup, or save what it holds with `sqlite3 {database} .recover > saved.sql`", None)]
    await assert_reads_are_served(world, bot)
