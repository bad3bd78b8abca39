""""Did you mean" shows its words as the corpus writes them, on a real temporary SQLite file (session 13's review): the
index compares folded words (accents stripped, letters made small), and suggestions were those folded words:
"bernhard scholkpf" was answered "Did you mean **bernhard scholkopf**?", "Bezeir simplex" "bezier simplex", and
"multi-agnet" "multi agent". A suggestion's words are now written as the papers having them write them most: their
abstracts, where a sentence's first word counts in small letters, and their authors' names; joined as typed."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over

TAIL = " Experiments on public benchmarks support the analysis."
RECORDS: Records = [
    {"title": "Causal Mechanisms", "author": "Giambattista Parascandolo; Bernhard Schölkopf",
     "abstract": "We learn independent causal mechanisms from data drawn from their mixtures." + TAIL},
    {"title": "Kernel Mean Embeddings", "author": "Krikamol Muandet; Bernhard Schölkopf",
     "abstract": "Kernel mean embeddings of distributions support two-sample tests." + TAIL},
    {"title": "Pareto Sets as Simplices", "author": "Ana Silva",
     "abstract": "A Bézier simplex represents the Pareto set of a multi-objective problem; we fit Bézier simplices "
                 "by stochastic gradient descent." + TAIL},
    {"title": "Scalable Kernel Priors", "author": "Jon Berg",
     "abstract": "Gaussian processes are flexible priors over functions. Processes with many points are slow; we "
                 "scale Gaussian processes to millions of them." + TAIL},
    {"title": "Focused Reading", "author": "Nan Rosemary Ke; Konrad Żołna",
     "abstract": "We focus a recurrent network's reading on the relevant inputs." + TAIL},
    {"title": "Learning to Act", "author": "Mia Holm",
     "abstract": "Reinforcement learning trains agents by reward. Reinforcement signals are sparse, and we shape "
                 "them for reinforcement learning in long tasks." + TAIL},
    {"title": "Teams of Agents", "author": "Mia Holm",
     "abstract": "We study multi-agent reinforcement learning with shared rewards, and the input/output maps of each "
                 "agent." + TAIL},
    *({"title": f"A Survey of {topic}", "author": "Mia Holm", "abstract": f"A survey of {topic} across regions." + TAIL}
      for topic in ("Glaciers", "Violins", "Volcanoes")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": RECORDS})


@pytest.mark.parametrize(("typed", "shown"), [
    ("bernhard scholkpf", "Bernhard Schölkopf"),  # an author's name: its capitals and accent
    ("Bernhard Scholkpf", "Bernhard Schölkopf"),
    ("Bezeir simplex", "Bézier simplex"),  # a word of the abstracts, with its accent
    ("gaussian procesess", "Gaussian processes"),  # "Processes" opening a sentence is no capital of the word
    ("reinforcment lerning", "reinforcement learning"),  # written in capitals only where a sentence opens
    ("Zolna", "Żołna"),  # "ł" has no accent to strip: another letter, shown as written
    ("multi-agnet reinforcment", "multi-agent reinforcement"),  # joined as typed, not "multi agent"
    ("inptu/output maps", "input/output maps"),
])
async def test_a_suggestion_is_written_as_the_corpus_writes_it(engine: SearchEngine, typed: str, shown: str) -> None:
    results = await engine.search(typed)
    assert results.total > 0
    assert results.suggestions == [shown]
    assert (await engine.search(typed, venue="ICML 2025")).suggestions == [shown]


async def test_a_look_alike_is_written_as_the_corpus_writes_it(engine: SearchEngine) -> None:
    # Nothing found: "bexxier" is no typo, the look-alike is offered as the abstracts write it.
    results = await engine.search("bexxier")
    assert results.total == 0
    assert results.suggestions == ["Bézier"]


async def test_a_suggestion_searched_finds_what_the_folded_one_found(engine: SearchEngine) -> None:
    for typed in ("bernhard scholkpf", "Bezeir simplex"):
        suggested = (await engine.search(typed)).suggestions[0]
        again = await engine.search(suggested)
        assert again.total == (await engine.search(typed)).total
        assert again.suggestions == []
