"""A query typed in capitals, on a real temporary SQLite file (session 10's review): every word of it counted as a
method name typed as one, so "SPARSE CODING" (caps lock on, or a title copied from a page that sets titles in
capitals) lifted the paper introducing a method called SPARSE, one that has nothing to do with coding."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled, surveys

SAMPLER = "A Streaming Sampler for Large Graphs"
RECORDS: Records = [
    {"title": "Sparse Coding of Natural Images",
     "abstract": "Natural images are coded by a sparse set of learned filters; we study sparse coding of image "
                 "patches and the dictionaries it learns from natural scenes."},
    {"title": SAMPLER,
     "abstract": "We propose SPARSE, a streaming sampler for large graphs that keeps a uniform sample of edges in "
                 "one pass."},
    {"title": "Deep Networks for Speech",
     "abstract": "We propose DEEP, a recurrent network for speech recognition trained end to end on spoken words."},
    {"title": "Deep Residual Learning for Images",
     "abstract": "Very deep residual networks learn image classifiers when each block learns a residual of its "
                 "input."},
    *surveys(topics=("Glaciers", "Orchards", "Violins", "Volcanoes", "Beehives", "Canals")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


@pytest.mark.parametrize("typed", ["SPARSE CODING", "DEEP RESIDUAL LEARNING FOR IMAGES", "DEEP NETWORKS",
                                   "SPARSE CODING OF NATURAL IMAGES"])
async def test_a_query_in_capitals_ranks_as_it_does_in_small_letters(engine: SearchEngine, typed: str) -> None:
    shouted = (await engine.search(typed)).hits
    plain = (await engine.search(typed.lower())).hits
    assert [(hit.paper.title, hit.score) for hit in shouted] == [(hit.paper.title, hit.score) for hit in plain]


@pytest.mark.parametrize("typed", ["SPARSE", "SPARSE sampler", "sampler SPARSE"])
async def test_a_name_in_capitals_among_small_letters_or_alone_is_still_a_name(
        engine: SearchEngine, db: aiosqlite.Connection, typed: str) -> None:
    hits = (await engine.search(typed)).hits
    assert [hit.paper.id for hit in hits[:1]] == [await paper_titled(db, SAMPLER)]
    assert hits[0].score > (await engine.search(typed.lower())).hits[0].score  # the name's bonus
