"""The background embedding tells a busy database from other errors by SQLite's error name, not by the word
"locked" (SimCord, real SQLite file).

Another process holding the write lock past the busy timeout (SQLITE_BUSY, "database is locked") delays the
embedding (tests/bot/test_embedding.py). SQLite says "locked" for other things too: "database table is locked"
(SQLITE_LOCKED) is a conflict inside the bot's own connection, which waiting does not end and no other process
causes. It was logged as "the database is busy (another process is writing)" and retried every minute; it is an
unexpected error, logged once with its traceback, and the searches rank by words.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import aiosqlite
import pytest

from bot import client as bot_client
from bot.client import PaperBot
from storage import vectors
from tests.bot.test_embedding import (  # noqa: F401 (fixtures: the six-abstract corpus, embedding on, its gate)
    ABSTRACTS,
    EmbeddingGate,
    EncoderProcesses,
    bot_settings,
    corpus_paths,
    embed_abstracts,
    finished,
    gate,
    processes,
    records,
    simcord_env,
    small_batches,
    stored,
)


async def table_locked(conn: aiosqlite.Connection) -> None:
    """Raise SQLite's own "database table is locked" on `conn`: a table dropped while a statement of the same
    connection is still reading it."""
    await conn.execute("CREATE TEMP TABLE being_read (x)")
    await conn.execute("INSERT INTO being_read VALUES (1), (2)")
    reading = await conn.execute("SELECT x FROM being_read")
    await reading.fetchone()  # the statement stays open on its second row
    try:
        await conn.execute("DROP TABLE being_read")
    finally:
        await reading.close()
        await conn.execute("DROP TABLE being_read")


@pytest.fixture
def table_locked_once(monkeypatch: pytest.MonkeyPatch) -> list[sqlite3.Error]:
    """The first batch's write meets SQLITE_LOCKED; the next ones would go through (request it before the bot).
    Returns the errors met."""
    store, met = vectors._store, list[sqlite3.Error]()

    async def locked_once(conn: aiosqlite.Connection, *args: Any) -> None:
        if not met:
            try:
                await table_locked(conn)
            except sqlite3.Error as error:
                met.append(error)
                raise
        await store(conn, *args)

    monkeypatch.setattr(vectors, "_store", locked_once)
    monkeypatch.setattr(bot_client, "EMBED_RETRY_SECONDS", 0)
    return met


async def test_a_table_locked_in_the_bots_own_connection_is_not_a_busy_database(
        table_locked_once: list[sqlite3.Error], processes: EncoderProcesses, bot: PaperBot,  # noqa: F811
        gate: EmbeddingGate, caplog: pytest.LogCaptureFixture) -> None:  # noqa: F811
    gate.release()
    await finished(bot)

    [error] = table_locked_once
    assert (str(error), error.sqlite_errorname) == ("database table is locked", "SQLITE_LOCKED")
    problems = [r for r in records(caplog, setup=True) if r.levelno >= logging.WARNING]
    # Before: a warning that another process was writing, then the batch written again as if it had been one.
    assert [(r.levelname, r.getMessage()) for r in problems] == [
        ("ERROR", f"search by meaning: embedding the abstracts failed after 0 of {ABSTRACTS}; searches among the "
                  "others rank by words")]
    assert problems[0].exc_info is not None
    assert problems[0].exc_info[1] is error
    assert await stored(bot) == 0
    assert processes.opened == processes.closed == 1
