"""/paper show's title lookup (SearchEngine.by_title) on a real temporary SQLite file (session 9's review): a
title typed with other spellings or a typo is that title; another word, or one more or less, is not."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_with_titles, id_titled

TITLES = [
    "A Conditional Gradient Framework for Composite Convex Minimization with Applications to Semidefinite Programming",
    "A Hierarchical Latent Vector Model for Learning Long-Term Structure in Music",
    "Locally Private Hypothesis Testing",
    "Fast Stochastic AUC Maximization with O(1/n)-Convergence Rate",
    "Behavior Cloning from Noisy Demonstrations",
    "GraphRNN: Generating Realistic Graphs with Deep Auto-regressive Models",
    "Obfuscated Gradients Give a False Sense of Security: Circumventing Defenses to Adversarial Examples",
    "Local Private Hypothesis Testing: Chi-Square Tests",
    "Learning to Rank: Pairwise Methods",
    "Learning to Rank: Listwise Methods",
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    """The bundled corpus and the titled papers; one more abstract says "minimization" and "hierarchical"."""
    return await engine_with_titles(db, tmp_path, [*TITLES, "Sparse Recovery"], lambda n, title: (
        f"Abstract number {n}: we study {title.lower()} in depth, with experiments on several benchmarks."
        if title != "Sparse Recovery" else
        "Sparse recovery by convex minimization, with a hierarchical prior over the supports of the signals."))


@pytest.mark.parametrize(("typed", "stored"), [
    # Spelt the British way, as a reader in Britain cites it.
    ("A Conditional Gradient Framework for Composite Convex Minimisation with Applications to Semidefinite "
     "Programming", "A Conditional"),
    ("Behaviour Cloning from Noisy Demonstrations", "Behavior Cloning"),
    # A plural for a singular, as remembered.
    ("A Hierarchical Latent Vector Model for Learning Long-Term Structures in Music", "A Hierarchical"),
    # A typo, or two, in a title typed or pasted whole.
    ("A Hierarchical Latnet Vector Model for Learning Long-Term Structure in Music", "A Hierarchical"),
    ("Locally Private Hypothesis Tseting", "Locally Private"),
    ("A Conditonal Gradient Framework for Composite Convex Minimization with Aplications to Semidefinite "
     "Programming", "A Conditional"),
])
async def test_a_title_typed_with_other_spellings_or_typos_is_found(
        engine: SearchEngine, db: aiosqlite.Connection, typed: str, stored: str) -> None:
    # It was "There is no paper titled …": only the title's exact letters were looked up.
    assert await engine.by_title(typed) == await id_titled(db, stored)


@pytest.mark.parametrize("typed", [
    "Fast Stochastic AUC Minimization with O(1/n)-Convergence Rate",  # another word the corpus knows
    "Locally Private Hypothesis",  # a word less
    "Locally Private Hypothesis Testing Revisited",  # a word more
    "Differentially Private Hypothesis Testing",  # another word
])
async def test_another_title_is_not_found(engine: SearchEngine, typed: str) -> None:
    assert await engine.by_title(typed) is None


@pytest.mark.parametrize(("typed", "stored"), [
    ("GraphRNN", "GraphRNN"),
    ("Obfuscated Gradients Give a False Sense of Security", "Obfuscated"),
    ("Obfuscated Gradients Give a False Sense of Secuirty", "Obfuscated"),  # and a typo
    # A title's head that is, spelt otherwise, another whole title: the head as typed comes first.
    ("Local Private Hypothesis Testing", "Local Private"),
])
async def test_a_papers_head_title_names_it(engine: SearchEngine, db: aiosqlite.Connection, typed: str,
                                            stored: str) -> None:
    # Papers are cited by the part of their title before the colon; /paper show said there was no such title.
    assert await engine.by_title(typed) == await id_titled(db, stored)


async def test_a_head_two_titles_share_names_neither(engine: SearchEngine) -> None:
    assert await engine.by_title("Learning to Rank") is None
