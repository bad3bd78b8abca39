"""A half-typed word is read as the start of a word before a typo, on a real temporary SQLite file (session 10's
review): the last word being typed was also typo-corrected, and a correction counted more than a completion
(0.95 against 0.8), so "bandi" put the papers of an author named Andi (one edit: a letter dropped) above every
paper on bandits, "conve" the papers on cones above convex ones, "welli" Weili Nie above Max Welling."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled, surveys

BANDITS = "Regret Bounds for Contextual Bandits"
CONVEX = "Convex Relaxations of Sparse Regression"
AGAIN = "Born Again Trees"
RECORDS: Records = [
    {"title": BANDITS, "authors": ["Ada Lovelace"],
     "abstract": "Contextual bandits choose an arm from side information; we bound the regret of a bandit that "
                 "explores optimistically."},
    {"title": "Robust Preference Learning from Human Feedback", "authors": ["Andi Nika", "Adish Singla"],
     "abstract": "Preferences given by people are corrupted; we learn a reward model that resists the corruption."},
    {"title": CONVEX, "authors": ["Alan Turing"],
     "abstract": "A convex relaxation of best-subset regression that is tight when the design is well conditioned."},
    {"title": "Entailment Cones for Hierarchies", "authors": ["Grace Hopper"],
     "abstract": "Cones in hyperbolic space embed a hierarchy: each node's cone contains its descendants' cones."},
    {"title": AGAIN, "authors": ["Edsger Dijkstra"],
     "abstract": "Trees distilled from a forest, born again as one interpretable tree of the same accuracy."},
    # Bandits are common here (the word weighs little), the name Andi rare (it weighs much).
    *({"title": f"{kind} Bandits", "authors": ["Ann Other"],
       "abstract": f"{kind} bandits: a bandit algorithm with its regret, and experiments with several bandits."}
      for kind in ("Dueling", "Linear", "Combinatorial", "Restless", "Adversarial", "Delayed")),
    *({**survey, "authors": ["Ann Other"]} for survey in surveys()),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


@pytest.mark.parametrize(("typed", "title"), [("bandi", BANDITS), ("Bandi", BANDITS), ("contextual bandi", BANDITS),
                                              ("conve", CONVEX), ("conve relax", CONVEX)])
async def test_a_half_typed_word_completes_before_it_is_corrected(engine: SearchEngine, db: aiosqlite.Connection,
                                                                  typed: str, title: str) -> None:
    choices = await engine.autocomplete(typed)
    if title == BANDITS and " " not in typed:  # any paper on bandits
        assert "Bandit" in choices[0].label, [c.label for c in choices]
    else:
        assert [choice.id for choice in choices[:1]] == [await paper_titled(db, title)], [c.label for c in choices]


@pytest.mark.parametrize("typed", ["born agian", "bron again"])
async def test_a_typo_in_a_half_typed_word_no_word_starts_with_is_still_corrected(
        engine: SearchEngine, db: aiosqlite.Connection, typed: str) -> None:
    choices = await engine.autocomplete(typed)
    assert [choice.id for choice in choices[:1]] == [await paper_titled(db, AGAIN)], [c.label for c in choices]


async def test_a_whole_word_typed_is_still_corrected(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    # Searched (not half-typed), "conves" is a typo of "convex" and "bandis" of "bandits".
    assert (await engine.search("conves relaxation")).hits[0].paper.id == await paper_titled(db, CONVEX)
    assert (await engine.search("contextual bandis")).hits[0].paper.id == await paper_titled(db, BANDITS)
