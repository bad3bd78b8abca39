"""A topic whose words the index groups as one phrase ("reinforcement learning", defined by the acronym
RL somewhere in the corpus; "kv cache") still needs every word: a paper with only one of them is not about it.

`/paper random TOPIC` and a daily subscription's topic pick among `matching_ids(topic)`; when a phrase's
words were scored together, a paper with "learning" alone matched "reinforcement learning" (699 of
1,195 papers of the two dev sets did)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import BUNDLED, write_json

RL_DEFINED = ("We study reinforcement learning (RL) for robot control, where an agent learns a policy from "
              "sparse rewards, and show that RL with our shaping converges faster.")
RL_ONLY_ACRONYM = "Offline RL suffers from distribution shift; we constrain the policy to the behaviour data."
LEARNING_ONLY = ("We study learning curves of linear regression and show that learning slows down when the "
                 "features are correlated.")
REINFORCEMENT_ONLY = "Reinforcement of concrete beams with steel fibres changes how cracks grow under load."
KV_CACHE = "Long-context inference is limited by the KV cache; we compress the kv cache of each layer."
CACHE_ONLY = "A CPU cache replacement policy learned from memory traces lowers cache misses in databases."


async def topic_engine(db: aiosqlite.Connection, folder: Path) -> SearchEngine:
    records: list[dict[str, object]] = [{"title": f"Paper {n}", "abstract": text} for n, text in enumerate(
        [RL_DEFINED, RL_ONLY_ACRONYM, LEARNING_ONLY, REINFORCEMENT_ONLY, KV_CACHE, CACHE_ONLY])]
    await load_corpus(db, [BUNDLED, write_json(folder / "topics.json", records)])
    return await SearchEngine.open(db, meaning=False)


async def ids_of(db: aiosqlite.Connection, *abstracts: str) -> set[str]:
    found = set()
    for abstract in abstracts:
        async with db.execute("SELECT id FROM papers WHERE abstract = ?", (abstract,)) as cursor:
            row = await cursor.fetchone()
        assert row is not None
        found.add(str(row[0]))
    return found


async def test_a_phrase_topic_needs_both_of_its_words(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await topic_engine(db, tmp_path)
    matching = set(await engine.matching_ids("reinforcement learning"))
    assert await ids_of(db, RL_DEFINED, RL_ONLY_ACRONYM) <= matching  # the words, or the acronym the corpus defines
    assert not matching & await ids_of(db, LEARNING_ONLY, REINFORCEMENT_ONLY)


async def test_kv_cache_is_not_any_cache(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await topic_engine(db, tmp_path)
    matching = set(await engine.matching_ids("kv cache"))
    assert await ids_of(db, KV_CACHE) <= matching
    assert not matching & await ids_of(db, CACHE_ONLY)


async def test_search_still_ranks_a_paper_with_one_of_the_words(db: aiosqlite.Connection, tmp_path: Path) -> None:
    """Only topics need every word: a search lists the paper with one of them too, after those with both."""
    engine = await topic_engine(db, tmp_path)
    ranked = [hit.paper.id for hit in (await engine.search("kv cache", limit=20)).hits]
    (cache_only,), (kv_cache,) = await ids_of(db, CACHE_ONLY), await ids_of(db, KV_CACHE)
    assert cache_only in ranked
    assert ranked.index(kv_cache) < ranked.index(cache_only)
