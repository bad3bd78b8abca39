"""A count of one in a problem or the load report is in the singular (session 16): a CSV row of one cell said
"1 fields but the header has 2", and `paperbot ingest` "… and 1 more duplicates"."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from storage.parsing import parse_file
from tests.storage.conftest import seed_paragraphs, write_seed_file


def test_a_csv_row_of_one_cell_says_1_field(tmp_path: Path) -> None:
    path = tmp_path / "papers.csv"
    path.write_text(f'title,abstract\nOne,"{seed_paragraphs()[0]}"\nonly a title\n')
    assert [str(p) for p in parse_file(path).problems] == [
        f"{path}:record 2 (line 3): 1 field but the header has 2; skipped"]


def test_ingest_counts_one_more_duplicate_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paragraphs = seed_paragraphs()[:21]  # 21 repeated: 20 named, then one counted
    corpus = write_seed_file(tmp_path / "twice.txt", paragraphs + paragraphs)
    assert main(["ingest", str(corpus), "--db", str(tmp_path / "cli.db")]) == 0
    out = capsys.readouterr().out
    assert "  … and 1 more duplicate\n" in out
