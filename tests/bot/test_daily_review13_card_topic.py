"""Review 13: a daily card's heading names the topic it was picked for, and `/paper today` shows it so (SimCord).

The deliveries record the card's topic with its paper (migration 0005). A retry keeps the paper its first attempt
chose, and now its heading too: a moderator who changed the topic between the two attempts got a card about the old
topic under the new topic's heading; `/paper today` meanwhile shows that card on its way, and picks nothing for the
new topic. A card that was the general paper (its topic matched nothing) is shown by
`/paper today`, after a topic change too, with its heading and its note, as the channel got it.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import cards, daily, delivery, run_until, subscribe, utc
from tests.bot.test_daily_review10_today import card_paper_id
from tests.bot.test_papers import embed_of

DAY = date(2026, 2, 1)
HEADING = "Paper of the day · Sunday 1 February 2026"


async def test_a_retry_after_a_topic_change_names_the_topic_of_the_paper_it_keeps(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00", topic="reinforcement learning")
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503,
                             message="Service Unavailable", times=1)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 10))  # the first attempt failed; retried at 09:00:30
    assert cards(world.channel) == []
    await subscribe(simcord_env, world, topic="language models")
    meanwhile = embed_of(await world.alice.slash(world.channel, "paper today"))  # the card on its way
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 5))

    [card] = cards(world.channel)
    reinforcement = await bot.picks.recorded(DAY, topic="reinforcement learning")
    # Before: /paper today meanwhile showed the new topic's pick, recorded then, which no channel got that day.
    assert (meanwhile.author.name, meanwhile.footer.text) == (f"{HEADING} · reinforcement learning",
                                                              f"id {reinforcement}")
    assert await bot.picks.recorded(DAY, topic="language models") is None
    assert card_paper_id(world.channel) == reinforcement  # the retry keeps the first attempt's paper
    assert card.embeds[0].author.name == f"{HEADING} · reinforcement learning"  # before: "· language models"
    assert (await delivery(bot, sub, DAY)).attempts == 2
    shown = embed_of(await world.alice.slash(world.channel, "paper today"))
    assert (shown.author.name, shown.footer.text) == (card.embeds[0].author.name, f"id {reinforcement}")


@pytest.mark.zebrafish_and_axolotl
@pytest.mark.parametrize("new_topic", ["zebrafish", "any"])
async def test_today_after_a_topic_change_shows_the_general_card_with_its_note(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, zebrafish: Path, new_topic: str,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="axolotl")
    bot: PaperBot = await restart(corpus_paths=(zebrafish,))  # "axolotl" matches nothing now
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))
    [card] = cards(world.channel)
    assert card.embeds[0].author.name == f"{HEADING} · axolotl"
    await subscribe(simcord_env, world, topic=new_topic)

    shown = embed_of(await world.alice.slash(world.channel, "paper today"))

    # Before: "· zebrafish" (the new topic's pick, recorded then, is the only paper), or no topic, without the note.
    assert shown.author.name == f"{HEADING} · axolotl"
    assert (shown.description or "").startswith("*No paper matches “axolotl” any more, so here is the general paper")
    assert shown.footer.text == f"id {card_paper_id(world.channel)}"
    if new_topic == "zebrafish":
        assert await bot.picks.recorded(DAY, topic="zebrafish") is None  # no pick no channel got
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert (await delivery(bot, sub, DAY)).topic == "axolotl"
