"""`paperbot search` as a person or a script runs it, on a temporary database with the bundled corpus."""

from __future__ import annotations

import io
import json
import os
import pty
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from tests.storage.conftest import BUNDLED

RESULT_KEYS = {"id", "title", "abstract", "keywords", "score"}


@pytest.fixture
def db_file(ingested_db: Path) -> Path:
    """A database with the bundled corpus loaded (see tests/conftest.py)."""
    return ingested_db


def test_json_is_one_object_with_the_contract_fields(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "kv cache", "--json", "--limit", "3", "--db", str(db_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    found = json.loads(lines[0])
    assert found["query"] == "kv cache"
    assert 1 <= len(found["results"]) <= 3
    for result in found["results"]:
        assert result.keys() >= RESULT_KEYS
        assert isinstance(result["keywords"], list)
        assert isinstance(result["score"], float)
    assert "ShadowKV" in found["results"][0]["title"] + found["results"][1]["title"]
    scores = [r["score"] for r in found["results"]]
    assert scores == sorted(scores, reverse=True)


def test_stdin_queries_give_one_json_line_each_in_order(db_file: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    queries = ["ShadowKV", "", 'NEAR("x" OR NOT) * ^ :', "RE-IMAGINE", "halucination contrastive decodng"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(queries) + "\n"))
    assert main(["search", "-", "--limit", "2", "--db", str(db_file)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["query"] for line in lines] == queries
    assert lines[0]["results"][0]["title"].startswith("ShadowKV")
    assert lines[1]["results"] == []
    assert "Type a few words" in lines[1]["error"]
    assert isinstance(lines[2]["results"], list)
    assert lines[3]["results"][0]["title"].startswith("RE-IMAGINE")
    assert "Contrastive Decoding" in lines[4]["results"][0]["title"]
    assert all(len(line["results"]) <= 2 for line in lines)


def test_readable_output_shows_titles_ids_and_snippets(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "shadwokv", "--db", str(db_file)]) == 0
    out = capsys.readouterr().out
    assert "1 paper(s) match 'shadwokv'" in out
    assert "did you mean: ShadowKV" in out
    assert " 1. ShadowKV" in out
    assert "id " in out
    assert "**" not in out  # markdown bold is for Discord; the terminal gets plain text


def test_no_match_says_so(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "xyzzyqq", "--db", str(db_file)]) == 0
    assert "no papers match 'xyzzyqq'" in capsys.readouterr().out


def test_an_empty_query_is_a_clear_error(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "   ", "--db", str(db_file)]) == 2
    assert "Type a few words to search for" in capsys.readouterr().err


def test_a_bad_limit_is_refused(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "kv", "--limit", "0", "--db", str(db_file)]) == 2
    assert "--limit must be between 1 and 100" in capsys.readouterr().err


def test_an_empty_database_loads_the_configured_corpus_first(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "fresh.db"
    assert main(["search", "ShadowKV", "--json", "--db", str(db), "--corpus", str(BUNDLED)]) == 0
    captured = capsys.readouterr()
    assert "loading the configured corpus first" in captured.err
    assert json.loads(captured.out)["results"][0]["title"].startswith("ShadowKV")


def test_a_reader_that_stops_early_ends_the_search_quietly(db_file: Path, tmp_path: Path) -> None:
    """`paperbot search - < queries | head -1`: no traceback, and the status a shell gives any filter."""
    queries = tmp_path / "queries.txt"
    queries.write_text("kv cache\n" * 500)  # far more output than a pipe holds
    with queries.open() as stdin:
        proc = subprocess.Popen([sys.executable, "-m", "bot", "search", "-", "--db", str(db_file)],
                                stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None
        assert proc.stderr is not None
        first = proc.stdout.readline()
        proc.stdout.close()  # what `head -1` does after its line
        errors = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 141
    assert json.loads(first)["query"] == "kv cache"
    assert "Traceback" not in errors
    assert "Broken pipe" not in errors


def test_ctrl_c_at_the_query_prompt_stops_at_once(db_file: Path) -> None:
    """Someone typing queries into `paperbot search -` presses Ctrl-C while it waits for the next line."""
    proc = subprocess.Popen([sys.executable, "-m", "bot", "search", "-", "--db", str(db_file)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None
    assert proc.stdout is not None
    try:
        proc.stdin.write(b"kv cache\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["query"] == "kv cache"  # now it waits for the next line
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 130
    finally:
        proc.kill()
        proc.communicate()


@pytest.mark.parametrize("query", ["ShadowKV", "-"])
def test_an_empty_database_whose_corpus_gives_nothing_says_why(query: str, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("ShadowKV\n"))
    db, missing = tmp_path / "fresh.db", tmp_path / "corpus.json"
    assert main(["search", query, "--db", str(db), "--corpus", str(missing)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""  # not "no papers match", as if the search had looked
    assert f"  problem: {missing}: no such file or folder\n" in captured.err
    assert (f"paperbot: no papers to search in {db}: the configured corpus ({missing}) gave none "
            "(check --corpus or CORPUS_PATH, or run `paperbot ingest PATH`)\n") in captured.err


def test_help_says_what_query_and_limit_take_and_what_the_exit_statuses_mean(
        capsys: pytest.CaptureFixture[str]) -> None:
    from storage.search import MAX_LIMIT

    with pytest.raises(SystemExit) as done:
        main(["search", "--help"])
    assert done.value.code == 0
    usage = " ".join(capsys.readouterr().out.split())
    assert "[--db FILE] [--corpus PATH] [--limit N] [--json] QUERY" in usage  # as the README writes it
    assert "'-' reads one query per line from stdin and prints one JSON line each" in usage
    assert f"results per query, 1 to {MAX_LIMIT} (default 10)" in usage
    with pytest.raises(SystemExit):
        main(["--help"])
    usage = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0 done; 1 not there or not possible" in usage
    assert "130 interrupted; 141 output closed early" in usage


def test_at_a_terminal_it_says_it_waits_for_queries(db_file: Path) -> None:
    """`paperbot search -` typed at a terminal prints a hint, then answers each line; Ctrl-D ends it."""
    terminal, its_end = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "bot", "search", "-", "--db", str(db_file)],
                            stdin=its_end, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(its_end)
    assert proc.stdout is not None
    assert proc.stderr is not None
    try:
        os.write(terminal, b"ShadowKV\n")
        assert json.loads(proc.stdout.readline())["query"] == "ShadowKV"
        os.write(terminal, b"\x04")  # Ctrl-D
        assert proc.wait(timeout=20) == 0
        hint = "paperbot search: type one query per line (one JSON line each); Ctrl-D ends"
        assert hint in proc.stderr.read().decode()
    finally:
        proc.kill()
        proc.communicate()
        os.close(terminal)
