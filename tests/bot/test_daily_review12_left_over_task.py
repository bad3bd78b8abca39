"""Review 12: publishing the cards a crash left unpublished never holds up the posts that are due (SimCord).

A card in an announcement channel is recorded as sent and still to publish; what a crash leaves marked is
published by the daily-post loop after the restart (_publish_left_over). That was awaited inside the tick:
each card a fetch and a publish (Discord allows 10 publications per channel and hour, so a publish may wait),
and the loop starts the next tick only once a tick ended. After a crash with many cards left, the posts due
in the next minutes waited for all of them. Publishing them is now a task of its own
(DailyScheduler.publishing_left_over), which closing the bot cancels.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Any

import discord
import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import _hang, card_days, cards, daily, posts_to, run_until, subscribe, utc
from tests.bot.test_daily_review10_announcements import published, publishes

NEWS_CHANNELS = 6


class SlowPublishing:
    """discord.Message.publish held until `release()`, as a publish that waits out Discord's limit is."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        self.waiting = 0
        self._released = asyncio.Event()
        self._publish = discord.Message.publish

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        async def held(message: discord.Message) -> None:
            self.waiting += 1
            await self.env.external_wait(self._released.wait(), reason="Discord's publication limit")
            self.waiting -= 1
            await self._publish(message)

        monkeypatch.setattr(discord.Message, "publish", held)

    def release(self) -> None:
        self._released.set()


async def _cards_left_unpublished(env: simcord.Env, world: World, clock: TestClock, restart: Any,
                                  monkeypatch: pytest.MonkeyPatch, slow: SlowPublishing, *, restart_at: datetime
                                  ) -> tuple[list[simcord.ChannelHandle], PaperBot]:
    """Six announcement channels whose 09:00 cards were posted and recorded, then the process stopped
    before publishing them (a deploy's kill); a plain channel due at 09:32. The bot starts again at
    `restart_at`, its publishing held by `slow` (the cards are still to publish)."""
    news = [world.guild.create_news_channel(f"announcements-{n}") for n in range(NEWS_CHANNELS)]
    clock.set(utc(2026, 2, 1, 8))
    for channel in news:
        await subscribe(env, world, channel, time="09:00")
    await subscribe(env, world, time="09:32")
    monkeypatch.setattr(discord.Message, "publish", _hang)
    await run_until(env, clock, restart_at)
    assert [card_days(channel) for channel in news] == [["2026-02-01"]] * NEWS_CHANNELS
    assert sum(publishes(env, channel) for channel in news) == 0
    monkeypatch.undo()
    slow.install(monkeypatch)
    started = await restart()
    assert len(await daily(started).subscriptions.unpublished()) == NEWS_CHANNELS
    return news, started


async def test_a_post_due_while_left_over_cards_are_published_goes_out_on_time(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    slow = SlowPublishing(simcord_env)
    news, bot = await _cards_left_unpublished(simcord_env, world, clock, restart, monkeypatch, slow,
                                              restart_at=utc(2026, 2, 1, 9, 30))

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 33))

    assert slow.waiting == 1  # the first left-over card is still being published...
    assert card_days(world.channel) == ["2026-02-01"]  # ...and the 09:32 post is out: before, it waited
    assert cards(world.channel)[0].created_at < utc(2026, 2, 1, 9, 33)
    slow.release()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 35))
    assert [publishes(simcord_env, channel) for channel in news] == [1] * NEWS_CHANNELS
    assert all(published(cards(channel)[0]) for channel in news)
    assert [posts_to(simcord_env, channel) for channel in news] == [1] * NEWS_CHANNELS  # none posted again
    assert await daily(bot).subscriptions.unpublished() == []


async def test_closing_the_bot_while_left_over_cards_are_published_stops_it_and_the_next_start_goes_on(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    slow = SlowPublishing(simcord_env)
    news, bot = await _cards_left_unpublished(simcord_env, world, clock, restart, monkeypatch, slow,
                                              restart_at=utc(2026, 2, 1, 9, 30))
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 31))
    task = daily(bot).scheduler.publishing_left_over
    assert task is not None
    assert not task.done()
    caplog.set_level(logging.INFO)

    await bot.close()

    assert task.cancelled()
    slow.release()  # had close() left it running, it would now publish and write to the closed database
    for _ in range(20):
        await asyncio.sleep(0)
    assert sum(publishes(simcord_env, channel) for channel in news) == 0
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []

    monkeypatch.undo()
    started = await restart()  # what was not published stays marked: the next start publishes it, once
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 40))
    assert [publishes(simcord_env, channel) for channel in news] == [1] * NEWS_CHANNELS
    assert await daily(started).subscriptions.unpublished() == []
