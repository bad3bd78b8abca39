"""Superscripts written as plain text, outside LaTeX math, read as the same ones in math do.

Abstracts typed into a web form or copied from a PDF write "O(n^2)", "10^33", "n^{-1/4}" without any "$" (the dev
sets have eight such abstracts): the card showed the caret and braces as typed, where "$n^2$" reads n² and
"$n^{-1/4}$" n^(-1/4). And in math, a fraction as a script's argument without braces ("(…)^\\frac{2}{5}") read ^2/5,
the same as (…)²/5.
"""

from __future__ import annotations

import pytest

from storage.enrich import display_abstract, display_text


@pytest.mark.parametrize(("typed", "shown"), [
    ("from O(n^2) to O((log n)^2));", "from O(n²) to O((log n)²));"),
    ("two-million training points and 10^33 inducing points.", "two-million training points and 10³³ inducing points."),
    ("using only O(log^2(p)) working memory", "using only O(log²(p)) working memory"),
    ("up to a O( d log^2 n ) factor", "up to a O( d log² n ) factor"),
    ("nuisance parameters are estimated at an n^{-1/4} rate", "nuisance parameters are estimated at an n^(-1/4) rate"),
    ("provides n^{1/2}-consistent estimates", "provides n^(1/2)-consistent estimates"),
    ("a step of 10^-3 and a 2^{10} grid", "a step of 10⁻³ and a 2¹⁰ grid"),
    ("(b) P^te(Z) ≠ P^tr(Z)", "(b) Pᵗᵉ(Z) ≠ Pᵗʳ(Z)"),
])
def test_a_plain_text_superscript_reads_as_in_math(typed: str, shown: str) -> None:
    assert display_abstract(typed) == shown


def test_a_fraction_as_a_scripts_argument_keeps_its_brackets() -> None:
    latex = "a learning error of $\\tilde{O}\\big((\\frac{\\sqrt{d}}{\\sqrt{M}N\\epsilon})^\\frac{2}{5}\\big)$"
    assert display_text(latex) == "a learning error of Õ((√(d)/√(M)Nε)^(2/5))"
    assert display_text("$x^\\frac{1}{2}$") == display_text("$x^{\\frac{1}{2}}$") == "x^(1/2)"


@pytest.mark.parametrize("typed", [
    "a bound of Õ(H^2.5) on the regret",  # no superscript full stop: all of it or none
    "a cost of n^2k operations",  # n²k or n^(2k)? as written
    "the code: https://example.org/a^2/b and x.org/n^2",
    "rewards R^CL and WeightedOFUL^+",  # no superscript capital C, nor a plus after a word's end
])
def test_what_has_no_unambiguous_superscript_is_as_written(typed: str) -> None:
    assert display_abstract(typed) == typed


def test_math_already_rendered_is_unchanged() -> None:
    assert display_text("$O(n^{1 - 1/k})$ and $x^{(1-\\alpha)}$ and $n^2$") == "O(n^(1 - 1/k)) and x^(1-α) and n²"
