"""`paperbot show <arXiv identifier>` says what it looked for (session 13's review).

An arXiv identifier the database lacks ("2401.01234", "arXiv:2401.01234v2", as people cite papers) answered
"no paper titled '2401.01234'", as if it had been a title's words; and a retired paper's identifier was not found,
as the database lookup for a link read web addresses only (the index, which reads identifiers, holds the current
papers). Now an unknown identifier is one line naming it as one, and a retired paper's opens it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
CURRENT = {"title": "Sparse Attention for Long Documents", "url": "https://arxiv.org/abs/2401.01234",
           "abstract": "We make attention sparse so that long documents fit in memory." + TAIL}
RETIRED = {"title": "Graph Kernels Revisited", "url": "https://arxiv.org/abs/2312.07654v2",
           "abstract": "We revisit graph kernels and find them competitive with graph networks." + TAIL}


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A current paper on arXiv, and a retired one."""
    path, corpus = tmp_path / "cli.db", tmp_path / "papers.json"
    assert main(["ingest", str(write_json(corpus, [CURRENT, RETIRED])), "--db", str(path)]) == 0
    assert main(["ingest", str(write_json(corpus, [CURRENT])), "--db", str(path)]) == 0
    capsys.readouterr()
    return path


def _show(db_file: Path, capsys: pytest.CaptureFixture[str], typed: str) -> tuple[int, str, str]:
    status = main(["show", typed, "--db", str(db_file)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("typed", ["2407.00001", "arXiv:2407.00001v2", "arxiv 2407.00001", "10.48550/arXiv.2407.00001"])
def test_an_unknown_arxiv_identifier_is_named_as_one(db_file: Path, capsys: pytest.CaptureFixture[str],
                                                     typed: str) -> None:
    status, out, err = _show(db_file, capsys, typed)

    assert (status, out) == (1, "")
    assert err == (f"paperbot show: no paper with the arXiv identifier {typed!r} in {db_file} (its arXiv page or PDF; "
                   "`paperbot search` finds one)\n")


@pytest.mark.parametrize(("typed", "title"), [("arXiv:2401.01234", "Sparse Attention"),
                                              ("2312.07654", "Graph Kernels"), ("arXiv:2312.07654v1", "Graph Kernels")])
def test_an_arxiv_identifier_shows_its_paper_retired_or_not(db_file: Path, capsys: pytest.CaptureFixture[str],
                                                            typed: str, title: str) -> None:
    status, out, err = _show(db_file, capsys, typed)

    assert (status, err) == (0, "")
    assert out.startswith(title)


def test_a_title_word_is_still_a_title_not_found(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _show(db_file, capsys, "AlphaFold")

    assert status == 1
    assert err.startswith(f"paperbot show: no paper titled 'AlphaFold' in {db_file}")
