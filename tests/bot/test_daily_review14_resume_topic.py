"""Review 14: a paused subscription resumed with another topic posts the new topic's paper (SimCord).

The 09:00 card about reinforcement learning was refused by Discord (403 Missing Permissions): the subscription
paused, the day's attempt keeping the paper it had chosen. The admin fixed the permissions and ran `/paper subscribe
topic: language models`, which resumes it and posts the day's card at once: it came about reinforcement learning,
under that heading, and `/paper today` showed that paper while it was on its way. The stopped attempt never reached
the channel, so the resume picks again, for the topic the subscription has now; with the topic kept, it is the same
paper as before.
"""

from __future__ import annotations

from datetime import date

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import cards, daily, delivery, run_until, subscribe, utc
from tests.bot.test_daily_review10_today import card_paper_id
from tests.bot.test_papers import embed_of

DAY = date(2026, 2, 1)
HEADING = "Paper of the day · Sunday 1 February 2026"
OLD_TOPIC = "reinforcement learning"


async def _paused_by_a_refused_card(env: simcord.Env, world: World, clock: TestClock, bot: PaperBot) -> None:
    """The 09:00 card about OLD_TOPIC refused with a 403: paused, its attempt's paper recorded; then fixed."""
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(env, world, time="09:00", topic=OLD_TOPIC)
    env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=403, code=50013,
                     message="Missing Permissions", times=1)
    await run_until(env, clock, utc(2026, 2, 1, 9, 1))
    paused = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert paused is not None
    assert paused.status == "paused"
    assert (await delivery(bot, sub, DAY)).paper_id == await bot.picks.recorded(DAY, topic=OLD_TOPIC)
    env.backend.faults.clear()  # the permissions are given back


@pytest.mark.parametrize("new_topic", ["language models", "any"])
async def test_resuming_with_another_topic_posts_that_topics_paper(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, new_topic: str,
) -> None:
    await _paused_by_a_refused_card(simcord_env, world, clock, bot)

    await subscribe(simcord_env, world, topic=new_topic)  # "Resumed": today's card comes at once
    meanwhile = embed_of(await world.alice.slash(world.channel, "paper today"))
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))

    [card] = cards(world.channel)
    topic = None if new_topic == "any" else new_topic
    expected = await bot.picks.recorded(DAY, topic=topic)
    heading = f"{HEADING} · {topic}" if topic else HEADING
    # Before: the reinforcement learning paper, under "· reinforcement learning", and so /paper today meanwhile.
    assert (card.embeds[0].author.name, card_paper_id(world.channel)) == (heading, expected)
    assert (meanwhile.author.name, meanwhile.footer.text) == (heading, f"id {expected}")
    assert expected != await bot.picks.recorded(DAY, topic=OLD_TOPIC)


async def test_resuming_with_the_same_topic_posts_the_paper_chosen_before(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    await _paused_by_a_refused_card(simcord_env, world, clock, bot)

    await subscribe(simcord_env, world)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))

    [card] = cards(world.channel)
    assert card.embeds[0].author.name == f"{HEADING} · {OLD_TOPIC}"
    assert card_paper_id(world.channel) == await bot.picks.recorded(DAY, topic=OLD_TOPIC)
