"""A person's name typed in small letters is that person, as typed with capitals, when the corpus has it as one author's
name, on real temporary SQLite files (session 16's review). On ICML 2018 + AISTATS 2025, `/paper search max welling`
listed his 3 papers, then 20 that write "max" (min-max, max-margin), while "Max Welling" listed his 3 only: people type
names in small letters in Discord all the time. Two words of a topic are read as a name only when they stand side by
side in one author's name: "frank wolfe" where Frank Hutter and Philip Wolfe wrote a paper together is the topic."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys, titles_found
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review14_unknown_names import papers_by


async def test_a_name_in_small_letters_lists_that_persons_papers_only(corpus: SearchEngine,  # noqa: F811
                                                                      db: aiosqlite.Connection) -> None:
    his = await papers_by(db, "Max Welling")
    for typed in ("max welling", "max Welling", "Max welling", "“max welling”"):
        results = await corpus.search(typed)
        assert ({hit.paper.id for hit in results.hits}, results.total) == (his, 3), typed
    # Beside a topic, before or after it: his paper on it first, his others, then the topic's; none by "max" alone.
    for typed in ("max welling attention", "attention max welling"):
        results = await corpus.search(typed)
        assert results.hits[0].paper.title == "Attention-based Deep Multiple Instance Learning", typed
        assert {hit.paper.id for hit in results.hits[:3]} == his, typed
        assert all("attention" in (hit.paper.title + hit.paper.abstract).lower() for hit in results.hits[3:]), typed


def _paper(title: str, authors: str, abstract: str) -> dict[str, object]:
    return {"title": title, "authors": authors, "abstract": abstract}


PAPERS = [
    _paper("Projection-Free Optimization", "Ana Silva",
           "The Frank-Wolfe method solves constrained problems without projections, by a linear step each round."),
    _paper("Line Searches Revisited", "Frank Hutter; Philip Wolfe",
           "We revisit line searches that stop at a step meeting both curvature conditions, for quasi-Newton methods."),
    _paper("Step Sizes That Hold", "Ana Silva",
           "A step size meeting the Wolfe conditions makes quasi-Newton updates keep their curvature positive."),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, *surveys()]})


async def test_two_words_of_two_coauthors_names_are_a_topic(engine: SearchEngine) -> None:
    # Frank and Wolfe are both authors' words, and of one paper, but nobody is named "Frank Wolfe": the paper on
    # the Wolfe conditions alone is still listed.
    assert "Step Sizes That Hold" in await titles_found(engine, "frank wolfe")
    assert "Step Sizes That Hold" in await titles_found(engine, "wolfe frank")
