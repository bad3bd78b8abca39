"""The enrichment patterns respelled to open with their character find exactly what their old spellings found.

_TIE, _BRACED_WORDS, _CASE_BRACES, _DASH_BETWEEN_WORDS, _BARE_SUPERSCRIPT (storage/enrich.py) and _EMPHASIS
(storage/_corpus_text.py) opened with a look-behind, which the regex engine tries at every position of the text; now
each opens with its "~", "{", "--", "^" or "*" and looks behind it after. Each is checked against its old spelling
(kept below as the oracle) on every abstract of the bundled seeds and dev datasets and on Hypothesis texts of the
characters the patterns react to: the same matches, spans and groups, and the same substitutions.
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
    return getattr(text if name == "_EMPHASIS" else enrich, name)  # type: ignore[no-any-return]


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
