"""A malformed BibTeX entry ending a piece of a large file (session 11, after BibTeX support): a file is read a few
megabytes at a time, and an entry left open at a piece's end was "Unexpectedly reached end of file", where read
whole it is "Unexpected block start" (the next entry starts before it ends)."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import _bibtex
from storage.parsing import parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")



def test_a_malformed_entry_ending_a_piece_is_told_as_in_one_reading(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    good = "@article{good,\n  abstract = {" + ABSTRACT + "}\n}\n"
    broken = "@article{broken,\n  title = {Never closed,\n"
    path = tmp_path / "big.bib"
    path.write_text(good + broken + good.replace("good", "after"), encoding="utf-8")
    whole = parse_file(path)
    monkeypatch.setattr(_bibtex, "_CHUNK_CHARS", len(good) + 5)  # the first piece ends after the broken entry
    pieces = parse_file(path)
    assert [str(p) for p in pieces.problems] == [str(p) for p in whole.problems]
    assert "Unexpected block start" in str(whole.problems[0])
    assert [r.source_ref for r in pieces.records] == ["entry good (line 1)", "entry after (line 6)"]

