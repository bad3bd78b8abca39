"""Authors written as one text, as arXiv's metadata, spreadsheets and BibTeX write them."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from storage.parsing import parse_file


def test_arxiv_metadata_authors_are_one_name_each(tmp_path: Path, abstracts: list[str]) -> None:
    # arXiv's metadata snapshot (JSON Lines named .json) writes "authors" as one text. It was one author:
    # the card cut the list at 100 characters with "…", and search results bolded the whole list.
    records = [{"id": "2101.00001", "authors": "A. One, B. Two and C. Three", "abstract": abstracts[0],
                "authors_parsed": [["One", "A.", ""], ["Two", "B.", ""], ["Three", "C.", ""]]},
               {"id": "2101.00002", "authors": "D. Four and E. Five", "abstract": abstracts[1]},
               {"id": "2101.00003", "authors": "F. Six (MIT, USA), G. Seven (CMU), et al.", "abstract": abstracts[2]}]
    path = tmp_path / "arxiv-metadata-oai-snapshot.json"
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    result = parse_file(path)
    assert result.problems == []
    assert [r.authors for r in result.records] == [("A. One", "B. Two", "C. Three"), ("D. Four", "E. Five"),
                                                   ("F. Six (MIT, USA)", "G. Seven (CMU)")]


def test_a_spreadsheets_authors_cell_and_bibtex_names(tmp_path: Path, abstracts: list[str]) -> None:
    table = io.StringIO()
    csv.writer(table, lineterminator="\r\n").writerows([
        ("Title", "Abstract", "Authors"),
        ("One", abstracts[0], "Ada Lovelace, Alan Turing"),            # Google Sheets, Excel
        ("Two", abstracts[1], "Lovelace, Ada and Turing, Alan"),       # BibTeX's "Last, First and ..."
        ("Three", abstracts[2], "Lovelace A, Turing AM, Hopper GM"),   # PubMed
        ("Four", abstracts[3], "Lovelace, Ada"),                       # one name, last name first
        ("Five", abstracts[4], "A. One; B. Two, Jr."),                 # ";" separates, as before
    ])
    path = tmp_path / "sheet.csv"
    path.write_text(table.getvalue(), encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    assert [r.authors for r in result.records] == [
        ("Ada Lovelace", "Alan Turing"), ("Ada Lovelace", "Alan Turing"),
        ("Lovelace A", "Turing AM", "Hopper GM"), ("Ada Lovelace",), ("A. One", "B. Two, Jr.")]


def test_names_written_last_name_first_read_first_name_first(tmp_path: Path, abstracts: list[str]) -> None:
    # Zotero, Scopus and Web of Science list authors "Lovelace, Ada; Turing, Alan". Kept so, the card,
    # which joins names with commas, read "Lovelace, Ada, Turing, Alan": four people.
    table = io.StringIO()
    csv.writer(table).writerows([
        ("Title", "Author", "Abstract Note"),
        ("One", "Lovelace, Ada; Turing, Alan", abstracts[0]),        # Zotero
        ("Two", "Hopper, Grace M.", abstracts[1]),                    # Zotero, one author
        ("Three", "Lovelace, A; Turing, AM", abstracts[2]),           # Web of Science
        ("Four", "Lovelace, Ada; Alan Turing", abstracts[3]),         # orders mixed: kept as written
        ("Five", "King, Jr.; Lovelace, Ada", abstracts[4]),           # a suffix, not a first name: kept
    ])
    path = tmp_path / "zotero.csv"
    path.write_text(table.getvalue(), encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    assert [r.authors for r in result.records] == [
        ("Ada Lovelace", "Alan Turing"), ("Grace M. Hopper",), ("A Lovelace", "AM Turing"),
        ("Lovelace, Ada", "Alan Turing"), ("King, Jr.", "Lovelace, Ada")]


def test_a_list_of_authors_written_as_text_gives_the_names(tmp_path: Path, abstracts: list[str]) -> None:
    # pandas' to_csv writes a column of lists as Python writes them (a dataset read from JSON and saved
    # as CSV), and some JSON exports hold a list encoded once more. Read as names separated by commas,
    # the authors were "['Ada Lovelace'" and "'Alan Turing']".
    table = io.StringIO()
    csv.writer(table).writerows([
        ("", "title", "abstract", "authors"),  # to_csv's index column
        (0, "One", abstracts[0], str(["Ada Lovelace", "Alan Turing"])),
        (1, "Two", abstracts[1], str(["Tim O'Reilly"])),
        (2, "Three", abstracts[2], "[Ada Lovelace]"),  # no list in any language: as written
    ])
    from_pandas = tmp_path / "papers.csv"
    from_pandas.write_text(table.getvalue(), encoding="utf-8")
    encoded_twice = tmp_path / "papers.jsonl"
    encoded_twice.write_text(json.dumps({"abstract": abstracts[3], "authors": ' ["Grace Hopper", "Alan Turing"] '}))
    records = parse_file(from_pandas).records + parse_file(encoded_twice).records
    assert [r.authors for r in records] == [("Ada Lovelace", "Alan Turing"), ("Tim O'Reilly",), ("[Ada Lovelace]",),
                                            ("Grace Hopper", "Alan Turing")]


def test_a_suffix_in_bibtex_names_stays_after_the_last_name(tmp_path: Path, abstracts: list[str]) -> None:
    # BibTeX's "King, Jr. and Smith, Ann" read as "Jr. King" and "Ann Smith": the suffix taken for a first name.
    # A first name that is letters a numeral is made of ("Xi", "Vi", an initial "I.") is no suffix, here or in
    # Zotero's ";" lists, which "Chen, Xi" kept written last name first.
    table = io.StringIO()
    csv.writer(table).writerows([
        ("Title", "Abstract", "Authors"),
        ("One", abstracts[0], "King, Jr. and Smith, Ann"),
        ("Two", abstracts[1], "Gates, III and Hopper, Grace and Lovelace, Ada"),
        ("Three", abstracts[2], "Chen, Xi and Nguyen, Vi and Smith, I."),
        ("Four", abstracts[3], "Chen, Xi; Nguyen, Vi"),
        ("Five", abstracts[4], "King, Jr.; Lovelace, Ada"),                      # a suffix: kept, as before
    ])
    path = tmp_path / "bibtex.csv"
    path.write_text(table.getvalue(), encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    assert [r.authors for r in result.records] == [
        ("King Jr.", "Ann Smith"), ("Gates III", "Grace Hopper", "Ada Lovelace"), ("Xi Chen", "Vi Nguyen", "I. Smith"),
        ("Xi Chen", "Vi Nguyen"), ("King, Jr.", "Lovelace, Ada")]
