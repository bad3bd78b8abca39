"""Review 17: a clock two or three days ahead for a while leaves no day without its card (SimCord).

A clock set ahead is told by a day claimed after it that is earlier than the day it claimed
(storage.subscriptions._claimed_ahead). But no day within FURTHEST_AHEAD (two days) before a day claimed is claimed
(a move to a zone further west must not post an earlier date), so a clock at most three days ahead left no such day
to claim: the two days after the day posted had no card, nor the day the clock had claimed when it came. A day whose
post time has not come by the bot's clock, claimed after a gap, was claimed by a clock ahead of it
(_ahead_of_the_clock): it no longer keeps the days before it from being claimed. A day posted with the right clock is
still never posted again after a clock set back (for minutes, past a post time) and corrected.
"""

from __future__ import annotations

from datetime import datetime

import simcord

from bot.client import PaperBot
from tests.bot.conftest import Restart, TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, skip_to, subscribe, utc
from tests.bot.test_daily_review15_clock_ahead_warnings import (
    the_first_card_posted_and_the_next_blocked,
)


async def ahead_for_three_minutes(env: simcord.Env, clock: TestClock, reads: datetime) -> None:
    """The clock reads `reads` for three minutes (the tick then claims and tries that day's card), then the right
    time, 1 February 2026 09:34."""
    clock.set(reads)
    await env.advance_time(180)
    clock.set(utc(2026, 2, 1, 9, 34))


async def posted_the_first_then(env: simcord.Env, world: World, clock: TestClock, reads: datetime) -> None:
    """A channel subscribed at 09:00 UTC gets its card of 1 February 2026; then the clock reads `reads` for three
    minutes."""
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(env, world, time="09:00")
    await run_until(env, clock, utc(2026, 2, 1, 9, 1))
    await ahead_for_three_minutes(env, clock, reads)


async def every_morning_to_the_6th(env: simcord.Env, clock: TestClock) -> None:
    for day in (2, 3, 4, 5, 6):
        await skip_to(env, clock, utc(2026, 2, day, 9, 1))
    await run_until(env, clock, utc(2026, 2, 6, 10))


async def test_a_clock_three_days_ahead_for_minutes_leaves_every_day_its_card(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    await posted_the_first_then(simcord_env, world, clock, utc(2026, 2, 4, 9, 30))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-04"]  # what the wrong clock did, not undone

    await every_morning_to_the_6th(simcord_env, clock)

    # Before: none on the 2nd, 3rd and 4th.
    assert card_days(world.channel) == ["2026-02-01", "2026-02-04", "2026-02-02", "2026-02-03", "2026-02-04",
                                        "2026-02-05", "2026-02-06"]


async def test_a_card_a_clock_two_days_ahead_tried_and_automod_blocked_comes_on_its_day(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    await the_first_card_posted_and_the_next_blocked(simcord_env, world, clock)
    await ahead_for_three_minutes(simcord_env, clock, utc(2026, 2, 3, 9, 30))

    await every_morning_to_the_6th(simcord_env, clock)

    # Before: none on the 2nd and 3rd.
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02", "2026-02-03", "2026-02-04", "2026-02-05",
                                        "2026-02-06"]


async def test_a_clock_one_day_ahead_posts_no_day_twice(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    await posted_the_first_then(simcord_env, world, clock, utc(2026, 2, 2, 9, 30))

    await every_morning_to_the_6th(simcord_env, clock)

    # The card of the 2nd came a day early, and stands for its day: a clock set back minutes on the 2nd, after its
    # card, looks the same (storage.subscriptions._ahead_of_the_clock).
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02", "2026-02-03", "2026-02-04", "2026-02-05",
                                        "2026-02-06"]


async def test_a_day_posted_after_days_off_is_not_posted_again_after_a_clock_set_back_past_a_post_time(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Restart,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    await skip_to(simcord_env, clock, utc(2026, 2, 4, 9, 31))  # the bot was off on the 2nd and 3rd
    clock.set(utc(2026, 2, 2, 8, 58))  # set back two days, for five minutes, past the 2nd's post time
    await simcord_env.advance_time(300)
    clock.set(utc(2026, 2, 4, 9, 40))  # corrected
    await run_until(simcord_env, clock, utc(2026, 2, 4, 10))
    await restart()
    await run_until(simcord_env, clock, utc(2026, 2, 4, 10, 10))
    await skip_to(simcord_env, clock, utc(2026, 2, 5, 9, 1))

    # The wrong clock posted a card dated the 2nd (not undone); the 4th's card is the one posted on the 4th.
    assert card_days(world.channel) == ["2026-02-01", "2026-02-04", "2026-02-02", "2026-02-05"]
