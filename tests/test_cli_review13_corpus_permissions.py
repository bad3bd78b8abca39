"""`paperbot ingest` on a corpus folder with a subfolder it may not read (session 13): os.walk skips a folder it
cannot list without a word, so its files were left out and their papers retired, where a file it may not read
keeps its papers with a problem line. The folder is now such a problem too. Run as a user permissions bind (for
root: a process without the capabilities that override them), as tests/test_cli_readonly.py does."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import write_json
from tests.test_cli_readonly import _bound_by_permissions, paperbot

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")


def _active_titles(database: Path) -> list[str]:
    with sqlite3.connect(database) as db:
        return [row[0] for row in db.execute("SELECT title FROM papers WHERE active = 1 ORDER BY title")]


def test_a_folder_and_a_file_it_may_not_read_keep_their_papers(tmp_path: Path) -> None:
    corpus, database = tmp_path / "corpus", tmp_path / "papers.db"
    (corpus / "group").mkdir(parents=True)
    for path, title in ((corpus / "open.json", "Open"), (corpus / "group" / "theirs.json", "Theirs"),
                        (corpus / "locked.json", "Locked")):
        write_json(path, [{"title": title, "abstract": f"{ABSTRACT} {title}."}])
    assert main(["ingest", str(corpus), "--db", str(database)]) == 0
    (corpus / "group").chmod(0o000)  # another team's folder, linked in, not readable to the bot's user
    (corpus / "locked.json").chmod(0o000)
    try:
        if _bound_by_permissions(sys.executable, "-c", f"import os; os.listdir({str(corpus / 'group')!r})"
                                 ).returncode == 0:
            pytest.skip("permissions do not bind a test process here")
        done = paperbot(database, "ingest", str(corpus))
    finally:
        (corpus / "group").chmod(0o755)
        (corpus / "locked.json").chmod(0o644)
    assert done.returncode == 0, done.stderr
    assert "0 retired" in done.stdout  # before: 1 retired, and no line about the folder
    problems = [line.strip() for line in done.stderr.splitlines() if line.strip().startswith("problem:")]
    assert problems == [
        f"problem: {corpus / 'group'}: cannot read the folder: Permission denied; the papers it gave before are kept",
        f"problem: {corpus / 'locked.json'}: cannot read file: Permission denied"]
    assert _active_titles(database) == ["Locked", "Open", "Theirs"]
