"""A word the corpus writes mostly in authors' names ("Wolfe": Philip Wolfe) is read as that surname, which the
papers writing it in their text did not match: with the filler surveys really loaded, `/paper search Frank Wolfe`
listed the one paper Frank Hutter and Philip Wolfe wrote together above the papers on the Frank–Wolfe algorithm,
which matched "frank" only. Where a paper writes the word beside the word typed next to it, it is that word there
too (session 17's review), on real temporary SQLite files."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review16_capitalised_names import PAPERS


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, *surveys()]})


async def _first(engine: SearchEngine, query: str, count: int = 1) -> set[str]:
    return {hit.paper.title for hit in (await engine.search(query)).hits[:count]}


async def test_the_algorithm_named_after_two_people_comes_before_their_shared_paper(engine: SearchEngine) -> None:
    assert await _first(engine, "Frank Wolfe", 2) == {"Projection-Free Optimization", "Away Steps Converge Linearly"}
    assert await _first(engine, "Frank–Wolfe algorithm") == {"Away Steps Converge Linearly"}


async def test_a_surname_written_beside_the_next_word_typed_is_that_word(engine: SearchEngine) -> None:
    # "Step Sizes That Hold" writes "the Wolfe conditions"; "Line Searches Revisited", by Philip Wolfe, writes
    # "curvature conditions" only.
    assert await _first(engine, "Wolfe conditions") == {"Step Sizes That Hold"}


async def test_the_surname_alone_or_in_its_authors_name_is_still_the_person(engine: SearchEngine) -> None:
    theirs = {"Line Searches Revisited", "Sampling Without Regret", "Sampling With Less Regret"}
    assert {hit.paper.title for hit in (await engine.search("Philip Wolfe")).hits} == theirs
    assert await _first(engine, "Wolfe", 3) == theirs


async def test_a_method_cited_by_its_authors_names_in_the_dev_set(corpus: SearchEngine) -> None:  # noqa: F811
    # ICML 2018: "the alternating minimization algorithm (AMA) have been proposed to solve convex clustering model
    # (Chi & Lange, 2015)": Lange is an author's surname of the dev set; before, the chi-square papers came first.
    assert await _first(corpus, "Chi Lange") == {
        "An Efficient Semismooth Newton based Algorithm for Convex Clustering"}
