"""A .bib file that ends inside an entry right after a whole line is read as cut short (session 17's card review).

A copy still being written stops anywhere, also just after a line break: after the key's line, a field's line, or
the last value's, with only the entry's closing brace to come. Such a file read as whole, its last entry "malformed
(Unexpectedly reached end of file.)", and the papers not copied yet were retired until the copy was done. It now
loads as a file cut short does (session 16: cut part way through a line or inside a value): every entry before the
cut, the one it stops in named and skipped, the file named as ending part way, its other papers kept.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.parsing import parse_file
from tests.storage.test_loader_review16_cut_bibtex import ABSTRACT, COUNT, CUT_ENTRY, CUT_SHORT_NOTE


def _entry(n: int) -> str:
    """Entry n, lines 7n+1 to 7n+6 of the file, a blank line after it."""
    return (f"@inproceedings{{k{n},\n  title = {{T{n}}},\n  author = {{Lovelace, Ada}},\n"
            f"  abstract = {{{ABSTRACT}\nIt goes on over a second line, case {n}.}}\n}}\n\n")


def _bib(count: int = COUNT) -> str:
    return "".join(_entry(n) for n in range(count))


def _up_to(text: str, line_end: str, entry: int = 7) -> str:
    """The text up to just after `line_end` as it is first written in the given entry."""
    start = text.index(f"@inproceedings{{k{entry},")
    return text[:text.index(line_end, start) + len(line_end)]


# Where a copy stops in entry 7 (line 50), each just after a line break
LINE_ENDS = {
    "after its key's line": "@inproceedings{k7,\n",
    "after its title's line": "{T7},\n",
    "after its author's line": "{Lovelace, Ada},\n",
    "after its abstract's first line": "decide most of it.\n",
    "after its last value, only the entry's closing brace to come": "case 7.}\n",
}


async def _titles(db: aiosqlite.Connection) -> set[str]:
    async with db.execute("SELECT title FROM papers WHERE active = 1") as cursor:
        return {row[0] for row in await cursor.fetchall()}


@pytest.mark.parametrize("cut", LINE_ENDS)
async def test_a_bib_file_cut_right_after_a_line_names_the_entry_and_keeps_the_papers(
        db: aiosqlite.Connection, tmp_path: Path, cut: str) -> None:
    path = tmp_path / "anthology.bib"
    path.write_text(_bib())
    assert (await load_corpus(db, [path])).active == COUNT
    path.write_text(_up_to(_bib().replace("{T0}", "{Renamed 0}"), LINE_ENDS[cut]))
    report = await load_corpus(db, [path])
    # before: "line 50: malformed BibTeX entry '@inproceedings{k7' (Unexpectedly reached end of file.); skipped"
    assert [str(p) for p in report.problems] == [f"{path}:entry k7 (line 50): {CUT_ENTRY}", f"{path}: {CUT_SHORT_NOTE}"]
    assert report.records == 7
    assert (report.retired, report.active) == (0, COUNT)  # before: the three papers not copied yet retired
    assert "Renamed 0" in await _titles(db)  # the entries before the cut are read whole


def test_a_bib_file_with_windows_line_breaks_cut_after_one_is_cut_short_too(tmp_path: Path) -> None:
    path = tmp_path / "anthology.bib"
    path.write_bytes(_up_to(_bib(), "case 7.}\n").replace("\n", "\r\n").encode())
    result = parse_file(path)
    assert len(result.records) == 7
    assert [str(p) for p in result.problems] == [f"{path}:entry k7 (line 50): {CUT_ENTRY}", f"{path}: {CUT_SHORT_NOTE}"]
    assert result.cut_short == [path]


def test_a_last_entry_with_a_brace_left_open_is_read_as_cut_short(tmp_path: Path) -> None:
    # Its writer's slip or a copy stopping there: the file alone cannot tell, and taking it as cut keeps the papers.
    path = tmp_path / "anthology.bib"
    path.write_text(_bib(3).replace("{T2}", "{T2"))
    result = parse_file(path)
    assert len(result.records) == 2
    assert [str(p) for p in result.problems] == [f"{path}:entry k2 (line 15): {CUT_ENTRY}", f"{path}: {CUT_SHORT_NOTE}"]


def test_a_whole_bib_file_is_still_whole(tmp_path: Path) -> None:
    for text in (_bib(), _bib().rstrip(), _bib().rstrip() + "\n"):
        path = tmp_path / "anthology.bib"
        path.write_text(text)
        result = parse_file(path)
        assert (len(result.records), result.problems, result.cut_short) == (COUNT, [], [])
