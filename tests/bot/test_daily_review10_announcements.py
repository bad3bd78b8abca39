"""Review 10: the daily card in an announcement channel is published to the servers that follow it (SimCord).

A server that subscribes its announcement channel wants the card to reach the servers following that
channel, as its own announcements do once published. The card was posted and never published. Publishing
comes after the card is posted and recorded: when it fails, the card still counts as delivered, is never
posted again, and the failure is one log line.
"""

from __future__ import annotations

import logging
from datetime import date, timedelta
from typing import Any

import discord
import pytest
import simcord

from bot.client import PaperBot
from bot.cogs.daily._scheduler import ATTEMPT_WINDOW
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import (
    card_days,
    cards,
    crash_after_sending,
    delivery,
    posts_to,
    run_until,
    skip_to,
    subscribe,
    utc,
)

SCHEDULER_LOG = "bot.cogs.daily._scheduler"


def publishes(env: simcord.Env, channel: simcord.ChannelHandle) -> int:
    """How many times the bot asked Discord to publish a message of `channel` (successful or not)."""
    return sum(1 for r in env.http_requests
               if r.method == "POST" and r.path.startswith(f"/channels/{channel.id}/messages/")
               and r.path.endswith("/crosspost"))


def published(message: discord.Message) -> bool:
    """Whether a card was published. SimCord marks a published message with the flag 1 << 1 (discord.py's
    `is_crossposted`), where Discord sets 1 << 0 (`crossposted`): either counts."""
    return message.flags.crossposted or message.flags.is_crossposted


def not_published_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == SCHEDULER_LOG and "not published" in r.getMessage()]


async def test_the_card_in_an_announcement_channel_is_published(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    news = world.guild.create_news_channel("announcements")
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, news, time="09:00")
    await subscribe(simcord_env, world, time="09:00")  # a plain text channel: nothing to publish

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))

    assert card_days(news) == ["2026-02-01"]
    assert published(cards(news)[0])  # before, only in this server's channel
    assert publishes(simcord_env, news) == 1
    assert publishes(simcord_env, world.channel) == 0
    assert not published(cards(world.channel)[0])
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 2))
    assert [published(card) for card in cards(news)] == [True, True]


@pytest.mark.parametrize("failure", ["forbidden", "rate limited", "network"])
async def test_a_card_that_cannot_be_published_still_counts_as_delivered_and_is_not_posted_again(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture, failure: str,
) -> None:
    news = world.guild.create_news_channel("announcements")
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, news, time="09:00")
    if failure == "forbidden":
        simcord_env.inject_error("POST", f"/channels/{news.id}/messages/*/crosspost", status=403, code=50013,
                                 message="Missing Permissions", times=None)
    else:
        raised = discord.RateLimited(3600.0) if failure == "rate limited" else TimeoutError()

        async def refused(message: discord.Message) -> None:
            raise raised

        monkeypatch.setattr(discord.Message, "publish", refused)
    caplog.set_level(logging.INFO, logger=SCHEDULER_LOG)

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 30))

    assert card_days(news) == ["2026-02-01"]
    assert posts_to(simcord_env, news) == 1
    assert not published(cards(news)[0])
    sent = await delivery(bot, sub, date(2026, 2, 1))
    assert (sent.status, sent.message_id) == ("sent", cards(news)[0].id)
    now = await subscribe(simcord_env, world, news)  # nothing new: as stored
    assert now.status == "active"  # not paused for a permission the post itself did not need
    [line] = not_published_lines(caplog)
    assert f"subscription {sub.id}" in line
    assert len([r for r in caplog.records if r.name == SCHEDULER_LOG and r.levelno >= logging.WARNING]) == 1


async def test_a_card_recovered_after_a_crash_is_published_once(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    news = world.guild.create_news_channel("announcements")
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, news, time="09:00")
    crash_after_sending(bot, monkeypatch)  # the card reaches Discord; the process stops before recording it
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    assert publishes(simcord_env, news) == 0

    started = await restart()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0) + ATTEMPT_WINDOW + timedelta(minutes=2))

    assert card_days(news) == ["2026-02-01"]
    assert published(cards(news)[0])
    assert publishes(simcord_env, news) == 1
    assert (await delivery(started, sub, date(2026, 2, 1))).status == "sent"
