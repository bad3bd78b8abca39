"""Review of daily delivery around servers that let the bot go (SimCord)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any

import simcord

from bot.client import PaperBot
from storage.subscriptions import Subscription
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, daily, posts_to, run_until, subscribe, utc


async def test_a_bot_removed_from_the_server_pauses_its_posts_there_without_messaging_anyone(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    channel_id = world.channel.id
    simcord_env.backend.remove_guild(world.guild.id)  # kicked (the bot gets GUILD_DELETE)
    await simcord_env.settle()
    # What Discord answers a bot about a channel of a server it is not in (SimCord says 404).
    simcord_env.inject_error("GET", f"/channels/{channel_id}", status=403, code=50001, message="Missing Access",
                             times=None)

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))

    # The DM could name neither the server nor a channel its reader can open, and the server's
    # admins sent the bot away on purpose: nobody is told, and nothing is tried again.
    assert [m.content for m in world.mod.user.dm_channel.history()] == []
    paused = await daily(bot).subscriptions.by_id(sub.id)
    assert paused is not None
    # What /paper subscriptions shows, and why a re-invite and /paper subscribe resume it.
    assert (paused.status, paused.status_reason) == ("paused", "I was removed from this server")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 0))
    assert posts_to(simcord_env, world.channel) == 0


def time_out(env: simcord.Env, world: World, bot: PaperBot, *, until: datetime) -> None:
    """A moderator times the bot out (Discord then lets it read, not send: 403 Missing Permissions)."""
    me = bot.user
    assert me is not None
    env.backend.edit_member(world.guild.id, me.id, {"timed_out_until": until.isoformat()})


async def assert_waits_quietly(bot: PaperBot, world: World, sub: Subscription) -> None:
    """Nothing is wrong with the bot's permissions: no pause, and no notice telling people to fix them."""
    assert [m.content for m in world.mod.user.dm_channel.history()] == []
    waiting = await daily(bot).subscriptions.by_id(sub.id)
    assert waiting is not None
    assert waiting.status == "active"


async def test_a_timed_out_bot_posts_when_its_timeout_ends_instead_of_pausing(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(simcord_env.now())  # the bot's clock and Discord's agree on when the timeout ends
    day = clock.now().date()
    sub = await subscribe(simcord_env, world, time="09:00")
    ends = datetime.combine(day, time(10, 30), tzinfo=UTC)
    time_out(simcord_env, world, bot, until=ends)
    await simcord_env.settle()

    await run_until(simcord_env, clock, datetime.combine(day, time(9, 1), tzinfo=UTC))

    assert posts_to(simcord_env, world.channel) == 1  # the cache had not heard: Discord's 403 told it
    await assert_waits_quietly(bot, world, sub)
    await run_until(simcord_env, clock, ends + timedelta(minutes=2))
    assert card_days(world.channel) == [day.isoformat()]


async def test_a_bot_that_starts_timed_out_waits_without_trying_or_pausing(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any
) -> None:
    clock.set(simcord_env.now())
    day = clock.now().date()
    sub = await subscribe(simcord_env, world, time="09:00")
    ends = datetime.combine(day, time(10, 30), tzinfo=UTC)
    time_out(simcord_env, world, bot, until=ends)
    new_bot = await restart()  # its own member, timeout included, comes with the server at start-up
    guild = new_bot.get_guild(world.guild.id)
    assert guild is not None
    assert guild.me.timed_out_until == ends

    await run_until(simcord_env, clock, datetime.combine(day, time(9, 1), tzinfo=UTC))

    assert posts_to(simcord_env, world.channel) == 0  # it knows it may not send: no refused request
    await assert_waits_quietly(new_bot, world, sub)
    await run_until(simcord_env, clock, ends + timedelta(minutes=2))
    assert card_days(world.channel) == [day.isoformat()]
