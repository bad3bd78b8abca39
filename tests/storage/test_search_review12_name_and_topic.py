"""A person's name the corpus lacks, typed with a topic in small letters, is not "corrected" into other words either,
on a real temporary SQLite file (session 12's review): /paper search "Kaiming He residual" answered "Did you mean
**aiming he residual**?" and ranked the papers "aiming" at something with those on residual networks, and "Xavier
Glorot initialization" was offered "xavier glory initialization": only a query made of the name alone was read as
one. A name is now also the start or the end of a query whose other words are in small letters; the topic's words
are read as before, typos fixed."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, paper_titled
from tests.storage.test_search_review12_names import RECORDS, _paper

RESIDUAL = [_paper(f"Residual Networks at Depth {n}", "Mia Holm",
                   f"Residual networks of depth {n} train with identity initialization and skip connections.")
            for n in (50, 101, 152)]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*RECORDS, *RESIDUAL]})


@pytest.mark.parametrize("typed", ["Kaiming He residual", "residual networks Kaiming He"])
async def test_a_name_the_corpus_lacks_before_or_after_a_topic_is_not_corrected(engine: SearchEngine,
                                                                               typed: str) -> None:
    results = await engine.search(typed)
    assert results.suggestions == []
    assert {hit.paper.title for hit in results.hits[:len(RESIDUAL)]} == {paper["title"] for paper in RESIDUAL}
    assert not any("aiming" in hit.paper.abstract for hit in results.hits)


async def test_a_look_alike_of_a_name_before_a_topic_is_not_offered(engine: SearchEngine) -> None:
    assert (await engine.search("Xavier Glorot initialization")).suggestions == []


async def test_a_typo_of_an_authors_name_before_a_topic_is_still_corrected(engine: SearchEngine,
                                                                           db: aiosqlite.Connection) -> None:
    results = await engine.search("Yoshua Bengoi attention")
    assert results.suggestions == ["Yoshua Bengio attention"]
    assert results.hits[0].paper.id == await paper_titled(db, "Attention over Recurrent States")


@pytest.mark.parametrize(("typed", "meant"), [
    ("Robust kontrol", "robust control"),  # a phone's capital: one word
    ("Nueral Estimaton of information", "neural estimation of information"),  # every capitalised word a typo
    ("Kaiming He residaul", "kaiming he residual"),  # the topic's typo is still fixed, the name left as typed
])
async def test_words_beside_a_name_or_no_name_are_corrected_as_before(engine: SearchEngine, typed: str,
                                                                      meant: str) -> None:
    assert (await engine.search(typed)).suggestions == [meant]


@pytest.mark.parametrize(("typed", "name"), [
    ("Kaiming He residual", ["kaiming", "he"]), ("attention Yoshua Bengio", ["yoshua", "bengio"]),
    ("Mihaela van der Schaar", ["mihaela", "van", "der", "schaar"]),
    ("Yoshua Bengio on graphs", ["yoshua", "bengio"]),
    ("on Yoshua Bengio and graphs", []),  # a name inside a topic: no way to tell it
    ("Deep Residual Learning Revisited", []), ("Robust kontrol", []),
])
def test_where_a_name_is_typed(typed: str, name: list[str]) -> None:
    from storage._search_text import typed_name  # new with this review: the other tests run on the old code too

    assert typed_name(typed) == name
