"""CSV datasets as they are published: a paper's full text in a column beside its abstract."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from storage.parsing import parse_file


def test_a_full_text_column_longer_than_the_csv_modules_limit_loses_no_record(tmp_path: Path,
                                                                              abstracts: list[str]) -> None:
    # Kaggle's "NIPS Papers" papers.csv and datasets like it keep each paper's text in a column (paper_text).
    # A cell over the csv module's field limit (131,072 characters: a long paper with its appendices) made
    # the row "malformed CSV row (field larger than field limit (131072))", and reading went on inside that
    # cell: each of its lines a row of its own, "81 fields but the header has 4", and the next papers lost.
    long_text = "\n\n".join(["Section text, with commas, and more words here. " * 40] * 80)  # 153,758 characters
    rows = [("id", "title", "abstract", "paper_text")]
    rows += [(str(n), f"Paper {n}", abstracts[n], long_text if n % 2 == 0 else "Short text.") for n in range(4)]
    table = io.StringIO()
    csv.writer(table).writerows(rows)
    path = tmp_path / "papers.csv"
    path.write_text(table.getvalue(), encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.abstract, r.source_ref) for r in result.records] == [
        ("Paper 0", abstracts[0], "record 1 (line 2)"), ("Paper 1", abstracts[1], "record 2 (line 161)"),
        ("Paper 2", abstracts[2], "record 3 (line 162)"), ("Paper 3", abstracts[3], "record 4 (line 321)")]


async def test_an_abstract_over_the_limit_in_a_csv_is_told_its_length(db: aiosqlite.Connection, tmp_path: Path,
                                                                      abstracts: list[str]) -> None:
    # Over the csv module's limit it was "malformed CSV row (field larger than field limit (131072))", which
    # names neither the field nor the limit that matters; the rows after it load as before.
    path = tmp_path / "papers.csv"
    table = io.StringIO()
    csv.writer(table).writerows([("title", "abstract"), ("Huge", "word " * 30_000), ("Fine", abstracts[0])])
    path.write_text(table.getvalue(), encoding="utf-8")
    report = await load_corpus(db, [path])
    assert report.added == 1
    assert [str(p) for p in report.problems] == [
        f"{path}:record 1 (line 2): 149,999 characters, over the 20,000 limit for one abstract; skipped"]
