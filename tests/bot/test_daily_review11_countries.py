"""Review 11: a country typed as the time zone is read by the bot's clock, its table built off the loop (SimCord).

Which zones a country has (storage.subscriptions.country_named: tzdata's zone.tab grouped by the clocks
they keep over three years) was worked out from the machine's clock (datetime.now), once, on the event
loop, at the first time-zone keystroke: 0.05 s of CPU on an idle machine, 0.45 s on a busy one, during
which the bot answered nobody, and a table the bot's clock (PaperBot.now(), which SimCord's tests move) never
reached. Kazakhstan kept two clocks until 1 March 2024 (Asia/Almaty at UTC+6, the west at UTC+5), and one
since: a moderator there typing `Kazakhstan` was told its zones before, and is given Asia/Almaty after.
The table is now built in a worker thread, for the month of the bot's clock, when the cog loads and when
a keystroke or a subscribe first needs a month's.
"""

from __future__ import annotations

import threading
from datetime import date

import pytest
import simcord

import storage.subscriptions
from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import subscribe, utc
from tests.bot.test_daily_review9_zones import refusal


async def test_a_country_whose_clocks_were_merged_is_read_by_the_bots_clock(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2024, 2, 28, 12))  # Kazakhstan keeps two clocks till Thursday
    text = await refusal(simcord_env, world, bot, "Kazakhstan")
    assert text.startswith("`Kazakhstan` has several time zones: type yours, such as `Asia/Almaty` ("), text
    suggested = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "kazakh")
    assert [choice["value"] for choice in suggested][:2] == ["Asia/Almaty", "Asia/Qyzylorda"], suggested
    assert "(UTC+06:00)" in suggested[0]["name"]

    clock.set(utc(2024, 3, 1, 9))  # one clock for the whole country since midnight
    suggested = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "kazakh")
    assert [choice["value"] for choice in suggested][:1] == ["Asia/Almaty"], suggested
    assert "Asia/Qyzylorda" not in [choice["value"] for choice in suggested]
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone="Kazakhstan")
    assert result.response is not None
    assert "\n-# Kazakhstan is taken as `Asia/Almaty`, its time zone." in result.response.content, \
        result.response.content
    sub = await subscribe(simcord_env, world)  # nothing new: as stored
    assert sub.timezone == "Asia/Almaty"


async def test_the_countries_table_is_built_off_the_event_loop(
    simcord_env: simcord.Env, world: World, clock: TestClock, monkeypatch: pytest.MonkeyPatch,
) -> None:
    built_in: list[tuple[date, bool]] = []
    build = storage.subscriptions._countries

    def recorded(since: date) -> storage.subscriptions.CountryTable:
        built_in.append((since, threading.current_thread() is threading.main_thread()))
        return build(since)

    monkeypatch.setattr(storage.subscriptions, "_countries", recorded)
    clock.set(utc(2031, 7, 15, 12))  # a month no test has built a table for

    suggested = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "germ")
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", timezone="Germany")

    assert [choice["value"] for choice in suggested][:1] == ["Europe/Berlin"]
    assert result.response is not None
    assert "Germany is taken as `Europe/Berlin`" in result.response.content
    assert built_in == [(date(2031, 7, 1), False)]  # once, in a worker thread (the loop runs in the main one)
