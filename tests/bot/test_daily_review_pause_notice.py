"""Review of a paused daily paper (SimCord): who hears of it, and the day's card when it is resumed."""

from __future__ import annotations

from datetime import date
from typing import Any

import discord
import pytest
import simcord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, daily, delivery, posts_to, run_until, skip_to, subscribe, utc


def deny_the_bot(env: simcord.Env, world: World, bot: PaperBot, permissions: discord.Permissions) -> None:
    """Someone takes `permissions` from the bot in #general (a member overwrite; `Permissions.none()` gives them
    back)."""
    me = bot.user
    assert me is not None
    env.backend.set_overwrite(world.channel.id, Overwrite(target_id=me.id, type=OverwriteType.MEMBER, allow=0,
                                                          deny=permissions.value))


async def lose_by_nine(env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
                       permissions: discord.Permissions) -> None:
    """The bot loses `permissions` in #general before the 09:00 post of 1 February; then the clock runs past it."""
    deny_the_bot(env, world, bot, permissions)
    await env.settle()
    await run_until(env, clock, utc(2026, 2, 1, 9, 1))


def set_embed_links(env: simcord.Env, world: World, bot: PaperBot, *, allowed: bool) -> None:
    """Someone takes Embed Links from the bot in #general (it can still send plain text), or gives it back."""
    deny_the_bot(env, world, bot, discord.Permissions(embed_links=not allowed))


async def lose_embed_links_by_nine(env: simcord.Env, world: World, clock: TestClock, bot: PaperBot) -> None:
    """The bot loses Embed Links before the 09:00 post of 1 February; then the clock runs past it."""
    await lose_by_nine(env, world, clock, bot, discord.Permissions(embed_links=True))


async def test_a_pause_is_told_to_the_owner_once_the_subscriber_has_left_the_server(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    world.guild.remove_member(world.mod)  # the moderator who subscribed leaves the server

    await lose_embed_links_by_nine(simcord_env, world, clock, bot)

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

    await lose_embed_links_by_nine(simcord_env, world, clock, bot)

    assert len(world.mod.user.dm_channel.history()) == 1
    assert world.guild.owner.dm_channel.history() == []


@pytest.mark.parametrize("refused", ["seen before sending", "refused by Discord"])
async def test_resumed_the_same_day_the_card_the_pause_stopped_comes_at_once_and_once(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, refused: str
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    if refused == "seen before sending":
        await lose_embed_links_by_nine(simcord_env, world, clock, bot)
    else:  # the cache did not know: the send is refused (an attempt was recorded)
        simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=403, code=50013,
                                 message="Missing Permissions")
        await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
        assert (await delivery(bot, sub, date(2026, 2, 1))).attempts == 1
    paused = await daily(bot).subscriptions.by_id(sub.id)
    assert paused is not None
    assert paused.status == "paused"
    assert card_days(world.channel) == []

    # The moderator fixes the permissions and resumes it, as the notice says, a few minutes later.
    set_embed_links(simcord_env, world, bot, allowed=True)
    simcord_env.backend.faults.clear()
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 10))
    resumed = await world.mod.slash(world.channel, "paper subscribe")
    assert resumed.response is not None
    now = int(utc(2026, 2, 1, 9, 10).timestamp())
    assert resumed.response.content.startswith(
        f"Resumed: the paper of the day in <#{world.channel.id}> · **09:00** UTC · next post <t:{now}:F>")

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 12))
    assert card_days(world.channel) == ["2026-02-01"]
    await run_until(simcord_env, clock, utc(2026, 2, 1, 23, 59))
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]  # once that day, and on the next as usual
    assert (await delivery(bot, sub, date(2026, 2, 1))).status == "sent"


async def test_resumed_the_same_day_with_a_later_time_the_card_comes_at_that_time(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    await lose_embed_links_by_nine(simcord_env, world, clock, bot)
    set_embed_links(simcord_env, world, bot, allowed=True)
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 10))

    resumed = await world.mod.slash(world.channel, "paper subscribe", time="18:00")  # and a new time

    assert resumed.response is not None
    evening = int(utc(2026, 2, 1, 18).timestamp())
    assert resumed.response.content.startswith(
        f"Resumed: the paper of the day in <#{world.channel.id}> · **18:00** UTC · next post <t:{evening}:F>")
    # Before, the card came at once (09:10), not at the time just chosen.
    await run_until(simcord_env, clock, utc(2026, 2, 1, 17, 59))
    assert card_days(world.channel) == []
    await run_until(simcord_env, clock, utc(2026, 2, 1, 18, 1))
    assert card_days(world.channel) == ["2026-02-01"]
    assert (await delivery(bot, sub, date(2026, 2, 1))).status == "sent"


async def test_resumed_the_next_day_the_stopped_day_is_not_posted_late(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await lose_embed_links_by_nine(simcord_env, world, clock, bot)
    set_embed_links(simcord_env, world, bot, allowed=True)
    await simcord_env.settle()
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 8, 0))
    resumed = await world.mod.slash(world.channel, "paper subscribe")
    assert resumed.response is not None
    assert resumed.response.content.startswith("Resumed")

    await run_until(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-02"]


async def test_a_long_rate_limit_while_asking_discord_about_members_does_not_lose_the_notice(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With max_ratelimit_timeout set (bot.client), a long Retry-After raises discord.RateLimited, which is
    # not an HTTPException: asked whether the subscriber is still a member (and whether the bot is timed
    # out), Discord "cannot say", as for any other refusal.
    async def rate_limited(*args: Any, **kwargs: Any) -> discord.Member:
        raise discord.RateLimited(600.0)

    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    monkeypatch.setattr(discord.Guild, "fetch_member", rate_limited)

    await lose_embed_links_by_nine(simcord_env, world, clock, bot)

    paused = await daily(bot).subscriptions.by_id(sub.id)
    assert paused is not None
    assert paused.status == "paused"
    assert len(world.mod.user.dm_channel.history()) == 1  # before, the RateLimited ended the notice unsent
