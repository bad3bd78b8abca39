"""A gzipped corpus file cut short (session 16): a download or copy of papers.jsonl.gz that stopped part way said
Python's own "cannot read the gzip file: Compressed file ended before the end-of-stream marker was reached", gave
no paper, and the file was taken as unreadable. It now reads as the same file cut short unpacked does: every record
read whole before the cut loads, the one the cut falls in is named and skipped, and the file is said to end part
way, which keeps the papers it gave before."""

from __future__ import annotations

import gzip
import json
import zipfile
from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.parsing import parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")
CUT_SHORT_NOTE = ("the file ends part way through (a copy still being written, a download cut short?): its papers "
                  "are kept until it is whole")
COUNT = 60


def _abstract(n: int) -> str:
    return f"{ABSTRACT} Case {n}."


WRITTEN = {
    "papers.json": json.dumps([{"title": f"T{n}", "abstract": _abstract(n)} for n in range(COUNT)], indent=1),
    "papers.jsonl": "".join(json.dumps({"title": f"T{n}", "abstract": _abstract(n)}) + "\n" for n in range(COUNT)),
    "papers.csv": "title,abstract,authors\r\n" + "".join(f'T{n},"{_abstract(n)}",Ada Lovelace\r\n'
                                                        for n in range(COUNT)),
    "icml2020.txt": "ICML 2020 Papers\n\n" + "".join(f"{_abstract(n)}\n\n" for n in range(COUNT)),
    "papers.bib": "".join(f"@inproceedings{{k{n},\n title={{T{n}}},\n abstract={{{_abstract(n)}}}\n}}\n\n"
                          for n in range(COUNT)),
}
# Where the first record left out is named: its problem's start, for each format.
CUT_RECORD = {
    "papers.json": "the file ends part way through this record; skipped",
    "papers.jsonl": "the file ends part way through this record; skipped",
    "papers.csv": "the file ends part way through this record",  # skipped, or loaded without a cut name
    "icml2020.txt": "the file ends part way through this paragraph; skipped",
    "papers.bib": "the file ends part way through this entry; skipped",
}


def _cut_gzip(path: Path, text: str, keep: float = 0.6) -> Path:
    packed = gzip.compress(text.encode())
    path.write_bytes(packed[:int(len(packed) * keep)])
    return path


@pytest.mark.parametrize("name", WRITTEN)
def test_a_gzipped_file_cut_short_keeps_the_records_read_whole(tmp_path: Path, name: str) -> None:
    path = _cut_gzip(tmp_path / f"{name}.gz", WRITTEN[name])
    result = parse_file(path)
    messages = [str(p) for p in result.problems]
    assert not any("end-of-stream" in m or "not UTF-8" in m for m in messages), messages
    assert 10 < len(result.records) < COUNT
    # every record loaded is whole, in order from the first; none is the one the cut falls in
    assert [r.abstract for r in result.records] == [_abstract(n) for n in range(len(result.records))]
    assert messages[-1] == f"{path}: {CUT_SHORT_NOTE}"
    assert len(messages) == 2
    assert result.problems[0].message.startswith(CUT_RECORD[name]), messages
    assert result.cut_short == [path]
    assert result.unreadable == []


@pytest.mark.parametrize("name", ["papers.csv", "icml2020.txt", "papers.jsonl"])
def test_a_gzipped_file_cut_just_after_a_record_loads_them_all(tmp_path: Path, name: str) -> None:
    # The text stops where a record ends (its line, or its paragraph's blank line): all of them are whole.
    text = WRITTEN[name]
    end = text.index("\n", text.index(_abstract(10))) + 1 + name.endswith(".txt")
    path = tmp_path / f"{name}.gz"
    path.write_bytes(gzip.compress(text[:end].encode())[:-8])  # its trailer (checksum and size) cut off
    result = parse_file(path)
    assert [r.abstract for r in result.records] == [_abstract(n) for n in range(11)]
    assert [str(p) for p in result.problems] == [f"{path}: {CUT_SHORT_NOTE}"]
    assert result.cut_short == [path]


def test_a_cut_that_splits_a_character_is_no_encoding_problem(tmp_path: Path) -> None:
    text = "".join(json.dumps({"title": f"Größe {n}", "abstract": f"Über {_abstract(n)}"}, ensure_ascii=False) + "\n"
                   for n in range(COUNT))
    data = text.encode()
    split = data.index("Ü".encode(), len(data) // 2) + 1  # between the two bytes of "Ü"
    path = tmp_path / "papers.jsonl.gz"
    path.write_bytes(gzip.compress(data[:split])[:-8])  # its data whole up to there, its trailer missing
    # The stream ends before the trailer: the bytes before it are all unpacked, the last half a character.
    result = parse_file(path)
    assert [str(p) for p in result.problems][-1] == f"{path}: {CUT_SHORT_NOTE}"
    assert not any("UTF-8" in str(p) or "Windows" in str(p) for p in result.problems)
    assert result.records[0].title == "Größe 0"


def test_a_gzipped_file_cut_in_a_zip_archive_reads_the_same(tmp_path: Path) -> None:
    archive = tmp_path / "dataset.zip"
    packed = gzip.compress(WRITTEN["papers.jsonl"].encode())
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("part/papers.jsonl.gz", packed[:len(packed) * 3 // 5])
    result = parse_file(archive)
    inside = archive / "part/papers.jsonl.gz"
    assert 10 < len(result.records) < COUNT
    assert [str(p) for p in result.problems][-1] == f"{inside}: {CUT_SHORT_NOTE}"
    assert result.cut_short == [inside]


async def test_loading_a_gzipped_file_cut_short_keeps_its_papers(db: aiosqlite.Connection, tmp_path: Path) -> None:
    path = tmp_path / "papers.jsonl.gz"
    path.write_bytes(gzip.compress(WRITTEN["papers.jsonl"].encode()))
    assert (await load_corpus(db, [path])).active == COUNT
    _cut_gzip(path, WRITTEN["papers.jsonl"].replace('"T0"', '"Renamed 0"'))
    report = await load_corpus(db, [path])
    assert (report.retired, report.active) == (0, COUNT)  # before: every paper retired, the file "unreadable"
    assert 10 < report.records < COUNT
    assert [str(p) for p in report.problems][-1] == f"{path}: {CUT_SHORT_NOTE}"
    async with db.execute("SELECT title FROM papers WHERE title = 'Renamed 0' AND active = 1") as cursor:
        assert [tuple(row) for row in await cursor.fetchall()] == [("Renamed 0",)]  # read whole before the cut
