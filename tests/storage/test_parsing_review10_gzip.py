"""Corpus files compressed with gzip, as datasets ship them (papers.jsonl.gz), read as their unpacked selves."""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from storage import parsing
from storage.loader import load_corpus
from storage.parsing import parse_file, parse_paths


def _gzipped(path: Path, text: str) -> Path:
    packed = path.with_name(path.name + ".gz")
    packed.write_bytes(gzip.compress(text.encode()))
    return packed


def test_a_gzipped_corpus_file_reads_as_the_file_unpacked(tmp_path: Path, abstracts: list[str]) -> None:
    # "unsupported file type '.gz'" and no paper: the operator had to unpack every file first.
    texts = {
        tmp_path / "icml2018.json": json.dumps([{"title": "One", "abstract": abstracts[0]}]),
        tmp_path / "papers.jsonl": json.dumps({"title": "Two", "abstract": abstracts[1]}) + "\n",
        tmp_path / "table.csv": "Title,Abstract\r\nThree,\"" + abstracts[2].replace('"', '""') + "\"\r\n",
        tmp_path / "seed.txt": f"NeurIPS 2024 Papers\n\n{abstracts[3]}\n",
    }
    for plain, text in texts.items():
        plain.write_text(text, encoding="utf-8")
        packed, unpacked = parse_file(_gzipped(plain, text)), parse_file(plain)
        assert packed.problems == unpacked.problems == [], plain
        assert [(r.title, r.abstract, r.venue, r.source_ref) for r in packed.records] == \
            [(r.title, r.abstract, r.venue, r.source_ref) for r in unpacked.records], plain
        assert [r.source_file for r in packed.records] == [f"{plain}.gz"]
    assert parse_file(tmp_path / "icml2018.json.gz").records[0].venue == "ICML 2018"  # from the file's name


def test_a_broken_or_unsupported_gzip_file_says_what_and_where(tmp_path: Path, abstracts: list[str]) -> None:
    not_gzip = tmp_path / "papers.json.gz"
    not_gzip.write_text(json.dumps([{"abstract": abstracts[0]}]))  # named .gz, never compressed
    cut = _gzipped(tmp_path / "cut.json", json.dumps([{"abstract": abstracts[0]}]))
    cut.write_bytes(cut.read_bytes()[:40])  # a download stopped part way
    xml = _gzipped(tmp_path / "anthology.xml", "<collection><paper><title>One</title></paper></collection>\n")
    result = parse_paths([not_gzip, cut, xml])
    assert result.records == []
    assert [str(p) for p in result.problems] == [
        f"{not_gzip}: cannot read the gzip file: Not a gzipped file (b'[{{')",
        f"{cut}: cannot read the gzip file: it ends part way through, before any of its text (a copy still being "
        "written, a download cut short?); the papers it gave before are kept",
        f"{xml}: unsupported file type '.xml.gz'; expected .txt, .json, .jsonl, .ndjson, .csv, .tsv or .bib, "
        "gzipped or not, or a .zip of them"]
    assert result.unreadable == [not_gzip, cut]


async def test_a_folder_loads_its_gzipped_files_once(db: aiosqlite.Connection, tmp_path: Path,
                                                     abstracts: list[str]) -> None:
    # `gunzip -k` leaves the archive beside the file: both loaded, every paper was its own duplicate.
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    first = json.dumps([{"title": "One", "abstract": abstracts[0]}, {"title": "Two", "abstract": abstracts[1]}])
    (corpus / "first.json").write_text(first)
    _gzipped(corpus / "first.json", first)
    _gzipped(corpus / "second.jsonl", json.dumps({"title": "Three", "abstract": abstracts[2]}) + "\n")
    report = await load_corpus(db, [corpus])
    assert (report.added, report.duplicates, report.problems) == (3, 0, [])
    assert report.files == [str(corpus / "first.json"), str(corpus / "second.jsonl.gz")]
    async with db.execute("SELECT title, source FROM papers ORDER BY num") as cursor:
        assert [tuple(row) for row in await cursor.fetchall()] == [
            ("One", "first.json, record 1"), ("Two", "first.json, record 2"),
            ("Three", "second.jsonl.gz, line 1")]


class _CountedName(str):
    """A file name that counts the comparisons made with it (a list's `in` compares with every element)."""

    compared = 0

    def __eq__(self, other: object) -> bool:
        _CountedName.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_listing_a_folder_of_many_gzipped_parts_compares_each_name_a_few_times(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Looking for each archive's unpacked twin in the folder's list of names compared every name with every
    # other: 10,000 parts of a dataset took 0.6 s of CPU at each start and `ingest`, unchanged or not.
    for n in range(1_000):
        (tmp_path / f"part_{n:05d}.jsonl.gz").touch()
    walk = os.walk

    def counted_walk(top: str | os.PathLike[str], **kwargs: Any) -> Iterator[tuple[str, list[str], list[str]]]:
        for root, folders, names in walk(top, **kwargs):
            yield root, folders, [_CountedName(name) for name in names]

    monkeypatch.setattr(parsing.os, "walk", counted_walk)
    files, problems = parsing.expand_paths([tmp_path])
    assert (len(files), problems) == (1_000, [])
    assert _CountedName.compared < 10 * 1_000
