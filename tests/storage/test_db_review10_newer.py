"""A database written by a newer paperbot (its `user_version` past this code's last migration).

A rollback to an older release (a bad deploy undone, an older image started by mistake) meets such a
file. The older code does not know what the newer migrations changed: it must refuse the file, read or
written, and never lower its version or add its own tables to it.
"""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from storage.db import SchemaTooNewError, migrations, open_database, open_database_read_only

NEWER = migrations()[-1][0] + 1


async def newer_database(path: Path) -> Path:
    """A database as this paperbot made it, then migrated by a newer one: a table and a version more."""
    await (await open_database(path)).close()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE reading_lists (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        conn.execute("INSERT INTO reading_lists (name) VALUES ('to read')")
        conn.execute(f"PRAGMA user_version = {NEWER}")
        conn.commit()
    return path


def fingerprint(path: Path) -> tuple[str, int]:
    """The database file's bytes, and how much its -wal holds (changes not yet in the file)."""
    wal = Path(f"{path}-wal")
    return hashlib.sha256(path.read_bytes()).hexdigest(), wal.stat().st_size if wal.exists() else 0


@pytest.mark.parametrize("opener", [open_database, open_database_read_only])
async def test_a_database_from_a_newer_paperbot_is_refused_and_left_as_it_was(
        opener: Callable[[Path], Awaitable[object]], tmp_path: Path) -> None:
    path = await newer_database(tmp_path / "paperbot.db")
    before = fingerprint(path)
    assert before[1] == 0

    with pytest.raises(SchemaTooNewError) as refused:
        await opener(path)

    assert (refused.value.version, refused.value.known) == (NEWER, migrations()[-1][0])
    assert str(refused.value) == (f"a newer paperbot wrote it (schema version {NEWER}; this one knows up to "
                                  f"{NEWER - 1}); run that version of paperbot or a newer one, or restore a backup "
                                  "made before the upgrade")
    assert fingerprint(path) == before
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == NEWER
        assert conn.execute("SELECT name FROM reading_lists").fetchall() == [("to read",)]


async def test_the_current_version_still_opens(tmp_path: Path) -> None:
    path = tmp_path / "paperbot.db"
    await (await open_database(path)).close()
    for opener in (open_database, open_database_read_only):
        await (await opener(path)).close()
