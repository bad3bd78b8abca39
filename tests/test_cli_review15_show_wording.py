"""`paperbot show` says what it looked for in /paper show's words (session 15's review).

The two worked out "no paper …" each on their own: /paper show answered "There is no paper with the id “…”", "…with
the arXiv identifier…", "…with the id or title…" or "…titled…", while `paperbot show` said "no paper with id '…'",
"no paper has the arXiv identifier '…'" and "no paper has the id or title '…'" for the same input. Both now take
the words from storage.papers.looked_for; the cases are tests/bot/test_papers_review13_show_not_found.py's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
RECORDS = [{"title": "Sparse Attention for Long Documents", "url": "https://arxiv.org/abs/2401.01234",
            "abstract": "We make attention sparse so that long documents fit in memory." + TAIL}]


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "cli.db"
    assert main(["ingest", str(write_json(tmp_path / "papers.json", RECORDS)), "--db", str(path)]) == 0
    capsys.readouterr()
    return path


# What was typed, and the words /paper show's reply names it with ("There is no paper <words> “<typed>”").
@pytest.mark.parametrize(("typed", "words"), [
    ("gatyri3kkq", "with the id"),  # an id's shape: ten base32 characters, a digit (was "with id")
    ("id zzzzzzzzzz", "with the id"),  # a card's footer
    ("`nosuch`", "with the id"),  # quoted as a result list shows ids
    ("quantizers", "with the id or title"),  # ten base32 letters: either (was "has the id or title")
    ("2407.00001", "with the arXiv identifier"),  # (was "has the arXiv identifier")
    ("arXiv:2407.00001v2", "with the arXiv identifier"),
])
def test_show_names_what_it_looked_for_as_the_bot_does(db_file: Path, capsys: pytest.CaptureFixture[str],
                                                       typed: str, words: str) -> None:
    assert main(["show", typed, "--db", str(db_file)]) == 1

    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"paperbot show: no paper {words} {typed!r} in {db_file}"), err
