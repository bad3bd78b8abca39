"""TEMPORARY stand-in for storage.search until its owner lands it.

Delete this module (and its import fallback in bot/client.py) once it exists. Nothing here
is meant to be good: just enough to drive the bot end to end in the meantime.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import aiosqlite

from storage.models import Paper
from storage.papers import PaperRepository


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
