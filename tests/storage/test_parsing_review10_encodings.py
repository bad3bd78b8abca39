"""Corpus files in the encodings operators' tools save them in: Excel's and Notepad's Windows-1252."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path

import aiosqlite
from hypothesis import given
from hypothesis import strategies as st

from storage.loader import load_corpus
from storage.parsing import decode, parse_file

NOTE = "not UTF-8; read as Windows-1252 (Excel's CSV export)"


def _table(rows: Sequence[tuple[str, ...]]) -> str:
    table = io.StringIO()
    csv.writer(table, lineterminator="\r\n").writerows(rows)
    return table.getvalue()


def _plain(abstracts: list[str], count: int) -> list[str]:
    return [abstract for abstract in abstracts if abstract.isascii()][:count]


def test_an_excel_csv_saved_on_windows_loads_whole_with_one_note(tmp_path: Path, abstracts: list[str]) -> None:
    # Excel's "CSV (Comma delimited)" on Windows in Western Europe and the Americas writes Windows-1252:
    # every record with an accent, a curly quote or a dash was skipped ("not UTF-8: undecodable byte 0xe9").
    texts = _plain(abstracts, 3)
    rows = [("Title", "Authors", "Abstract"),
            ("Café au lait “résumé”", "René Müller; Zoë Ångström", texts[0] + " It costs 5 € – or less."),
            ("Plain", "A. One", texts[1]),
            ("Señal: l’été de Lennard–Jones", "Ana Núñez; Dušan Horák", texts[2])]
    path = tmp_path / "export.csv"
    path.write_bytes(_table(rows).encode("cp1252"))
    result = parse_file(path)
    assert [str(p) for p in result.problems] == [f"{path}: {NOTE}"]
    assert [(r.title, r.authors, r.abstract) for r in result.records] == [
        ("Café au lait “résumé”", ("René Müller", "Zoë Ångström"), texts[0] + " It costs 5 € – or less."),
        ("Plain", ("A. One",), texts[1]),
        ("Señal: l’été de Lennard–Jones", ("Ana Núñez", "Dušan Horák"), texts[2])]


def test_latin1_seed_text_loads_too(tmp_path: Path, abstracts: list[str]) -> None:
    # Notepad's "ANSI" and old Latin-1 files: ISO-8859-1's letters are Windows-1252's.
    texts = _plain(abstracts, 2)
    path = tmp_path / "notes.txt"
    path.write_bytes(f"Journées 2024 Papers\n\n{texts[0]} Voilà.\n\n{texts[1]}\n".encode("latin-1"))
    result = parse_file(path)
    assert [str(p) for p in result.problems] == [f"{path}: {NOTE}"]
    assert [(r.abstract, r.venue) for r in result.records] == [(texts[0] + " Voilà.", "Journées 2024"),
                                                               (texts[1], "Journées 2024")]


def test_a_utf8_file_with_a_stray_byte_is_never_read_as_windows_1252(tmp_path: Path, abstracts: list[str]) -> None:
    # Its UTF-8 letters would be mojibake ("Ã©"): the record with the bad byte is skipped, as before.
    texts = _plain(abstracts, 2)
    rows = _table([("title", "abstract"), ("Résumé", texts[0]), ("Caf\x00", texts[1])])
    path = tmp_path / "mixed.csv"
    path.write_bytes(rows.encode().replace(b"\x00", b"\xe9"))
    result = parse_file(path)
    assert [(r.title, r.abstract) for r in result.records] == [("Résumé", texts[0])]
    assert [str(p) for p in result.problems] == [
        f"{path}:line 3: not UTF-8 text (byte 0xe9 at line 3); records with undecodable bytes are skipped, "
        "save the file as UTF-8",
        f"{path}:record 2 (line 3): not UTF-8: undecodable byte 0xe9 in the title; skipped"]


def test_other_windows_code_pages_are_not_read_as_windows_1252(tmp_path: Path, abstracts: list[str]) -> None:
    # Cyrillic (Windows-1251), Japanese (Shift-JIS), Polish (Windows-1250) decode as Windows-1252 too, as
    # nonsense: "Èâàí Ïåòðîâ", "ŽR“c‘¾˜Y", "Wroc³aw". Those records are skipped with where and why, as before.
    # (Mac Roman, "RenŽ MŸller", is read as itself since session 12: test_parsing_review12_mac_roman.py.)
    texts = _plain(abstracts, 2)
    for encoding, author in (("cp1251", "Иван Петров"), ("shift_jis", "山田太郎"), ("cp1250", "Łukasz Wrocław")):
        path = tmp_path / f"{encoding}-{len(author)}.csv"
        path.write_bytes(_table([("author", "abstract"), ("A. One", texts[0]), (author, texts[1])]).encode(encoding))
        result = parse_file(path)
        assert [r.authors for r in result.records] == [("A. One",)], encoding
        assert NOTE not in " ".join(str(p) for p in result.problems), encoding
        assert str(result.problems[-1]).startswith(f"{path}:record 2 (line 3): not UTF-8: undecodable byte"), encoding


async def test_a_windows_1252_corpus_is_stored_as_written(db: aiosqlite.Connection, tmp_path: Path,
                                                          abstracts: list[str]) -> None:
    texts = _plain(abstracts, 2)
    path = tmp_path / "excel.csv"
    path.write_bytes(_table([("title", "authors", "abstract"), ("Über alles", "José García", texts[0]),
                             ("Plain", "A. One", texts[1])]).encode("cp1252"))
    report = await load_corpus(db, [path])
    assert (report.added, [str(p) for p in report.problems]) == (2, [f"{path}: {NOTE}"])
    async with db.execute("SELECT title, authors FROM papers ORDER BY num") as cursor:
        assert [tuple(row) for row in await cursor.fetchall()] == [("Über alles", '["José García"]'),
                                                                    ("Plain", '["A. One"]')]


def test_utf16_without_a_byte_order_mark_is_text_not_binary(tmp_path: Path, abstracts: list[str]) -> None:
    # iconv -t UTF-16LE, .NET's Encoding.Unicode and SQL Server's `bcp -w` write no mark: a NUL in every other
    # byte, and the file was "binary file, not a text corpus".
    tab_separated = io.StringIO()
    csv.writer(tab_separated, delimiter="\t", lineterminator="\r\n").writerows([("Title", "Abstract"),
                                                                             ("Ünïcode", abstracts[0])])
    table = tab_separated.getvalue()
    seed = f"ICML 2025 Papers\r\n\r\n{abstracts[1]}\r\n"
    for encoding in ("utf-16-le", "utf-16-be"):
        tab_delimited, seed_text = tmp_path / f"{encoding}.txt", tmp_path / f"{encoding}-seed.txt"
        tab_delimited.write_bytes(table.encode(encoding))
        seed_text.write_bytes(seed.encode(encoding))
        rows, paragraphs = parse_file(tab_delimited), parse_file(seed_text)
        assert rows.problems == paragraphs.problems == [], encoding
        assert [(r.title, r.abstract) for r in rows.records] == [("Ünïcode", abstracts[0])], encoding
        assert [(r.venue, r.abstract) for r in paragraphs.records] == [("ICML 2025", abstracts[1])], encoding
    image = tmp_path / "figure.txt"  # NULs in both bytes of a pair: binary, as before
    image.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x02\x00\x00\x00\x01\x80\x08\x06" * 40)
    assert [str(p) for p in parse_file(image).problems] == [f"{image}: binary file, not a text corpus"]


@given(st.text(st.characters(exclude_categories=["Cs"]), min_size=1).filter(lambda text: not text.isascii()),
       st.binary(min_size=1, max_size=3).filter(lambda stray: not stray.isascii()), st.integers(min_value=0))
def test_a_utf8_text_with_stray_bytes_is_never_read_as_windows_1252(text: str, stray: bytes, at: int) -> None:
    # Any text with a character beyond ASCII, as UTF-8, with bytes UTF-8 cannot read put between two of its
    # characters: it is read as UTF-8 (the bad bytes kept to skip their records) or refused, never as mojibake.
    at %= len(text) + 1
    _, problem = decode("f.txt", text[:at].encode() + stray + text[at:].encode())
    assert problem is None or "Windows-1252" not in problem.message
