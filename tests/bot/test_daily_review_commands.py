"""Review of /paper subscribe as admins use it: what the reply promises is what happens (SimCord)."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest
import simcord

from bot.client import PaperBot
from bot.errors import UserFacingError
from tests.bot.conftest import TestClock, World, expect_errors
from tests.bot.test_daily_delivery import card_days, daily, run_until, skip_to, subscribe, utc


def stamp(moment: datetime) -> str:
    """The Discord timestamp the bot writes for `moment`."""
    return f"<t:{int(moment.timestamp())}:F>"


async def test_moving_the_time_after_todays_card_promises_tomorrow_not_a_second_card_today(
    simcord_env: simcord.Env, world: World, clock: TestClock
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    assert card_days(world.channel) == ["2026-02-01"]

    moved = await world.mod.slash(world.channel, "paper subscribe", time="18:00")  # today's card is out

    assert moved.response is not None
    text = moved.response.content
    assert text.startswith("Updated")
    assert f"next post {stamp(utc(2026, 2, 2, 18))}" in text, text  # one card a day: today's is done
    await skip_to(simcord_env, clock, utc(2026, 2, 1, 18, 1))
    assert card_days(world.channel) == ["2026-02-01"]
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 18, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]


async def test_moving_to_a_zone_where_the_day_already_had_its_card_promises_the_next_one(
    simcord_env: simcord.Env, world: World, clock: TestClock
) -> None:
    clock.set(datetime(2026, 2, 1, 20, tzinfo=UTC))
    await subscribe(simcord_env, world, time="08:00", timezone="Asia/Tokyo")  # 23:00 UTC the day before
    await run_until(simcord_env, clock, utc(2026, 2, 1, 23, 1))
    assert card_days(world.channel) == ["2026-02-02"]  # already the 2nd in Tokyo

    # The admin meant London: 2 February (London) already had its card, in Tokyo's morning.
    moved = await world.mod.slash(world.channel, "paper subscribe", timezone="Europe/London")

    assert moved.response is not None
    assert f"next post {stamp(utc(2026, 2, 3, 8))}" in moved.response.content, moved.response.content
    listing = await world.mod.slash(world.channel, "paper subscriptions")
    assert listing.response is not None
    assert stamp(utc(2026, 2, 3, 8)) in (listing.response.embeds[0].description or "")


async def test_gmt_plus_two_typed_as_the_time_zone_never_posts_at_utc_minus_two(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    # People write "GMT+2" for two hours ahead of UTC; the tz database's Etc/GMT+2 is two hours
    # *behind* (POSIX signs). Read as a city name, it scheduled 09:00 "GMT+2" at 11:00 UTC.
    clock.set(utc(2026, 2, 1, 6))
    typed = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone="GMT+2")

    assert typed.response is not None
    assert "`GMT+2` is not a time zone I know" in typed.response.content, typed.response.content
    expect_errors(simcord_env, UserFacingError)
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None
    # The full IANA name is still taken at its word (autocomplete shows it as UTC-02:00).
    full = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone="Etc/GMT-2")
    assert full.response is not None
    assert f"next post {stamp(utc(2026, 2, 1, 7))}" in full.response.content


async def test_a_city_typed_with_its_accents_is_understood_and_suggested(
    simcord_env: simcord.Env, world: World, bot: PaperBot
) -> None:
    suggested = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "São Pa")
    assert [choice["value"] for choice in suggested][:1] == ["America/Sao_Paulo"]
    zurich = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "zürich")
    assert [choice["value"] for choice in zurich][:1] == ["Europe/Zurich"]

    typed = await world.mod.slash(world.channel, "paper subscribe", time="8:00", timezone="São Paulo")

    assert typed.response is not None
    assert "**08:00** America/Sao_Paulo" in typed.response.content, typed.response.content
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert sub.timezone == "America/Sao_Paulo"


async def test_after_the_limit_was_lowered_existing_subscriptions_can_still_be_changed_and_resumed(
    simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    channels = [world.guild.create_text_channel(f"daily-{n}") for n in range(4)]
    for channel in channels:
        await subscribe(simcord_env, world, channel, time="09:00")
    paused = await daily(bot).subscriptions.by_channel(channels[1].id)
    assert paused is not None
    await daily(bot).subscriptions.pause(paused.id, reason="lost Send Messages", now=bot.now())
    # The operator lowers MAX_SUBSCRIPTIONS_PER_GUILD below what this server already has.
    monkeypatch.setattr(bot, "settings", bot.settings.with_overrides(max_subscriptions_per_guild=2))

    changed = await world.mod.slash(channels[0], "paper subscribe", time="10:00")
    resumed = await world.mod.slash(channels[1], "paper subscribe")  # what the pause notice says to run

    assert changed.response is not None
    assert changed.response.content.startswith("Updated"), changed.response.content
    assert resumed.response is not None
    assert resumed.response.content.startswith("Resumed"), resumed.response.content
    added = await world.mod.slash(world.channel, "paper subscribe")  # a new one still waits for room
    assert added.response is not None
    assert "already has 4 daily-post subscriptions, and it may have at most 2" in added.response.content
    expect_errors(simcord_env, UserFacingError)


async def test_the_list_does_not_show_a_member_the_subscriptions_of_channels_they_cannot_see(
    simcord_env: simcord.Env, world: World, bot: PaperBot
) -> None:
    me = world.guild.me
    assert me is not None
    hidden = discord.PermissionOverwrite(view_channel=False)
    seen = discord.PermissionOverwrite(view_channel=True)
    staff = world.guild.create_text_channel(
        "staff-only", overwrites={world.guild.default_role: hidden, world.mod: seen, me: seen})
    await subscribe(simcord_env, world, staff, time="07:00", topic="reinforcement learning")
    await subscribe(simcord_env, world, time="09:00")

    as_member = await world.alice.slash(world.channel, "paper subscriptions")
    as_staff = await world.mod.slash(world.channel, "paper subscriptions")

    assert as_member.response is not None
    member_view = as_member.response.embeds[0].description or ""
    assert f"<#{world.channel.id}>" in member_view
    assert f"<#{staff.id}>" not in member_view
    assert "reinforcement learning" not in member_view  # what a private channel reads stays private
    assert "1 more in a channel you can't see" in member_view
    assert as_staff.response is not None
    assert "reinforcement learning" in (as_staff.response.embeds[0].description or "")
    assert as_member.response.embeds[0].footer.text == as_staff.response.embeds[0].footer.text


async def test_moving_west_after_a_card_posts_no_card_for_an_earlier_date(
    simcord_env: simcord.Env, world: World, clock: TestClock
) -> None:
    clock.set(utc(2026, 2, 1, 20))
    await subscribe(simcord_env, world, time="08:00", timezone="Asia/Tokyo")  # 23:00 UTC the day before
    await run_until(simcord_env, clock, utc(2026, 2, 1, 23, 1))
    assert card_days(world.channel) == ["2026-02-02"]
    clock.set(utc(2026, 2, 1, 23, 30))  # 15:30 on 1 February in Los Angeles

    moved = await world.mod.slash(world.channel, "paper subscribe", time="18:00", timezone="America/Los_Angeles")

    assert moved.response is not None
    assert f"next post {stamp(utc(2026, 2, 4, 2))}" in moved.response.content  # 3 February, 18:00 there
    await run_until(simcord_env, clock, utc(2026, 2, 2, 2, 1))  # 18:01 on 1 February there
    assert card_days(world.channel) == ["2026-02-02"], "a card for the day before the one just posted"
    await skip_to(simcord_env, clock, utc(2026, 2, 4, 2, 1))
    assert card_days(world.channel) == ["2026-02-02", "2026-02-03"]
