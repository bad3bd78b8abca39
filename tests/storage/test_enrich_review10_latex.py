"""LaTeX in abstracts as a reader of the card should read it: the grouping of the mathematics kept."""

from __future__ import annotations

import json

import pytest

from storage.enrich import display_text, enrich
from storage.models import RawRecord
from tests.storage.conftest import SHARED_DATASETS


def _icml2018_abstract(marker: str) -> str:
    records = json.loads((SHARED_DATASETS / "icml2018.json").read_text(encoding="utf-8"))
    return next(record["abstract"] for record in records if marker in record["abstract"])


@pytest.mark.parametrize(("written", "shown"), [
    ("$\\frac{1}{1-\\nu}$", "1/(1-ν)"),  # before: 1/1-ν, which is (1/1)-ν
    ("$\\frac{a+b}{c}$", "(a+b)/c"),
    ("$\\dfrac{x}{y + 1}$", "x/(y + 1)"),
    ("$\\varepsilon^{-\\frac{2p}{p-1}}$", "ε^(-2p/(p-1))"),
    ("$\\frac{\\log(1/\\beta)}{\\alpha^2 \\epsilon^2}$", "log(1/β)/(α² ε²)"),
    ("$\\frac{(a)+(b)}{2}$", "((a)+(b))/2"),
    # One term, or one bracketed whole, as before.
    ("$\\frac{1}{2}$", "1/2"), ("$\\frac12$", "1/2"), ("$\\frac{1}{\\sqrt{n}}$", "1/√(n)"),
    ("$\\frac{(a+b)}{2}$", "(a+b)/2"), ("$\\frac{SA}{(1-\\gamma)^4\\epsilon^2}$", "SA/(1-γ)⁴ε²"),
    ("$\\frac{T\\nu^*}{B}$", "Tν\\*/B"), ("$\\tfrac{d}{dx}$", "d/dx"),
])
def test_a_fraction_keeps_its_grouping_on_one_line(written: str, shown: str) -> None:
    assert display_text(written) == shown


def test_a_dev_abstracts_fraction_reads_as_its_latex_means() -> None:
    # icml2018: "… $\frac{1-\curv^g}{(1-\curv^g)\curv_f + p}$ …" read "1-curvᵍ/(1-curvᵍ)curv\_f + p".
    abstract = enrich(RawRecord(abstract=_icml2018_abstract("\\curv_f"), source_file="icml2018.json",
                                source_ref="record 1")).abstract
    assert "(1-curvᵍ)/((1-curvᵍ)curv\\_f + p)" in abstract


@pytest.mark.parametrize(("written", "shown"), [
    ("$O(n\\log n)$", "O(n log n)"),  # before: O(nlog n)
    ("$\\alpha\\log n$", "α log n"), ("$\\Theta(\\log\\log T)$", "Θ(log log T)"), ("$2\\ln n$", "2 ln n"),
    ("$\\sqrt{T}\\log T$", "√(T) log T"), ("$x\\exp(y)$", "x exp(y)"), ("$\\arg\\max_x f$", "arg maxₓ f"),
    # After an opening bracket, a bar or a script, no space, as before.
    ("$O(\\log n)$", "O(log n)"), ("$|\\log x|$", "|log x|"), ("$\\lambda_{\\max}$", "λ\\_max"),
    ("$e^{\\log x}$", "e^(log x)"), ("$\\log^2 n$", "log² n"), ("$\\min\\{a,b\\}$", "min{a,b}"),
])
def test_an_operator_name_is_a_word_of_its_own(written: str, shown: str) -> None:
    assert display_text(written) == shown


@pytest.mark.parametrize(("written", "shown"), [
    ("the variables are {\\em missing not at random (MNAR)}.", "the variables are *missing not at random (MNAR)*."),
    ("{\\em A} and {\\it easy subspace}", "*A* and *easy subspace*"),  # before: "{ A} and easy subspace"
    ("a {\\bf x} b", "a **x** b"), ("a {\\sl slanted }word", "a *slanted* word"), ("{\\tt make} it", "`make` it"),
    ("{\\rm AMP} and {\\sc Name}", "AMP and Name"), ("{\\em}", ""),
    # In math a switch is no emphasis: "${\bf x}_i$" is a bold vector, read as x, as before.
    ("${\\bf x}_i$ and ${\\cal O}(n)$", "xᵢ and O(n)"),
])
def test_an_old_style_font_switch_reads_as_the_emphasis_it_sets(written: str, shown: str) -> None:
    assert display_text(written) == shown


def test_a_dev_abstracts_font_switch_leaves_no_brace() -> None:
    # aistats2025: "We suppose that the variables are {\em missing not at random (MNAR)}." read "{ missing …}".
    records = json.loads((SHARED_DATASETS / "aistats2025.json").read_text(encoding="utf-8"))
    written = next(record["abstract"] for record in records if "{\\em missing not" in record["abstract"])
    shown = enrich(RawRecord(abstract=written, source_file="aistats2025.json", source_ref="record 1")).abstract
    assert "are *missing not at random (MNAR)*." in shown


@pytest.mark.parametrize(("written", "shown"), [
    ("$n^{-1/4}$", "n^(-1/4)"),  # before: n^-1/4, which is (n^-1)/4
    ("$O(T^{2/3})$", "O(T^(2/3))"), ("$D^{q-2}$", "D^(q-2)"), ("$e^{-\\alpha t}$", "e^(-α t)"),
    ("$O(\\epsilon^{\\frac{1}{1-\\nu}} \\log(1/\\epsilon))$", "O(ε^(1/(1-ν)) log(1/ε))"),
    ("$\\Theta_{L-1}$ and $\\min_{x \\in X} f$", "Θ\\_(L-1) and min\\_(x ∈ X) f"),
    ("$U \\in \\mathbb{R}^{n \\times k}$", "U ∈ ℝ^(n × k)"),
    # One term, or what Unicode writes as scripts, as before; a font switch in a script is no second term.
    ("$\\lambda_{\\max}$", "λ\\_max"), ("$x^{(k)}$", "x⁽ᵏ⁾"), ("$\\sum_{i=1}^{n} x_i$", "∑ᵢ₌₁ⁿ xᵢ"),
    ("$x^{\\top}$", "xᵀ"), ("$n^{2.5}$", "n^2.5"), ("$\\Delta_{\\rm AMP}$", "Δ\\_AMP"),
])
def test_a_script_of_more_than_one_term_keeps_its_grouping(written: str, shown: str) -> None:
    assert display_text(written) == shown


@pytest.mark.parametrize(("written", "shown"), [
    ("adapt to the best \"attention span'' while", "adapt to the best “attention span” while"),  # aistats2025
    ("the ideal \"attention'' length", "the ideal “attention” length"),
    # TeX's own quotes, as before; primes and a lone closing pair are left as written.
    ("this ``inner'' loop", "this “inner” loop"), ("f'' is convex", "f'' is convex"),
    ("a \"quoted\" word and f''", "a \"quoted\" word and f''"),
])
def test_a_quote_opened_straight_and_closed_as_tex_closes_one_is_one_quote(written: str, shown: str) -> None:
    assert display_text(written) == shown


def test_a_definition_sign_is_one_relation() -> None:
    # aistats2025: "$D := d_{TV}(D_1,D_2)$" read "D : = d_TV(D₁,D₂)".
    assert display_text("the distance $D := d_{TV}(D_1,D_2)$ to") == "the distance D := d\\_TV(D₁,D₂) to"
    assert display_text("$f =: g$ and $x = y$ and $a:=b$") == "f =: g and x = y and a := b"
