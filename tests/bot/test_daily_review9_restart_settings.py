"""Review 9: /paper subscribe after /paper unsubscribe starts the daily paper again as it was (SimCord).

There is no pause command: a moderator stops the posts over the holidays with /paper unsubscribe, which
answers "`/paper subscribe` starts it again" and keeps the subscription. /paper subscribe then started a
different one, at 09:00 UTC about any paper: the time, zone and topic the server had chosen were gone.
"""

from __future__ import annotations

import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, cards, daily, run_until, skip_to, subscribe, utc


async def test_subscribing_again_after_unsubscribing_keeps_the_time_zone_and_topic(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 5))
    await subscribe(simcord_env, world, time="07:30", timezone="Europe/Berlin", topic="reinforcement learning")
    stopped = await world.mod.slash(world.channel, "paper unsubscribe")
    assert stopped.response is not None
    assert "`/paper subscribe` starts it again" in stopped.response.content

    again = await world.mod.slash(world.channel, "paper subscribe")

    assert again.response is not None
    text = again.response.content
    assert "**07:30** Europe/Berlin · about “reinforcement learning”" in text, text
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert (sub.status, sub.timezone, sub.topic) == ("active", "Europe/Berlin", "reinforcement learning")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 6, 31))  # 07:30 in Berlin
    assert card_days(world.channel) == ["2026-02-01"]
    heading = cards(world.channel)[0].embeds[0].author.name or ""
    assert heading.endswith("· reinforcement learning"), heading


async def test_options_given_when_subscribing_again_replace_the_ones_kept(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 5))
    await subscribe(simcord_env, world, time="07:30", timezone="Europe/Berlin", topic="reinforcement learning")
    await world.mod.slash(world.channel, "paper unsubscribe")
    await skip_to(simcord_env, clock, utc(2026, 2, 3, 5))

    again = await world.mod.slash(world.channel, "paper subscribe", time="10:00", topic="any")

    assert again.response is not None
    assert "**10:00** Europe/Berlin · next post" in again.response.content, again.response.content
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert (sub.timezone, sub.topic) == ("Europe/Berlin", None)
