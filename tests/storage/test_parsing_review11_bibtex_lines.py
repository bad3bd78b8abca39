"""The line of a BibTeX entry after an abstract whose line ends in LaTeX's "\\\\" (session 11, after BibTeX support):
bibtexparser does not count a line break after a backslash, and every entry and problem after one was said to be a
line early."""

from __future__ import annotations

from pathlib import Path

from storage.parsing import parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")


def test_lines_after_a_line_ending_in_a_backslash(tmp_path: Path) -> None:
    # bibtexparser does not count a line break after a backslash: every entry after one was said to be a line early.
    path = tmp_path / "breaks.bib"
    path.write_text("@article{one,\n  title = {Two Lines\\\\\n    of Title},\n  abstract = {" + ABSTRACT + "}\n}\n"
                    "@article{two\n  title = {No comma after the key}\n}\n"
                    "@article{three,\n  abstract = {" + ABSTRACT.replace("order", "size") + "}\n}\n", encoding="utf-8")
    result = parse_file(path)
    assert [r.source_ref for r in result.records] == ["entry one (line 1)", "entry three (line 9)"]
    assert [p.where for p in result.problems] == ["line 6"]

