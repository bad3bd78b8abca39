"""Review 16: the day a clock set ahead claimed still gets its card when it really comes (SimCord).

A machine whose clock is a year ahead for a few minutes (wrong at boot, until NTP steps it back) claims the card of
1 February 2027 on 1 February 2026 (tests/bot/test_daily_review13_clock_jump.py). The delivery row is unique per
subscription and local day, so when 1 February 2027 really came, its claim found that row (the card blocked by
AutoMod, or sent a year early) and the channel had no card that day. Nor on the two days before it: a day is not
claimed when a later one within FURTHEST_AHEAD already was (a move to a zone further west). A day claimed before
the days in front of it were claims nothing; its row is claimed again when its date comes, once. A day posted with
the right clock is never posted again, whatever the clock does after (set back a year, or a day).
"""

from __future__ import annotations

from datetime import date

import simcord

from bot.client import PaperBot
from tests.bot.conftest import Restart, TestClock, World
from tests.bot.test_daily_delivery import card_days, cards, delivery, run_until, skip_to, subscribe, utc
from tests.bot.test_daily_review15_clock_ahead_warnings import (
    a_year_ahead_for_three_minutes,
    the_first_card_posted_and_the_next_blocked,
)

CORRECTED = utc(2026, 2, 1, 9, 34)


async def a_card_posted_a_year_early(simcord_env: simcord.Env, world: World, clock: TestClock) -> None:
    """A channel subscribed at 09:00 gets its card of 1 February 2026, then, the clock a year ahead for three
    minutes, the card dated 1 February 2027; the clock corrected, the card of 2 February 2026."""
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    await a_year_ahead_for_three_minutes(simcord_env, clock)
    clock.set(CORRECTED)
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))


async def test_the_day_a_blocked_year_ahead_card_was_claimed_for_gets_its_card_when_it_comes(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    sub = await the_first_card_posted_and_the_next_blocked(simcord_env, world, clock)
    await a_year_ahead_for_three_minutes(simcord_env, clock)  # the card dated 1 February 2027 is blocked
    clock.set(CORRECTED)
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))

    for day in (29, 30, 31):  # a year on, the days before it: before, none on the 30th and 31st
        await skip_to(simcord_env, clock, utc(2027, 1, day, 9, 1))
    await skip_to(simcord_env, clock, utc(2027, 2, 1, 9, 1))  # the day itself: before, none
    await run_until(simcord_env, clock, utc(2027, 2, 1, 12))
    await skip_to(simcord_env, clock, utc(2027, 2, 2, 9, 1))

    assert card_days(world.channel) == ["2026-02-01", "2026-02-02", "2027-01-29", "2027-01-30", "2027-01-31",
                                        "2027-02-01", "2027-02-02"]
    assert (await delivery(bot, sub, date(2027, 2, 1))).message_id == cards(world.channel)[-2].id


async def test_a_card_sent_a_year_early_is_posted_again_on_its_day_once(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Restart,
) -> None:
    await a_card_posted_a_year_early(simcord_env, world, clock)

    await skip_to(simcord_env, clock, utc(2027, 1, 31, 9, 1))
    await skip_to(simcord_env, clock, utc(2027, 2, 1, 9, 1))
    await run_until(simcord_env, clock, utc(2027, 2, 1, 9, 30))
    await restart()
    await run_until(simcord_env, clock, utc(2027, 2, 1, 10))

    # The card posted on 1 February 2026 was no card of this day: the day has one, and one only.
    assert card_days(world.channel) == ["2026-02-01", "2027-02-01", "2026-02-02", "2027-01-31", "2027-02-01"]


async def test_a_year_early_card_is_not_taken_for_the_days_card_when_its_first_attempt_fails(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    await a_card_posted_a_year_early(simcord_env, world, clock)
    await skip_to(simcord_env, clock, utc(2027, 1, 31, 9, 1))
    # Discord fails the day's first attempt: the retry looks for a card the attempt may have posted (a quiet
    # channel: the year-early one is among its latest messages).
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503,
                             message="Service Unavailable", times=1)

    await skip_to(simcord_env, clock, utc(2027, 2, 1, 9, 1))
    await run_until(simcord_env, clock, utc(2027, 2, 1, 10))

    assert card_days(world.channel) == ["2026-02-01", "2027-02-01", "2026-02-02", "2027-01-31", "2027-02-01"]


async def test_a_day_posted_is_not_posted_again_after_the_clock_was_set_back_for_minutes(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Restart,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    await skip_to(simcord_env, clock, utc(2027, 2, 1, 9, 1))  # the bot was off for a year
    # Set back into that year for three minutes (a VM restored from a snapshot): a card dated then is posted, and
    # a day was claimed after 1 February 2027, as after a clock set ahead; but not on its eve.
    clock.set(utc(2026, 6, 1, 9, 30))
    await simcord_env.advance_time(180)
    clock.set(utc(2027, 2, 1, 9, 34))  # corrected
    await run_until(simcord_env, clock, utc(2027, 2, 1, 10))
    await restart()
    await run_until(simcord_env, clock, utc(2027, 2, 1, 10, 10))
    await skip_to(simcord_env, clock, utc(2027, 2, 2, 9, 1))

    assert card_days(world.channel) == ["2026-02-01", "2027-02-01", "2026-06-01", "2027-02-02"]


async def test_a_clock_set_back_a_day_posts_no_day_twice_and_skips_none(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    clock.set(utc(2026, 2, 1, 9, 30))  # a day behind, for a quarter of an hour
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 45))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]  # the 1st is not posted again
    clock.set(utc(2026, 2, 2, 9, 46))  # corrected
    await run_until(simcord_env, clock, utc(2026, 2, 2, 10))
    await skip_to(simcord_env, clock, utc(2026, 2, 3, 9, 1))

    assert card_days(world.channel) == ["2026-02-01", "2026-02-02", "2026-02-03"]


async def test_a_clock_set_back_a_day_for_the_whole_day_posts_the_next_one(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    clock.set(utc(2026, 2, 1, 23, 50))
    await run_until(simcord_env, clock, utc(2026, 2, 2, 0, 10))
    clock.set(utc(2026, 2, 1, 0, 10))  # stepped back a whole day, just after midnight
    await skip_to(simcord_env, clock, utc(2026, 2, 1, 9, 1))  # the day posted: nothing
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))

    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]
