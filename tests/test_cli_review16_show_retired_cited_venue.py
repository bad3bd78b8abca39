"""`paperbot show "<retired title> - <venue>"` shows that retired paper (session 16's review).

A retired paper was found by its title alone (tests/test_cli_review12_show_retired_title.py), and a current one also
by its title cited with its venue, "(ICML 2025)", "- ICML 2025", "– ICML 2025", "| ICML 2025", as /paper show reads it
(tests/test_cli_review13_show_cited_venue.py). A retired title so cited was "no paper titled '… - ICML 2025'", and a
retired title two venues' papers had could be named by its id only. The command line now reads the venue for a retired
paper as it does for a current one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.cli import main
from tests.conftest import retired_by_a_reload

TAIL = " We report results on four benchmarks and release the code for others to build on."
RETIRED = [{"title": "Graph Kernels Revisited", "venue": venue,
            "abstract": f"We revisit graph kernels, as presented at {venue}, and find them competitive." + TAIL}
           for venue in ("ICML 2024", "NeurIPS 2023")]
CURRENT = {"title": "Sparse Attention for Long Documents", "venue": "ICML 2025",
           "abstract": "We make attention sparse so that long documents fit in memory." + TAIL}


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A current paper, and two of one title (two venues') retired by the second load."""
    path = retired_by_a_reload(tmp_path / "cli.db", tmp_path / "papers.json", RETIRED, [CURRENT])
    capsys.readouterr()
    return path


@pytest.mark.parametrize(("typed", "venue"), [
    ("Graph Kernels Revisited - ICML 2024", "ICML 2024"),
    ("Graph Kernels Revisited – NeurIPS 2023", "NeurIPS 2023"),
    ("Graph Kernels Revisited | ICML 2024", "ICML 2024"),
    ("graph kernels revisited (neurips2023)", "NeurIPS 2023"),
    ("Graph Kernels Revisited [ICML 2024].", "ICML 2024"),
])
def test_a_retired_title_cited_with_its_venue_shows_that_venues_paper(db_file: Path,
                                                                      capsys: pytest.CaptureFixture[str],
                                                                      typed: str, venue: str) -> None:
    status = main(["show", typed, "--db", str(db_file)])
    out, err = capsys.readouterr()

    assert (status, err) == (0, "")  # was 1, "no paper titled '… - ICML 2024'"
    assert out.startswith("Graph Kernels Revisited\n")
    assert "(retired)" in out
    assert re.search(rf"^  venue: +{venue}$", out, re.MULTILINE), out


def test_a_venue_no_retired_paper_of_that_title_has_is_no_title(db_file: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Graph Kernels Revisited - ICML 2025", "--db", str(db_file)]) == 1
    assert capsys.readouterr().err.startswith("paperbot show: no paper titled 'Graph Kernels Revisited - ICML 2025'")


@pytest.fixture
def db_with_a_current_namesake(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The same, and a current paper of that title from ICML 2025, and a current one from NeurIPS 2023."""
    namesake = {**RETIRED[0], "venue": "ICML 2025", "abstract": "Graph kernels, revisited again in 2025." + TAIL}
    neurips = {**CURRENT, "title": "Bandits Revisited", "venue": "NeurIPS 2023", "abstract": "Bandits, again." + TAIL}
    path = retired_by_a_reload(tmp_path / "cli.db", tmp_path / "papers.json", RETIRED, [CURRENT, namesake, neurips])
    capsys.readouterr()
    return path


@pytest.mark.parametrize(("typed", "venue", "retired"), [
    ("Graph Kernels Revisited - NeurIPS 2023", "NeurIPS 2023", True),  # a venue of current papers, not of this title
    ("Graph Kernels Revisited (ICML 2024)", "ICML 2024", True),
    ("Graph Kernels Revisited - ICML 2025", "ICML 2025", False),  # the current paper of that venue
    ("Graph Kernels Revisited", "ICML 2025", False),  # the title alone: the current paper, as before
])
def test_a_retired_title_cited_with_its_venue_is_not_its_current_namesake(
        db_with_a_current_namesake: Path, capsys: pytest.CaptureFixture[str], typed: str, venue: str,
        retired: bool) -> None:
    status = main(["show", typed, "--db", str(db_with_a_current_namesake)])
    out, err = capsys.readouterr()

    assert (status, err) == (0, "")
    assert ("(retired)" in out) is retired  # "- NeurIPS 2023" was the current ICML 2025 paper
    assert re.search(rf"^  venue: +{venue}$", out, re.MULTILINE), out


def test_a_retired_title_two_venues_had_lists_both(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Graph Kernels Revisited", "--db", str(db_file)]) == 1
    err = capsys.readouterr().err

    # was "no paper titled 'Graph Kernels Revisited' …", as if neither were there
    assert err.startswith("paperbot show: 2 papers are titled 'Graph Kernels Revisited' in "), err
    assert re.search(r": \w+ \(ICML 2024\), \w+ \(NeurIPS 2023\); name one by its id$", err.strip()), err
