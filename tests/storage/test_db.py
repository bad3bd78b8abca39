"""The database opener: pragmas, migrations, transactions — on real temporary files."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from storage.db import (
    SchemaTooOldError,
    migrations,
    open_database,
    open_database_read_only,
    refuses_writing,
    schema_version,
    transaction,
)
from tests.storage.conftest import scalar


async def test_new_database_is_fully_migrated_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    conn = await open_database(tmp_path / "nested" / "bot.db")
    try:
        assert await schema_version(conn) == migrations()[-1][0]
        assert await scalar(conn, "PRAGMA journal_mode") == "wal"
        assert await scalar(conn, "PRAGMA foreign_keys") == 1
        assert await scalar(conn, "PRAGMA busy_timeout") >= 1000
    finally:
        await conn.close()


async def test_reopening_keeps_data_and_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    conn = await open_database(path)
    await conn.execute(
        "INSERT INTO papers (id, title, abstract, abstract_raw) VALUES ('abc', 'T', 'A', 'A')"
    )
    await conn.close()

    conn = await open_database(path)
    try:
        assert await scalar(conn, "SELECT title FROM papers WHERE id = 'abc'") == "T"
        assert await schema_version(conn) == migrations()[-1][0]
    finally:
        await conn.close()


def test_migrations_are_numbered_uniquely_and_in_order() -> None:
    versions = [version for version, _, _ in migrations()]
    assert versions, "no migrations bundled"
    assert versions == sorted(set(versions))


async def test_transaction_rolls_back_everything_on_error(tmp_path: Path) -> None:
    conn = await open_database(tmp_path / "bot.db")
    try:
        with pytest.raises(RuntimeError):
            async with transaction(conn):
                await conn.execute(
                    "INSERT INTO papers (id, title, abstract, abstract_raw) VALUES ('x', 'T', 'A', 'A')"
                )
                raise RuntimeError("half-way")
        assert await scalar(conn, "SELECT count(*) FROM papers") == 0
    finally:
        await conn.close()


async def test_a_read_only_open_reads_and_refuses_every_write(tmp_path: Path) -> None:
    path = tmp_path / "odd ?#%41 name" / "bot.db"  # URI syntax in the name: it must stay a name
    conn = await open_database(path)
    await conn.execute("INSERT INTO papers (id, title, abstract, abstract_raw) VALUES ('abc', 'T', 'A', 'A')")
    await conn.close()

    reader = await open_database_read_only(path)
    try:
        async with reader.execute("SELECT title FROM papers") as cursor:
            assert [tuple(row) for row in await cursor.fetchall()] == [("T",)]
        with pytest.raises(sqlite3.OperationalError) as refused:
            await reader.execute("UPDATE papers SET title = 'changed'")
        assert refuses_writing(refused.value)
    finally:
        await reader.close()


async def test_a_read_only_open_of_an_older_schema_migrates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "older.db"
    previous = migrations()[-2][0]
    with contextlib.closing(sqlite3.connect(path)) as conn:
        for _, _, sql in migrations()[:-1]:
            conn.executescript(sql)
        conn.execute(f"PRAGMA user_version = {previous}")
    tables_before = _tables(path)

    with pytest.raises(SchemaTooOldError) as too_old:
        await open_database_read_only(path)
    assert (too_old.value.version, too_old.value.needed) == (previous, migrations()[-1][0])
    assert _tables(path) == tables_before
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == previous


def _tables(path: Path) -> list[str]:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return sorted(name for (name,) in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'table'"))
