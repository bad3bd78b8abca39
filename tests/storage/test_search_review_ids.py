"""SearchEngine.holds on a real temporary SQLite file: the current papers' ids, as people paste them."""

from __future__ import annotations

import aiosqlite

from storage.loader import load_corpus
from storage.papers import PaperRepository
from storage.search import SearchEngine
from tests.storage.conftest import BUNDLED


async def test_the_index_holds_the_current_papers_ids_only(db: aiosqlite.Connection) -> None:
    first_file, _ = sorted(BUNDLED.glob("*.txt"))
    await load_corpus(db, [BUNDLED])
    everything = await PaperRepository(db).active_ids()
    await load_corpus(db, [first_file])  # the second file's papers retire
    engine = await SearchEngine.open(db, meaning=False)
    current = set(await PaperRepository(db).active_ids())
    retired = [paper_id for paper_id in everything if paper_id not in current]
    assert current
    assert retired

    assert all(engine.holds(paper_id) for paper_id in current)
    assert engine.holds(f"  {min(current).upper()} ")
    assert not any(engine.holds(paper_id) for paper_id in retired)
    assert not engine.holds("learning")
