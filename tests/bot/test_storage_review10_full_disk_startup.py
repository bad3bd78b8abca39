"""The bot starting while the database's disk is full (SimCord, real SQLite file).

A corpus load the disk refuses rolls back; the bot serves the papers stored before and says why in one line
(a full disk, not the corpus), and without papers stored before it stops with one line. Recording the
command sync next to the database is the next write: the commands are synced all the same, so a refusal
there is one warning, not a crash of the start (it was `OSError: [Errno 28] No space left on device` with
a traceback, and no bot).

The load's full disk is SQLite's own: a TEMP trigger on the load's connection makes each paper it inserts
also write 100 kB into a temporary table limited to two pages (see test_storage_review10_full_disk.py).
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import simcord

import storage.loader as loader
from bot.client import PaperBot, StartupError, sync_state_path
from bot.settings import BUNDLED_CORPUS, Settings
from tests.storage.conftest import seed_paragraphs, write_seed_file


class _LoadOnAFullDisk:
    """The sqlite3 module as storage.loader sees it, but the load's connection writes no paper."""

    def __getattr__(self, name: str) -> Any:
        return getattr(sqlite3, name)

    @staticmethod
    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = sqlite3.connect(*args, **kwargs)
        conn.execute("CREATE TEMP TABLE spill (b BLOB)")
        conn.execute("PRAGMA temp.max_page_count = 2")
        conn.execute("CREATE TEMP TRIGGER disk_full BEFORE INSERT ON main.papers "
                     "BEGIN INSERT INTO spill VALUES (zeroblob(100000)); END")
        return conn


@pytest.fixture
def full_disk(bot_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on (the session's template database made before), a corpus load writes no paper."""
    monkeypatch.setattr(loader, "sqlite3", _LoadOnAFullDisk())


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """The bundled corpus and three papers more: a load with papers to write."""
    more = write_seed_file(tmp_path / "more.txt", [p + " Revised for the new edition." for p in seed_paragraphs()[:3]])
    return (BUNDLED_CORPUS, more)


def warnings_logged(caplog: pytest.LogCaptureFixture) -> list[tuple[str, bool]]:
    return [(record.getMessage(), record.exc_info is not None) for record in caplog.records
            if record.levelno >= logging.WARNING]


def stored_before(database: Path, bundled_template: Path) -> int:
    """The database as the bot left it at its last start, the bundled corpus loaded; its active papers."""
    shutil.copyfile(bundled_template, database)
    with contextlib.closing(sqlite3.connect(database)) as conn:
        return int(conn.execute("SELECT count(*) FROM papers WHERE active = 1").fetchone()[0])


async def test_a_start_on_a_full_disk_serves_the_papers_stored_before(
        full_disk: None, make_bot: Callable[..., PaperBot], bot_settings: Settings, bundled_template: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    stored = bot_settings.database_path
    before = stored_before(stored, bundled_template)
    state = sync_state_path(stored)
    os.mkdir(f"{state}.tmp")  # the sync's record cannot be written either (a real OSError from the write)

    async with simcord.run(make_bot()) as env:
        bot = env.bot
        assert isinstance(bot, PaperBot)
        assert await bot.papers.count() == before
        guild = env.create_guild("Paper Club")
        channel = guild.create_text_channel("general")
        alice = guild.add_member(env.create_user("alice"))
        shown = await alice.slash(channel, "paper random")
        assert shown.response is not None
        assert shown.response.embeds

    assert bot.last_sync == "global"
    assert not state.exists()
    assert warnings_logged(caplog) == [
        (f"corpus load failed: cannot write to the database {stored} (database or disk is full); serving the {before} "
         "papers stored before (is its disk full?)", False),
        (f"could not record the command sync in {state} ([Errno 21] Is a directory: '{state}.tmp'); the next start "
         "syncs again", False)]


@pytest.mark.fresh_db
async def test_a_first_start_on_a_full_disk_stops_with_one_line(
        full_disk: None, make_bot: Callable[..., PaperBot], bot_settings: Settings) -> None:
    with pytest.raises(StartupError) as refused:
        async with simcord.run(make_bot()):
            pass

    assert str(refused.value) == (f"cannot store the corpus in the database {bot_settings.database_path}: database or "
                                  "disk is full; nothing to serve (is its disk full?)")
