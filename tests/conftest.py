"""Fixtures shared by the command-line tests of every feature."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import BUNDLED


@pytest.fixture
def ingested_db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A database file with the bundled corpus loaded through `paperbot ingest`."""
    path = tmp_path / "cli.db"
    assert main(["ingest", str(BUNDLED), "--db", str(path)]) == 0
    capsys.readouterr()
    return path
