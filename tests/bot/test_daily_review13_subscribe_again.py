"""Review 13: `/paper subscribe` run again with nothing to change, after the post time but before the tick claimed
the day, keeps the day's card (SimCord).

A moderator runs `/paper subscribe` again to see the channel's settings (the reply is 'Already subscribed: …'). The
upsert makes the subscription active "since now" as every subscribe does, so when the day's claim had not happened
yet (it failed behind another process's write lock and is tried again a minute later: review 9), no later claim
took the day, and only a change ('Updated') or a resume counted the day as still to come: the channel had no card.
"""

from __future__ import annotations

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, skip_to, subscribe, utc
from tests.bot.test_daily_review9_late_claim import subscribed_and_the_nine_oclock_claim_failed


@pytest.mark.parametrize("options", [{}, {"time": "09:00"}])
async def test_subscribing_again_unchanged_before_the_late_claim_keeps_todays_card(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
    options: dict[str, str],
) -> None:
    await subscribed_and_the_nine_oclock_claim_failed(simcord_env, world, clock, bot, monkeypatch)

    again = await world.mod.slash(world.channel, "paper subscribe", **options)

    assert again.response is not None
    assert again.response.content.startswith("Already subscribed"), again.response.content
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))
    assert card_days(world.channel) == ["2026-02-01"]  # before: none that day
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]


async def test_subscribing_again_unchanged_after_todays_card_posts_no_second_one(
    simcord_env: simcord.Env, world: World, clock: TestClock,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))

    again = await world.mod.slash(world.channel, "paper subscribe")

    assert again.response is not None
    assert again.response.content.startswith("Already subscribed"), again.response.content
    assert "next post <t:1770022800:F>" in again.response.content  # 2 February 09:00 UTC
    await skip_to(simcord_env, clock, utc(2026, 2, 1, 12))
    assert card_days(world.channel) == ["2026-02-01"]
