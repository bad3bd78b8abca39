"""A `.json` or `.jsonl` file that is no JSON at all (session 15): a web page saved in a dataset's place (a download
that failed: "404 Not Found"), a CSV table or notes given a .json name. It was "line 1: malformed JSON (column 1:
Expecting value)", and a .jsonl file had that line for each of its lines (a web page of 2,000 lines, 2,000
problems). It is now one problem saying what the file starts with."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from storage.parsing import parse_file

PAGE = ("<!DOCTYPE html>\n<html>\n<head><title>404 Not Found</title></head>\n<body>\n<h1>Not Found</h1>\n"
        "<p>The requested URL was not found on this server.</p>\n</body>\n</html>\n")
EXPECTED = "expected a JSON list of paper objects, or one object per line"
ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")


@pytest.mark.parametrize("name", ["papers.json", "papers.jsonl"])
def test_a_web_page_saved_as_a_json_corpus_is_one_problem(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(PAGE)
    result = parse_file(path)
    assert result.records == []
    assert [str(p) for p in result.problems] == [
        f"{path}:line 1: not JSON: it starts with '<!DOCTYPE html>', as a web page does (a download that failed?); "
        f"{EXPECTED}"]


@pytest.mark.parametrize(("name", "text", "start", "line"), [
    ("table.json", "title,abstract\nOne,Some text\n", "title,abstract", 1),
    ("notes.jsonl", "\n\n  My notes on the papers I read this week, with a very long first line that goes on\n",
     "My notes on the papers I read this week, with a very long fi…", 3),
])
def test_a_table_or_notes_named_json_say_what_they_start_with(tmp_path: Path, name: str, text: str, start: str,
                                                               line: int) -> None:
    path = tmp_path / name
    path.write_text(text)
    assert [str(p) for p in parse_file(path).problems] == [
        f"{path}:line {line}: not JSON: it starts with {start!r}; {EXPECTED}"]


def test_ingest_of_a_web_page_beside_a_good_file_names_it_once(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "good.jsonl").write_text(json.dumps({"title": "Good", "abstract": ABSTRACT}) + "\n")
    (corpus / "page.jsonl").write_text(PAGE)
    (corpus / "python.jsonl").write_text(  # JSON gone wrong, not something else: told record by record, as before
        "{'title': 'Python quotes'}\n" + json.dumps({"title": "Good too", "abstract": ABSTRACT + " Again."}) + "\n")
    assert main(["ingest", str(corpus), "--db", str(tmp_path / "papers.db")]) == 0
    captured = capsys.readouterr()
    assert "2 records from 3 files: 2 added" in captured.out
    problems = [line.strip() for line in captured.err.splitlines() if line.strip().startswith("problem:")]
    assert problems == [f"problem: {corpus / 'page.jsonl'}:line 1: not JSON: it starts with '<!DOCTYPE html>', "
                        f"as a web page does (a download that failed?); {EXPECTED}",
                        f"problem: {corpus / 'python.jsonl'}:line 1: malformed JSON (column 2: Expecting property "
                        "name enclosed in double quotes); skipped"]
