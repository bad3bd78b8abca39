"""Review of daily delivery around servers that let the bot go (SimCord)."""

from __future__ import annotations

import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import daily, posts_to, run_until, subscribe, utc


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
    assert paused.status == "paused"
    assert "server" in (paused.status_reason or "")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 0))
    assert posts_to(simcord_env, world.channel) == 0
