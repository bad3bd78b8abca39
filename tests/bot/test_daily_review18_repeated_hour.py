"""A subscription made while the clocks read its post time's hour a second time says why its first card is
tomorrow's (session 18's review).

In Europe/Berlin the clocks go back from 03:00 to 02:00 on Sunday 25 October 2026, so 02:30 happens twice, and a
post time that happens twice is posted at its first reading, once. Subscribed at the second 02:10, the reply gave
tomorrow's 02:30 as the next post with nothing else, while the clock would read 02:30 again in 20 minutes: as if
the bot had the day wrong. It now says that the clocks read 02:30 twice that day and the card comes at the first.

Posting at the second reading for a subscription made between the two was weighed and left out: a claim is made
at its day's one post instant (`posts_on`, checked against an oracle in every zone), and the claim, the "claimed
ahead" checks and the "late" display all rely on a card's post instant being that one.
"""

from __future__ import annotations

import simcord

from bot.cogs.daily._commands import timestamp
from tests.bot.conftest import TestClock, World, answer
from tests.bot.test_daily_delivery import card_days, run_until, subscriptions_listed, utc

NOTE = ("(the clocks read 02:30 Europe/Berlin twice today, and the daily paper comes at the first, before they went "
        "back)")


async def test_a_subscription_made_in_the_repeated_hour_says_why_its_first_card_is_tomorrows(
    simcord_env: simcord.Env, world: World, clock: TestClock,
) -> None:
    clock.set(utc(2026, 10, 25, 1, 10))  # 02:10 CET: the clocks read 02:10 CEST an hour ago
    reply = answer(await world.mod.slash(world.channel, "paper subscribe", time="02:30", timezone="Europe/Berlin"))

    tomorrow = utc(2026, 10, 26, 1, 30)  # 02:30 CET
    assert f"next post {timestamp(tomorrow)} {NOTE}" in reply.content, reply.content
    assert NOTE in await subscriptions_listed(world)

    await run_until(simcord_env, clock, utc(2026, 10, 25, 1, 40))  # the second 02:30: no card, as before
    assert card_days(world.channel) == []
    await run_until(simcord_env, clock, utc(2026, 10, 26, 1, 31))
    assert card_days(world.channel) == ["2026-10-26"]
    assert NOTE not in await subscriptions_listed(world)  # the next post is an ordinary day's


async def test_a_subscription_made_before_the_first_reading_gets_no_note(
    simcord_env: simcord.Env, world: World, clock: TestClock,
) -> None:
    clock.set(utc(2026, 10, 25, 0, 10))  # 02:10 CEST: 02:30 is still to come, first
    reply = answer(await world.mod.slash(world.channel, "paper subscribe", time="02:30", timezone="Europe/Berlin"))

    assert f"next post {timestamp(utc(2026, 10, 25, 0, 30))}" in reply.content, reply.content
    assert "twice" not in reply.content
