"""Review 15: a card due at start-up, or made due at once by /paper subscribe, is posted within seconds (SimCord).

The scheduler ticks once a minute, aligned to the minute, and once as the bot becomes ready. A server that invited
the bot back while it was down is found at start-up by listeners (on_guild_available, on_ready) that run beside that
first tick, after it has looked: its paused subscription resumed with the day's card due at once, and the card waited
for the next minute boundary (60.5 s after a start at 10:00:00), as did the card a /paper subscribe resuming a channel
after its post time made due. The cog now asks the scheduler for a tick at once (DailyScheduler.wake); the minute's
ticks stay aligned, and a card is never posted twice.
"""

from __future__ import annotations

from typing import Any

import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, daily, posts_to, run_until, skip_to, subscribe, utc
from tests.bot.test_daily_review_moderator import remove_the_bot
from tests.bot.test_daily_review_pause_notice import set_embed_links


async def test_a_bot_invited_back_while_down_posts_the_days_card_within_seconds_of_its_start(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    invite_back = remove_the_bot(simcord_env, world)
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))  # the 09:00 post pauses it: removed from the server
    invite_back(announce=False)  # the server adds the bot back while it is down (from 09:01 to 10:00)
    clock.set(utc(2026, 2, 1, 10))

    started = await restart()
    await simcord_env.advance_time(5)

    assert card_days(world.channel) == ["2026-02-01"]  # before: only at 10:01:00.5
    first_ticks = daily(started).scheduler.ticks
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 5, 1))
    assert card_days(world.channel) == ["2026-02-01"]  # exactly once
    assert posts_to(simcord_env, world.channel) == 1
    assert daily(started).scheduler.ticks == first_ticks + 5  # then once a minute, just after 10:01 … 10:05
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]


async def test_a_subscription_resumed_after_its_post_time_posts_the_days_card_within_seconds(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    set_embed_links(simcord_env, world, bot, allowed=False)
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))  # paused: no Embed Links
    set_embed_links(simcord_env, world, bot, allowed=True)
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 0, 2))  # the minute's tick came at 10:00:00.5

    resumed = await world.mod.slash(world.channel, "paper subscribe")
    await simcord_env.advance_time(5)

    assert resumed.response is not None
    assert resumed.response.content.startswith("Resumed"), resumed.response.content
    assert card_days(world.channel) == ["2026-02-01"]  # before: only at the next minute
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 5))
    assert card_days(world.channel) == ["2026-02-01"]
