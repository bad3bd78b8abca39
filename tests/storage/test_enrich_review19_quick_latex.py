"""A paragraph of unclosed "\\(" is read without the "\\(…\\)" pattern, with the same display text (session 19).

Each "\\(" in a text was read up to 2,000 characters on for the "\\)" closing it: a 20,000-character corpus paragraph
of "\\(" took ~165 ms to enrich where prose takes ~4 ms (bench/enrich_worst_case.py's slowest). A text without any
"\\)" is now read for its LaTeX pieces by the same pattern less its "\\(…\\)" alternative, which nothing in such a
text can match: the same pieces, found in the same order (checked here; its speed is bench/enrich_worst_case.py's to
show, not a timed test's).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from storage.enrich import _LATEX_SEGMENT, _latex_segments_in, display_abstract


@pytest.fixture(autouse=True)
def _quiet_latex() -> Iterator[None]:
    logging.disable(logging.WARNING)  # pylatexenc complains about every malformed macro
    yield
    logging.disable(logging.NOTSET)


def test_parenthesis_math_closed_in_the_text_is_still_rendered() -> None:
    shown = display_abstract("Unclosed \\( here, then \\(\\alpha \\leq \\beta\\) holds for \\(x^2\\).")
    assert "α ≤ β" in shown
    assert "x²" in shown


_LATEXISH = st.sampled_from(["\\(", "\\)", "(", ")", "\\", "$", "$$", "x", " ", "\\alpha", "{", "}", "\\em ", "{\\bf ",
                             "\\'e", "\\%", "_", "^", "2.54 ", "\\frac{a}{b}", "[", "]", "\n", "é"])


@settings(max_examples=1500)
@example("\\( a \\(b\\) c", 0, 12)
@example("$x \\( y$ \\(", 3, 9)
@given(st.lists(st.one_of(_LATEXISH, st.text(max_size=3)), max_size=30).map("".join), st.integers(0, 60),
       st.integers(0, 60))
def test_the_pattern_for_a_text_finds_the_pieces_the_full_pattern_finds(text: str, start: int, end: int) -> None:
    """Without a "\\)" the "\\(…\\)" alternative matches nowhere: the quick pattern finds the same pieces, in the whole
    text and in any part of it asked about alone (as _literal_marks_held reads it, between links)."""
    pattern = _latex_segments_in(text)
    assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in _LATEX_SEGMENT.finditer(text)]
    assert pattern.sub("<>", text) == _LATEX_SEGMENT.sub("<>", text)
    in_part = _latex_segments_in(text, start, end)
    assert [m.span() for m in in_part.finditer(text, start, end)] == [
        m.span() for m in _LATEX_SEGMENT.finditer(text, start, end)]
