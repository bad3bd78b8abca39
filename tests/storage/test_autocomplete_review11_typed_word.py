"""A half-typed last word that is already a word of the corpus is still being typed, on a real temporary SQLite
file (session 11's review of autocomplete): the fragment counted as that word in full, with that word's rarity,
so "Variational Bayesian dro" put the one paper on DRO (distributionally robust optimisation) above the paper on
variational Bayesian dropout, and "Inference in Probabilistic G", cut after the first letter of a word, put a
paper writing a function "g" above the paper on probabilistic graphical models (a single letter was not
completed at all). On the dev sets, one title typed half-way in eight ends on a single letter."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled

DROPOUT = "Variational Bayesian Dropout: Pitfalls and Fixes"
DRO = "Robust Inference under Distribution Shift"
GRAPHICAL = "Inference in Probabilistic Graphical Models by Message Passing"
LINK = "Probabilistic Inference of a Monotone Link Function"
RECORDS: Records = [
    {"title": DROPOUT, "abstract": "Variational Bayesian dropout is a popular approximate inference method for deep "
                                  "networks. We show the pitfalls of its log-uniform prior and fix them."},
    {"title": DRO, "abstract": "Variational Bayesian inference under distribution shift: distributionally "
                              "robust optimisation (DRO) guards the posterior against the worst case."},
    *({"title": f"Dropout for {topic}",
       "abstract": f"Dropout regularises {topic}: we drop units at random while training, and average the thinned "
                   "networks at test time."}
      for topic in ("Recurrent Networks", "Transformers", "Ensembles", "Language Models", "Vision", "Speech",
                    "Graphs", "Tabular Data")),
    {"title": GRAPHICAL, "abstract": "We speed up inference in probabilistic graphical models by passing messages "
                                    "on their graphs."},
    {"title": LINK, "abstract": "Probabilistic inference of an unknown link function g from noisy data, where g "
                               "is monotone: we estimate g by isotonic regression."},
    *({"title": f"Graph Networks for {topic}",
       "abstract": f"Graph neural networks for {topic} pass messages along the edges of a graph and learn node "
                   "embeddings."}
      for topic in ("Molecules", "Traffic", "Citations")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


async def first_label(engine: SearchEngine, typed: str) -> str:
    return (await engine.autocomplete(typed))[0].label


@pytest.mark.parametrize("typed", ["Variational Bayesian dro", "Variational Bayesian Dro", "variational bayesian drop"])
async def test_a_rare_word_typed_half_way_is_the_common_word_being_typed(engine: SearchEngine, typed: str) -> None:
    assert await first_label(engine, typed) == DROPOUT


@pytest.mark.parametrize("typed", ["Inference in Probabilistic G", "Inference in probabilistic g"])
async def test_a_single_letter_typed_after_other_words_starts_a_word(engine: SearchEngine, typed: str) -> None:
    assert await first_label(engine, typed) == GRAPHICAL


async def test_the_rare_word_typed_whole_is_still_that_word(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    assert await first_label(engine, "Variational Bayesian DRO ") == DRO
    assert (await engine.search("variational bayesian DRO")).hits[0].paper.id == await paper_titled(db, DRO)


async def test_a_lone_fragment_keeps_its_own_reading(engine: SearchEngine) -> None:
    assert await first_label(engine, "DRO") == DRO  # a name or acronym being typed alone, as before
    assert LINK in [choice.label for choice in await engine.autocomplete("g")]


async def test_the_papers_writing_the_typed_word_are_still_suggested(engine: SearchEngine) -> None:
    labels = [choice.label for choice in await engine.autocomplete("Variational Bayesian dro")]
    assert DRO in labels[:3]
