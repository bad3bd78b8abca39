"""Paging through a long result list, as the bot's ◀ ▶ do: every paper once, on real SQLite."""

from __future__ import annotations

import random
from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import seed_paragraphs, write_seed_file

PAGE = 5  # bot.views.PAGE_SIZE (storage never imports the bot)


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    """420 abstracts (sentences of the bundled ones, shuffled) that all mention neural networks, a third
    of them as the pair "neural networks": far more than the 200 the ranking orders by word pairs."""
    rng = random.Random(7)
    sentences = [s.strip() + "." for p in seed_paragraphs() for s in p.split(". ") if len(s) > 40]
    abstracts = []
    for n in range(420):
        parts = rng.sample(sentences, 4)
        about = ("We train neural networks on graphs." if n % 3 == 0
                 else "The networks are trained with a neural objective.")
        parts.insert(rng.randrange(5), about)
        abstracts.append(f"Study {n}: " + " ".join(parts))
    await load_corpus(db, [write_seed_file(tmp_path / "many.txt", abstracts)])
    return await SearchEngine.open(db, meaning=False)


@pytest.mark.parametrize("query", ["neural networks", "neural"])
async def test_paging_to_the_end_shows_every_paper_once(engine: SearchEngine, query: str) -> None:
    first = await engine.search(query, limit=PAGE)
    assert first.total == 420

    shown = [hit.paper.id for offset in range(0, first.total, PAGE)
             for hit in (await engine.search(query, limit=PAGE, offset=offset)).hits]

    # Before, each page past the 40th was ranked again with more candidates, and papers moved across
    # page boundaries: "neural networks" showed 56 papers twice and 56 never.
    assert len(shown) == first.total
    assert len(set(shown)) == first.total


async def test_pages_within_the_first_200_agree_with_one_long_list(engine: SearchEngine) -> None:
    one_list = await engine.search("neural networks", limit=100, offset=100)  # the CLI's --limit 100, page 2
    pages = [hit.paper.id for offset in range(100, 200, PAGE)
             for hit in (await engine.search("neural networks", limit=PAGE, offset=offset)).hits]

    assert [hit.paper.id for hit in one_list.hits] == pages
