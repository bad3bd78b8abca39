"""A name typed whole lists the authors who have it whole before those whose hyphenated name only holds its words
(session 18's review), on real temporary SQLite files.

A first name beside a surname matched across a hyphenated part: "Yan Liu" listed Tie-Yan Liu's paper above Yan Liu's,
"Wei Huang" Chin-Wei Huang's above Wei Huang's, "Tie Liu" and "Ye Jia" (Han-Jia Ye) likewise, and "Jun Zhu" put
Jun-Yan Zhu's paper among Jun Zhu's six (ICML 2018 + AISTATS 2025). Someone typing "Jun Zhu" means Jun Zhu; Jun-Yan
Zhu may be meant too (a hyphen is often left out), so his papers still come, after. With no author having the name
whole ("Li Fei", "Jean Vert"), the hyphenated one's papers are the list, as before."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite
import numpy as np
import pytest

from storage._search_index import fuse_meaning
from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review17_hyphenated_names import FEI_FEI_LI, PAPERS, _paper

# Li Fei, whose name is Li Fei-Fei's without its hyphenated part; and Yan Liu beside Tie-Yan Liu, whose paper has
# "yan" twice (a co-author Yan Chen), so its words score more than Yan Liu's paper does.
LI_FEI = _paper("Tensor Sketches for Streams", "Li Fei; Omar Haddad",
                "Tensor sketches summarise data streams in small memory with guarantees on the error of each query.")
YAN_LIU = _paper("Multi-Rate Time Series", "Sanjay Patel; Yan Liu",
                 "Time series sampled at several rates are modelled by a hierarchy of latent variables.")
TIE_YAN_LIU = _paper("Dual Learning of Translations", "Yan Chen; Tie-Yan Liu",
                     "Translation in both directions is learned together, each model teaching the other one.")


async def _papers_of(db: aiosqlite.Connection, author: str) -> set[str]:
    """The ids of the stored papers one of whose authors is named `author`, exactly so."""
    rows = await db.execute_fetchall("SELECT id, authors FROM papers WHERE authors LIKE '%' || ? || '%'", (author,))
    return {str(pid) for pid, authors in rows if author in json.loads(authors)}


async def _titles(engine: SearchEngine, query: str) -> list[str]:
    return [hit.paper.title for hit in (await engine.search(query)).hits]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, LI_FEI, YAN_LIU, TIE_YAN_LIU, *surveys()]})


@pytest.mark.parametrize("typed", ["Li Fei", "li fei", "Fei, Li"])
async def test_an_author_named_whole_comes_before_a_hyphenated_name_holding_the_words(engine: SearchEngine,
                                                                                   typed: str) -> None:
    titles = await _titles(engine, typed)
    assert titles[0] == "Tensor Sketches for Streams", typed  # Li Fei-Fei's two papers score more by their words
    assert set(titles[1:]) == FEI_FEI_LI, typed


async def test_words_scoring_more_do_not_lift_the_hyphenated_name_first(engine: SearchEngine) -> None:
    assert await _titles(engine, "Yan Liu") == ["Multi-Rate Time Series", "Dual Learning of Translations"]


async def test_a_hyphenated_name_typed_whole_is_still_that_person_only(engine: SearchEngine) -> None:
    assert set(await _titles(engine, "Li Fei-Fei")) == FEI_FEI_LI
    assert await _titles(engine, "Tie-Yan Liu") == ["Dual Learning of Translations"]


async def test_with_no_author_named_whole_the_hyphenated_names_papers_are_listed(engine: SearchEngine) -> None:
    assert await _titles(engine, "Jean Vert") == ["Kernel Methods for Protein Sequences"]  # Jean-Philippe Vert's


async def test_meaning_does_not_lift_the_hyphenated_name_above_the_whole_one(engine: SearchEngine) -> None:
    index = engine.index
    ranking = index.rank("Yan Liu")
    cosines = np.asarray([1.0 if index.titles[at] == "Dual Learning of Translations" else 0.0
                          for at in ranking.order.tolist()], np.float32)
    fused = fuse_meaning(ranking, cosines)
    assert [index.titles[at] for at in fused.order.tolist()] == ["Multi-Rate Time Series",
                                                                 "Dual Learning of Translations"]


async def test_the_explanation_says_which_author_is_named_whole(engine: SearchEngine) -> None:
    index = engine.index
    whole, split = index.titles.index("Multi-Rate Time Series"), index.titles.index("Dual Learning of Translations")
    explained = index.explain("Yan Liu", [whole, split])
    assert [parts["named whole, listed first"] for parts in explained] == [1.0, 0.0]


# One load of the two datasets (a few seconds): the cases as they were found.
async def test_the_dev_sets_authors_named_whole_come_first(corpus: SearchEngine,  # noqa: F811
                                                           db: aiosqlite.Connection) -> None:
    for typed, hyphenated in (("Yan Liu", "Tie-Yan Liu"), ("Wei Huang", "Chin-Wei Huang"), ("Tie Liu", "Tie-Yan Liu"),
                              ("Ye Jia", "Han-Jia Ye"), ("Jun Zhu", "Jun-Yan Zhu")):
        named_whole = await _papers_of(db, typed)
        found = [hit.paper.id for hit in (await corpus.search(typed, limit=20)).hits]
        assert named_whole, typed
        assert set(found[:len(named_whole)]) == named_whole, typed
        assert set(found[len(named_whole):]) == await _papers_of(db, hyphenated), typed
