"""A card shows a formula's transpose, dagger, "+" and capital-letter superscripts raised, and TeX's single quotes as
quotes (session 19's review).

An audit of every dev-set and seed card found two kinds of leftover a reader notices. Math scripts that Unicode can
raise but the renderer left with a caret: "V^⊤", "y^⊤", "w^⊤", "u^⊤" ($V^\\top$, $u^{\\top}$), "OFUL^+", "π^†",
"Λ^Aₜ", "R^D", "2^U". And TeX's single quotes, "`easy'", shown with a lone backtick: two of them in a paragraph made
Discord show the text between them as code.
"""

from __future__ import annotations

import pytest

from tests._cards import card_of
from tests.storage.conftest import SHARED_DATASETS, dev_set_abstracts

needs_the_dev_sets = pytest.mark.skipif(not SHARED_DATASETS.is_dir(), reason="shared datasets not present")

LEAD = "We bound the error of "
TAIL = " for every admissible choice of the step size, and show that the bound is tight up to constants."


def _description(abstract: str) -> str:
    return card_of(abstract, "Scripts and Quotes")[1]


@pytest.mark.parametrize(("written", "shown"), [
    ("$V^\\top A$", "Vᵀ A"),
    ("$u^{\\top} \\Phi$", "uᵀ Φ"),
    ("$x^\\intercal y$", "xᵀ y"),
    ("$\\pi^\\dagger$", "π†"),
    ("$f^\\prime$", "f′"),
    ("$\\text{OFUL}^+$", "OFUL⁺"),
    ("$\\Lambda^A_t$", "Λᴬₜ"),
    ("$R^D$", "Rᴰ"),
    ("$2^U$", "2ᵁ"),
    ("$\\mathbb{R}^{N}$", "ℝᴺ"),
    ("$x^T$", "xᵀ"),  # as before
    ("$R^{CL}$", "R^CL"),  # no raised C in Unicode: as before
    ("$x^\\top_i$", "xᵀᵢ"),
    ("$\\mathbf{W}^{\\top}\\mathbf{x}$", "Wᵀx"),
])
def test_a_script_unicode_can_raise_shows_raised(written: str, shown: str) -> None:
    assert _description(f"{LEAD}{written}{TAIL}") == f"{LEAD}{shown}{TAIL}"


@pytest.mark.parametrize(("written", "shown"), [
    ("the `easy' examples", "the ‘easy’ examples"),
    ("states (called `decision points') while", "states (called ‘decision points’) while"),
    ("a `don't care' value", "a ‘don't care’ value"),
    ("the `fast' and the `slow' rates", "the ‘fast’ and the ‘slow’ rates"),  # was code between the two backticks
    ("the ``easy'' examples", "the “easy” examples"),  # as before
    ("the `FedAvg` baseline's rate", "the `FedAvg` baseline's rate"),  # a code span stays one
    ("q`POTS` and `Fed-UCBVI`'s rate", "q`POTS` and `Fed-UCBVI`'s rate"),
])
def test_tex_single_quotes_show_as_quotes(written: str, shown: str) -> None:
    assert _description(f"{LEAD}{written}{TAIL}") == f"{LEAD}{shown}{TAIL}"


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "shown", "gone"), [
    ("When Can We Solve the Weighted Low Rank Approximation Problem in Truly Subquadratic Time?", "(U Vᵀ - A)", "V^"),
    ("Contractivity and linear convergence in bilinear saddle-point problems: An operator-theoretic approach",
     "yᵀ Ax", "y^"),
    ("Variance-Dependent Regret Bounds for Nonstationary Linear Bandits", "Restarted WeightedOFUL⁺", "OFUL^"),
    ("Policy Teaching via Data Poisoning in Learning from Human Preferences", "π†", "π^"),
    ("Anytime-Valid A/B Testing of Counting Processes", "(Λᴬₜ, Λᴮₜ)", "Λ^"),
    ("Feasible Arm Identification", "⊂ Rᴰ", "R^"),
    ("Gradient descent with identity initialization efficiently learns positive definite linear transformations by "
     "deep residual networks", "uᵀ Φ u > 0", "u^"),
    ("Powerful batch conformal prediction for classification", "relatively ‘easy’ examples", "`"),
    ("Decision-Point Guided Safe Policy Improvement", "(called ‘decision points’)", "`"),
])
def test_dev_set_cards_show_no_caret_or_backtick_left_over(title: str, shown: str, gone: str) -> None:
    abstract, _ = dev_set_abstracts()[title]

    description = card_of(abstract, title)[1]

    assert shown in description, description
    assert gone not in description, description
