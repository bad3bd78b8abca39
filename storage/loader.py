"""Loading a corpus into SQLite: idempotent, atomic, retiring and reactivating papers.

`load_corpus` is the one entry point. The CPU work (reading, parsing, enriching) runs off the
event loop, in worker processes for a large corpus; papers already stored by the current
enrichment version are not enriched again. The writes run in one transaction on a connection of
their own, so readers of the bot's connection keep seeing the previous corpus until the new one
is committed whole. Rows are written as the workers deliver them, so writing and indexing
overlap with enrichment instead of following it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Container, Coroutine, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from storage._corpus_build import FULL, PAPER_COLUMNS, RECORD_COLUMNS, Built, Row, row_source, stream_rows
from storage._search_text import name_key
from storage.enrich import ENRICH_VERSION
from storage.models import LoadReport, Problem, counted
from storage.parsing import ZIP_SUFFIX, expand_paths

log = logging.getLogger(__name__)

Progress = Callable[[str, int, int], None]
"""progress(stage, done, total); called from a worker thread, stage is "enriching" or "writing"."""

# Above this many new rows, drop the FTS triggers and rebuild the index once after the bulk
# insert (inside the same transaction): much faster than one index update per row.
BULK_THRESHOLD = 2_000
_WRITE_BATCH = 5_000
LOAD_LOCK_TIMEOUT_S = 120.0
_STORED_RECORD = ("num", "active", "digest", "enrich_version", *RECORD_COLUMNS[1:])


@dataclass(slots=True)
class _Plan:
    """What the write step consumes: the row chunks (produced while it writes) and what they came from."""

    stat_signature: str
    fingerprint: str
    built: Built  # problems, files and phases; complete once `chunks` is exhausted
    chunks: Iterable[list[Row]]
    missing: list[str] = field(default_factory=list)  # paths given but missing: their papers stay
    empty: list[Path] = field(default_factory=list)  # subfolders holding no corpus file: the papers they gave stay
    started: float = field(default_factory=time.perf_counter)
    stop: threading.Event = field(default_factory=threading.Event)  # set when the caller is cancelled


class LoadStoppedError(Exception):
    """The load's caller was cancelled (Ctrl-C, the bot closing): the load rolled back."""


@dataclass(slots=True)
class _Seen:
    """Distinct abstracts so far (the first occurrence wins) and the repeats."""

    first: dict[object, str] = field(default_factory=dict)  # id -> "file, paragraph N"
    records: int = 0
    duplicates: int = 0
    duplicate_notes: list[str] = field(default_factory=list)

    def distinct(self, rows: Sequence[Row]) -> list[Row]:
        """The rows whose abstract has not been seen before; counts and notes the others."""
        fresh = []
        for row in rows:
            source = row_source(row)
            self.records += 1
            if row[1] in self.first:
                self.duplicates += 1
                self.duplicate_notes.append(f"{source} repeats {self.first[row[1]]}")
                continue
            self.first[row[1]] = source
            fresh.append(row)
        return fresh


async def load_corpus(conn: aiosqlite.Connection, paths: Sequence[Path], *, force: bool = False,
                      progress: Progress | None = None) -> LoadReport:
    """Load the corpus at `paths` (files or folders) into the database behind `conn`.

    Skips an unchanged corpus (same files, sizes and times, or same content) unless `force`.
    Papers no longer present are retired, returning ones reactivated; a corpus that yields no
    paper at all changes nothing.
    """
    started = time.perf_counter()
    db_file = await database_file(conn)
    if not db_file:
        raise ValueError("a corpus load needs a database file (it writes on a connection of its own), "
                         "not an in-memory database")
    paths = [Path(p) for p in paths]
    last = await _last_load(conn)
    empty: list[Path] = []
    signature, files, missing = await asyncio.to_thread(stat_signature, paths, empty)
    if not force and last and last["stat_signature"] == signature:
        return await _skipped(conn, last, started)
    fingerprint = await asyncio.to_thread(content_fingerprint, files, missing, empty)
    if not force and last and last["fingerprint"] == fingerprint:
        await conn.execute("UPDATE corpus_loads SET stat_signature = ? WHERE id = ?", (signature, last["id"]))
        return await _skipped(conn, last, started)
    known = await _reusable_ids(conn)
    plan = _Plan(stat_signature=signature, fingerprint=fingerprint, built=Built(), chunks=(),
                 missing=sorted({problem.source_file for problem in missing}), empty=empty)
    plan.built.phases["check"] = time.perf_counter() - started  # signatures and fingerprints
    report = LoadReport(phases=plan.built.phases)
    # Parse, enrich and write on a thread and a connection of its own, overlapping: readers on
    # `conn` (and everyone else) see the old corpus until the one transaction commits.
    wrote = await _stoppable(plan, asyncio.to_thread(_load_on_own_connection, db_file, paths, known, plan,
                                                     report, progress))
    _finish_report(report, plan.built)
    if not wrote:
        report.active = await _count_active(conn)
        report.seconds = time.perf_counter() - started
        log.warning("corpus load found no usable paper; the database is unchanged")
        return report
    report.seconds = time.perf_counter() - started
    # DEBUG: each caller reports the load itself (the bot's "corpus: …" log line, `paperbot ingest`'s
    # summary on stdout); at INFO the same numbers came out twice.
    log.debug("corpus loaded: %s", summary(report))
    return report


async def _stoppable(plan: _Plan, load: Coroutine[Any, Any, bool]) -> bool:
    """Await the load's thread; when the caller is cancelled, stop the load rather than let it go on.

    A thread cannot be cancelled: without this, Ctrl-C on `paperbot ingest` waited for the whole
    load and then exited "interrupted" with the new corpus committed. Now the thread rolls back at
    its next chunk of rows and the cancellation goes on once it has; a load that had already
    committed is simply done, and is returned as such.
    """
    work = asyncio.ensure_future(load)
    try:
        return await asyncio.shield(work)
    except asyncio.CancelledError:
        plan.stop.set()
        await asyncio.wait([work])
        if work.cancelled() or work.exception() is not None:
            raise
        return work.result()


def _finish_report(report: LoadReport, built: Built) -> None:
    report.files = [str(f) for f in built.files]
    report.problems = built.problems
    report.phases.update(built.phases)


def summary(report: LoadReport) -> str:
    """One line describing a LoadReport, for logs and the CLI."""
    if report.skipped_unchanged:
        return f"unchanged, skipped ({counted(report.active, 'active paper')}, {report.seconds * 1000:.0f} ms)"
    return (f"{counted(report.records, 'record')} from {counted(len(report.files), 'file')}: {report.added:,} added, "
            f"{report.updated:,} updated, {report.unchanged:,} unchanged, {report.retired:,} retired, "
            f"{report.reactivated:,} reactivated, {counted(report.duplicates, 'duplicate')}, "
            f"{counted(len(report.problems), 'problem')}; {report.active:,} active ({report.seconds:.2f} s)")


# --- fingerprints -----------------------------------------------------------------------------------

def stat_signature(paths: Sequence[Path], empty: list[Path] | None = None) -> tuple[str, list[Path], list[Problem]]:
    """A cheap signature of the corpus (paths, sizes, modification times) plus the files and the paths
    missing (expand_paths's problems: a path that does not exist, a broken link, a folder not listed).
    `empty` receives the subfolders that hold no corpus file."""
    empty = [] if empty is None else empty
    files, missing = expand_paths(paths, empty)
    digest = hashlib.sha256(f"v{ENRICH_VERSION}\n".encode())
    for path in files:
        try:
            info = path.stat()
            digest.update(f"{path.resolve()}\t{info.st_size}\t{info.st_mtime_ns}\t{info.st_mode}\n".encode())
        except OSError:
            digest.update(f"{path}\tunreadable\n".encode())
    digest.update(_missing_lines(missing, empty))
    return digest.hexdigest(), files, missing


def _missing_lines(missing: Sequence[Problem], empty: Sequence[Path] = ()) -> bytes:
    """The missing paths, each with what is wrong with it, as a signature or fingerprint hashes them.

    Both must hold them: with the files alone, a path that gave no file before and is missing now (a
    typo added to CORPUS_PATH, a share unmounted under an empty link) was "unchanged" and never named,
    and one taken out of CORPUS_PATH had its old "no such file" line repeated at every start. The empty
    subfolders too: one removed (to retire the papers it kept while empty) must be a change.
    """
    lines = [f"missing\t{problem}" for problem in map(str, missing)] + [f"empty\t{_printable(f)}" for f in empty]
    return "".join(line + "\n" for line in sorted(lines)).encode()


def content_fingerprint(files: Sequence[Path], missing: Sequence[Problem] = (), empty: Sequence[Path] = ()) -> str:
    """A hash of every file's name and content, of the missing paths, the empty subfolders and the enrichment
    version."""
    digest = hashlib.sha256(f"v{ENRICH_VERSION}\n".encode())
    digest.update(_missing_lines(missing, empty))
    for path in files:
        digest.update(f"{path.resolve()}\n".encode())
        try:
            with path.open("rb") as handle:
                digest.update(hashlib.file_digest(handle, "sha256").digest())
        except OSError as exc:
            digest.update(f"unreadable {exc.errno}".encode())
    return digest.hexdigest()


# --- writing (one transaction, while the rows are still being made) ----------------------------------

def _load_on_own_connection(db_file: str, paths: Sequence[Path], known: dict[str, bool], plan: _Plan,
                            report: LoadReport, progress: Progress | None) -> bool:
    # A load may wait for another one (the bot starting while `paperbot ingest` runs) far longer
    # than the bot's interactive busy timeout: waiting is fine here, failing is not.
    db = sqlite3.connect(db_file, timeout=LOAD_LOCK_TIMEOUT_S, isolation_level=None)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = NORMAL")
        # closing(): a failed write stops the enrichment still queued at once, not after it ran
        with contextlib.closing(stream_rows(paths, plan.built, known, progress)) as chunks:
            plan.chunks = _unless_stopped(chunks, plan.stop)
            return _write(db, plan, report, progress)
    finally:
        db.close()


def _write(db: sqlite3.Connection, plan: _Plan, report: LoadReport, progress: Progress | None) -> bool:
    """Apply the plan in one IMMEDIATE transaction; any error rolls everything back.

    The transaction starts with the first rows; a corpus without any row writes nothing (False).
    """
    chunks = iter(plan.chunks)
    first = next((rows for rows in chunks if rows), None)
    if first is None:
        return False
    db.execute("BEGIN IMMEDIATE")
    try:
        _apply(db, plan, _chain(first, chunks), report, progress)
        if plan.stop.is_set():  # stopped after the last chunk: still before the commit
            raise LoadStoppedError
    except BaseException:
        if db.in_transaction:  # a write the disk refused may have made SQLite roll it all back already
            db.execute("ROLLBACK")
        raise
    started = time.perf_counter()
    db.execute("COMMIT")
    report.phases["commit"] = time.perf_counter() - started
    return True


def _unless_stopped(chunks: Iterable[list[Row]], stop: threading.Event) -> Iterator[list[Row]]:
    """The chunks of rows, until `stop` is set: then LoadStoppedError, raised in the writing thread.

    The load runs in a thread that cannot be cancelled; `_stoppable` sets `stop` when its caller is
    (Ctrl-C, the bot closing). Checked before each chunk is written, it makes `_write` roll back the
    open transaction within one chunk, instead of enriching and writing the rest of the corpus and
    committing it after the user asked to stop.
    """
    for rows in chunks:
        if stop.is_set():
            raise LoadStoppedError
        yield rows


def _chain(first: list[Row], rest: Iterator[list[Row]]) -> Iterator[list[Row]]:
    yield first
    yield from rest


@dataclass(slots=True)
class _Changes:
    """The statements one load needs, sorted out from the rows and what is stored."""

    inserts: list[Row] = field(default_factory=list)
    updates: list[Row] = field(default_factory=list)  # full rows replacing a stale stored row
    record_updates: list[Row] = field(default_factory=list)  # record fields only
    touched: list[tuple[object, ...]] = field(default_factory=list)  # (load id, id): unchanged but back
    reactivated: int = 0
    unchanged: int = 0

    def rewrites(self) -> int:
        """Rows written in full or in part (inserted or updated): what makes a load a bulk load."""
        return len(self.inserts) + len(self.updates) + len(self.record_updates)


def _apply(db: sqlite3.Connection, plan: _Plan, chunks: Iterator[list[Row]], report: LoadReport,
           progress: Progress | None) -> None:
    started = time.perf_counter()
    load_id = db.execute(
        "INSERT INTO corpus_loads (finished_at, fingerprint, stat_signature, files) VALUES (?, ?, ?, ?)",
        (_now(), plan.fingerprint, plan.stat_signature, json.dumps([str(f) for f in plan.built.files],
                                                                    ensure_ascii=False)),
    ).lastrowid
    stored = {row[0]: row[1:] for row in db.execute(
        f"SELECT id, {', '.join(_STORED_RECORD)} FROM papers")}
    seen, changes = _Seen(), _Changes()
    triggers: list[str] | None = None  # the FTS triggers, once dropped for a bulk load
    inserted = 0
    for rows in chunks:
        _sort_out(seen.distinct(rows), stored, load_id, changes)
        if triggers is None and changes.rewrites() >= BULK_THRESHOLD:
            triggers = _drop_fts_triggers(db)
        if triggers is not None and changes.inserts:  # write (and index) now, while the workers go on
            inserted = _insert(db, changes.inserts, inserted, plan.built.total, progress, index=True)
            changes.inserts.clear()
    report.added = inserted + len(changes.inserts)
    _insert(db, changes.inserts, inserted, plan.built.total, progress, index=False)  # triggers index these
    report.updated = len(changes.updates) + len(changes.record_updates)
    report.reactivated, report.unchanged = changes.reactivated, changes.unchanged
    report.records, report.duplicates, report.duplicate_notes = seen.records, seen.duplicates, seen.duplicate_notes
    db.executemany(f"UPDATE papers SET {', '.join(c + ' = ?' for c in PAPER_COLUMNS[1:])}, active = 1, "
                   "last_load = ? WHERE id = ?", changes.updates)
    patch = ", ".join(c + " = ?" for c in RECORD_COLUMNS[2:])
    db.executemany(f"UPDATE papers SET title = coalesce(?, title), {patch}, active = 1, last_load = ? "
                   "WHERE id = ?", changes.record_updates)  # a record without a title keeps the generated one
    db.executemany("UPDATE papers SET active = 1, last_load = ? WHERE id = ?", changes.touched)
    report.retired = _retire(db, plan, stored, seen.first.keys())
    report.phases["write"] = time.perf_counter() - started
    if progress:  # every row is written (inserted, updated or left as it was): the bar ends here
        progress("writing", seen.records, seen.records)
    if triggers is not None:
        started = time.perf_counter()
        if changes.updates or changes.record_updates:  # rows rewritten without their triggers: index anew
            db.execute("INSERT INTO papers_fts (papers_fts) VALUES ('rebuild')")
        for sql in triggers:
            db.execute(sql)
        report.phases["index"] = time.perf_counter() - started
    report.active = db.execute("SELECT count(*) FROM papers WHERE active = 1").fetchone()[0]
    report.seconds = time.perf_counter() - plan.started
    db.execute("UPDATE corpus_loads SET finished_at = ?, report = ? WHERE id = ?",
               (_now(), json.dumps(_report_json(report, plan.built), ensure_ascii=False), load_id))


def _sort_out(rows: Sequence[Row], stored: dict[object, tuple[object, ...]], load_id: int | None,
              changes: _Changes) -> None:
    """Add to `changes` which rows are new, which replace or patch a stored row, which only need marking as seen."""
    record_at = [1 + PAPER_COLUMNS.index(c) for c in RECORD_COLUMNS[1:]]  # record fields within a full row
    for row in rows:
        old = stored.get(row[1])
        if old is None:
            if row[0] == FULL:  # a record row always has a stored paper: it was built from one
                changes.inserts.append((*row[1:], load_id, load_id))
            continue
        _num, active, digest, version, *old_record = old
        if row[0] == FULL:
            fresh = row[1 + PAPER_COLUMNS.index("digest")] == digest and version == ENRICH_VERSION and \
                [row[i] for i in record_at] == old_record
            if not fresh:
                changes.updates.append((*row[2:], load_id, row[1]))
        else:
            title, title_given = (row[2], row[3]) if row[2] is not None else (old_record[0], old_record[1])
            fresh = [title, title_given, *row[4:]] == old_record
            if not fresh:
                changes.record_updates.append((*row[2:], load_id, row[1]))
        if fresh and not active:
            changes.touched.append((load_id, row[1]))  # back in the corpus, unchanged
        changes.unchanged += fresh and bool(active)  # left alone: rewriting 100,000 rows would cost seconds
        changes.reactivated += not active


def _insert(db: sqlite3.Connection, inserts: list[Row], done: int, total: int, progress: Progress | None, *,
            index: bool) -> int:
    """Insert rows in batches (with `index`, add them to the FTS index too: its triggers are dropped);
    return how many rows this load has inserted so far."""
    # ON CONFLICT: a load running at the same time (the bot starting while `paperbot ingest` runs)
    # may have added the same paper a moment ago; take ours rather than fail the whole load.
    sql = (f"INSERT INTO papers ({', '.join(PAPER_COLUMNS)}, first_load, last_load) "
           f"VALUES ({', '.join('?' * (len(PAPER_COLUMNS) + 2))}) ON CONFLICT (id) DO UPDATE SET "
           + ", ".join(f"{c} = excluded.{c}" for c in (*PAPER_COLUMNS[1:], "last_load")) + ", active = 1")
    for start in range(0, len(inserts), _WRITE_BATCH):
        batch = inserts[start:start + _WRITE_BATCH]
        last = db.execute("SELECT coalesce(max(num), 0) FROM papers").fetchone()[0] if index else 0
        db.executemany(sql, batch)
        if index:  # what the insert trigger would do, for the whole batch in one statement
            db.execute("INSERT INTO papers_fts (rowid, title, names, keywords, abstract) "
                       "SELECT num, title, names, keywords, abstract FROM papers WHERE num > ?", (last,))
        done += len(batch)
        if progress:
            progress("writing", done, max(total, done))
    return done


def _retire(db: sqlite3.Connection, plan: _Plan, stored: dict[object, tuple[object, ...]],
            seen: Iterable[object]) -> int:
    """Retire active papers this load did not see, except those from files that could not be read."""
    seen = set(seen)
    # os.path.realpath, not Path.resolve: that raises on a symbolic link loop, and the whole load failed
    failed_files, missing = set(plan.built.failed_files), [os.path.realpath(m) for m in plan.missing]
    # A zip archive that could not be read at all keeps the papers of every file in it (archive.zip/its/name.json).
    missing += [failed for failed in failed_files if failed.lower().endswith(ZIP_SUFFIX)]
    source_file_at = _STORED_RECORD.index("source_file")
    retire = [(old[0], str(old[source_file_at])) for pid, old in stored.items()
              if old[1] and pid not in seen and not _protected(str(old[source_file_at]), failed_files, missing)]
    retire = _kept_in_empty_folders(retire, plan)
    db.executemany("UPDATE papers SET active = 0 WHERE num = ?", [(num,) for num, _source in retire])
    title_at = _STORED_RECORD.index("title")
    titles = {old[0]: str(old[title_at]) for pid, old in stored.items() if pid not in seen} if retire else {}
    _key_retired_titles(db, [(name_key(titles[num]), num) for num, _source in retire])
    return len(retire)


def _key_retired_titles(db: sqlite3.Connection, retiring: list[tuple[str, object]]) -> None:
    """Key the titles of the papers retired (migration 0007's `title_key`): `retiring` (key, num), and at the first
    load after the migration, those retired before it, which the retired-title look-up (storage.search.retired_titled)
    reads one by one until then (an indexed read, of none after that load)."""
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'papers_retired_title'").fetchone() \
            is None:  # a database at an earlier schema (tests build them as earlier versions left them)
        return
    db.executemany("UPDATE papers SET title_key = ? WHERE num = ?", retiring)
    unkeyed = db.execute("SELECT num, title FROM papers INDEXED BY papers_retired_title "
                         "WHERE active = 0 AND title_key IS NULL").fetchall()
    db.executemany("UPDATE papers SET title_key = ? WHERE num = ?", [(name_key(title), num) for num, title in unkeyed])


def _kept_in_empty_folders(retiring: list[tuple[object, str]], plan: _Plan) -> list[tuple[object, str]]:
    """The papers to retire (num, source file) less those of a subfolder that holds no corpus file now.

    A share not mounted leaves its mount point an empty folder, and every paper it gave was retired without a
    word; a path given but missing keeps its papers, and so does such a folder now, named in a problem. To
    retire them on purpose, remove the folder: a subfolder gone is no corpus path, and its papers retire.
    """
    if not plan.empty:
        return retiring
    empty = {os.path.realpath(folder): folder for folder in plan.empty}
    kept: dict[str, int] = {}
    holding: dict[str, str | None] = {}  # a file's papers share its folder: each folder is walked up once
    retire = []
    for num, source in retiring:
        parent = os.path.dirname(source)
        if parent not in holding:
            holding[parent] = _empty_folder_holding(parent, empty.keys())
        if (folder := holding[parent]) is not None:
            kept[folder] = kept.get(folder, 0) + 1
        else:
            retire.append((num, source))
    for folder, count in sorted(kept.items()):
        kept_note = "the paper it gave before is kept (remove the folder to retire it)" if count == 1 else \
            f"the {count:,} papers it gave before are kept (remove the folder to retire them)"
        plan.built.problems.append(Problem(_printable(empty[folder]), "", "folder has no corpus files now (a share "
                                                                           f"not mounted?); {kept_note}"))
    return retire


def _empty_folder_holding(folder: str, empty: Container[str]) -> str | None:
    """The innermost of the `empty` folders that is `folder` or holds it (real paths), or None."""
    while folder not in empty:
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent
    return folder


def _printable(path: Path) -> str:
    """A path as text that can be printed and stored: a byte of a name that is not UTF-8 as U+FFFD."""
    return os.fsencode(path).decode("utf-8", "replace")


def _protected(source_file: str, failed_files: set[str], missing: list[str]) -> bool:
    return source_file in failed_files or any(
        source_file == prefix or source_file.startswith(prefix.rstrip("/") + "/") for prefix in missing)


def _drop_fts_triggers(db: sqlite3.Connection) -> list[str]:
    """Drop the triggers keeping papers_fts in sync and return their SQL to recreate them."""
    rows = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'papers' "
                      "AND sql LIKE '%papers_fts%' ORDER BY name").fetchall()
    for name, _sql in rows:
        db.execute(f'DROP TRIGGER "{name}"')
    return [sql for _name, sql in rows]


# --- small helpers ----------------------------------------------------------------------------------

def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _report_json(report: LoadReport, built: Built) -> dict[str, object]:
    _finish_report(report, built)
    data = asdict(report)
    data["problems"] = [[p.source_file, p.where, p.message] for p in report.problems]
    return data


async def database_file(conn: aiosqlite.Connection) -> str:
    """The file behind the connection's main database ('' for an in-memory one)."""
    async with conn.execute("PRAGMA database_list") as cursor:
        for row in await cursor.fetchall():
            if row[1] == "main":
                return str(row[2] or "")
    return ""


async def _last_load(conn: aiosqlite.Connection) -> dict[str, object] | None:
    async with conn.execute(
        "SELECT id, fingerprint, stat_signature, files, report FROM corpus_loads ORDER BY id DESC LIMIT 1"
    ) as cursor:
        row = await cursor.fetchone()
    if row is None:
        return None
    return {"id": row[0], "fingerprint": row[1], "stat_signature": row[2], "files": row[3], "report": row[4]}


async def _reusable_ids(conn: aiosqlite.Connection) -> dict[str, bool]:
    """Stored papers enriched by this version (no need to enrich them again), each with whether its title
    was given."""
    async with conn.execute("SELECT id, title_given FROM papers WHERE enrich_version = ?",
                            (ENRICH_VERSION,)) as cursor:
        return {row[0]: bool(row[1]) for row in await cursor.fetchall()}


async def _count_active(conn: aiosqlite.Connection) -> int:
    async with conn.execute("SELECT count(*) FROM papers WHERE active = 1") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def _skipped(conn: aiosqlite.Connection, last: dict[str, object], started: float) -> LoadReport:
    stored = json.loads(str(last["report"]) or "{}")
    report = LoadReport(skipped_unchanged=True, files=json.loads(str(last["files"])))
    report.active = await _count_active(conn)
    report.records = int(stored.get("records", 0))
    report.duplicates = int(stored.get("duplicates", 0))
    report.problems = [Problem(*p) for p in stored.get("problems", [])]
    report.seconds = time.perf_counter() - started
    return report


@dataclass(frozen=True, slots=True)
class CorpusStats:
    """What `paperbot stats` shows about the corpus in a database."""

    active: int
    retired: int
    venues: list[tuple[str, int]]  # active papers per venue, most first
    last_load_at: str | None
    last_load_summary: str
    last_load_files: list[str]


async def corpus_stats(conn: aiosqlite.Connection) -> CorpusStats:
    """Counts of active/retired papers, active papers per venue and the last load."""
    async with conn.execute("SELECT active, count(*) FROM papers GROUP BY active") as cursor:
        counts = {bool(row[0]): int(row[1]) for row in await cursor.fetchall()}
    async with conn.execute(
        "SELECT coalesce(venue, 'unknown venue'), count(*) FROM papers WHERE active = 1 "
        "GROUP BY 1 ORDER BY 2 DESC, 1"
    ) as cursor:
        venues = [(str(row[0]), int(row[1])) for row in await cursor.fetchall()]
    async with conn.execute(
        "SELECT finished_at, files, report FROM corpus_loads ORDER BY id DESC LIMIT 1"
    ) as cursor:
        row = await cursor.fetchone()
    if row is None:
        return CorpusStats(counts.get(True, 0), counts.get(False, 0), venues, None, "", [])
    stored = json.loads(row[2] or "{}")
    report = LoadReport(**{k: v for k, v in stored.items() if k in LoadReport.__dataclass_fields__})
    report.problems = [Problem(*p) for p in stored.get("problems", [])]
    return CorpusStats(counts.get(True, 0), counts.get(False, 0), venues, str(row[0]), summary(report),
                       json.loads(row[1] or "[]"))
