"""A fraction's part and a script's group are bracketed by one rule: more than one term gets brackets, once.

Two near-copies decided it: `_compound` on a fraction's rendered part (brackets (), [], {} counted, no bar) and
`_compound_source` on a script's LaTeX (only {} counted, any bar an operator). So a script already in brackets
got a second pair ("$x^{(1-\\alpha)}$" read x^((1-α)), "$x^{[a,b]}$" x^([a,b])), an absolute value in a script
was bracketed ("$e^{|x|}$" e^(|x|)) and a conditional bar in a fraction was not ("$\\frac{1}{x|y}$" 1/x|y).
storage.enrich._more_than_one_term now decides both, on rendered text and on LaTeX alike.
"""

from __future__ import annotations

import pytest

from storage import enrich
from storage.enrich import display_text


@pytest.mark.parametrize(("latex", "shown"), [
    ("$x^{(1-\\alpha)}$", "x^(1-α)"),
    ("$x^{[a,b]}$", "x^[a,b]"),
    ("$e^{|x|}$", "e^|x|"),
    ("$\\frac{1}{x|y}$", "1/(x|y)"),
])
def test_one_term_gets_brackets_once_and_a_conditional_bar_gets_them(latex: str, shown: str) -> None:
    assert display_text(latex) == shown


@pytest.mark.parametrize(("latex", "shown"), [
    ("$\\frac{1}{|x|}$", "1/|x|"),
    ("$p_{x|y}$", "p\\_(x|y)"),
    ("$\\frac{a}{b \\pm c}$", "a/(b ± c)"),
    ("$n^{a \\cdot b}$", "n^(a · b)"),
    ("$n^{-1/4}$", "n^(-1/4)"),
    ("$T^{\\frac{1}{2+\\beta}}$", "T^(1/(2+β))"),
    ("$\\Delta_{\\rm AMP}$", "Δ\\_AMP"),
    ("$\\frac{(a+b)}{c}$", "(a+b)/c"),
    ("$x^{(2r+2)/(2r+1)}$", "x^((2r+2)/(2r+1))"),
    ("$\\lambda_{\\max}$", "λ\\_max"),
    ("$O(n^{1 - 1/k})$", "O(n^(1 - 1/k))"),
])
def test_what_was_bracketed_before_still_is(latex: str, shown: str) -> None:
    assert display_text(latex) == shown


@pytest.mark.parametrize(("latex", "rendered", "more"), [
    ("a \\cdot b", "a · b", True),
    ("b \\pm c", "b ± c", True),
    ("(1-\\alpha)", "(1-α)", False),
    ("[a,b]", "[a,b]", False),
    ("|x|", "|x|", False),
    ("\\|x\\|", "‖x‖", False),
    ("x|y", "x|y", True),
    ("\\rm AMP", "AMP", False),
    ("\\frac{1}{2}", "1/2", True),
    ("x \\leq y", "x ≤ y", True),
])
def test_latex_and_its_rendering_are_told_alike(latex: str, rendered: str, more: bool) -> None:
    assert enrich._more_than_one_term(latex) is more
    assert enrich._more_than_one_term(rendered) is more
