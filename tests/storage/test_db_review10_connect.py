"""A connection SQLite cannot make (DATABASE_PATH naming a folder, a file it may not create) fails once, and
nothing more: aiosqlite stops its worker thread after a failed connect but did not wait for it, so a program
that exited on the error at once (the bot's start, every tool) printed two "RuntimeError: Event loop is
closed" tracebacks from that thread after its one line. Run in a process of its own, as that exit is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

OPEN_AND_EXIT = """
import asyncio, sqlite3, sys
from storage.db import open_database, open_database_read_only

opener = {"write": open_database, "read": open_database_read_only}[sys.argv[2]]
try:
    asyncio.run(opener(sys.argv[1]))
except sqlite3.Error as error:
    print(error)
"""


@pytest.mark.parametrize(("mode", "what"), [("write", "a folder"), ("read", "a missing file")])
def test_a_connection_that_cannot_be_made_fails_once_and_quietly(mode: str, what: str, tmp_path: Path) -> None:
    database = tmp_path / "paperbot.db"
    if what == "a folder":
        database.mkdir()

    opened = subprocess.run([sys.executable, "-c", OPEN_AND_EXIT, str(database), mode], capture_output=True,
                            text=True, timeout=60, check=False)

    assert (opened.returncode, opened.stdout, opened.stderr) == (0, "unable to open database file\n", "")
