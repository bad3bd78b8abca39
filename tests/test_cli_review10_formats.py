"""`paperbot ingest` of the files operators download and export, run as an operator runs it."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.storage.conftest import seed_paragraphs


def _paperbot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "LOG_LEVEL": "WARNING"})


def test_a_gzipped_json_export_loads(tmp_path: Path) -> None:
    papers = [{"title": f"Paper {n}", "abstract": text} for n, text in enumerate(seed_paragraphs()[:3])]
    packed = tmp_path / "iclr2024.json.gz"
    packed.write_bytes(gzip.compress(json.dumps(papers).encode()))
    db = tmp_path / "p.db"
    done = _paperbot("ingest", str(packed), "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert "3 records from 1 file: 3 added" in done.stdout
    assert done.stderr == ""
    assert "venues:    ICLR 2024 (3)" in _paperbot("stats", "--db", str(db)).stdout


def test_a_json_export_whose_abstract_field_has_another_name_is_one_line_saying_so(tmp_path: Path) -> None:
    papers = [{"paper_id": n, "paper_title": f"Paper {n}", "paper_abstract": text}
              for n, text in enumerate(seed_paragraphs()[:30])]
    export = tmp_path / "export.json"
    export.write_text(json.dumps(papers))
    done = _paperbot("ingest", str(export), "--db", str(tmp_path / "p.db"))
    assert done.returncode == 1
    problems = [line for line in done.stderr.splitlines() if line.startswith("  problem: ")]
    assert problems == [f"  problem: {export}: not a corpus: no record has an 'abstract' field (or 'summary', "
                        "'Abstract Note', 'paperAbstract'); the first has 'paper_id', 'paper_title', 'paper_abstract'"]
