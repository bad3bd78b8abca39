"""A title made only of stop words ("Are We There Yet?"), on a real temporary SQLite file: no word of it is
indexed, so only the whole title, typed as it is (case and punctuation aside), finds its paper."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_with_titles, id_titled

TITLES = ["Are We There Yet?", "What Can It Do?", "Stochastic Proximal Algorithms for AUC Maximization"]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    """The bundled corpus and three papers with given titles, two of them all stop words."""
    return await engine_with_titles(db, tmp_path, TITLES, lambda n, _title: (
        f"Abstract number {n}: we study stochastic gradient methods for ranking losses, with experiments "
        "on several benchmarks."))


@pytest.mark.parametrize(("typed", "title"), [
    ("Are We There Yet?", "Are We There Yet?"),
    ("are we there yet", "Are We There Yet?"),
    ("  ARE WE THERE, YET! ", "Are We There Yet?"),
    ("What Can It Do?", "What Can It Do?"),
    ("what can it do", "What Can It Do?"),
])
async def test_a_title_of_stop_words_typed_whole_finds_its_paper_first(
        engine: SearchEngine, db: aiosqlite.Connection, typed: str, title: str) -> None:
    wanted = await id_titled(db, title)
    results = await engine.search(typed)
    assert [hit.paper.id for hit in results.hits][:1] == [wanted]
    assert await engine.by_title(typed) == wanted  # /paper show
    assert [choice.id for choice in await engine.autocomplete(typed)][:1] == [wanted]


@pytest.mark.parametrize("typed", ["Are we there", "we there yet", "what can it", "the of and"])
async def test_stop_words_that_are_no_title_search_as_before(engine: SearchEngine, typed: str) -> None:
    index = engine.index
    by_words = [index.ids[int(p)] for p in index.rank(typed, candidates=10).order]
    if not by_words:  # read as half-typed when nothing matches, as any search is
        by_words = [index.ids[int(p)] for p in index.rank(typed, partial=True, candidates=10).order]
    results = await engine.search(typed, limit=10)
    assert [hit.paper.id for hit in results.hits] == by_words
    assert not {hit.paper.title for hit in results.hits} & set(TITLES[:2])
    assert await engine.by_title(typed) is None
