"""A letter hyphenated to a word the corpus lacks finds nothing by itself, on a real temporary SQLite file (session 12's
review): in a corpus without t-SNE, /paper search "t-SNE" listed 62 papers of ICML 2018 + AISTATS 2025 that write a
variable "t" ("at each time t"), none about t-SNE, since "sne" matched nothing and the letter "t" was searched on its
own. The letter is part of the name: "t-SNE" matches nothing, and "t-SNE embeddings" only the papers on
embeddings. A name the corpus writes ("k-means", "t-test") is found as before."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over

TAIL = " Experiments on public benchmarks support the analysis."
RECORDS: Records = [
    *({"title": f"Regret at Time {n}", "abstract": f"At each time t the learner pays a loss; after t rounds of play "
                                                   f"its regret is bounded in setting {n}." + TAIL} for n in range(4)),
    {"title": "Word Embeddings for Retrieval", "abstract": "We learn word embeddings for retrieval." + TAIL},
    {"title": "Graph Embeddings at Scale", "abstract": "Graph embeddings of a billion nodes." + TAIL},
    {"title": "Faster k-means", "abstract": "We speed up k-means clustering with sketches of the data." + TAIL},
    {"title": "Sequential Testing", "abstract": "A sequential t-test that stops early on large effects." + TAIL},
    *({"title": f"A Survey of {topic}", "abstract": f"A survey of {topic} across regions and decades." + TAIL}
      for topic in ("Glaciers", "Violins", "Volcanoes", "Beehives")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


async def test_a_name_the_corpus_lacks_is_not_its_letter(engine: SearchEngine) -> None:
    results = await engine.search("t-SNE")
    assert results.total == 0
    assert results.hits == []


async def test_the_other_words_beside_such_a_name_still_find_their_papers(engine: SearchEngine) -> None:
    results = await engine.search("t-SNE embeddings")
    assert {hit.paper.title for hit in results.hits} == {"Word Embeddings for Retrieval", "Graph Embeddings at Scale"}


@pytest.mark.parametrize(("typed", "title"), [("k-means", "Faster k-means"), ("t-test", "Sequential Testing"),
                                              ("time t", "Regret at Time 0")])
async def test_a_letter_the_corpus_writes_with_its_word_is_searched_as_before(engine: SearchEngine, typed: str,
                                                                            title: str) -> None:
    assert title in {hit.paper.title for hit in (await engine.search(typed)).hits[:4]}
