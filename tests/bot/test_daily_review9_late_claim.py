"""Review 9: a change made after the post time but before the tick claimed the day keeps the day's card (SimCord).

The tick claims a day's delivery once its post time has passed; a claim that fails (the write waited
past the busy timeout behind another process's lock, such as a large `paperbot ingest`) is tried again
a minute later. A moderator who changed the subscription in between (its topic, say) made it active
"since now", after the post time, so no later claim took the day, and the change did not count the
day as still to come (its time had passed): the channel had no card that day.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

import pytest
import simcord

from bot.client import PaperBot
from storage.subscriptions import SubscriptionRepository
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, daily, run_until, skip_to, subscribe, utc


def the_first_claim_fails(repo: SubscriptionRepository, monkeypatch: pytest.MonkeyPatch) -> list[datetime]:
    """Make the next claim fail as a write does after the busy timeout; returns when it was tried."""
    tried: list[datetime] = []
    claim = repo.claim_due

    async def locked_once(now: datetime) -> int:
        if not tried:
            tried.append(now)
            raise sqlite3.OperationalError("database is locked")
        return await claim(now)

    monkeypatch.setattr(repo, "claim_due", locked_once)
    return tried


async def subscribed_and_the_nine_oclock_claim_failed(env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
                                                      monkeypatch: pytest.MonkeyPatch) -> list[datetime]:
    """#general subscribed at 09:00 on 1 February 2026, whose 09:00 tick's claim failed (the_first_claim_fails):
    at 09:00:20 the day is not claimed yet, and its claim is tried again a minute later. Returns when it was tried."""
    clock.set(utc(2026, 2, 1, 8, 58, 30))
    await subscribe(env, world, time="09:00")
    await run_until(env, clock, utc(2026, 2, 1, 8, 59, 50))
    tried = the_first_claim_fails(daily(bot).subscriptions, monkeypatch)
    await run_until(env, clock, utc(2026, 2, 1, 9, 0, 20))
    assert len(tried) == 1  # the 09:00 tick's claim failed
    assert card_days(world.channel) == []
    return tried


async def test_a_topic_changed_before_the_late_claim_keeps_todays_card(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    tried = await subscribed_and_the_nine_oclock_claim_failed(simcord_env, world, clock, bot, monkeypatch)
    assert tried[0] >= utc(2026, 2, 1, 9)

    changed = await world.mod.slash(world.channel, "paper subscribe", topic="reinforcement learning")

    assert changed.response is not None
    assert changed.response.content.startswith("Updated"), changed.response.content
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))
    assert card_days(world.channel) == ["2026-02-01"]
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]
