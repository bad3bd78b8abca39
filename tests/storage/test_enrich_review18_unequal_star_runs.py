"""Runs of stars of unequal length around a word ("****four**", "**four****") show a bold "four" on the card, the
leftover stars as written beside it (session 18's review).

A converter's slip like "****four**" showed a bold "**four" (the two extra stars inside the bold, in an abstract and
a title alike), and "**four****" in a title a bold "four**": the stars paired as Discord pairs them, not as the
writer meant. The runs now pair as many stars as the shorter has, next to the word, the others escaped outside.
"""

from __future__ import annotations

import pytest

from storage.search import plain_title
from tests._cards import card_of

LEAD = "We study "
TAIL = " words on graphs, and show that the method scales to a million nodes with a single GPU."


def _card(abstract: str, title: str = "Unequal Stars") -> tuple[str, str]:
    """The card's (title, description) of a record with `title` and `abstract`, enriched as a corpus record is."""
    return card_of(abstract, title)


@pytest.mark.parametrize(("written", "shown"), [
    ("****four**", r"\*\***four**"),  # was "**\*\*four**": a bold "**four"
    ("**four****", r"**four**\*\*"),
    ("******six**", r"\*\*\*\***six**"),
    ("*****five**", r"\*\*\***five**"),
    ("******six****", r"\*\***six**"),  # four shared: bold inside bold is bold
    ("****four****", "**four**"),  # as before
    ("***a** b*", "***a** b*"),  # one star apart: italics around bold, as before
])
def test_unequal_star_runs_in_an_abstract_show_the_word_in_emphasis(written: str, shown: str) -> None:
    _, description = _card(f"{LEAD}{written}{TAIL}")

    assert description == f"{LEAD}{shown}{TAIL}"


@pytest.mark.parametrize(("written", "shown", "label"), [
    ("Learning ****four** Flows", r"Learning \*\***four** Flows", "Learning **four Flows"),  # was a bold "**four"
    ("Learning **four**** Flows", r"Learning **four**\*\* Flows", "Learning four** Flows"),  # was a bold "four**"
])
def test_unequal_star_runs_in_a_title_show_the_word_in_bold(written: str, shown: str, label: str) -> None:
    title, _ = _card(f"{LEAD}graphs.{TAIL}", title=written)

    assert title == shown
    assert plain_title(title) == label  # what a suggestion or a menu option shows: the stars as written
