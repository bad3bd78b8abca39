"""Abstract embeddings in SQLite: made once per abstract, in the background; read a few per search.

The sentence encoder (storage/_search_encoder.py) reads ~100 abstracts a second on one core: half a
minute for a conference, a quarter of an hour for 100,000 papers. So it runs after the corpus is served,
a batch at a time (`embed_missing`), and stores each vector under the paper's stable id; a restart
goes on where it stopped, and an unchanged corpus costs nothing. Until a search's candidates all
have a vector, that search ranks by words alone (storage/search.py).
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol

import aiosqlite
import numpy as np

from storage._search_encoder import DIMENSIONS, MODEL_NAME, load_encoder

__all__ = ["EMBED_BATCH", "EncoderProcess", "count_missing", "embed_missing", "from_blob", "load_encoder", "to_blob",
           "vectors_for"]

# Abstracts per step: ~0.6 s of one core, then one short write; small enough that a corpus load or a
# shutdown never waits long for the step in progress.
EMBED_BATCH = 64
_VECTOR_TYPE = np.dtype("<f2")  # float16: half the bytes of float32, and cosines within 1e-3


class Encoder(Protocol):
    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


class EncoderProcess:
    """The sentence encoder in a child process of its own, for embedding a whole corpus.

    Embedding thousands of abstracts grows the encoder's working memory by ~50-130 MB (batches of
    activations that the allocator keeps); in a child that memory goes back when it is closed, and
    the encoder's one core of work never competes with the bot's event loop for the GIL. The child
    is spawned, not forked: onnxruntime is already loaded in the parent (queries use it), and a
    fork would copy its state mid-flight. Use it as a context manager, or call close().
    """

    def __init__(self) -> None:
        self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Like SentenceEncoder.encode, in the child (blocks the calling thread until it is done)."""
        return self._pool.submit(_encode_in_child, list(texts)).result()

    def close(self) -> None:
        """Stop the child: work not started is dropped, a batch in progress is waited for (~0.6 s)."""
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> EncoderProcess:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _encode_in_child(texts: list[str]) -> np.ndarray:
    encoder = load_encoder()  # once per child: cached
    if encoder is None:
        raise RuntimeError("the sentence encoder could not be loaded in the worker process (see its log line)")
    return encoder.encode(texts)


def to_blob(vector: np.ndarray) -> bytes:
    """A vector as stored: float16, little-endian."""
    return np.asarray(vector, _VECTOR_TYPE).tobytes()


def from_blob(blob: bytes) -> np.ndarray:
    """A stored vector as float32."""
    return np.frombuffer(blob, _VECTOR_TYPE).astype(np.float32)


async def vectors_for(conn: aiosqlite.Connection, paper_ids: Sequence[str], *,
                      model: str = MODEL_NAME) -> dict[str, np.ndarray]:
    """The stored vectors of the given papers, by id; papers without one (yet) are left out."""
    if not paper_ids:
        return {}
    marks = ",".join("?" * len(paper_ids))
    rows = await conn.execute_fetchall(
        f"SELECT paper_id, vector FROM paper_vectors WHERE model = ? AND paper_id IN ({marks})",
        (model, *paper_ids))
    return {paper_id: from_blob(blob) for paper_id, blob in rows if len(blob) == DIMENSIONS * 2}


async def count_missing(conn: aiosqlite.Connection, *, model: str = MODEL_NAME) -> int:
    """How many active papers have no vector from `model` yet."""
    rows = await conn.execute_fetchall(
        "SELECT count(*) FROM papers p LEFT JOIN paper_vectors v ON v.paper_id = p.id AND v.model = ? "
        "WHERE p.active = 1 AND v.paper_id IS NULL", (model,))
    return int(next(iter(rows))[0])


async def embed_missing(conn: aiosqlite.Connection, encoder: Encoder, *, model: str = MODEL_NAME,
                        batch: int | None = None, progress: Callable[[int], None] | None = None) -> int:
    """Embed every active paper that has no vector from `model`, a batch at a time; how many were.

    `encoder.encode` runs in a worker thread, so the event loop goes on meanwhile (onnxruntime leaves
    the GIL while it computes; the bot passes an EncoderProcess, which only waits for its child), and
    each batch is written by one statement, so it is atomic on a connection that other tasks share
    in autocommit mode. Cancelling it loses at most the batch in progress.
    """
    done, after = 0, -1
    while rows := await _missing_after(conn, after, model, batch or EMBED_BATCH):
        vectors = await asyncio.to_thread(encoder.encode, [abstract for _, _, abstract in rows])
        await _store(conn, [paper_id for _, paper_id, _ in rows], vectors, model)
        done += len(rows)
        after = rows[-1][0]
        if progress is not None:
            progress(done)
    return done


async def _missing_after(conn: aiosqlite.Connection, after: int, model: str,
                         batch: int) -> list[tuple[int, str, str]]:
    """The next `batch` active papers (num, id, display abstract) past `after` without a vector:
    walked in rowid order, so the whole corpus is one pass, not one scan per batch."""
    rows = await conn.execute_fetchall(
        "SELECT p.num, p.id, p.abstract FROM papers p "
        "LEFT JOIN paper_vectors v ON v.paper_id = p.id AND v.model = ? "
        "WHERE p.num > ? AND p.active = 1 AND v.paper_id IS NULL ORDER BY p.num LIMIT ?",
        (model, after, batch))
    return [(num, paper_id, abstract) for num, paper_id, abstract in rows]


async def _store(conn: aiosqlite.Connection, paper_ids: Sequence[str], vectors: np.ndarray, model: str) -> None:
    """Write a batch's vectors in one statement: atomic in autocommit mode, with no transaction left
    open on the shared connection. Three variables a row: 64 rows are 192, far below SQLite's limit
    (999 before SQLite 3.32, 32,766 since)."""
    values = ",".join("(?, ?, ?)" for _ in paper_ids)
    parameters = [value for paper_id, vector in zip(paper_ids, vectors, strict=True)
                  for value in (paper_id, model, to_blob(vector))]
    async with conn.execute(
        f"INSERT INTO paper_vectors (paper_id, model, vector) VALUES {values} "
        "ON CONFLICT (paper_id) DO UPDATE SET model = excluded.model, vector = excluded.vector",
        parameters,
    ):
        pass
