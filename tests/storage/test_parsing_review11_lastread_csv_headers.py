"""Review 11, last read: of a field's columns, the one named in English is read, whatever the columns' order.

A spreadsheet's columns may be named in its maker's language ("Zusammenfassung") or with a note ("Abstract
(English)"), and a bilingual sheet has both: the German abstract, then the English one. The first column to take a
field's name kept it, so a German "Zusammenfassung" before "Abstract (English)" was the abstract, and one beside an
English "Summary" (another English name of the abstract, which the field looks up after "abstract") too: the
corpus read the German abstracts where the sheet gave English ones. A column named in English is now read before
one with a note, and that before one in another language.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from storage.parsing import parse_file


def _sheet(path: Path, rows: list[tuple[str, ...]]) -> Path:
    table = io.StringIO()
    csv.writer(table, delimiter=";", lineterminator="\r\n").writerows(rows)
    path.write_text(table.getvalue(), encoding="utf-8")
    return path


@pytest.mark.parametrize("header", [
    ("Titel", "Zusammenfassung", "Abstract (English)"),   # the German abstract first, then the English one
    ("Titel", "Zusammenfassung", "Summary"),              # "summary" is an English name of the abstract too
    ("Titel", "Résumé [FR]", "Abstract [EN]"),            # both with a note: the English name first
])
def test_the_english_column_of_a_field_is_read_whatever_the_order(
        tmp_path: Path, abstracts: list[str], header: tuple[str, ...]) -> None:
    german = "Wir untersuchen ein Verfahren, das aus wenigen Beispielen lernt, und zeigen, dass es gut abschneidet."
    path = _sheet(tmp_path / "bilingual.csv", [header, ("Eins", german, abstracts[0])])

    (record,) = parse_file(path).records

    assert (record.title, record.abstract) == ("Eins", abstracts[0])


def test_a_title_in_english_is_read_before_its_translation(tmp_path: Path, abstracts: list[str]) -> None:
    path = _sheet(tmp_path / "titles.csv", [("Titel", "Title", "Abstract"), ("Eins", "One", abstracts[0]),
                                            ("Zwei", "Two", abstracts[1])])
    assert [record.title for record in parse_file(path).records] == ["One", "Two"]
    path = _sheet(tmp_path / "titles.csv", [("Title (short)", "Titel", "Abstract"), ("One", "Eins", abstracts[0])])
    assert [record.title for record in parse_file(path).records] == ["One"]
