"""A paragraph of thousands of links and code spans is blanked in one pass, as piece by piece (session 18's review).

Where an abstract's emphasis is looked for, its links, code spans and LaTeX pieces are blanked out first. Each link
was checked against every escaped link ("https://x.org/a\\_b") and each code span against every link, and the text
rebuilt once per piece: quadratic, a 20,000-character corpus paragraph of links took 0.2 s where prose of the same
length takes 5 ms. The blanking is one pass now, with the same display text (checked here); its speed is
bench/enrich_worst_case.py's to show, which holds these paragraphs, not a timed test's.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest

from storage.enrich import _LATEX_SEGMENT, _verbatim_pieces, _without_verbatim
from storage.parsing import MAX_ABSTRACT_CHARS


def _paragraph(unit: str) -> str:
    """`unit` repeated to the longest paragraph a corpus file may hold."""
    return (unit * (MAX_ABSTRACT_CHARS // len(unit) + 1))[:MAX_ABSTRACT_CHARS - 10]


@pytest.fixture(autouse=True)
def _quiet_latex() -> Iterator[None]:
    logging.disable(logging.WARNING)  # pylatexenc complains about every malformed macro
    yield
    logging.disable(logging.NOTSET)


def _blanked_one_piece_at_a_time(text: str) -> str:
    """The former blanking, piece after piece, the definition the one pass must match."""
    latex = _LATEX_SEGMENT.finditer(text) if "\\" in text or "$" in text else ()
    for piece in [*_verbatim_pieces(text), *(piece for piece in latex if piece.group() != "\\_")]:
        text = f"{text[:piece.start()]}{'x' * (piece.end() - piece.start())}{text[piece.end():]}"
    return text


@pytest.mark.parametrize("text", [
    "See https://x.org/a\\_b and `code *here*` with $x^*$ and *emphasis*.",
    "A link with math inside: https://x.org/$a$b_c and $a https://y.org$ *b*.",  # pieces overlapping
    "`https://x.org/a_b` then www.y.org/*c* and \\(x_1\\) _d_",
    "Nothing to blank *here* at all_",
    _paragraph("http://a\\_b `c` $x$ _y_ "),
])
def test_the_blanked_text_is_the_same_as_blanking_piece_by_piece(text: str) -> None:
    blanked = _without_verbatim(text)
    assert blanked == _blanked_one_piece_at_a_time(text)
    assert len(blanked) == len(text)
    assert re.search(r"x{5}", blanked) or "http" not in text
