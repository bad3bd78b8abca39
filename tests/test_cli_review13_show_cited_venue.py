"""`paperbot show "<title> (<venue>)"` shows that venue's paper (session 13's review).

A title cited with its venue in brackets after it was "no paper titled '… (AISTATS 2025)'", and a title two venues'
papers share could only be named by an id. The venue now picks the paper, as in /paper show (the lookup moved to
storage.search.SearchEngine.titled; paperbot show's SQL for namesakes went with it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_cli_review12_show_by_link_or_title import _show, db_file  # noqa: F401  (db_file: a fixture)


@pytest.mark.parametrize(("typed", "venue"), [("Diffusion Models for Tabular Data (AISTATS 2025)", "AISTATS 2025"),
                                              ("diffusion models for tabular data [icml2025]", "ICML 2025")])
def test_a_title_cited_with_its_venue_shows_that_venues_paper(db_file: Path,  # noqa: F811
                                                               capsys: pytest.CaptureFixture[str],
                                                               typed: str, venue: str) -> None:
    status, out, err = _show(db_file, capsys, typed, "--json")

    assert (status, err) == (0, "")
    assert f'"venue": "{venue}"' in out


def test_a_venue_the_corpus_lacks_is_no_title(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    status, _, err = _show(db_file, capsys, "Diffusion Models for Tabular Data (NeurIPS 2024)")

    assert status == 1
    assert err.startswith("paperbot show: no paper titled 'Diffusion Models for Tabular Data (NeurIPS 2024)'")
