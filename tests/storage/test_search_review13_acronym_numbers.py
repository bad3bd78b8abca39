"""A two-letter acronym finds what its plural finds when the corpus defines both with one meaning, on a real temporary
SQLite file (session 13's review). Session 12 made "GPs" find what "GP" finds; the other way, "GP" missed a paper that
writes only "GPs" without spelling them out ("We stack GPs into a deep model"), and "gps" in small letters missed the
papers writing only "GP": the index keeps a word of three letters as written, so "gps" is no form of "gp" to it. Where
the corpus defines "Gaussian process (GP)" and "Gaussian processes (GPs)", the two are one acronym: GP, GPs, gp and
gps now find the same papers. Not where the plural is another acronym ("AIS": annealed importance sampling, not
the plural of AI), nor "GPS" typed in capitals."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, surveys, titles_found

TAIL = " Experiments on public benchmarks support the analysis."
GAUSSIAN_PROCESSES = {"Scalable Kernel Priors", "Sparse Kernel Regression", "Deep Kernel Regression", "Kernel Bandits"}
RECORDS: Records = [
    {"title": "Scalable Kernel Priors",
     "abstract": "Gaussian processes (GPs) are flexible priors over functions; we scale GPs to millions of "
                 "points." + TAIL},
    {"title": "Sparse Kernel Regression",
     "abstract": "A sparse Gaussian process (GP) whose inducing points are chosen greedily; the GP is exact in the "
                 "limit." + TAIL},
    {"title": "Deep Kernel Regression", "abstract": "We stack GPs into a deep model with exact inference." + TAIL},
    {"title": "Kernel Bandits", "abstract": "Bandits whose reward is a GP sample, with bounds on the regret." + TAIL},
    {"title": "Estimating Evidence",
     "abstract": "Annealed importance sampling (AIS) estimates the evidence; we tune AIS schedules." + TAIL},
    {"title": "Assistants at Work",
     "abstract": "Artificial intelligence (AI) assistants help clerks; we measure how AI changes their work." + TAIL},
    *surveys(TAIL),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


@pytest.mark.parametrize("typed", ["GP", "GPs", "gp", "gps"])
async def test_an_acronym_defined_in_both_numbers_finds_the_same_papers_in_either(engine: SearchEngine,
                                                                                   typed: str) -> None:
    assert await titles_found(engine, typed) == GAUSSIAN_PROCESSES
    assert set(await engine.matching_ids(typed)) == set(await engine.matching_ids("GPs"))


async def test_a_topic_filter_by_the_singular_takes_in_the_plurals_papers(engine: SearchEngine) -> None:
    assert len(await engine.matching_ids("GP")) == len(GAUSSIAN_PROCESSES)


@pytest.mark.parametrize(("typed", "not_meant"), [
    ("AI", "Estimating Evidence"),  # AIS is defined otherwise: no plural of AI
    ("AIS", "Assistants at Work"),
    ("ais", "Assistants at Work"),
])
async def test_an_acronym_is_not_the_plural_of_another(engine: SearchEngine, typed: str, not_meant: str) -> None:
    titles = await titles_found(engine, typed)
    assert titles
    assert not_meant not in titles


async def test_capitals_typed_throughout_are_no_plural(engine: SearchEngine) -> None:
    # GPS is an acronym of its own: it finds the papers writing the word (and its wording), not those writing only
    # "GP".
    titles = await titles_found(engine, "GPS")
    assert "Deep Kernel Regression" in titles
    assert "Kernel Bandits" not in titles
