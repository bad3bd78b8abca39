"""NUL bytes after a corpus file's text (session 16), as a copy or a download that set the file's space aside and
stopped part way leaves it: a seed text's last paragraph was skipped for "a NUL byte (binary data, not text)", and a
small file was "binary file, not a text corpus" and gave nothing. The NULs are now ignored, said once in a note
naming the file, every paragraph loads, and the papers the file gave before are kept while they are there."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.parsing import parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")


def _seed(count: int, *, last_line_break: bool = True) -> str:
    text = "ICML 2020 Papers\n\n" + "\n\n".join(f"{ABSTRACT} Case {n}." for n in range(count))
    return text + ("\n" if last_line_break else "")


def _note(count: str) -> str:
    return (f"ends in {count} NUL bytes after its text, as a copy or download that stopped part way leaves a file "
            "(space set aside, never written): they are ignored, and the papers it gave before are kept while they "
            "are there")


@pytest.mark.parametrize(("count", "last_line_break"), [
    (80, True),  # over 8 KiB of text: its last paragraph was skipped
    (80, False),
    (3, True),  # a small file: it was "binary file, not a text corpus"
])
def test_nul_bytes_after_a_seed_text_are_ignored_and_said_once(tmp_path: Path, count: int,
                                                                last_line_break: bool) -> None:
    path = tmp_path / "icml2020.txt"
    path.write_bytes(_seed(count, last_line_break=last_line_break).encode() + b"\x00" * 4096)
    result = parse_file(path)
    assert [r.abstract for r in result.records] == [f"{ABSTRACT} Case {n}." for n in range(count)]
    assert [str(p) for p in result.problems] == [f"{path}: {_note('4,096')}"]
    assert result.cut_short == [path]


async def test_a_padded_copy_keeps_the_papers_it_does_not_hold_yet(db: aiosqlite.Connection, tmp_path: Path) -> None:
    path = tmp_path / "icml2020.txt"
    path.write_text(_seed(20))
    assert (await load_corpus(db, [path])).active == 20
    whole = _seed(20).encode()
    written = _seed(12).encode()
    path.write_bytes(written + b"\x00" * (len(whole) - len(written)))  # the space of the whole file set aside
    report = await load_corpus(db, [path])
    assert (report.records, report.retired, report.active) == (12, 0, 20)
    assert [str(p) for p in report.problems] == [f"{path}: {_note(f'{len(whole) - len(written):,}')}"]


def test_a_utf16_file_without_a_byte_order_mark_keeps_its_last_nul(tmp_path: Path) -> None:
    # UTF-16LE writes "\n" as "\n\x00": that NUL is part of the text, not padding
    path = tmp_path / "icml2020.txt"
    path.write_bytes(_seed(3).encode("utf-16-le"))
    result = parse_file(path)
    assert (len(result.records), result.problems, result.cut_short) == (3, [], [])
