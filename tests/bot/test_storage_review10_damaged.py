"""The bot started on a damaged database file (a disk fault, a backup copied while the bot wrote, a file cut
short): SQLite opens it and fails at the first read of a damaged page, after the open. That is one line
saying what is wrong and what to do, not a traceback from wherever the first read happened to be."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
import simcord

from bot.client import PaperBot, StartupError
from bot.settings import Settings


def damage(path: Path, table: str) -> None:
    """Overwrite the first page of `table`'s b-tree with bytes no page has (the schema page stays whole, so
    the file opens and migrates as before)."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_schema WHERE name = ?", (table,)).fetchone()[0]
    with path.open("r+b") as file:
        file.seek((root - 1) * page_size)
        file.write(b"\xff" * page_size)


@pytest.mark.parametrize("table", ["papers", "corpus_loads"])
async def test_a_damaged_database_stops_the_start_with_one_line(
        table: str, make_bot: Callable[..., PaperBot], bot_settings: Settings) -> None:
    database = bot_settings.database_path
    damage(database, table)

    with pytest.raises(StartupError) as refused:
        async with simcord.run(make_bot()):
            pass

    assert str(refused.value) == (f"the database {database} is damaged (database disk image is malformed): restore "
                                  f"it from a backup, or save what it holds with `sqlite3 {database} .recover > "
                                  "saved.sql`")
