"""Review 17: after a clock two or three days ahead was set back, "next post" shows the card that really comes next.

The card a clock set ahead claimed (tests/bot/test_daily_review17_clock_days_ahead.py) was counted as the last day
posted by `/paper subscriptions` and `/paper subscribe`'s reply while it was within FURTHEST_AHEAD of the date: "next
post" named the day after it, or nothing at all, while the next morning's card came as usual; and a card AutoMod
blocked while the clock was wrong was said "not posted" two days before its date. A day whose post time has not come
by the bot's clock, claimed after a gap, is no day posted (storage.subscriptions._ahead_of_the_clock).
"""

from __future__ import annotations

import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, skip_to, subscriptions_listed, utc
from tests.bot.test_daily_review15_clock_ahead_warnings import (
    the_first_card_posted_and_the_next_blocked,
)
from tests.bot.test_daily_review17_clock_days_ahead import ahead_for_three_minutes, posted_the_first_then

FEB_2_9AM = "<t:1770022800:F>"  # 2 February 2026 09:00 UTC


async def test_the_next_post_after_a_clock_two_days_ahead_is_the_next_morning(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    await posted_the_first_then(simcord_env, world, clock, utc(2026, 2, 3, 9, 30))

    line = await subscriptions_listed(world)

    assert f"next post {FEB_2_9AM}" in line, line  # before: none at all (the card of the 3rd taken for the last)
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-03", "2026-02-02"]


async def test_the_next_post_the_day_after_a_clock_three_days_ahead_is_that_morning(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    await posted_the_first_then(simcord_env, world, clock, utc(2026, 2, 4, 9, 30))
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 8))

    listed = await subscriptions_listed(world)
    reply = await world.mod.slash(world.channel, "paper subscribe")

    assert f"next post {FEB_2_9AM}" in listed, listed  # before: no next post at all
    assert reply.response is not None
    assert f"next post {FEB_2_9AM}" in reply.response.content, reply.response.content
    await run_until(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-04", "2026-02-02"]


async def test_a_card_blocked_while_the_clock_was_days_ahead_is_not_said_missed_before_its_date(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    await the_first_card_posted_and_the_next_blocked(simcord_env, world, clock)
    await ahead_for_three_minutes(simcord_env, clock, utc(2026, 2, 3, 9, 30))  # the card of the 3rd, blocked

    line = await subscriptions_listed(world)

    assert "not posted" not in line, line  # before: "⚠️ the card of Feb 3 was not posted", on the 1st
    assert f"next post {FEB_2_9AM}" in line, line
