"""Loading a corpus into SQLite: idempotent, atomic, retiring and reactivating papers.

`load_corpus` is the one entry point. The CPU work (reading, parsing, enriching) runs off the
event loop, in worker processes for a large corpus; papers already stored by the current
enrichment version are not enriched again. The writes run in one transaction on a connection of
their own, so readers of the bot's connection keep seeing the previous corpus until the new one
is committed whole.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

from storage._corpus_build import FULL, PAPER_COLUMNS, RECORD_COLUMNS, Row, build_rows, row_source
from storage.enrich import ENRICH_VERSION
from storage.models import LoadReport, Problem
from storage.parsing import expand_paths

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
    """Everything the write step needs, computed off the event loop."""

    files: list[str]
    stat_signature: str
    fingerprint: str
    rows: list[Row] = field(default_factory=list)  # one per distinct abstract, first occurrence wins
    protected_files: set[str] = field(default_factory=set)  # unreadable: their papers stay as they are
    protected_prefixes: list[str] = field(default_factory=list)  # missing paths
    problems: list[Problem] = field(default_factory=list)
    duplicates: int = 0
    duplicate_notes: list[str] = field(default_factory=list)
    records: int = 0
    phases: dict[str, float] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)


async def load_corpus(conn: aiosqlite.Connection, paths: Sequence[Path], *, force: bool = False,
                      progress: Progress | None = None) -> LoadReport:
    """Load the corpus at `paths` (files or folders) into the database behind `conn`.

    Skips an unchanged corpus (same files, sizes and times, or same content) unless `force`.
    Papers no longer present are retired, returning ones reactivated; a corpus that yields no
    paper at all changes nothing.
    """
    started = time.perf_counter()
    paths = [Path(p) for p in paths]
    last = await _last_load(conn)
    signature, files, missing = await asyncio.to_thread(stat_signature, paths)
    if not force and last and last["stat_signature"] == signature:
        return await _skipped(conn, last, started)
    fingerprint = await asyncio.to_thread(content_fingerprint, files)
    if not force and last and last["fingerprint"] == fingerprint:
        await conn.execute("UPDATE corpus_loads SET stat_signature = ? WHERE id = ?", (signature, last["id"]))
        return await _skipped(conn, last, started)
    known = await _reusable_ids(conn)
    checked = time.perf_counter()
    plan = await asyncio.to_thread(_prepare, paths, missing, signature, fingerprint, known, progress)
    plan.phases["check"] = checked - started  # signatures and fingerprints
    plan.phases["prepare"] = time.perf_counter() - checked
    report = LoadReport(files=plan.files, records=plan.records, duplicates=plan.duplicates,
                        duplicate_notes=plan.duplicate_notes, problems=plan.problems, phases=plan.phases)
    if not plan.rows:
        report.active = await _count_active(conn)
        report.seconds = time.perf_counter() - started
        log.warning("corpus load found no usable paper; the database is unchanged")
        return report
    db_file = await database_file(conn)
    if db_file:
        await asyncio.to_thread(_write_on_own_connection, db_file, plan, report, progress)
    else:  # an in-memory database exists only on this connection: write through it
        await conn._execute(_write, conn._conn, plan, report, progress)
    report.seconds = time.perf_counter() - started
    log.info("corpus loaded: %s", summary(report))
    return report


def summary(report: LoadReport) -> str:
    """One line describing a LoadReport, for logs and the CLI."""
    if report.skipped_unchanged:
        return f"unchanged, skipped ({report.active} active papers, {report.seconds * 1000:.0f} ms)"
    return (f"{report.records} records from {len(report.files)} files: {report.added} added, "
            f"{report.updated} updated, {report.unchanged} unchanged, {report.retired} retired, "
            f"{report.reactivated} reactivated, {report.duplicates} duplicates, "
            f"{len(report.problems)} problems; {report.active} active ({report.seconds:.2f} s)")


# --- fingerprints -----------------------------------------------------------------------------------

def stat_signature(paths: Sequence[Path]) -> tuple[str, list[Path], list[str]]:
    """A cheap signature of the corpus (paths, sizes, modification times) plus the files and missing paths."""
    files, problems = expand_paths(paths)
    missing = sorted(p.source_file for p in problems)
    digest = hashlib.sha256(f"v{ENRICH_VERSION}\n".encode())
    for path in files:
        try:
            info = path.stat()
            digest.update(f"{path.resolve()}\t{info.st_size}\t{info.st_mtime_ns}\t{info.st_mode}\n".encode())
        except OSError:
            digest.update(f"{path}\tunreadable\n".encode())
    for name in missing:
        digest.update(f"missing\t{name}\n".encode())
    return digest.hexdigest(), files, missing


def content_fingerprint(files: Sequence[Path]) -> str:
    """A hash of every file's name and content and of the enrichment version."""
    digest = hashlib.sha256(f"v{ENRICH_VERSION}\n".encode())
    for path in files:
        digest.update(f"{path.resolve()}\n".encode())
        try:
            with path.open("rb") as handle:
                digest.update(hashlib.file_digest(handle, "sha256").digest())
        except OSError as exc:
            digest.update(f"unreadable {exc.errno}".encode())
    return digest.hexdigest()


# --- preparing (worker thread) ----------------------------------------------------------------------

def _prepare(paths: Sequence[Path], missing: list[str], signature: str, fingerprint: str,
             known: dict[str, bool], progress: Progress | None) -> _Plan:
    """Parse and enrich every file, dropping duplicate abstracts (the first one wins)."""
    built = build_rows(paths, known, progress)
    plan = _Plan(files=[str(f) for f in built.files], stat_signature=signature, fingerprint=fingerprint,
                 problems=built.problems, records=len(built.rows), phases=built.phases)
    plan.protected_files = set(built.failed_files)
    plan.protected_prefixes = [str(Path(m).resolve()) for m in missing]
    first_seen: dict[object, str] = {}
    for row in built.rows:
        source = row_source(row)
        if row[1] in first_seen:
            plan.duplicates += 1
            plan.duplicate_notes.append(f"{source} repeats {first_seen[row[1]]}")
            continue
        first_seen[row[1]] = source
        plan.rows.append(row)
    return plan


# --- writing (one transaction) ----------------------------------------------------------------------

def _write_on_own_connection(db_file: str, plan: _Plan, report: LoadReport, progress: Progress | None) -> None:
    # A load may wait for another one (the bot starting while `paperbot ingest` runs) far longer
    # than the bot's interactive busy timeout: waiting is fine here, failing is not.
    db = sqlite3.connect(db_file, timeout=LOAD_LOCK_TIMEOUT_S, isolation_level=None)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = NORMAL")
        _write(db, plan, report, progress)
    finally:
        db.close()


def _write(db: sqlite3.Connection, plan: _Plan, report: LoadReport, progress: Progress | None) -> None:
    """Apply the plan in one IMMEDIATE transaction; any error rolls everything back."""
    db.execute("BEGIN IMMEDIATE")
    try:
        _apply(db, plan, report, progress)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    started = time.perf_counter()
    db.execute("COMMIT")
    report.phases["commit"] = time.perf_counter() - started


@dataclass(slots=True)
class _Changes:
    """The statements one load needs, sorted out from the rows and what is stored."""

    inserts: list[Row] = field(default_factory=list)
    updates: list[Row] = field(default_factory=list)  # full rows replacing a stale stored row
    record_updates: list[Row] = field(default_factory=list)  # record fields only
    touched: list[tuple[object, ...]] = field(default_factory=list)  # (load id, id): unchanged but back
    reactivated: int = 0
    unchanged: int = 0


def _apply(db: sqlite3.Connection, plan: _Plan, report: LoadReport, progress: Progress | None) -> None:
    started = time.perf_counter()
    load_id = db.execute(
        "INSERT INTO corpus_loads (finished_at, fingerprint, stat_signature, files) VALUES (?, ?, ?, ?)",
        (_now(), plan.fingerprint, plan.stat_signature, json.dumps(plan.files, ensure_ascii=False)),
    ).lastrowid
    stored = {row[0]: row[1:] for row in db.execute(
        f"SELECT id, {', '.join(_STORED_RECORD)} FROM papers")}
    changes = _sort_out(plan.rows, stored, load_id)
    report.added, report.updated = len(changes.inserts), len(changes.updates) + len(changes.record_updates)
    report.reactivated, report.unchanged = changes.reactivated, changes.unchanged
    bulk = len(changes.inserts) + len(changes.updates) + len(changes.record_updates) >= BULK_THRESHOLD
    triggers = _drop_fts_triggers(db) if bulk else []
    _insert(db, changes.inserts, progress)
    db.executemany(f"UPDATE papers SET {', '.join(c + ' = ?' for c in PAPER_COLUMNS[1:])}, active = 1, "
                   "last_load = ? WHERE id = ?", changes.updates)
    patch = ", ".join(c + " = ?" for c in RECORD_COLUMNS[2:])
    db.executemany(f"UPDATE papers SET title = coalesce(?, title), {patch}, active = 1, last_load = ? "
                   "WHERE id = ?", changes.record_updates)  # a record without a title keeps the generated one
    db.executemany("UPDATE papers SET active = 1, last_load = ? WHERE id = ?", changes.touched)
    report.retired = _retire(db, plan, stored)
    report.phases["write"] = time.perf_counter() - started
    if bulk:
        started = time.perf_counter()
        db.execute("INSERT INTO papers_fts (papers_fts) VALUES ('rebuild')")
        for sql in triggers:
            db.execute(sql)
        report.phases["index"] = time.perf_counter() - started
    report.active = db.execute("SELECT count(*) FROM papers WHERE active = 1").fetchone()[0]
    report.seconds = time.perf_counter() - plan.started
    db.execute("UPDATE corpus_loads SET finished_at = ?, report = ? WHERE id = ?",
               (_now(), json.dumps(_report_json(report), ensure_ascii=False), load_id))


def _sort_out(rows: Sequence[Row], stored: dict[object, tuple[object, ...]], load_id: int | None) -> _Changes:
    """Which rows are new, which replace or patch a stored row, which only need marking as seen."""
    changes = _Changes()
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
    return changes


def _insert(db: sqlite3.Connection, inserts: list[Row], progress: Progress | None) -> None:
    # ON CONFLICT: a load running at the same time (the bot starting while `paperbot ingest` runs)
    # may have added the same paper a moment ago; take ours rather than fail the whole load.
    sql = (f"INSERT INTO papers ({', '.join(PAPER_COLUMNS)}, first_load, last_load) "
           f"VALUES ({', '.join('?' * (len(PAPER_COLUMNS) + 2))}) ON CONFLICT (id) DO UPDATE SET "
           + ", ".join(f"{c} = excluded.{c}" for c in (*PAPER_COLUMNS[1:], "last_load")) + ", active = 1")
    for start in range(0, len(inserts), _WRITE_BATCH):
        db.executemany(sql, inserts[start:start + _WRITE_BATCH])
        if progress:
            progress("writing", min(start + _WRITE_BATCH, len(inserts)), len(inserts))


def _retire(db: sqlite3.Connection, plan: _Plan, stored: dict[object, tuple[object, ...]]) -> int:
    """Retire active papers this load did not see, except those from files that could not be read."""
    seen = {row[1] for row in plan.rows}
    source_file_at = _STORED_RECORD.index("source_file")
    retire = [(old[0],) for pid, old in stored.items()
              if old[1] and pid not in seen and not _protected(str(old[source_file_at]), plan)]
    db.executemany("UPDATE papers SET active = 0 WHERE num = ?", retire)
    return len(retire)


def _protected(source_file: str, plan: _Plan) -> bool:
    return source_file in plan.protected_files or any(
        source_file == prefix or source_file.startswith(prefix.rstrip("/") + "/")
        for prefix in plan.protected_prefixes)


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


def _report_json(report: LoadReport) -> dict[str, object]:
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
