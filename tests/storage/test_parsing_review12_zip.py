"""A corpus as it is downloaded: a zip archive (session 12). Datasets ship zipped (Kaggle's, OpenReview dumps, a
colleague's mail), and pointing CORPUS_PATH or `paperbot ingest` at one said "unsupported file type '.zip'", or a
folder holding one loaded nothing of it. Its corpus files are read as they would be unpacked, named
`archive.zip/its/name.json`; what cannot be read keeps its papers, as an unpacked file's are kept."""

from __future__ import annotations

import gzip
import json
import zipfile
from pathlib import Path

import pytest

from storage import _corpus_build
from storage.db import open_database
from storage.loader import load_corpus
from storage.papers import PaperRepository
from storage.parsing import parse_file

TOPICS = ["graph neural networks", "protein folding", "speech recognition", "causal discovery", "robot grasping",
          "weather forecasting", "code generation", "image segmentation"]


def _abstract(topic: str) -> str:
    return (f"We study {topic} with a method that learns which training examples matter most, and show that it "
            f"needs a tenth of the data that earlier {topic} methods needed to reach the same accuracy.")


def _json(topics: list[str]) -> str:
    return json.dumps([{"title": f"Better {t.title()}", "abstract": _abstract(t)} for t in topics])


def _zip(path: Path, files: dict[str, str | bytes]) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return path


def _dataset(path: Path) -> Path:
    return _zip(path, {
        "icml2018.json": _json(TOPICS[:3]),
        "more/extra.txt": "Workshop 2024 Papers\n\n" + _abstract(TOPICS[3]) + "\n",
        "more/rows.csv": f"title,abstract\nGood,\"{_abstract(TOPICS[4])}\"\nBad,too short\n",
        "__MACOSX/._icml2018.json": b"\x00\x05\x16\x07 resource fork",  # macOS's zip leaves these
        ".hidden.json": _json(TOPICS[5:6]),
        "README.md": "# a dataset",
        "more/": "",
    })


def test_an_archives_corpus_files_are_read_as_unpacked_and_named_inside_it(tmp_path: Path) -> None:
    archive = _dataset(tmp_path / "dataset.zip")
    result = parse_file(archive)
    assert [(Path(r.source_file).relative_to(archive).as_posix(), r.title) for r in result.records] == [
        ("icml2018.json", "Better Graph Neural Networks"), ("icml2018.json", "Better Protein Folding"),
        ("icml2018.json", "Better Speech Recognition"), ("more/extra.txt", None), ("more/rows.csv", "Good")]
    assert result.records[0].venue == "ICML 2018"  # from the file's name, as unpacked
    assert result.records[3].venue == "Workshop 2024"
    assert [str(p) for p in result.problems] == [f"{archive}/more/rows.csv:record 2 (line 3): too short for an "
                                                 "abstract (2 words); skipped"]


def test_a_gzipped_file_in_an_archive_is_read_unless_its_unpacked_copy_is_there_too(tmp_path: Path) -> None:
    packed = gzip.compress(_json(TOPICS[:2]).encode())
    alone = parse_file(_zip(tmp_path / "alone.zip", {"papers.json.gz": packed}))
    both = parse_file(_zip(tmp_path / "both.zip", {"papers.json.gz": packed, "papers.json": _json(TOPICS[:2])}))
    assert [r.abstract for r in alone.records] == [r.abstract for r in both.records] == [
        _abstract(t) for t in TOPICS[:2]]
    assert not alone.problems
    assert not both.problems


@pytest.mark.parametrize(("content", "told"), [
    (b"PK\x03\x04 cut short", "cannot read the zip archive: File is not a zip file"),
    (None, "zip archive has no corpus files (.txt, .json, .jsonl, .ndjson, .csv, .tsv or .bib)"),
])
async def test_an_archive_that_cannot_be_read_is_told_and_keeps_its_papers(
        tmp_path: Path, content: bytes | None, told: str) -> None:
    archive = _dataset(tmp_path / "dataset.zip")
    db = await open_database(tmp_path / "papers.db")
    try:
        first = await load_corpus(db, [tmp_path])  # a folder holding the archive
        assert first.active == 5
        if content is None:
            _zip(archive, {"README.md": "moved to the lab's server"})
        else:
            archive.write_bytes(content)
        report = await load_corpus(db, [tmp_path])
        assert f"{archive}: {told}" in [str(p) for p in report.problems]
        assert (report.retired, report.active) == (0, 5)
    finally:
        await db.close()


async def test_a_file_in_an_archive_is_retired_when_it_leaves_and_kept_when_it_breaks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_corpus_build, "POOL_THRESHOLD_BYTES", 0)  # sized by what it unpacks to: worker processes
    archive = _zip(tmp_path / "dataset.zip", {"a.json": _json(TOPICS[:2]), "b.json": _json(TOPICS[2:4])})
    db = await open_database(tmp_path / "papers.db")
    try:
        assert (await load_corpus(db, [archive])).active == 4
        assert (await load_corpus(db, [archive])).skipped_unchanged
        _zip(archive, {"a.json": _json(TOPICS[:2]), "b.json": "[{\"abstract\": "})  # b.json cut short
        broken = await load_corpus(db, [archive])
        assert (broken.retired, broken.active) == (0, 4)
        assert any(str(p).startswith(f"{archive}/b.json:") for p in broken.problems)
        _zip(archive, {"a.json": _json(TOPICS[:1])})  # b.json gone, and a paper of a.json
        report = await load_corpus(db, [archive])
        assert (report.retired, report.active) == (3, 1)
        repository = PaperRepository(db)
        [paper] = await repository.by_ids(await repository.active_ids())
        assert (paper.title, paper.source) == ("Better Graph Neural Networks", "a.json, record 1")
    finally:
        await db.close()
