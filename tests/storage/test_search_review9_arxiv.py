"""An arXiv identifier pasted as people cite it names the paper with that arXiv page, on a real temporary SQLite
file (session 9's review). SearchEngine.by_url is what /paper search, /paper show and their autocomplete ask
first, so the identifier opens the card."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import aiosqlite
import numpy as np
import pytest

from storage import search
from storage._search_encoder import SentenceEncoder
from storage._search_index import QueryTerm, SearchIndex
from storage.loader import load_corpus
from storage.search import SearchEngine
from storage.vectors import embed_missing
from tests.storage.conftest import BUNDLED, paper_titled, write_json

ON_ITS_PAGE = {
    "title": "Heavy-Tailed Sparse Regression",
    "abstract": "We study sparse regression with heavy-tailed noise and give an estimator whose error matches "
                "the minimax rate, with experiments on genomic and financial data.",
    "site": "https://arxiv.org/abs/2401.01234v2",
}
FROM_ARXIV_METADATA = {  # arXiv's own metadata: the identifier only, made its page and PDF when loaded
    "id": "2405.00321",
    "title": "Graph Networks for Molecules",
    "abstract": "We train graph networks on molecules and report state-of-the-art accuracy on three benchmarks; "
                "the implementation is released with the paper.",
}
OLD_STYLE = {
    "id": "math.AG/0406123",
    "title": "Moduli of Curves, Counted",
    "abstract": "We count curves of every genus on the moduli space and compare the counts with the Gromov-Witten "
                "invariants they are expected to match.",
}


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    records = write_json(tmp_path / "papers.json", [ON_ITS_PAGE, FROM_ARXIV_METADATA, OLD_STYLE])
    await load_corpus(db, [BUNDLED, records])
    return await SearchEngine.open(db, meaning=False)


@pytest.mark.parametrize(("typed", "record"), [
    ("2401.01234", ON_ITS_PAGE),
    ("arXiv:2401.01234v2", ON_ITS_PAGE),
    ("arXiv:2401.01234v5", ON_ITS_PAGE),  # any version
    ("  ARXIV 2401.01234. ", ON_ITS_PAGE),
    ("2405.00321v1", FROM_ARXIV_METADATA),
    ("arxiv:2405.00321", FROM_ARXIV_METADATA),
    ("math.AG/0406123", OLD_STYLE),
    ("10.48550/arXiv.2401.01234", ON_ITS_PAGE),  # its DOI, as arXiv gives it
    ("https://doi.org/10.48550/arXiv.2405.00321", FROM_ARXIV_METADATA),
])
async def test_an_arxiv_identifier_names_the_paper(engine: SearchEngine, db: aiosqlite.Connection,
                                                   typed: str, record: dict[str, str]) -> None:
    # It named none: only a link (https://arxiv.org/abs/…) was looked up, and the identifier's digits as
    # words found nothing.
    assert engine.by_url(typed) == await paper_titled(db, record["title"])


@pytest.mark.parametrize("typed", [
    "2401.01235",  # another paper's
    "2401.01234 regression",  # an identifier and words
    "arXiv",
    "2401",
    "3.14159",
    "https://doi.org/10.48550/arXiv.2401.01235",
])
async def test_anything_else_names_no_paper(engine: SearchEngine, typed: str) -> None:
    assert engine.by_url(typed) is None


@pytest.mark.parametrize(("typed", "record"), [
    ("arXiv:2401.01234v2", ON_ITS_PAGE),
    ("https://arxiv.org/pdf/2405.00321v3", FROM_ARXIV_METADATA),
    ("10.48550/arXiv.2405.00321", FROM_ARXIV_METADATA),
])
async def test_a_search_for_an_identifier_or_link_gives_its_paper(engine: SearchEngine, db: aiosqlite.Connection,
                                                                  typed: str, record: dict[str, str]) -> None:
    # `paperbot search` and any caller of SearchEngine.search (the bot asks by_url first): the identifier's or
    # link's pieces were searched as words ("arxiv", "2401", "01234", "https", "pdf"), finding others or none.
    results = await engine.search(typed)
    assert [hit.paper.id for hit in results.hits] == [await paper_titled(db, record["title"])]
    assert results.total == 1


async def test_a_search_for_an_identifier_of_no_paper_here_searches_its_words(engine: SearchEngine) -> None:
    assert (await engine.search("arXiv:2401.09999")).total == 0


async def test_the_paper_a_link_names_is_not_reordered_by_meaning(db: aiosqlite.Connection, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # The one-paper answer went through the re-ranking by meaning all the same: its vector was read, the
    # encoder ran on the link's text, and the results said by_meaning=True (a later page asked for meaning).
    await load_corpus(db, [write_json(tmp_path / "papers.json", [ON_ITS_PAGE, FROM_ARXIV_METADATA, OLD_STYLE])])
    engine = await SearchEngine.open(db)
    assert engine.encoder is not None
    await embed_missing(db, engine.encoder)  # every abstract's vector stored: meaning would apply
    encoded: list[str] = []

    async def query_vector(encoder: SentenceEncoder, index: SearchIndex, text: str,
                           terms: Sequence[QueryTerm]) -> np.ndarray:
        encoded.append(text)
        return await real_query_vector(encoder, index, text, terms)

    real_query_vector = search._query_vector
    monkeypatch.setattr(search, "_query_vector", query_vector)
    for typed in ("arXiv:2401.01234v2", "https://arxiv.org/pdf/2405.00321v3"):
        results = await engine.search(typed)
        assert results.total == 1
        assert not results.by_meaning
    assert encoded == []
    assert (await engine.search("sparse regression with heavy-tailed noise")).by_meaning  # words still get it
    assert encoded == ["sparse regression with heavy-tailed noise"]


async def test_a_number_with_no_month_in_it_is_no_arxiv_identifier(db: aiosqlite.Connection, tmp_path: Path) -> None:
    # Three patterns disagreed: the one for typed identifiers took any "dddd.dddd", so "1234.5678" (month 34:
    # a version, a price, a float) named the paper whose page sits at that address; the loader's checks the month.
    odd_page = {**ON_ITS_PAGE, "site": "https://arxiv.org/abs/1234.5678"}
    await load_corpus(db, [write_json(tmp_path / "papers.json", [odd_page])])
    engine = await SearchEngine.open(db, meaning=False)
    for typed in ("1234.5678", "arXiv:1234.5678v2", "10.48550/arXiv.1234.5678", "math.AG/0434123"):
        assert engine.by_url(typed) is None
    assert engine.by_url("https://arxiv.org/abs/1234.5678") == await paper_titled(db, ON_ITS_PAGE["title"])  # a link
