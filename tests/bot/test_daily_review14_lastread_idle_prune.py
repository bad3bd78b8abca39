"""Review 14 (last read): daily papers that all ended long ago have their history pruned, and no clock is blamed
(SimCord).

Session 13 put pruning off when nothing was claimed for twice the history kept (PRUNE_GAP): a clock set years ahead
at a boot would otherwise delete the current days' deliveries. But a bot whose servers all unsubscribed (or whose
subscriptions are paused) half a year ago claims nothing either, and with a right clock: every day it logged "nothing
was claimed since …: the history is not pruned today (if this machine's clock is wrong, correct it)", and never
pruned the old history again. Only active subscriptions claim every day: only their silence says the clock is wrong.
"""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, time, timedelta

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, daily, run_until, skip_to, subscribe, utc


async def test_history_ended_half_a_year_ago_is_pruned_without_a_clock_warning(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, caplog: pytest.LogCaptureFixture,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]
    ended = await world.mod.slash(world.channel, "paper unsubscribe")
    assert ended.response is not None
    later = date(2026, 2, 2) + timedelta(days=200)  # the server never subscribed again

    with caplog.at_level(logging.WARNING, logger="bot.cogs.daily._scheduler"):
        await skip_to(simcord_env, clock, datetime.combine(later, time(9, 1), tzinfo=UTC))

    assert not [r for r in caplog.records if "not pruned" in r.getMessage()]  # before: "… if this machine's clock
    assert [d.local_day for d in await daily(bot).subscriptions.history(sub.id)] == [date(2026, 2, 2)]  # is wrong"
