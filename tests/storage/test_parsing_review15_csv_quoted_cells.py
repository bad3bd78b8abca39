"""CSV files whose every cell is quoted (session 15): pandas' `to_csv(sep=";", quoting=csv.QUOTE_ALL)`, LibreOffice's
"Quote all text cells". The header row is read with "," first, and a quoted cell followed by ";" or a tab is an error
there: such a file loaded nothing, "malformed CSV header: ',' expected after '\"'", though ";" and tabs are read. And
a comma-separated file with no header row, or a table of something else, quoted so, was told "';' expected",
naming a separator it does not use, where an unquoted one is told it has no header row with an abstract column."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from storage.parsing import parse_file
from tests.storage.conftest import seed_paragraphs


def _quoted(rows: list[list[str]], delimiter: str) -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, quoting=csv.QUOTE_ALL).writerows(rows)
    return out.getvalue()


@pytest.mark.parametrize("delimiter", [";", "\t"])
def test_a_table_with_every_cell_quoted_loads_whatever_its_separator(tmp_path: Path, delimiter: str) -> None:
    abstracts = seed_paragraphs()[:2]
    path = tmp_path / "export.csv"
    path.write_text(_quoted([["Title", "Abstract", "Authors"], ["One", abstracts[0], "A. One; B. Two"],
                             ["Two", abstracts[1], "C. Three"]], delimiter))
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.authors) for r in result.records] == [("One", ("A. One", "B. Two")), ("Two", ("C. Three",))]
    broken = tmp_path / "broken.csv"  # a header no separator reads is malformed, as before
    broken.write_text(f'"title" x{delimiter}"abstract"\n"One"{delimiter}"Text"\n')
    assert [str(p) for p in parse_file(broken).problems] == [
        f"{broken}:line 1: malformed CSV header: ',' expected after '\"'"]


@pytest.mark.parametrize(("rows", "first_row"), [
    ([["Paper one", "We study things, and more."], ["Paper two", "Another."]], "paper one, we study things, and more."),
    ([["name", "email"], ["Ada", "ada@example.com"]], "name, email"),
])
def test_a_quoted_table_with_no_abstract_column_is_told_so(tmp_path: Path, rows: list[list[str]],
                                                           first_row: str) -> None:
    path = tmp_path / "table.csv"
    path.write_text(_quoted(rows, ","))
    assert [str(p) for p in parse_file(path).problems] == [
        f"{path}:line 1: no header row with an 'abstract' column (first row: {first_row!r})"]

