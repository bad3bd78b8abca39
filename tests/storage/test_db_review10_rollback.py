"""A transaction that fails because the disk refused a write says so. On such a failure (a full disk, an I/O
error: SQLITE_FULL, SQLITE_IOERR) SQLite may roll the whole transaction back itself; the ROLLBACK issued after
it then failed with "cannot rollback - no transaction is active", and that was the error everyone saw: the
bot's log, `paperbot ingest: the load failed (cannot rollback - no transaction is active)`.

In a process of its own whose files may not grow past 1 MB (RLIMIT_FSIZE), beside a connection holding the
database open (as the bot does: its -shm exists), so that the transaction's own writes meet the limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path

from storage.db import open_database

WRITE_TOO_MUCH = """
import asyncio, sqlite3, sys
from storage.db import open_database, transaction

async def main():
    conn = await open_database(sys.argv[1])
    try:
        async with transaction(conn):
            for _ in range(100):  # 10 MB: past SQLite's page cache, so written to the -wal before the commit
                await conn.execute("INSERT INTO filler VALUES (randomblob(100000))")
    except sqlite3.Error as error:
        print(f"{error} ({error.sqlite_errorname})")
    async with conn.execute("SELECT count(*) FROM filler") as cursor:
        print("rows:", (await cursor.fetchone())[0], "in a transaction:", conn.in_transaction)
    await conn.close()

asyncio.run(main())
"""


def _one_megabyte_files() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (1_000_000, resource.RLIM_INFINITY))


async def _database_with_a_filler_table(path: Path) -> None:
    conn = await open_database(path)
    await conn.execute("CREATE TABLE filler (b BLOB)")
    await conn.close()


def test_a_transaction_the_disk_refused_fails_with_the_disks_error(tmp_path: Path) -> None:
    database = tmp_path / "paperbot.db"
    asyncio.run(_database_with_a_filler_table(database))
    with contextlib.closing(sqlite3.connect(database)) as bot:
        bot.execute("SELECT count(*) FROM filler").fetchone()
        wrote = subprocess.run([sys.executable, "-c", WRITE_TOO_MUCH, str(database)], capture_output=True, text=True,
                               timeout=60, check=False, preexec_fn=_one_megabyte_files)

    assert (wrote.returncode, wrote.stderr) == (0, "")
    assert wrote.stdout == "disk I/O error (SQLITE_IOERR_WRITE)\nrows: 0 in a transaction: False\n"
