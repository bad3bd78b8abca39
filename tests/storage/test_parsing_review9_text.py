"""Seed text and other .txt files as people actually have them."""

from __future__ import annotations

import csv
import io
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


def test_a_table_excel_saved_as_unicode_text_is_read_as_a_table(tmp_path: Path, abstracts: list[str]) -> None:
    # Excel's "Unicode Text (*.txt)": UTF-16 with a byte order mark, tab-separated, CRLF, a cell holding a
    # line break quoted. It loaded as one seed-text paper: the venue "Title	Abstract	Authors", the whole
    # table its abstract, and advice to put blank lines between the rows.
    table = io.StringIO()
    csv.writer(table, delimiter="\t", lineterminator="\r\n").writerows(
        [("Title", "Abstract", "Authors")] + [(f"Paper {n}", abstract.replace(". ", ".\n", 1), "Ada Lovelace")
                                             for n, abstract in enumerate(abstracts[:3], start=1)])
    unicode_text = tmp_path / "icml2025.txt"
    unicode_text.write_bytes(table.getvalue().encode("utf-16"))
    comma_text = tmp_path / "exported.txt"  # a CSV export named .txt
    comma_text.write_text('"title","abstract"\n' + f'"Paper 4","{abstracts[3]}"\n', encoding="utf-8")
    unicode_result, comma_result = parse_file(unicode_text), parse_file(comma_text)
    assert unicode_result.problems == comma_result.problems == []
    assert [(r.title, r.abstract, r.authors, r.venue, r.source_ref) for r in unicode_result.records] == [
        (f"Paper {n}", abstract.replace(". ", ".\n", 1), ("Ada Lovelace",), "ICML 2025", f"record {n} (line {line})")
        for n, abstract, line in zip((1, 2, 3), abstracts[:3], (2, 4, 6), strict=True)]
    assert [(r.title, r.abstract) for r in comma_result.records] == [("Paper 4", abstracts[3])]
