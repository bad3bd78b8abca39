"""PaperRepository on a real temporary SQLite file: look-ups and random picks."""

from __future__ import annotations

from pathlib import Path
from random import Random

import aiosqlite

from storage.loader import load_corpus
from storage.models import Paper
from storage.papers import PaperRepository
from tests.storage.conftest import write_seed_file


def id_of(paper: Paper | None) -> str:
    """The drawn paper's id; the test fails if none was drawn."""
    assert paper is not None
    return paper.id


async def _load(db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> PaperRepository:
    await load_corpus(db, [write_seed_file(tmp_path / "corpus.txt", abstracts)])
    return PaperRepository(db)


async def test_random_covers_every_active_paper_and_never_a_retired_one(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    await _load(db, tmp_path, abstracts)
    papers = await _load(db, tmp_path, abstracts[:3])  # the rest are retired now
    active = set(await papers.active_ids())
    rng = Random(1)
    seen = {id_of(await papers.random(rng)) for _ in range(200)}
    assert seen == active
    assert len(active) == 3


async def test_random_avoids_the_excluded_paper_when_there_is_a_choice(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    papers = await _load(db, tmp_path, abstracts[:2])
    first, second = await papers.active_ids()
    rng = Random(2)
    assert {id_of(await papers.random(rng, exclude=first)) for _ in range(20)} == {second}
    assert {id_of(await papers.random(rng, among=[first, second], exclude=second))
            for _ in range(20)} == {first}


async def test_random_returns_the_only_paper_even_if_excluded_and_none_when_empty(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    papers = PaperRepository(db)
    assert await papers.random(Random(3)) is None
    papers = await _load(db, tmp_path, abstracts[:1])
    (only,) = await papers.active_ids()
    assert id_of(await papers.random(Random(3), exclude=only)) == only
    assert await papers.random(Random(3), among=[]) is None


async def test_by_ids_keeps_the_order_given_and_skips_unknown_ids(
        db: aiosqlite.Connection, tmp_path: Path, abstracts: list[str]) -> None:
    papers = await _load(db, tmp_path, abstracts[:3])
    ids = await papers.active_ids()
    wanted = [ids[2], "nosuchpaper", ids[0]]
    assert [p.id for p in await papers.by_ids(wanted)] == [ids[2], ids[0]]
    assert (await papers.by_id(ids[1].upper() + "  ")) is not None  # ids are matched case-insensitively
