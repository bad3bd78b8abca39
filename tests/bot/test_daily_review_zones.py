"""Review of the time zones /paper subscribe takes (SimCord)."""

from __future__ import annotations

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import UserFacingError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_daily_delivery import daily


@pytest.mark.parametrize("typed", ["local", "localtime", "Local Time", "fact", "Factory"])
async def test_the_hosts_own_zone_is_neither_suggested_nor_taken_for_the_members_local_time(
    simcord_env: simcord.Env, world: World, bot: PaperBot, typed: str
) -> None:
    # "localtime" is the bot's machine's setting (UTC on most servers), not the member's own time zone;
    # "Factory" is the tz database's "not set". Neither is a place whose time a post could follow.
    suggested = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", typed)
    assert [choice["value"] for choice in suggested if choice["value"] in ("localtime", "Factory")] == []
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone=typed)
    assert result.response is not None
    assert f"`{typed}` is not a time zone I know" in result.response.content
    expect_errors(simcord_env, UserFacingError)
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None


@pytest.mark.parametrize(("typed", "meant"), [("EST", "America/New_York"), ("est", "America/New_York"),
                                              ("MST", "America/Denver"), ("GMT", "Europe/London")])
async def test_a_zone_without_summer_time_is_taken_with_a_hint_to_the_place_meant(
    world: World, bot: PaperBot, typed: str, meant: str
) -> None:
    # EST is UTC-05:00 in July too: a New Yorker who types it gets the card an hour late all summer.
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone=typed)
    assert result.response is not None
    assert result.response.content.startswith("Subscribed")
    assert f"use `{meant}`" in result.response.content
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert sub.timezone == typed.upper()  # taken as typed: Panama keeps EST, Arizona MST


@pytest.mark.parametrize("typed", ["America/New_York", "EST5EDT", "UTC", "HST"])
async def test_a_zone_that_follows_its_place_gets_no_hint(world: World, typed: str) -> None:
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone=typed)
    assert result.response is not None
    assert result.response.content.startswith("Subscribed")
    assert "summer" not in result.response.content
