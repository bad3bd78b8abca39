"""`paperbot ingest` of corpus files as Windows tools save them, run as an operator runs it."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from pathlib import Path

from tests.storage.conftest import seed_paragraphs


def _paperbot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "LOG_LEVEL": "WARNING"})


def test_an_excel_csv_from_windows_loads_every_record_with_one_line_saying_how(tmp_path: Path) -> None:
    # Saved by Excel on Windows: Windows-1252. Every record with an accented name was skipped, one
    # "undecodable byte" line each; now all load, and one line names the file and how it was read.
    texts = [p for p in seed_paragraphs() if p.isascii()][:4]
    table = io.StringIO()
    csv.writer(table, lineterminator="\r\n").writerows(
        [("Title", "Authors", "Abstract"), ("Über", "René Müller", texts[0]), ("Señal", "Ana Núñez", texts[1]),
         ("Plain", "A. One", texts[2]), ("Œuvre", "Zoë Ångström", texts[3])])
    excel = tmp_path / "Papers.csv"
    excel.write_bytes(table.getvalue().encode("cp1252"))
    db = tmp_path / "p.db"
    done = _paperbot("ingest", str(excel), "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert "4 records from 1 file: 4 added" in done.stdout
    assert done.stderr.splitlines() == [f"  problem: {excel}: not UTF-8; read as Windows-1252 (Excel's CSV export)"]
    listed = _paperbot("search", "Ana Núñez", "--json", "--db", str(db))
    assert '"title": "Señal"' in listed.stdout, listed.stderr
