"""The database opener: pragmas, migrations, transactions — on real temporary files."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage.db import migrations, open_database, schema_version, transaction


async def test_new_database_is_fully_migrated_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    conn = await open_database(tmp_path / "nested" / "bot.db")
    try:
        assert await schema_version(conn) == migrations()[-1][0]
        async with conn.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"
        async with conn.execute("PRAGMA foreign_keys") as cursor:
            assert (await cursor.fetchone())[0] == 1
        async with conn.execute("PRAGMA busy_timeout") as cursor:
            assert (await cursor.fetchone())[0] >= 1000
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
        async with conn.execute("SELECT title FROM papers WHERE id = 'abc'") as cursor:
            assert (await cursor.fetchone())[0] == "T"
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
        async with conn.execute("SELECT count(*) FROM papers") as cursor:
            assert (await cursor.fetchone())[0] == 0
    finally:
        await conn.close()
