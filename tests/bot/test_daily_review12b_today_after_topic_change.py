"""Review 12b: `/paper today` after a moderator changed the channel's topic, once that day's card was posted,
shows the card the channel got (SimCord).

The channel's card of its local day (about "reinforcement learning") was posted at 09:00; at 10:00 a moderator
changed the topic to "language models" (or dropped it). `/paper today` in the channel, and the empty search field's
suggestion, then showed the new topic's pick (or the general one): another paper than the card just above,
under a heading naming a topic the card was not about. The deliveries record the card's paper: that paper
is shown, under the card's own heading (review 13: the delivery records its topic too, migration 0005), and
nothing is picked for the new topic that day; the cards from the next day are the new topic's.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import cards, run_until, skip_to, subscribe, utc
from tests.bot.test_daily_review10_today import card_paper_id
from tests.bot.test_papers import embed_of

DAY = "Paper of the day · Sunday 1 February 2026"


@pytest.mark.parametrize("new_topic", ["language models", "any"])
async def test_today_after_the_topic_changed_shows_the_card_the_channel_got(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, new_topic: str,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="reinforcement learning")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))
    card = card_paper_id(world.channel)
    clock.set(utc(2026, 2, 1, 10))
    await subscribe(simcord_env, world, topic=new_topic)

    shown = embed_of(await world.alice.slash(world.channel, "paper today"))

    # Review 13: nothing is picked for the new topic that day (before, /paper today recorded its pick, a paper
    # no channel got that its rotation then counted as shown); tomorrow's card is about it.
    assert await bot.picks.recorded(date(2026, 2, 1), topic=None if new_topic == "any" else new_topic) is None
    assert shown.footer.text == f"id {card}"  # before: the new topic's pick, another paper
    # The card's own heading (review 13: the delivery records its topic), not "· language models" nor none.
    assert shown.author.name == f"{DAY} · reinforcement learning"
    offered = await world.alice.autocomplete(world.channel, "paper search", "query", "")
    assert [choice["value"] for choice in offered] == [f"id:{card}"]
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 2))
    assert len(cards(world.channel)) == 2
    tomorrow = embed_of(await world.alice.slash(world.channel, "paper today"))
    assert tomorrow.footer.text == f"id {card_paper_id_of(cards(world.channel)[-1])}"
    assert tomorrow.author.name == "Paper of the day · Monday 2 February 2026" + (
        "" if new_topic == "any" else " · language models")


async def test_today_before_the_days_card_follows_the_new_topic(
    simcord_env: simcord.Env, world: World, clock: TestClock,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="reinforcement learning")
    embed_of(await world.alice.slash(world.channel, "paper today"))  # the old topic's pick, recorded
    await subscribe(simcord_env, world, topic="language models")

    before = embed_of(await world.alice.slash(world.channel, "paper today"))
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))

    assert before.author.name == f"{DAY} · language models"
    assert before.footer.text == f"id {card_paper_id(world.channel)}"  # the card that came is the new topic's


def card_paper_id_of(card: Any) -> str:
    return (card.embeds[0].footer.text or "").split(" · ")[0].removeprefix("id ")
