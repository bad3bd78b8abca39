"""A BibTeX file is decoded once (session 13). Its UTF-8 bytes are read a piece at a time, and were first decoded
piece by piece only to check that they were UTF-8 (`utf8_pieces`), then again to be read: 0.3 s of CPU for the
150 MB ACL Anthology. Each piece is now decoded as it is read; a file found not to be UTF-8 part way (a stray
byte, a Windows export) is read from there as the whole file decodes, and loads as it did when decoded whole."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from storage import _bibtex
from storage.parsing import WINDOWS_1252_NOTE, parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")
PIECE = 600  # _CHUNK_CHARS here: a piece of two or three entries


def _entry(key: str, author: str) -> str:
    return f"@article{{{key},\n  title = {{On {key}}},\n  author = {{{author}}},\n  abstract = {{{ABSTRACT}}}\n}}\n\n"


def _bib(path: Path, authors: list[bytes]) -> Path:
    path.write_bytes(b"".join(_entry(f"e{n}", "AUTHOR").encode().replace(b"AUTHOR", author)
                              for n, author in enumerate(authors)))
    return path


def _read(path: Path, monkeypatch: pytest.MonkeyPatch, piece: int) -> tuple[list[tuple[str, str, tuple[str, ...]]],
                                                                            list[str]]:
    monkeypatch.setattr(_bibtex, "_CHUNK_CHARS", piece)
    result = parse_file(path)
    return [(r.source_ref, r.title or "", r.authors) for r in result.records], [str(p) for p in result.problems]


def test_a_bib_files_bytes_are_decoded_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _bib(tmp_path / "anthology.bib", ["Jürgen Müller".encode()] + [b"Ada Lovelace"] * 11)
    split: list[int] = []
    pieces = _bibtex._pieces

    def counted(text: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        for piece in pieces(text, *args, **kwargs):
            split.append(len(piece[1]))
            yield piece

    monkeypatch.setattr(_bibtex, "_pieces", counted)
    records, problems = _read(path, monkeypatch, PIECE)
    assert (len(records), problems) == (12, [])
    assert sum(split) == path.stat().st_size  # before: twice its size, each piece decoded to check it first


@pytest.mark.parametrize(("bad_author", "told"), [
    ("Jürgen Müller".encode("cp1252"), WINDOWS_1252_NOTE),  # a Windows export: no UTF-8 in the pieces before
    (b"J\xfcrgen M\xfcller", None),  # a stray byte in a UTF-8 file: that entry is skipped
])
def test_a_piece_that_is_not_utf8_is_read_as_the_whole_file_decodes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad_author: bytes, told: str | None) -> None:
    authors = [b"Ada Lovelace"] * 8 + [bad_author] + [b"Alan Turing"] * 3
    if told is None:
        authors[1] = "Kurt Gödel".encode()
    path = _bib(tmp_path / "export.bib", authors)
    in_pieces = _read(path, monkeypatch, PIECE)
    whole = _read(path, monkeypatch, 1 << 22)  # one piece: decoded whole, as before
    assert in_pieces == whole
    records, problems = in_pieces
    kept = range(12) if told else [n for n in range(12) if n != 8]
    assert [line for line, _, _ in records] == [f"entry e{n} (line {6 * n + 1})" for n in kept]
    if told:
        assert records[8][2] == ("Jürgen Müller",)
        assert problems == [f"{path}: {told}"]
    else:
        assert problems == [f"{path}:line 51: not UTF-8 text (byte 0xfc at line 51); records with undecodable bytes "
                            "are skipped, save the file as UTF-8",
                            f"{path}:entry e8 (line 49): not UTF-8: undecodable byte 0xfc in the authors; skipped"]
