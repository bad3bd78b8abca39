"""A word the corpus lacks, one edit from the word the corpus writes after the word before it, is that word, on real
temporary SQLite files (session 16's review). On ICML 2018 + AISTATS 2025, `/paper search reinforcement lean` listed
the papers writing "reinforcement" and offered nothing: "lean" is a word of the language the corpus lacks, taken as
typed, and of four letters, which alone are typos only of their letters swapped; "reinforcement leaning" likewise.
Beside "reinforcement", which the corpus writes before "learning" in nearly every paper writing it, the typo is
plain. Alone, or beside a word it does not follow so, such a word is still meant as typed ("title generation" is no
"TILe generation", session 15's review)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, papers_about, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)


@pytest.mark.parametrize(("typed", "meant"), [
    ("reinforcement lean", "reinforcement learn"),
    ("reinforcement leaning", "reinforcement learning"),
    ("deep reinforcement lean", "deep reinforcement learn"),
    ("machine lean", "machine learn"),
])
async def test_a_word_one_edit_from_the_usual_next_word_is_that_word(corpus: SearchEngine, typed: str,  # noqa: F811
                                                                     meant: str) -> None:
    results, wanted = await corpus.search(typed), await corpus.search(meant)
    assert results.suggestions[:1] == [meant]
    assert [hit.paper.id for hit in results.hits[:5]] == [hit.paper.id for hit in wanted.hits[:5]]


async def test_alone_such_a_word_is_still_meant_as_typed(corpus: SearchEngine) -> None:  # noqa: F811
    assert (await corpus.search("lean")).total == 0
    assert (await corpus.search("title generation")).suggestions == []
    assert (await corpus.search("Kaiming")).total == 0


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    # "tile" in one paper only, after "image": "image title" is no typo of "image tile", a pair one paper writes.
    tile = {"title": "Image Tiles for Large Scans",
            "abstract": "We cut each image tile from a scan of a slide, then classify the tiles one by one and vote."}
    sheep = {"title": "Counting Sheep",
             "abstract": "We learn to count sheep from the photographs that drones take over hills, flock by flock."}
    return await engine_over(db, tmp_path, {"icml2025.json": [
        *papers_about("image classification", 4), *papers_about("policy learning", 3), tile, sheep, *surveys()]})


async def test_a_pair_the_corpus_seldom_writes_is_no_correction(engine: SearchEngine) -> None:
    assert (await engine.search("image tile")).total > 0
    assert (await engine.search("image title")).suggestions == []
    assert (await engine.search("policy lean")).suggestions == ["policy learn"]
