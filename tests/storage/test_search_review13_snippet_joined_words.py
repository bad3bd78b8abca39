"""A snippet bolds the hyphenated words a query typed joined, on a real temporary SQLite file (session 13's review):
the index reads "K-means" as its words and as "kmeans" too, so "kmeans" and "Qlearning" found the papers writing
"K-means" and "Q-learning" (ICML 2018: 5 and 11 papers), but their snippets bolded nothing: no word of the abstract
is "kmeans", and the query matched neither "k" nor "means"."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over
from tests.storage.test_search_review13_snippet_invisible import SURVEYS

TAIL = " Experiments on public benchmarks support the analysis."
RECORDS: Records = [
    {"title": "Sparsified Clustering", "abstract": "We speed up K-means clustering by sparsifying the data." + TAIL},
    {"title": "Quantile Control", "abstract": "A Q-learning method for quantiles, and its input/output maps." + TAIL},
    *SURVEYS,
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


@pytest.mark.parametrize(("typed", "bold"), [
    ("kmeans", "We speed up **K**-**means** clustering"),
    ("Qlearning", "A **Q**-**learning** method"),
    ("inputoutput maps", "its **input**/**output** **maps**."),
    ("k-means", "We speed up **K**-**means** clustering"),  # typed as written: as before
])
async def test_the_words_of_a_joined_form_found_are_bold(engine: SearchEngine, typed: str, bold: str) -> None:
    hits = (await engine.search(typed)).hits
    assert hits
    assert bold in hits[0].snippet


async def test_a_hyphenated_run_the_query_did_not_match_stays_plain(engine: SearchEngine) -> None:
    snippet = (await engine.search("clustering")).hits[0].snippet
    assert snippet.startswith("We speed up K-means **clustering** by")
