"""A CSV or seed text file still being copied (session 16): cut in its last row or paragraph, it passed for whole.
Its last record loaded cut short (or its cut quoted cell's lines were each "1 fields but the header has 3"), and the
papers not copied yet were retired. What can be told is now said: a CSV that ends inside a quoted cell, or whose last
row has fewer cells than the header, with no line break after it; a seed text whose last line stops mid-sentence
with no line break after it (a hand-written file may lack the line break alone). The cut record is named, the rest
loads, and the file's other papers are kept."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.parsing import parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")
CUT_SHORT_NOTE = ("the file ends part way through (a copy still being written, a download cut short?): its papers "
                  "are kept until it is whole")
CUT_RECORD = "the file ends part way through this record; skipped"
CUT_PARAGRAPH = ("the file ends part way through this paragraph, it seems: it stops mid-sentence, with no line break "
                 "after it; skipped (if the file is whole, end it with a line break)")
COUNT = 10


def _abstract(n: int) -> str:
    return f"{ABSTRACT}\nIt goes on over a second line, case {n}."


def _csv(count: int = COUNT) -> str:
    out = io.StringIO()
    csv.writer(out).writerows([["title", "abstract", "authors", "url"],
                               *([f"T{n}", _abstract(n), "Ada Lovelace", f"https://example.org/{n}"]
                                 for n in range(count))])
    return out.getvalue()


def _seed(count: int = COUNT) -> str:
    return "ICML 2020 Papers\n\n" + "".join(f"{_abstract(n)}\n\n" for n in range(count))


# Where a copy of the CSV stops in its record 7 (line 14: each abstract has two), and what is said of that record
CSV_CUTS = {
    "inside its quoted abstract, on its first line": ("the order of", CUT_RECORD),
    "inside its quoted abstract, on its second line": ("second line, ca", CUT_RECORD),
    "inside its title": ('\r\nT', CUT_RECORD),
    "inside its authors": ("Ada Lov", "the file ends part way through this record: loaded without its cells from "
                                      "'authors' on, which the end of the file cuts off"),
}


def _cut_in_record(text: str, marker: str, record: int = 6) -> str:
    """The text up to just after `marker` as it is first written in the given record (from 0)."""
    start = text.index(f"T{record},") if marker != "\r\nT" else text.index(f"T{record},") - 2
    return text[:text.index(marker, start) + len(marker)]


async def _titles(db: aiosqlite.Connection) -> set[str]:
    async with db.execute("SELECT title FROM papers WHERE active = 1") as cursor:
        return {row[0] for row in await cursor.fetchall()}


@pytest.mark.parametrize("cut", CSV_CUTS)
async def test_a_csv_cut_in_its_last_row_names_it_and_keeps_the_papers(db: aiosqlite.Connection, tmp_path: Path,
                                                                       cut: str) -> None:
    path = tmp_path / "papers.csv"
    path.write_text(_csv(), newline="")
    assert (await load_corpus(db, [path])).active == COUNT
    marker, told = CSV_CUTS[cut]
    path.write_text(_cut_in_record(_csv().replace("T0,", "Renamed 0,"), marker), newline="")
    report = await load_corpus(db, [path])
    assert [str(p) for p in report.problems] == [f"{path}:record 7 (line 14): {told}", f"{path}: {CUT_SHORT_NOTE}"]
    assert (report.retired, report.active) == (0, COUNT)  # before: the papers not copied yet retired
    assert "Renamed 0" in await _titles(db)


def test_a_csv_row_loaded_without_its_cut_cells_has_only_its_whole_ones(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text(_cut_in_record(_csv(), "Ada Lov"), newline="")
    last = parse_file(path).records[-1]
    assert (last.title, last.abstract, last.authors, last.url) == ("T6", _abstract(6), (), None)


@pytest.mark.parametrize("text", [
    _csv().rstrip("\r\n"),  # whole, its last row all there: no line break after it is no cut
    _csv() + 'T99,"' + _abstract(99) + '"',  # a last row without its empty cells (Excel) but its line break: whole
])
def test_a_whole_csv_without_a_last_line_break_is_not_taken_for_one_cut(tmp_path: Path, text: str) -> None:
    path = tmp_path / "papers.csv"
    path.write_text(text + ("\r\n" if text.endswith('"') else ""), newline="")
    result = parse_file(path)
    assert (result.problems, result.cut_short) == ([], [])


def test_a_quote_left_open_in_a_whole_csv_still_loses_only_its_row(tmp_path: Path) -> None:
    # a file that ends with a line break: the quote is a mistake, not a cut, and the rows after it are read again
    lines = [f"T{n},{ABSTRACT.replace(',', '')} Case {n}." for n in range(4)]
    lines[1] = 'T1,"A quote never closed'
    path = tmp_path / "papers.csv"
    path.write_text("title,abstract\n" + "\n".join(lines) + "\n")
    result = parse_file(path)
    assert [str(p) for p in result.problems] == [f"{path}:record 2 (line 3): malformed CSV row (unexpected end of "
                                                 "data); skipped"]
    assert ([r.title for r in result.records], result.cut_short) == (["T0", "T2", "T3"], [])


async def test_a_seed_text_cut_mid_sentence_names_its_paragraph_and_keeps_the_papers(db: aiosqlite.Connection,
                                                                                    tmp_path: Path) -> None:
    path = tmp_path / "icml2020.txt"
    path.write_text(_seed())
    assert (await load_corpus(db, [path])).active == COUNT
    text = _seed()
    path.write_text(text[:text.index("remembers, and", text.index(_abstract(6)))])
    report = await load_corpus(db, [path])
    assert [str(p) for p in report.problems] == [f"{path}:paragraph 7 (line 21): {CUT_PARAGRAPH}",
                                                 f"{path}: {CUT_SHORT_NOTE}"]
    assert (report.records, report.retired, report.active) == (6, 0, COUNT)  # before: 7, and 3 retired


@pytest.mark.parametrize("end", [
    "case 6.",  # a full stop
    "case 6. Code is at https://github.com/org/code",  # a link
    "case 6 (see the appendix)",
])
def test_a_whole_seed_text_without_a_last_line_break_loads_whole(tmp_path: Path, end: str) -> None:
    path = tmp_path / "icml2020.txt"
    path.write_text(_seed(6) + _abstract(6).replace("case 6.", end))
    result = parse_file(path)
    assert (len(result.records), result.problems, result.cut_short) == (7, [], [])
