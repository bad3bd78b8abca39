"""`paperbot ingest` of a BibTeX export (session 11), as an operator loads the ACL Anthology's
anthology+abstracts.bib.gz: before, "unsupported file type '.bib.gz'" and no paper."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import seed_paragraphs


def _entry(number: int, abstract: str | None) -> str:
    lines = [f"@inproceedings{{paper-{number},",
             f'    title = "{{P}}aper {number} on {{BERT}}",',
             '    author = "Sch{\\"o}lkopf, Bernhard  and\n      Mart{\\\'\\i}nez, Ana",',
             '    booktitle = "Proceedings of the Workshop on {M}achine {T}ranslation",',
             '    month = jun,',
             '    year = "2019",',
             f'    url = "https://aclanthology.org/W19-{number}",']
    if abstract is not None:  # a quote inside a quoted value is written in braces, as BibTeX needs it
        quoted = abstract.replace('"', '{"}')
        lines.append(f'    abstract = "{quoted}",')
    return "\n".join([*lines, "}", ""])


def test_ingest_of_an_anthology_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    abstracts = seed_paragraphs()[:6]
    # Every other entry without an abstract, as older papers in the Anthology are; one entry broken.
    entries = [_entry(n, abstracts[n // 2] if n % 2 == 0 else None) for n in range(12)]
    entries.insert(3, "@inproceedings{broken,\n    title = {Unclosed,\n")
    export = tmp_path / "anthology+abstracts.bib.gz"
    export.write_bytes(gzip.compress("\n".join(entries).encode("utf-8")))
    db = tmp_path / "cli.db"
    assert main(["ingest", str(export), "--db", str(db)]) == 0
    captured = capsys.readouterr()
    assert f"{db}: 6 records from 1 file: 6 added" in captured.out
    problems = [line.strip() for line in captured.err.splitlines() if "problem:" in line]
    assert len(problems) == 2, problems  # the broken entry, and one line for the six without an abstract
    assert problems[0].startswith(f"problem: {export}:line ")
    assert "malformed BibTeX entry '@inproceedings{broken'" in problems[0]
    assert problems[1] == (f"problem: {export}: 6 entries have no abstract and were skipped "
                           "(the first: entry paper-1 (line 12))")
    assert main(["search", "Scholkopf", "--db", str(db), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["total"] == 6
    assert {hit["title"] for hit in found["results"]} == {f"Paper {n} on BERT" for n in range(0, 12, 2)}
    assert {hit["venue"] for hit in found["results"]} == {"Proceedings of the Workshop on Machine Translation 2019"}
