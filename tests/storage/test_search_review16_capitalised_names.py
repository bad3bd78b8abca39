"""A capitalised name is a person's only when its words stand side by side in one author's name of the corpus, as a
name typed in small letters is (session 16's review), on real temporary SQLite files. Where Frank Hutter and Philip
Wolfe wrote a paper together, `/paper search Frank Wolfe` (the algorithm, typed with capitals as people type it)
listed that paper only, dropping the papers on the Frank–Wolfe algorithm as papers "of part of the name", while
"frank wolfe" in small letters listed them first."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys, titles_found
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review14_unknown_names import papers_by

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, at a fraction of the usual cost."


def _paper(title: str, authors: str, abstract: str) -> dict[str, object]:
    return {"title": title, "authors": authors, "abstract": abstract + TAIL}


FRANK_WOLFE = {"Projection-Free Optimization", "Away Steps Converge Linearly"}
HUTTER = ["Line Searches Revisited", "Tuning Hyperparameters Quickly", "Tuning Hyperparameters Cheaply"]
PAPERS = [
    _paper("Projection-Free Optimization", "Ana Silva",
           "The Frank Wolfe method solves constrained problems without projections, by a linear step each round."),
    _paper("Away Steps Converge Linearly", "Ana Silva",
           "Away steps make the Frank–Wolfe algorithm converge linearly over polytopes of any dimension."),
    _paper("Step Sizes That Hold", "Ana Silva",
           "A step size meeting the Wolfe conditions makes quasi-Newton updates keep their curvature positive."),
    _paper("Line Searches Revisited", "Frank Hutter; Philip Wolfe",
           "We revisit line searches that stop at a step meeting both curvature conditions, for quasi-Newton methods."),
    _paper("Tuning Hyperparameters Quickly", "Frank Hutter; Bo Li", "We tune the hyperparameters of deep networks."),
    _paper("Tuning Hyperparameters Cheaply", "Frank Hutter; Bo Li", "We tune hyperparameters on a small budget."),
    _paper("Sampling Without Regret", "Philip Wolfe; Bo Li", "We sample the arms of a bandit without regret."),
    _paper("Sampling With Less Regret", "Philip Wolfe; Bo Li", "We sample the arms of a bandit with less regret."),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, *surveys()]})


@pytest.mark.parametrize("typed", ["Frank Wolfe", "Frank Wolfe algorithm", "“Frank Wolfe”", "frank wolfe"])
async def test_two_coauthors_words_typed_with_capitals_are_the_topic(engine: SearchEngine, typed: str) -> None:
    results = await engine.search(typed)
    assert {hit.paper.title for hit in results.hits[:2]} == FRANK_WOLFE, typed


@pytest.mark.parametrize(("typed", "theirs"), [
    ("Frank Hutter", HUTTER), ("Philip Wolfe", ["Line Searches Revisited", "Sampling Without Regret",
                                               "Sampling With Less Regret"]),
    ("Frank Huter", HUTTER),  # a typo in a name the corpus has side by side is still the person
])
async def test_a_capitalised_name_of_one_author_is_still_that_person(engine: SearchEngine, typed: str,
                                                                     theirs: list[str]) -> None:
    assert await titles_found(engine, typed) == set(theirs)


async def test_real_capitalised_names_still_list_their_papers_only(corpus: SearchEngine,  # noqa: F811
                                                                   db: aiosqlite.Connection) -> None:
    # First authors of several papers in ICML 2018 + AISTATS 2025, typed as a name; their names' words are also
    # other authors' words, none side by side with the other in another's name.
    for name in ("Han Bao", "Alex Chen", "Xin Liu", "Gintare Karolina Dziugaite", "Hanjun Dai",
                 "Tom Rainforth", "Max Welling", "Sergey Levine"):
        results = await corpus.search(name)
        assert {hit.paper.id for hit in results.hits} == await papers_by(db, name), name
