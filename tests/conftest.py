"""Fixtures shared by the command-line tests of every feature."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from bot.cli import main
from tests.storage.conftest import BUNDLED

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
