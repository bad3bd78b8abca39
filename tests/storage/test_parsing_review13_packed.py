"""Packed corpus files (session 13): a decompression bomb, and a zip archive inside a zip archive.

A gzipped file or a file in a zip archive was unpacked whole (`gzip.decompress`, `ZipFile.read`): a few kilobytes
that unpack to gigabytes, dropped in the corpus folder, took all the bot's memory at start-up. What a file unpacks
to is now bounded (`parsing.MAX_UNPACKED_BYTES`, lowered here so no test unpacks gigabytes); past it the file is a
problem naming it, and its papers stay. A zip archive in a zip archive (a dataset zipped again to be shared) was
left out without a word; it is read, one level in, and a deeper one, or a .tar.gz, is named in a note.
"""

from __future__ import annotations

import gzip
import io
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

import aiosqlite
import pytest

from storage import parsing
from storage.loader import load_corpus
from storage.parsing import parse_file
from tests.storage.test_parsing_review12_zip import TOPICS, _json, _zip

LIMIT = 1 << 20  # what a file may unpack to in these tests
BOMB = 64 << 20  # what the bomb unpacks to: 64 times the limit, from ~64 KB


def _gzip_bomb() -> bytes:
    """BOMB bytes of spaces, gzipped a megabyte at a time (the test itself never holds them)."""
    packed = io.BytesIO()
    with gzip.GzipFile(fileobj=packed, mode="wb") as writing:
        for _ in range(BOMB >> 20):
            writing.write(b" " * (1 << 20))
    return packed.getvalue()


def _zip_bomb(path: Path, name: str) -> None:
    """An archive holding `name`: BOMB bytes of spaces, deflated."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive, archive.open(name, "w") as member:
        for _ in range(BOMB >> 20):
            member.write(b" " * (1 << 20))


def _gzipped_file(folder: Path, content: bytes | None) -> Path:
    path = folder / "papers.json.gz"
    path.write_bytes(_gzip_bomb() if content is None else gzip.compress(content))
    return path


def _zip_member(folder: Path, content: bytes | None) -> Path:
    path = folder / "dataset.zip"
    if content is None:
        _zip_bomb(path, "papers.json")
    else:
        _zip(path, {"papers.json": content})
    return folder / "dataset.zip" / "papers.json"


def _gzipped_in_zip(folder: Path, content: bytes | None) -> Path:
    _zip(folder / "dataset.zip", {"papers.json.gz": _gzip_bomb() if content is None else gzip.compress(content)})
    return folder / "dataset.zip" / "papers.json.gz"


# Each writes a corpus file into a folder (content None: the bomb) and returns the path a problem names.
PACKINGS: dict[str, Callable[[Path, bytes | None], Path]] = {
    "gzipped": _gzipped_file, "in a zip archive": _zip_member, "gzipped in a zip archive": _gzipped_in_zip}
TOLD = {"gzipped": "cannot read the gzip file", "in a zip archive": "cannot read it from the zip archive",
        "gzipped in a zip archive": "cannot read the gzip file"}


@pytest.fixture
def low_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parsing, "MAX_UNPACKED_BYTES", LIMIT, raising=False)  # raising: the old code had none


@pytest.mark.usefixtures("low_limit")
@pytest.mark.parametrize("packing", PACKINGS)
def test_a_decompression_bomb_is_refused_before_it_takes_the_memory(tmp_path: Path, packing: str) -> None:
    named = PACKINGS[packing](tmp_path, None)
    corpus_file = tmp_path / named.relative_to(tmp_path).parts[0]
    tracemalloc.start()
    try:
        result = parse_file(corpus_file)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * LIMIT  # before: the whole 64 MB unpacked, and more
    assert result.records == []
    assert [str(p) for p in result.problems] == [
        f"{named}: {TOLD[packing]}: it unpacks to more than 1 MB, the most a packed file is unpacked to "
        "(a guard against decompression bombs); unpack it to load it"]


@pytest.mark.usefixtures("low_limit")
@pytest.mark.parametrize("packing", PACKINGS)
async def test_a_packed_file_that_becomes_a_bomb_keeps_its_papers(db: aiosqlite.Connection, tmp_path: Path,
                                                                  packing: str) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    PACKINGS[packing](corpus, _json(TOPICS[:3]).encode())
    assert (await load_corpus(db, [corpus])).active == 3
    named = PACKINGS[packing](corpus, None)
    report = await load_corpus(db, [corpus])
    assert (report.retired, report.active) == (0, 3)
    assert [str(p).partition(": it unpacks")[0] for p in report.problems] == [f"{named}: {TOLD[packing]}"]


def test_a_file_unpacking_to_the_limit_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = _json(TOPICS[:2]).encode()
    packed = _gzipped_file(tmp_path, text)
    monkeypatch.setattr(parsing, "MAX_UNPACKED_BYTES", len(text))
    assert len(parse_file(packed).records) == 2
    monkeypatch.setattr(parsing, "MAX_UNPACKED_BYTES", len(text) - 1)
    assert parse_file(packed).records == []


def _zipped(files: dict[str, str | bytes]) -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return packed.getvalue()


def test_a_zip_archive_in_a_zip_archive_is_read_and_a_deeper_one_named(tmp_path: Path) -> None:
    # Kaggle's download of a dataset uploaded as a zip, a colleague's "all.zip" of the parts: nothing loaded, no word.
    archive = _zip(tmp_path / "dataset.zip", {
        "parts/part1.zip": _zipped({"icml2018.json": _json(TOPICS[:2]),
                                    "older.zip": _zipped({"icml2017.json": _json(TOPICS[2:3])})}),
        "part2.zip": _zipped({"b.json": _json(TOPICS[3:4])}),
        "raw.tar.gz": b"\x1f\x8b not read",
        "papers.jsonl.xz": b"\xfd7zXZ not read",
        "README.md": "# a dataset", "figure.png.gz": b"\x1f\x8b left out as a folder leaves it out"})
    result = parse_file(archive)
    assert [(Path(r.source_file).relative_to(archive).as_posix(), r.venue) for r in result.records] == [
        ("part2.zip/b.json", None), ("parts/part1.zip/icml2018.json", "ICML 2018"),
        ("parts/part1.zip/icml2018.json", "ICML 2018")]
    assert [str(p) for p in result.problems] == [
        f"{archive}/papers.jsonl.xz: packed as .jsonl.xz, which is not read (a corpus file as it is, gzipped or in a "
        "zip archive is); unpack it to load it",
        f"{archive}/raw.tar.gz: packed as .tar.gz, which is not read (a corpus file as it is, gzipped or in a zip "
        "archive is); unpack it to load it",
        f"{archive}/parts/part1.zip/older.zip: a zip archive in a zip archive in another is not read (one level in "
        "is); unpack it to load it"]


async def test_a_zip_archive_in_one_that_breaks_keeps_its_papers(db: aiosqlite.Connection, tmp_path: Path) -> None:
    archive = _zip(tmp_path / "dataset.zip", {"a.json": _json(TOPICS[:1]), "part.zip": _zipped(
        {"b.json": _json(TOPICS[1:3])})})
    assert (await load_corpus(db, [archive])).active == 3
    _zip(archive, {"a.json": _json(TOPICS[:1]), "part.zip": b"PK\x03\x04 cut short"})
    report = await load_corpus(db, [archive])
    assert [str(p) for p in report.problems] == [f"{archive}/part.zip: cannot read the zip archive: File is not a "
                                                 "zip file"]
    assert (report.retired, report.active) == (0, 3)


async def test_an_archive_of_a_kind_not_read_in_a_folder_is_named(db: aiosqlite.Connection, tmp_path: Path) -> None:
    # A dataset downloaded as .tar.gz and dropped into the corpus folder was left out without a word.
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    _zip(corpus / "dataset.zip", {"a.json": _json(TOPICS[:2])})
    (corpus / "openreview.tar.gz").write_bytes(b"\x1f\x8b not read")
    (corpus / "notes.md.gz").write_bytes(b"\x1f\x8b not a corpus file: left out unsaid")
    report = await load_corpus(db, [corpus])
    assert report.active == 2
    assert [str(p) for p in report.problems] == [
        f"{corpus / 'openreview.tar.gz'}: packed as .tar.gz, which is not read (a corpus file as it is, gzipped or "
        "in a zip archive is); unpack it to load it"]
