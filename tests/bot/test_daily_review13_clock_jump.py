"""Review 13: a clock set ahead for a while (then corrected) does not end a channel's daily paper (SimCord).

A machine whose clock is wrong at boot (a year ahead, say) until NTP steps it back a few minutes later: the tick at
the wrong time claimed and posted a card dated a year ahead, and since no card may be dated before one already in
the channel (a move to a zone further west), every day until that date was refused: no card the next day, nor any
day of the year, and `/paper subscriptions` promised no next post. Days further ahead than any zone can be
(storage.subscriptions.FURTHEST_AHEAD) no longer count as already posted; a move west still posts no earlier date
(tests/bot/test_daily_review_commands.py). Nor does the wrong clock's first tick of its day prune the history as
90 days old (PRUNE_GAP): today's delivery gone, the corrected clock would claim and post today's card again.
"""

from __future__ import annotations

import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, skip_to, subscribe, subscriptions_listed, utc


async def test_a_clock_a_year_ahead_for_minutes_leaves_the_next_days_cards(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    clock.set(utc(2027, 2, 1, 9, 30))  # the clock is a year ahead for three minutes
    await simcord_env.advance_time(180)
    assert card_days(world.channel) == ["2026-02-01", "2027-02-01"]  # what the wrong clock did, not undone
    clock.set(utc(2026, 2, 1, 9, 34))  # corrected

    assert "next post <t:1770022800:F>" in await subscriptions_listed(world)  # 2 February 2026 09:00 UTC
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    await skip_to(simcord_env, clock, utc(2026, 2, 3, 9, 1))

    assert card_days(world.channel) == ["2026-02-01", "2027-02-01", "2026-02-02", "2026-02-03"]  # before: none


async def test_moving_the_time_earlier_after_the_clock_was_corrected_still_posts_today(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    clock.set(utc(2027, 2, 1, 9, 30))
    await simcord_env.advance_time(180)
    clock.set(utc(2026, 2, 2, 7))  # corrected, the next morning

    await world.mod.slash(world.channel, "paper subscribe", time="06:30")  # already passed: today's card at once
    await run_until(simcord_env, clock, utc(2026, 2, 2, 7, 2))

    assert card_days(world.channel)[-1] == "2026-02-02"  # before: none that day
