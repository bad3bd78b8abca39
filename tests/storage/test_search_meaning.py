"""Search by meaning: the sentence encoder, and the re-ranking of the best candidates by it.

Real model (storage/models/, run by onnxruntime), real temporary SQLite files.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import aiosqlite
import numpy as np
import pytest

from storage import _search_encoder
from storage._search_encoder import DIMENSIONS, SentenceEncoder, load_encoder
from storage._search_index import IndexDoc, SearchIndex
from storage.loader import load_corpus
from storage.search import SearchEngine
from storage.vectors import embed_missing
from tests.storage.conftest import write_seed_file

# Two papers that share the query's one indexed word ("estimation"); the Markov-chain one is a
# little shorter, so by words alone it ranks first. "doctors" is in neither abstract: only its
# meaning points to the paper about medical records.
MARKOV = ("We study spectral estimation for Markov chains. Our estimator bounds the mixing time of the sampler "
          "from a single trajectory, and we test it on random walks over large graphs.")
CAUSAL = ("We study causal estimation for observational data. Our estimator removes the bias of unobserved common "
          "causes of treatment and outcome, and we test it on medical records of many adult patients in practice.")
IMAGES = ("We train convolutional networks for image segmentation with few labels, using consistency between "
          "augmented views of each unlabeled picture.")
SYNONYM_QUERY = "Estimation for doctors"
MARKOV_FIRST = "We study spectral estimation for Markov chains"
CAUSAL_FIRST = "We study causal estimation for observational data"


@pytest.fixture
def encoder() -> SentenceEncoder:
    loaded = load_encoder()
    assert loaded is not None, "the bundled encoder must load"
    return loaded


@pytest.fixture
def forget_encoder() -> Iterator[None]:
    """Loads in this test are not served from (or left in) the per-process cache."""
    load_encoder.cache_clear()
    yield
    load_encoder.cache_clear()


async def _engine(db: aiosqlite.Connection, tmp_path: Path, *, embed: bool = True,
                  meaning: bool = True) -> SearchEngine:
    await load_corpus(db, [write_seed_file(tmp_path / "corpus.txt", [MARKOV, CAUSAL, IMAGES])])
    engine = await SearchEngine.open(db, meaning=meaning)
    if embed:
        assert engine.encoder is not None
        await embed_missing(db, engine.encoder)
    return engine


async def _order(engine: SearchEngine, query: str) -> list[str]:
    return [hit.paper.abstract.split(".")[0] for hit in (await engine.search(query)).hits]


# --- the encoder ------------------------------------------------------------------------------

def test_texts_become_unit_vectors_the_same_every_time(encoder: SentenceEncoder) -> None:
    vectors = encoder.encode([MARKOV, CAUSAL, IMAGES])
    assert vectors.shape == (3, DIMENSIONS)
    assert vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-4)
    assert np.array_equal(vectors, encoder.encode([MARKOV, CAUSAL, IMAGES]))


def test_a_text_gets_nearly_the_same_vector_alone_or_in_a_batch_of_longer_ones(encoder: SentenceEncoder) -> None:
    # Batches are padded to their longest text and the padding is masked out; what remains is the
    # int8 model's rounding, whose scale is set per batch (a cosine of 0.99 and more, as between
    # the int8 and the float32 model).
    texts = ["graph neural networks", MARKOV, CAUSAL * 3]
    batch = encoder.encode(texts)
    for row, text in enumerate(texts):
        assert float(batch[row] @ encoder.encode([text])[0]) > 0.98


def test_closer_meaning_gives_a_larger_cosine(encoder: SentenceEncoder) -> None:
    query, causal, markov, images = encoder.encode([SYNONYM_QUERY, CAUSAL, MARKOV, IMAGES])
    assert query @ causal > query @ markov > query @ images


def test_discord_markdown_is_not_read_as_words(encoder: SentenceEncoder) -> None:
    plain, marked = encoder.encode(["a fast cache for long contexts", r"a **fast** *cache* for long\_contexts"])
    assert float(plain @ marked) > 0.999


def test_a_missing_model_means_words_only_said_once(forget_encoder: None, tmp_path: Path,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="storage._search_encoder"):
        assert load_encoder(tmp_path / "nowhere") is None
        assert load_encoder(tmp_path / "nowhere") is None  # cached: no second try, no second line
    lines = [r.getMessage() for r in caplog.records if r.name == "storage._search_encoder"]
    assert len(lines) == 1
    assert "ranking by words only" in lines[0]


def test_a_broken_model_file_means_words_only(forget_encoder: None, tmp_path: Path) -> None:
    (tmp_path / _search_encoder.MODEL_FILE).write_bytes(b"not an onnx graph")
    tokenizer = (_search_encoder.MODEL_FOLDER / _search_encoder.TOKENIZER_FILE).read_bytes()
    (tmp_path / _search_encoder.TOKENIZER_FILE).write_bytes(tokenizer)
    assert load_encoder(tmp_path) is None


# --- re-ranking by meaning --------------------------------------------------------------------

async def test_a_title_in_other_words_finds_its_paper_only_by_meaning(db: aiosqlite.Connection,
                                                                        tmp_path: Path) -> None:
    with_meaning = await _engine(db, tmp_path)
    by_words = await SearchEngine.open(db, meaning=False)
    assert await _order(by_words, SYNONYM_QUERY) == [MARKOV_FIRST, CAUSAL_FIRST]
    assert await _order(with_meaning, SYNONYM_QUERY) == [CAUSAL_FIRST, MARKOV_FIRST]
    # A typo costs neither the words nor the meaning ("Estimation" with two letters swapped).
    assert await _order(with_meaning, "Estiamtion for doctors") == [CAUSAL_FIRST, MARKOV_FIRST]
    # A query that says it in the abstract's own words ranks the same either way.
    for engine in (by_words, with_meaning):
        assert (await _order(engine, "spectral estimation Markov chains"))[0] == MARKOV_FIRST


async def test_meaning_only_reorders_papers_the_words_found(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _engine(db, tmp_path)
    results = await engine.search(SYNONYM_QUERY)
    assert results.total == 2  # the image paper shares no word: meaning adds no paper
    scores = [hit.score for hit in results.hits]
    assert scores == sorted(scores, reverse=True)


async def test_before_its_candidates_are_all_embedded_a_search_ranks_by_words(db: aiosqlite.Connection,
                                                                               tmp_path: Path) -> None:
    engine = await _engine(db, tmp_path, embed=False)
    assert await _order(engine, SYNONYM_QUERY) == [MARKOV_FIRST, CAUSAL_FIRST]
    # Only the causal paper embedded: a bonus for it alone would favour it for being first in line.
    (causal_id,) = [row[0] for row in await db.execute_fetchall(
        "SELECT id FROM papers WHERE abstract LIKE 'We study causal%'")]
    assert engine.encoder is not None
    vector = engine.encoder.encode([CAUSAL])[0].astype("<f2").tobytes()
    await db.execute("INSERT INTO paper_vectors (paper_id, model, vector) VALUES (?, ?, ?)",
                     (causal_id, _search_encoder.MODEL_NAME, vector))
    assert await _order(engine, SYNONYM_QUERY) == [MARKOV_FIRST, CAUSAL_FIRST]
    await embed_missing(db, engine.encoder)
    assert await _order(engine, SYNONYM_QUERY) == [CAUSAL_FIRST, MARKOV_FIRST]


async def test_vectors_of_another_model_are_not_used(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _engine(db, tmp_path)
    await db.execute("UPDATE paper_vectors SET model = 'some-older-encoder'")
    assert await _order(engine, SYNONYM_QUERY) == [MARKOV_FIRST, CAUSAL_FIRST]


async def test_a_half_typed_search_ranks_by_words(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _engine(db, tmp_path)
    by_words = await SearchEngine.open(db, meaning=False)
    # "esti" matches no word whole, so it is read as half-typed ("estimation", "estimator"): no meaning yet.
    assert await _order(engine, "doctors esti") == await _order(by_words, "doctors esti") == [
        MARKOV_FIRST, CAUSAL_FIRST]


async def test_an_engine_opened_without_meaning_ignores_stored_vectors(db: aiosqlite.Connection,
                                                                         tmp_path: Path) -> None:
    await _engine(db, tmp_path)
    by_words = await SearchEngine.open(db, meaning=False)
    assert by_words.encoder is None
    assert await _order(by_words, SYNONYM_QUERY) == [MARKOV_FIRST, CAUSAL_FIRST]


def test_the_encoder_reads_the_query_with_its_typos_corrected() -> None:
    index = SearchIndex.build([IndexDoc("g", "", (), (), "Graph neural networks for molecules.")])
    query = "Grpah neural netwroks"
    assert index.meaning_text(query, index.query_terms(query)) == "graph neural networks"


async def test_cosines_explain_the_meaning_part(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _engine(db, tmp_path)
    ids = {row[1].split(".")[0]: row[0] for row in await db.execute_fetchall("SELECT id, abstract FROM papers")}
    cosines = await engine.cosines(SYNONYM_QUERY, [ids[CAUSAL_FIRST], ids[MARKOV_FIRST]])
    assert cosines[ids[CAUSAL_FIRST]] > cosines[ids[MARKOV_FIRST]] > 0


class TakingTurns:
    """The real encoder, but each batch waits until the test has searched once more (in the worker
    thread, so the event loop, and the searches on the shared connection, go on meanwhile)."""

    def __init__(self, encoder: SentenceEncoder) -> None:
        self._encoder, self.turn = encoder, threading.Event()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        assert self.turn.wait(30), "the test stopped searching"
        self.turn.clear()
        return self._encoder.encode(texts)


async def test_searches_during_the_embedding_rank_by_words_or_by_meaning_and_never_fail(
        db: aiosqlite.Connection, tmp_path: Path) -> None:
    """The background embedding writes on the connection the searches read from (autocommit): a
    search sees either too few vectors (words) or all of its candidates' (meaning), never an error."""
    engine = await _engine(db, tmp_path, embed=False)
    assert engine.encoder is not None
    turns = TakingTurns(engine.encoder)
    embedding = asyncio.ensure_future(embed_missing(db, turns, batch=1))
    rounds: list[tuple[int, list[list[str]], int]] = []  # (vectors before, the orders, vectors after)
    while not embedding.done():
        before = await _stored_count(db)
        orders = await asyncio.gather(*(_order(engine, SYNONYM_QUERY) for _ in range(4)))
        rounds.append((before, orders, await _stored_count(db)))
        turns.turn.set()
        await asyncio.sleep(0.001)
    assert await embedding == 3
    by_words, by_meaning = [MARKOV_FIRST, CAUSAL_FIRST], [CAUSAL_FIRST, MARKOV_FIRST]
    assert rounds[0] == (0, [by_words] * 4, 0)  # the first batch waits for the first round
    for before, orders, after in rounds:
        # Papers are embedded in load order (Markov, causal, images): both candidates from 2 on.
        expected = [by_words] if after < 2 else [by_meaning] if before >= 2 else [by_words, by_meaning]
        assert all(order in expected for order in orders), (before, orders, after)
    assert await _order(engine, SYNONYM_QUERY) == by_meaning


async def _stored_count(db: aiosqlite.Connection) -> int:
    return int(next(iter(await db.execute_fetchall("SELECT count(*) FROM paper_vectors")))[0])


async def test_a_later_page_can_rank_as_the_first_one_did(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _engine(db, tmp_path, embed=False)
    first = await engine.search(SYNONYM_QUERY, limit=1)
    assert not first.by_meaning
    assert first.hits[0].paper.abstract.startswith(MARKOV_FIRST)
    assert engine.encoder is not None
    await embed_missing(db, engine.encoder)  # the vectors come in between the two pages
    second = await engine.search(SYNONYM_QUERY, limit=1, offset=1, meaning=first.by_meaning)
    assert second.hits[0].paper.abstract.startswith(CAUSAL_FIRST)  # by meaning it would be Markov again
    assert not second.by_meaning
    assert (await engine.search(SYNONYM_QUERY, limit=1)).by_meaning  # a new search uses the vectors
