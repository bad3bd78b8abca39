"""`truncate` with room for no more than its "…" (limits 1 and 2): what it returns stays within the limit and
shows no half of the text's markdown (session 17's card review).

At limit 1 it returned the text's first character: a lone `*`, `` ` ``, `|`, `[`, or the backslash of an escape,
which escapes whatever Discord shows after it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.limits import truncate
from tests.bot.test_embeds import _markdown_text, open_marks

_CUT_SHORT = [
    "**bold words** and more",
    "*italic words* and more",
    "***bold italic*** and more",
    "__underlined__ words",
    "~~struck out~~ words",
    "||a spoiler|| words",
    "`code span` words",
    r"\*escaped star and more",
    r"\\ a backslash shown",
    "[a link](https://x.org/a) and more",
    "https://x.org/a_b and more",
]


@pytest.mark.parametrize("text", _CUT_SHORT)
def test_limit_one_is_the_ellipsis_alone(text: str) -> None:
    assert truncate(text, 1) == "…"


@pytest.mark.parametrize("text", _CUT_SHORT)
def test_limit_two_shows_no_half_mark_or_escape(text: str) -> None:
    shown = truncate(text, 2)
    assert len(shown) <= 2
    assert shown.endswith("…")
    assert not open_marks(shown), shown
    assert not shown.removesuffix("…").endswith("\\"), shown


def test_a_longer_ellipsis_with_no_room_for_text_is_cut_itself() -> None:
    assert truncate(r"\*escaped star", 2, ellipsis=" [more]") == " ["
    assert truncate("short", 5, ellipsis=" [more]") == "short"  # text that fits is never cut


def test_plain_text_at_limit_one_is_the_ellipsis_too() -> None:
    assert truncate("A*-search meets B*-trees", 1, markdown=False) == "…"


@given(_markdown_text, st.integers(1, 4))
def test_any_markdown_at_a_tiny_limit_keeps_its_marks_closed(text: str, limit: int) -> None:
    shown = truncate(text, limit)
    assert len(shown) <= limit
    if len(text) > limit:
        assert shown.endswith("…")
        assert not open_marks(shown), shown
