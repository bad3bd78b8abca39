"""The word being typed is read in the order typed, on a real temporary SQLite file (session 11's review of
autocomplete): the pairs of words a paper writes side by side, in the order typed, lift it above papers with the
same words apart, but the half-typed last word had no pair, so "Sparse Graph Ker" ranked a paper that says "graph"
and "kernel" often, apart, above the paper on sparse graph kernels. A cut falls inside a word in two titles in three
typed half-way (bench/search_quality.py)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over

KERNELS = "Sparse Graph Kernels for Molecules"
APART = "Kernel Machines on a Sparse Graph"
RECORDS: Records = [
    {"title": KERNELS, "abstract": "We compute sparse graph kernels between molecules in linear time, comparing the "
                                  "random walks of two molecules."},
    {"title": APART, "abstract": "A kernel machine per node of a sparse graph learns from the signals of its "
                                "node; kernel weights agree along the edges."},
    *({"title": f"Graph Learning for {topic}",
       "abstract": f"Graph neural networks for {topic} pass messages along the edges of a graph and learn node "
                   "embeddings."} for topic in ("Traffic", "Citations", "Proteins")),
    *({"title": f"Kernel Methods for {topic}",
       "abstract": f"Kernel ridge regression for {topic}: a kernel matrix, its low-rank approximation, and the "
                   "error bounds that follow."} for topic in ("Climate", "Genomics", "Robotics")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


async def labels(engine: SearchEngine, typed: str) -> list[str]:
    return [choice.label for choice in await engine.autocomplete(typed)]


@pytest.mark.parametrize("typed", ["Sparse Graph Ker", "sparse graph kern", "Sparse graph Kerne"])
async def test_the_paper_with_the_word_being_typed_next_to_the_last_word_comes_first(engine: SearchEngine,
                                                                                   typed: str) -> None:
    assert (await labels(engine, typed))[:2] == [KERNELS, APART]


async def test_the_words_typed_whole_keep_their_pair(engine: SearchEngine) -> None:
    assert (await labels(engine, "Sparse Graph Kernels "))[:2] == [KERNELS, APART]
    assert (await labels(engine, "Sparse Graph Kernels"))[:2] == [KERNELS, APART]


async def test_a_word_typed_after_a_stop_word_has_no_pair(engine: SearchEngine) -> None:
    assert (await labels(engine, "kernel machines for sparse gr"))[0] == APART
