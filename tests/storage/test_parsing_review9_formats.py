"""A .tsv export loads as the table it is, and the messages list every supported type and count words right."""

from __future__ import annotations

from pathlib import Path

from storage.parsing import parse_file, parse_paths

ABSTRACT = ("We propose a method for learning sparse representations of graphs that scales to millions "
            "of nodes, and show that it matches dense baselines on five node classification benchmarks.")


def test_a_tsv_file_loads_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "papers.tsv"
    path.write_text(f"title\tabstract\tauthors\nSparse Graphs, Quickly\t{ABSTRACT}\tAda Lovelace\n", encoding="utf-8")
    result = parse_file(path)
    assert [str(p) for p in result.problems] == []
    (record,) = result.records
    assert (record.title, record.abstract, record.authors) == ("Sparse Graphs, Quickly", ABSTRACT, ("Ada Lovelace",))


def test_an_unsupported_file_is_told_every_supported_type(tmp_path: Path) -> None:
    path = tmp_path / "papers.xlsx"
    path.write_bytes(b"PK\x03\x04")
    (problem,) = parse_file(path).problems
    assert str(problem).endswith(
        "unsupported file type '.xlsx'; expected .txt, .json, .jsonl, .ndjson, .csv, .tsv or .bib, or a .zip of them")
    (tmp_path / "papers.xlsx").unlink()
    (tmp_path / "notes.md").write_text("# notes\n", encoding="utf-8")
    (folder_problem,) = parse_paths([tmp_path]).problems
    assert str(folder_problem).endswith("folder has no corpus files (.txt, .json, .jsonl, .ndjson, .csv, .tsv or .bib)")


def test_a_one_word_paragraph_is_one_word(tmp_path: Path) -> None:
    path = tmp_path / "seed.txt"
    path.write_text(f"Test Venue 2025 Papers\n\n{ABSTRACT}\n\nAcknowledgements\n", encoding="utf-8")
    (problem,) = parse_file(path).problems
    assert str(problem).endswith("too short for an abstract (1 word); skipped")
