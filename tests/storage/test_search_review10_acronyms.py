"""An acronym typed finds the papers that spell it out, on a real temporary SQLite file (session 10's review): the
corpus's definitions ("Mixture-of-expert (MOE) models") taught the query side one way only, so "mixture of
experts" found a paper that only writes "MoE", but "MoE" did not find the paper titled "… Mixture of Experts"
that never abbreviates it. (An acronym of two words: the index knows which words stand side by side, not which
three do; tests/storage/test_search.py pins that "RNNs" finds only the papers writing RNN.)"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled, surveys

DEFINES = "Online Processes with a Local Scale"
SPELLS = "Parameter Estimation in Contaminated Mixture of Experts"
ONE_WORD = "Gaussian Mixture Models for Orchards"
RECORDS: Records = [
    {"title": DEFINES,
     "abstract": "Mixture-of-experts (MoE) models are popular in machine learning; we give an online MoE whose "
                 "experts are processes with a local scale, and a MoE gating that is learnt online."},
    {"title": SPELLS,
     "abstract": "We analyse parameter estimation in the contaminated mixture of experts, where a mixture of "
                 "experts is fitted on top of a known pretrained model, and give convergence rates."},
    {"title": ONE_WORD,
     "abstract": "A Gaussian mixture models the yields of apple orchards across regions and decades, as "
                 "experts on orchards advise."},  # both words, not side by side: no mixture of experts
    *surveys(),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


@pytest.mark.parametrize("typed", ["MoE", "moe", "MoEs"])
async def test_an_acronym_finds_the_papers_that_spell_it_out(engine: SearchEngine, db: aiosqlite.Connection,
                                                             typed: str) -> None:
    found = [hit.paper.id for hit in (await engine.search(typed)).hits]
    assert found[:2] == [await paper_titled(db, DEFINES), await paper_titled(db, SPELLS)]


async def test_the_spelled_out_words_count_no_more_than_the_acronym(engine: SearchEngine,
                                                                   db: aiosqlite.Connection) -> None:
    # Written out, the words score no more than the acronym would; apart, they are not the acronym.
    hits = (await engine.search("MoE")).hits
    assert hits[0].score >= hits[1].score
    assert await paper_titled(db, ONE_WORD) not in [hit.paper.id for hit in hits]


async def test_a_topic_acronym_takes_the_papers_that_spell_it_out(engine: SearchEngine,
                                                                  db: aiosqlite.Connection) -> None:
    assert set(await engine.matching_ids("MoE")) == {await paper_titled(db, DEFINES), await paper_titled(db, SPELLS)}


async def test_the_spelled_out_words_still_find_the_acronym(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    found = [hit.paper.id for hit in (await engine.search("mixture of experts")).hits]
    assert set(found[:2]) == {await paper_titled(db, DEFINES), await paper_titled(db, SPELLS)}
