"""Opening the SQLite database: pragmas, numbered migrations and explicit transactions."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiosqlite

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5_000
_THREAD_STOP_S = 5.0  # aiosqlite's worker thread of a failed connection stops at once; never wait longer
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
        _make_folder(Path(path))
    conn = await _connect(path)
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
        await refuse_newer_schema(conn, path)
        await migrate(conn)
    except BaseException:
        await conn.close()
        raise
    return conn


def _make_folder(path: Path) -> None:
    """Create the database's folder if it is not there, and say so: a first start in a new folder is fine, but a
    folder that is not there is also what a volume that failed to mount looks like, and a database made in its
    place starts empty (no subscriptions, no picks) and goes with the container."""
    folder = path.parent
    if folder.is_dir():
        return
    folder.mkdir(parents=True, exist_ok=True)
    log.warning("created the folder %s for the database %s: it was not there (if a volume should be mounted there, "
                "it is not)", folder, path.name)


async def _connect(database: str | Path, *, uri: bool = False) -> aiosqlite.Connection:
    """aiosqlite.connect in autocommit mode; a connection SQLite cannot make fails once, and quietly.

    aiosqlite stops the worker thread of a connection it could not make, but does not wait for it: a program
    exiting on that very error (the bot's start, a tool) closed its event loop first, and the thread died
    printing two "RuntimeError: Event loop is closed" tracebacks after the line that said what was wrong.
    """
    connecting = aiosqlite.connect(database, uri=uri, isolation_level=None)
    try:
        return await connecting
    except BaseException:
        # aiosqlite 0.22 keeps its thread in `_thread`; before (0.20, 0.21, which pyproject allows) the
        # connection was the thread: `_thread` alone raised AttributeError over the error that said what was wrong.
        thread: Any = getattr(connecting, "_thread", connecting)
        await asyncio.shield(asyncio.to_thread(thread.join, _THREAD_STOP_S))
        raise


class SchemaTooOldError(Exception):
    """A database opened read-only whose schema is older than this code's: it cannot be migrated."""

    def __init__(self, path: str | Path, version: int, needed: int) -> None:
        super().__init__(f"{path} is at schema version {version}, this paperbot needs {needed}")
        self.path, self.version, self.needed = path, version, needed


class SchemaTooNewError(Exception):
    """A database a newer paperbot wrote (its schema version is past this code's last migration).

    This code does not know what the newer migrations changed: running on them could write rows the
    newer code reads wrongly, or lose what it keeps in tables and columns unknown here. So the database
    is refused, read or written, and its version never lowered.
    """

    def __init__(self, path: str | Path, version: int, known: int) -> None:
        super().__init__(f"a newer paperbot wrote it (schema version {version}; this one knows up to {known}); "
                         "run that version of paperbot or a newer one, or restore a backup made before the upgrade")
        self.path, self.version, self.known = path, version, known


async def refuse_newer_schema(conn: aiosqlite.Connection, path: str | Path) -> None:
    """Raise SchemaTooNewError when the database behind `conn` was written by a newer paperbot."""
    version, known = await schema_version(conn), migrations()[-1][0]
    if version > known:
        raise SchemaTooNewError(path, version, known)


class UnappliedChangesError(Exception):
    """A read-only WAL database whose last changes wait in its -wal file, which only a writer can apply."""


def _sqlite_error_name(error: BaseException) -> str:
    """SQLite's name for what failed ("SQLITE_FULL", "SQLITE_BUSY_SNAPSHOT" …), or "" for any other error."""
    return getattr(error, "sqlite_errorname", "") if isinstance(error, sqlite3.Error) else ""


def refuses_writing(error: BaseException) -> bool:
    """Whether SQLite failed because it may not write: the file, its folder or its -wal/-shm are read-only."""
    return _sqlite_error_name(error).startswith("SQLITE_READONLY")


def damaged(error: BaseException) -> bool:
    """Whether SQLite found the database file damaged: "database disk image is malformed" (a page that is
    not what it should be: a disk fault, a copy taken mid-write, a file cut short) or "file is not a database"."""
    name = _sqlite_error_name(error)
    return isinstance(error, sqlite3.DatabaseError) and (name.startswith("SQLITE_CORRUPT") or name == "SQLITE_NOTADB")


def disk_refused(error: BaseException) -> bool:
    """Whether SQLite failed because the disk would not take a write: full ("database or disk is full": no
    space left) or an I/O error ("disk I/O error": a quota or file-size limit, a failing disk). SQLite rolls
    the statement or transaction back: nothing of it is written."""
    name = _sqlite_error_name(error)
    return name == "SQLITE_FULL" or name.startswith("SQLITE_IOERR")


# Where a database cannot even be opened because of its disk (`disk_refused`): SQLite says only "disk I/O error".
DISK_HINT = "is its disk full or failing? SQLite needs room beside it for its -wal and -shm files"


def busy(error: BaseException) -> bool:
    """Whether SQLite gave up waiting for another connection's write lock ("database is locked": the busy
    timeout passed while another process, such as a large `paperbot ingest`, was writing). Nothing of the
    statement was written; the same write a little later usually goes through."""
    return _sqlite_error_name(error).startswith("SQLITE_BUSY")


def damaged_database(path: str | Path, error: object) -> str:
    """What to do about a database SQLite found damaged (`damaged`): one line, for the bot and the tools."""
    return (f"the database {path} is damaged ({error}): restore it from a backup, or save what it holds with "
            f"`sqlite3 {path} .recover > saved.sql`")


def cannot_write(path: str | Path, error: BaseException | None = None, *, then: str = "") -> str:
    """Why a write to the database was lost, in one line: the one wording of the bot's log (a command, the
    daily posts) and the command line's messages. `error` is what SQLite raised: another process held the
    write lock past the busy timeout (`busy`), or the disk refused the write (`disk_refused`: "is its disk
    full?"); None, or a `refuses_writing` error, is a file or folder read-only to us. `then` is what the
    reader may do next ("run it again in a moment"), put where each wording has room for it."""
    head = f"cannot write to the database {path}"
    if error is None or refuses_writing(error):
        return f"{head}: the file or its folder is read-only to you; it is unchanged" + (f" ({then})" if then else "")
    if busy(error):
        return (f"{head}: another process (such as `paperbot ingest`) held its write lock past the "
                f"{BUSY_TIMEOUT_MS / 1000:g} s busy timeout; nothing was written" + (f", {then}" if then else ""))
    return f"{head}: {error}; nothing was written (is its disk full?" + (f" {then})" if then else ")")


def cannot_open(error: BaseException) -> bool:
    """Whether SQLite could not open a file it needs (the database, or a -wal/-shm it cannot create)."""
    return _sqlite_error_name(error) == "SQLITE_CANTOPEN"


async def open_database_read_only(path: str | Path) -> aiosqlite.Connection:
    """Open an existing database for reading only: nothing is written to it, nothing is migrated.

    For a database the user may only read (a copy shipped read-only, another user's file, a read-only
    mount). SQLite's `mode=ro` never writes the database, but a WAL database still needs its -shm
    and -wal files: they are created if the folder allows it, and used read-only if a writer left
    them. Where neither (a folder read-only to us with no -wal beside the file), SQLite can only read
    the file as `immutable=1` (https://www.sqlite.org/wal.html, "Read-Only Databases"): that is
    sound here, since with no -wal every committed change is in the file itself. (A writer starting
    meanwhile is not seen: it would create the files we could not.) A -wal holding changes with no
    -shm cannot be read without applying them: UnappliedChangesError. A schema older than this
    code's is SchemaTooOldError: migrating would mean writing.
    """
    try:
        conn = await _connect_read_only(path, immutable=False)
    except sqlite3.Error as error:
        if not (refuses_writing(error) or cannot_open(error)):
            raise
        if wal := _wal_holding_changes(path):
            raise UnappliedChangesError(f"its last changes are still in {wal}, which only someone who may "
                                        "write in its folder can apply") from error
        conn = await _connect_read_only(path, immutable=True)
    try:
        await refuse_newer_schema(conn, path)
        version, needed = await schema_version(conn), migrations()[-1][0]
        if version < needed:
            raise SchemaTooOldError(path, version, needed)
    except BaseException:
        await conn.close()
        raise
    return conn


async def _connect_read_only(path: str | Path, *, immutable: bool) -> aiosqlite.Connection:
    """A read-only connection (URI `mode=ro`, and `immutable=1` if asked), tried with a first read."""
    conn = await _connect(_read_only_uri(path, immutable=immutable), uri=True)
    conn.row_factory = aiosqlite.Row
    try:
        async with conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}"):
            pass
        async with conn.execute("PRAGMA foreign_keys = ON"):
            pass
        async with conn.execute("SELECT count(*) FROM sqlite_schema"):  # the WAL files are needed at the first read
            pass
    except BaseException:
        await conn.close()
        raise
    return conn


def _read_only_uri(path: str | Path, *, immutable: bool) -> str:
    """SQLite's URI for reading `path` only (its bytes percent-encoded: '?', '#' and '%' are URI syntax)."""
    return "file:" + quote(os.fsencode(Path(path).absolute())) + "?mode=ro" + ("&immutable=1" if immutable else "")


def _wal_holding_changes(path: str | Path) -> Path | None:
    """The database's -wal file if it holds changes (not yet written into the database file itself)."""
    wal = Path(f"{path}-wal")
    return wal if wal.exists() and wal.stat().st_size > 0 else None


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
        # executescript would COMMIT first; run the statements inside one explicit transaction.
        async with transaction(conn):
            # Read again under the write lock: another process opening the same new database at the same
            # moment (a second bot, `paperbot ingest` beside the bot) may have applied it since.
            current = await schema_version(conn)
            if version <= current:
                continue
            log.info("applying migration %s", name)
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
        # On SQLITE_FULL or SQLITE_IOERR SQLite may have rolled the whole transaction back itself: a ROLLBACK
        # then fails ("cannot rollback - no transaction is active") and hides what went wrong.
        if conn.in_transaction:
            await conn.execute("ROLLBACK")
        raise
    await conn.execute("COMMIT")
