"""SearchEngine.by_title on a real temporary SQLite file: a title however it was written down, and
nothing for what is not a whole title."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_with_titles, id_titled

TITLES = [
    "$q\\texttt{POTS}$: Efficient Batch Multiobjective Bayesian Optimization via Pareto Optimal Thompson Sampling",
    "Fast Stochastic AUC Maximization with $O(1/n)$-Convergence Rate",
    "Stochastic Proximal Algorithms for AUC Maximization",
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    """The bundled corpus and three papers with given titles (two of them with LaTeX)."""
    return await engine_with_titles(db, tmp_path, TITLES, lambda n, title: (
        f"Abstract number {n}: we study {title.lower()} in depth, with experiments on several benchmarks."))


@pytest.mark.parametrize(("typed", "stored"), [
    ("qPOTS: Efficient Batch Multiobjective Bayesian Optimization via Pareto Optimal Thompson Sampling",
     "q`POTS`"),
    (TITLES[0], "q`POTS`"),
    ("fast stochastic AUC maximization with O(1/n)-convergence rate", "Fast Stochastic AUC"),
    ("Fast Stochastic AUC Maximization with $O(1/n)$-Convergence Rate", "Fast Stochastic AUC"),
    ("  STOCHASTIC proximal algorithms for AUC maximization. ", "Stochastic Proximal"),
])
async def test_a_title_is_found_however_it_was_written(engine: SearchEngine, db: aiosqlite.Connection,
                                                       typed: str, stored: str) -> None:
    assert await engine.by_title(typed) == await id_titled(db, stored)


@pytest.mark.parametrize("typed", [
    "Fast Stochastic AUC Maximization",  # the start of a title is not a title
    "Stochastic Proximal Algorithms for AUC Maximization with extra words",
    "AUC Maximization",
    "???",
    "",
])
async def test_only_a_whole_title_is_found(engine: SearchEngine, typed: str) -> None:
    assert await engine.by_title(typed) is None
