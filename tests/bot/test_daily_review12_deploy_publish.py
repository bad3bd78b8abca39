"""Review 12: during a deploy, the card one process is publishing is not published by the other (SimCord).

A card in an announcement channel is recorded as sent and still to publish (deliveries.unpublished) in one
statement, then published, and the mark cleared; a tick publishes what a crash left marked
(_publish_left_over). During a deploy that starts the new process before the old one stops, two processes
tick on one database: the other one's tick found the card the first was publishing at that moment, and
published it too. Nothing was posted twice, but Discord refused the second publish ("This message has
already been crossposted", 40033) and the log said the card "was posted but not published to the servers
following it", which sends a moderator looking for a problem that is not there. A tick now leaves a card
recorded less than a minute ago (PUBLISHING_WINDOW) to the process that sent it.

SimCord runs one bot per environment, so the other process is a second DailyScheduler on a database
connection of its own, talking to Discord as the same application (as both processes of a deploy do).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import discord
import pytest
import pytest_asyncio
import simcord

from bot.client import PaperBot
from bot.cogs.daily._scheduler import DailyScheduler
from storage.db import open_database
from storage.subscriptions import SubscriptionRepository
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import _hang, card_days, cards, posts_to, run_until, subscribe, utc
from tests.bot.test_daily_review10_announcements import SCHEDULER_LOG, published, publishes


@pytest_asyncio.fixture
async def other_process(bot: PaperBot) -> AsyncIterator[DailyScheduler]:
    """The daily-post loop of a second bot process on the same database (its own connection)."""
    conn = await open_database(bot.settings.database_path)
    other = DailyScheduler(bot, SubscriptionRepository(conn))
    try:
        yield other
    finally:
        await other.stop()
        await conn.close()


async def ticked(scheduler: DailyScheduler) -> None:
    """One tick of `scheduler`, and the publishing of left-over cards it started, if any."""
    await scheduler.tick()
    task = getattr(scheduler, "publishing_left_over", None)
    if task is not None:
        await asyncio.gather(task, return_exceptions=True)


def warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == SCHEDULER_LOG and r.levelno >= logging.WARNING]


async def test_the_card_one_process_is_publishing_is_not_published_by_the_other(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, other_process: DailyScheduler,
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    news = world.guild.create_news_channel("announcements")
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, news, time="09:00")
    released = asyncio.Event()
    publish = discord.Message.publish

    async def slow_publish(message: discord.Message) -> None:  # a publish Discord takes its time over
        await simcord_env.external_wait(released.wait(), reason="Discord is slow to publish")
        await publish(message)

    monkeypatch.setattr(discord.Message, "publish", slow_publish)
    caplog.set_level(logging.INFO, logger=SCHEDULER_LOG)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 30))  # this process posted, is publishing
    assert card_days(news) == ["2026-02-01"]
    assert publishes(simcord_env, news) == 0
    monkeypatch.setattr(discord.Message, "publish", publish)  # the other process's publish is not held

    await ticked(other_process)  # its tick, while this process's publish is under way
    released.set()
    await simcord_env.settle()

    assert publishes(simcord_env, news) == 1  # before, 2: the second refused as already crossposted
    assert published(cards(news)[0])
    assert warnings(caplog) == []  # before: "... was posted but not published to the servers following it"
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 10))
    await ticked(other_process)
    assert publishes(simcord_env, news) == 1
    assert posts_to(simcord_env, news) == 1
    assert warnings(caplog) == []


async def test_a_card_left_unpublished_is_published_by_the_other_process_once_the_minute_has_passed(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, other_process: DailyScheduler,
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    news = world.guild.create_news_channel("announcements")
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, news, time="09:00")
    publish = discord.Message.publish
    monkeypatch.setattr(discord.Message, "publish", _hang)  # this process stops before publishing (the deploy)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 30))
    monkeypatch.setattr(discord.Message, "publish", publish)
    caplog.set_level(logging.INFO, logger=SCHEDULER_LOG)

    await ticked(other_process)  # within the minute: left to the process that sent it
    assert publishes(simcord_env, news) == 0
    clock.advance(60)  # PUBLISHING_WINDOW: that process never publishes it, so the other one does
    await ticked(other_process)
    assert publishes(simcord_env, news) == 1
    assert published(cards(news)[0])
    assert await other_process.repo.unpublished() == []
    assert warnings(caplog) == []
