"""A large BibTeX file is enriched while it is still being read (session 12, `bench/ingest.py --format bib`).

Splitting BibTeX is the slowest parse the loader has (bibtexparser's splitter, ~110 µs an entry against ~9 for
seed text), and the ACL Anthology's export is one file of ~100,000 entries: the enrichment workers sat idle for
the whole split, and every entry's fields were held until its end. The file is read a few megabytes at a time
(`storage._bibtex._chunks`); each piece's papers now go to the workers as soon as it is split.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bibtexparser
import pytest

from storage import _bibtex, _corpus_build
from storage.db import open_database
from storage.loader import load_corpus
from storage.papers import PaperRepository
from storage.parsing import parse_file

TOPICS = ["graph neural networks", "protein folding", "speech recognition", "causal discovery", "robot grasping",
          "weather forecasting", "code generation", "image segmentation", "federated learning"]


def _entry(key: str, topic: str, *, abstract: bool = True) -> str:
    fields = [f"  title = {{Better {topic.title()}}}", "  author = {Moreau, Claire and Okafor, Chidi}"]
    if abstract:
        fields.append(f"  abstract = {{We study {topic} with a method that learns which examples matter most, "
                      f"and show that it needs a tenth of the data that earlier {topic} methods needed.}}")
    return f"@inproceedings{{{key},\n" + ",\n".join(fields) + "\n}\n\n"


def _bibliography(path: Path) -> Path:
    """Nine papers, an entry without an abstract and a malformed one in the middle."""
    entries = [_entry(f"p{i}", topic) for i, topic in enumerate(TOPICS)]
    entries.insert(4, _entry("talk", "keynotes", abstract=False))
    entries.insert(6, "@article{broken,\n  title = {Never closed,\n\n")
    path.write_text("".join(entries), encoding="utf-8")
    return path


def test_the_first_pieces_papers_are_sent_to_enrichment_before_the_rest_is_split(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _bibliography(tmp_path / "anthology.bib")
    monkeypatch.setattr(_bibtex, "_CHUNK_CHARS", 600)  # a piece of two or three entries
    monkeypatch.setattr(_corpus_build, "POOL_THRESHOLD_BYTES", 0)  # what a large corpus gets: worker processes
    monkeypatch.setattr(_corpus_build, "_CHUNK", 2)
    splits: list[int] = []
    split = bibtexparser.parse_string

    def counted_split(*args: Any, **kwargs: Any) -> Any:
        splits.append(1)
        return split(*args, **kwargs)

    splits_at_each_send: list[int] = []

    class WatchedPool(_corpus_build.ProcessPoolExecutor):
        def submit(self, *args: Any, **kwargs: Any) -> Any:
            splits_at_each_send.append(len(splits))
            return super().submit(*args, **kwargs)

    monkeypatch.setattr(bibtexparser, "parse_string", counted_split)
    monkeypatch.setattr(_corpus_build, "ProcessPoolExecutor", WatchedPool)
    built = _corpus_build.Built()
    rows = [row for chunk in _corpus_build.stream_rows([path], built) for row in chunk]
    assert len(rows) == len(TOPICS)
    assert len(splits) >= 4
    assert splits_at_each_send[0] == 1  # the first piece's papers went before the second piece was split
    assert splits_at_each_send == sorted(splits_at_each_send)


async def test_a_file_read_in_pieces_loads_the_same_papers_and_problems_as_read_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _bibliography(tmp_path / "anthology.bib")
    whole_db, pieces_db = await open_database(tmp_path / "whole.db"), await open_database(tmp_path / "pieces.db")
    try:
        whole = await load_corpus(whole_db, [path])
        monkeypatch.setattr(_bibtex, "_CHUNK_CHARS", 600)
        monkeypatch.setattr(_corpus_build, "POOL_THRESHOLD_BYTES", 0)
        monkeypatch.setattr(_corpus_build, "_CHUNK", 2)
        pieces = await load_corpus(pieces_db, [path])
        one, many = PaperRepository(whole_db), PaperRepository(pieces_db)
        assert await many.by_ids(await many.active_ids()) == await one.by_ids(await one.active_ids())
        assert pieces.active == whole.active == len(TOPICS)
        assert [str(p) for p in pieces.problems] == [str(p) for p in whole.problems]
        told = " | ".join(str(p) for p in pieces.problems)
        assert "entry talk (line 25)" in told
        assert "malformed BibTeX entry '@article{broken'" in told
    finally:
        await whole_db.close()
        await pieces_db.close()


async def test_a_file_whose_only_papers_are_in_its_last_piece_is_loaded_not_failed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The loader keeps a file's stored papers when nothing could be read from it (a failed file); a file with
    papers only after its first pieces is a read file: its papers gone from it are retired."""
    path = tmp_path / "late.bib"
    talks = "".join(_entry(f"talk{i}", "keynotes", abstract=False) for i in range(6))
    path.write_text(talks + _entry("old", "protein folding"), encoding="utf-8")
    monkeypatch.setattr(_bibtex, "_CHUNK_CHARS", 300)
    assert len(parse_file(path).records) == 1
    db = await open_database(tmp_path / "papers.db")
    try:
        await load_corpus(db, [path])
        path.write_text(talks + _entry("new", "speech recognition"), encoding="utf-8")
        report = await load_corpus(db, [path])
        assert (report.added, report.retired, report.active) == (1, 1, 1)
    finally:
        await db.close()
