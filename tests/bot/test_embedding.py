"""The background embedding of abstracts for search by meaning (EMBED_ABSTRACTS), under SimCord.

A small corpus of six abstracts, embedded two at a time, so that "in the middle" is a real state.
`EmbeddingGate` holds the bot's embedding before a batch (declared to SimCord as an intended
wait), so the test can act while it is under way: search, restart, close.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sqlite3
import threading
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite
import numpy as np
import pytest
import pytest_asyncio
import simcord

import storage.db
import storage.search
from bot import client as bot_client
from bot.client import EMBED_LOG_SECONDS, EmbeddingProgress, PaperBot
from bot.settings import Settings
from storage import vectors
from storage.db import open_database, schema_version
from storage.enrich import paper_id
from storage.loader import load_corpus
from storage.vectors import EncoderProcess
from tests.bot.conftest import TestClock, World, hold_the_connection
from tests.storage.conftest import seed_paragraphs, write_seed_file

ABSTRACTS = 6
BATCH = 2
WAIT = 60  # seconds: a bound for waits that end in well under one, so a hang fails instead of blocking


class EmbeddingGate:
    """Holds the background embedding before batch number `after + 1` until `release()`, once.

    It wraps storage.vectors' batch reader; the hold is an `external_wait`, so SimCord counts the
    bot as settled (commands answer) while the embedding waits.
    """

    def __init__(self, after: int) -> None:
        self.env: simcord.Env | None = None
        self._after, self._reads, self._held = after, 0, False
        self._released = asyncio.Event()

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        read = vectors._missing_after

        async def gated(conn: aiosqlite.Connection, *args: Any) -> list[tuple[int, str, str]]:
            self._reads += 1
            if self._reads == self._after + 1 and not self._held:
                self._held = True
                assert self.env is not None
                await self.env.external_wait(self._released.wait(), reason="the test holds the embedding")
            return await read(conn, *args)

        monkeypatch.setattr(vectors, "_missing_after", gated)

    def release(self) -> None:
        self._released.set()


class EncoderProcesses:
    """Stands in for EncoderProcess in the client: real child processes, with every text noted and
    every process counted as it is opened and closed."""

    def __init__(self) -> None:
        self.texts = Counter[str]()
        self.opened = self.closed = 0

    def __call__(self) -> RecordedProcess:
        self.opened += 1
        return RecordedProcess(self, EncoderProcess())


class RecordedProcess:
    def __init__(self, processes: EncoderProcesses, real: EncoderProcess) -> None:
        self._processes, self._real = processes, real

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self._processes.texts.update(texts)
        return self._real.encode(texts)

    def close(self) -> None:
        self._real.close()
        self._processes.closed += 1


class FailingEncoder:
    closed = 0

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        raise RuntimeError("the encoder broke")

    def close(self) -> None:
        FailingEncoder.closed += 1


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_seed_file(tmp_path / "small.txt", seed_paragraphs()[:ABSTRACTS]),)


@pytest.fixture
def embed_abstracts() -> bool:
    """EMBED_ABSTRACTS for the bot under test (parametrize to switch it off)."""
    return True


@pytest.fixture
def bot_settings(bot_settings: Settings, embed_abstracts: bool) -> Settings:
    return replace(bot_settings, embed_abstracts=embed_abstracts)


@pytest.fixture(autouse=True)
def small_batches(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(bot_client, "embed_missing", functools.partial(vectors.embed_missing, batch=BATCH))
    caplog.set_level(logging.INFO, logger="bot.client")


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> EmbeddingGate:
    held = EmbeddingGate(after=1)
    held.install(monkeypatch)
    return held


@pytest.fixture
def processes(monkeypatch: pytest.MonkeyPatch) -> EncoderProcesses:
    """The bots' encoder processes, recorded (request it before the bot)."""
    recorded = EncoderProcesses()
    monkeypatch.setattr(bot_client, "EncoderProcess", recorded)
    return recorded


@pytest.fixture
def failing_encoder(monkeypatch: pytest.MonkeyPatch) -> type[FailingEncoder]:
    """The bots embed with an encoder that raises (request it before the bot)."""
    monkeypatch.setattr(FailingEncoder, "closed", 0)
    monkeypatch.setattr(bot_client, "EncoderProcess", FailingEncoder)
    return FailingEncoder


@pytest_asyncio.fixture
async def previous_version_db(bot_settings: Settings, corpus_paths: tuple[Path, ...],
                              monkeypatch: pytest.MonkeyPatch) -> Path:
    """The bot's database as the version before the vectors left it: migrations 1-2, corpus loaded
    (request it before the bot)."""
    every = storage.db.migrations()
    with monkeypatch.context() as previous_version:
        previous_version.setattr(storage.db, "migrations", lambda: [m for m in every if m[0] < 3])
        conn = await open_database(bot_settings.database_path)
        try:
            await load_corpus(conn, list(corpus_paths))
            assert await schema_version(conn) == 2
        finally:
            await conn.close()
    return bot_settings.database_path


@pytest_asyncio.fixture
async def simcord_env(simcord_bot: PaperBot, clock: TestClock, request: pytest.FixtureRequest,
                      gate: EmbeddingGate) -> AsyncIterator[simcord.Env]:
    """The shared fixture's environment, with the gate told about it before the bot starts."""
    env = simcord.Env(simcord_bot)
    gate.env = env
    clock.bind(env)
    await asyncio.wait_for(env.start(), WAIT)  # an embedding that held up start-up would hang here
    try:
        yield env
    finally:
        gate.release()
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


async def stored(bot: PaperBot) -> int:
    rows = await bot.db.execute_fetchall("SELECT count(*) FROM paper_vectors")
    return int(next(iter(rows))[0])


async def finished(bot: PaperBot) -> None:
    """Wait for the bot's embedding to end (it must have started)."""
    assert bot.embedding_task is not None
    await asyncio.wait_for(asyncio.shield(bot.embedding_task), WAIT)


def records(caplog: pytest.LogCaptureFixture, *, setup: bool = False) -> list[logging.LogRecord]:
    """The log records of the test (with `setup`: from the bot's start too, which the fixtures ran)."""
    return [*(caplog.get_records("setup") if setup else []), *caplog.records]


def messages(caplog: pytest.LogCaptureFixture, *, level: int = logging.INFO, setup: bool = False) -> list[str]:
    return [r.getMessage() for r in records(caplog, setup=setup) if r.name == "bot.client" and r.levelno >= level]


async def test_abstracts_are_embedded_in_the_background_while_search_answers(
        bot: PaperBot, world: World, gate: EmbeddingGate, caplog: pytest.LogCaptureFixture) -> None:
    assert bot.embedding_task is not None
    assert not bot.embedding_task.done()  # the bot is ready, and still embedding
    assert await stored(bot) == BATCH
    assert any(f"search by meaning: embedding {ABSTRACTS} abstracts in the background" in line
               for line in messages(caplog, setup=True))

    result = await world.alice.slash(world.channel, "paper search", query="learning")
    assert result.response is not None
    assert "1." in (result.response.embeds[0].description or "")  # results, ranked by words meanwhile
    assert await stored(bot) == BATCH  # answered during the embedding, not after it

    gate.release()
    await finished(bot)
    assert await vectors.count_missing(bot.db) == 0
    assert await stored(bot) == await bot.papers.count() == ABSTRACTS
    assert any(f"embedded {ABSTRACTS} abstracts in" in line for line in messages(caplog))
    assert [r.getMessage() for r in records(caplog, setup=True) if r.levelno >= logging.WARNING] == []


async def test_a_database_from_the_previous_version_is_migrated_and_its_abstracts_embedded(
        previous_version_db: Path, bot: PaperBot, world: World, gate: EmbeddingGate) -> None:
    assert await schema_version(bot.db) == storage.db.migrations()[-1][0]  # the latest
    assert await stored(bot) == BATCH  # embedding, while the commands answer
    result = await world.alice.slash(world.channel, "paper search", query="learning")
    assert result.response is not None
    assert "1." in (result.response.embeds[0].description or "")

    gate.release()
    await finished(bot)
    assert await stored(bot) == await bot.papers.count() == ABSTRACTS


async def test_a_restart_in_the_middle_goes_on_and_embeds_nothing_twice(
        processes: EncoderProcesses, bot: PaperBot, restart: Callable, caplog: pytest.LogCaptureFixture) -> None:
    assert await stored(bot) == BATCH
    caplog.clear()

    again = await restart()  # the held embedding is cancelled, as by a crash
    assert processes.opened == processes.closed == 2  # the cancelled run's child process is gone too
    await finished(again)
    assert any(f"search by meaning: embedding {ABSTRACTS - BATCH} abstracts in the background" in line
               for line in messages(caplog))
    rows = await again.db.execute_fetchall("SELECT abstract FROM papers WHERE active = 1")
    assert await vectors.count_missing(again.db) == 0
    assert processes.texts == Counter(abstract for (abstract,) in rows)  # every abstract, each once

    caplog.clear()
    third = await restart()
    await finished(third)
    assert [line for line in messages(caplog) if "by meaning" in line] == [
        f"search by meaning: all {ABSTRACTS} abstracts embedded"]
    assert sum(processes.texts.values()) == ABSTRACTS
    assert processes.opened == processes.closed == 2  # none for nothing to embed


async def test_close_during_the_embedding_stops_it_cleanly(
        processes: EncoderProcesses, bot: PaperBot, gate: EmbeddingGate, caplog: pytest.LogCaptureFixture) -> None:
    task = bot.embedding_task
    assert task is not None
    assert not task.done()

    await bot.close()
    assert task.cancelled()
    assert processes.opened == processes.closed == 1
    gate.release()  # had close() left it running, it would now read the closed database
    for _ in range(20):
        await asyncio.sleep(0)
    assert f"search by meaning: embedding stopped after {BATCH} of {ABSTRACTS} abstracts; the next start " \
           "goes on" in messages(caplog)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


async def test_an_encoder_that_fails_is_logged_once_and_search_goes_on(
        failing_encoder: type[FailingEncoder], bot: PaperBot, world: World,
        caplog: pytest.LogCaptureFixture) -> None:
    await finished(bot)
    assert failing_encoder.closed == 1
    errors = [r for r in records(caplog, setup=True) if r.levelno >= logging.ERROR]
    assert [r.getMessage() for r in errors] == [f"search by meaning: embedding the abstracts failed after 0 of "
                                                f"{ABSTRACTS}; searches among the others rank by words"]
    assert errors[0].exc_info is not None
    assert "the encoder broke" in str(errors[0].exc_info[1])

    result = await world.alice.slash(world.channel, "paper search", query="learning")
    assert result.response is not None
    assert "1." in (result.response.embeds[0].description or "")
    assert await stored(bot) == 0


@pytest.fixture
def locked_once(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The first batch's write finds the database locked by another process past the busy timeout, as
    under a large `paperbot ingest` (request it before the bot). Returns the writes tried."""
    store, tried = vectors._store, []

    async def flaky(*args: Any) -> None:
        tried.append(len(args[1]))
        if len(tried) == 1:
            locked = sqlite3.OperationalError("database is locked")
            locked.sqlite_errorcode, locked.sqlite_errorname = sqlite3.SQLITE_BUSY, "SQLITE_BUSY"  # as SQLite raises it
            raise locked
        await store(*args)

    monkeypatch.setattr(vectors, "_store", flaky)
    monkeypatch.setattr(bot_client, "EMBED_RETRY_SECONDS", 0)
    return tried


async def test_a_database_locked_by_another_process_delays_the_embedding_and_does_not_end_it(
        locked_once: list[int], processes: EncoderProcesses, bot: PaperBot, gate: EmbeddingGate,
        caplog: pytest.LogCaptureFixture) -> None:
    gate.release()
    await finished(bot)
    assert await stored(bot) == await bot.papers.count() == ABSTRACTS
    assert locked_once == [BATCH] * (ABSTRACTS // BATCH + 1)  # the refused batch, written again
    warnings = [r.getMessage() for r in records(caplog, setup=True) if r.levelno >= logging.WARNING]
    assert warnings == [f"search by meaning: the database is busy (another process is writing); embedding goes "
                        f"on in 0 s (0 of {ABSTRACTS} abstracts done)"]
    assert any(f"embedded {ABSTRACTS} abstracts in" in line for line in messages(caplog))
    assert processes.opened == processes.closed == 1  # one child process for both rounds


class HeldWrite:
    """The embedding's first write holds its connection's thread until `release`, as a write waiting
    for another process's lock does (a large `paperbot ingest`: up to the 5 s busy timeout, again
    and again): every other call on that connection queues behind it. Declared to SimCord as an
    intended wait, through the gate's environment."""

    def __init__(self, gate: EmbeddingGate) -> None:
        self.gate = gate
        self.holding, self.release = threading.Event(), threading.Event()

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        store = vectors._store

        async def held(conn: aiosqlite.Connection, *args: Any) -> None:
            if not self.release.is_set():
                assert self.gate.env is not None
                await hold_the_connection(self.gate.env, conn, self.release, holding=self.holding)
            await store(conn, *args)

        monkeypatch.setattr(vectors, "_store", held)


@pytest.fixture
def held_write(gate: EmbeddingGate, monkeypatch: pytest.MonkeyPatch) -> HeldWrite:
    """Request it before the bot."""
    held = HeldWrite(gate)
    held.install(monkeypatch)
    return held


async def test_commands_answer_while_the_embeddings_write_waits_for_the_lock(
        held_write: HeldWrite, bot: PaperBot, world: World, simcord_env: simcord.Env) -> None:
    assert await asyncio.to_thread(held_write.holding.wait, WAIT)
    wanted = paper_id(seed_paragraphs()[0])

    shown = await world.alice.slash(world.channel, "paper show", paper=wanted)

    # Before, the embedding wrote on the bot's connection, and this read waited behind its write.
    assert shown.response is not None
    assert shown.response.embeds[0].footer.text == f"id {wanted}"
    held_write.release.set()
    held_write.gate.release()  # the gate holds before the second batch: let that one go too
    await finished(bot)
    assert await stored(bot) == ABSTRACTS


@pytest.mark.parametrize("embed_abstracts", [False])
async def test_switched_off_nothing_is_embedded(bot: PaperBot, world: World, simcord_env: simcord.Env) -> None:
    assert bot.embedding_task is None
    await world.alice.slash(world.channel, "paper search", query="learning")
    await simcord_env.settle()
    assert await stored(bot) == 0


@pytest.fixture
def no_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Search finds no usable encoder (model files or onnxruntime missing; request it before the bot)."""
    monkeypatch.setattr(storage.search, "load_encoder", lambda: None)


async def test_without_an_encoder_nothing_is_embedded_and_no_child_started(
        processes: EncoderProcesses, no_encoder: None, bot: PaperBot, world: World,
        simcord_env: simcord.Env) -> None:
    assert bot.search_engine.encoder is None
    assert bot.embedding_task is None
    result = await world.alice.slash(world.channel, "paper search", query="learning")
    assert result.response is not None
    assert "1." in (result.response.embeds[0].description or "")  # by words
    await simcord_env.settle()
    assert processes.opened == 0
    assert await stored(bot) == 0


async def test_paperbot_sync_embeds_nothing(simcord_env: simcord.Env, make_bot: Callable[[], PaperBot]) -> None:
    syncing = make_bot()
    syncing.force_sync = syncing.sync_only = True  # what `paperbot sync` sets
    await simcord_env.restart_bot(syncing)
    assert syncing.embedding_task is None


def test_progress_is_logged_at_most_every_30_seconds_and_every_tenth(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    progress = EmbeddingProgress(1000, clock=lambda: now[0])
    caplog.set_level(logging.INFO, logger="bot.client")
    for done, at in [(64, 5), (128, 40), (192, 45), (256, 80), (300, 200), (360, 210), (1000, 400)]:
        now[0] = at
        progress(done)
    assert messages(caplog) == [
        "search by meaning: 128 of 1,000 abstracts embedded (12%)",
        "search by meaning: 256 of 1,000 abstracts embedded (25%)",  # not 192: 30 s, but only 6.4% more
        "search by meaning: 360 of 1,000 abstracts embedded (36%)",  # not 300: 120 s, but only 4.4% more
    ]  # and not the last: the end has its own line
    assert progress.done == 1000
    assert progress.seconds == 400
    assert EMBED_LOG_SECONDS == 30
