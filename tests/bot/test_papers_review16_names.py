"""/paper search for a person's name typed in small letters, or with the surname half-typed, as a reader meets it
(session 16's review), end to end through SimCord: "max welling" and "Max Wel" listed papers writing "max" (min-max)
with or before his. Each now lists his papers only, and the query's autocomplete offers them first."""

from __future__ import annotations

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.bot.test_papers_review15_names import HIS, corpus_paths  # noqa: F401 (fixture: his papers, min-max ones)


@pytest.mark.parametrize("typed", ["max welling", "Max Wel", "max wel"])
async def test_a_name_in_small_letters_or_half_typed_lists_that_persons_papers(world: World, typed: str) -> None:
    result = await world.alice.slash(world.channel, "paper search", query=typed)
    listing = embed_of(result).description or ""
    assert {line.split("**")[1].split(". ", 1)[1] for line in listing.splitlines() if line.startswith("**")} == set(HIS)
    assert "Min-Max" not in listing, listing


async def test_autocomplete_offers_that_persons_papers_first(world: World) -> None:
    choices = await world.alice.autocomplete(world.channel, "paper search", "query", "max wel")
    assert {choice["name"] for choice in choices[:2]} == set(HIS), choices
