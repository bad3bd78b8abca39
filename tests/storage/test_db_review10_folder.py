"""DATABASE_PATH (or --db) in a folder that is not there: the folder is made, as a first start in a new place
wants, and the log says so in one line, since a folder that is not there is also what a volume that failed
to mount looks like (a database made in its place starts with no subscriptions and goes with the container).
It was made without a word."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from storage.db import open_database


async def test_a_folder_made_for_the_database_is_said(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    database = tmp_path / "data" / "paperbot" / "paperbot.db"

    with caplog.at_level(logging.WARNING, logger="storage.db"):
        await (await open_database(database)).close()
        await (await open_database(database)).close()  # there now: nothing to say

    assert database.is_file()
    assert [record.getMessage() for record in caplog.records] == [
        f"created the folder {database.parent} for the database paperbot.db: it was not there (if a volume should be "
        "mounted there, it is not)"]
