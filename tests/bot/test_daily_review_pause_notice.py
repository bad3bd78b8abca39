"""Who hears that the daily paper was paused, once the moderator who subscribed is gone (SimCord)."""

from __future__ import annotations

import discord
import simcord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import daily, posts_to, run_until, subscribe, utc


def lose_embed_links(env: simcord.Env, world: World, bot: PaperBot) -> None:
    """Someone takes Embed Links from the bot in #general (it can still send plain text)."""
    me = bot.user
    assert me is not None
    env.backend.set_overwrite(world.channel.id, Overwrite(target_id=me.id, type=OverwriteType.MEMBER, allow=0,
                                                          deny=discord.Permissions(embed_links=True).value))


async def test_a_pause_is_told_to_the_owner_once_the_subscriber_has_left_the_server(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    world.guild.remove_member(world.mod)  # the moderator who subscribed leaves the server
    lose_embed_links(simcord_env, world, bot)
    await simcord_env.settle()

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))

    paused = await daily(bot).subscriptions.by_id(sub.id)
    assert paused is not None
    assert paused.status == "paused"
    assert posts_to(simcord_env, world.channel) == 0
    # Not the former member (who can fix nothing there), but the server's owner hears, once.
    assert world.mod.user.dm_channel.history() == []
    owner = world.guild.owner
    assert owner.id != world.mod.id
    assert [m.content for m in owner.dm_channel.history()] == [
        f"I've paused the daily paper in <#{world.channel.id}> on **Paper Club**: I'm missing **Embed Links** in "
        f"<#{world.channel.id}>. Once that is fixed, run `/paper subscribe` in <#{world.channel.id}> to resume it "
        "(the time, time zone and topic are kept)."]


async def test_a_subscriber_still_in_the_server_is_told_and_the_owner_is_not(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    lose_embed_links(simcord_env, world, bot)
    await simcord_env.settle()

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))

    assert len(world.mod.user.dm_channel.history()) == 1
    assert world.guild.owner.dm_channel.history() == []
