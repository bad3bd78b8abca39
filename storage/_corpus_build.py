"""Turning corpus files into database rows: parse, enrich (in worker processes when large).

Rows leave this module ready for `executemany`: JSON already dumped, the source file resolved.
A paper the database already holds, enriched by the current `ENRICH_VERSION`, is not enriched
again (unless it lost its given title and so needs a headline): it becomes a short *record row*
with only the fields that come from the record itself, and the loader updates just those.
Reloading a large corpus after a small edit therefore costs little more than reading it.
"""

from __future__ import annotations

import gc
import hashlib
import json
import multiprocessing
import operator
import os
import threading
import time
import zipfile
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path

from storage.enrich import ENRICH_VERSION, display_title, enrich, paper_id, paper_links, source_of
from storage.models import Paper, Problem, RawRecord
from storage.parsing import ZIP_SUFFIX, expand_paths, parse_file_in_pieces

# Below this much corpus text a process pool costs more (start-up, pickling) than it saves.
POOL_THRESHOLD_BYTES = 3_000_000
_PARENT_CHECK_SECONDS = 1.0  # how soon a worker whose loading process died ends
_CHUNK = 500

# A full row: every stored column, in this order (the loader's INSERT/UPDATE use the same names).
PAPER_COLUMNS = ("id", "title", "title_given", "abstract", "abstract_raw", "authors", "venue", "keywords",
                 "names", "links", "url", "pdf", "source", "source_file", "digest", "enrich_version")
# What comes from the record rather than from enrichment; a record row carries only these.
RECORD_COLUMNS = ("id", "title", "title_given", "authors", "venue", "links", "url", "pdf", "source",
                  "source_file")
FULL, RECORD = "full", "record"
_FULL_SOURCE, _RECORD_SOURCE = 1 + PAPER_COLUMNS.index("source"), 1 + RECORD_COLUMNS.index("source")

Row = tuple[object, ...]  # (FULL, *PAPER_COLUMNS values) or (RECORD, *RECORD_COLUMNS values)
Progress = Callable[[str, int, int], None]


@dataclass(slots=True)
class Built:
    """What a load met besides its rows: the problems, the files read and those that gave nothing."""

    problems: list[Problem] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    # resolved paths whose stored papers stay: files read that gave nothing usable, or that end part way
    failed_files: list[str] = field(default_factory=list)
    phases: dict[str, float] = field(default_factory=dict)
    total: int = 0  # records read (rows to come)


def stream_rows(paths: Sequence[Path], built: Built, known: Mapping[str, bool] | None = None,
                progress: Progress | None = None) -> Generator[list[Row], None, None]:
    """Parse every file under `paths` and yield the rows of each chunk of records as soon as it is enriched.

    Rows come in corpus order. `known`: ids whose stored enrichment is current, each with whether
    its stored title was given; such records give record rows. `built` receives the problems, the
    files and the phase times (complete when the iterator is exhausted). Parsing overlaps with
    enrichment (each file's records go to the workers as soon as the file is read), and the
    consumer's work (the loader's inserts) overlaps with the enrichment still running.
    """
    known = known or {}
    files, problems = expand_paths(paths)
    built.problems.extend(problems)
    built.files.extend(files)
    started = time.perf_counter()
    with _gc_paused(), _executor(files, known) as pool:
        pending: list[Future[list[Row]] | list[RawRecord]] = []  # inline (no pool): records, enriched below
        total = 0
        for path in files:
            loaded: dict[str, bool] = {}  # whether each file read (a zip archive's each) gave a record
            for parsed in parse_file_in_pieces(path):  # a large BibTeX file's first papers are enriched meanwhile
                built.problems.extend(parsed.problems)
                loaded.update((str(file), False) for file in parsed.files)
                built.failed_files += [str(Path(file).resolve()) for file in parsed.cut_short]
                if parsed.records:  # a piece's records are all of one file
                    loaded[parsed.records[0].source_file] = True
                for chunk in _chunks(parsed.records):
                    total += len(chunk)
                    pending.append(pool.submit(_rows_for_fields, list(map(_record_fields, chunk))) if pool else chunk)
            built.failed_files += [str(Path(file).resolve()) for file, gave in loaded.items() if not gave]
        built.phases["parse"] = time.perf_counter() - started
        built.total = total
        done = 0
        try:
            for index, result in enumerate(pending):
                rows = result.result() if isinstance(result, Future) else _rows_for(result, known)
                pending[index] = []  # the rows are the consumer's now: hold no second reference
                done += len(rows)
                if progress:
                    progress("enriching", done, total)
                yield rows
        finally:  # the consumer failed or stopped: drop the work still queued instead of waiting for it
            for result in pending:
                if isinstance(result, Future):
                    result.cancel()
    built.phases["enrich"] = time.perf_counter() - started - built.phases["parse"]


def _chunks(records: list[RawRecord]) -> Iterator[list[RawRecord]]:
    for start in range(0, len(records), _CHUNK):
        yield records[start:start + _CHUNK]


@contextmanager
def _executor(files: Sequence[Path], known: Mapping[str, bool]) -> Iterator[ProcessPoolExecutor | None]:
    """A process pool over the machine's cores for a large corpus, None for a small one."""
    workers = min(os.cpu_count() or 1, 8)
    size = sum(_size(path) for path in files)
    if workers < 2 or size < POOL_THRESHOLD_BYTES or "fork" not in multiprocessing.get_all_start_methods():
        yield None  # small corpus, one core, or no fork (Windows): enrich inline
        return
    # fork, not spawn/forkserver: those re-import the __main__ module in every worker, and the bot's
    # `python -m bot` entry point runs the bot on import. The workers only run pure enrichment code
    # (no logging, no SQLite, no event loop), so the threads of the parent they are forked from
    # (asyncio's executor, aiosqlite) cannot leave them holding a lock they need.
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_init_worker,
                             initargs=(known,)) as pool:
        yield pool


def _size(path: Path) -> int:
    """The corpus text a file holds, in bytes: a gzipped file's unpacked size (its trailer's ISIZE, the size
    modulo 4 GiB), so a `.jsonl.gz` of 30 MB of abstracts in 3 MB is enriched on every core too; a zip
    archive's files' unpacked sizes."""
    try:
        if path.suffix.lower() == ZIP_SUFFIX and zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                return sum(member.file_size for member in archive.infolist())
        size = path.stat().st_size
        if path.name.endswith(".gz") and size >= 18:  # a gzip member: a 10-byte header ... an 8-byte trailer
            with path.open("rb") as packed:
                packed.seek(-4, os.SEEK_END)
                return max(size, int.from_bytes(packed.read(4), "little"))
        return size
    except (OSError, zipfile.BadZipFile):
        return 0


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building: its full passes over the growing lists of
    rows made a large load quadratic. Reference counting still frees everything that can be."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


_WORKER_KNOWN: Mapping[str, bool] = {}


def _init_worker(known: Mapping[str, bool]) -> None:
    global _WORKER_KNOWN  # one value per worker process, set once when the pool starts
    _WORKER_KNOWN = known
    gc.disable()  # short-lived work; see _gc_paused
    _exit_with_parent()


def _exit_with_parent() -> None:
    """End this worker once the process that forked it is gone (kill -9, the OOM killer): it would wait for
    work forever, since its forked siblings (and itself) keep the pool's task pipe open, and no EOF comes."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="exit with the parent", daemon=True).start()


def _rows_for(records: Sequence[RawRecord], known: Mapping[str, bool] | None = None) -> list[Row]:
    """Rows for a chunk of records (in a worker process, or inline for a small corpus)."""
    known = _WORKER_KNOWN if known is None else known
    resolved: dict[str, str] = {}
    rows: list[Row] = []
    for record in records:
        source_file = resolved.get(record.source_file) or resolved.setdefault(
            record.source_file, str(Path(record.source_file).resolve()))
        known_id = paper_id(record.abstract) if known else ""
        title_given = known.get(known_id) if known else None
        if title_given is not None and (record.title is not None or not title_given):
            rows.append(record_row(record, source_file, known_id))  # stored enrichment still current
        else:
            rows.append(full_row(enrich(record), source_file))
    return rows


# A record crosses to a worker process as the tuple of its fields: pickling the frozen dataclass
# itself goes through Python-level __getstate__/__setstate__, several times the cost.
_record_fields = operator.attrgetter(*(f.name for f in fields(RawRecord)))


def _rows_for_fields(records: Sequence[tuple[object, ...]]) -> list[Row]:
    """_rows_for, in a worker process, for records sent as the tuples of their fields."""
    return _rows_for([RawRecord(*values) for values in records])  # type: ignore[arg-type]


def row_source(row: Row) -> str:
    """The "file, paragraph N (line L)" of a full or record row."""
    return str(row[_FULL_SOURCE if row[0] == FULL else _RECORD_SOURCE])


def _json(values: Sequence[str]) -> str:
    """`json.dumps(list(values), ensure_ascii=False)` for strings, without building an encoder per call."""
    return "[" + ", ".join(map(_json_string, values)) + "]"


_json_string = json.encoder.encode_basestring  # json's own string encoder (in C), as dumps uses it


def enrichment_digest(paper: Paper) -> str:
    """A hash of what enrichment derived from the abstract, to tell whether a stored row is stale."""
    parts = (paper.abstract_raw, paper.abstract, *paper.keywords, "\x1e", *paper.names)
    return hashlib.blake2b("\x1f".join(parts).encode("utf-8"), digest_size=12).hexdigest()


def full_row(paper: Paper, source_file: str) -> Row:
    """Every column of a freshly enriched paper."""
    return (FULL, paper.id, paper.title, int(paper.title_given), paper.abstract, paper.abstract_raw,
            _json(paper.authors), paper.venue, _json(paper.keywords), _json(paper.names), _json(paper.links),
            paper.url, paper.pdf, paper.source, source_file, enrichment_digest(paper), ENRICH_VERSION)


def record_row(record: RawRecord, source_file: str, record_id: str = "") -> Row:
    """The record's own fields for a paper whose stored enrichment is still current (title None: keep it).
    `record_id`: the record's paper_id when the caller has it already."""
    title = display_title(record.title) if record.title else None
    return (RECORD, record_id or paper_id(record.abstract), title, int(title is not None), _json(record.authors),
            record.venue, _json(paper_links(record.abstract, record.code_url)), record.url, record.pdf,
            source_of(record), source_file)
