"""Review 12b: `/paper unsubscribe` and `/paper subscribe` run in a thread under a channel act on that channel
(SimCord).

A moderator talking about the morning's card in a thread under #papers who ran `/paper unsubscribe` (or
`/paper subscribe time:18:00`) there got "Pick a text channel for the daily paper (the `channel` option)."
and nothing changed: a thread has no daily paper of its own, and `/paper today` there already reads it as its
channel's talk (test_daily_review10_threads). Without a `channel` option, the thread's channel is the one
meant; the reply names it. A `channel` given is still the one acted on.
"""

from __future__ import annotations

from datetime import time

import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_commands import reply
from tests.bot.test_daily_delivery import daily, subscribe, utc
from tests.bot.test_daily_review10_threads import thread_under


async def test_unsubscribe_in_a_thread_stops_its_channels_daily_paper(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    thread = await thread_under(simcord_env, bot, world.channel)

    text = reply(await world.mod.slash(thread, "paper unsubscribe"))

    assert text == f"Stopped the paper of the day in <#{world.channel.id}>. `/paper subscribe` starts it again."
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert sub.status == "ended"


async def test_subscribe_in_a_thread_changes_its_channels_daily_paper(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    thread = await thread_under(simcord_env, bot, world.channel)

    text = reply(await world.mod.slash(thread, "paper subscribe", time="18:00"))

    assert text.startswith(f"Updated: the paper of the day in <#{world.channel.id}> · **18:00** UTC"), text
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert sub.post_time == time(18)
    assert await daily(bot).subscriptions.by_channel(thread.id) is None


async def test_a_channel_given_in_a_thread_is_the_one_acted_on(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    other = world.guild.create_text_channel("other")
    await subscribe(simcord_env, world, other, time="07:00")
    thread = await thread_under(simcord_env, bot, world.channel)

    text = reply(await world.mod.slash(thread, "paper unsubscribe", channel=other))

    assert text.startswith(f"Stopped the paper of the day in <#{other.id}>")
    here = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert here is not None
    assert here.status == "active"
