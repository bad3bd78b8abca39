"""The background embedding meets a full disk (SimCord, real SQLite file): a batch of vectors the disk
refuses delays the embedding, as a busy database does, and it goes on by itself once there is room. It
logged a traceback ("embedding the abstracts failed") and stopped until the next start, searches ranking by
words meanwhile.

The full disk is SQLite's own, on the embedding's connection: its first batch meets a TEMP trigger that
spills 100 kB into a two-page temporary table (a real SQLITE_FULL; see test_storage_review10_full_disk.py);
the next batch finds room again.
"""

from __future__ import annotations

import logging
from typing import Any

import aiosqlite
import pytest

from bot import client as bot_client
from bot.client import PaperBot
from storage import vectors
from tests.bot.test_embedding import (  # noqa: F401 (fixtures: the six-abstract corpus, embedding on, its gate)
    ABSTRACTS,
    BATCH,
    EmbeddingGate,
    EncoderProcesses,
    bot_settings,
    corpus_paths,
    embed_abstracts,
    finished,
    gate,
    messages,
    processes,
    records,
    simcord_env,
    small_batches,
    stored,
)
from tests.bot.test_storage_review10_full_disk import fill_the_disk, free_some_space


@pytest.fixture
def full_once(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The first batch's write meets a full disk; the disk has room again for the next (request it before the
    bot). Returns the batches tried."""
    store, tried = vectors._store, []

    async def on_a_disk_full_once(conn: aiosqlite.Connection, *args: Any) -> None:
        tried.append(len(args[0]))
        if len(tried) == 1:
            await fill_the_disk(conn, "paper_vectors")
            try:
                await store(conn, *args)
            finally:
                await free_some_space(conn, "paper_vectors")
            return
        await store(conn, *args)

    monkeypatch.setattr(vectors, "_store", on_a_disk_full_once)
    monkeypatch.setattr(bot_client, "EMBED_RETRY_SECONDS", 0)
    return tried


async def test_a_full_disk_delays_the_embedding_and_does_not_end_it(
        full_once: list[int], processes: EncoderProcesses, bot: PaperBot, gate: EmbeddingGate,  # noqa: F811
        caplog: pytest.LogCaptureFixture) -> None:
    gate.release()
    await finished(bot)

    assert await stored(bot) == await bot.papers.count() == ABSTRACTS
    assert full_once == [BATCH] * (ABSTRACTS // BATCH + 1)  # the refused batch, written again
    warnings = [(r.getMessage(), r.exc_info) for r in records(caplog, setup=True) if r.levelno >= logging.WARNING]
    assert warnings == [(f"search by meaning: cannot store the vectors in the database {bot.settings.database_path} "
                         "(database or disk is full: is its disk full?); embedding goes on in 0 s (0 of "
                         f"{ABSTRACTS} abstracts done)", None)]
    assert any(f"embedded {ABSTRACTS} abstracts in" in line for line in messages(caplog))
