"""`paperbot show` finds a retired paper by its title as a card or a conference page writes it (session 12's review).

A current paper's title is found case, spacing, punctuation and markup aside (SearchEngine.by_title), but a retired
one, which the search index does not hold, only by its stored title exactly: "qPOTS: …" copied from its card (or
"$q\\texttt{POTS}$: …" from the conference's page) was "no paper titled …" for the paper stored as "q`POTS`: …", with
unrelated current papers offered as the closest. Its title is now compared as by_title compares them.

Then (helper-68's last read): a retired title is looked for among the titles holding the longest word typed
(then bot.cli._retired_titled; since session 16 storage.search.retired_titled, by an indexed key), and
"qPOTSNET" typed as its card shows it is "q`POTSNET`" stored, which holds no "qpotsnet": "qPOTSNET: Batch Pareto
Search" was "no paper titled …". That look-up now reads the titles without the markup's backticks, backslashes
and asterisks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from tests.conftest import retired_by_a_reload

TAIL = " We report results on four benchmarks and release the code for others to build on."
RETIRED = [{"title": "$q\\texttt{POTS}$: Efficient Batch Multiobjective Optimization", "venue": "AISTATS 2025",
            "abstract": "We pick batches on the Pareto front by Thompson sampling from Gaussian processes." + TAIL},
           {"title": "$q\\texttt{POTSNET}$: Batch Pareto Search", "venue": "AISTATS 2025",  # its longest word marked
            "abstract": "We search the Pareto front in batches with a network that proposes candidates." + TAIL}]
CURRENT = {"title": "Sparse Attention for Long Documents", "venue": "ICML 2025",
           "abstract": "We make attention sparse so that long documents fit in memory." + TAIL}


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A current paper, and two retired by the second load."""
    path = retired_by_a_reload(tmp_path / "cli.db", tmp_path / "papers.json", RETIRED, [CURRENT])
    capsys.readouterr()
    return path


@pytest.mark.parametrize(("typed", "title"), [
    ("qPOTS: Efficient Batch Multiobjective Optimization",  # from its card
     "qPOTS: Efficient Batch Multiobjective Optimization"),
    ("$q\\texttt{POTS}$: Efficient Batch Multiobjective Optimization",  # from the conference's page
     "qPOTS: Efficient Batch Multiobjective Optimization"),
    ("QPOTS - efficient batch multiobjective optimization", "qPOTS: Efficient Batch Multiobjective Optimization"),
    ("qPOTSNET: Batch Pareto Search", "qPOTSNET: Batch Pareto Search"),
    ("$q\\texttt{POTSNET}$: Batch Pareto Search", "qPOTSNET: Batch Pareto Search"),
])
def test_a_retired_papers_title_as_people_copy_it_shows_it(db_file: Path, capsys: pytest.CaptureFixture[str],
                                                           typed: str, title: str) -> None:
    assert main(["show", typed, "--db", str(db_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{title}\n")
    assert "(retired)" in out


@pytest.mark.parametrize("typed", ["qPOTS: Efficient Batch Optimization", "qPOTSNET: Batch Search"])
def test_another_title_is_still_unknown(db_file: Path, capsys: pytest.CaptureFixture[str], typed: str) -> None:
    assert main(["show", typed, "--db", str(db_file)]) == 1
    assert capsys.readouterr().err.startswith(f"paperbot show: no paper titled '{typed}'")
