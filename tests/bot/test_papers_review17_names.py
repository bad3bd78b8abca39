"""/paper search for a person's name as a reader meets it (session 17's search work), end to end through SimCord:
"Thomas Laurent" listed his papers and one by Thomas Moreau and Laurent Oudre; "Chiarg Modi", Chirag Modi misspelt,
listed his papers and every Chiara's and Chiang's. Each now lists that one author's papers only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.test_search_review17_one_authors_name import LAURENTS, MODIS, PAPERS


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "icml2025.json"
    path.write_text(json.dumps(PAPERS), encoding="utf-8")
    return (path,)


def listed_titles(listing: str) -> set[str]:
    """The titles a results page lists ("**1. Title**" lines)."""
    return {line.split("**")[1].split(". ", 1)[1] for line in listing.splitlines() if line.startswith("**")}


@pytest.mark.parametrize(("typed", "meant"), [("Thomas Laurent", LAURENTS), ("laurent thomas", LAURENTS),
                                              ("Chiarg Modi", MODIS)])
async def test_a_name_lists_that_one_authors_papers(world: World, typed: str, meant: set[str]) -> None:
    result = await world.alice.slash(world.channel, "paper search", query=typed)
    listing = embed_of(result).description or ""
    assert listed_titles(listing) == meant, listing
