"""The command line prints a paper's title and abstract as text, not as Discord markdown (session 12's review).

A stored title and abstract are the card's Discord markdown: LaTeX rendered for the card escapes its markdown
characters ("$\\Theta_L$" is "Θ\\_L") and a title's \\texttt is code ("q`POTS`"). `paperbot show` printed them as
stored, so a terminal showed "Θ\\_L" and "q`POTS`: …" (and `paperbot today` and `search`'s titles the same), where
autocomplete and the result lists show "qPOTS". The text output now has the characters; --json keeps what is stored.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import write_json

RECORD = {"title": "$q\\texttt{POTS}$: Efficient Batch Optimization", "venue": "AISTATS 2025",
          "abstract": "We stay near the optimum $x^*$ of a network whose last layer is $\\Theta_L$, in a "
                      "*fixed-target* game; the code is at https://github.com/lab_x/q_pots for all to use."}


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "cli.db"
    assert main(["ingest", str(write_json(tmp_path / "papers.json", [RECORD])), "--db", str(path)]) == 0
    capsys.readouterr()
    return path


def _stored(db_file: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    assert main(["show", "qPOTS: Efficient Batch Optimization", "--json", "--db", str(db_file)]) == 0
    return dict(json.loads(capsys.readouterr().out))


def test_show_prints_the_title_and_abstract_as_text(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stored = _stored(db_file, capsys)
    assert stored["title"] == "q`POTS`: Efficient Batch Optimization"  # --json: as stored, the card's markdown
    assert "Θ\\_L" in stored["abstract"]

    assert main(["show", stored["id"], "--db", str(db_file)]) == 0
    out = capsys.readouterr().out

    assert out.startswith("qPOTS: Efficient Batch Optimization\n")
    assert "Θ_L" in out
    assert "\\" not in out
    assert "*fixed-target*" in out  # emphasis is the abstract's own writing: kept
    assert "https://github.com/lab_x/q_pots" in out


def test_today_and_search_print_the_title_as_text(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["today", "--db", str(db_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Paper of the day, {datetime.now(UTC):%A %-d %B %Y}\nqPOTS: Efficient Batch Optimization\n")
    assert "Θ_L" in out
    assert "\\" not in out

    assert main(["search", "batch optimization", "--db", str(db_file)]) == 0
    assert " 1. qPOTS: Efficient Batch Optimization\n" in capsys.readouterr().out
