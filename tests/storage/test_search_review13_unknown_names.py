"""A name the corpus lacks, typed alone or in small letters, finds nothing rather than a look-alike word, on a real
temporary SQLite file (session 13's review). Session 12 left "Kaiming He" typed with capitals as typed, but
`/paper search Kaiming` still answered "Did you mean **aiming**?" with the papers "aiming" at something, and so did
"kaiming he" in small letters: "Kaiming" is "aiming" with a letter before it, and the papers of Kaiqing Zhang came
first, "Kaiqing" being one letter replaced; once neither, "Kai" + "Ming" (two names run together) and the look-alikes
"aiding" and "taming" were offered. Real typos of the corpus's words and names are still corrected."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, paper_titled
from tests.storage.test_search_review12_names import RECORDS, _paper

NAMES = [
    *RECORDS,
    _paper("Sequence Generation with Hierarchical States", "Kai Wen; Ming Zhou",
           "A recurrent generator with hierarchical states writes long sequences."),
    _paper("Focused Hierarchical RNNs", "Nan Rosemary Ke; Konrad Żołna",
           "We focus a recurrent network's reading on the relevant inputs."),
    _paper("Riemannian Latent Spaces", "Søren Hauberg",
           "We study the geometry of latent spaces learnt by generative models."),
    *(_paper(f"Deep Learning of Rivers {n}", "Ana Silva", f"Deep learning for river number {n} and its floods.")
      for n in range(2)),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": NAMES})


@pytest.mark.parametrize("typed", ["Kaiming", "kaiming", "kaiming he", "KAIMING", "“Kaiming”"])
async def test_a_name_the_corpus_lacks_typed_alone_or_in_small_letters_finds_nothing(engine: SearchEngine,
                                                                                     typed: str) -> None:
    results = await engine.search(typed)
    assert (results.total, results.suggestions) == (0, [])
    within = await engine.search(typed, venue="ICML 2025")
    assert (within.total, within.suggestions) == (0, [])


async def test_a_topic_beside_such_a_name_finds_its_papers_without_a_look_alike(engine: SearchEngine) -> None:
    results = await engine.search("kaiming he safety")
    assert results.total == 3  # the papers on safety, by their word
    assert results.suggestions == []


@pytest.mark.parametrize("typed", ["unlearning", "Unlearning rivers"])
async def test_letters_before_a_word_make_another_word(engine: SearchEngine, typed: str) -> None:
    # Not a typo of "learning", two letters away: nobody presses keys before a word's first one by mistake.
    # "learning" itself finds that paper: it is there to be wrongly found.
    assert any(hit.paper.title.startswith("Fully Decentralized") for hit in (await engine.search("learning")).hits)
    results = await engine.search(typed)
    assert not any(hit.paper.title.startswith("Fully Decentralized") for hit in results.hits)
    assert "learning" not in " ".join(results.suggestions)


@pytest.mark.parametrize(("typed", "author"), [
    ("Bengoi", "Yoshua Bengio"), ("yoshua bengoi", "Yoshua Bengio"), ("aaron courvile", "Aaron Courville"),
    ("Zolna", "Konrad Żołna"),  # "ł" has no accent to strip: typed as "l", it is the name
    ("Soren Hauberg", "Søren Hauberg"),
])
async def test_a_misspelt_name_of_the_corpus_alone_or_in_small_letters_is_still_found(
        engine: SearchEngine, typed: str, author: str) -> None:
    results = await engine.search(typed)
    assert results.total > 0
    assert all(author in hit.paper.authors for hit in results.hits)


async def test_a_name_typed_whole_is_still_corrected_into_the_corpus_name(engine: SearchEngine,
                                                                          db: aiosqlite.Connection) -> None:
    # "Zhong" is Zhang only beside the Kaiqing whose paper has both: alone, it is somebody else's name.
    results = await engine.search("Kaiqing Zhong")
    kaiqing_zhang = await paper_titled(db, "Fully Decentralized Multi-Agent Learning")
    assert [hit.paper.id for hit in results.hits] == [kaiqing_zhang]
    assert results.suggestions == ["Kaiqing Zhang"]
    assert (await engine.search("Zhong")).total == 0


async def test_two_names_run_together_are_no_name_of_the_corpus(engine: SearchEngine) -> None:
    # The corpus has a Kai and a Ming: "Kaiming" is neither's papers.
    assert (await engine.search("Kaiming")).hits == []
    assert (await engine.search("Kai Ming")).total > 0
