"""A retired paper is found by its title with one indexed read (session 16's review), on a real temporary database.

`paperbot show "<retired title>"` read every retired paper's title holding the longest word typed (a pass over the
table each time), and /paper show did not look for retired titles at all. A load now keys each paper it retires by
its title (`papers.title_key`, migration 0007), and `retired_titled` reads that key through its index; papers
retired before the migration are read one by one until the next load keys them.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from storage.search import SearchEngine, retired_titled
from tests.storage.conftest import rows_of, write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
OLD = [{"title": "$q\\texttt{POTS}$: Efficient Batch Multiobjective Optimization", "venue": "AISTATS 2025",
        "abstract": "We pick batches on the Pareto front by Thompson sampling from Gaussian processes." + TAIL},
       *({"title": "Graph Kernels Revisited", "venue": venue,
          "abstract": f"We revisit graph kernels, as presented at {venue}, and find them competitive." + TAIL}
         for venue in ("ICML 2024", "NeurIPS 2023"))]
CURRENT = [{"title": "Sparse Attention for Long Documents", "venue": "ICML 2025",
            "abstract": "We make attention sparse so that long documents fit in memory." + TAIL}]


async def _retire_old(db: aiosqlite.Connection, tmp_path: Path) -> dict[str, str]:
    """Load OLD and CURRENT, then CURRENT alone: the retired papers' ids by venue."""
    corpus = tmp_path / "papers.json"
    await load_corpus(db, [write_json(corpus, [*OLD, *CURRENT])])
    await load_corpus(db, [write_json(corpus, CURRENT)])
    rows = await db.execute_fetchall("SELECT venue, id FROM papers WHERE active = 0")
    return {str(venue): str(paper_id) for venue, paper_id in rows}


async def test_a_load_keys_the_titles_it_retires(db: aiosqlite.Connection, tmp_path: Path) -> None:
    retired = await _retire_old(db, tmp_path)

    rows = await db.execute_fetchall("SELECT venue, title_key FROM papers WHERE active = 0")
    keys = {row[0]: row[1] for row in rows}  # venue: title key
    assert keys["AISTATS 2025"] == "qpotsefficientbatchmultiobjectiveoptimization"
    assert await retired_titled(db, "qPOTS: Efficient Batch Multiobjective Optimization") == [retired["AISTATS 2025"]]
    assert await retired_titled(db, "Graph Kernels Revisited") == [retired["ICML 2024"], retired["NeurIPS 2023"]]
    assert await retired_titled(db, "Graph Kernels Revisited [NeurIPS 2023]") == [retired["NeurIPS 2023"]]
    assert await retired_titled(db, "Sparse Attention for Long Documents") == []  # a current paper's


async def test_the_lookup_reads_the_key_through_its_index(db: aiosqlite.Connection, tmp_path: Path) -> None:
    await _retire_old(db, tmp_path)
    await db.execute("ANALYZE")  # statistics that make walking the retired papers look as cheap

    plan = await rows_of(db, "EXPLAIN QUERY PLAN SELECT id FROM papers INDEXED BY papers_retired_title "
                             "WHERE active = 0 AND title_key = ?", ("x",))
    assert "USING INDEX papers_retired_title (title_key=?)" in str(plan[0][3])


async def test_papers_retired_before_the_key_are_found_and_keyed_at_the_next_load(db: aiosqlite.Connection,
                                                                                  tmp_path: Path) -> None:
    retired = await _retire_old(db, tmp_path)
    await db.execute("UPDATE papers SET title_key = NULL")  # as migration 0007 leaves them
    await db.commit()

    assert await retired_titled(db, "Graph Kernels Revisited - ICML 2024") == [retired["ICML 2024"]]
    await load_corpus(db, [write_json(tmp_path / "more.json", CURRENT[:1])])  # a load that changes something
    assert not await db.execute_fetchall("SELECT id FROM papers WHERE active = 0 AND title_key IS NULL")


async def test_a_current_paper_of_the_title_comes_before_a_retired_one(db: aiosqlite.Connection,
                                                                       tmp_path: Path) -> None:
    corpus = tmp_path / "papers.json"
    namesake = {**OLD[1], "venue": "ICML 2025", "abstract": "Graph kernels, revisited again in 2025." + TAIL}
    await load_corpus(db, [write_json(corpus, [*OLD, *CURRENT, namesake])])
    await load_corpus(db, [write_json(corpus, [*CURRENT, namesake])])
    [(current,)] = await db.execute_fetchall("SELECT id FROM papers WHERE venue = 'ICML 2025' AND active = 1 "
                                             "AND title LIKE 'Graph%'")
    [(retired,)] = await db.execute_fetchall("SELECT id FROM papers WHERE venue = 'ICML 2024'")
    engine = await SearchEngine.open(db, meaning=False)

    assert await engine.titled_or_retired("Graph Kernels Revisited") == [current]
    assert await engine.titled_or_retired("Graph Kernels Revisited - ICML 2025") == [current]
    assert await engine.titled_or_retired("Graph Kernels Revisited - ICML 2024") == [retired]
