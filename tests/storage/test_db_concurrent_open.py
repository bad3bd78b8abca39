"""Two processes opening the same new database at once, on a real temporary SQLite file."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite

from storage.db import BUSY_TIMEOUT_MS, migrate, migrations, schema_version


async def test_two_connections_migrating_a_new_database_at_once_both_succeed(tmp_path: Path) -> None:
    # A second bot, or `paperbot ingest` started beside the bot, on a database not created yet: both read
    # version 0 and both ran the first migration, and the second stopped with "table papers already exists".
    path = tmp_path / "new.db"
    first = await aiosqlite.connect(path, isolation_level=None)
    second = await aiosqlite.connect(path, isolation_level=None)
    try:
        for conn in (first, second):
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        versions = await asyncio.gather(migrate(first), migrate(second))
        latest = migrations()[-1][0]
        assert versions == [latest, latest]
        assert await schema_version(second) == latest
        async with first.execute("SELECT count(*) FROM papers") as cursor:
            assert await cursor.fetchone() == (0,)
    finally:
        await first.close()
        await second.close()
