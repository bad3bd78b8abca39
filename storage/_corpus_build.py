"""Parsing and enriching a whole corpus, in worker processes when it is large."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from storage.enrich import enrich
from storage.models import Paper, Problem, RawRecord
from storage.parsing import parse_paths

# Below this many records a process pool costs more (start-up, pickling) than it saves.
POOL_THRESHOLD = 3_000
_CHUNK = 500


@dataclass(slots=True)
class Built:
    """Enriched papers (in corpus order) with the resolved file each came from, and the problems."""

    papers: list[Paper] = field(default_factory=list)
    source_files: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    failed_files: list[str] = field(default_factory=list)  # read, but nothing usable came out


def build_papers(paths: Sequence[Path], progress: Callable[[str, int, int], None] | None = None) -> Built:
    """Parse every file under `paths` and enrich every record."""
    parsed = parse_paths(paths)
    if progress:
        progress("reading", len(parsed.files), len(parsed.files))
    built = Built(problems=parsed.problems, files=parsed.files)
    with_records = {r.source_file for r in parsed.records}
    built.failed_files = [str(f) for f in parsed.files if str(f) not in with_records]
    built.papers = enrich_all(parsed.records, progress)
    resolved: dict[str, str] = {}
    for record in parsed.records:
        if record.source_file not in resolved:
            resolved[record.source_file] = str(Path(record.source_file).resolve())
        built.source_files.append(resolved[record.source_file])
    return built


def enrich_all(records: Sequence[RawRecord], progress: Callable[[str, int, int], None] | None = None
               ) -> list[Paper]:
    """Enrich records in order; large corpora are spread over the machine's cores."""
    total = len(records)
    workers = min(os.cpu_count() or 1, 8)
    if total < POOL_THRESHOLD or workers < 2:
        papers = []
        for done, record in enumerate(records, start=1):
            papers.append(enrich(record))
            if progress and (done % _CHUNK == 0 or done == total):
                progress("enriching", done, total)
        return papers
    chunks = [records[i:i + _CHUNK] for i in range(0, total, _CHUNK)]
    papers = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for chunk_papers in pool.map(_enrich_chunk, chunks):
            papers.extend(chunk_papers)
            if progress:
                progress("enriching", len(papers), total)
    return papers


def _enrich_chunk(records: Sequence[RawRecord]) -> list[Paper]:
    return [enrich(record) for record in records]
