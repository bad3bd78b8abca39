"""/paper search for two words of co-authors' names typed with capitals, as a reader meets it (session 16's review),
end to end through SimCord: where Frank Hutter and Philip Wolfe wrote a paper together, "Frank Wolfe" (the algorithm)
listed their paper only, as if it were a person's. It now lists the papers on the Frank–Wolfe algorithm first, as
"frank wolfe" does, and "Frank Hutter" still lists his papers only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.test_search_review16_capitalised_names import FRANK_WOLFE, HUTTER, PAPERS


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "icml2025.json"
    path.write_text(json.dumps(PAPERS), encoding="utf-8")
    return (path,)


def listed(description: str) -> list[str]:
    """The titles a search embed lists, in order."""
    return [line.split("**")[1].split(". ", 1)[1] for line in description.splitlines() if line.startswith("**")]


async def test_two_coauthors_words_typed_with_capitals_list_the_topic(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="Frank Wolfe")
    titles = listed(embed_of(result).description or "")
    assert set(titles[:2]) == FRANK_WOLFE, titles


async def test_one_authors_name_typed_with_capitals_lists_that_persons_papers(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="Frank Hutter")
    assert set(listed(embed_of(result).description or "")) == set(HUTTER)
