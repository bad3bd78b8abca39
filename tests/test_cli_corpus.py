"""`paperbot ingest`, `stats` and `show` as a person runs them, on a temporary database."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import _ProgressBar, main
from tests._processes import ctrl_c_once_ready
from tests.storage.conftest import BUNDLED, seed_paragraphs, write_seed_file


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "cli.db"


def test_ingest_then_again_is_skipped(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ingest", str(BUNDLED), "--db", str(db_file)]) == 0
    out = capsys.readouterr().out
    assert f"{db_file}: 38 records from 2 files: 38 added" in out
    assert main(["ingest", str(BUNDLED), "--db", str(db_file)]) == 0
    assert "unchanged, skipped (38 active papers" in capsys.readouterr().out
    assert main(["ingest", str(BUNDLED), "--db", str(db_file), "--force"]) == 0
    assert "38 unchanged" in capsys.readouterr().out


def test_ingest_defaults_to_the_configured_corpus(db_file: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    corpus = write_seed_file(tmp_path / "mine.txt", seed_paragraphs()[:4])
    assert main(["ingest", "--db", str(db_file), "--corpus", str(corpus)]) == 0
    assert "4 records from 1 file: 4 added" in capsys.readouterr().out


def test_ingest_of_nothing_usable_fails_and_names_the_problems(db_file: Path, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ingest", str(BUNDLED), "--db", str(db_file)]) == 0
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{oops\n")
    assert main(["ingest", str(broken), str(tmp_path / "nope.csv"), "--db", str(db_file)]) == 1
    captured = capsys.readouterr()
    assert f"problem: {broken}:line 1: malformed JSON" in captured.err
    assert f"problem: {tmp_path / 'nope.csv'}: no such file or folder" in captured.err
    assert "38 active" in captured.out  # the database kept what it had


def test_corpus_paths_joined_by_a_comma_are_told_the_separator(db_file: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    mine = write_seed_file(tmp_path / "mine.txt", seed_paragraphs()[:2])
    joined = f"{mine},{tmp_path / 'theirs.txt'}"
    assert main(["ingest", "--db", str(db_file), "--corpus", joined]) == 1
    err = capsys.readouterr().err
    assert f"problem: {joined}: no such file or folder; to name several, separate them with ':', not ','" in err
    assert main(["ingest", "--db", str(db_file), "--corpus", f"{tmp_path / 'a.txt'},{tmp_path / 'b.txt'}"]) == 1
    assert "separate them" not in capsys.readouterr().err  # neither part exists: a typo, not a separator


def test_ingest_with_some_bad_records_succeeds_and_reports_them(db_file: Path, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    corpus = write_seed_file(tmp_path / "mixed.txt", [*seed_paragraphs()[:2], "Page 3"])
    assert main(["ingest", str(corpus), "--db", str(db_file)]) == 0
    captured = capsys.readouterr()
    assert "2 added" in captured.out
    assert f"problem: {corpus}:paragraph 3 (line 7): too short for an abstract" in captured.err


def test_stats(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["ingest", str(BUNDLED), "--db", str(db_file)])
    capsys.readouterr()
    assert main(["stats", "--db", str(db_file)]) == 0
    out = capsys.readouterr().out
    assert f"database:  {db_file.resolve()}" in out
    assert "papers:    38 active, 0 retired" in out
    assert "venues:    ICML 2025 (38)" in out
    assert "last load: 20" in out
    assert "38 added" in out


def test_stats_on_an_empty_database(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sqlite3.connect(db_file).close()  # an empty SQLite file: the tool adds the schema
    assert main(["stats", "--db", str(db_file)]) == 0
    assert "last load: never" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["stats"], ["show", "nioo3eqi5w"], ["today"], ["subscriptions"]])
def test_reading_tools_refuse_a_missing_database_and_create_none(command: list[str], tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    mistyped = tmp_path / "typo" / "paperbot.db"
    assert main([*command, "--db", str(mistyped)]) == 1
    assert capsys.readouterr().err == (f"paperbot: there is no database at {mistyped}: check --db or "
                                       "DATABASE_PATH, or run `paperbot ingest` to create it\n")
    assert not mistyped.parent.exists()


@pytest.mark.parametrize("command", [["stats"], ["ingest", str(BUNDLED)], ["search", "kv"]])
def test_a_database_that_cannot_be_opened_is_one_line_not_a_traceback(command: list[str], tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    not_sqlite = tmp_path / "notes.db"
    not_sqlite.write_text("these are my notes, not a database\n" * 100)
    assert main([*command, "--db", str(not_sqlite)]) == 1
    assert capsys.readouterr().err == (f"paperbot: cannot open the database {not_sqlite}: file is not a database "
                                       "(check --db or DATABASE_PATH)\n")
    assert main([*command, "--db", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (f"paperbot: cannot open the database {tmp_path}: it is a folder, give a "
                                       "file name (check --db or DATABASE_PATH)\n")


def test_show_text_json_and_unknown(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["ingest", str(BUNDLED), "--db", str(db_file)])
    capsys.readouterr()
    assert main(["show", "--db", str(db_file), "--json", "nioo3eqi5w"]) == 0
    paper = json.loads(capsys.readouterr().out)
    assert paper["title"].startswith("DSDA: ")
    assert paper["names"][:3] == ["DSDA", "AEGDS", "DAMO"]
    assert paper["active"] is True

    assert main(["show", "--db", str(db_file), paper["id"].upper()]) == 0
    out = capsys.readouterr().out
    assert out.startswith(paper["title"] + "\n")
    assert f"  source:   {paper['source']}" in out
    assert paper["abstract"] in out

    assert main(["show", "--db", str(db_file), "zzzzzzzz22"]) == 1
    assert "no paper with the id 'zzzzzzzz22'" in capsys.readouterr().err


def test_progress_bar_draws_one_line() -> None:
    stream = io.StringIO()
    bar = _ProgressBar(stream, width=10)
    bar("enriching", 50, 100)
    bar("writing", 100, 100)  # the last step ends the line itself
    bar.finish()
    assert stream.getvalue() == ("\renriching  [#####.....] 50/100"
                                 "\rwriting    [##########] 100/100\n")


def test_progress_bar_past_its_count_stays_one_bar() -> None:
    # `paperbot embed` counts what is missing, then embeds what a load running beside it commits too.
    stream = io.StringIO()
    bar = _ProgressBar(stream, width=10)
    bar("embedding", 3, 6)
    bar("embedding", 18, 6)
    assert stream.getvalue() == "\rembedding  [#####.....] 3/6\rembedding  [##########] 18/18"


def test_db_before_or_after_the_subcommand(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", str(db_file), "ingest", str(BUNDLED)]) == 0
    capsys.readouterr()
    assert main(["--db", str(db_file), "stats"]) == 0
    assert f"database:  {db_file.resolve()}" in capsys.readouterr().out
    assert main(["stats", "--db", str(db_file)]) == 0
    assert "papers:    38 active" in capsys.readouterr().out


def test_ingest_that_fails_half_way_says_so_and_changes_nothing(db_file: Path, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    main(["ingest", str(BUNDLED), "--db", str(db_file)])
    with sqlite3.connect(db_file) as db:  # a real SQLite failure in the middle of the next load's writes
        db.execute("CREATE TRIGGER full_disk BEFORE INSERT ON papers WHEN (SELECT count(*) FROM papers) >= 40 "
                   "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
    corpus = write_seed_file(tmp_path / "more.txt", seed_paragraphs()[:3] + [p + " Revised." for p in
                                                                                seed_paragraphs()[3:9]])
    capsys.readouterr()
    assert main(["ingest", str(BUNDLED), str(corpus), "--db", str(db_file)]) == 1
    err = capsys.readouterr().err
    assert "paperbot ingest: the load failed (database or disk is full)" in err
    assert f"{db_file} is unchanged" in err
    assert main(["stats", "--db", str(db_file)]) == 0
    assert "papers:    38 active, 0 retired" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "status", "message"), [
    (["show", "zzzzzzzz22"], 1, "paperbot show: no paper with the id 'zzzzzzzz22' in {db} "
                                "(every card's footer has the id; `paperbot search` finds one)"),
    (["today", "--date", "2026-13-01"], 2, "paperbot today: --date must look like 2026-12-01, got '2026-13-01'"),
    (["today", "--date", "2001-01-01"], 1, "paperbot today: no paper of the day was recorded for 2001-01-01 in {db}"),
    (["search", "kv", "--limit", "0"], 2, "paperbot search: --limit must be between 1 and 100, got 0"),
])
def test_each_refusal_is_one_line_naming_the_tool_and_the_database(
        args: list[str], status: int, message: str, ingested_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*args, "--db", str(ingested_db)]) == status
    assert capsys.readouterr().err == message.format(db=ingested_db) + "\n"


def test_ingest_names_twenty_duplicates_and_counts_the_rest(db_file: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    paragraphs = seed_paragraphs()[:30]
    corpus = write_seed_file(tmp_path / "twice.txt", paragraphs + paragraphs)
    assert main(["ingest", str(corpus), "--db", str(db_file)]) == 0
    out = capsys.readouterr().out
    assert "30 added" in out
    assert "30 duplicates" in out
    assert out.count("  duplicate: ") == 20
    assert "  … and 10 more duplicates\nsearch by meaning: 30 abstracts not embedded yet" in out  # then the hint


def test_ingest_of_a_windows_1252_csv_loads_every_record(db_file: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    table = io.StringIO()  # an accented author, as Excel on Windows saves it
    readable = [p for p in seed_paragraphs() if p.isascii()][:3]
    authors = ("A. One", "Ren\xe9 Two", "C. Three")
    csv.writer(table).writerows([("author", "abstract"), *zip(authors, readable, strict=True)])
    excel = tmp_path / "export.csv"
    excel.write_bytes(table.getvalue().encode("cp1252", errors="replace"))
    assert main(["ingest", str(excel), "--db", str(db_file)]) == 0
    captured = capsys.readouterr()
    assert "3 records from 1 file: 3 added" in captured.out  # the accented one was skipped: not UTF-8
    assert f"problem: {excel}: not UTF-8; read as Windows-1252 (Excel's CSV export)" in captured.err


def _writing(db: Path) -> bool:
    """Whether a load holds the database's write lock, i.e. has started writing its transaction."""
    conn = sqlite3.connect(db, timeout=0)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError as error:
        if "locked" not in str(error):
            raise
        return True
    finally:
        conn.close()


def test_ctrl_c_during_a_load_stops_it_and_leaves_the_corpus_as_it_was(db_file: Path, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Someone starts `paperbot ingest` on the wrong, large file and presses Ctrl-C while it writes."""
    paragraphs = seed_paragraphs()
    assert main(["ingest", str(write_seed_file(tmp_path / "mine.txt", paragraphs[:4])), "--db", str(db_file)]) == 0
    capsys.readouterr()
    wrong = write_seed_file(tmp_path / "wrong.txt", [f"{paragraphs[n % len(paragraphs)]} (Variant {n}.)"
                                                     for n in range(6000)])  # a few seconds of enrichment
    done = ctrl_c_once_ready(["ingest", str(wrong), "--db", str(db_file)], lambda: _writing(db_file))  # first rows
    assert done.returncode == 130, done.stderr
    assert done.stdout == ""
    assert f"paperbot ingest: interrupted; {db_file} is unchanged\n" in done.stderr
    assert "Traceback" not in done.stderr
    with sqlite3.connect(db_file) as db:
        assert db.execute("SELECT active, count(*) FROM papers GROUP BY active").fetchall() == [(1, 4)]
        assert db.execute("SELECT count(*) FROM corpus_loads").fetchone() == (1,)


def test_a_home_folder_in_an_option_is_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # The shell expands `--db ~/papers.db` but not `--db=~/papers.db`: the tool must, as for DATABASE_PATH.
    home, work = tmp_path / "home", tmp_path / "work"
    work.mkdir()
    (home / "corpus").mkdir(parents=True)
    write_seed_file(home / "corpus" / "mine.txt", seed_paragraphs()[:3])
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(work)
    assert main(["ingest", "--db=~/papers.db", "--corpus=~/corpus"]) == 0
    assert f"{home / 'papers.db'}: 3 records from 1 file: 3 added" in capsys.readouterr().out
    assert (home / "papers.db").is_file()
    assert main(["stats", "--db=~/papers.db"]) == 0
    assert f"database:  {home / 'papers.db'}" in capsys.readouterr().out
    assert list(work.iterdir()) == []  # no folder named "~" in the current one


def test_a_file_name_that_is_not_utf8_is_a_problem_not_a_traceback(db_file: Path, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # An old zip archive made on Windows unpacks with Latin-1 names: b"caf\xe9.txt" is no UTF-8 text.
    corpus = tmp_path / "unzipped"
    corpus.mkdir()
    write_seed_file(corpus / "good.txt", seed_paragraphs()[:2])
    write_seed_file(corpus / os.fsdecode(b"caf\xe9.txt"), seed_paragraphs()[2:4])
    assert main(["ingest", str(corpus), "--db", str(db_file)]) == 0
    captured = capsys.readouterr()
    assert "2 records from 1 file: 2 added" in captured.out
    assert (f"problem: {corpus}/caf\ufffd.txt: the file name is not UTF-8 (an old zip archive may leave names so); "
            "rename the file to load it") in captured.err
    assert main(["stats", "--db", str(db_file)]) == 0
    assert "papers:    2 active, 0 retired" in capsys.readouterr().out


def test_a_dotenv_saved_by_windows_powershell_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # `echo DATABASE_PATH=... > .env` in Windows PowerShell writes UTF-16 with a byte order mark.
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_PATH", raising=False)
    assert main(["ingest", str(BUNDLED), "--db", "mine.db"]) == 0
    capsys.readouterr()
    (tmp_path / ".env").write_bytes("DATABASE_PATH=mine.db\r\nLOG_LEVEL=warning\r\n".encode("utf-16"))
    assert main(["stats"]) == 0
    assert f"database:  {tmp_path / 'mine.db'}" in capsys.readouterr().out


def test_a_dotenv_that_is_not_utf8_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_bytes(b"LOG_LEVEL=info\nDATABASE_PATH=caf\xe9.db\n")  # Windows-1252
    with pytest.raises(SystemExit) as stopped:
        main(["stats"])
    assert str(stopped.value) == "paperbot: .env is not UTF-8 text (byte 0xe9 on line 2); save it as UTF-8"


def test_lenient_latex_reading_is_not_logged_as_an_error(tmp_path: Path) -> None:
    # An abstract cut inside a formula: pylatexenc reads it leniently and used to log a multi-line note and
    # "WARNING: Error in configuration: macro '\widetilde' failed its substitution!", naming no file.
    paragraphs = seed_paragraphs()
    corpus = write_seed_file(tmp_path / "cut.txt", [paragraphs[0] + r" We bound it by $\widetilde{\mathcal{O}",
                                                    paragraphs[1]])
    done = subprocess.run([sys.executable, "-m", "bot", "ingest", str(corpus), "--db", str(tmp_path / "c.db")],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "LOG_LEVEL": "INFO"})
    assert done.returncode == 0, done.stderr
    assert "2 records from 1 file: 2 added" in done.stdout
    assert "applying migration 0001" in done.stderr  # the log is on, at INFO
    assert "corpus loaded" not in done.stderr  # the summary is on stdout once, not again in the log
    assert "pylatexenc" not in done.stderr
    assert "Error in configuration" not in done.stderr


def test_show_takes_the_id_as_a_cards_footer_has_it(ingested_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The refusal says "every card's footer has the id": the footer copied whole from Discord works, as in /paper show.
    for pasted in ("id nioo3eqi5w", "id nioo3eqi5w · no longer in the current corpus", "`nioo3eqi5w`"):
        assert main(["show", pasted, "--db", str(ingested_db)]) == 0, pasted
        assert capsys.readouterr().out.startswith("DSDA: ")
    assert main(["show", "id zzzzzzzzzz", "--db", str(ingested_db)]) == 1
    assert "no paper with the id 'id zzzzzzzzzz'" in capsys.readouterr().err
