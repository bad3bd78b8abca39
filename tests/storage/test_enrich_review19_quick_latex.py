"""A paragraph of unclosed "\\(" is displayed as fast as prose, with the same display text (session 19, a speed change).

Each "\\(" in a text was read up to 2,000 characters on for the "\\)" closing it: a 20,000-character corpus paragraph
of "\\(" took ~165 ms to enrich where prose takes ~4 ms (bench/enrich_worst_case.py's slowest). A text without any
"\\)" is now read for its LaTeX pieces by the same pattern less its "\\(…\\)" alternative, which nothing in such a
text can match: the same pieces, found in the same order.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from storage.enrich import _LATEX_SEGMENT, _latex_segments_in, display_abstract, enrich
from storage.models import RawRecord
from storage.parsing import MAX_ABSTRACT_CHARS

PROSE = "We study $x$ in \\(y\\) deep learning of models on graphs. "


@pytest.fixture(autouse=True)
def _quiet_latex() -> Iterator[None]:
    logging.disable(logging.WARNING)  # pylatexenc complains about every malformed macro
    yield
    logging.disable(logging.NOTSET)


def _paragraph(unit: str) -> str:
    """`unit` repeated to the longest paragraph a corpus file may hold."""
    return (unit * (MAX_ABSTRACT_CHARS // len(unit) + 1))[:MAX_ABSTRACT_CHARS - 10]


def _seconds_to_enrich(text: str) -> float:
    """The least CPU time of three enrichments of `text` (the least: other processes share the machine)."""
    record = RawRecord(abstract=text, title=None, authors=(), venue="Test", url=None, pdf=None, code_url=None,
                       source_file="test.txt", source_ref="paragraph 1")
    times = []
    for _ in range(3):
        started = time.process_time()
        enrich(record)
        times.append(time.process_time() - started)
    return min(times)


@pytest.mark.parametrize("unit", ["\\(", "(\\", "\\( a ", "\\(x$ "])
def test_a_paragraph_of_unclosed_parenthesis_math_is_enriched_about_as_fast_as_prose(unit: str) -> None:
    prose = _seconds_to_enrich(_paragraph(PROSE))
    hostile = _seconds_to_enrich(_paragraph(unit))
    assert hostile < 5 * prose + 0.01, f"{hostile * 1000:.0f} ms against {prose * 1000:.0f} ms"  # was ~40 times


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
