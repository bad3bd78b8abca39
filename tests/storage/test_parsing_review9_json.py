"""JSON exports under the names people give them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from storage.parsing import parse_file


@pytest.mark.parametrize("layout", ["list, one per line", "indented list", "objects over many lines",
                                    "list on one line"])
def test_json_named_json_lines_is_read_as_json(tmp_path: Path, abstracts: list[str], layout: str) -> None:
    # A JSON export renamed .jsonl, or written by a tool that calls any JSON "JSON Lines". Read line by
    # line it gave a "malformed JSON" problem for each of its lines ("[", "  {", "    \"title\": ...") and
    # no paper, or only the last of a list written one object per line.
    papers = [{"title": f"P{n}", "abstract": abstract} for n, abstract in enumerate(abstracts[:3])]
    text = {"list, one per line": "[\n" + ",\n".join(json.dumps(paper) for paper in papers) + "\n]\n",
            "indented list": json.dumps(papers, indent=2),
            "objects over many lines": "".join(json.dumps(paper, indent=2) + "\n" for paper in papers),
            "list on one line": json.dumps(papers)}[layout]
    path = tmp_path / "export.jsonl"
    path.write_text(text, encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.abstract) for r in result.records] == [(p["title"], p["abstract"]) for p in papers]


def test_a_broken_record_in_a_json_list_named_json_lines_is_placed(tmp_path: Path, abstracts: list[str]) -> None:
    path = tmp_path / "export.jsonl"
    path.write_text("[\n" + ",\n".join([json.dumps({"title": "One", "abstract": abstracts[0]}),
                                        '{"title": "Two" "abstract": "no comma"}',
                                        json.dumps({"title": "Three", "abstract": abstracts[1]})]) + "\n]\n")
    result = parse_file(path)
    assert [(r.title, r.source_ref) for r in result.records] == [("One", "record 1 (line 2)"),
                                                                 ("Three", "record 3 (line 4)")]
    assert [str(p) for p in result.problems] == [
        f"{path}:record 2 (line 3): malformed JSON (column 17: Expecting ',' delimiter); skipped"]


def test_a_table_written_column_by_column_as_pandas_writes_it(tmp_path: Path, abstracts: list[str]) -> None:
    # pandas' DataFrame.to_json() writes column by column unless told otherwise: each field an object
    # from the row's index to its value. Taken for one paper, the file gave "record 1: no abstract; skipped".
    path = tmp_path / "icml2025.json"
    path.write_text(json.dumps({"title": {"0": "One", "1": "Two", "2": "Three"},
                                "abstract": {"0": abstracts[0], "1": abstracts[1], "2": None},
                                "authors": {"0": ["Ada Lovelace", "Alan Turing"], "1": [], "2": []},
                                "pdf": {"0": None, "1": "https://example.org/two.pdf", "2": None}}))
    result = parse_file(path)
    assert [(r.title, r.abstract, r.authors, r.pdf, r.venue, r.source_ref) for r in result.records] == [
        ("One", abstracts[0], ("Ada Lovelace", "Alan Turing"), None, "ICML 2025", "record 1"),
        ("Two", abstracts[1], (), "https://example.org/two.pdf", "ICML 2025", "record 2")]
    assert [str(p) for p in result.problems] == [f"{path}:record 3: no abstract; skipped"]


def test_papers_kept_under_their_ids(tmp_path: Path, abstracts: list[str]) -> None:
    # Scrapers save {"<paper id>": {paper}, ...}, and pandas' to_json(orient="index") writes rows so:
    # "not a corpus: expected a JSON list of objects with an 'abstract' field", nothing loaded.
    path = tmp_path / "scraped.json"
    path.write_text(json.dumps({"Xy12": {"title": "One", "abstract": abstracts[0]},
                                "Zz34": {"title": "Two", "abstract": abstracts[1], "authors": ["Ada Lovelace"]},
                                "Q9": {"title": "Three"}}, indent=2))
    result = parse_file(path)
    assert [(r.title, r.abstract, r.authors, r.source_ref) for r in result.records] == [
        ("One", abstracts[0], (), "record 1"), ("Two", abstracts[1], ("Ada Lovelace",), "record 2")]
    assert [str(p) for p in result.problems] == [f"{path}:record 3: no abstract; skipped"]


def test_json_lines_files_joined_one_with_a_byte_order_mark(tmp_path: Path, abstracts: list[str]) -> None:
    # `cat mine.jsonl theirs.jsonl > all.jsonl`, theirs saved on Windows with a byte order mark: the mark
    # starts a line in the middle of the file, and that record was lost, "malformed JSON (column 1:
    # Unexpected UTF-8 BOM (decode using utf-8-sig))".
    mine = json.dumps({"title": "One", "abstract": abstracts[0]}) + "\n"
    theirs = "\ufeff" + json.dumps({"title": "Two", "abstract": abstracts[1]}) + "\r\n"
    path = tmp_path / "all.jsonl"
    path.write_bytes((mine + theirs).encode("utf-8"))
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.source_ref) for r in result.records] == [("One", "line 1"), ("Two", "line 2")]
