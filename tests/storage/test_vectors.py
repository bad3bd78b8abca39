"""Abstract embeddings in SQLite: embedded once, resumable, untouched by corpus loads. Real temporary files."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import aiosqlite
import numpy as np
import pytest

import storage.db
from storage._search_encoder import DIMENSIONS, MODEL_NAME, load_encoder
from storage.db import migrations, open_database, schema_version
from storage.loader import load_corpus
from storage.vectors import EncoderProcess, count_missing, embed_missing, from_blob, to_blob, vectors_for
from tests.storage.conftest import write_json, write_seed_file

ABSTRACTS = [f"We study problem number {i} of {topic} and propose a method that solves it in practice."
             for i, topic in enumerate(["graph learning", "causal inference", "kv caches", "diffusion models",
                                        "machine unlearning", "robust optimisation", "speech recognition"])]


class CountingEncoder:
    """A stand-in encoder that records what it was asked to embed (a vector per text, derived from it)."""

    def __init__(self, fail_on_call: int | None = None) -> None:
        self.calls: list[list[str]] = []
        self.fail_on_call = fail_on_call

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        if self.fail_on_call == len(self.calls):
            raise RuntimeError("encoder broke")
        vectors = np.array([[hash(text) % 97 + 1, *([1.0] * (DIMENSIONS - 1))] for text in texts], np.float32)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    @property
    def embedded(self) -> list[str]:
        return [text for call in self.calls for text in call]


async def _load(db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    await load_corpus(db, [write_seed_file(tmp_path / "corpus.txt", abstracts)])


async def _stored(db: aiosqlite.Connection) -> dict[str, str]:
    rows = await db.execute_fetchall("SELECT paper_id, model FROM paper_vectors")
    return {str(row[0]): str(row[1]) for row in rows}


async def _ids(db: aiosqlite.Connection, *, active: bool = True) -> set[str]:
    return {row[0] for row in await db.execute_fetchall("SELECT id FROM papers WHERE active = ?", (int(active),))}


def test_a_vector_survives_storage_as_float16() -> None:
    vector = np.random.default_rng(1).normal(size=DIMENSIONS).astype(np.float32)
    vector /= np.linalg.norm(vector)
    blob = to_blob(vector)
    assert len(blob) == DIMENSIONS * 2
    assert np.allclose(from_blob(blob), vector, atol=1e-3)


async def test_every_active_paper_is_embedded_once(db: aiosqlite.Connection, tmp_path: Path) -> None:
    await _load(db, tmp_path, ABSTRACTS)
    encoder = CountingEncoder()
    assert await count_missing(db) == len(ABSTRACTS)
    assert await embed_missing(db, encoder, batch=3) == len(ABSTRACTS)
    assert [len(call) for call in encoder.calls] == [3, 3, 1]
    assert sorted(encoder.embedded) == sorted(ABSTRACTS)
    assert set((await _stored(db)).items()) == {(paper_id, MODEL_NAME) for paper_id in await _ids(db)}
    assert await count_missing(db) == 0
    assert await embed_missing(db, encoder) == 0  # nothing left: the encoder is not called again
    assert len(encoder.calls) == 3


async def test_vectors_are_read_back_by_paper_id(db: aiosqlite.Connection, tmp_path: Path) -> None:
    await _load(db, tmp_path, ABSTRACTS[:2])
    first, second = sorted(await _ids(db))
    await embed_missing(db, CountingEncoder(), batch=1)
    found = await vectors_for(db, [first, second, "nosuchpaper"])
    assert set(found) == {first, second}
    assert all(vector.shape == (DIMENSIONS,) and abs(float(np.linalg.norm(vector)) - 1) < 1e-2
               for vector in found.values())
    assert await vectors_for(db, []) == {}
    assert await vectors_for(db, [first], model="another-model") == {}


async def test_retired_papers_are_not_embedded_and_keep_their_vector(db: aiosqlite.Connection,
                                                                       tmp_path: Path) -> None:
    await _load(db, tmp_path, ABSTRACTS[:4])
    await embed_missing(db, CountingEncoder())
    before = await _stored(db)
    await _load(db, tmp_path, ABSTRACTS[2:])  # two retired, three added
    retired = await _ids(db, active=False)
    assert len(retired) == 2
    assert await _stored(db) == before  # a corpus load never touches the vectors
    encoder = CountingEncoder()
    assert await embed_missing(db, encoder) == 3
    assert sorted(encoder.embedded) == sorted(ABSTRACTS[4:])
    await _load(db, tmp_path, ABSTRACTS)  # the retired two come back, vectors and all
    assert await count_missing(db) == 0


async def test_a_different_encoder_embeds_everything_again(db: aiosqlite.Connection, tmp_path: Path) -> None:
    await _load(db, tmp_path, ABSTRACTS[:3])
    await embed_missing(db, CountingEncoder())
    assert await count_missing(db, model="encoder-v2") == 3
    assert await embed_missing(db, CountingEncoder(), model="encoder-v2") == 3
    assert set((await _stored(db)).values()) == {"encoder-v2"}


async def test_stopping_half_way_loses_nothing_and_resumes(db: aiosqlite.Connection, tmp_path: Path) -> None:
    await _load(db, tmp_path, ABSTRACTS)
    first = CountingEncoder()
    progress: list[int] = []

    def stop_after_two_batches(done: int) -> None:
        progress.append(done)
        if done == 4:
            task.cancel()

    task = asyncio.ensure_future(embed_missing(db, first, batch=2, progress=stop_after_two_batches))
    with pytest.raises(asyncio.CancelledError):
        await task
    assert progress == [2, 4]
    assert len(await _stored(db)) == 4
    second = CountingEncoder()
    assert await embed_missing(db, second, batch=2) == 3
    assert set(second.embedded).isdisjoint(first.embedded)  # nothing embedded twice
    assert await count_missing(db) == 0


async def test_an_encoder_failure_keeps_the_batches_before_it(db: aiosqlite.Connection, tmp_path: Path) -> None:
    await _load(db, tmp_path, ABSTRACTS)
    with pytest.raises(RuntimeError, match="encoder broke"):
        await embed_missing(db, CountingEncoder(fail_on_call=2), batch=3)
    assert len(await _stored(db)) == 3
    assert await count_missing(db) == 4


async def test_the_encoder_in_a_child_process_gives_the_same_vectors(db: aiosqlite.Connection,
                                                                      tmp_path: Path) -> None:
    encoder = load_encoder()
    assert encoder is not None
    await _load(db, tmp_path, ABSTRACTS[:3])
    with EncoderProcess() as child:
        assert await embed_missing(db, child) == 3
    ids = sorted(await _ids(db))
    abstracts = {row[0]: row[1] for row in await db.execute_fetchall("SELECT id, abstract FROM papers")}
    stored = await vectors_for(db, ids)
    here = encoder.encode([abstracts[paper_id] for paper_id in ids])
    for row, paper_id in enumerate(ids):
        assert float(stored[paper_id] @ here[row]) > 0.999


async def test_a_database_from_before_the_vectors_gets_the_table_and_every_paper_embedded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database the previous version made (migrations 1-2, papers loaded) is what an upgrade opens."""
    path = tmp_path / "previous.db"
    every = storage.db.migrations()
    with monkeypatch.context() as previous_version:
        previous_version.setattr(storage.db, "migrations", lambda: [m for m in every if m[0] < 3])
        old = await open_database(path)
        try:
            await _load(old, tmp_path, ABSTRACTS)
            assert await schema_version(old) == 2
        finally:
            await old.close()

    conn = await open_database(path)
    try:
        assert await schema_version(conn) == migrations()[-1][0]  # the latest
        assert await count_missing(conn) == len(ABSTRACTS)
        encoder = CountingEncoder()
        assert await embed_missing(conn, encoder) == len(ABSTRACTS)
        assert sorted(encoder.embedded) == sorted(ABSTRACTS)
        assert len(await vectors_for(conn, sorted(await _ids(conn)))) == len(ABSTRACTS)
    finally:
        await conn.close()


async def test_an_abstract_with_no_readable_text_gets_a_unit_vector(db: aiosqlite.Connection, tmp_path: Path) -> None:
    """An abstract of LaTeX layout commands alone loads with an empty display text: the encoder still
    reads its start and end tokens, so its vector is a unit vector, not NaN (a NaN cosine would
    scramble the re-ranking of every search that has the paper among its candidates)."""
    layout_only = " ".join([r"\vspace{2mm}"] * 40)
    records: list[dict[str, object]] = [{"abstract": layout_only}, {"abstract": ABSTRACTS[0]}]
    await load_corpus(db, [write_json(tmp_path / "corpus.json", records)])
    assert "" in {row[0] for row in await db.execute_fetchall("SELECT abstract FROM papers WHERE active = 1")}
    encoder = load_encoder()
    assert encoder is not None
    assert await embed_missing(db, encoder) == 2
    vectors = await vectors_for(db, sorted(await _ids(db)))
    assert len(vectors) == 2
    for vector in vectors.values():
        assert np.isfinite(vector).all()
        assert abs(float(np.linalg.norm(vector)) - 1) < 1e-2
