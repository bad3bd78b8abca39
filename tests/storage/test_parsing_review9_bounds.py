"""Bounds on the work one record can cost: a huge marked-up abstract is refused before it is read, and a
long authors text is split in one pass."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from storage import parsing
from storage.parsing import MAX_ABSTRACT_CHARS, parse_file
from tests.storage.conftest import write_json


def test_a_huge_marked_up_abstract_is_refused_before_it_is_read(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                abstracts: list[str]) -> None:
    """'<i>' * N + '</b>' * N (100,000 characters) took seconds to read (every closing tag searched all the open
    ones), and then the record was skipped as having "no abstract"; an abstract of tags and text over twice the
    limit is refused at once, with the message a plain one over the limit gets."""
    tags = "<i>" * 7_000 + "</b>" * 7_000
    prose = "<p>" + " ".join([abstracts[0]] * 60) + "</p>"  # HTML, and over twice the limit too
    assert len(tags) > 2 * MAX_ABSTRACT_CHARS
    assert len(prose) > 2 * MAX_ABSTRACT_CHARS
    read: list[str] = []
    real = parsing.readable

    def recorded(text: str) -> str:
        read.append(text)
        return real(text)

    monkeypatch.setattr(parsing, "readable", recorded)
    path = write_json(tmp_path / "huge.json", [{"abstract": tags}, {"abstract": prose},
                                               {"abstract": f"<p>{abstracts[1]}</p>"}])
    result = parse_file(path)
    assert read == [f"<p>{abstracts[1]}</p>"]
    assert [record.abstract for record in result.records] == [abstracts[1]]
    assert [(problem.where, problem.message) for problem in result.problems] == [
        ("record 1", f"{len(tags):,} characters, over the 20,000 limit for one abstract; skipped"),
        ("record 2", f"{len(prose):,} characters, over the 20,000 limit for one abstract; skipped")]


def test_marked_up_text_under_twice_the_limit_is_read_and_then_judged(tmp_path: Path, abstracts: list[str]) -> None:
    """Tags do not count toward the limit: an abstract of 19,000 characters with 13,000 of markup loads."""
    words = " ".join([abstracts[0]] * 40)[:MAX_ABSTRACT_CHARS - 1_000].rsplit(" ", 1)[0]
    marked = "<jats:p>" + words.replace(" ", "<jats:italic></jats:italic> ", 500) + "</jats:p>"
    assert MAX_ABSTRACT_CHARS < len(marked) <= 2 * MAX_ABSTRACT_CHARS
    result = parse_file(write_json(tmp_path / "marked.json", [{"abstract": marked}]))
    assert result.problems == []
    assert [record.abstract for record in result.records] == [words]


@pytest.mark.parametrize(("text", "expected"), [
    ("<i>a <b>bold</i> c</b> and <sub>2</sub>", "*a bold* c and ₂"),     # </i> closes the <b> left open in it
    ("<i>a</b> b</i><b>c</b>", "*a b***c**"),                           # a </b> with no <b>: nothing to close
    ("<i>x <i>y</i> z</i>", "*x *y* z*"),                               # the same tag inside itself
    ("<title>Abstract</title><p>We <em>find</em> H<sub>2</sub>.</p>", "We *find* H₂."),
])
def test_closing_tags_close_what_they_did_before(text: str, expected: str) -> None:
    assert parsing.readable(text) == expected


class _RecordedSplits:
    """A pattern that records the texts it splits (and otherwise is the pattern it wraps)."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.texts = pattern, list[str]()

    def split(self, text: str, *args: int) -> list[str]:
        self.texts.append(text)
        return self.pattern.split(text, *args)


def test_a_long_authors_text_is_split_once_per_stretch(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                       abstracts: list[str]) -> None:
    """The authors text has no length limit, and splitting it at commas looked ahead from every comma to the next
    bracket (to keep "A. One (MIT, USA)" whole), and at every space of a run of spaces read the whole run: 100,000
    characters took seconds. Now the comma pattern sees each stretch between brackets once, with no run of spaces
    in it, so it never reads across a bracket or along a run."""
    recorded = _RecordedSplits(parsing._AUTHOR_COMMA)
    monkeypatch.setattr(parsing, "_AUTHOR_COMMA", recorded)
    with_affiliations = [f"A. Author{n} (Lab {n}, Univ. {n})" for n in range(200)]
    plain = [f"B. Author{n}" for n in range(500)]
    records = [{"abstract": abstracts[0], "authors": ", ".join(with_affiliations) + ", et al."},
               {"abstract": abstracts[1], "authors": ", ".join(plain[:-1]) + " and " + plain[-1]},
               {"abstract": abstracts[2], "authors": "C. One," + " " * 500 + "D. Two (MIT,\n\n USA)"}]
    result = parse_file(write_json(tmp_path / "authors.json", records))
    assert recorded.texts
    assert [text for text in recorded.texts if "(" in text or ")" in text] == []
    assert [text for text in recorded.texts if "  " in text or "\n" in text] == []
    assert result.problems == []
    assert [record.authors for record in result.records] == [tuple(with_affiliations), tuple(plain),
                                                             ("C. One", "D. Two (MIT, USA)")]


@pytest.mark.parametrize("text", [
    "A. One (MIT, USA), B. Two", "A. One (MIT, USA, B. Two", "A. One, B. Two (CMU))", "(x, y), (z), w ,v",
    "a ,b)", "a, (b, (c), d), e", ", , (,) ,", "Lovelace, Ada",
])
def test_a_comma_in_brackets_keeps_its_name_whole_as_before(text: str) -> None:
    """The split keeps the rule the lookahead had: a comma whose next bracket closes one does not split."""
    assert parsing._comma_split(text) == re.split(r"\s*,\s*(?![^()]*\))", text)
