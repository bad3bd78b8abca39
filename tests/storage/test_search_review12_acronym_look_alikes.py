"""An acronym the corpus lacks is offered no look-alike words, on a real temporary SQLite file (session 12's review): on
ICML 2018 + AISTATS 2025, /paper search MAML answered "No papers match “MAML”. Did you mean **aml**?" and offered
"marl" and "male", YOLO "byol", "polo" and "yoel", and t-SNE (after 576bb79 found nothing) "sine", "sense" and
"scene": look-alikes of a word nothing matched, which beside words that found papers are never offered for a word
of four letters or fewer (an acronym the corpus may lack), were offered for it when nothing was found. A word typed
with two capitals or more of four letters or fewer now gets none; one in small letters ("lern") and one with a
number ("GPT5": "gpt") keep theirs."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over

TAIL = " Experiments on public benchmarks support the analysis."
RECORDS: Records = [
    {"title": "Learning to Learn Quickly", "abstract": "Agents learn to learn from male and female voices." + TAIL},
    {"title": "Multi-Agent Reinforcement", "abstract": "MARL agents share a critic; AML rules are checked." + TAIL},
    {"title": "Polo Matches", "abstract": "We forecast polo matches with a GPT model of the play." + TAIL},
    {"title": "Sine Waves", "abstract": "A sine wave of any frequency, sensed in a busy scene." + TAIL},
    *({"title": f"A Survey of {topic}", "abstract": f"A survey of {topic} across regions and decades." + TAIL}
      for topic in ("Glaciers", "Violins", "Volcanoes", "Beehives")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


@pytest.mark.parametrize("typed", ["MAML", "YOLO", "SNE", "t-SNE", "ViT"])
async def test_an_acronym_the_corpus_lacks_gets_no_look_alike(engine: SearchEngine, typed: str) -> None:
    results = await engine.search(typed)
    assert results.total == 0
    assert results.suggestions == []


@pytest.mark.parametrize(("typed", "meant"), [("lern", "learn"), ("GPT5", "GPT")])
async def test_a_word_in_small_letters_or_with_a_number_keeps_its_look_alike(engine: SearchEngine, typed: str,
                                                                           meant: str) -> None:
    results = await engine.search(typed)
    assert results.total == 0
    assert meant in results.suggestions
