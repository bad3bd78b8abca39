"""JSON's two messages that end mid-sentence, in plain words (session 15). A record with a raw line break or tab in
its text (JSON written by hand or pasted from a PDF) was "malformed JSON (column 41: Invalid control character
at); skipped", and one whose text is left open "…: Unterminated string starting at); skipped": the words json
gives, with the place they point at cut off. They now say what the character is and how JSON writes it."""

from __future__ import annotations

import json
from pathlib import Path

from storage.parsing import parse_file
from tests.storage.conftest import seed_paragraphs

LINE_BREAK = "a line break inside a text (a closing quote missing? JSON writes a line break in a text as \\n)"


def test_a_raw_line_break_or_tab_in_a_record_is_named(tmp_path: Path) -> None:
    first, second, third = seed_paragraphs()[:3]
    path = tmp_path / "papers.json"
    path.write_text("[\n" + ",\n".join([
        json.dumps({"title": "Whole", "abstract": first}),
        '{"title": "Broken\nover two lines", "abstract": ' + json.dumps(second) + "}",
        '{"title": "A\ttab", "abstract": ' + json.dumps(third) + "}"]) + "\n]\n")
    result = parse_file(path)
    assert [r.title for r in result.records] == ["Whole"]
    assert [str(p) for p in result.problems] == [
        f"{path}:record 2 (line 3): malformed JSON (column 18: {LINE_BREAK}); skipped",
        f"{path}:record 3 (line 5): malformed JSON (column 13: a tab inside a text (JSON writes it as \\t)); skipped"]


def test_a_text_left_open_or_a_control_character_in_json_lines_is_named(tmp_path: Path) -> None:
    first, second = seed_paragraphs()[:2]
    path = tmp_path / "papers.jsonl"
    path.write_text(json.dumps({"title": "Whole", "abstract": first}) + "\n"
                    + '{"title": "Open}\n'
                    + '{"title": "Bell\u0007", "abstract": "x"}\n'
                    + json.dumps({"title": "Whole too", "abstract": second}) + "\n")
    result = parse_file(path)
    assert [r.title for r in result.records] == ["Whole", "Whole too"]
    assert [str(p) for p in result.problems] == [
        f"{path}:line 2: malformed JSON (column 11: a text with no closing quote); skipped",
        f"{path}:line 3: malformed JSON (column 16: control character U+0007 inside a text); skipped"]
