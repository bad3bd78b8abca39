"""A paper opened from a search for one of its later authors shows that author on its card (session 12's review).

The card's Authors field was cut at 300 characters, so a reader who searched a 60-author paper's 40th author saw
them in the result list's "By …" line, opened the card and found the first dozen names and "… (+48 more)", not the
author they searched. A card opened from a result list now keeps the authors the search matched in view, in bold
where they stand, as the list names them (the first authors, "…", the matched ones), and says how many are left out;
within Discord's 1,024-character field. End to end through SimCord.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import limits
from bot.client import PaperBot
from bot.embeds import paper_embed
from storage._search_text import fold
from storage.models import Paper
from tests.bot.conftest import World, field_value
from tests.bot.test_embeds import _papers, assert_within_limits
from tests.bot.test_papers import embed_of

GIVEN = ["Ana", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas"]
# A 60-author paper: its 40th author is the one a reader searches; its last one another.
AUTHORS = [f"{GIVEN[n % 10]} Sample{n:02d}son" for n in range(60)]
AUTHORS[39] = "Ximena Quetzalcoatl"
AUTHORS[59] = "Tadeusz Wojciechowski"
RECORDS = [
    {"title": "A Survey of Collaborative Benchmarks for Protein Folding", "author": "; ".join(AUTHORS),
     "abstract": "We gather sixty groups' benchmarks for protein structure prediction into one suite, with shared "
                 "splits and metrics, and report how the leading methods compare across families of proteins."},
    {"title": "Graph Networks for Weather Forecasting", "author": "Lena Brandt; Ximena Quetzalcoatl",
     "abstract": "A graph network trained on reanalysis data forecasts the weather ten days ahead at a fraction of "
                 "the cost of numerical models, with skill comparable to the operational systems."},
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "icml2024.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return (path,)


async def _card_from_search(world: World, bot: PaperBot, query: str) -> str:
    """The Authors field of the survey's card, opened from the result list of `query`."""
    listing = await world.alice.slash(world.channel, "paper search", query=query)
    assert listing.response is not None
    survey = next(hit.paper for hit in (await bot.search_engine.search(query)).hits if hit.paper.title.startswith("A "))
    opened = await world.alice.select(listing.response.message, [survey.id])
    card = embed_of(opened)
    assert len(card) <= limits.EMBED_TOTAL
    return field_value(card, "Authors")


async def test_the_author_searched_is_on_the_card_opened_from_the_list(world: World, bot: PaperBot) -> None:
    authors = await _card_from_search(world, bot, "Quetzalcoatl")

    assert authors.startswith("Ana Sample00son, Bruno Sample01son, ")
    assert ", …, **Ximena Quetzalcoatl** … (+" in authors, authors
    shown = len([name for name in authors.rsplit(" … (+", 1)[0].split(", ") if name != "…"])
    assert authors.endswith(f" … (+{60 - shown} more)"), authors
    assert len(authors) <= limits.EMBED_FIELD_VALUE


async def test_the_last_author_searched_ends_the_field(world: World, bot: PaperBot) -> None:
    authors = await _card_from_search(world, bot, "Wojciechowski")

    assert ", …, **Tadeusz Wojciechowski** (+" in authors, authors
    assert authors.endswith(" more)")


async def test_two_authors_searched_keep_their_order(world: World, bot: PaperBot) -> None:
    authors = await _card_from_search(world, bot, "Wojciechowski Quetzalcoatl")

    assert ", …, **Ximena Quetzalcoatl**, …, **Tadeusz Wojciechowski** (+" in authors, authors


async def test_a_typo_in_the_name_finds_the_author_on_the_card_as_in_the_list(world: World, bot: PaperBot) -> None:
    listing = await world.alice.slash(world.channel, "paper search", query="Quetzalcaotl")
    assert "**Ximena Quetzalcoatl**" in (embed_of(listing).description or "")

    assert "**Ximena Quetzalcoatl**" in await _card_from_search(world, bot, "Quetzalcaotl")


async def test_a_card_shown_without_a_search_is_unchanged(world: World) -> None:
    shown = await world.alice.slash(world.channel, "paper show",
                                    paper="A Survey of Collaborative Benchmarks for Protein Folding")

    authors = field_value(embed_of(shown), "Authors")
    assert authors.startswith("Ana Sample00son, Bruno Sample01son, ")
    assert "Quetzalcoatl" not in authors
    assert "**" not in authors
    assert authors.endswith(" more)")


async def test_an_author_among_the_first_ones_is_bold_in_place(world: World, bot: PaperBot) -> None:
    listing = await world.alice.slash(world.channel, "paper search", query="Quetzalcoatl")
    assert listing.response is not None
    weather = next(hit.paper for hit in (await bot.search_engine.search("Quetzalcoatl")).hits
                   if hit.paper.title.startswith("Graph"))

    card = embed_of(await world.alice.select(listing.response.message, [weather.id]))

    assert field_value(card, "Authors") == \
        "Lena Brandt, **Ximena Quetzalcoatl**"


def test_matched_authors_with_the_longest_names_stay_within_the_field() -> None:
    # Names as long as the card shows them (100 characters) and full of markdown to escape: the first author and
    # three matched ones are kept whatever their length, and the field still fits Discord's 1,024 characters.
    names = [f"{'_*' * 45}Name{n:03d}" for n in range(80)]
    names[50], names[60], names[79] = "Zed_*_*_* Quetzalcoatl" * 5, "Zed Quetzalcoatl_" * 6, "Quetzalcoatl_" * 8
    paper = Paper(id="abcdefghij", title="A title", abstract="An abstract.", abstract_raw="An abstract.",
                  authors=tuple(names))

    authors = field_value(paper_embed(paper, matched=frozenset({"quetzalcoatl"})), "Authors")

    assert len(authors) <= limits.EMBED_FIELD_VALUE
    assert authors.count("**") == 6, authors  # the three matched ones, in bold
    assert authors.endswith(" more)")


@given(_papers, st.data())
def test_any_card_with_matched_authors_fits_discords_limits(paper: Paper, data: st.DataObject) -> None:
    words = sorted({fold(word) for name in paper.authors for word in re.findall(r"[^\W_]+", name)})
    matched = frozenset(data.draw(st.lists(st.sampled_from(words), max_size=5))) if words else frozenset()

    embed = paper_embed(paper, matched=matched)

    assert_within_limits(embed.to_dict(), len(embed))
    authors = field_value(embed, "Authors") if any(field.name == "Authors" for field in embed.fields) else ""
    assert len(authors) <= limits.EMBED_FIELD_VALUE
