"""A word's rarer forms weigh no more than the word, on a real temporary SQLite file (session 10's review): each
completion of a half-typed word, and each relative of a whole one (a stem a few letters longer: "learnt" of
"learn", "graphon" of "graph"), weighed as much as its own rarity, so a rare form outweighed the common word being
typed: "reinforcement lear" put a paper on "learning-augmented" algorithms (the corpus's joined
"learningaugmented", in one paper) and one that writes "learnt" above every paper on reinforcement learning, and so
did the search "reinforcement learning"; on the dev sets "graph neural netw" put "Scalable Implicit Graphon
Learning" first."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled

RL = ("Offline", "Hierarchical", "Multi-Agent", "Safe", "Model-Based", "Inverse", "Distributional")
AUGMENTED = "Caching with Predictions"
LEARNT = "Features for Ranking Documents"
SHADOW = "Shadow Tomography of Quantum States"
RECORDS: Records = [
    *({"title": f"{kind} Reinforcement Learning", "abstract": f"{kind} reinforcement learning: an agent learning "
                                                             "a policy from rewards, with a regret bound."}
      for kind in RL),
    {"title": AUGMENTED, "abstract": "Learning-augmented algorithms for caching use a reinforcement signal from "
                                     "predictions of the next request."},
    {"title": LEARNT, "abstract": "Features learnt from clicks rank documents, with a reinforcement of rare terms."},
    {"title": SHADOW, "abstract": "Shadow tomography estimates many observables of a quantum state from few copies."},
    {"title": "Low-Rank Caches for Long Contexts", "abstract": "We propose ShadowKV, which stores a low-rank key "
                                                               "cache and offloads the value cache."},
    {"title": "A Database for Bayesian Inference", "abstract": "We present posteriordb, a database of models, "
                                                               "data and reference posterior draws."},
    *({"title": f"A Survey of {topic}", "abstract": f"A survey of {topic} across regions, with a posterior "
                                                    f"predictive check of {topic} per decade."}
      for topic in ("Glaciers", "Violins", "Volcanoes")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


@pytest.mark.parametrize("typed", ["reinforcement lear", "reinforcement learn", "Reinforcement Lear"])
async def test_the_common_completion_outweighs_the_rare_ones(engine: SearchEngine, typed: str) -> None:
    labels = [choice.label for choice in await engine.autocomplete(typed)]
    assert all(label.endswith("Reinforcement Learning") for label in labels[:len(RL)]), labels


@pytest.mark.parametrize("typed", ["reinforcement learning", "learning", "Reinforcement Learning agents"])
async def test_the_word_searched_outweighs_its_rarer_relatives(engine: SearchEngine, typed: str) -> None:
    titles = [hit.paper.title for hit in (await engine.search(typed, limit=len(RL))).hits]
    assert all(title.endswith("Reinforcement Learning") for title in titles), titles


async def test_a_rare_completion_still_finds_its_paper(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    assert await paper_titled(db, AUGMENTED) in [choice.id for choice in await engine.autocomplete("caching lear")]
    assert [choice.id for choice in (await engine.autocomplete("feature lear"))[:1]] == [
        await paper_titled(db, LEARNT)]


async def test_a_half_typed_method_name_is_still_first(engine: SearchEngine) -> None:
    # "shado" completes to "shadow" (two papers) and the name ShadowKV (one): the name is what is typed.
    assert (await engine.autocomplete("shado"))[0].label == "Low-Rank Caches for Long Contexts"


async def test_a_lone_half_typed_word_keeps_its_rare_completions(engine: SearchEngine) -> None:
    # Typed alone, a half-typed word may be a name being typed ("posteri" is posteriordb here, "IMPA" IMPALA).
    assert (await engine.autocomplete("posteri"))[0].label == "A Database for Bayesian Inference"
