"""Paper ids as people paste them: a card's footer (also a retired paper's) into /paper show, an id
into /paper search and into the autocomplete of both."""

from __future__ import annotations

from typing import Any

import pytest

from bot.client import PaperBot
from bot.settings import BUNDLED_CORPUS
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of


async def test_the_footer_of_a_retired_papers_card_pasted_into_show_opens_it(
        world: World, bot: PaperBot, restart: Any) -> None:
    first_file, _ = sorted(BUNDLED_CORPUS.glob("*.txt"))
    before = await bot.papers.active_ids()
    smaller = await restart(corpus_paths=(first_file,))  # the second file is no longer the corpus: its papers retire
    active = set(await smaller.papers.active_ids())
    retired = next(p for p in await smaller.papers.by_ids(before) if p.id not in active)
    card = await world.alice.slash(world.channel, "paper show", paper=retired.id)
    footer = embed_of(card).footer.text or ""
    assert footer == f"id {retired.id} · no longer in the current corpus"

    pasted = await world.bob.slash(world.channel, "paper show", paper=footer)  # copied as Discord shows it

    assert not pasted.ephemeral, pasted.response
    assert embed_of(pasted).footer.text == footer


async def test_a_daily_cards_footer_pasted_into_show_opens_the_paper(world: World, bot: PaperBot) -> None:
    paper = (await bot.papers.by_ids(await bot.papers.active_ids()))[5]

    pasted = await world.alice.slash(world.channel, "paper show",
                                     paper=f"id {paper.id} · paper of the day 2026-11-30")

    assert not pasted.ephemeral, pasted.response
    assert embed_of(pasted).footer.text == f"id {paper.id}"


@pytest.mark.parametrize("typed", ["{id}", "id {id}", "  {upper}  ", "id {id} · no longer in the current corpus"])
async def test_a_paper_id_pasted_into_search_opens_that_paper(world: World, bot: PaperBot, typed: str) -> None:
    paper = (await bot.papers.by_ids(await bot.papers.active_ids()))[7]

    result = await world.alice.slash(world.channel, "paper search", query=typed.format(id=paper.id,
                                                                                        upper=paper.id.upper()))

    # Before, a pasted id was searched as a word: "No papers match “2j4bd5wqfl”", although the
    # autocomplete offered that very paper for the same text.
    assert not result.ephemeral
    assert embed_of(result).footer.text == f"id {paper.id}"


@pytest.mark.parametrize(("command", "option", "prefix"), [("paper show", "paper", ""),
                                                            ("paper search", "query", "id:")])
async def test_autocomplete_offers_the_paper_of_a_pasted_footer(
        world: World, bot: PaperBot, command: str, option: str, prefix: str) -> None:
    paper = (await bot.papers.by_ids(await bot.papers.active_ids()))[9]

    choices = await world.alice.autocomplete(world.channel, command, option, f"id {paper.id}")

    assert choices
    assert choices[0]["value"] == prefix + paper.id

