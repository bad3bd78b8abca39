"""load_corpus on real temporary SQLite files: idempotence, atomicity, retire and return, duplicates."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import aiosqlite
import pytest

from storage import _corpus_build, loader
from storage import enrich as enrich_module
from storage.db import open_database
from storage.enrich import paper_id
from storage.loader import corpus_stats, load_corpus, summary
from storage.models import LoadReport, Paper, Problem, RawRecord
from storage.papers import PaperRepository
from tests.storage.conftest import BUNDLED, REPO, scalar, stored_paper, write_json, write_seed_file

SEED_NAMES = sorted(p.name for p in BUNDLED.glob("*.txt"))


async def fts_ids(conn: aiosqlite.Connection, query: str) -> set[str]:
    """Ids of the papers the full-text index finds for `query`."""
    async with conn.execute(
        "SELECT p.id FROM papers_fts JOIN papers p ON p.num = papers_fts.rowid WHERE papers_fts MATCH ?", (query,)
    ) as cursor:
        return {row[0] for row in await cursor.fetchall()}


async def test_loads_the_bundled_corpus(db: aiosqlite.Connection, seed_dir: Path) -> None:
    report = await load_corpus(db, [seed_dir])
    assert (report.records, report.added, report.active, report.problems) == (38, 38, 38, [])
    papers = PaperRepository(db)
    assert await papers.count() == 38
    shadowkv = await papers.by_id(paper_id(next(
        p for p in (seed_dir / "000_f08e38e0363d2af7.txt").read_text().split("\n\n") if "We present ShadowKV" in p)))
    assert shadowkv is not None
    assert shadowkv.title.startswith("ShadowKV: ")
    assert shadowkv.venue == "ICML 2025"
    assert shadowkv.source == "000_f08e38e0363d2af7.txt, paragraph 18 (line 37)"
    assert await fts_ids(db, "shadowkv") == {shadowkv.id}
    assert shadowkv.id in await fts_ids(db, "names:shadowkv")


async def test_unchanged_corpus_is_skipped_then_touched_files_are_compared_by_content(
        db: aiosqlite.Connection, seed_dir: Path) -> None:
    await load_corpus(db, [seed_dir])
    again = await load_corpus(db, [seed_dir])
    assert again.skipped_unchanged
    assert again.active == 38
    for name in SEED_NAMES:
        os.utime(seed_dir / name, ns=(1, 1))  # new modification time, same content
    touched = await load_corpus(db, [seed_dir])
    assert touched.skipped_unchanged
    forced = await load_corpus(db, [seed_dir], force=True)
    assert not forced.skipped_unchanged
    assert (forced.added, forced.updated, forced.unchanged, forced.retired) == (0, 0, 38, 0)
    assert await scalar(db, "SELECT count(*) FROM corpus_loads") == 2  # skipped loads are not recorded


async def test_a_new_enrichment_version_re_enriches_an_unchanged_corpus(
        db: aiosqlite.Connection, seed_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    await load_corpus(db, [seed_dir])
    version = loader.ENRICH_VERSION + 1
    for module in (loader, _corpus_build, enrich_module):
        monkeypatch.setattr(module, "ENRICH_VERSION", version)
    report = await load_corpus(db, [seed_dir])
    assert not report.skipped_unchanged
    assert (report.updated, report.added, report.active) == (38, 0, 38)
    async with db.execute("SELECT DISTINCT enrich_version FROM papers") as cursor:
        assert [row[0] for row in await cursor.fetchall()] == [version]


async def test_retired_papers_keep_their_row_and_come_back(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    first = write_seed_file(tmp_path / "a.txt", abstracts[:5])
    second = write_seed_file(tmp_path / "b.txt", abstracts[5:8])
    await load_corpus(db, [first, second])
    gone = paper_id(abstracts[6])

    report = await load_corpus(db, [first])
    assert (report.retired, report.active) == (3, 5)
    papers = PaperRepository(db)
    retired = await papers.by_id(gone)
    assert retired is not None
    assert not retired.active
    assert gone not in await papers.active_ids()
    assert await papers.count(active=False) == 3

    back = await load_corpus(db, [first, second])
    assert (back.reactivated, back.added, back.active) == (3, 0, 8)
    returned = await papers.by_id(gone)
    assert returned is not None
    assert returned.active


async def test_edited_abstract_is_a_new_paper_and_the_old_one_is_retired(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    corpus = write_seed_file(tmp_path / "a.txt", abstracts[:3])
    await load_corpus(db, [corpus])
    write_seed_file(corpus, [abstracts[0], abstracts[1] + " We also release code.", abstracts[2]])
    report = await load_corpus(db, [corpus])
    assert (report.added, report.retired, report.unchanged, report.active) == (1, 1, 2, 3)


async def test_same_abstract_twice_is_one_paper_and_reported(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    first = write_seed_file(tmp_path / "a.txt", abstracts[:3])
    spaced = "  ".join(abstracts[1].split(" "))  # whitespace differences do not make a new paper
    second = write_json(tmp_path / "b.json", [{"title": "Given title", "abstract": spaced}])
    report = await load_corpus(db, [first, second])
    assert (report.records, report.duplicates, report.added) == (4, 1, 3)
    assert report.duplicate_notes == ["b.json, record 1 repeats a.txt, paragraph 2 (line 5)"]


async def test_a_load_that_fails_half_way_leaves_the_previous_corpus(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    old = write_seed_file(tmp_path / "old.txt", abstracts[:10])
    await load_corpus(db, [old])
    before = await PaperRepository(db).active_ids()
    # A real SQLite failure in the middle of the write: the 15th row cannot be inserted.
    await db.execute("CREATE TRIGGER fail_half_way BEFORE INSERT ON papers "
                     "WHEN (SELECT count(*) FROM papers) >= 14 BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    new = write_seed_file(tmp_path / "new.txt", abstracts[10:30])
    with pytest.raises(sqlite3.IntegrityError, match="disk full"):
        await load_corpus(db, [new])
    assert await PaperRepository(db).active_ids() == before
    assert await scalar(db, "SELECT count(*) FROM papers") == 10
    assert len(await fts_ids(db, "unlearning")) > 0
    assert await scalar(db, "SELECT count(*) FROM corpus_loads") == 1
    await db.execute("DROP TRIGGER fail_half_way")
    assert not (await load_corpus(db, [new])).skipped_unchanged  # the failed load was not recorded


async def test_readers_see_the_old_corpus_until_the_new_one_is_committed(
        tmp_path: Path, abstracts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    db_file = tmp_path / "paperbot.db"
    conn = await open_database(db_file)
    try:
        await load_corpus(conn, [write_seed_file(tmp_path / "old.txt", abstracts[:4])])
        monkeypatch.setattr(loader, "_WRITE_BATCH", 5)
        seen_mid_load: list[int] = []

        def progress(stage: str, done: int, total: int) -> None:
            if stage == "writing" and done < total:  # rows are inserted but not committed yet
                with sqlite3.connect(db_file) as reader:
                    seen_mid_load.append(reader.execute("SELECT count(*) FROM papers").fetchone()[0])

        report = await load_corpus(conn, [write_seed_file(tmp_path / "new.txt", abstracts[4:20])],
                                   progress=progress)
        assert seen_mid_load
        assert set(seen_mid_load) == {4}
        assert report.active == 16
    finally:
        await conn.close()


async def test_a_corpus_with_nothing_usable_changes_nothing(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    good = write_seed_file(tmp_path / "good.txt", abstracts[:5])
    await load_corpus(db, [good])
    broken = tmp_path / "broken.txt"
    broken.write_bytes(b"\x00\x01binary")
    report = await load_corpus(db, [broken, tmp_path / "missing.json"])
    assert report.added == report.retired == 0
    assert report.active == 5
    assert [str(p) for p in report.problems] == [f"{tmp_path / 'missing.json'}: no such file or folder",
                                                 f"{broken}: binary file, not a text corpus"]
    assert await PaperRepository(db).count() == 5


async def test_papers_of_a_file_that_cannot_be_read_stay_active(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    first = write_seed_file(tmp_path / "a.txt", abstracts[:3])
    second = write_seed_file(tmp_path / "b.txt", abstracts[3:6])
    await load_corpus(db, [tmp_path])
    second.write_bytes(b"\x89PNG\x00\x00 corrupted by a bad copy")
    write_seed_file(first, abstracts[:2])
    report = await load_corpus(db, [tmp_path])
    assert report.retired == 1  # the abstract removed from a.txt; b.txt's three stay
    assert report.active == 5
    assert [str(p) for p in report.problems] == [f"{second}: binary file, not a text corpus"]


async def test_bulk_path_rebuilds_the_index_and_restores_its_triggers(
        db: aiosqlite.Connection, seed_dir: Path, tmp_path: Path, abstracts: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "BULK_THRESHOLD", 1)
    await load_corpus(db, [seed_dir])
    assert await scalar(db, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'papers_fts%'"
                        ) == 3
    assert len(await fts_ids(db, "shadowkv")) == 1
    async with db.execute("INSERT INTO papers_fts (papers_fts, rank) VALUES ('integrity-check', 1)"):
        pass
    monkeypatch.setattr(loader, "BULK_THRESHOLD", 10_000)  # a small change goes through the triggers
    extra = write_seed_file(tmp_path / "extra.txt", [abstracts[0] + " Zyxwv is our codename."])
    await load_corpus(db, [seed_dir, extra])
    assert len(await fts_ids(db, "zyxwv")) == 1


async def test_a_bulk_reload_that_rewrites_stored_rows_reindexes_them(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # Bulk inserts are indexed as they are written; rows updated without their triggers need a rebuild.
    monkeypatch.setattr(loader, "BULK_THRESHOLD", 1)
    corpus = write_json(tmp_path / "papers.json", [{"title": f"Plain {i}", "abstract": a}
                                                  for i, a in enumerate(abstracts[:6])])
    await load_corpus(db, [corpus])
    assert len(await fts_ids(db, "title:plain")) == 6
    write_json(corpus, [{"title": f"Quokka {i}", "abstract": a} for i, a in enumerate(abstracts[:8])])
    report = await load_corpus(db, [corpus])
    assert (report.added, report.updated) == (2, 6)
    assert len(await fts_ids(db, "title:quokka")) == 8
    assert await fts_ids(db, "title:plain") == set()
    async with db.execute("INSERT INTO papers_fts (papers_fts, rank) VALUES ('integrity-check', 1)"):
        pass


async def test_a_failure_while_the_workers_still_enrich_leaves_the_previous_corpus(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    old = write_seed_file(tmp_path / "old.txt", abstracts[:10])
    await load_corpus(db, [old])
    before = await PaperRepository(db).active_ids()
    monkeypatch.setattr(_corpus_build, "POOL_THRESHOLD_BYTES", 0)  # rows arrive from worker processes
    monkeypatch.setattr(_corpus_build, "_CHUNK", 3)  # in several chunks: the failure comes mid-stream
    monkeypatch.setattr(loader, "BULK_THRESHOLD", 1)
    await db.execute("CREATE TRIGGER fail_half_way BEFORE INSERT ON papers "
                     "WHEN (SELECT count(*) FROM papers) >= 16 BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(sqlite3.IntegrityError, match="disk full"):
        await load_corpus(db, [write_seed_file(tmp_path / "new.txt", abstracts[10:30])])
    assert await PaperRepository(db).active_ids() == before
    assert len(await fts_ids(db, "unlearning")) > 0
    assert await scalar(db, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'papers_fts%'"
                        ) == 3  # dropped for the bulk load, back with the rollback


async def test_an_in_memory_database_is_refused_with_a_clear_message(abstracts: list[str], tmp_path: Path) -> None:
    conn = await open_database(":memory:")
    try:
        with pytest.raises(ValueError, match="needs a database file"):
            await load_corpus(conn, [write_seed_file(tmp_path / "a.txt", abstracts[:3])])
        assert await PaperRepository(conn).count() == 0
    finally:
        await conn.close()


async def test_stats_after_loads(db: aiosqlite.Connection, seed_dir: Path, tmp_path: Path,
                                 abstracts: list[str]) -> None:
    empty = await corpus_stats(db)
    assert (empty.active, empty.retired, empty.last_load_at) == (0, 0, None)
    extra = write_json(tmp_path / "icml2018.json", [{"title": "T", "abstract": abstracts[0] + " Extra."}])
    await load_corpus(db, [seed_dir, extra])
    await load_corpus(db, [seed_dir])
    stats = await corpus_stats(db)
    assert (stats.active, stats.retired) == (38, 1)
    assert stats.venues == [("ICML 2025", 38)]
    assert stats.last_load_at is not None
    assert "0 added" in stats.last_load_summary
    assert "1 retired" in stats.last_load_summary
    assert [Path(f).name for f in stats.last_load_files] == SEED_NAMES


async def test_reload_after_an_edit_enriches_only_the_new_abstract(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = write_seed_file(tmp_path / "a.txt", abstracts[:6], header="ICML 2025 Papers")
    await load_corpus(db, [corpus])
    before = {p.id: p for p in await PaperRepository(db).by_ids(await PaperRepository(db).active_ids())}
    enriched: list[str] = []
    real_enrich = _corpus_build.enrich

    def counting_enrich(record: RawRecord) -> Paper:
        enriched.append(record.abstract)
        return real_enrich(record)

    monkeypatch.setattr(_corpus_build, "enrich", counting_enrich)
    # New venue in the header, paragraphs reordered, one abstract added.
    write_seed_file(corpus, [abstracts[6], *reversed(abstracts[:6])], header="ICML 2025 Accepted Papers (final)")
    report = await load_corpus(db, [corpus])
    assert enriched == [abstracts[6]]
    assert (report.added, report.updated, report.active) == (1, 6, 7)
    papers = PaperRepository(db)
    for pid, old in before.items():
        now = await papers.by_id(pid)
        assert now is not None
        assert (now.title, now.keywords, now.names, now.abstract) == (old.title, old.keywords, old.names, old.abstract)
        assert now.venue == "ICML 2025 Accepted Papers (final)"
    assert await papers.count() == 7
    moved = await papers.by_id(paper_id(abstracts[0]))
    assert moved is not None
    assert moved.source == "a.txt, paragraph 7 (line 15)"


async def test_a_title_given_later_replaces_the_generated_one_and_back(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    corpus = write_json(tmp_path / "papers.json", [{"abstract": abstracts[0]}])
    await load_corpus(db, [corpus])
    pid = paper_id(abstracts[0])
    generated = (await stored_paper(db, pid)).title
    write_json(corpus, [{"abstract": abstracts[0], "title": "The Real Title", "github": "https://github.com/a/b"}])
    assert (await load_corpus(db, [corpus])).updated == 1
    titled = await PaperRepository(db).by_id(pid)
    assert titled is not None
    assert (titled.title, titled.title_given, titled.links) == ("The Real Title", True, ("https://github.com/a/b",))
    write_json(corpus, [{"abstract": abstracts[0]}])
    await load_corpus(db, [corpus])
    untitled = await PaperRepository(db).by_id(pid)
    assert untitled is not None
    assert (untitled.title, untitled.title_given, untitled.links) == (generated, False, ())


async def test_worker_processes_give_the_same_papers_as_inline(
        tmp_path: Path, seed_dir: Path, abstracts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    inline_db = await open_database(tmp_path / "inline.db")
    pooled_db = await open_database(tmp_path / "pooled.db")
    try:
        await load_corpus(inline_db, [seed_dir])
        monkeypatch.setattr(_corpus_build, "POOL_THRESHOLD_BYTES", 0)  # what a large corpus gets
        monkeypatch.setattr(_corpus_build, "_CHUNK", 10)
        await load_corpus(pooled_db, [seed_dir])
        inline, pooled = PaperRepository(inline_db), PaperRepository(pooled_db)
        assert await pooled.by_ids(await pooled.active_ids()) == await inline.by_ids(await inline.active_ids())
        # A reload in the workers reuses the stored enrichment (record rows) and adds the new paper.
        extra = write_seed_file(tmp_path / "extra.txt", [abstracts[0] + " Also, zyxwv."])
        report = await load_corpus(pooled_db, [seed_dir, extra])
        assert (report.added, report.unchanged, report.active) == (1, 38, 39)
    finally:
        await inline_db.close()
        await pooled_db.close()


def test_worker_processes_start_from_a_script_without_a_main_guard(tmp_path: Path, seed_dir: Path) -> None:
    # `python -m bot` runs the bot when its __main__ is imported: workers must never re-import it.
    script = tmp_path / "unguarded.py"
    script.write_text(
        "import asyncio, sys\n"
        "from pathlib import Path\n"
        "from storage import _corpus_build\n"
        "from storage.db import open_database\n"
        "from storage.loader import load_corpus\n"
        "_corpus_build.POOL_THRESHOLD_BYTES = 0\n"
        "print('main module ran', flush=True)\n"
        "async def main():\n"
        "    conn = await open_database(sys.argv[1])\n"
        "    report = await load_corpus(conn, [Path(sys.argv[2])])\n"
        "    await conn.close()\n"
        "    print('active', report.active)\n"
        "asyncio.run(main())\n")
    done = subprocess.run([sys.executable, str(script), str(tmp_path / "x.db"), str(seed_dir)], cwd=REPO,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["main module ran", "active 38"]


async def test_titled_records_reuse_their_enrichment_too(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = write_json(tmp_path / "papers.json", [{"title": f"Paper {i}", "abstract": a}
                                                  for i, a in enumerate(abstracts[:4])])
    await load_corpus(db, [corpus])
    enriched: list[str] = []
    real_enrich = _corpus_build.enrich

    def counting_enrich(record: RawRecord) -> Paper:
        enriched.append(record.title or "")
        return real_enrich(record)

    monkeypatch.setattr(_corpus_build, "enrich", counting_enrich)
    write_json(corpus, [{"title": f"Paper {i} (revised)", "abstract": a} for i, a in enumerate(abstracts[:4])])
    report = await load_corpus(db, [corpus])
    assert enriched == []
    assert (report.updated, report.active) == (4, 4)
    paper = await PaperRepository(db).by_id(paper_id(abstracts[2]))
    assert paper is not None
    assert (paper.title, paper.title_given) == ("Paper 2 (revised)", True)


def test_the_load_summary_counts_in_words() -> None:
    one = summary(LoadReport(records=1, files=["a.txt"], duplicates=1, problems=[Problem("a.txt", "line 3", "x")]))
    assert one.startswith("1 record from 1 file: ")
    assert "1 duplicate, 1 problem; " in one
    many = summary(LoadReport(records=38, files=["a.txt", "b.txt"], duplicates=2))
    assert many.startswith("38 records from 2 files: ")
    assert "2 duplicates, 0 problems; " in many
    assert summary(LoadReport(skipped_unchanged=True, active=1)).startswith("unchanged, skipped (1 active paper, ")

