"""A large BibTeX file's memory (session 12, `bench/ingest.py --format bib`): 100,000 entries took a 2.4 GB peak,
against 0.4 GB for the same papers as seed text. Two causes: bibtexparser's blocks hold reference cycles, which
only the cyclic collector frees, and a load pauses it (`storage._corpus_build._gc_paused`), so every piece's
blocks stayed until the load ended; and the file's text was held whole, 4 bytes a character as soon as one
character needs it (an emoji, a mathematical letter). Now each piece's blocks are freed with it, and a UTF-8 file
is held as its bytes, a piece at a time decoded."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from bibtexparser import model

from storage import _bibtex
from storage.parsing import WINDOWS_1252_NOTE, parse_file, parse_file_in_pieces, parse_text

TOPICS = ["graph neural networks", "protein folding", "speech recognition", "causal discovery", "robot grasping",
          "weather forecasting", "code generation", "image segmentation", "federated learning", "drug design",
          "music generation", "traffic prediction"]


def _entry(key: str, topic: str, extra: str = "") -> str:
    return (f"@inproceedings{{{key},\n  title = {{Better {topic.title()}{extra}}},\n"
            "  author = {Moreau, Claire and Okafor, Chidi},\n"
            f"  abstract = {{We study {topic} with a method that learns which examples matter most, and show that "
            f"it needs a tenth of the data that earlier {topic} methods needed.{extra}}}\n}}\n\n")


def test_no_pieces_blocks_outlive_it_while_the_collector_is_paused(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "anthology.bib"
    path.write_text("".join(_entry(f"p{i}", topic) for i, topic in enumerate(TOPICS)), encoding="utf-8")
    monkeypatch.setattr(_bibtex, "_CHUNK_CHARS", 700)  # a piece of two or three entries
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()  # as a load runs
    try:
        records = [record for piece in parse_file_in_pieces(path) for record in piece.records]
        alive = sum(isinstance(obj, model.Entry) for obj in gc.get_objects())
    finally:
        if was_enabled:
            gc.enable()
    assert len(records) == len(TOPICS)
    assert alive == 0


@pytest.mark.parametrize("extra", [" 😀", " on 𝑥-axes", " naïve", ""])
def test_a_utf8_file_read_a_piece_at_a_time_reads_as_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               extra: str) -> None:
    text = "".join(_entry(f"p{i}", topic, extra if i == 7 else "") for i, topic in enumerate(TOPICS))
    path = tmp_path / "anthology.bib"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))  # with a byte order mark, as Windows tools write
    monkeypatch.setattr(_bibtex, "_CHUNK_CHARS", 700)
    whole_records, whole_problems = parse_text(str(path), text, ".bib")
    result = parse_file(path)
    assert result.records == whole_records
    assert [str(p) for p in result.problems] == [str(p) for p in whole_problems] == []
    assert result.records[7].title == f"Better {TOPICS[7].title()}{extra}"


def test_a_file_in_another_encoding_is_still_read_whole_with_its_note(tmp_path: Path) -> None:
    path = tmp_path / "old.bib"
    path.write_bytes(_entry("p0", TOPICS[0], " für Café").encode("cp1252"))
    result = parse_file(path)
    assert [str(p) for p in result.problems] == [f"{path}: {WINDOWS_1252_NOTE}"]
    assert result.records[0].title == f"Better {TOPICS[0].title()} für Café"
