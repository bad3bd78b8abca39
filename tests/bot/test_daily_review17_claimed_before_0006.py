"""Review 17: a card a clock set ahead claimed before migration 0006 still leaves its day a card (SimCord).

The bot before 0006 recorded no `claimed_after` with a claim: a card it posted a year early (its clock a year ahead
for minutes at a boot) was, after the upgrade, taken for that day's card, and the two days before it were not
claimed either (a later day within FURTHEST_AHEAD had been): a year on, the channel went three days without a
card. Every row claimed since the upgrade came after every row claimed before it, so an earlier day claimed since
says the old row was claimed ahead (storage.subscriptions._claimed_before_it).
"""

from __future__ import annotations

import simcord

from bot.client import PaperBot
from tests.bot.conftest import Restart, TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, skip_to, subscribe, subscriptions_listed, utc
from tests.bot.test_daily_review15_clock_ahead_warnings import a_year_ahead_for_three_minutes


async def as_before_migration_0006(bot: PaperBot) -> None:
    """The deliveries recorded so far as the bot before migration 0006 left them: no claimed_after."""
    await bot.writes.execute("UPDATE deliveries SET claimed_after = NULL")


async def test_the_day_a_card_was_claimed_for_a_year_early_before_the_upgrade_gets_its_card(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Restart,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    await a_year_ahead_for_three_minutes(simcord_env, clock)  # the card dated 1 February 2027
    clock.set(utc(2026, 2, 1, 9, 34))  # corrected
    await as_before_migration_0006(bot)
    await restart()  # the upgrade
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 40))

    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    await skip_to(simcord_env, clock, utc(2027, 1, 29, 9, 1))  # a year on
    await skip_to(simcord_env, clock, utc(2027, 1, 30, 9, 1))  # before: none
    # Before: no next post at all (the day claimed a year early taken for the last one posted).
    assert "next post <t:1801386000:F>" in await subscriptions_listed(world)  # 31 January 2027 09:00 UTC
    await skip_to(simcord_env, clock, utc(2027, 1, 31, 9, 1))  # before: none
    await skip_to(simcord_env, clock, utc(2027, 2, 1, 9, 1))  # the day itself: before, none
    await run_until(simcord_env, clock, utc(2027, 2, 1, 10))
    await skip_to(simcord_env, clock, utc(2027, 2, 2, 9, 1))

    assert card_days(world.channel) == ["2026-02-01", "2027-02-01", "2026-02-02", "2027-01-29", "2027-01-30",
                                        "2027-01-31", "2027-02-01", "2027-02-02"]
