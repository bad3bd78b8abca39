"""`paperbot embed`, and `paperbot ingest`'s hint about abstracts not embedded yet, on temporary databases."""

from __future__ import annotations

import io
import json
import re
import runpy
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import bot.cli
import storage.db
import storage.vectors
from bot.cli import main
from tests._processes import ctrl_c_once_ready
from tests.storage.conftest import seed_paragraphs, write_seed_file
from tests.storage.test_search_meaning import CAUSAL, IMAGES, MARKOV, SYNONYM_QUERY

ABSTRACTS = 5
HINT = (f"search by meaning: {ABSTRACTS} abstracts not embedded yet; the bot embeds them in the background, "
        "or run `paperbot embed`")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _embedding_setting_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("EMBED_ABSTRACTS", raising=False)


@pytest.fixture
def small_db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A database with five abstracts ingested, none embedded; `ingest`'s output is checked here."""
    path = tmp_path / "small.db"
    corpus = write_seed_file(tmp_path / "small.txt", seed_paragraphs()[:ABSTRACTS])
    assert main(["ingest", str(corpus), "--db", str(path)]) == 0
    assert HINT in capsys.readouterr().out.splitlines()
    return path


def vectors_of_active_papers(path: Path) -> tuple[int, int]:
    """(active papers, active papers with a vector) in the database file."""
    with sqlite3.connect(path) as conn:
        active, embedded = conn.execute(
            "SELECT count(*), count(v.paper_id) FROM papers p LEFT JOIN paper_vectors v ON v.paper_id = p.id "
            "WHERE p.active = 1").fetchone()
    return int(active), int(embedded)


def test_embed_embeds_every_abstract_then_has_nothing_left(small_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert vectors_of_active_papers(small_db) == (ABSTRACTS, 0)
    assert main(["embed", "--db", str(small_db)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"embedded {ABSTRACTS} abstracts in ")
    assert out.endswith(" s; search re-ranks by meaning\n")
    assert vectors_of_active_papers(small_db) == (ABSTRACTS, ABSTRACTS)

    assert main(["embed", "--db", str(small_db)]) == 0
    assert capsys.readouterr().out == f"all {ABSTRACTS} abstracts already embedded\n"


def test_one_abstract_is_counted_in_the_singular(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.db"
    assert main(["ingest", str(write_seed_file(tmp_path / "one.txt", seed_paragraphs()[:1])), "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 record from 1 file: 1 added" in out
    assert "search by meaning: 1 abstract not embedded yet; " in out
    assert main(["embed", "--db", str(path)]) == 0
    assert capsys.readouterr().out.startswith("embedded 1 abstract in ")
    assert main(["embed", "--db", str(path)]) == 0
    assert capsys.readouterr().out == "the abstract is already embedded\n"


def test_ingest_hints_only_while_abstracts_are_missing(small_db: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    main(["embed", "--db", str(small_db)])
    capsys.readouterr()
    assert main(["ingest", str(tmp_path / "small.txt"), "--db", str(small_db), "--force"]) == 0
    assert "search by meaning" not in capsys.readouterr().out

    bigger = write_seed_file(tmp_path / "small.txt", seed_paragraphs()[:ABSTRACTS + 2])
    assert main(["ingest", str(bigger), "--db", str(small_db)]) == 0
    assert "search by meaning: 2 abstracts not embedded yet;" in capsys.readouterr().out


def test_ingest_hint_without_the_bot_embedding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("EMBED_ABSTRACTS", "off")
    corpus = write_seed_file(tmp_path / "small.txt", seed_paragraphs()[:ABSTRACTS])
    assert main(["ingest", str(corpus), "--db", str(tmp_path / "off.db")]) == 0
    assert f"search by meaning: {ABSTRACTS} abstracts not embedded yet; run `paperbot embed`\n" \
        in capsys.readouterr().out


def test_embed_draws_a_progress_bar_on_a_terminal(small_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert main(["embed", "--db", str(small_db)]) == 0
    drawn = terminal.getvalue()
    assert f"\rembedding  [{'#' * 30}] {ABSTRACTS}/{ABSTRACTS}" in drawn
    assert drawn.endswith("\n")  # the bar's line is ended before the summary
    assert f"embedded {ABSTRACTS} abstracts" in capsys.readouterr().out


def test_embed_without_the_encoder_fails_and_says_so(small_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(storage.vectors, "load_encoder", lambda: None)
    assert main(["embed", "--db", str(small_db)]) == 1
    assert "paperbot embed: the sentence encoder could not be loaded" in capsys.readouterr().err
    assert vectors_of_active_papers(small_db) == (ABSTRACTS, 0)


def test_embed_refuses_a_missing_or_empty_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mistyped = tmp_path / "typo.db"
    assert main(["embed", "--db", str(mistyped)]) == 1
    assert f"there is no database at {mistyped}" in capsys.readouterr().err
    assert not mistyped.exists()

    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    assert main(["embed", "--db", str(empty)]) == 1
    assert f"paperbot embed: no papers in {empty} to embed (run `paperbot ingest`)" in capsys.readouterr().err


def test_ctrl_c_keeps_the_batches_done_and_a_second_run_goes_on(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Someone stops a long `paperbot embed` with Ctrl-C once the first batch is stored, then runs it again."""
    paragraphs = seed_paragraphs()
    abstracts = [f"{paragraphs[n % len(paragraphs)]} (Variant {n}.)" for n in range(256)]  # ~3 s of embedding
    db = tmp_path / "long.db"
    assert main(["ingest", str(write_seed_file(tmp_path / "long.txt", abstracts)), "--db", str(db)]) == 0
    capsys.readouterr()
    done = ctrl_c_once_ready(["embed", "--db", str(db)], lambda: vectors_of_active_papers(db)[1] > 0)  # a batch stored
    assert done.returncode == 130, done.stderr
    assert done.stdout == ""
    assert re.search(r"^paperbot embed: stopped after \d+ of 256 abstracts; run it again to go on$", done.stderr,
                     re.M), done.stderr
    assert "Traceback" not in done.stderr
    active, embedded = vectors_of_active_papers(db)
    assert 0 < embedded < active  # the batches done are kept, and it did stop

    assert main(["embed", "--db", str(db)]) == 0
    assert capsys.readouterr().out.startswith(f"embedded {active - embedded} abstracts in ")
    assert vectors_of_active_papers(db) == (active, active)


def test_search_ranks_by_words_until_embed_then_by_meaning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`paperbot search` reads the stored vectors: none yet, words decide; after `embed`, meaning
    puts the paper about medical records first for "Estimation for doctors"."""
    db = str(tmp_path / "meaning.db")
    assert main(["ingest", str(write_seed_file(tmp_path / "three.txt", [MARKOV, CAUSAL, IMAGES])), "--db", db]) == 0

    def first_words() -> list[str]:
        capsys.readouterr()
        assert main(["search", SYNONYM_QUERY, "--json", "--db", db]) == 0
        return [hit["abstract"].split()[2] for hit in json.loads(capsys.readouterr().out)["results"]]

    assert first_words() == ["spectral", "causal"]
    assert main(["embed", "--db", db]) == 0
    assert first_words() == ["causal", "spectral"]


def test_a_write_lock_held_too_long_is_one_line_not_a_traceback(small_db: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Another process (a bot loading a large corpus, a `paperbot ingest`) takes the database's write
    lock after the first batch and holds it past the busy timeout: the rest cannot be stored now;
    say so on a line of its own below the bar, and that a rerun goes on."""
    monkeypatch.setattr(storage.db, "BUSY_TIMEOUT_MS", 50)
    monkeypatch.setattr(storage.vectors, "EMBED_BATCH", 2)
    writer = sqlite3.connect(small_db, isolation_level=None)
    store = storage.vectors._store

    async def store_then_lock(*args: Any) -> None:
        await store(*args)
        if not writer.in_transaction:
            writer.execute("BEGIN IMMEDIATE")

    monkeypatch.setattr(storage.vectors, "_store", store_then_lock)
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    try:
        assert main(["embed", "--db", str(small_db)]) == 1
    finally:
        writer.close()
    assert f"] 2/{ABSTRACTS}\npaperbot embed: could not store the vectors (database is locked) after 2 of " \
           f"{ABSTRACTS} abstracts; the ones stored are kept, run it again to go on\n" in terminal.getvalue()
    assert "Traceback" not in terminal.getvalue()
    assert capsys.readouterr().out == ""
    assert vectors_of_active_papers(small_db) == (ABSTRACTS, 2)


def test_python_m_bot_imported_by_a_spawned_child_does_not_start_a_second_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's encoder child process (storage.vectors.EncoderProcess) is spawned: it imports the
    parent's main module again, as __mp_main__, and `python -m bot` must then do nothing."""
    started: list[object] = []

    def main(*args: object) -> int:
        started.append(args)
        return 0

    monkeypatch.setattr(bot.cli, "main", main)
    runpy.run_module("bot", run_name="__mp_main__")
    assert started == []
    with pytest.raises(SystemExit):
        runpy.run_module("bot", run_name="__main__")
    assert started == [()]
