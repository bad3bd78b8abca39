"""Review 12: a card a crash left unpublished is not published to the following servers once its day is over
(SimCord).

A card in an announcement channel recorded as sent, then a crash before publishing it (a deploy's kill, an
outage): the next start publishes it (_publish_left_over). When the bot was down past the end of the card's
local day, it was published anyway: the servers following the channel got "Paper of the day · Sunday 1
February 2026" on Monday, beside Monday's card, where a post itself is never made late, on a day that is not
its own (DAY_ENDED; "days that passed entirely while it was down are skipped"). Such a card is now left
unpublished, with one INFO line, and its mark is cleared; a card whose day still lasts is published as before.
So is a card that a crash kept from being recorded, found in the channel after its day (it is recorded as sent).
"""

from __future__ import annotations

import logging
from datetime import date, datetime
from typing import Any

import discord
import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import (
    _hang,
    card_days,
    cards,
    crash_after_sending,
    daily,
    delivery,
    posts_to,
    run_until,
    subscribe,
    utc,
)
from tests.bot.test_daily_review10_announcements import SCHEDULER_LOG, published, publishes


async def _crash_before_publishing(env: simcord.Env, world: World, clock: TestClock,
                                   monkeypatch: pytest.MonkeyPatch, *, timezone: str = "UTC"
                                   ) -> simcord.ChannelHandle:
    """An announcement channel's 09:00 card of 1 February is posted and recorded; the process stops before
    publishing it."""
    news = world.guild.create_news_channel("announcements")
    clock.set(utc(2026, 2, 1, 8) if timezone == "UTC" else utc(2026, 1, 31, 23))
    await subscribe(env, world, news, time="09:00", timezone=timezone)
    monkeypatch.setattr(discord.Message, "publish", _hang)
    await run_until(env, clock, utc(2026, 2, 1, 9, 1) if timezone == "UTC" else utc(2026, 2, 1, 0, 1))
    assert card_days(news) == ["2026-02-01"]
    monkeypatch.undo()
    return news


@pytest.mark.parametrize("back_at", [utc(2026, 2, 2, 8), utc(2026, 2, 4, 7)])
async def test_a_card_left_unpublished_is_not_published_after_its_day(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture, back_at: datetime,
) -> None:
    news = await _crash_before_publishing(simcord_env, world, clock, monkeypatch)
    caplog.set_level(logging.INFO, logger=SCHEDULER_LOG)
    clock.set(back_at)  # down until the next morning, or for days; back before that day's post time

    started = await restart()
    await simcord_env.advance_time(120)

    assert publishes(simcord_env, news) == 0  # before, Sunday's card reached the following servers on Monday
    assert not published(cards(news)[0])
    assert await daily(started).subscriptions.unpublished() == []  # not looked at again
    [line] = [r.getMessage() for r in caplog.records if r.name == SCHEDULER_LOG and "not published" in r.getMessage()]
    assert "2026-02-01" in line
    assert "its local day ended" in line
    assert [r for r in caplog.records if r.name == SCHEDULER_LOG and r.levelno >= logging.WARNING] == []

    await run_until(simcord_env, clock, back_at.replace(hour=9, minute=2))  # that day's card is published as usual
    assert publishes(simcord_env, news) == 1
    assert [published(card) for card in cards(news)] == [False, True]
    assert posts_to(simcord_env, news) == 2


async def test_a_card_left_unpublished_is_published_while_its_local_day_lasts(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 09:00 in Tokyo is 00:00 UTC: back at 14:00 UTC, it is 23:00 there, still the card's day.
    news = await _crash_before_publishing(simcord_env, world, clock, monkeypatch, timezone="Asia/Tokyo")
    clock.set(utc(2026, 2, 1, 14))

    await restart()
    await simcord_env.advance_time(120)

    assert publishes(simcord_env, news) == 1
    assert published(cards(news)[0])


async def test_a_card_found_after_a_crash_once_its_day_is_over_is_recorded_but_not_published(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    news = world.guild.create_news_channel("announcements")
    clock.set(utc(2026, 2, 1, 20))
    sub = await subscribe(simcord_env, world, news, time="23:58")
    crash_after_sending(bot, monkeypatch)  # the card reaches Discord; the process stops before recording it
    await run_until(simcord_env, clock, utc(2026, 2, 1, 23, 59))
    assert card_days(news) == ["2026-02-01"]
    caplog.set_level(logging.INFO, logger=SCHEDULER_LOG)

    clock.set(utc(2026, 2, 2, 0, 10))  # back after midnight: the 1st is over
    started = await restart()
    await simcord_env.advance_time(120)

    recorded = await delivery(started, sub, date(2026, 2, 1))
    assert (recorded.status, recorded.message_id) == ("sent", cards(news)[0].id)  # recorded, as before
    assert publishes(simcord_env, news) == 0  # before, published on the 2nd
    assert await daily(started).subscriptions.unpublished() == []
    assert any("its local day ended" in r.getMessage() for r in caplog.records if r.name == SCHEDULER_LOG)
