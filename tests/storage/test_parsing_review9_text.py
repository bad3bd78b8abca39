"""Seed text and other .txt files as people actually have them."""

from __future__ import annotations

from pathlib import Path

from storage.parsing import parse_file


def test_line_numbers_are_the_editors_after_form_feeds_and_unicode_line_separators(
        tmp_path: Path, abstracts: list[str]) -> None:
    # pdftotext ends each page with a form feed; text pasted from PDFs and web pages carries U+2028 and
    # U+0085. str.splitlines() counts each as a line break and editors, grep and sed do not: every
    # paragraph after one was placed a line too far, in the report and in the stored "where it came from".
    path = tmp_path / "from_pdf.txt"
    path.write_text("ICML 2025 Papers\n\n"
                    + abstracts[0].replace(". ", ".\u2028", 1) + "\n\f\n"       # line 3; line 4 is the form feed
                    + abstracts[1].replace(". ", ".\x85", 1) + "\n\n"           # line 5
                    + "Page 2\n\n"                                               # line 7
                    + abstracts[2] + "\f\n", encoding="utf-8")                  # line 9
    result = parse_file(path)
    assert [(r.abstract.replace("\n", " "), r.source_ref) for r in result.records] == [
        (abstracts[0], "paragraph 1 (line 3)"), (abstracts[1], "paragraph 2 (line 5)"),
        (abstracts[2], "paragraph 4 (line 9)")]
    assert [str(p) for p in result.problems] == [
        f"{path}:paragraph 3 (line 7): too short for an abstract (2 words); skipped"]
    for number, where in ((3, abstracts[0][:20]), (5, abstracts[1][:20]), (7, "Page 2"), (9, abstracts[2][:20])):
        assert path.read_text(encoding="utf-8").split("\n")[number - 1].startswith(where)  # as `sed -n Np` shows

