"""Opening the SQLite database: pragmas, numbered migrations and explicit transactions."""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5_000
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str, str]]:
    """Return the bundled migrations as (version, file name, SQL), in order."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    return sorted(found)


async def open_database(path: str | Path) -> aiosqlite.Connection:
    """Open (creating if needed) the database at `path`, set pragmas and apply migrations.

    The connection is in autocommit mode; write several statements atomically with
    `transaction(conn)`.
    """
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(path, isolation_level=None)
    conn.row_factory = aiosqlite.Row
    try:
        for pragma in (
            "PRAGMA journal_mode = WAL",
            "PRAGMA foreign_keys = ON",
            f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
            "PRAGMA synchronous = NORMAL",  # safe with WAL, much faster commits
        ):
            # Close each cursor at once: some of these pragmas return a row, and a statement left
            # open until garbage collection makes a later COMMIT fail ("SQL statements in progress").
            async with conn.execute(pragma):
                pass
        await migrate(conn)
    except BaseException:
        await conn.close()
        raise
    return conn


async def schema_version(conn: aiosqlite.Connection) -> int:
    """Return the migration version recorded in `PRAGMA user_version`."""
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(conn: aiosqlite.Connection) -> int:
    """Apply every migration newer than `user_version`, each in its own transaction."""
    current = await schema_version(conn)
    for version, name, sql in migrations():
        if version <= current:
            continue
        log.info("applying migration %s", name)
        # executescript would COMMIT first; run the statements inside one explicit transaction.
        async with transaction(conn):
            for statement in _split_sql(sql):
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version = {version}")
        current = version
    return current


def _split_sql(script: str) -> list[str]:
    """Split a migration script into complete statements (trigger bodies included)."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        if line.lstrip().startswith("--"):
            continue
        buffer += line
        if _is_complete_statement(buffer):
            if buffer.strip():
                statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements


def _is_complete_statement(buffer: str) -> bool:
    """Whether `buffer` ends a complete SQL statement."""
    return bool(buffer.strip()) and sqlite3.complete_statement(buffer)


@asynccontextmanager
async def transaction(conn: aiosqlite.Connection, *, immediate: bool = True) -> AsyncIterator[None]:
    """Run the block in one transaction: COMMIT on success, ROLLBACK on any exception."""
    await conn.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
    try:
        yield
    except BaseException:
        await conn.execute("ROLLBACK")
        raise
    await conn.execute("COMMIT")
