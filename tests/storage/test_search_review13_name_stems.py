"""A word of a name the corpus lacks is no stem of other words, on a real temporary SQLite file (session 13's review):
on ICML 2018 + AISTATS 2025, /paper search "Tri Dao" listed four papers that "try" something ("an attacker **tries**
to infer…"): "tri" is the stem of "tries" and "trying", so the name was taken for a word the corpus writes and read as
words. A word of a name typed as one now matches only as written (or as its author's surname the stemmer changes)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, paper_titled
from tests.storage.test_search_review12_names import RECORDS, _paper

TRYING = [_paper(f"Attacks on Membership {n}", "Ana Silva",
                 f"An attacker tries to infer membership {n}; trying harder costs queries.") for n in range(3)]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*RECORDS, *TRYING]})


@pytest.mark.parametrize("typed", ["Tri Dao", "“Tri Dao”", "Tri Dao?"])
async def test_a_name_sharing_a_stem_with_words_finds_nothing(engine: SearchEngine, typed: str) -> None:
    results = await engine.search(typed)
    assert (results.total, results.suggestions) == (0, [])


async def test_a_topic_beside_it_finds_the_topics_papers(engine: SearchEngine) -> None:
    assert {hit.paper.title for hit in (await engine.search("Tri Dao membership")).hits} == {
        paper["title"] for paper in TRYING}


async def test_the_words_themselves_still_find_their_forms(engine: SearchEngine) -> None:
    assert (await engine.search("tri")).total == 3  # in small letters, no name: the stem, as before
    assert (await engine.search("attacker tries")).total == 3


async def test_the_name_of_an_author_of_the_corpus_is_found(db: aiosqlite.Connection, tmp_path: Path) -> None:
    dao = _paper("Fast Exact Attention", "Tri Dao; Dan Fu", "We compute exact attention with fewer memory reads.")
    engine = await engine_over(db, tmp_path, {"icml2025.json": [*RECORDS, *TRYING, dao]})
    assert [hit.paper.id for hit in (await engine.search("Tri Dao")).hits][:1] == [
        await paper_titled(db, "Fast Exact Attention")]
