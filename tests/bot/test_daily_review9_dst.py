"""Review 9: a post time the clocks skip, as /paper subscribe and /paper subscriptions show it (SimCord).

02:30 does not exist in Europe/Berlin on Sunday 29 March 2026 (02:00 → 03:00); that day's card comes at
03:00 (test_daily_delivery). The reply said "**02:30** Europe/Berlin · next post <03:00>" and nothing
else, so the moderator saw a post time and a next post that disagree, as if the bot were wrong.
"""

from __future__ import annotations

from datetime import datetime

import simcord

from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, skip_to, subscribe, subscriptions_listed, utc


def stamp(moment: datetime) -> str:
    return f"<t:{int(moment.timestamp())}:F>"


async def test_a_post_time_the_clocks_skip_says_when_that_days_card_comes_and_why(
    simcord_env: simcord.Env, world: World, clock: TestClock
) -> None:
    clock.set(utc(2026, 3, 28, 8))  # Saturday; the clocks go forward tonight
    reply = await world.mod.slash(world.channel, "paper subscribe", time="02:30", timezone="Europe/Berlin")

    assert reply.response is not None
    text = reply.response.content
    three_cest = utc(2026, 3, 29, 1)  # 03:00 CEST
    assert f"next post {stamp(three_cest)}" in text, text
    assert "at 03:00 Europe/Berlin: the clocks skip 02:30 that day" in text, text
    assert "the clocks skip 02:30 that day" in await subscriptions_listed(world)

    await skip_to(simcord_env, clock, utc(2026, 3, 29, 0, 50))  # the ticks around the jump, not the day's
    await run_until(simcord_env, clock, utc(2026, 3, 29, 1, 1))
    assert card_days(world.channel) == ["2026-03-29"]
    # The next day has its 02:30 again: nothing to explain.
    after = await subscriptions_listed(world)
    assert stamp(utc(2026, 3, 30, 0, 30)) in after, after
    assert "skip" not in after


async def test_a_post_time_that_happens_twice_or_on_an_ordinary_day_gets_no_note(
    simcord_env: simcord.Env, world: World, clock: TestClock
) -> None:
    clock.set(utc(2026, 10, 24, 8))  # the clocks go back tonight: 02:30 happens twice, posted at the first
    await subscribe(simcord_env, world, time="02:30", timezone="Europe/Berlin")
    shown = await subscriptions_listed(world)
    assert stamp(utc(2026, 10, 25, 0, 30)) in shown, shown
    assert "skip" not in shown
