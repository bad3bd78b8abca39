"""Emphasis inside emphasis in an abstract shows on the card as Discord reads it (session 17's card review).

An inner mark right against the outer one ("**_x_**", "_**x**_", "*__x__ y*") or a run of three stars that two
pairs close apart ("***a** b*", "***a* b**", "*a **b***", "**a *b***") was escaped where the pairs meet: the card
showed "**\\_x\\_**" (bold "_x_" with its underscores as written) or "**\\*a** b\\*" (bold "*a", then " b*")."""

from __future__ import annotations

import pytest

from tests._cards import card_of

LEAD = "We study "
TAIL = " words on graphs, and show that the method scales to a million nodes with a single GPU."


def _card_abstract(abstract: str) -> str:
    """What the card's description shows of `abstract`, enriched as a corpus record is."""
    return card_of(abstract, "Nested Emphasis")[1]


@pytest.mark.parametrize("nested", [
    "***a** b*",  # italics around bold, bold closing first: was "**\\*a** b\\*"
    "***a* b**",  # bold around italics, italics closing first: was "**\\*a\\* b**"
    "*a **b***",  # was "\\*a **b**\\*"
    "**a *b***",  # was "**a \\*b**\\*"
    "**_bold italic_**",  # was "**\\_bold italic\\_**"
    "_**bold italic**_",  # was "\\_**bold italic**\\_"
    "**bold _italic_**",
    "**_a_ b**",
    "*a _b_*",
    "**a _b_**",
    "*__a__ b*",
    "*a __b__*",
    "__*a* b__",
    "__a *b*__",
    "_*a* b_",
    "_a *b*_",
    "___a___",
])
def test_nested_emphasis_is_shown_as_written(nested: str) -> None:
    assert _card_abstract(LEAD + nested + TAIL) == LEAD + nested + TAIL


@pytest.mark.parametrize("nested", [
    "***bold italic***",
    "**bold _italic_ bold**",
    "*a **b** c*",
    "**a *b* c**",
    "_a **b** c_",
    "__a *b* c__",
    "*a _b_ c*",
    "_a *b* c_",
    "~~a **b** c~~",
    "**x**-**y**",
])
def test_nesting_that_showed_right_still_does(nested: str) -> None:
    assert _card_abstract(LEAD + nested + TAIL) == LEAD + nested + TAIL


@pytest.mark.parametrize(("written", "shown"), [
    ("A* and B*-trees", r"A\* and B\*-trees"),
    ("x_1 and y_2", r"x\_1 and y\_2"),
    ("f_*(x) and g*_k", r"f\_\*(x) and g\*\_k"),
    ("3 * 4 and _ * _", r"3 \* 4 and \_ \* \_"),
    ("the ___ of ___", r"the \_\_\_ of \_\_\_"),
    ("***", r"\*\*\*"),
])
def test_an_abstracts_own_marks_beside_each_other_are_still_its_own(written: str, shown: str) -> None:
    assert _card_abstract(LEAD + written + TAIL) == LEAD + shown + TAIL
