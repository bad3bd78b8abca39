"""`paperbot show` takes what a user has of a paper: its id, one of its links or its title (session 12's review).

It took only an id, so a paper's link (its page, PDF or code, as `/paper search` and `/paper show` take it) or its
title copied from a card was "no paper with id '…'". An id is still looked up alone (the search index is built only
for a link or a title); an ambiguous or unknown link or title is one line, status 1, a title with the closest ones.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from storage.search import SearchEngine
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
SPARSE = {"title": "Sparse Attention for Long Documents", "venue": "ICML 2025",
          "url": "https://openreview.net/forum?id=AbCd123", "pdf": "https://openreview.net/pdf?id=AbCd123",
          "github": "https://github.com/lab/sparse-attn",
          "abstract": "We make attention sparse so that long documents fit in memory." + TAIL}
SAME_TITLE = [{"title": "Diffusion Models for Tabular Data", "venue": venue,
               "abstract": f"A diffusion model generates tables, as presented at {venue}." + TAIL}
              for venue in ("ICML 2025", "AISTATS 2025")]
SHARED_CODE = [{"title": f"Bandit Study {n}", "venue": "ICML 2025", "github": "https://github.com/lab/shared-lib",
                "abstract": f"Contextual bandits with delayed feedback, setting {n}." + TAIL} for n in range(2)]
RETIRED = {"title": "Graph Kernels Revisited", "venue": "ICML 2024", "url": "https://example.org/graph-kernels",
           "abstract": "We revisit graph kernels and find them competitive with graph networks." + TAIL}


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Five current papers (two of one title, two sharing a code link) and a retired one."""
    path, corpus = tmp_path / "cli.db", tmp_path / "papers.json"
    assert main(["ingest", str(write_json(corpus, [SPARSE, *SAME_TITLE, *SHARED_CODE, RETIRED])),
                 "--db", str(path)]) == 0
    assert main(["ingest", str(write_json(corpus, [SPARSE, *SAME_TITLE, *SHARED_CODE])), "--db", str(path)]) == 0
    capsys.readouterr()
    return path


def _show(db_file: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["show", *args, "--db", str(db_file)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("typed", [
    "https://openreview.net/forum?id=AbCd123",  # the page the card's title links to
    "https://openreview.net/pdf?id=AbCd123",
    "https://github.com/lab/sparse-attn",
    "github.com/lab/sparse-attn",  # without its scheme, as /paper search takes it
    "<https://github.com/lab/sparse-attn/>",
])
def test_a_link_of_the_paper_shows_it(db_file: Path, capsys: pytest.CaptureFixture[str], typed: str) -> None:
    status, out, err = _show(db_file, capsys, typed)
    assert (status, err) == (0, "")
    assert out.startswith("Sparse Attention for Long Documents\n")


@pytest.mark.parametrize("typed", ["Sparse Attention for Long Documents", "sparse attention for long documents.",
                                   "  Sparse   Attention for Long Documents "])
def test_its_title_shows_it(db_file: Path, capsys: pytest.CaptureFixture[str], typed: str) -> None:
    status, out, err = _show(db_file, capsys, typed)
    assert (status, err) == (0, "")
    assert out.startswith("Sparse Attention for Long Documents\n")


def test_json_works_for_a_link_and_a_title(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for typed in ("github.com/lab/sparse-attn", "Sparse Attention for Long Documents"):
        status, out, _ = _show(db_file, capsys, typed, "--json")
        assert status == 0
        assert json.loads(out)["url"] == SPARSE["url"]


def test_a_retired_papers_link_and_title_show_it(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for typed in ("https://example.org/graph-kernels", "Graph Kernels Revisited"):
        status, out, err = _show(db_file, capsys, typed)
        assert (status, err) == (0, ""), typed
        assert out.startswith("Graph Kernels Revisited\n")
        assert "(retired)" in out


def test_an_unknown_title_is_one_line_with_the_closest_titles(db_file: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _show(db_file, capsys, "Sparse Attention for Short Documents")
    assert (status, out) == (1, "")
    assert err.count("\n") == 1
    assert err.startswith(f"paperbot show: no paper titled 'Sparse Attention for Short Documents' in {db_file}; "
                          "the closest: “Sparse Attention for Long Documents” (")


def test_an_unknown_link_is_one_line(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _show(db_file, capsys, "https://github.com/lab/no-such-repo")
    assert (status, out) == (1, "")
    assert err == (f"paperbot show: no paper has the link 'https://github.com/lab/no-such-repo' in {db_file} "
                   "(its page, PDF or code link; `paperbot search` finds one)\n")


def test_a_title_two_papers_have_names_both(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _show(db_file, capsys, "Diffusion Models for Tabular Data")
    assert (status, out) == (1, "")
    assert err.count("\n") == 1
    assert err.startswith(f"paperbot show: 2 papers are titled 'Diffusion Models for Tabular Data' in {db_file}: ")
    assert "(ICML 2025)" in err
    assert "(AISTATS 2025)" in err
    assert err.endswith("; name one by its id\n")


def test_a_link_two_papers_share_names_both(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _show(db_file, capsys, "https://github.com/lab/shared-lib")
    assert (status, out) == (1, "")
    assert err.startswith(f"paperbot show: 2 papers have the link 'https://github.com/lab/shared-lib' in {db_file}: ")
    assert err.count("(ICML 2025)") == 2


def test_an_id_is_looked_up_without_building_the_search_index(db_file: Path, capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    paper_id = json.loads(_show(db_file, capsys, "Sparse Attention for Long Documents", "--json")[1])["id"]

    async def no_index(*_: object, **__: object) -> SearchEngine:
        raise AssertionError("the search index was built for an id")

    monkeypatch.setattr(SearchEngine, "open", no_index)
    for typed in (paper_id, paper_id.upper(), f"id {paper_id} · paper of the day 2026-12-01"):
        status, out, _ = _show(db_file, capsys, typed)
        assert status == 0, typed
        assert out.startswith("Sparse Attention for Long Documents\n")
    status, out, err = _show(db_file, capsys, "zzzzzzzz22")
    assert (status, err) == (1, f"paperbot show: no paper with the id 'zzzzzzzz22' in {db_file} "
                                "(every card's footer has the id; `paperbot search` finds one)\n")


def test_nothing_given_is_a_usage_error(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _show(db_file, capsys, "  ") == (2, "", "paperbot show: give the paper's id, one of its links or its "
                                                   "title\n")
