"""A number in a word is meant as typed, on a real temporary SQLite file (session 10's review): typo correction took
"resnet152" for "resnet101", "imagenet22k" for "imagenet1k" and "10000" for "1000x", searched those and offered
them as "did you mean"; `/paper show` took a title's "LLaMA3" for another's "LLaMA2"."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, paper_titled

RESNET = "Residual Networks Revisited"
DEPTH = "How to Train a Very Deep Vanilla Network"
LLAMA = "LLaMA2 Adapters: Cheap Tuning of Language Models"
RECORDS: list[dict[str, object]] = [
    {"title": RESNET, "abstract": "We train ResNet-101 and ResNet on ImageNet1k and report where residual "
                                  "connections help the optimisation of image classifiers."},
    {"title": DEPTH, "abstract": "A signal propagation analysis lets us train networks 1000x deeper than before, "
                                 "with 10,000 layers, from an orthogonal initialisation."},
    {"title": LLAMA, "abstract": "Low-rank adapters tune a frozen LLaMA2 model on one graphics card in an hour, "
                                 "as well as GPT4 prompting does and better than a GPT baseline."},
    {"title": "Orchards of the Northern Valleys", "abstract": "Apple orchards planted in rows, surveyed by drone "
                                                                  "each spring and mapped tree by tree."},
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


@pytest.mark.parametrize(("typed", "other"), [
    ("resnet152", "resnet101"), ("imagenet22k", "imagenet1k"), ("train 10000 layers", "1000x"), ("gpt5", "gpt4"),
])
async def test_a_number_is_not_corrected_to_another(engine: SearchEngine, typed: str, other: str) -> None:
    assert (await engine.search(other)).hits  # the corpus writes the other number: it could be offered
    results = await engine.search(typed)
    assert not any(other in suggestion.split() for suggestion in results.suggestions), results.suggestions


async def test_a_word_whose_number_nothing_has_is_offered_without_it(engine: SearchEngine) -> None:
    # Nothing found: the look-alikes "did you mean" offers may drop the number, not change it.
    results = await engine.search("gpt5")
    assert (results.total, results.suggestions) == (0, ["GPT"])  # as the corpus writes it


async def test_a_model_with_another_number_finds_the_models_papers(engine: SearchEngine,
                                                                   db: aiosqlite.Connection) -> None:
    # "resnet152" is no word here: the papers about ResNet, by its relative "resnet", not ResNet-101's by a "typo".
    hits = (await engine.search("resnet152")).hits
    assert [hit.paper.id for hit in hits] == [await paper_titled(db, RESNET)]


@pytest.mark.parametrize(("typed", "fixed"), [("rseent101", "resnet101"), ("iamgenet1k", "ImageNet1k"),
                                              ("ressnet101", "resnet101")])
async def test_the_letters_of_a_word_with_a_number_are_still_corrected(engine: SearchEngine, typed: str,
                                                                       fixed: str) -> None:
    assert fixed in (await engine.search(typed)).suggestions


async def test_a_title_with_another_number_is_another_title(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    assert await engine.by_title("LLaMA3 Adapters: Cheap Tuning of Language Models") is None
    assert await engine.by_title("LLaMA2 Adapters: Cheap Tunign of Language Models") == await paper_titled(db, LLAMA)
