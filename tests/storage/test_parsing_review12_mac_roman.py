"""Excel for Mac's "CSV" (session 12): its plain "Comma Separated Values" is saved in Mac Roman, and every record
with an accent, a curly apostrophe or a dash was skipped ("not UTF-8: undecodable byte 0x8e"): a paper list's
authors (Müller, Pérez, Schölkopf) lost their papers. Read as Windows-1252 they would be nonsense ("RenŽ MŸller");
read as Mac Roman they load as written, with one note."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from storage.parsing import decode, parse_file

NOTE = "not UTF-8; read as Mac Roman (Excel for Mac's CSV export)"
WINDOWS_NOTE = "not UTF-8; read as Windows-1252 (Excel's CSV export)"


def _table(rows: Sequence[tuple[str, ...]]) -> str:
    table = io.StringIO()
    csv.writer(table, lineterminator="\r").writerows(rows)  # Excel for Mac ends its lines with CR
    return table.getvalue()


def _plain(abstracts: list[str], count: int) -> list[str]:
    return [abstract for abstract in abstracts if abstract.isascii()][:count]


def test_an_excel_for_mac_csv_loads_whole_with_one_note(tmp_path: Path, abstracts: list[str]) -> None:
    texts = _plain(abstracts, 3)
    rows = [("Title", "Authors", "Abstract"),
            ("Résumé of Lennard–Jones fluids", "René Müller; Ana Málaga", texts[0] + " It doesn’t hold — mostly."),
            ("Plain", "A. One", texts[1]),
            ("Señal", "João Gonçalves; Bernhard Schölkopf", texts[2])]
    path = tmp_path / "mac.csv"
    path.write_bytes(_table(rows).encode("mac_roman"))
    result = parse_file(path)
    assert [str(p) for p in result.problems] == [f"{path}: {NOTE}"]
    assert [(r.title, r.authors, r.abstract) for r in result.records] == [
        ("Résumé of Lennard–Jones fluids", ("René Müller", "Ana Málaga"), texts[0] + " It doesn’t hold — mostly."),
        ("Plain", ("A. One",), texts[1]),
        ("Señal", ("João Gonçalves", "Bernhard Schölkopf"), texts[2])]


def test_only_punctuation_or_letters_at_a_words_ends_are_read_as_mac_roman_too() -> None:
    # Windows-1252 reads Mac Roman's en dash and apostrophe as capitals inside words, "LennardÐJones", "donÕt",
    # and its letters at a word's start or end as symbols or capitals: "JosŽ", "†ber".
    for words in ("Lennard–Jones, it doesn’t", "José", "Über alles"):
        text, problem = decode("notes.csv", f"title,abstract\n{words}\n".encode("mac_roman"))
        assert (text, problem and problem.message) == (f"title,abstract\n{words}\n", NOTE), words


def test_windows_1252_files_are_read_as_before() -> None:
    # Capitals after capitals, as all-capital words have them, and small letters around Ñ are Windows-1252's.
    for words in ("ESPAÑA, INFORMAÇÕES and ÓRGÃO", "Lennard–Jones, l’été, Señor, Dušan", "Ørsted Ærø",
                  "Smith† and Jones‡, Intel™ Café… “quoted” €5 „Wort“", "Žižek, Škoda"):
        text, problem = decode("export.csv", words.encode("cp1252"))
        assert (text, problem and problem.message) == (words, WINDOWS_NOTE), words


def test_other_code_pages_are_still_refused(tmp_path: Path) -> None:
    # Polish's ł (Windows-1250 0xB3) is "≥" in Mac Roman: a symbol inside a word; Cyrillic comes in runs. A
    # Windows-1252 text refused as such ("ŽIŽEK": Ž inside a word) is no Mac Roman: "éIéEK", a small letter
    # between capitals.
    for encoding, words in (("cp1250", "Łukasz Wrocław"), ("cp1251", "Иван Петров"), ("cp1252", "JOSÉ ŽIŽEK")):
        _, problem = decode("f.csv", words.encode(encoding))
        assert problem is not None, encoding
        assert problem.message.startswith("not UTF-8 text (byte 0x"), encoding


async def test_a_mac_roman_corpus_is_stored_as_written(db: aiosqlite.Connection, tmp_path: Path,
                                                       abstracts: list[str]) -> None:
    texts = _plain(abstracts, 2)
    path = tmp_path / "excel-mac.csv"
    path.write_bytes(_table([("title", "authors", "abstract"), ("Über alles", "José García", texts[0]),
                             ("Plain", "A. One", texts[1])]).encode("mac_roman"))
    report = await load_corpus(db, [path])
    assert (report.added, [str(p) for p in report.problems]) == (2, [f"{path}: {NOTE}"])
    async with db.execute("SELECT title, authors FROM papers ORDER BY num") as cursor:
        assert [tuple(row) for row in await cursor.fetchall()] == [("Über alles", '["José García"]'),
                                                                    ("Plain", '["A. One"]')]
