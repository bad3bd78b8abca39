"""A NUL byte inside a record (session 15). A file with one in its first 8 KiB is "binary file, not a text corpus";
one further on, or written as JSON's "\\u0000", went into the database inside the title or abstract, unsaid
(`paperbot show` printed "T2" and the rest of the title after an invisible byte, and a card sent it to Discord). The
record holding it is now skipped with a problem naming it, as one holding bytes that are not UTF-8 is, and the
others load."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from storage.parsing import parse_file
from tests.storage.conftest import seed_paragraphs

NUL = "a NUL byte (binary data, not text)"


def _csv(rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue().encode()


def test_a_nul_byte_past_the_first_8_kib_skips_its_record_only(tmp_path: Path) -> None:
    abstracts = seed_paragraphs()[:30]
    data = _csv([["title", "abstract"], *([f"Paper {n}", abstract] for n, abstract in enumerate(abstracts))])
    at = data.index(b"Paper 25,")
    assert at > 8192  # where the binary check does not look
    path = tmp_path / "export.csv"
    path.write_bytes(data[:at] + b"Paper\x00 25," + data[at + len(b"Paper 25,"):])
    result = parse_file(path)
    assert len(result.records) == 29
    assert [str(p) for p in result.problems] == [f"{path}:record 26 (line 27): {NUL} in the title; skipped"]


async def test_json_escapes_of_nul_never_reach_the_database(db: aiosqlite.Connection, tmp_path: Path) -> None:
    abstracts = seed_paragraphs()[:3]
    path = tmp_path / "papers.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in [
        {"title": "Whole", "abstract": abstracts[0]},
        {"title": "Nul\u0000title", "abstract": abstracts[1]},
        {"title": "Nul abstract", "abstract": abstracts[2][:200] + "\u0000" + abstracts[2][200:]}]))
    report = await load_corpus(db, [path])
    assert [str(p) for p in report.problems] == [f"{path}:line 2: {NUL} in the title; skipped",
                                                 f"{path}:line 3: {NUL}; skipped"]
    async with db.execute("SELECT count(*), sum(instr(title || abstract, char(0)) > 0) FROM papers") as cursor:
        assert tuple(await cursor.fetchone() or ()) == (1, 0)
