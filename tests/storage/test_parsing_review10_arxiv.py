"""One rule for an arXiv identifier: the links a record's id gives are the ones search knows its paper by
(real temporary SQLite file)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import write_json

IDS = {  # identifier -> whether it is one
    "2401.01234v2": True, "0704.0001": True, "math.AG/0406123": True, "hep-th/9901001v3": True,
    "1234.5678": False,      # month 34
    "math/0413001": False,   # month 13, before 2007: the loader's rule took any seven digits
    "cs/0400001": False,     # month 00
}


async def test_a_records_arxiv_id_gives_links_exactly_when_search_reads_it_as_one(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    records: list[dict[str, object]] = [{"id": arxiv_id, "title": f"Paper {n}", "abstract": abstracts[n]}
                                        for n, arxiv_id in enumerate(IDS)]
    await load_corpus(db, [write_json(tmp_path / "arxiv.json", records)])
    engine = await SearchEngine.open(db, meaning=False)
    async with db.execute("SELECT title, id, url FROM papers ORDER BY num") as cursor:
        stored = {row[0]: (row[1], row[2]) for row in await cursor.fetchall()}
    for n, (arxiv_id, is_one) in enumerate(IDS.items()):
        paper_id, url = stored[f"Paper {n}"]
        assert (url, engine.by_url(arxiv_id)) == (
            (f"https://arxiv.org/abs/{arxiv_id}", paper_id) if is_one else (None, None)), arxiv_id
