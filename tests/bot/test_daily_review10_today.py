"""Review 10: `/paper today` in a channel with a daily post shows that channel's paper of the day (SimCord).

The daily card is the pick of the subscription's local date (and topic); `/paper today` took the UTC date,
so in a Tokyo channel after its morning card (still the day before in UTC), or in a Los Angeles channel
after its evening card (already the next day in UTC), it showed another paper than the card just above it.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_card_content import SENTENCE, corpus_file
from tests.bot.test_daily_delivery import card_days, cards, run_until, subscribe, utc
from tests.bot.test_papers import embed_of


def card_paper_id(channel: simcord.ChannelHandle) -> str:
    """The paper id of the channel's one daily card."""
    [card] = cards(channel)
    return (card.embeds[0].footer.text or "").split(" · ")[0].removeprefix("id ")


@pytest.mark.parametrize(("start", "timezone", "at", "posted", "local"), [
    # 04:00 in Tokyo is 19:00 UTC the day before: the channel's card is dated the 2nd, UTC is still on the 1st.
    (utc(2026, 2, 1, 18), "Asia/Tokyo", "04:00", utc(2026, 2, 1, 19, 2), date(2026, 2, 2)),
    # 18:00 in Los Angeles is 02:00 UTC the next day: the card is dated the 1st, UTC is on the 2nd.
    (utc(2026, 2, 2, 1), "America/Los_Angeles", "18:00", utc(2026, 2, 2, 2, 2), date(2026, 2, 1)),
])
async def test_today_in_a_subscribed_channel_shows_the_card_it_got_on_its_local_date(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
    start: datetime, timezone: str, at: str, posted: datetime, local: date,
) -> None:
    clock.set(start)
    await subscribe(simcord_env, world, time=at, timezone=timezone)
    await run_until(simcord_env, clock, posted)
    assert card_days(world.channel) == [local.isoformat()]

    shown = embed_of(await world.alice.slash(world.channel, "paper today"))

    # Before, the UTC date's pick: another paper, under another date.
    assert shown.footer.text == f"id {card_paper_id(world.channel)}"
    assert shown.author.name == f"Paper of the day · {local:%A %-d %B %Y}"
    # The empty field's suggestion is that paper too.
    offered = await world.alice.autocomplete(world.channel, "paper search", "query", "")
    assert [choice["value"] for choice in offered] == [f"id:{card_paper_id(world.channel)}"]
    # A channel without a daily post keeps the UTC date, and says which.
    elsewhere = embed_of(await world.alice.slash(world.guild.create_text_channel("other"), "paper today"))
    general = await bot.picks.recorded(posted.date())
    assert elsewhere.footer.text == f"id {general}"
    assert elsewhere.author.name == f"Paper of the day · {posted:%A %-d %B %Y}"
    assert general != card_paper_id(world.channel)


async def test_today_in_a_channel_about_a_topic_shows_its_topic_pick_before_and_after_the_card(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    topic = "reinforcement learning"
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic=topic)

    before = embed_of(await world.alice.slash(world.channel, "paper today"))  # asked before the card comes
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))
    after = embed_of(await world.alice.slash(world.channel, "paper today"))

    heading = "Paper of the day · Sunday 1 February 2026 · reinforcement learning"
    assert before.author.name == after.author.name == heading
    assert before.footer.text == after.footer.text == f"id {card_paper_id(world.channel)}"
    assert card_paper_id(world.channel) in await bot.search_engine.matching_ids(topic)
    assert card_paper_id(world.channel) != await bot.picks.recorded(date(2026, 2, 1))  # not the general pick


async def test_today_in_a_channel_whose_topic_matches_nothing_shows_the_general_pick_with_the_cards_note(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, tmp_path: Path,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="reinforcement learning")
    # A corpus reload leaves one paper, about zebrafish: the topic matches nothing now.
    await restart(corpus_paths=(corpus_file(tmp_path, "zebrafish.txt", SENTENCE * 3),))
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))
    card = cards(world.channel)[0].embeds[0]

    shown = embed_of(await world.alice.slash(world.channel, "paper today"))

    assert shown.footer.text == f"id {card_paper_id(world.channel)}"
    assert shown.author.name == card.author.name
    assert (shown.description or "").startswith(
        "*No paper matches “reinforcement learning” any more, so here is the general paper of the day.*")
    assert shown.description == card.description
