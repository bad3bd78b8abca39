"""What `paperbot ingest` says about a file it cannot read as papers: what it expected and what the file has."""

from __future__ import annotations

import json
from pathlib import Path

from storage.parsing import parse_file

EXPECTED = "not a corpus: no record has an 'abstract' field (or 'summary', 'Abstract Note', 'paperAbstract')"


def test_records_that_name_their_abstract_otherwise_are_one_line_naming_their_fields(
        tmp_path: Path, abstracts: list[str]) -> None:
    # Every record was "record N: no abstract; skipped", one line each (thousands for a dataset), naming
    # neither the field looked for nor those the file has.
    listed = tmp_path / "papers.json"
    listed.write_text(json.dumps([{"id": n, "title": f"T{n}", "text": text} for n, text in enumerate(abstracts[:5])]))
    lines = tmp_path / "papers.jsonl"
    lines.write_text("".join(json.dumps({"paper_abstract": text, "year": 2024}) + "\n" for text in abstracts[:5]))
    wide = tmp_path / "wide.json"
    wide.write_text(json.dumps([{f"field{n}": n for n in range(15)}, {}]))
    assert [str(p) for p in parse_file(listed).problems] == [
        f"{listed}: {EXPECTED}; the first has 'id', 'title', 'text'"]
    assert [str(p) for p in parse_file(lines).problems] == [
        f"{lines}: {EXPECTED}; the first has 'paper_abstract', 'year'"]
    assert [str(p) for p in parse_file(wide).problems] == [
        f"{wide}: {EXPECTED}; the first has " + ", ".join(f"'field{n}'" for n in range(12)) + ", …"]


def test_records_with_an_empty_abstract_or_beside_good_ones_are_still_told_one_by_one(
        tmp_path: Path, abstracts: list[str]) -> None:
    empty = tmp_path / "empty.json"  # Semantic Scholar's API gives "abstract": null for many papers
    empty.write_text(json.dumps([{"title": "One", "abstract": None}, {"title": "Two", "abstract": ""}]))
    mixed = tmp_path / "mixed.json"
    mixed.write_text(json.dumps([{"title": "One", "text": abstracts[0]}, {"title": "Two", "abstract": abstracts[1]}]))
    assert [str(p) for p in parse_file(empty).problems] == [f"{empty}:record 1: no abstract; skipped",
                                                           f"{empty}:record 2: no abstract; skipped"]
    result = parse_file(mixed)
    assert [r.title for r in result.records] == ["Two"]
    assert [str(p) for p in result.problems] == [f"{mixed}:record 1: no abstract; skipped"]
