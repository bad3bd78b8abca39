"""The enrichment patterns respelled, or looked for from their character, find exactly what they found before.

_TIE, _BRACED_WORDS, _CASE_BRACES, _DASH_BETWEEN_WORDS, _BARE_SUPERSCRIPT (storage/enrich.py) and _EMPHASIS
(storage/_corpus_text.py) opened with a look-behind, which the regex engine tries at every position of the text; now
each opens with its "~", "{", "--", "^" or "*" and looks behind it after. Each is checked against its old spelling
(kept below as the oracle) on every abstract of the bundled seeds and dev datasets and on Hypothesis texts of the
characters the patterns react to: the same matches, spans and groups, and the same substitutions. So are the
patterns that open with a word (_BROKEN_WORD, _SMALL_EN_DASH, _DASHED_WORD): now looked for only at the hyphen or
dash that ends that word, they give what the pattern's own sub() or findall() over the whole text gives.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from storage import _corpus_text as text
from storage import enrich
from storage.parsing import parse_file

ROOT = Path(__file__).resolve().parents[2]
_CORPUS_FILES = [*sorted((ROOT / "data").glob("*.txt")), *sorted((ROOT.parent / "shared" / "datasets").glob("*.json"))]

OLD = {
    "_TIE": re.compile(r"(?<=[\w.,$}])~(?=[\w($\\])(?![^\s]{0,300}\.[a-z]{2,}/)"),
    "_BRACED_WORDS": re.compile(r"(?<![\w^_\\}\ue011])\{\s*([A-Za-z][A-Za-z -]*[A-Za-z])\s*\}(?![\w^_])"),
    "_CASE_BRACES": re.compile(r"(?<![\d_^\\}\ue011])\{([A-Za-z0-9]+)\}(?=[A-Za-z])"
                               r"|(?<![\w^_\\}\ue011])\{((?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]+)\}(?![\w^_])"),
    "_DASH_BETWEEN_WORDS": re.compile(r"(?<=[^\W_]|\))--(?=[^\W_]|\()"),
    "_BARE_SUPERSCRIPT": re.compile(
        r"(?<=[^\W_]|[)\]|])\^(?:\{([^{}]{1,60})\}|(-?[0-9]+(?:\.[0-9]+)?|[A-Za-z]+)(?![^\W_]))"),
    "_EMPHASIS": re.compile(r"\*\*([^*]+)\*\*|(?<![\\*])\*([^*\s][^*]*?)\*(?!\*)"),
}


def respelled(name: str) -> re.Pattern[str]:
    return getattr(text if name == "_EMPHASIS" else enrich, name)


def matches(pattern: re.Pattern[str], sample: str) -> list[object]:
    """Every match of `pattern` in `sample`: span, groups and their spans."""
    return [(m.span(), m.groups(), [m.span(g) for g in range(1, pattern.groups + 1)]) for m in pattern.finditer(sample)]


def same_everywhere(sample: str) -> None:
    for name, old in OLD.items():
        new = respelled(name)
        assert matches(new, sample) == matches(old, sample), (name, sample)
        assert new.sub("<>", sample) == old.sub("<>", sample), (name, sample)


def test_the_respelled_patterns_find_what_the_old_ones_found_in_real_abstracts() -> None:
    abstracts = [record.abstract for path in _CORPUS_FILES for record in parse_file(path).records]
    assert len(abstracts) > 1000
    for abstract in abstracts:
        same_everywhere(abstract)
        same_everywhere(enrich.display_abstract(abstract))


_PIECES = ["a", "Z", "é", "1", "_", "-", "--", "~", "{", "}", "^", "\\", "*", "**", "(", ")", "[", "]", "|", " ", ".",
           ",", "$", "/", "x.org/", "\ue010", "\ue011", "–", "\n", "3D", "ab"]


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(_PIECES), max_size=14))
def test_the_respelled_patterns_agree_on_any_text_of_their_characters(pieces: list[str]) -> None:
    same_everywhere("".join(pieces))


def _marked(match: re.Match[str]) -> str:
    return f"<{match.group(1)}|{match.group(2)}|{match.group()}>"


_BREAK_PIECES = ["a", "bc", "é", "_", "1", "²", "ſ", "-", "- ", "-\n", "-\r\n", "- \n ", "-\t", " ", "\n", ".", "—",
                 "(", "intra", "and"]


@settings(max_examples=2000)
@given(st.lists(st.sampled_from(_BREAK_PIECES), max_size=16))
def test_broken_words_are_found_where_the_pattern_finds_them(pieces: list[str]) -> None:
    """dehyphenate looks for _BROKEN_WORD only at the hyphens before a break: the same matches, replaced the same."""
    sample = "".join(pieces)
    assert enrich._each_broken_word(sample, _marked) == enrich._BROKEN_WORD.sub(_marked, sample)


def test_broken_words_of_the_seeds_and_dev_datasets() -> None:
    for path in _CORPUS_FILES:
        for abstract in (record.abstract for record in parse_file(path).records):
            assert enrich._each_broken_word(abstract, _marked) == enrich._BROKEN_WORD.sub(_marked, abstract)


_DASH_PIECES = ["a", "bc", "Q", "é", "_", "1", "²", "ſ", "-", "--", "–", "––", "_–", "—", " ", "\n", ".", "(", "the",
                " the", "pairs", "Young"]
_OLD_JOINING_EN_DASH = re.compile(r"(?<=[^\W_])–(?=[A-Z0-9])")


def _dash_marked(match: re.Match[str]) -> str:
    return f"<{match.group(1)}|{match.group(2)}|{match.group(3)}|{match.group()}>"


def same_around_dashes(sample: str) -> None:
    """keyphrases' en-dash patterns, looked for at the dashes, find what the patterns find over the whole text."""
    small = enrich._SMALL_EN_DASH
    for replace in (_dash_marked, enrich._as_hyphen):
        assert enrich._sub_at_words(small, enrich._EN_DASH, enrich._is_small_letter, sample, replace) == \
            small.sub(replace, sample), sample
    assert enrich._dashed_words(sample) == enrich._DASHED_WORD.findall(sample), sample
    assert text._JOINING_EN_DASH.sub("-", sample) == _OLD_JOINING_EN_DASH.sub("-", sample), sample


@settings(max_examples=2000)
@given(st.lists(st.sampled_from(_DASH_PIECES), max_size=16))
def test_en_dash_words_are_found_where_the_patterns_find_them(pieces: list[str]) -> None:
    same_around_dashes("".join(pieces))


def test_en_dash_words_of_the_seeds_and_dev_datasets() -> None:
    abstracts = [record.abstract for path in _CORPUS_FILES for record in parse_file(path).records]
    dashed = [abstract for abstract in abstracts if "–" in abstract]
    assert len(dashed) > 20
    for abstract in dashed:
        same_around_dashes(abstract)
