"""A paper's link pasted as people copy it (its page, PDF or code link) names that paper: real SQLite."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import BUNDLED, paper_titled, write_json

SNAP = {
    "title": "SNAP: Sequential Non-Ancestor Pruning for Targeted Causal Effect Estimation With an Unknown Graph",
    "abstract": "Causal discovery can be computationally demanding for large numbers of variables. If we only wish "
                "to estimate the causal effects on a small subset of target variables, we might not need to learn "
                "the causal graph for all variables, but only a small subgraph that includes those targets.",
    "site": "https://openreview.net/forum?id=0gEjlLdjK9",
}
DELAY = {
    "title": "A Delay-tolerant Proximal-Gradient Algorithm for Distributed Learning",
    "abstract": "Distributed learning aims at computing high-quality models by training over scattered data. This "
                "covers a diversity of scenarios, including computer clusters or mobile agents, with a master "
                "that collects updates from workers that compute in parallel on their local data.",
    "site": "https://icml.cc/virtual/2018/poster/2143",
    "pdf": "http://proceedings.mlr.press/v80/mishchenko18a/mishchenko18a.pdf",
    "github": "https://github.com/example/dave-pg",
}
ARXIV = {
    "title": "A paper on arXiv with a shared library link",
    "abstract": "We study sparse regression with heavy-tailed noise and give an estimator whose error matches "
                "the minimax rate; our code builds on https://github.com/pytorch/pytorch for the experiments.",
    "site": "https://arxiv.org/abs/2401.01234v2",
}
ALSO_PYTORCH = {
    "title": "Another paper built on the same library",
    "abstract": "We train graph networks on molecules and report state-of-the-art accuracy on three benchmarks; "
                "the implementation uses https://github.com/pytorch/pytorch and is released with the paper.",
}


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    records = write_json(tmp_path / "papers.json", [SNAP, DELAY, ARXIV, ALSO_PYTORCH])
    await load_corpus(db, [BUNDLED, records])
    return await SearchEngine.open(db, meaning=False)


@pytest.mark.parametrize(("typed", "record"), [
    ("https://openreview.net/forum?id=0gEjlLdjK9", SNAP),  # its page, as the card's title links to it
    ("https://openreview.net/pdf?id=0gEjlLdjK9", SNAP),  # the PDF of the same OpenReview paper
    ("<http://www.openreview.net/forum?id=0gEjlLdjK9&noteId=xYz12#reply>", SNAP),  # one comment, preview off
    ("  https://icml.cc/virtual/2018/poster/2143/  ", DELAY),
    ("“http://proceedings.mlr.press/v80/mishchenko18a/mishchenko18a.pdf”.", DELAY),  # the card's PDF link
    ("https://github.com/example/dave-pg", DELAY),  # its code
    ("https://arxiv.org/pdf/2401.01234v3.pdf", ARXIV),  # another version's PDF
])
async def test_a_papers_link_as_people_copy_it_names_the_paper(
        engine: SearchEngine, db: aiosqlite.Connection, typed: str, record: dict[str, str]) -> None:
    assert engine.by_url(typed) == await paper_titled(db, record["title"])


@pytest.mark.parametrize("typed", [
    "https://openreview.net/forum?id=0gEjlLdjK8",  # another paper
    "https://github.com/pytorch/pytorch",  # two papers link to it: it names neither
    "https://icml.cc/virtual/2018/poster/2143 causal",  # a link and words
    "openreview", "0gEjlLdjK9", "http://", "http://[oops", "",
])
async def test_anything_else_names_no_paper(engine: SearchEngine, typed: str) -> None:
    assert engine.by_url(typed) is None


async def test_a_retired_papers_link_names_no_paper(engine: SearchEngine, db: aiosqlite.Connection,
                                                    tmp_path: Path) -> None:
    await load_corpus(db, [BUNDLED, write_json(tmp_path / "papers.json", [DELAY, ARXIV, ALSO_PYTORCH])])
    await engine.refresh()

    assert engine.by_url(SNAP["site"]) is None
    assert engine.by_url(DELAY["site"]) == await paper_titled(db, DELAY["title"])
