"""Review 11: a card posted in an announcement channel just before a crash is published after the restart (SimCord).

The card was recorded as sent, then published: a process that stopped in between (a crash, a deploy's
kill) left a delivery marked sent whose card was never published, and nothing looked at a sent delivery
again, so the servers following the channel never got that day's paper. A card in an announcement channel
is now recorded as sent and still to publish in one statement (deliveries.unpublished, migration 0004), the
mark cleared once publishing was tried; the next start's first tick publishes what a crash left marked.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import discord
import pytest
import simcord

from bot.client import PaperBot
from bot.cogs.daily._scheduler import ATTEMPT_WINDOW
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import (
    _hang,
    card_days,
    cards,
    daily,
    delivery,
    posts_to,
    run_until,
    skip_to,
    subscribe,
    utc,
)
from tests.bot.test_daily_review10_announcements import published, publishes


async def test_a_card_posted_but_not_published_before_a_crash_is_published_after_the_restart(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    news = world.guild.create_news_channel("announcements")
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, news, time="09:00")
    # The card reaches the channel; the process stops before it asks Discord to publish it.
    monkeypatch.setattr(discord.Message, "publish", _hang)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    assert card_days(news) == ["2026-02-01"]
    assert publishes(simcord_env, news) == 0

    monkeypatch.undo()  # the new process publishes as it should
    started = await restart()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0) + ATTEMPT_WINDOW + timedelta(minutes=2))

    assert card_days(news) == ["2026-02-01"]  # not posted again
    assert posts_to(simcord_env, news) == 1
    assert published(cards(news)[0])
    assert publishes(simcord_env, news) == 1
    recorded = await delivery(started, sub, date(2026, 2, 1))
    assert (recorded.status, recorded.message_id) == ("sent", cards(news)[0].id)

    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 2))  # the next day goes on as usual
    assert [published(card) for card in cards(news)] == [True, True]
    assert publishes(simcord_env, news) == 2


async def test_a_card_published_as_usual_leaves_nothing_to_publish_after_a_restart(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
) -> None:
    news = world.guild.create_news_channel("announcements")
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, news, time="09:00")
    await subscribe(simcord_env, world, time="09:00")  # a plain text channel: nothing to publish
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    assert publishes(simcord_env, news) == 1

    started = await restart()
    assert await daily(started).subscriptions.unpublished() == []
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 10))

    assert publishes(simcord_env, news) == 1  # not asked again
    assert posts_to(simcord_env, news) == 1
