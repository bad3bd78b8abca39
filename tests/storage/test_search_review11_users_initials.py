"""An author searched as a reference list or a citation index writes them, surname then initial without its full
stop ("bengio y", "Bengio Y", "Y Bengio"), on a real temporary SQLite file (session 11's review as users: on the
ICML 2018 and AISTATS 2025 sets "bengio y" listed 21 papers whose abstracts write a variable "y", and none of
Bengio's: the lone letter, rarer than the surname, outweighed it). "Y. Bengio" and "Bengio, Y." were fixed in
session 9 (tests/storage/test_search_review9_authors.py), whose corpus this reuses."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over
from tests.storage.test_search_review9_authors import PAPERS


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml.json": PAPERS})


@pytest.mark.parametrize(("typed", "title"), [
    ("bengio y", "Mutual Information"),
    ("Bengio Y", "Mutual Information"),
    ("Y Bengio", "Mutual Information"),
    ("Ivanova D", "Is Merging"),
    ("ivanova d r", "Is Merging"),
    ("Moulines É", "Stochastic Approximation"),
])
async def test_an_author_with_an_initial_without_its_full_stop_finds_their_paper_first(
        engine: SearchEngine, typed: str, title: str) -> None:
    hits = (await engine.search(typed)).hits
    assert hits
    assert hits[0].paper.title.startswith(title), [hit.paper.title for hit in hits]


@pytest.mark.parametrize(("typed", "title"), [
    ("sampling in d dimensions", "Sampling in d Dimensions"),
    ("transport of y", "Optimal Transport of y"),
    ("neural estimators y", "Revisiting Neural Estimators"),  # no surname beside the letter: it still counts
])
async def test_a_letter_beside_no_surname_still_counts(engine: SearchEngine, typed: str, title: str) -> None:
    hits = (await engine.search(typed)).hits
    assert hits[0].paper.title == title, [hit.paper.title for hit in hits]
