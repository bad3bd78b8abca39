"""The command-line tools on a database file, or a disk, that misbehaves: each failure is one line on
stderr naming the database and what is wrong, status 1, and nothing stored is lost. Run as people run
them, in a process of their own."""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from storage._corpus_build import POOL_THRESHOLD_BYTES
from storage.db import migrations, open_database
from tests.bot.test_storage_review10_damaged import damage
from tests.storage.conftest import BUNDLED, seed_paragraphs, write_seed_file

TIMEOUT_S = 120


def paperbot(database: Path, *arguments: str, full_disk: bool = False) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGUMENTS --db DATABASE`, as a person runs it; with `full_disk`, no file it writes may
    grow (RLIMIT_FSIZE 0, as a full quota: a write fails with EFBIG, which SQLite reports as "disk I/O error")."""
    return subprocess.run([sys.executable, "-m", "bot", *arguments, "--db", str(database)], capture_output=True,
                          text=True, timeout=TIMEOUT_S, check=False, preexec_fn=_no_growth if full_disk else None)


def _no_growth() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.RLIM_INFINITY))


def user_version(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


@pytest.fixture
def newer_database(tmp_path: Path) -> Path:
    """A database this paperbot made, then migrated by a newer paperbot (one version more)."""
    path = tmp_path / "paperbot.db"
    asyncio.run(_create(path))
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA user_version = {migrations()[-1][0] + 1}")
    return path


async def _create(path: Path) -> None:
    await (await open_database(path)).close()


@pytest.mark.parametrize("command", [["stats"], ["ingest", str(BUNDLED)], ["today"], ["search", "kv cache"]])
def test_a_database_from_a_newer_paperbot_is_refused_in_one_line(command: list[str], newer_database: Path) -> None:
    newer = migrations()[-1][0] + 1

    refused = paperbot(newer_database, *command)

    assert (refused.returncode, refused.stdout) == (1, "")
    assert refused.stderr == (f"paperbot: cannot open the database {newer_database}: a newer paperbot wrote it (schema "
                              f"version {newer}; this one knows up to {newer - 1}); run that version of paperbot or a "
                              "newer one, or restore a backup made before the upgrade\n")
    assert user_version(newer_database) == newer
    with contextlib.closing(sqlite3.connect(newer_database)) as conn:
        assert conn.execute("SELECT count(*) FROM papers").fetchone()[0] == 0  # `ingest` loaded nothing into it


@pytest.mark.parametrize("command", [["stats"], ["search", "kv cache"], ["search", "-"], ["today"],
                                     ["show", "nioo3eqi5w"], ["ingest", str(BUNDLED), "--force"]])
def test_a_damaged_database_is_one_line_saying_what_to_do(command: list[str], tmp_path: Path) -> None:
    # Opened, then a damaged page met at the first read of the papers: each of these read them.
    database = tmp_path / "paperbot.db"
    assert main(["ingest", str(BUNDLED), "--db", str(database)]) == 0
    damage(database, "papers")

    failed = paperbot(database, *command)

    assert (failed.returncode, failed.stdout) == (1, "")
    tool = "paperbot ingest" if command[0] == "ingest" else "paperbot"
    assert failed.stderr == (f"{tool}: the database {database} is damaged (database disk image is malformed): "
                             f"restore it from a backup, or save what it holds with `sqlite3 {database} .recover > "
                             "saved.sql`\n")


@contextlib.contextmanager
def the_bot_running_on(database: Path) -> Iterator[None]:
    """A connection holding the database open, as the bot does beside the tools: its -wal and -shm exist (a
    reader needs no new file, so on a disk that takes no more bytes, reading still works)."""
    with contextlib.closing(sqlite3.connect(database)) as conn:
        conn.execute("SELECT count(*) FROM papers").fetchone()
        yield


def test_the_days_pick_on_a_full_disk_is_one_line_and_reading_goes_on(tmp_path: Path) -> None:
    database = tmp_path / "paperbot.db"
    assert main(["ingest", str(BUNDLED), "--db", str(database)]) == 0
    with the_bot_running_on(database):
        failed = paperbot(database, "today", full_disk=True)
        stats = paperbot(database, "stats", full_disk=True)

    assert (failed.returncode, failed.stdout) == (1, "")
    assert failed.stderr == (f"paperbot: cannot write to the database {database}: disk I/O error; nothing was written "
                             "(is its disk full? free some space, then run it again)\n")
    assert (stats.returncode, stats.stderr) == (0, "")
    assert "papers:    38 active" in stats.stdout
    with contextlib.closing(sqlite3.connect(database)) as conn:
        assert conn.execute("SELECT count(*) FROM picks").fetchone()[0] == 0
    assert paperbot(database, "today").returncode == 0  # space again: the day's pick is recorded


def test_a_first_search_that_cannot_store_the_corpus_is_one_line(tmp_path: Path) -> None:
    database = tmp_path / "paperbot.db"
    asyncio.run(_create(database))
    with the_bot_running_on(database):
        failed = paperbot(database, "search", "kv cache", "--corpus", str(BUNDLED), full_disk=True)

    assert (failed.returncode, failed.stdout) == (1, "")
    assert failed.stderr == (f"paperbot search: {database} has no papers yet: loading the configured corpus first\n"
                             f"paperbot: cannot write to the database {database}: disk I/O error; nothing was written "
                             "(is its disk full? free some space, then run it again)\n")


@pytest.mark.parametrize("command", [["stats"], ["ingest", str(BUNDLED)]])
def test_a_disk_that_takes_nothing_more_is_named_when_the_database_cannot_be_opened(command: list[str],
                                                                                    tmp_path: Path) -> None:
    # Nothing holds the database open: the -shm a WAL database needs beside it cannot be made.
    database = tmp_path / "paperbot.db"
    asyncio.run(_create(database))

    failed = paperbot(database, *command, full_disk=True)

    assert (failed.returncode, failed.stdout) == (1, "")
    assert failed.stderr == (f"paperbot: cannot open the database {database}: disk I/O error (is its disk full or "
                             "failing? SQLite needs room beside it for its -wal and -shm files)\n")


def test_the_days_pick_behind_another_writer_is_one_line(tmp_path: Path) -> None:
    # `paperbot today` while a large `paperbot ingest` holds the write lock past the 5 s busy timeout.
    database = tmp_path / "paperbot.db"
    assert main(["ingest", str(BUNDLED), "--db", str(database)]) == 0
    with contextlib.closing(sqlite3.connect(database, isolation_level=None)) as ingest:
        ingest.execute("BEGIN IMMEDIATE")
        failed = paperbot(database, "today")
        ingest.execute("ROLLBACK")

    assert (failed.returncode, failed.stdout) == (1, "")
    assert failed.stderr == (f"paperbot: cannot write to the database {database}: another process (such as `paperbot "
                             "ingest`) held its write lock past the 5 s busy timeout; nothing was written, run it "
                             "again in a moment\n")
    assert paperbot(database, "today").returncode == 0


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_a_load_killed_outright_loses_nothing_and_leaves_no_worker_behind(tmp_path: Path) -> None:
    # kill -9 (the OOM killer, a host going down) in the middle of a large load: the next open recovers from
    # the -wal what was committed before, and the enrichment workers end with the process that forked them
    # (they waited for work forever: their forked siblings kept their task pipe open).
    database = tmp_path / "paperbot.db"
    assert main(["ingest", str(BUNDLED), "--db", str(database)]) == 0
    large = write_seed_file(tmp_path / "large.txt", [f"{paragraph} Variant {n} of this study, reported apart."
                                                     for n in range(80) for paragraph in seed_paragraphs()])
    assert large.stat().st_size > POOL_THRESHOLD_BYTES  # enriched by worker processes
    load = subprocess.Popen([sys.executable, "-m", "bot", "ingest", str(large), "--db", str(database)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    wal = Path(f"{database}-wal")
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while load.poll() is None and time.monotonic() < deadline:  # until the workers' rows are being written
            if wal.exists() and wal.stat().st_size > 200_000:
                workers = _children(load.pid)
                break
            time.sleep(0.01)
        load.kill()
        load.wait(TIMEOUT_S)
        assert workers, "the load ended before its workers started"
        deadline = time.monotonic() + 15
        while any(_running(worker) for worker in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [worker for worker in workers if _running(worker)] == []
    finally:
        for worker in workers:
            with contextlib.suppress(OSError):
                os.kill(worker, signal.SIGKILL)

    stats = paperbot(database, "stats")
    assert "papers:    38 active, 0 retired" in stats.stdout
    with contextlib.closing(sqlite3.connect(database)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def test_a_load_the_disk_refuses_half_way_says_so(tmp_path: Path) -> None:
    # SQLite rolls a load back itself when the disk refuses its pages half way (the -wal may grow to 400 kB
    # here, as on a nearly full disk); the ROLLBACK after it failed, and that was the message: "the load failed
    # (cannot rollback - no transaction is active)".
    database = tmp_path / "paperbot.db"
    assert main(["ingest", str(BUNDLED), "--db", str(database)]) == 0
    more = write_seed_file(tmp_path / "more.txt", [f"{paragraph} Variant {n} of this study, reported apart."
                                                   for n in range(20) for paragraph in seed_paragraphs()])
    with the_bot_running_on(database):
        failed = subprocess.run([sys.executable, "-m", "bot", "ingest", str(more), "--db", str(database)],
                                capture_output=True, text=True, timeout=TIMEOUT_S, check=False,
                                preexec_fn=_files_up_to_400_kb)

    assert (failed.returncode, failed.stdout) == (1, "")
    assert failed.stderr.splitlines()[-1] == (f"paperbot ingest: the load failed (disk I/O error); {database} is "
                                              "unchanged")
    assert "papers:    38 active, 0 retired" in paperbot(database, "stats").stdout


def _files_up_to_400_kb() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (400_000, resource.RLIM_INFINITY))
