"""CSV as spreadsheets and scripts really write it."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from storage.parsing import parse_file


def test_rows_whose_empty_cells_at_the_end_are_left_out_or_added_load(tmp_path: Path, abstracts: list[str]) -> None:
    # Excel leaves out the separators of empty cells at the end of some rows and not others (a chunk of
    # rows at a time), and scripts end every row with a separator. Such rows were skipped: "3 fields but
    # the header has 4", though nothing in them was out of place.
    quoted = [abstract.replace('"', '""') for abstract in abstracts[:5]]
    path = tmp_path / "excel.csv"
    path.write_text("Title,Abstract,Authors,Code\r\n"
                    f'One,"{quoted[0]}",Ada Lovelace,https://github.com/a/one\r\n'
                    f'Two,"{quoted[1]}",Alan Turing\r\n'      # the empty code cell left out
                    f'Three,"{quoted[2]}"\r\n'                  # both empty cells left out
                    f'Four,"{quoted[3]}",,,\r\n'                # one empty cell too many
                    f'Five,"{quoted[4]}",Grace Hopper,,https://example.org\r\n', encoding="utf-8")
    result = parse_file(path)
    assert [(r.title, r.abstract, r.authors, r.code_url) for r in result.records] == [
        ("One", abstracts[0], ("Ada Lovelace",), "https://github.com/a/one"),
        ("Two", abstracts[1], ("Alan Turing",), None),
        ("Three", abstracts[2], (), None), ("Four", abstracts[3], (), None)]
    # A cell with text past the header's: a separator too many somewhere, so the row is not guessed at.
    assert [str(p) for p in result.problems] == [f"{path}:record 5 (line 6): 5 fields but the header has 4; skipped"]


def test_a_zotero_export_gives_its_abstracts(tmp_path: Path, abstracts: list[str]) -> None:
    # Zotero, the reference manager most researchers keep their reading in, exports a collection as CSV
    # with the abstract under "Abstract Note" (and as JSON under "abstractNote"): such a file gave
    # "no header row with an 'abstract' column" and no paper.
    table = io.StringIO()
    csv.writer(table).writerows([
        ("Key", "Item Type", "Publication Year", "Author", "Title", "Publication Title", "DOI", "Url", "Abstract Note"),
        ("AB12CD34", "conferencePaper", "2025", "Lovelace, Ada; Turing, Alan", "One", "Proceedings of ICML", "",
         "https://example.org/one", abstracts[0]),
        ("EF56GH78", "journalArticle", "2024", "Hopper, Grace", "Two", "JMLR", "", "", abstracts[1])])
    path = tmp_path / "My Library.csv"
    path.write_bytes(b"\xef\xbb\xbf" + table.getvalue().encode())
    as_json = tmp_path / "zotero.json"
    as_json.write_text(json.dumps([{"itemType": "conferencePaper", "title": "Three", "abstractNote": abstracts[2]}]))
    result, from_json = parse_file(path), parse_file(as_json)
    assert result.problems == from_json.problems == []
    assert [(r.title, r.abstract, r.url) for r in result.records] == [
        ("One", abstracts[0], "https://example.org/one"), ("Two", abstracts[1], None)]
    assert [(r.title, r.abstract) for r in from_json.records] == [("Three", abstracts[2])]


def test_a_first_line_naming_the_separator_as_excel_reads_it(tmp_path: Path, abstracts: list[str]) -> None:
    # "sep=;" on the first line tells Excel the separator; exports made to open in Excel write it. The
    # file gave "no header row with an 'abstract' column (first row: 'sep=;')" and no paper.
    table = io.StringIO()
    csv.writer(table, delimiter=";", lineterminator="\r\n").writerows(
        [("Title", "Abstract", "Authors"), ("One", abstracts[0], "Ada Lovelace; Alan Turing"),
         ("Two", abstracts[1], "")])
    path = tmp_path / "for_excel.csv"
    path.write_text("sep=;\r\n" + table.getvalue(), encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.authors, r.source_ref) for r in result.records] == [
        ("One", ("Ada Lovelace", "Alan Turing"), "record 1 (line 3)"), ("Two", (), "record 2 (line 4)")]


def test_a_title_and_blank_rows_above_the_header(tmp_path: Path, abstracts: list[str]) -> None:
    # A spreadsheet often has a title and blank rows above its table; saved as CSV they come first, and
    # the file said "no header row with an 'abstract' column (first row: 'icml 2025 accepted papers, , ')".
    table = io.StringIO()
    csv.writer(table, lineterminator="\r\n").writerows([
        ("ICML 2025 accepted papers", "", ""), ("exported 2025-07-01", "", ""), ("", "", ""),
        ("Title", "Abstract", "Authors"), ("One", abstracts[0], "Ada Lovelace"), ("Two", abstracts[1], "")])
    path = tmp_path / "accepted.csv"
    path.write_text(table.getvalue(), encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.authors, r.source_ref) for r in result.records] == [
        ("One", ("Ada Lovelace",), "record 1 (line 5)"), ("Two", (), "record 2 (line 6)")]
    no_header = tmp_path / "no_header.csv"  # still said, with the first row, when no row names one
    no_header.write_text("ICML 2025 accepted papers,,\nOne,Two,Three\n", encoding="utf-8")
    assert [str(p) for p in parse_file(no_header).problems] == [
        f"{no_header}:line 1: no header row with an 'abstract' column (first row: 'icml 2025 accepted papers, , ')"]
