"""A word of the language that the corpus lacks is meant as typed, on real temporary SQLite files (session 15's
review). On ICML 2018 + AISTATS 2025, `/paper search Tri Dao flash attention` answered "Did you mean **tri dao flaws
attention**?" ("flash" too far from any word to be a typo, offered its look-alike "flaws", one paper's word), and
"title generation" "Did you mean **TILe generation**?", with the paper on TILe-Rep first: "title" is "tile" with a
letter more, and the corpus writes "tile" only in that method's name. A typo that is no word still is corrected, and
a word's letters swapped too ("casual inference" is causal inference); a word shown as the corpus writes it is not a
piece of a name in its mixed capitals ("TILe" of "TILe-Rep")."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, papers_about, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)


async def test_a_word_of_the_language_is_not_made_another_word(corpus: SearchEngine) -> None:  # noqa: F811
    for typed, meant in (("Tri Dao flash attention", "attention"), ("title generation", "generation")):
        results, wanted = await corpus.search(typed), await corpus.search(meant)
        assert results.suggestions == [], typed
        assert [hit.paper.id for hit in results.hits] == [hit.paper.id for hit in wanted.hits], typed
        assert not any("TILe" in hit.paper.abstract for hit in results.hits), typed
    assert (await corpus.search("flash")).suggestions == []
    assert (await corpus.search("attenton flash")).suggestions == ["attention flash"]  # a typo still is one


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    tile = {"title": "Truncated Inverse-Lévy Measure Representation of the Beta Process",
            "abstract": "We propose TILe-Rep, a truncated representation of the beta process. TILe-Rep is exact."}
    return await engine_over(db, tmp_path, {"icml2025.json": [
        *papers_about("causal inference", 3), *papers_about("generation", 2), tile, *surveys()]})


async def test_a_typo_is_still_fixed_and_shown_as_the_corpus_writes_the_word_alone(engine: SearchEngine) -> None:
    results = await engine.search("casual inference")  # a word of the language with its letters swapped
    assert (results.suggestions, results.total) == (["causal inference"], 3)
    assert (await engine.search("tiel generation")).suggestions == ["tile generation"]  # not "TILe" (TILe-Rep)
    assert (await engine.search("title generation")).suggestions == []
