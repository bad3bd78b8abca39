"""Review 15: after the clock was set ahead for a while, `/paper subscriptions` still says which cards were not posted.

A machine whose clock is a year ahead for a few minutes (wrong at boot, until NTP steps it back) claims and posts a
card dated a year on (tests/bot/test_daily_review13_clock_jump.py). The list's "⚠️ the card of … was not posted"
named the *latest* delivery only when it had failed: that year-ahead day was the latest for a year, so a card the
server's AutoMod blocked the next day went unsaid until then; and a year-ahead card that failed itself was the warning
shown every day of that year, beside cards that came. The same went for "⏳ … is late; trying again": a year-ahead
card failing while the clock was wrong was shown as late, trying again in a year. Days further ahead than any zone can
be (storage.subscriptions.FURTHEST_AHEAD) no longer count, as for the next post.
"""

from __future__ import annotations

import simcord

from bot.client import PaperBot
from storage.subscriptions import Subscription
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, skip_to, subscribe, subscriptions_listed, utc

AUTOMOD = "Message was blocked by automatic moderation"


def automod_blocks_the_next_card(env: simcord.Env, world: World) -> None:
    """The server's AutoMod blocks a word of the next card's abstract: Discord answers 400 (the day is given up)."""
    env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=400, code=200000, message=AUTOMOD,
                     times=1)


async def the_first_card_posted_and_the_next_blocked(env: simcord.Env, world: World, clock: TestClock) -> Subscription:
    """Subscribed at 09:00 on 1 February 2026, that day's card posted; the server's AutoMod blocks the next card.
    Returns the subscription."""
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(env, world, time="09:00")
    await run_until(env, clock, utc(2026, 2, 1, 9, 1))
    automod_blocks_the_next_card(env, world)
    return sub


async def a_year_ahead_for_three_minutes(env: simcord.Env, clock: TestClock) -> None:
    """The clock reads 1 February 2027 09:30 for three minutes (the tick then claims and tries that day's card)."""
    clock.set(utc(2027, 2, 1, 9, 30))
    await env.advance_time(180)


async def test_a_card_blocked_after_the_clock_was_corrected_is_said_not_posted(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    await a_year_ahead_for_three_minutes(simcord_env, clock)
    clock.set(utc(2026, 2, 1, 9, 34))  # corrected
    automod_blocks_the_next_card(simcord_env, world)

    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2027-02-01"]  # none on the 2nd
    line = await subscriptions_listed(world)

    # Before: nothing said (the card of 1 February 2027 was the latest delivery, and it was sent).
    assert f"⚠️ the card of Feb 2 was not posted (rejected by Discord: 400 Bad Request (error code: 200000): " \
           f"{AUTOMOD})" in line, line
    assert line.count("not posted") == 1
    await skip_to(simcord_env, clock, utc(2026, 2, 3, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2027-02-01", "2026-02-03"]
    assert "not posted" not in await subscriptions_listed(world)  # the next card came: the warning went with it


async def test_a_card_the_wrong_clock_failed_to_post_is_not_a_warning_for_the_year(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    await the_first_card_posted_and_the_next_blocked(simcord_env, world, clock)
    await a_year_ahead_for_three_minutes(simcord_env, clock)  # the card dated 1 February 2027 is blocked
    clock.set(utc(2026, 2, 1, 9, 34))  # corrected

    assert card_days(world.channel) == ["2026-02-01"]
    # Before: "⚠️ the card of Feb 1 was not posted", beside the card of Feb 1 in the channel, and every day after.
    assert "not posted" not in await subscriptions_listed(world)
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]
    assert "not posted" not in await subscriptions_listed(world)
    # A card the server's AutoMod blocks now is said, once, as on any day.
    automod_blocks_the_next_card(simcord_env, world)
    await skip_to(simcord_env, clock, utc(2026, 2, 3, 9, 1))
    line = await subscriptions_listed(world)
    assert "⚠️ the card of Feb 3 was not posted" in line, line
    assert line.count("not posted") == 1


async def test_a_card_failing_while_the_clock_was_wrong_is_not_late_for_a_year(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503,
                             message="Service Unavailable", times=None)  # Discord down while the clock is wrong
    await a_year_ahead_for_three_minutes(simcord_env, clock)
    simcord_env.backend.faults.clear()  # Discord is back
    clock.set(utc(2026, 2, 1, 9, 34))  # corrected

    line = await subscriptions_listed(world)

    # Before: "⏳ the card of Feb 1 is late (HTTP 503: Service Unavailable); trying again" in a year.
    assert "late" not in line, line
    assert "next post <t:1770022800:F>" in line  # 2 February 2026 09:00 UTC
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]
