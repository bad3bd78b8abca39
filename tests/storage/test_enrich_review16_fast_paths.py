"""Enrichment's quick answers for the common case give exactly what the general code gives.

Each shortcut taken for speed (storage/enrich.py, storage/_corpus_text.py) is checked against the plain
computation it stands for, on Hypothesis texts built from the characters it reacts to.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from storage import _corpus_text as text
from storage import enrich
from storage.parsing import parse_file

ROOT = Path(__file__).resolve().parents[2]
_CORPUS_FILES = [*sorted((ROOT / "data").glob("*.txt")), *sorted((ROOT.parent / "shared" / "datasets").glob("*.json"))]

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


# Math pieces built from what _PLAIN_MATH and _SYMBOL_MATH let through and what they must not: pylatexenc's special
# characters and ligatures, macros (symbols, discarded ones, operators, with arguments, unknown, spelled with letters of
# other scripts: "\\inα"), groups, scripts, Unicode spaces (LaTeX takes those after a macro), combining marks, control
# characters.
_MATH_PIECES = [*"abxyzXYZ0159 =<>+-*/()[],.;:|!?'\"@", "--", "''", "`", "!`", "~", "&", "%", "#", "^", "_", "{", "}",
                "\\alpha", "\\in", "\\times", "\\le", "\\ldots", "\\Omega", "\\epsilon", "\\left", "\\right",
                "\\big", "\\log", "\\max", "\\curv", "\\mathcal", "\\sqrt", "\\frac", "\\text", "\\textit",
                "\\em", "\\label", "\\cite", "\\url", "\\", "\\ ", "\\,", "\\%", "\\{", "  ", "\u00a0",
                "\u2028", "\x85", "\u3000", "\u0301", "\u200b", "α", "é", "≤", "⁴", "²", "₁", "😀", "\t", "\x00"]
_MATH = st.lists(st.sampled_from(_MATH_PIECES), max_size=10).map(lambda pieces: f"${''.join(pieces)}$")


def _through_pylatexenc(segment: str) -> str:
    """latex_segment's rendering of `segment` with no piece taken as plain math or symbols (uncached)."""
    plain, symbols = enrich._PLAIN_MATH, enrich._SYMBOL_MATH
    enrich._PLAIN_MATH = enrich._SYMBOL_MATH = re.compile(r"(?!)")  # matches nothing
    try:
        return enrich.latex_segment.__wrapped__(segment)
    finally:
        enrich._PLAIN_MATH, enrich._SYMBOL_MATH = plain, symbols


@settings(max_examples=2000)
@given(_MATH)
def test_plain_math_renders_as_pylatexenc_renders_it(segment: str) -> None:
    assert enrich.latex_segment.__wrapped__(segment) == _through_pylatexenc(segment)


def test_plain_math_pieces_of_the_seeds_and_dev_datasets() -> None:
    """Every math piece of the bundled abstracts that takes a quick path renders as pylatexenc renders it."""
    texts = [record.abstract for path in _CORPUS_FILES for record in parse_file(path).records]
    pieces = {piece.group() for text in texts for piece in enrich._LATEX_SEGMENT.finditer(text)}
    plain = [piece for piece in pieces if enrich._SYMBOL_MATH.fullmatch(enrich._SCRIPT.sub(enrich._script, piece))]
    assert len(plain) > 100  # "$k$", "$n=5$", "$O(m)$", "$10^4$", "$\\alpha \\in (0,1)$", "$n \\times n$" …
    for piece in plain:
        assert enrich.latex_segment.__wrapped__(piece) == _through_pylatexenc(piece), piece


def test_plain_math_examples() -> None:
    assert enrich.latex_segment("$n=5$") == "n = 5"
    assert enrich.latex_segment("$O(m)$") == "O(m)"
    assert enrich.latex_segment("$10^4$") == "10⁴"
    assert enrich.latex_segment("$a--b$") == "a–b"  # a ligature: pylatexenc's
    assert enrich.latex_segment("$\\alpha \\in (0,1)$") == "α ∈ (0,1)"
    assert enrich.latex_segment("$x \\alpha y$") == "x α y"
    assert enrich.latex_segment("$\\alpha \\beta$") == "αβ"  # the space after a symbol: only before characters
    assert enrich.latex_segment("$\\left( x \\right)$") == "(x)"
    for segment in ("$\\inα$", "$\\alphaé x$", "$\\alpha² x$", "$\\log x$", "$\\alpha\u00a0 x$"):
        assert enrich.latex_segment.__wrapped__(segment) == _through_pylatexenc(segment), segment


def _introduced_in_every_token_read(obj: str, *, after_naming: bool = False, known: tuple[str, ...] = ()) -> list[str]:
    """introduced_in as it was, each token of the head asked about (the oracle for its shortcuts)."""
    head = text._head_region(obj)
    found = []
    titled = [(text._NAMED_MODIFIED.match(obj) or text._NAMED_RUN.match(obj)) if after_naming
              else text._APPOSITIVE_RUN.match(obj)]
    if text._has_naming_hint(obj):
        titled += [text._NAMED_MODIFIED.match(obj, m.end()) or text._NAMED_RUN.match(obj, m.end())
                   for m in text._NAMING.finditer(obj, 0, 250)]
    found += [m.group(1) for m in titled if m and m.group(1) not in text.COMMON_ACRONYMS and (
        " " not in m.group(1) or m.group(1).split()[0] not in text.STOPWORDS)]
    for match in text._NAME_TOKEN.finditer(head):
        token = match.group()
        if not text.is_name_like(token) and token not in known:
            continue
        words = head[: match.start()].rstrip(" *“\"'").split()
        previous = words[-1].lower() if words else ""
        if text._names_an_old_one(words, previous, token) or text._NOT_WHOLE_OR_A_BASIS.match(head, match.end()):
            # one the object builds on, or a name cut short ("CAT" of "CAT(κ)") (session 18)
            continue
        if after_naming or not words or previous.endswith(("(", ",", ":", "—", "–")) \
                or previous in text._BEFORE_A_NEW_NAME or (previous in text._HEAD_NOUNS and len(words) > 1):
            found.append(token)
    return found


_OBJECT_WORDS = ["a", "the", "method", "framework", "called", "named", "Fenrir", "ShadowKV", "Proxy-FDA", "DSDA",
                 "LLMs", "Bayesian", "model", "that", "which", ",", ":", "(", ")", "x2", "GPU", "Net", "of",
                 "RE-IMAGINE"]


@settings(max_examples=2000)
@given(st.lists(st.sampled_from(_OBJECT_WORDS), max_size=16), st.lists(st.sampled_from(_OBJECT_WORDS), max_size=2),
       st.booleans())
def test_introduced_in_reads_the_names_every_token_would_give(words: list[str], known: list[str],
                                                              after_naming: bool) -> None:
    """A head with no two capitals and no known name is not read token by token: it has no name to give."""
    obj = " ".join(words)
    assert text.introduced_in(obj, after_naming=after_naming, known=tuple(known)) == \
        _introduced_in_every_token_read(obj, after_naming=after_naming, known=tuple(known))


@given(st.lists(st.sampled_from([*_OBJECT_WORDS, "Sequential", "Pruning", "Non-Ancestor", "SNAP", "our"]), max_size=14))
def test_a_sentence_without_a_bracket_defines_no_acronym(words: list[str]) -> None:
    """names_for skips sentences without "(": titled_acronyms finds none in them."""
    sentence = " ".join(word for word in words if word not in ("(", ")"))
    assert text.titled_acronyms(sentence) == []
    assert text.titled_acronyms(sentence, owned=True) == []


_TAIL_WORDS = ["a", "model", "that", "which", "is", "are", "to", "this", "these", "such", "the above", "gap", "Gap",
               "issues", "ISSUE", "iſſue", "taſk", "problem", "formally", "ally", "carefully", "training", "scalable",
               "feasible", "inspired", "motivated", "x", "é", "2", ",", ".", "\n", ";"]
_GAPS = [" ", ", ", "  ", "\t", "\n", "", "-"]


@settings(max_examples=2000)
@given(st.lists(st.tuples(st.sampled_from(_TAIL_WORDS), st.sampled_from(_GAPS)), max_size=12))
def test_the_closing_patterns_are_asked_only_when_they_can_match(parts: list[tuple[str, str]]) -> None:
    """A headline's tail is read by _DANGLING_ADVERB and _ANAPHORIC_TAIL only if its last word lets them match:
    when _may_dangle or _may_point_back says no, the pattern changes nothing."""
    sample = "".join(word + gap for word, gap in parts)
    if not text._may_dangle(sample):
        assert text._DANGLING_ADVERB.sub("", sample) == sample
    if not enrich._may_point_back(sample):
        assert enrich._ANAPHORIC_TAIL.sub("", sample) == sample


def test_the_closing_patterns_are_still_asked_where_they_match() -> None:
    assert text._without_dangling_end("a method that is robust, computationally") == "a method that is robust"
    assert enrich._without_anaphora("A new estimator for sparse graphs, which addresses this gap.") == \
        "A new estimator for sparse graphs"
    assert enrich._may_point_back("which closes this iſſue")  # "ſ" is an "s" to the pattern
