"""LaTeX's "--" between two words is an en dash on the card: "Metropolis–Hastings", not "Metropolis--Hastings".

The AISTATS 2025 abstracts write "adaptive Metropolis--Hastings algorithm", "Ordinary Differential Equation(ODE)--based"
and "networks--a"; display text made "--" an en dash only between spaces (" -- "), so the card, its headline and its
keyphrases showed the two hyphens. Between two words (a letter or a bracket on each side) it is an en dash now, except
inside a link or a path, which is kept as written.
"""

from __future__ import annotations

import pytest

from storage.enrich import display_abstract, display_text, enrich
from storage.models import RawRecord


@pytest.mark.parametrize(("raw", "shown"), [
    ("an adaptive Metropolis--Hastings algorithm", "an adaptive Metropolis–Hastings algorithm"),
    ("Ordinary Differential Equation(ODE)--based features", "Ordinary Differential Equation(ODE)–based features"),
    ("pages 10--20 of the Erd\\H{o}s--R\\'enyi paper", "pages 10–20 of the Erdős–Rényi paper"),
])
def test_two_hyphens_between_words_are_an_en_dash(raw: str, shown: str) -> None:
    assert display_text(raw) == shown


@pytest.mark.parametrize("raw", [
    "Code: https://github.com/a--b/c--d and more.",
    "See www.example.org/x--y for data.",
    "Run it with ./tool --verbose --fast now.",
    "A dash --- then words, and a -- spaced one.",
])
def test_links_paths_and_options_keep_their_hyphens(raw: str) -> None:
    shown = display_text(raw)
    for piece in ("a--b/c--d", "org/x--y", "--verbose --fast"):
        if piece in raw:
            assert piece in shown, shown
    if "---" in raw:
        assert shown == "A dash — then words, and a – spaced one."


def test_the_card_and_its_keyphrases_show_the_en_dash() -> None:
    abstract = ("We propose an adaptive Metropolis--Hastings algorithm. The adaptive Metropolis--Hastings algorithm "
                "mixes fast, and adaptive Metropolis--Hastings sampling scales to large models.")
    paper = enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)"))
    assert "--" not in display_abstract(abstract)
    assert "Metropolis–Hastings" in paper.abstract
    assert not any("--" in phrase for phrase in paper.keywords), paper.keywords
