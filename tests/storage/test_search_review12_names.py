"""A person's name the corpus lacks is not "corrected" into other words, on a real temporary SQLite file (session 12's
review): /paper search "Kaiming He" answered "Did you mean **aiming he**?" and listed the papers "aiming" at
something, since "kaiming" is one letter from "aiming" and "he" is a stop word; "Xavier Glorot" got "xavier glory"
(a look-alike of a word that matched nothing) and "Ilya Sutskever" "ilya yurtsever", a person no paper has.

A query typed as a name (two to four capitalised words, none a word the corpus writes outside authors' names) keeps
its typo fixes only when the query so fixed is one the corpus has whole: every word, all in one paper. A real typo of
an author in the corpus is still corrected ("Yoshua Bengoi"), so is a topic typed after a name, and a title typed in
capitals with every word misspelt is words, not a name."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage._search_text import shaped_like_a_name
from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled

TAIL = " Experiments on public benchmarks support the analysis."


def _paper(title: str, authors: str, abstract: str) -> dict[str, object]:
    return {"title": title, "author": authors, "abstract": abstract + TAIL}


RECORDS: Records = [
    _paper("Deep Generative Stochastic Networks", "Yoshua Bengio; Aaron Courville",
           "We train generative stochastic networks by backpropagation through a Markov chain."),
    _paper("Attention over Recurrent States", "Dzmitry Bahdanau; Yoshua Bengio",
           "A recurrent encoder with attention over its states translates long sentences."),
    _paper("Fully Decentralized Multi-Agent Learning", "Kaiqing Zhang; Tamer Basar",
           "Networked agents learn a shared policy without a central controller."),
    _paper("Sharper Rates for Frank-Wolfe", "Alp Yurtsever; Volkan Cevher",
           "We give sharper convergence rates for conditional gradient methods."),
    _paper("Minimax Estimation of Kernel Means", "Ilya Tolstikhin; Olivier Bousquet",
           "We prove minimax lower bounds for estimating kernel mean embeddings."),
    _paper("Reproducible Benchmarks", "Xavier Bouthillier; Pascal Vincent",
           "Variance in benchmarks is the glory and the curse of empirical research."),
    _paper("Mutual Information Neural Estimation", "Ishmael Belghazi; Devon Hjelm",
           "We present a neural estimation of mutual information between high dimensional variables."),
    *(_paper(f"Robust Control Aiming at Safety {n}", "Ana Silva; Jon Berg",
             f"A controller aiming at safety in plant number {n}, with guarantees on its aiming error.")
      for n in range(3)),
    *(_paper(f"A Survey of {topic}", "Mia Holm", f"A survey of {topic} across regions and decades.")
      for topic in ("Glaciers", "Violins", "Volcanoes", "Beehives", "Canals")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": RECORDS})


@pytest.mark.parametrize(("typed", "not_meant"), [
    ("Kaiming He", "aiming"),  # one letter from a word; "He" a stop word
    ("Xavier Glorot", "glory"),  # a look-alike of a word beside a first name the corpus has
    ("Ilya Sutskever", "yurtsever"),  # a look-alike of another author: no paper has "Ilya Yurtsever"
])
async def test_a_name_the_corpus_lacks_is_not_corrected_into_other_words(engine: SearchEngine, typed: str,
                                                                          not_meant: str) -> None:
    assert (await engine.search(not_meant)).hits  # the look-alike is the corpus's: it could be offered
    results = await engine.search(typed)
    assert results.suggestions == []
    assert not any(not_meant in " ".join(hit.paper.authors).lower() for hit in results.hits)
    assert (await engine.search(typed, venue="ICML 2025")).suggestions == []


async def test_a_name_the_corpus_lacks_matches_nothing(engine: SearchEngine) -> None:
    # Not the papers "aiming" at something, found through a typo fix no one made.
    results = await engine.search("Kaiming He")
    assert results.total == 0
    assert results.suggestions == []


async def test_a_typo_of_an_authors_name_is_still_corrected(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    results = await engine.search("Yoshua Bengoi")
    assert results.suggestions == ["Yoshua Bengio"]
    assert {hit.paper.id for hit in results.hits[:2]} == {
        await paper_titled(db, "Deep Generative Stochastic Networks"),
        await paper_titled(db, "Attention over Recurrent States")}
    assert (await engine.search("Aaron Courvile")).suggestions == ["Aaron Courville"]


async def test_a_topic_typed_after_a_name_is_still_corrected(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    results = await engine.search("Bengio Attenton")
    assert results.suggestions == ["Bengio attention"]
    assert results.hits[0].paper.id == await paper_titled(db, "Attention over Recurrent States")


async def test_a_capitalised_title_with_every_word_misspelt_is_still_corrected(engine: SearchEngine,
                                                                              db: aiosqlite.Connection) -> None:
    results = await engine.search("Nueral Estimaton")
    assert results.suggestions == ["neural estimation"]
    assert results.hits[0].paper.id == await paper_titled(db, "Mutual Information Neural Estimation")


async def test_words_in_small_letters_are_read_as_words(engine: SearchEngine) -> None:
    # Nothing tells a name there: the typo is corrected as before.
    assert (await engine.search("robust kontrol")).suggestions == ["robust control"]


@pytest.mark.parametrize(("typed", "shaped"), [
    ("Kaiming He", True), ("Yoshua Bengio", True), ("Mihaela van der Schaar", True), ("Fei-Fei Li", True),
    ("Y. Bengio", False),  # one name and an initial: a lone word, as a phone capitalises any
    ("Bengio", False),
    ("QuACK: A Multipurpose Queuing Algorithm", False),  # a title: its colon, and more words than a name has
    ("Deep Residual Learning Revisited", False),
    ("GAN Training", False), ("Adam 2", False),
])
def test_what_is_shaped_like_a_name(typed: str, shaped: bool) -> None:
    assert shaped_like_a_name(typed) is shaped
