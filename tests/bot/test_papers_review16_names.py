"""/paper search for a person's name typed in small letters, or with the surname half-typed or misspelt, as a reader
meets it (session 16's review), end to end through SimCord: "max welling", "Max Wel" and "max weling" listed papers
writing "max" (min-max) with or before his. Each now lists his papers only, and the query's autocomplete offers them
first."""

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


@pytest.mark.parametrize("typed", ["max weling", "max wellign"])
async def test_a_name_in_small_letters_with_a_typo_lists_that_persons_papers(world: World, typed: str) -> None:
    # As "Max Weling" does: his papers only, and the name offered as the corpus writes it.
    result = await world.alice.slash(world.channel, "paper search", query=typed)
    embed = embed_of(result)
    listing = embed.description or ""
    assert {line.split("**")[1].split(". ", 1)[1] for line in listing.splitlines() if line.startswith("**")} == set(HIS)
    assert "Min-Max" not in listing, listing
