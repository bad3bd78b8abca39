"""Review: a subscription whose time zone this machine cannot load holds up no other channel (SimCord).

A zone stored on a machine whose tz database had it (one newer than this machine's: a rollback, or a
deploy onto an image with older tzdata) cannot be loaded: ZoneInfo raises. Its own posts must wait;
every other server's must not.
"""

from __future__ import annotations

import logging
from datetime import date

import pytest
import simcord

from bot.client import PaperBot
from storage.subscriptions import Subscription
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, daily, delivery, run_until, subscribe, utc

NOT_ON_THIS_MACHINE = "America/Not_In_This_Tzdata"


async def move_to_a_zone_this_machine_lacks(bot: PaperBot, sub: Subscription) -> None:
    await bot.writes.execute("UPDATE subscriptions SET timezone = ? WHERE id = ?", (NOT_ON_THIS_MACHINE, sub.id))


async def held_and_general(env: simcord.Env, world: World, clock: TestClock, *,
                           general_zone: str = "UTC") -> tuple[simcord.ChannelHandle, Subscription, Subscription]:
    """#held (subscribed first, so first in the pending page) and #general, both for 09:00 on 1 February."""
    held = world.guild.create_text_channel("held")
    clock.set(utc(2026, 2, 1, 8))
    stuck = await subscribe(env, world, held, time="09:00")
    return held, stuck, await subscribe(env, world, time="09:00", timezone=general_zone)


async def test_a_subscription_in_a_zone_this_machine_lacks_does_not_stop_the_others(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    held, stuck, _ = await held_and_general(simcord_env, world, clock, general_zone="Europe/London")
    await move_to_a_zone_this_machine_lacks(bot, stuck)

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))

    assert card_days(world.channel) == ["2026-02-01"]
    assert card_days(held) == []


async def test_a_pending_post_in_a_zone_this_machine_lacks_does_not_stop_the_others_retries(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    held, stuck, waiting = await held_and_general(simcord_env, world, clock)
    for channel in (held, world.channel):
        simcord_env.inject_error("POST", f"/channels/{channel.id}/messages", status=503)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 10))
    assert (await delivery(bot, waiting, date(2026, 2, 1))).status == "pending"
    # Then the bot starts on a machine without the first one's zone (its delivery claimed, still pending).
    await move_to_a_zone_this_machine_lacks(bot, stuck)

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 5))

    assert card_days(world.channel) == ["2026-02-01"]
    assert (await delivery(bot, waiting, date(2026, 2, 1))).status == "sent"
    assert card_days(held) == []


async def test_the_list_shows_a_subscription_in_a_zone_this_machine_lacks_as_held(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    held, stuck, _ = await held_and_general(simcord_env, world, clock)
    await move_to_a_zone_this_machine_lacks(bot, stuck)

    listing = await world.alice.slash(world.channel, "paper subscriptions")

    assert listing.response is not None
    general, held_line = (listing.response.embeds[0].description or "").splitlines()  # by channel id
    assert general.startswith(f"• <#{world.channel.id}> · **09:00** UTC · next post <t:")
    assert held_line == (f"• <#{held.id}> · **09:00** {NOT_ON_THIS_MACHINE} · ⏸️ held: this machine's time zone "
                         f"database does not have {NOT_ON_THIS_MACHINE}")


async def test_resuming_a_paused_subscription_in_a_zone_this_machine_lacks_says_it_is_held(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    held, stuck, _ = await held_and_general(simcord_env, world, clock)
    await move_to_a_zone_this_machine_lacks(bot, stuck)
    await daily(bot).subscriptions.pause(stuck.id, reason="I'm missing **Embed Links**", now=clock.now())

    resumed = await world.mod.slash(held, "paper subscribe")

    assert resumed.response is not None
    # Resumed (saved), and the reply says why no post is coming rather than failing with an error code.
    assert resumed.response.content == (
        f"Resumed: the paper of the day in <#{held.id}> · **09:00** {NOT_ON_THIS_MACHINE} · ⏸️ held: this machine's "
        f"time zone database does not have {NOT_ON_THIS_MACHINE}.")


async def test_a_pending_post_in_a_zone_this_machine_lacks_is_logged_once_not_every_minute(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, caplog: pytest.LogCaptureFixture
) -> None:
    held, stuck, _ = await held_and_general(simcord_env, world, clock)
    simcord_env.inject_error("POST", f"/channels/{held.id}/messages", status=503)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 10))
    assert (await delivery(bot, stuck, date(2026, 2, 1))).status == "pending"  # claimed, waiting for its retry
    await move_to_a_zone_this_machine_lacks(bot, stuck)

    with caplog.at_level(logging.ERROR):
        await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 10))  # ten ticks

    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(errors) == 1, [record.getMessage() for record in errors]
    assert NOT_ON_THIS_MACHINE in errors[0].getMessage()
