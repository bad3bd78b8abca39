""""Did you mean" for a typo inside a longer query, on real temporary SQLite files (session 11's review): on the
ICML 2018 + AISTATS 2025 corpus, "reinforcment lerning" suggested "reinforcment learning", the misspelling kept,
since "reinforcment" has reinforcement's stem and matched through it, uncorrected; "deep lernnig" suggested
nothing and "lernnig to brnach" "lernnig to branch": "lernnig" is too far from "learning" to be a typo, and
look-alikes were offered only when nothing was found."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import SHARED_DATASETS, engine_over, papers_about

DATASETS = [SHARED_DATASETS / "icml2018.json", SHARED_DATASETS / "aistats2025.json"]


@pytest.fixture
async def corpus(db: aiosqlite.Connection) -> SearchEngine:
    if not all(path.is_file() for path in DATASETS):
        pytest.skip("shared datasets not present")
    await load_corpus(db, DATASETS)
    return await SearchEngine.open(db, meaning=False)


@pytest.mark.parametrize(("typed", "meant"), [
    ("reinforcment lerning", "reinforcement learning"),  # a typo on the word's stem shows the word
    ("reinforcment", "reinforcement"),
    ("deep lernnig", "deep learning"),  # no typo, papers found by "deep": the look-alike
    ("lernnig to brnach", "learning to branch"),
])
async def test_a_typo_inside_a_query_is_suggested_as_the_corpus_writes_it(corpus: SearchEngine, typed: str,
                                                                          meant: str) -> None:
    results = await corpus.search(typed)
    assert results.total > 0
    assert results.suggestions[0] == meant
    assert (await corpus.search(meant)).total > 0
    assert (await corpus.search(meant)).suggestions == []


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    aistats = papers_about("racking", 2) + papers_about("kernels", 3)
    icml = papers_about("ranking", 6) + papers_about("modeling", 2) + papers_about("optimization", 2)
    return await engine_over(db, tmp_path, {"icml2018.json": icml + papers_about("learning", 2),
                                            "aistats2025.json": aistats})


@pytest.mark.parametrize("typed", [
    "kernels optimisation",  # British: the same word
    "kernels modelling",  # a letter doubled: the same word
    "kernels learnings",  # another ending: the same word
    "kernels ranking",  # a word the corpus has
    "kernels rnkg",  # a short word may be an acronym the corpus lacks
    "kernels ronkeng5",  # a number is meant as typed
])
async def test_no_suggestion_for_a_word_meant_as_typed(engine: SearchEngine, typed: str) -> None:
    results = await engine.search(typed)
    assert results.total > 0
    assert results.suggestions == []


async def test_a_look_alike_beside_found_words_is_the_venues(engine: SearchEngine) -> None:
    # "raxkinj" is two letters from "ranking" and "racking": no typo; "kernels" finds papers. Over the whole corpus
    # the commoner look-alike, "ranking", which only ICML 2018 writes; within AISTATS 2025, "racking". (Session 13:
    # a look-alike keeps the first letter typed, so no longer "xankinj" and "banking".)
    assert (await engine.search("kernels raxkinj")).suggestions == ["kernels ranking"]
    within = await engine.search("kernels raxkinj", venue="AISTATS 2025")
    assert within.total > 0
    assert within.suggestions == ["kernels racking"]
    assert (await engine.search(within.suggestions[0], venue="AISTATS 2025")).total > 0
