"""A Mac Roman CSV whose only accents are ö, û or ú (session 13). Windows-1252 reads those bytes as the letters
š, ž and œ, so such a file (a German author list: Möller, Schrödinger, Jörg) was taken for Windows-1252 and stored
"Mšller", "Schršdinger". Between two consonants, where those vowels sit in names and Windows-1252's š, ž, œ do not
("Dušan", "Žižek", "cœur"), and with no other Windows-1252 accent in the file, it is read as Mac Roman."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.parsing import decode
from tests.storage.test_parsing_review12_mac_roman import NOTE, WINDOWS_NOTE, _plain, _table


async def test_a_mac_roman_csv_with_only_o_umlauts_is_stored_as_written(db: aiosqlite.Connection, tmp_path: Path,
                                                                          abstracts: list[str]) -> None:
    texts = _plain(abstracts, 2)
    path = tmp_path / "excel-mac.csv"
    path.write_bytes(_table([("title", "authors", "abstract"),
                             ("Göttingen lectures", "Jörg Möller; Erwin Schrödinger", texts[0]),
                             ("Túlio's Brûlot sets", "A. One", texts[1])]).encode("mac_roman"))
    report = await load_corpus(db, [path])
    assert (report.added, [str(p) for p in report.problems]) == (2, [f"{path}: {NOTE}"])  # before: WINDOWS_NOTE
    async with db.execute("SELECT title, authors FROM papers ORDER BY num") as cursor:
        assert [tuple(row) for row in await cursor.fetchall()] == [
            ("Göttingen lectures", '["Jörg Möller", "Erwin Schrödinger"]'), ("Túlio's Brûlot sets", '["A. One"]')]


@pytest.mark.parametrize("words", [
    "Dušan Petrov, Slavoj Žižek, Škoda",  # beside a vowel, or a word's first letter
    "cœur, sœur, manœuvre",  # œ before a vowel
    "Krško and Košir",  # one beside a vowel is enough
    "Möller's café",  # Windows-1252's é: no Mac Roman file has it
])
def test_windows_1252_files_with_s_z_or_oe_stay_windows_1252(words: str) -> None:
    text, problem = decode("export.csv", f"title,abstract\n{words}\n".encode("cp1252"))
    assert (text, problem and problem.message) == (f"title,abstract\n{words}\n", WINDOWS_NOTE)
