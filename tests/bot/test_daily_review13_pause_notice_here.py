"""Review 13: a pause is told in the server's system channel when that is the subscription's own channel and the
bot may still post text there (SimCord).

In a small server the daily paper often goes to #general, which is also where Discord posts its system messages.
The bot lost only Embed Links there: it could still say why the card stopped, where its readers look for it, but the
notice went by DM to the moderator who subscribed (or, DMs closed, to nobody), because the system channel was skipped
whenever it was the subscription's channel. Without Send Messages there, the notice still goes by DM.
"""

from __future__ import annotations

import discord
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import daily, subscribe, utc
from tests.bot.test_daily_review_pause_notice import lose_by_nine, lose_embed_links_by_nine


async def test_a_pause_is_told_in_its_own_channel_when_that_is_the_system_channel(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    simcord_env.backend.edit_guild(world.guild.id, {"system_channel_id": world.channel.id})
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")

    await lose_embed_links_by_nine(simcord_env, world, clock, bot)

    paused = await daily(bot).subscriptions.by_id(sub.id)
    assert paused is not None
    assert paused.status == "paused"
    me = bot.user
    assert me is not None
    assert [m.content for m in world.channel.history() if m.author.id == me.id] == [
        f"I've paused the daily paper in <#{world.channel.id}>: I'm missing **Embed Links** in <#{world.channel.id}>. "
        f"Once that is fixed, run `/paper subscribe` in <#{world.channel.id}> to resume it (the time, time zone and "
        "topic are kept)."]
    assert world.mod.user.dm_channel.history() == []  # before: this DM, and nothing in the channel


async def test_without_send_messages_in_its_own_system_channel_the_subscriber_hears_by_dm(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    simcord_env.backend.edit_guild(world.guild.id, {"system_channel_id": world.channel.id})
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await lose_by_nine(simcord_env, world, clock, bot, discord.Permissions(send_messages=True))

    [notice] = world.mod.user.dm_channel.history()
    assert "I'm missing **Send Messages**" in notice.content
