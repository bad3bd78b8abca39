"""Enrichment's quick answers for the common case give exactly what the general code gives.

Each shortcut taken for speed (storage/enrich.py, storage/_corpus_text.py) is checked against the plain
computation it stands for, on Hypothesis texts built from the characters it reacts to.
"""

from __future__ import annotations

import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from storage import enrich

# Every character str.split() splits at (ASCII and Unicode whitespace), and neighbours that are not: a letter, an
# accented one, a dash, a zero-width space and a soft hyphen (not printable, no whitespace either).
_SPACES = [chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()]
_AROUND_SPACES = st.text(alphabet=st.sampled_from([*_SPACES, " ", " ", "a", "é", "–", "α", "\u200b", "\xad"]),
                         max_size=12)


@settings(max_examples=3000)
@given(_AROUND_SPACES)
def test_collapse_whitespace_is_split_and_join(text: str) -> None:
    """Text already collapsed is returned as it is, ASCII or not (the non-ASCII test is `isprintable`)."""
    assert enrich.collapse_whitespace(text) == " ".join(text.split())


def test_collapse_whitespace_of_non_ascii_text_with_unicode_spaces() -> None:
    assert enrich.collapse_whitespace("α\u00a0β") == "α β"
    assert enrich.collapse_whitespace("Schrödinger\u2009equation\u3000–  x ") == "Schrödinger equation – x"
    assert enrich.collapse_whitespace("Fréchet\u200bdistance") == "Fréchet\u200bdistance"  # no whitespace
