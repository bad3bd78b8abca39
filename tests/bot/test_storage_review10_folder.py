"""DATABASE_PATH naming a folder (`/data` for `/data/paperbot.db`, a volume mounted where the file was meant
to be): the bot's start stops with one line saying so, as the tools' does. It said "unable to open database
file (check DATABASE_PATH)", then printed two "RuntimeError: Event loop is closed" tracebacks from aiosqlite's
worker thread as the process ended. In a process of its own, with Discord's login left out."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.settings import BUNDLED_CORPUS
from tests.bot.test_storage_review10_open_full import START_WITHOUT_DISCORD


def test_a_folder_for_a_database_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()

    started = subprocess.run([sys.executable, "-c", START_WITHOUT_DISCORD, str(folder), str(BUNDLED_CORPUS)],
                             capture_output=True, text=True, timeout=120, check=False)

    assert (started.returncode, started.stdout) == (1, "")
    assert started.stderr == (f"paperbot: cannot open the database {folder}: it is a folder, give a file name "
                              "(check DATABASE_PATH)\n")
    assert list(folder.iterdir()) == []
