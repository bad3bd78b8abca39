"""A BibTeX file of one entry without an abstract (session 11, after BibTeX support): its one line said the
opposite, "not a corpus: its one entry has an abstract"."""

from __future__ import annotations

from pathlib import Path

from storage.parsing import parse_file


def test_a_file_of_one_entry_without_an_abstract(tmp_path: Path) -> None:
    path = tmp_path / "one.bib"
    path.write_text("@book{knuth, title = {The Art of Computer Programming}, year = 1968}\n", encoding="utf-8")
    assert [str(p) for p in parse_file(path).problems] == [f"{path}: not a corpus: its one entry has no abstract"]
