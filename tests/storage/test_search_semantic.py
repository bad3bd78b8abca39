"""Search by meaning: the embedding re-rank of the best candidates, and words-only search without the model.

Real model (the installed `wordllama` package), real temporary SQLite files.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import aiosqlite
import numpy as np
import pytest

from storage import _search_semantic
from storage._search_index import IndexDoc, SearchIndex
from storage._search_semantic import load_embedder
from storage._search_text import words
from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import BUNDLED, write_seed_file

# Two papers that share the query's one indexed word ("estimation"); the causal one is a little
# longer, so by words alone the Markov-chain paper ranks first. "doctors" is in neither abstract:
# only its meaning points to the paper about medical records.
MARKOV = ("We study spectral estimation for Markov chains. Our estimator bounds the mixing time of the sampler "
          "from a single trajectory, and we test it on random walks over large graphs.")
CAUSAL = ("We study causal estimation for observational data. Our estimator removes the bias of unobserved common "
          "causes of treatment and outcome, and we test it on medical records of many adult patients in practice.")
IMAGES = ("We train convolutional networks for image segmentation with few labels, using consistency between "
          "augmented views of each unlabeled picture.")
SYNONYM_QUERY = "Estimation for doctors"


@pytest.fixture
def no_model(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The embedding model's package is missing (and the cached model forgotten before and after)."""
    monkeypatch.setattr(_search_semantic, "MODEL_PACKAGE", "no_such_embedding_package")
    load_embedder.cache_clear()
    yield
    load_embedder.cache_clear()


async def _corpus_engine(db: aiosqlite.Connection, tmp_path: Path, *, meaning: bool = True) -> SearchEngine:
    await load_corpus(db, [write_seed_file(tmp_path / "corpus.txt", [MARKOV, CAUSAL, IMAGES])])
    return await SearchEngine.open(db, meaning=meaning)


async def _order(engine: SearchEngine, query: str) -> list[str]:
    return [hit.paper.abstract.split(".")[0] for hit in (await engine.search(query)).hits]


async def test_a_title_in_other_words_finds_its_paper_only_by_meaning(db: aiosqlite.Connection,
                                                                        tmp_path: Path) -> None:
    by_words = await _corpus_engine(db, tmp_path, meaning=False)
    with_meaning = await SearchEngine.open(db)
    assert (await _order(by_words, SYNONYM_QUERY))[0] == "We study spectral estimation for Markov chains"
    assert await _order(with_meaning, SYNONYM_QUERY) == [
        "We study causal estimation for observational data", "We study spectral estimation for Markov chains"]
    # A query that says it in the abstract's own words ranks the same either way.
    for engine in (by_words, with_meaning):
        assert (await _order(engine, "causal estimation medical records"))[0] == (
            "We study causal estimation for observational data")


async def test_meaning_only_reorders_papers_the_words_found(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _corpus_engine(db, tmp_path)
    results = await engine.search(SYNONYM_QUERY)
    assert results.total == 2  # the image paper shares no word: meaning adds no paper
    scores = [hit.score for hit in results.hits]
    assert scores == sorted(scores, reverse=True)


async def test_every_paper_gets_an_abstract_embedding(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _corpus_engine(db, tmp_path)
    vectors = engine.index.vectors
    assert vectors is not None
    assert vectors.shape == (3, _search_semantic.DIMENSIONS)
    assert vectors.dtype == np.float16
    assert np.allclose(np.linalg.norm(vectors.astype(np.float32), axis=1), 1, atol=1e-2)


def test_a_typo_is_corrected_before_the_query_is_embedded() -> None:
    embedder = load_embedder()
    assert embedder is not None
    index = SearchIndex.build([IndexDoc("g", "", (), (), "Graph neural networks for molecules.")], embedder)
    exact, typo = index.query_vector("graph neural networks", []), index.query_vector(
        "grpah neural networks", index.query_terms("grpah neural networks"))
    assert exact is not None
    assert typo is not None
    assert np.array_equal(exact, typo)
    assert exact @ embedder.embed(words("molecules and graphs")) > exact @ embedder.embed(words("stock markets"))


def test_an_index_built_without_an_embedder_ranks_by_words() -> None:
    index = SearchIndex.build([IndexDoc("m", "", (), (), MARKOV), IndexDoc("c", "", (), (), CAUSAL)])
    assert index.vectors is None
    assert index.query_vector(SYNONYM_QUERY, []) is None
    assert "cosine" not in index.explain(SYNONYM_QUERY, [0])[0]


async def test_autocomplete_stays_by_words(db: aiosqlite.Connection, tmp_path: Path) -> None:
    await load_corpus(db, [BUNDLED])
    by_words, with_meaning = await SearchEngine.open(db, meaning=False), await SearchEngine.open(db)
    for partial in ("kv cach", "machine unlearning ", "Shado", "jailbr", "diffusion models for"):
        assert await by_words.autocomplete(partial) == await with_meaning.autocomplete(partial), partial


async def test_without_the_model_search_ranks_by_words_and_says_so_once(
        no_model: None, db: aiosqlite.Connection, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    by_words = await _corpus_engine(db, tmp_path, meaning=False)
    with caplog.at_level(logging.WARNING, logger="storage._search_semantic"):
        engine = await SearchEngine.open(db)
        await engine.refresh()  # a second build does not try (or log) again
    assert engine.index.vectors is None
    assert await _order(engine, SYNONYM_QUERY) == await _order(by_words, SYNONYM_QUERY)
    lines = [r for r in caplog.records if r.name == "storage._search_semantic"]
    assert len(lines) == 1
    assert "ranking by words only" in lines[0].getMessage()
    assert "no_such_embedding_package" in lines[0].getMessage()


async def test_unreadable_model_files_fall_back_to_words(monkeypatch: pytest.MonkeyPatch, no_model: None,
                                                         tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(_search_semantic, "MODEL_PACKAGE", "wordllama")
    broken = tmp_path / "broken.safetensors"
    broken.write_bytes(b"not a safetensors file")
    monkeypatch.setattr(_search_semantic, "WEIGHTS_FILE", broken)  # an absolute path replaces the package's
    with caplog.at_level(logging.WARNING, logger="storage._search_semantic"):
        assert load_embedder() is None
    assert len([r for r in caplog.records if r.name == "storage._search_semantic"]) == 1


def test_papers_embedded_in_batches_match_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    embedder = load_embedder()
    assert embedder is not None
    monkeypatch.setattr("storage._search_index._VectorRows.BLOCK", 128)  # 300 papers: three blocks, the last partial
    abstracts = [f"{topic} number {i}." for i in range(100) for topic in (MARKOV, CAUSAL, IMAGES)]
    abstracts[7] = "the of and"  # stop words only: no tokens, a zero vector
    index = SearchIndex.build([IndexDoc(f"p{i}", "", (), (), text) for i, text in enumerate(abstracts)], embedder)
    assert index.vectors is not None
    one_by_one = np.array([embedder.embed(words(text)) for text in abstracts])
    assert index.vectors.shape == one_by_one.shape
    assert np.allclose(index.vectors.astype(np.float32), one_by_one, atol=2e-3)
    assert not index.vectors[7].any()
