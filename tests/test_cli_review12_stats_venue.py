"""`paperbot stats` and `show` name a venue written over several lines on one line (session 12's review).

A BibTeX booktitle is often wrapped, and the venue is stored as written: `paperbot stats` broke its "venues:" line in
two (the second part indented by the file's spaces) and `show` its "venue:" row. The card is in
tests/bot/test_papers_review12_cards_venue.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from tests.bot.test_papers_review12_cards_venue import BIBTEX, VENUE


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path, corpus = tmp_path / "cli.db", tmp_path / "papers.bib"
    corpus.write_text(BIBTEX, encoding="utf-8")
    assert main(["ingest", str(corpus), "--db", str(path)]) == 0
    capsys.readouterr()
    return path


def test_stats_names_the_venue_on_its_line(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db_file)]) == 0
    assert f"\nvenues:    {VENUE} (1)\nlast load: " in capsys.readouterr().out


def test_show_and_today_name_the_venue_on_its_line(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Wrapped Venues in Bibliographies", "--db", str(db_file)]) == 0
    assert f"\n  venue:    {VENUE}\n" in capsys.readouterr().out
    assert main(["today", "--db", str(db_file)]) == 0
    assert f"\n  venue: {VENUE}\n" in capsys.readouterr().out
