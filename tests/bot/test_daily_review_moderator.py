"""Review as a server moderator relying on the daily paper (SimCord): what the channel and the list show."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from simcord.backend import serializers
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import (
    card_days,
    cards,
    daily,
    delivery,
    run_until,
    skip_to,
    subscribe,
    subscriptions_listed,
    utc,
)
from tests.bot.test_daily_review_pause_notice import set_embed_links

# A zebrafish paper and an axolotl paper (tests.bot.conftest); a reload may keep only the zebrafish.
pytestmark = pytest.mark.zebrafish_and_axolotl


async def test_a_retried_card_of_a_topic_that_matches_nothing_keeps_its_note(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, zebrafish: Path
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="axolotl")
    bot: PaperBot = await restart(corpus_paths=(zebrafish,))  # the topic matches nothing now
    # Discord fails the first send (the attempt, and its paper, are recorded before it): the retry
    # must post the same card, note included, not a zebrafish paper under the heading "axolotl".
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503,
                             message="Service Unavailable", times=1)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 5))

    assert card_days(world.channel) == ["2026-02-01"]
    card = cards(world.channel)[0].embeds[0]
    assert (card.author.name or "").endswith("· axolotl")
    assert (card.description or "").startswith("*No paper matches “axolotl” any more, so here is the general paper")
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert (await delivery(bot, sub, date(2026, 2, 1))).attempts == 2


async def test_the_list_says_when_the_last_card_was_not_posted(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    # The server's AutoMod blocks a word of the abstract: Discord answers 400, and the day is given up
    # (the same request would fail again). Before, nothing in Discord said so: the channel had no card
    # and the list only gave tomorrow's post, as on a day that went well.
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=400, code=200000,
                             message="Message was blocked by automatic moderation", times=1)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 5))
    assert card_days(world.channel) == []

    line = await subscriptions_listed(world)

    assert "⚠️ the card of Feb 1 was not posted (rejected by Discord: 400 Bad Request (error code: 200000): " \
           "Message was blocked by automatic moderation)" in line, line
    assert "next post <t:1770022800:F>" in line  # 2 February 09:00 UTC
    # The next day's card goes through, and the warning goes with it.
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-02"]
    assert "not posted" not in await subscriptions_listed(world)


async def test_a_day_a_pause_stopped_is_not_called_a_card_not_posted(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=403, code=50013,
                             message="Missing Permissions", times=1)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 5))

    line = await subscriptions_listed(world)

    assert "⏸️ paused: Discord refused: Missing Permissions (50013)" in line, line
    assert "not posted" not in line


async def test_moving_the_time_to_one_already_passed_today_does_not_skip_today(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="18:00")
    await skip_to(simcord_env, clock, utc(2026, 2, 1, 10))

    # Today's card was still to come (at 18:00); the moderator moves the posts to the morning.
    # Before, today had no card at all: the day was neither at the old time nor at the new one.
    moved = await world.mod.slash(world.channel, "paper subscribe", time="09:00")

    assert moved.response is not None
    assert moved.response.content.startswith("Updated"), moved.response.content
    assert f"next post <t:{int(utc(2026, 2, 1, 10).timestamp())}:F>" in moved.response.content
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 2))
    assert card_days(world.channel) == ["2026-02-01"]
    await skip_to(simcord_env, clock, utc(2026, 2, 1, 18, 1))  # the old time: nothing more
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]


async def test_moving_the_time_after_todays_card_or_on_the_first_day_still_starts_tomorrow(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="08:30")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10))
    assert card_days(world.channel) == ["2026-02-01"]
    await subscribe(simcord_env, world, time="09:00")  # today had its card: none again
    # A subscription made today after its time starts tomorrow, and so it does after a change.
    other = world.guild.create_text_channel("later")
    await subscribe(simcord_env, world, other, time="09:30")
    await subscribe(simcord_env, world, other, time="09:45")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 5))
    await skip_to(simcord_env, clock, utc(2026, 2, 1, 23, 59))
    assert (card_days(world.channel), card_days(other)) == (["2026-02-01"], [])


def remove_the_bot(env: simcord.Env, world: World) -> Callable[..., None]:
    """The server removes the bot (it gets GUILD_DELETE); returns how to invite it back (GUILD_CREATE,
    the same server and channels, as when a moderator adds the bot again)."""
    backend = env.backend
    guild = backend.guilds[world.guild.id]
    channels = {cid: backend.channels[cid] for cid in guild.channel_ids}
    messages = {cid: backend.messages[cid] for cid in guild.channel_ids if cid in backend.messages}
    backend.remove_guild(world.guild.id)
    # What Discord answers a bot about a channel of a server it is not in (SimCord says 404).
    env.inject_error("GET", f"/channels/{world.channel.id}", status=403, code=50001, message="Missing Access",
                     times=None)

    def invite_back(*, denied_in_channel: discord.Permissions | None = None, announce: bool = True) -> None:
        backend.faults.clear()
        backend.guilds[guild.id] = guild
        backend.channels.update(channels)
        backend.messages.update(messages)
        if denied_in_channel is not None:
            backend.set_overwrite(world.channel.id, Overwrite(target_id=backend.bot_user.id, type=OverwriteType.MEMBER,
                                                              allow=0, deny=denied_in_channel.value))
        if announce:  # else the bot is down: it finds the server when it starts
            backend.emit("GUILD_CREATE", serializers.guild_create_payload(backend, guild))

    return invite_back


async def test_a_bot_invited_back_resumes_the_daily_paper_its_removal_paused(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    invite_back = remove_the_bot(simcord_env, world)
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))  # paused quietly: nobody could be told
    paused = await daily(bot).subscriptions.by_id(sub.id)
    assert paused is not None
    assert paused.status == "paused"

    # The server adds the bot again at 10:00. Before, the daily paper stayed paused for good, and
    # nobody had been told: only a moderator who happened to run /paper subscriptions (or
    # /paper subscribe in that very channel) would find out, while had the bot been back before
    # 09:00 nothing would have been paused at all.
    await skip_to(simcord_env, clock, utc(2026, 2, 1, 10))
    invite_back()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 2))

    resumed = await daily(bot).subscriptions.by_id(sub.id)
    assert resumed is not None
    assert (resumed.status, resumed.post_time, resumed.timezone) == ("active", sub.post_time, "UTC")
    assert card_days(world.channel) == ["2026-02-01"]  # the day the removal stopped, as on a resume
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]


async def test_a_bot_invited_back_without_its_permissions_tells_the_server_what_is_missing(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    invite_back = remove_the_bot(simcord_env, world)
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    invite_back(denied_in_channel=discord.Permissions(send_messages=True))  # back, but it may not post there
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))

    paused = await daily(bot).subscriptions.by_id(sub.id)
    assert paused is not None
    missing = f"I'm missing **Send Messages**, **Embed Links** in <#{world.channel.id}>"  # no sending, no embeds
    assert (paused.status, paused.status_reason) == ("paused", missing)
    told = [m.content for m in world.mod.user.dm_channel.history()]
    assert len(told) == 1, told
    assert missing in told[0]
    assert "/paper subscribe" in told[0]
    assert card_days(world.channel) == []


async def test_a_bot_invited_back_while_it_was_down_resumes_when_it_starts(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    invite_back = remove_the_bot(simcord_env, world)
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    invite_back(announce=False)

    started = await restart()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))

    resumed = await daily(started).subscriptions.by_id(sub.id)
    assert resumed is not None
    assert resumed.status == "active"
    assert card_days(world.channel) == ["2026-02-01"]


async def test_resumed_after_todays_post_time_a_pause_from_an_earlier_day_gets_todays_card(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    set_embed_links(simcord_env, world, bot, allowed=False)
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))  # paused on the 1st
    set_embed_links(simcord_env, world, bot, allowed=True)
    await simcord_env.settle()
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 10))

    # Fixed and resumed at 10:00 on the 2nd. Before, the 2nd had no card (a pause that stopped the
    # 2nd's own post got it at once, one from the day before did not): the reply named the 3rd.
    resumed = await world.mod.slash(world.channel, "paper subscribe")

    assert resumed.response is not None
    assert resumed.response.content.startswith("Resumed"), resumed.response.content
    assert f"next post <t:{int(utc(2026, 2, 2, 10).timestamp())}:F>" in resumed.response.content
    await run_until(simcord_env, clock, utc(2026, 2, 2, 10, 2))
    assert card_days(world.channel) == ["2026-02-02"]  # not the 1st: that day is over
    await skip_to(simcord_env, clock, utc(2026, 2, 3, 9, 1))
    assert card_days(world.channel) == ["2026-02-02", "2026-02-03"]


async def test_a_second_subscribe_in_a_channel_says_what_it_replaced(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="axolotl")

    # A moderator adding an evening paper about zebrafish beside the morning one: a channel has one
    # subscription, so this changes it. Before, the reply said only "Updated" and the new settings,
    # as if the morning axolotl paper were still there.
    second = await world.mod.slash(world.channel, "paper subscribe", time="18:00", topic="zebrafish")

    assert second.response is not None
    text = second.response.content
    assert text.startswith("Updated"), text
    assert "\n-# It replaces **09:00** UTC · about “axolotl”: a channel has one daily paper" in text, text
    assert len(text) <= 2000
    again = await world.mod.slash(world.channel, "paper subscribe")  # nothing new: nothing replaced
    assert again.response is not None
    assert "replaces" not in again.response.content


async def test_a_bot_back_in_a_server_without_its_permissions_tells_the_server_once(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    invite_back = remove_the_bot(simcord_env, world)
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    removed = await daily(bot).subscriptions.by_id(sub.id)  # as on_ready lists it at start-up
    assert removed is not None
    invite_back(denied_in_channel=discord.Permissions(send_messages=True))
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))
    guild = bot.get_guild(world.guild.id)
    assert guild is not None

    # At start-up discord.py dispatches on_guild_available for each server, then on_ready, and each
    # may list the subscription still paused for the removal. Before, the second pause told the server again.
    await daily(bot)._back_in_server(guild, removed)
    await simcord_env.settle()

    told = [m.content for m in world.mod.user.dm_channel.history()]
    assert len(told) == 1, told
