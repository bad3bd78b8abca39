"""/paper search for one person's name bolds that person, end to end through SimCord (session 17's search work,
second pass): "Song Han" listed his paper "By **Han Cai**, Jiacheng Yang, **Song Han**", and its card bolded both,
as if the query named his co-author too. "Guy Van den Broeck" listed Benjamin Van Roy's paper under his; "Elias
Wirth" was not read as Elias Samuel Wirth."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bot.conftest import World, field_value, select_menu
from tests.bot.test_papers import embed_of
from tests.bot.test_papers_review17_names import listed_titles
from tests.storage.test_search_review17_full_names import BROECKS, PAPERS, WIRTHS


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "icml2025.json"
    path.write_text(json.dumps(PAPERS), encoding="utf-8")
    return (path,)


async def test_a_name_bolds_its_author_on_the_list_and_the_card(world: World) -> None:
    listing = await world.alice.slash(world.channel, "paper search", query="Song Han")
    assert listing.response is not None
    lines = (embed_of(listing).description or "").splitlines()
    assert lines[2].startswith("By Han Cai, Jiacheng Yang, **Song Han** — "), lines
    picked = select_menu(listing.response.message).options[0].value
    card = embed_of(await world.alice.select(listing.response.message, [picked]))
    assert field_value(card, "Authors") == "Han Cai, Jiacheng Yang, **Song Han**"


async def test_a_word_of_two_names_bolds_both(world: World) -> None:
    listing = await world.alice.slash(world.channel, "paper search", query="Han")
    lines = (embed_of(listing).description or "").splitlines()
    assert lines[2].startswith("By **Han Cai**, Jiacheng Yang, **Song Han** — "), lines


@pytest.mark.parametrize(("typed", "meant"), [("Guy Van den Broeck", BROECKS), ("Elias Wirth", WIRTHS)])
async def test_a_full_name_lists_that_one_authors_papers(world: World, typed: str, meant: set[str]) -> None:
    result = await world.alice.slash(world.channel, "paper search", query=typed)
    listing = embed_of(result).description or ""
    assert listed_titles(listing) == meant, listing
