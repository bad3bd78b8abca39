"""`paperbot show` finds a retired paper by its title when the title's longest word is marked up inside.

A retired paper's title is looked for among the titles holding the longest word typed (bot.cli._retired_titled),
then compared as SearchEngine.by_title compares them. The stored title keeps the card's markup: "qPOTSNET" typed
as its card shows it is "q`POTSNET`" stored, which holds no "qpotsnet", so "qPOTSNET: Batch Pareto Search" was
"no paper titled …" while "qPOTS: Efficient Batch Multiobjective Optimization" (whose longest word has no markup) was
found. The titles are now read without the markup's backticks, backslashes and asterisks for that look-up.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
RETIRED = {"title": "$q\\texttt{POTSNET}$: Batch Pareto Search", "venue": "AISTATS 2025",
           "abstract": "We pick batches on the Pareto front by Thompson sampling from Gaussian processes." + TAIL}
CURRENT = {"title": "Sparse Attention for Long Documents", "venue": "ICML 2025",
           "abstract": "We make attention sparse so that long documents fit in memory." + TAIL}


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A current paper, and one retired by the second load."""
    path, corpus = tmp_path / "cli.db", tmp_path / "papers.json"
    assert main(["ingest", str(write_json(corpus, [RETIRED, CURRENT])), "--db", str(path)]) == 0
    assert main(["ingest", str(write_json(corpus, [CURRENT])), "--db", str(path)]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize("typed", ["qPOTSNET: Batch Pareto Search",  # from its card
                                   "$q\\texttt{POTSNET}$: Batch Pareto Search"])  # from the conference's page
def test_a_retired_title_whose_longest_word_is_marked_up_shows(db_file: Path, capsys: pytest.CaptureFixture[str],
                                                               typed: str) -> None:
    assert main(["show", typed, "--db", str(db_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("qPOTSNET: Batch Pareto Search\n")
    assert "(retired)" in out


def test_another_title_is_still_unknown(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "qPOTSNET: Batch Search", "--db", str(db_file)]) == 1
    assert capsys.readouterr().err.startswith("paperbot show: no paper titled 'qPOTSNET: Batch Search'")
