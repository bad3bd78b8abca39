"""Review 10: a country typed as the time zone of /paper subscribe (SimCord).

A moderator in Munich types `Germany`, one in Delhi `India`: both were told "`Germany` is not a time zone
I know" and left to guess Europe/Berlin. A country that keeps one clock is now taken as its zone (the reply
says which), and one with several clocks is told a few of them to choose from (the tz database's
zone.tab and iso3166.tab, shipped with the tzdata package).
"""

from __future__ import annotations

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import UserFacingError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_daily_delivery import subscribe
from tests.bot.test_daily_review9_zones import refusal


@pytest.mark.parametrize(("typed", "zone_name", "country"), [
    ("Germany", "Europe/Berlin", "Germany"),  # with Europe/Busingen, which keeps Berlin's time
    ("india", "Asia/Kolkata", "India"),
    ("United Kingdom", "Europe/London", "Britain (UK)"),
    ("UK", "Europe/London", "Britain (UK)"),
    ("south korea", "Asia/Seoul", "Korea (South)"),
    ("Cote d'Ivoire", "Africa/Abidjan", "Côte d’Ivoire"),
])
async def test_a_country_with_one_clock_is_taken_as_its_zone_and_the_reply_says_which(
    simcord_env: simcord.Env, world: World, typed: str, zone_name: str, country: str,
) -> None:
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone=typed)

    assert result.response is not None
    text = result.response.content
    assert text.startswith("Subscribed"), text
    assert f"**09:00** {zone_name}" in text, text
    assert f"\n-# {country} is taken as `{zone_name}`, its time zone." in text, text
    sub = await subscribe(simcord_env, world)  # nothing new: as stored
    assert sub.timezone == zone_name


@pytest.mark.parametrize(("typed", "named"), [
    ("United States", ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"]),
    ("usa", ["America/New_York"]),
    ("Australia", ["Australia/Sydney", "Australia/Brisbane", "Australia/Adelaide"]),
    ("Canada", ["America/Toronto", "America/Vancouver"]),
    ("Brazil", ["America/Sao_Paulo"]),
    ("Spain", ["Europe/Madrid", "Atlantic/Canary"]),
])
async def test_a_country_with_several_clocks_is_told_some_of_its_zones(
    simcord_env: simcord.Env, world: World, bot: PaperBot, typed: str, named: list[str],
) -> None:
    text = await refusal(simcord_env, world, bot, typed)

    assert text.startswith(f"`{typed}` has several time zones: type yours, such as "), text
    for zone_name in named:
        assert f"`{zone_name}` (" in text, text  # each with the place it is for
    assert text.count("`") <= 2 * 6, text  # a few, not all 29 zones of the United States
    assert len(text) <= 2000


async def test_a_plain_zone_name_gets_no_country_line(simcord_env: simcord.Env, world: World) -> None:
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone="Europe/Berlin")
    assert result.response is not None
    assert "taken as" not in result.response.content


@pytest.mark.parametrize(("typed", "first"), [
    ("germ", ["Europe/Berlin"]),
    ("united states", ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"]),
    ("uk", ["Europe/London"]),
])
async def test_autocomplete_offers_a_countrys_zones(world: World, typed: str, first: list[str]) -> None:
    suggested = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", typed)
    assert [choice["value"] for choice in suggested][:len(first)] == first, suggested


async def test_a_country_typed_into_the_time_is_pointed_to_the_timezone_option(
    simcord_env: simcord.Env, world: World,
) -> None:
    result = await world.mod.slash(world.channel, "paper subscribe", time="9:00 Brazil")
    assert result.response is not None
    expect_errors(simcord_env, UserFacingError)
    assert "`timezone` option" in result.response.content, result.response.content
