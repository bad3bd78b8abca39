"""PaperRepository on a real temporary SQLite file: look-ups and random picks."""

from __future__ import annotations

from pathlib import Path
from random import Random

import aiosqlite

from storage.loader import load_corpus
from storage.papers import PaperRepository
from tests.storage.conftest import write_seed_file


async def _load(db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> PaperRepository:
    await load_corpus(db, [write_seed_file(tmp_path / "corpus.txt", abstracts)])
    return PaperRepository(db)


async def test_random_covers_every_active_paper_and_never_a_retired_one(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    await _load(db, tmp_path, abstracts)
    papers = await _load(db, tmp_path, abstracts[:3])  # the rest are retired now
    active = set(await papers.active_ids())
    rng = Random(1)
    seen = {(await papers.random(rng)).id for _ in range(200)}  # type: ignore[union-attr]
    assert seen == active
    assert len(active) == 3


async def test_random_avoids_the_excluded_paper_when_there_is_a_choice(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    papers = await _load(db, tmp_path, abstracts[:2])
    first, second = await papers.active_ids()
    rng = Random(2)
    assert {(await papers.random(rng, exclude=first)).id for _ in range(20)} == {second}  # type: ignore[union-attr]
    assert {(await papers.random(rng, among=[first, second], exclude=second)).id  # type: ignore[union-attr]
            for _ in range(20)} == {first}


async def test_random_returns_the_only_paper_even_if_excluded_and_none_when_empty(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    papers = PaperRepository(db)
    assert await papers.random(Random(3)) is None
    papers = await _load(db, tmp_path, abstracts[:1])
    (only,) = await papers.active_ids()
    assert (await papers.random(Random(3), exclude=only)).id == only  # type: ignore[union-attr]
    assert await papers.random(Random(3), among=[]) is None


async def test_by_ids_keeps_the_order_given_and_skips_unknown_ids(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    papers = await _load(db, tmp_path, abstracts[:3])
    ids = await papers.active_ids()
    wanted = [ids[2], "nosuchpaper", ids[0]]
    assert [p.id for p in await papers.by_ids(wanted)] == [ids[2], ids[0]]
    assert (await papers.by_id(ids[1].upper() + "  ")) is not None  # ids are matched case-insensitively
