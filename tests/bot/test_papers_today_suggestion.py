"""An empty /paper show or /paper search field offers today's paper of the day, once it is recorded."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot import limits
from bot.client import PaperBot
from bot.settings import BUNDLED_CORPUS
from storage.models import Paper
from storage.search import plain_title
from tests.bot.conftest import TestClock, World
from tests.bot.test_papers import embed_of

# (command, option, value prefix of a picked suggestion)
FIELDS = [("paper show", "paper", ""), ("paper search", "query", "id:")]


async def todays_pick(world: World, bot: PaperBot) -> Paper:
    card = await world.alice.slash(world.channel, "paper today")
    paper = await bot.papers.by_id((embed_of(card).footer.text or "").removeprefix("id "))
    assert paper is not None
    return paper


@pytest.mark.parametrize(("command", "option", "prefix"), FIELDS)
async def test_an_empty_field_offers_todays_paper_and_picking_it_opens_the_card(
        world: World, bot: PaperBot, command: str, option: str, prefix: str) -> None:
    for typed in ("", "   "):
        assert await world.alice.autocomplete(world.channel, command, option, typed) == []
    assert await bot.picks.recorded(bot.now().date()) is None  # offering nothing recorded nothing

    paper = await todays_pick(world, bot)

    for typed in ("", "   "):
        choices = await world.bob.autocomplete(world.channel, command, option, typed)
        assert [c["value"] for c in choices] == [prefix + paper.id]
        name = choices[0]["name"]
        assert len(name) <= limits.CHOICE_NAME
        assert name.startswith("Paper of the day: ")
        assert plain_title(paper.title).startswith(name.removeprefix("Paper of the day: ").rstrip("…"))
    opened = await world.bob.slash(world.channel, command, **{option: choices[0]["value"]})
    assert not opened.ephemeral, opened.response
    assert embed_of(opened).footer.text == f"id {paper.id}"


async def test_the_next_day_offers_nothing_until_its_paper_is_picked(
        world: World, bot: PaperBot, clock: TestClock) -> None:
    yesterday = await todays_pick(world, bot)
    clock.set(clock() + timedelta(days=1))

    assert await world.alice.autocomplete(world.channel, "paper show", "paper", "") == []
    today = await todays_pick(world, bot)
    assert today.id != yesterday.id
    choices = await world.alice.autocomplete(world.channel, "paper search", "query", "")
    assert [c["value"] for c in choices] == [f"id:{today.id}"]


async def test_a_retired_paper_of_the_day_is_not_offered(world: World, bot: PaperBot, restart: Any) -> None:
    paper = await todays_pick(world, bot)
    others = tuple(f for f in sorted(BUNDLED_CORPUS.glob("*.txt")) if not paper.source.startswith(f.name))
    smaller = await restart(corpus_paths=others)  # the pick's file is no longer the corpus: it retires
    assert paper.id not in await smaller.papers.active_ids()
    assert await smaller.picks.recorded(smaller.now().date()) == paper.id  # still the day's record

    for command, option, _ in FIELDS:
        assert await world.alice.autocomplete(world.channel, command, option, "") == []
