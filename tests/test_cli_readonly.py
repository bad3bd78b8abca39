"""A database the user may only read (a copy shipped read-only, another user's file, a read-only mount).

The commands run in a process of their own that file permissions bind. Tests often run as root,
whom permissions do not stop: for root that process gives up the capabilities that override them
(CAP_DAC_OVERRIDE and co.) before it starts `python -m bot`, and a probe checks that a read-only
file is then really read-only to it (the test is skipped where that cannot be arranged).
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from storage.db import _split_sql, migrations, open_database
from tests.storage.conftest import BUNDLED

TIMEOUT_S = 60
# Capabilities that let root past file permissions (linux/capability.h): dac_override, dac_read_search, fowner.
_PERMISSION_OVERRIDES = (1, 2, 3)
_PR_CAPBSET_DROP = 24
# Runs its arguments as a program after dropping those capabilities from the bounding set: the program
# started by exec then has none of them (root's inheritable set is empty).
_WITHOUT_OVERRIDES = f"""
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
for capability in {_PERMISSION_OVERRIDES!r}:
    if libc.prctl({_PR_CAPBSET_DROP}, capability, 0, 0, 0) != 0:
        sys.exit("cannot drop capability %d: %s" % (capability, os.strerror(ctypes.get_errno())))
os.execv(sys.argv[1], sys.argv[1:])
"""


def _bound_by_permissions(*command: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run `command` in a process that file permissions bind (for root: without the overriding capabilities)."""
    prefix = [sys.executable, "-c", _WITHOUT_OVERRIDES] if os.geteuid() == 0 else []
    return subprocess.run([*prefix, *command], input=stdin, capture_output=True, text=True, timeout=TIMEOUT_S,
                          check=False)


def paperbot(database: Path, *arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`python -m bot --db DATABASE ARGUMENTS` as a user who may only read what is read-only."""
    return _bound_by_permissions(sys.executable, "-m", "bot", "--db", str(database), *arguments, stdin=stdin)


def _make_read_only(*paths: Path) -> None:
    """chmod a-w every path (files and folders), then check that a process of `paperbot` cannot write them."""
    for path in paths:
        path.chmod(0o555 if path.is_dir() else 0o444)
    for path in paths:
        attempt = f"open({str(path / 'probe') if path.is_dir() else str(path)!r}, 'a').close()"
        if _bound_by_permissions(sys.executable, "-c", attempt).returncode == 0:
            pytest.skip(f"{path} stays writable to a test process here (root with capabilities it cannot drop?)")


def _fingerprint(folder: Path) -> dict[str, str]:
    """Every file of `folder` and its content's hash: what must not change."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


@pytest.fixture
def shipped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Path]:
    """The bundled corpus ingested into a database, left as a read-only file in a read-only folder."""
    folder = tmp_path / "shipped"
    database = folder / "papers.db"
    assert main(["ingest", str(BUNDLED), "--db", str(database)]) == 0
    capsys.readouterr()
    try:
        _make_read_only(database, folder)
        yield database
    finally:
        folder.chmod(0o755)
        database.chmod(0o644)


def test_the_reading_commands_read_a_database_in_a_read_only_folder(shipped: Path) -> None:
    # They said "paperbot: cannot open the database …: attempt to write a readonly database": a WAL
    # database needs its -shm file, and the folder does not let anyone create it.
    before = _fingerprint(shipped.parent)
    stats = paperbot(shipped, "stats")
    assert (stats.returncode, stats.stderr) == (0, "")
    assert "papers:    38 active, 0 retired" in stats.stdout
    show = paperbot(shipped, "show", "nioo3eqi5w")
    assert (show.returncode, show.stderr) == (0, "")
    assert show.stdout.startswith("DSDA: ")
    search = paperbot(shipped, "search", "--json", "--limit", "1", "DSDA")
    assert (search.returncode, search.stderr) == (0, "")
    assert '"id": "nioo3eqi5w"' in search.stdout
    listing = paperbot(shipped, "subscriptions")
    assert (listing.returncode, listing.stdout) == (0, f"0 subscription(s) in {shipped}\n")
    assert _fingerprint(shipped.parent) == before == {"papers.db": before["papers.db"]}


@pytest.mark.parametrize("command", [["ingest", str(BUNDLED), "--force"], ["today"], ["embed"]])
def test_a_command_that_must_write_says_the_database_is_read_only_and_changes_nothing(
        shipped: Path, command: list[str]) -> None:
    # `today` records the day's pick; it, `ingest` and `embed` said "attempt to write a readonly database".
    before = _fingerprint(shipped.parent)
    refused = paperbot(shipped, *command)
    assert (refused.returncode, refused.stdout) == (1, "")
    assert refused.stderr == (f"paperbot: cannot write to the database {shipped}: the file or its folder is "
                              "read-only to you; it is unchanged (stats, show, search and subscriptions can read it)\n")
    assert _fingerprint(shipped.parent) == before


def test_ingest_into_a_read_only_file_in_a_writable_folder_says_so(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # The folder lets SQLite create its -wal and -shm files, so the database opened; the load then
    # failed with "the load failed (attempt to write a readonly database)".
    database = tmp_path / "papers.db"
    assert main(["ingest", str(BUNDLED), "--db", str(database)]) == 0
    capsys.readouterr()
    try:
        _make_read_only(database)
        before = hashlib.sha256(database.read_bytes()).hexdigest()
        refused = paperbot(database, "ingest", str(BUNDLED), "--force")
        assert (refused.returncode, refused.stdout) == (1, "")
        assert refused.stderr == (f"paperbot ingest: cannot write to the database {database}: the file or its "
                                  "folder is read-only to you; it is unchanged (stats, show, search and "
                                  "subscriptions can read it)\n")
        assert hashlib.sha256(database.read_bytes()).hexdigest() == before
        stats = paperbot(database, "stats")
        assert (stats.returncode, stats.stderr) == (0, "")
        assert "papers:    38 active, 0 retired" in stats.stdout
    finally:
        database.chmod(0o644)


@pytest.mark.parametrize("query", ["DSDA", "-"])
def test_searching_an_empty_read_only_database_says_it_cannot_load_the_corpus(tmp_path: Path, query: str) -> None:
    # `search` loads the configured corpus into an empty database first; `search -` ended in a traceback.
    folder = tmp_path / "empty"
    database = folder / "papers.db"
    asyncio.run(_create_empty(database))
    try:
        _make_read_only(database, folder)
        refused = paperbot(database, "--corpus", str(BUNDLED), "search", query, stdin="DSDA\n")
        assert (refused.returncode, refused.stdout) == (1, "")
        assert refused.stderr.splitlines() == [
            f"paperbot search: {database} has no papers yet: loading the configured corpus first",
            f"paperbot: cannot write to the database {database}: the file or its folder is read-only to you; it is "
            "unchanged (stats, show, search and subscriptions can read it)"]
    finally:
        folder.chmod(0o755)
        database.chmod(0o644)


async def _create_empty(path: Path) -> None:
    """A paperbot database with no papers."""
    await (await open_database(path)).close()


def _database_at_the_previous_schema(path: Path) -> int:
    """A WAL database made by the migrations before the last (a paperbot one version older); its version."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    for version, _, sql in migrations()[:-1]:
        for statement in _split_sql(sql):
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    return migrations()[-2][0]


def test_an_older_schema_that_cannot_be_migrated_is_told_and_not_touched(tmp_path: Path) -> None:
    folder = tmp_path / "older"
    folder.mkdir()
    database = folder / "papers.db"
    version = _database_at_the_previous_schema(database)
    try:
        _make_read_only(database, folder)
        before = _fingerprint(folder)
        refused = paperbot(database, "stats")
        assert (refused.returncode, refused.stdout) == (1, "")
        assert refused.stderr == (
            f"paperbot: cannot read the database {database}: an older paperbot wrote it (schema {version}, this one "
            f"reads {migrations()[-1][0]}) and it is read-only to you, so it cannot be brought up to date; "
            "run `paperbot stats` on it once with write access\n")
        assert _fingerprint(folder) == before
    finally:
        folder.chmod(0o755)
        database.chmod(0o644)


def test_changes_left_in_a_wal_file_are_not_silently_skipped(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             ) -> None:
    # With no -shm file and no right to create one, SQLite reads such a file only as "immutable", which
    # ignores the -wal: the last load would be missing without a word. The database and its -wal are
    # copied while a writer has them open, as a backup of a running bot's folder would be.
    source = tmp_path / "live.db"
    assert main(["ingest", str(BUNDLED), "--db", str(source)]) == 0
    capsys.readouterr()
    folder = tmp_path / "copy"
    folder.mkdir()
    writer = sqlite3.connect(source, isolation_level=None)
    try:
        writer.execute("PRAGMA wal_autocheckpoint = 0")
        writer.execute("UPDATE papers SET title = 'Renamed' WHERE id = 'nioo3eqi5w'")
        shutil.copy(source, folder / "papers.db")
        shutil.copy(f"{source}-wal", folder / "papers.db-wal")
    finally:
        writer.close()
    database = folder / "papers.db"
    try:
        _make_read_only(database, folder / "papers.db-wal", folder)
        refused = paperbot(database, "show", "nioo3eqi5w")
        assert (refused.returncode, refused.stdout) == (1, "")
        assert refused.stderr == (
            f"paperbot: cannot read the database {database}: its last changes are still in {database}-wal, which "
            "only someone who may write in its folder can apply; run `paperbot stats` on it once with write "
            "access, or copy the file and its -wal file together to a folder of yours\n")
    finally:
        folder.chmod(0o755)
    assert main(["show", "--db", str(database), "nioo3eqi5w"]) == 0  # with write access: the change is there
    assert capsys.readouterr().out.startswith("Renamed\n")
