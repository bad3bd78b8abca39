"""A CSV row whose quote is never closed (session 15): the csv reader takes the lines after it into that cell,
looking for the closing quote, so one stray quote in row 3 of a 100-row export lost the 97 rows after it (or, where
the next row has a quoted cell, that row), told only as one "malformed CSV row" line, and their papers retired.
The rows after the malformed one are now read again from the line after its first, and load."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from storage.parsing import parse_file
from tests.storage.conftest import seed_paragraphs


def _lines(quoted: bool) -> list[str]:
    abstracts = [a if quoted else a.replace(",", "").replace('"', "") for a in seed_paragraphs()[:8]]
    out = io.StringIO()
    csv.writer(out).writerows([["title", "abstract"], *([f"Paper {n}", a] for n, a in enumerate(abstracts))])
    return out.getvalue().splitlines(keepends=True)


@pytest.mark.parametrize(("quoted", "told"), [
    (False, "unexpected end of data"),  # no quote below closes it: every row after it was lost
    (True, "',' expected after '\"'"),  # the next row's quoted abstract closes it: that row was lost
])
def test_rows_after_a_quote_left_open_still_load(tmp_path: Path, quoted: bool, told: str) -> None:
    lines = _lines(quoted)
    lines[2] = 'Paper 1,"An abstract whose quote is never closed as a hand edit leaves it\n'
    path = tmp_path / "export.csv"
    path.write_text("".join(lines))
    result = parse_file(path)
    assert [r.title for r in result.records] == ["Paper 0", *(f"Paper {n}" for n in range(2, 8))]
    assert [str(p) for p in result.problems] == [f"{path}:record 2 (line 3): malformed CSV row ({told}); skipped"]
