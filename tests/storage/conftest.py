"""Corpus fixtures: the bundled seed files, small corpora written on the fly, a temporary database."""

from __future__ import annotations

import functools
import json
import shutil
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from storage import _corpus_text
from storage.db import open_database
from storage.enrich import enrich
from storage.loader import load_corpus
from storage.models import LoadReport, Paper, RawRecord
from storage.papers import PaperRepository
from storage.parsing import MIN_ABSTRACT_WORDS
from storage.search import SearchEngine

REPO = Path(__file__).resolve().parents[2]
BUNDLED = REPO / "data"
SHARED_DATASETS = REPO.parent / "shared" / "datasets"


def seed_paragraphs() -> list[str]:
    """Every abstract paragraph of the bundled seed files, in file order."""
    paragraphs: list[str] = []
    for path in sorted(BUNDLED.glob("*.txt")):
        paragraphs += [p.strip() for p in path.read_text(encoding="utf-8").split("\n\n")[1:] if p.strip()]
    return paragraphs


def candidates(plain: str) -> set[str]:
    """The keyphrase candidates enrichment reads off a plain text (before ranking)."""
    return set(_corpus_text._candidates(plain)[0])


@functools.cache
def dev_set_abstracts() -> dict[str, tuple[str, str]]:
    """The shared dev sets' abstracts by title, with the file each is in (read once per test run)."""
    found: dict[str, tuple[str, str]] = {}
    for name in ("icml2018.json", "aistats2025.json"):
        for paper in json.loads((SHARED_DATASETS / name).read_text(encoding="utf-8")):
            found.setdefault(paper["title"], (paper["abstract"], name))
    return found


def dev_set_card(title: str) -> tuple[str, ...]:
    """The keyphrases a card shows for the dev-set paper of that title."""
    if title not in dev_set_abstracts():
        raise AssertionError(f"no dev-set paper titled {title!r}")
    abstract, name = dev_set_abstracts()[title]
    return enrich(RawRecord(abstract=abstract, source_file=name, source_ref="record 1", title=title)).keywords


def assert_card_drops(title: str, fragment: str, kept: str | None) -> None:
    """The dev-set paper of that title shows no keyphrase `fragment`, and still shows `kept` (a real phrase beside it,
    so that an empty or shifted card cannot pass)."""
    keywords = dev_set_card(title)
    assert fragment not in keywords, keywords
    if kept is not None:
        assert kept in keywords, keywords


def write_seed_file(path: Path, abstracts: list[str], header: str = "Test Venue 2025 Papers") -> Path:
    """Write abstracts in the seed text format: a header line, then one abstract per paragraph."""
    path.write_text(header + "\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    return path


def write_json(path: Path, records: Sequence[Mapping[str, object]]) -> Path:
    """Write records as a JSON list (any mappings: a test's `dict[str, str]` records as they are)."""
    return write_json_value(path, records)


def write_json_value(path: Path, value: object) -> Path:
    """Write any JSON value: a corpus file that is no list of records (one paper, a wrapper object, a string)."""
    path.write_text(json.dumps(value, indent=1, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def seed_dir(tmp_path: Path) -> Path:
    """A private copy of the bundled corpus folder (the two seed files)."""
    target = tmp_path / "corpus"
    shutil.copytree(BUNDLED, target)
    return target


@pytest.fixture
def abstracts() -> list[str]:
    """The real seed abstracts."""
    return seed_paragraphs()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    """A migrated database in a temporary file."""
    conn = await open_database(tmp_path / "paperbot.db")
    try:
        yield conn
    finally:
        await conn.close()


def assert_nothing_skipped(report: LoadReport) -> None:
    """Fail if the load skipped a record: one too short, not prose, a duplicate, with a missing field (each is a
    problem or a duplicate note in its report) would leave the test checking a corpus other than the one it
    describes."""
    assert not report.problems, [str(problem) for problem in report.problems]
    assert report.duplicate_notes == []


def assert_all_loaded(report: LoadReport, papers: int) -> None:
    """Fail unless the load kept every record a test wrote, `papers` of them (`assert_nothing_skipped`)."""
    assert_nothing_skipped(report)
    assert report.active == papers


async def engine_with_titles(db: aiosqlite.Connection, folder: Path, titles: list[str],
                             abstract: Callable[[int, str], str]) -> SearchEngine:
    """The bundled corpus plus one paper per given title (`abstract(n, title)` its text), searched by words."""
    records: list[dict[str, object]] = [{"title": title, "abstract": abstract(n, title)}
                                        for n, title in enumerate(titles)]
    report = await load_corpus(db, [BUNDLED, write_json(folder / "titled.json", records)])
    assert_all_loaded(report, len(seed_paragraphs()) + len(records))
    return await SearchEngine.open(db, meaning=False)


Records = list[Mapping[str, object]]  # a test's records as written: `dict[str, str]` ones too


async def engine_over(db: aiosqlite.Connection, folder: Path,
                      files: Mapping[str, Sequence[Mapping[str, object]]]) -> SearchEngine:
    """A words-only engine over JSON corpus files written into `folder` (file name -> records; a file's name is
    its records' venue when they name none), loaded as `paperbot ingest` loads them."""
    report = await load_corpus(db, [write_json(folder / name, records) for name, records in files.items()])
    assert_all_loaded(report, sum(len(records) for records in files.values()))
    return await SearchEngine.open(db, meaning=False)


def papers_about(topic: str, count: int) -> Records:
    """`count` titled records that write `topic` twice each, alike but for their number."""
    return [{"title": f"Studies of {topic} number {n}",
             "abstract": f"We study {topic} in setting {n}, with bounds on {topic} errors and a new estimator. "
                         "Experiments on public data confirm what the theory predicts."}
            for n in range(count)]


SURVEY_TOPICS = ("Glaciers", "Violins", "Volcanoes", "Beehives", "Canals")


def surveys(tail: str = "", topics: tuple[str, ...] = SURVEY_TOPICS) -> Records:
    """Papers about nothing a search test looks for ("A Survey of Glaciers", …, one per topic, each abstract + `tail`):
    beside them the words under test are in few papers, as in a real corpus, where a word most papers have weighs
    little."""
    records: Records = [{"title": f"A Survey of {topic}",
                         "abstract": f"A survey of {topic} across regions and decades, drawn from field notes, "
                                     f"maps and archives kept by local societies." + tail}
                        for topic in topics]
    # Each must load: an abstract under MIN_ABSTRACT_WORDS is skipped as too short, and the words under test would
    # then be in every paper the test loads.
    assert all(len(str(record["abstract"]).split()) >= MIN_ABSTRACT_WORDS for record in records)
    return records


async def titles_found(engine: SearchEngine, query: str) -> set[str]:
    """The titles of the papers a search for `query` lists on its first page."""
    return {hit.paper.title for hit in (await engine.search(query)).hits}


async def rows_of(db: aiosqlite.Connection, sql: str, parameters: tuple[object, ...] = ()) -> list[aiosqlite.Row]:
    """Every row `sql` gives, as a list (aiosqlite declares its rows a mere Iterable: no len(), no [0])."""
    return list(await db.execute_fetchall(sql, parameters))


async def scalar(db: aiosqlite.Connection, sql: str, parameters: tuple[object, ...] = ()) -> Any:
    """The first column of the first row `sql` gives; the test fails if it gives no row."""
    async with db.execute(sql, parameters) as cursor:
        row = await cursor.fetchone()
    assert row is not None, f"no row for {sql!r}"
    return row[0]


async def id_titled(db: aiosqlite.Connection, start: str) -> str:
    """The id of the one stored paper whose title starts with `start`."""
    rows = await rows_of(db, "SELECT id FROM papers WHERE title LIKE ? || '%'", (start,))
    assert len(rows) == 1
    return str(rows[0][0])


async def stored_paper(db: aiosqlite.Connection, paper_id: str) -> Paper:
    """The stored paper with this id; the test fails if there is none."""
    paper = await PaperRepository(db).by_id(paper_id)
    assert paper is not None, f"no paper {paper_id}"
    return paper


async def paper_titled(db: aiosqlite.Connection, title: str) -> str:
    """The id of the stored paper with exactly this title."""
    async with db.execute("SELECT id FROM papers WHERE title = ?", (title,)) as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return str(row[0])
