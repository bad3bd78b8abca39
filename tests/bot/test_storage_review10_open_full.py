"""The bot started while the database's disk takes no more bytes: SQLite cannot make the -shm file a WAL
database needs beside it, and says only "disk I/O error". The start stops with one line that points at the
disk, not at DATABASE_PATH (which is right).

In a process of its own whose files may not grow (RLIMIT_FSIZE 0: a write fails as on a full quota), with
Discord's login left out: the database is the first thing setup_hook touches.
"""

from __future__ import annotations

import asyncio
import resource
import subprocess
import sys
from pathlib import Path

from bot.settings import BUNDLED_CORPUS
from storage.db import open_database

START_WITHOUT_DISCORD = """
import sys
from pathlib import Path

import bot.client as client
from bot.settings import Settings


async def setup_only(bot, token, *, sync_only):
    await bot.setup_hook()


client._start = setup_only
sys.exit(client.run_bot(Settings(discord_token="a.b.c", database_path=Path(sys.argv[1]),
                                 corpus_paths=(Path(sys.argv[2]),), embed_abstracts=False)))
"""


def _no_growth() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))


async def _create(path: Path) -> None:
    await (await open_database(path)).close()


def test_a_start_on_a_disk_that_takes_nothing_more_points_at_the_disk(tmp_path: Path) -> None:
    database = tmp_path / "paperbot.db"
    asyncio.run(_create(database))

    started = subprocess.run([sys.executable, "-c", START_WITHOUT_DISCORD, str(database), str(BUNDLED_CORPUS)],
                             capture_output=True, text=True, timeout=120, check=False, preexec_fn=_no_growth)

    assert (started.returncode, started.stdout) == (1, "")
    assert started.stderr == (f"paperbot: cannot open the database {database}: disk I/O error (is its disk full or "
                              "failing? SQLite needs room beside it for its -wal and -shm files)\n")
