"""A paper's text that the output's encoding cannot write is printed all the same (session 12's review).

Standard output is written in the locale's encoding when it is not a terminal that takes Unicode: a file or a pipe on
Windows (cp1252), a Linux locale such as en_US.ISO-8859-1, PYTHONIOENCODING=ascii. `paperbot show ID > paper.txt`
of a paper whose abstract has a Θ or a ₁ then ended in a UnicodeEncodeError traceback, status 1, half the paper
written. What the encoding lacks is now written as "?", as Python's own stderr does it; UTF-8 output is unchanged.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import write_json

RECORD = {"title": "Θ-Networks for Σ-Algebras", "venue": "ICML 2025",
          "abstract": "We learn weights Θ₁ and Θ₂ of a network over a σ-algebra, and find it converges twice as fast."}


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "cli.db"
    assert main(["ingest", str(write_json(tmp_path / "papers.json", [RECORD])), "--db", str(path)]) == 0
    capsys.readouterr()
    return path


def _paperbot(db_file: Path, *arguments: str, encoding: str) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONUTF8": "0"}
    return subprocess.run([sys.executable, "-m", "bot", *arguments, "--db", str(db_file)], capture_output=True,
                          env=environment, timeout=120, check=False)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252"])
@pytest.mark.parametrize("arguments", [["show", "Θ-Networks for Σ-Algebras"], ["today"], ["search", "networks"]])
def test_what_the_encoding_lacks_is_written_as_a_question_mark(db_file: Path, arguments: list[str],
                                                               encoding: str) -> None:
    done = _paperbot(db_file, *arguments, encoding=encoding)

    assert (done.returncode, b"Traceback" in done.stderr) == (0, False), done.stderr.decode(encoding, "replace")
    out = done.stdout.decode(encoding)
    assert "?-Networks for ?-Algebras" in out
    if arguments[0] != "search":
        assert "weights ?? and ?? of a network" in out


def test_json_stays_json(db_file: Path) -> None:
    done = _paperbot(db_file, "show", "Θ-Networks for Σ-Algebras", "--json", encoding="ascii")

    assert done.returncode == 0
    assert json.loads(done.stdout)["venue"] == "ICML 2025"


def test_utf8_output_is_unchanged(db_file: Path) -> None:
    done = _paperbot(db_file, "show", "Θ-Networks for Σ-Algebras", encoding="utf-8")

    assert done.returncode == 0
    assert done.stdout.decode("utf-8").startswith("Θ-Networks for Σ-Algebras\n")
