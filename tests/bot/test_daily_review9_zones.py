"""Review 9 of the time zones a moderator types into /paper subscribe: abbreviations and UTC offsets (SimCord).

The tz database knows a few abbreviations as zones (EST, MST, CET: taken, see test_daily_review_zones), but
not the ones most people write (PST, IST, CEST, JST) nor offsets (UTC+2). Those are refused, and the
refusal must say which zone to type: a generic "use an IANA name such as Europe/Berlin" sent a
Californian typing PST to guess, and autocomplete offered Istanbul to someone typing IST.
"""

from __future__ import annotations

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import UserFacingError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_daily_delivery import daily


async def refusal(env: simcord.Env, world: World, bot: PaperBot, typed: str) -> str:
    """The reply to /paper subscribe with `typed` as the time zone; asserts nothing was saved."""
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone=typed)
    assert result.response is not None
    expect_errors(env, UserFacingError)
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None
    return result.response.content


@pytest.mark.parametrize(("typed", "named"), [
    ("PST", ["America/Los_Angeles"]),
    ("pdt", ["America/Los_Angeles"]),
    ("JST", ["Asia/Tokyo"]),
    ("CEST", ["Europe/Berlin"]),
    ("AEST", ["Australia/Sydney"]),
    # One abbreviation, several places with different clocks: each is named.
    ("IST", ["Asia/Kolkata", "Europe/Dublin", "Asia/Jerusalem"]),
    ("CST", ["America/Chicago", "Asia/Shanghai"]),
])
async def test_an_abbreviation_typed_as_the_time_zone_is_told_the_zone_it_stands_for(
    simcord_env: simcord.Env, world: World, bot: PaperBot, typed: str, named: list[str]
) -> None:
    text = await refusal(simcord_env, world, bot, typed)
    assert f"`{typed}` is not a time zone I know" in text, text
    for zone_name in named:
        assert f"`{zone_name}`" in text, text


@pytest.mark.parametrize(("typed", "fixed"), [
    ("UTC+2", "`Etc/GMT-2`"), ("utc -5", "`Etc/GMT+5`"), ("GMT+10", "`Etc/GMT-10`"), ("+01:00", "`Etc/GMT-1`"),
    ("UTC+0", "`UTC`"),
])
async def test_a_utc_offset_typed_as_the_time_zone_is_told_how_to_write_it(
    simcord_env: simcord.Env, world: World, bot: PaperBot, typed: str, fixed: str
) -> None:
    text = await refusal(simcord_env, world, bot, typed)
    assert f"`{typed}` is not a time zone I know" in text, text
    assert "summer" in text, text  # why an offset is not the place's clock
    assert fixed in text, text  # what keeps that offset all year, in the tz database's reversed sign


async def test_an_offset_no_zone_name_keeps_is_told_to_type_a_city(
    simcord_env: simcord.Env, world: World, bot: PaperBot
) -> None:
    text = await refusal(simcord_env, world, bot, "UTC+5:30")
    assert "`UTC+5:30` is not a time zone I know" in text, text
    assert "Etc/GMT" not in text, text  # the tz database has no half-hour Etc zone
    assert "city" in text, text


@pytest.mark.parametrize(("typed", "first"), [("IST", "Asia/Kolkata"), ("pst", "America/Los_Angeles"),
                                              ("cest", "Europe/Berlin")])
async def test_autocomplete_offers_the_zones_an_abbreviation_stands_for_first(
    world: World, typed: str, first: str
) -> None:
    suggested = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", typed)
    assert [choice["value"] for choice in suggested][:1] == [first], suggested


@pytest.mark.parametrize(("typed", "time_part"), [("9:00 CET", "9:00"), ("9am Europe/Berlin", "9am"),
                                                  ("21:00 UTC+2", "21:00"), ("9 pm PST", "9 pm")])
async def test_a_time_zone_typed_into_the_time_is_pointed_to_the_timezone_option(
    simcord_env: simcord.Env, world: World, bot: PaperBot, typed: str, time_part: str
) -> None:
    # "`9:00 CET` is not a time of day" left the moderator looking at a time that plainly is one.
    result = await world.mod.slash(world.channel, "paper subscribe", time=typed)
    assert result.response is not None
    text = result.response.content
    expect_errors(simcord_env, UserFacingError)
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None
    assert f"`{typed}`" in text, text
    assert "`timezone` option" in text, text
    assert f"`{time_part}`" in text, text


async def test_other_words_after_a_time_are_not_taken_for_a_time_zone(
    simcord_env: simcord.Env, world: World, bot: PaperBot
) -> None:
    result = await world.mod.slash(world.channel, "paper subscribe", time="9 o'clock")
    assert result.response is not None
    expect_errors(simcord_env, UserFacingError)
    assert "is not a time of day: use 24-hour HH:MM" in result.response.content
    assert "timezone" not in result.response.content
