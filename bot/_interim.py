"""TEMPORARY stand-ins for storage.loader and storage.search until their owners land them.

Delete this module (and its import fallbacks in bot/client.py) once both exist. Nothing here
is meant to be good: just enough to drive the bot end to end in the meantime.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from storage.enrich import enrich
from storage.models import LoadReport, Paper
from storage.papers import PaperRepository
from storage.parsing import parse_paths


async def load_corpus(conn: aiosqlite.Connection, paths: Sequence[Path], *, force: bool = False,
                      progress: Any = None) -> LoadReport:
    """Insert every parsed paper that is not stored yet (no retiring, no reloads)."""
    started = time.perf_counter()
    parsed = await asyncio.to_thread(parse_paths, list(paths))
    papers = await asyncio.to_thread(lambda: [enrich(r) for r in parsed.records])
    report = LoadReport(files=[str(p) for p in parsed.files], records=len(parsed.records),
                        problems=list(parsed.problems))
    await conn.execute("BEGIN IMMEDIATE")
    for paper in papers:
        async with conn.execute(
            "INSERT OR IGNORE INTO papers (id, title, title_given, abstract, abstract_raw, authors, venue,"
            " keywords, names, links, url, pdf, source) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (paper.id, paper.title, int(paper.title_given), paper.abstract, paper.abstract_raw,
             json.dumps(paper.authors), paper.venue, json.dumps(paper.keywords), json.dumps(paper.names),
             json.dumps(paper.links), paper.url, paper.pdf, paper.source)) as cursor:
            report.added += cursor.rowcount
    await conn.execute("COMMIT")
    report.active = await PaperRepository(conn).count()
    report.seconds = time.perf_counter() - started
    return report


class EmptyQueryError(ValueError):
    """A blank query."""


@dataclass
class SearchHit:
    paper: Paper
    score: float
    snippet: str = ""


@dataclass
class SearchResults:
    hits: list[SearchHit] = field(default_factory=list)
    total: int = 0
    suggestions: list[str] = field(default_factory=list)


@dataclass
class Suggestion:
    id: str
    label: str


class SearchEngine:
    """Substring matching over titles and abstracts, in memory."""

    def __init__(self, papers: list[Paper]) -> None:
        self._papers = papers

    @classmethod
    async def open(cls, conn: aiosqlite.Connection) -> SearchEngine:
        repo = PaperRepository(conn)
        return cls(await repo.by_ids(await repo.active_ids()))

    def _match(self, query: str) -> list[Paper]:
        terms = query.casefold().split()
        return [p for p in self._papers
                if all(t in f"{p.title} {p.abstract}".casefold() for t in terms)]

    async def search(self, query: str, *, limit: int = 10, offset: int = 0) -> SearchResults:
        if not query.strip():
            raise EmptyQueryError("Type something to search for.")
        found = self._match(query)
        hits = [SearchHit(p, 1.0, p.abstract[:200]) for p in found[offset:offset + limit]]
        return SearchResults(hits, len(found), [] if found else ["learning"])

    async def autocomplete(self, partial: str, *, limit: int = 25) -> list[Suggestion]:
        return [Suggestion(p.id, p.title[:100]) for p in self._match(partial)[:limit]]

    async def similar(self, paper_id: str, *, limit: int = 5) -> list[Paper]:
        return [p for p in self._papers if p.id != paper_id][:limit]

    async def matching_ids(self, topic: str) -> list[str]:
        return [p.id for p in self._match(topic)]

    async def refresh(self) -> None:
        return None
