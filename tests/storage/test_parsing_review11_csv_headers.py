"""A spreadsheet whose columns are named in its maker's language or with a note (session 11): 'Titel;
Zusammenfassung;Autoren' (Excel in Germany), 'Titre,Résumé,Auteurs', 'Abstract (English)'. Such a file said "no
header row with an 'abstract' column" and loaded nothing."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from storage.parsing import parse_file


def _sheet(path: Path, rows: list[tuple[str, ...]], delimiter: str = ",") -> Path:
    table = io.StringIO()
    csv.writer(table, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    path.write_text(table.getvalue(), encoding="utf-8")
    return path


@pytest.mark.parametrize(("header", "delimiter"), [
    (("Titel", "Zusammenfassung", "Autoren"), ";"),    # German Excel: ";" where the decimal mark is a comma
    (("Titre", "Résumé", "Auteurs"), ";"),             # French
    (("Título", "Resumen", "Autores"), ";"),           # Spanish
    (("Titolo", "Riassunto", "Autori"), ";"),          # Italian
    (("Título", "Resumo", "Autores"), ";"),            # Portuguese
    (("Titel", "Samenvatting", "Auteurs"), ";"),       # Dutch
    (("TITEL", "KURZFASSUNG", "AUTOR"), ","),          # capitals, comma-separated
    (("Title [EN]", "Abstract (English)", "Authors:"), ","),  # a note after the name
])
def test_columns_named_otherwise_are_read(tmp_path: Path, abstracts: list[str], header: tuple[str, ...],
                                          delimiter: str) -> None:
    path = _sheet(tmp_path / "papers.csv", [header, ("Eins", abstracts[0], "Ada Lovelace; Alan Turing"),
                                            ("Zwei", abstracts[1], "Grace Hopper")], delimiter)
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.abstract, r.authors) for r in result.records] == [
        ("Eins", abstracts[0], ("Ada Lovelace", "Alan Turing")), ("Zwei", abstracts[1], ("Grace Hopper",))]


def test_the_first_of_two_columns_of_one_field_is_read(tmp_path: Path, abstracts: list[str]) -> None:
    # A bilingual export: the English abstract first, then the German one, which does not replace it.
    path = _sheet(tmp_path / "bilingual.csv", [
        ("Title", "Abstract (English)", "Abstract (German)", "Titel"),
        ("One", abstracts[0], abstracts[1], "Eins")])
    (record,) = parse_file(path).records
    assert (record.title, record.abstract) == ("One", abstracts[0])


def test_an_excel_unicode_text_file_with_german_columns_is_a_table(tmp_path: Path, abstracts: list[str]) -> None:
    path = tmp_path / "papers.txt"  # Excel's "Unicode Text": UTF-16, tab-separated, saved as .txt
    path.write_text(f"Titel\tZusammenfassung\tAutoren\nEins\t{abstracts[0]}\tAda Lovelace\n", encoding="utf-16")
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.authors) for r in result.records] == [("Eins", ("Ada Lovelace",))]


def test_a_note_names_any_field_but_other_words_do_not(tmp_path: Path, abstracts: list[str]) -> None:
    # "Venue (short)" is the venue; Scopus' "Source title" (the journal) is no title, nor is "Jahr" any field.
    path = _sheet(tmp_path / "papers.csv", [("Source title", "Titel", "Abstract", "Venue (short)", "Jahr"),
                                            ("Journal of Things", "Eins", abstracts[0], "ICML", "2019")])
    (record,) = parse_file(path).records
    assert (record.title, record.venue) == ("Eins", "ICML")
