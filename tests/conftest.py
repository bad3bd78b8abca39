"""Fixtures shared by the command-line tests of every feature."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from bot.cli import main
from tests.storage.conftest import BUNDLED, write_json

# Property tests (Hypothesis): 150 examples each keep the suite quick, PROPERTY_EXAMPLES=5000 searches
# harder; in CI (CI=true) the examples are derandomised, so a run there is repeatable, while each
# local run explores anew.
settings.register_profile("paperbot", max_examples=int(os.environ.get("PROPERTY_EXAMPLES", "150")), deadline=None,
                          derandomize=os.environ.get("CI", "").lower() == "true",
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.load_profile("paperbot")


@pytest.fixture
def ingested_db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A database file with the bundled corpus loaded through `paperbot ingest`."""
    path = tmp_path / "cli.db"
    assert main(["ingest", str(BUNDLED), "--db", str(path)]) == 0
    capsys.readouterr()
    return path


def retired_by_a_reload(db_file: Path, corpus: Path, retired: list[dict[str, str]],
                        current: list[dict[str, str]]) -> Path:
    """`db_file` loaded through `paperbot ingest` with the `retired` records and the `current` ones, then with the
    `current` only (from the same JSON file `corpus`): the `retired` papers are in the database, not in the corpus."""
    assert main(["ingest", str(write_json(corpus, [*retired, *current])), "--db", str(db_file)]) == 0
    assert main(["ingest", str(write_json(corpus, current)), "--db", str(db_file)]) == 0
    return db_file
