"""A backslash before a text's closing quote in JSON written on one line (session 16): `"C:\\"` or a LaTeX `\\"`
typed at a text's end leaves the text open to the end of the line, as in a file cut part way, and the file was
said to "end part way through this record" (its papers kept, as for a copy still being written). It is malformed
text in a whole file, and is now named so, with the record and the column of the backslash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from storage.parsing import parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")
ESCAPED = ("a backslash before a text's closing quote (\\\" leaves the text open; JSON writes a backslash as "
           "\\\\)")
RECORDS = [{"title": f"T{n}", "abstract": f"{ABSTRACT} Case {n}."} for n in range(4)]


def _escaped_last_quote(text: str) -> str:
    """The text with a backslash before its last record's abstract's closing quote."""
    end = text.rindex('."') + 1
    return text[:end] + "\\" + text[end:]


FILES = {  # name, text, where the record is named
    "a JSON list on one line": ("papers.json", _escaped_last_quote(json.dumps(RECORDS)), "record 4 (line 1)"),
    "JSON Lines": ("papers.jsonl", _escaped_last_quote("".join(json.dumps(r) + "\n" for r in RECORDS)), "line 4"),
    "one paper's object": ("paper.json", _escaped_last_quote(json.dumps(RECORDS[0])), "line 1"),
}


@pytest.mark.parametrize("form", FILES)
def test_an_escaped_closing_quote_is_malformed_text_not_a_cut(tmp_path: Path, form: str) -> None:
    name, text, where = FILES[form]
    path = tmp_path / name
    path.write_text(text)
    result = parse_file(path)
    column = text.splitlines()[-1].index('\\"') + 1
    skipped = "" if name == "paper.json" else "; skipped"
    told = f"malformed JSON (column {column}: {ESCAPED}){skipped}"
    assert [str(p) for p in result.problems] == [f"{path}:{where}: {told}"]
    assert result.cut_short == []
    assert len(result.records) == (0 if name == "paper.json" else 3)


def test_a_file_cut_in_a_text_with_quoted_words_is_still_cut(tmp_path: Path) -> None:
    # an escaped quote in prose (a quoted word, a comma, more words) is no closing quote: this file is cut short
    records = [*RECORDS, {"title": "Q", "abstract": f'The so-called "best", we find, is not. {ABSTRACT}'}]
    text = json.dumps(records)
    path = tmp_path / "papers.json"
    path.write_text(text[:text.index("is not.")])
    result = parse_file(path)
    assert result.problems[0].message == "the file ends part way through this record; skipped"
    assert result.cut_short == [path]
