"""The command line as a new operator meets it: stopping it the way service managers do, in real processes."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import seed_paragraphs, write_seed_file
from tests.test_cli_corpus import _writing

TIMEOUT_S = 60  # far beyond any run here: only a hung command waits this long


def _running_in_group(group: int) -> list[int]:
    """The processes of a process group that still run (zombies, which have ended, aside)."""
    running = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after "pid (name)": state, ppid, pgrp, …
            if int(fields[2]) == group and fields[0] != "Z":
                running.append(int(stat.parent.name))
    return running


def _until(condition: Callable[[], object], seconds: float) -> None:
    """Wait until `condition()` is true, or `seconds` have passed."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)


def test_sigterm_during_a_load_stops_it_as_ctrl_c_does_and_leaves_no_worker_running(tmp_path: Path) -> None:
    # `kill PID`, systemd and docker stop send SIGTERM. Left to its default it ended the loading process
    # on the spot, and the load's worker processes went on running with no parent, for good.
    db_file = tmp_path / "cli.db"
    paragraphs = seed_paragraphs()
    assert main(["ingest", str(write_seed_file(tmp_path / "mine.txt", paragraphs[:4])), "--db", str(db_file)]) == 0
    large = write_seed_file(tmp_path / "large.txt", [f"{paragraphs[n % len(paragraphs)]} (Variant {n}.)"
                                                     for n in range(6000)])  # big enough for worker processes
    err_file = tmp_path / "stderr.txt"
    with err_file.open("w") as err:  # a file, not a pipe: an orphaned worker would hold a pipe open for good
        proc = subprocess.Popen([sys.executable, "-m", "bot", "ingest", str(large), "--db", str(db_file)],
                                stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    try:
        _until(lambda: _writing(db_file) or proc.poll() is not None, TIMEOUT_S)
        assert proc.poll() is None, err_file.read_text()
        proc.send_signal(signal.SIGTERM)  # to the command alone, as `kill PID` does
        proc.wait(timeout=TIMEOUT_S)
        _until(lambda: not _running_in_group(proc.pid), 10)
        left = _running_in_group(proc.pid)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
    stderr = err_file.read_text()
    assert left == [], "worker processes still running after the command ended"
    assert proc.returncode == -signal.SIGTERM, stderr  # ended by the signal, as a service manager expects
    assert f"paperbot ingest: interrupted; {db_file} is unchanged\n" in stderr
    assert "Traceback" not in stderr
    with sqlite3.connect(db_file) as db:
        assert db.execute("SELECT active, count(*) FROM papers GROUP BY active").fetchall() == [(1, 4)]


def test_help_names_the_settings_and_where_they_come_from(capsys: pytest.CaptureFixture[str]) -> None:
    # `paperbot --help` named no setting, not even DISCORD_TOKEN, the one thing running the bot needs.
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    usage = " ".join(capsys.readouterr().out.split())
    assert ("settings, from the environment or a .env file in this folder (see .env.example): DISCORD_TOKEN "
            "(needed to run the bot), DATABASE_PATH, CORPUS_PATH, DEV_GUILD_ID, LOG_LEVEL, "
            "MAX_SUBSCRIPTIONS_PER_GUILD, EMBED_ABSTRACTS") in usage
    assert "exit status: 0 done;" in usage


@pytest.mark.parametrize(("command", "says"), [
    ("run", "paperbot run: run the bot (the default)."),
    ("ingest", "paperbot ingest: load corpus files into the database."),
    ("stats", "paperbot stats: papers active/retired, venues, last load."),
])
def test_each_command_help_says_what_it_does(command: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    # `paperbot run --help` printed its usage and options only: what the command does was in `paperbot --help`.
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert says in " ".join(capsys.readouterr().out.split())


def test_ingest_help_names_its_paths_as_the_readme_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["ingest", "--help"])
    assert "[--force] [PATH ...]" in capsys.readouterr().out
