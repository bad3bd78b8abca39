"""Review 10: `/paper today` in a thread under a channel with a daily post shows that channel's paper (SimCord).

A thread (or a forum post) is talk about its channel: members discussing the morning's card in a thread
under it and asking `/paper today` there got the UTC date's pick, another paper under another date.
"""

from __future__ import annotations

from datetime import date

import discord
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, subscribe, utc
from tests.bot.test_daily_review10_today import card_paper_id
from tests.bot.test_papers import embed_of


async def thread_under(simcord_env: simcord.Env, bot: PaperBot,
                       channel: simcord.ChannelHandle) -> simcord.ChannelHandle:
    """A public thread the members open under `channel` (made through Discord's REST API)."""
    parent = bot.get_channel(channel.id)
    assert isinstance(parent, discord.TextChannel)
    await parent.create_thread(name="about this morning's paper", type=discord.ChannelType.public_thread)
    await simcord_env.settle()
    [thread] = channel.threads
    return thread


async def test_today_in_a_thread_under_a_tokyo_channel_shows_the_card_it_got_that_morning(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    # 04:00 in Tokyo is 19:00 UTC the day before: the card is dated the 2nd, UTC is still on the 1st.
    clock.set(utc(2026, 2, 1, 18))
    await subscribe(simcord_env, world, time="04:00", timezone="Asia/Tokyo")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 19, 2))
    assert card_days(world.channel) == ["2026-02-02"]
    thread = await thread_under(simcord_env, bot, world.channel)

    shown = embed_of(await world.alice.slash(thread, "paper today"))

    assert shown.footer.text == f"id {card_paper_id(world.channel)}"  # before: the UTC date's pick
    assert shown.author.name == f"Paper of the day · {date(2026, 2, 2):%A %-d %B %Y}"
    offered = await world.alice.autocomplete(thread, "paper search", "query", "")
    assert [choice["value"] for choice in offered] == [f"id:{card_paper_id(world.channel)}"]


async def test_a_thread_under_a_channel_without_a_daily_post_keeps_the_utc_date(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 19, 2))
    thread = await thread_under(simcord_env, bot, world.channel)

    shown = embed_of(await world.alice.slash(thread, "paper today"))

    assert shown.footer.text == f"id {await bot.picks.recorded(date(2026, 2, 1))}"
    assert shown.author.name == f"Paper of the day · {date(2026, 2, 1):%A %-d %B %Y}"
