"""Review: a channel deleted while the bot was away (SimCord)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from bot.settings import Settings
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import (
    cards,
    crash_after_sending,
    crash_before_sending,
    daily,
    delivery,
    run_until,
    subscribe,
    utc,
)


@pytest.fixture
def bot_settings(bot_settings: Settings) -> Settings:
    """One subscription per server: the dead one would hold the only place."""
    return bot_settings.with_overrides(max_subscriptions_per_guild=1)


async def test_a_paused_subscription_of_a_channel_deleted_while_the_bot_was_away_frees_its_place(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any
) -> None:
    doomed = world.guild.create_text_channel("doomed")
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, doomed, time="09:00")
    simcord_env.inject_error("POST", f"/channels/{doomed.id}/messages", status=403, code=50013,
                             message="Missing Permissions")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    paused = await daily(bot).subscriptions.by_id(sub.id)
    assert paused is not None
    assert paused.status == "paused"  # it will never post again, so never hear "Unknown Channel"
    await bot.remove_cog("DailyPosts")  # the bot going down: nobody hears the deletion
    simcord_env.backend.delete_channel(doomed.id)
    await simcord_env.settle()

    new_bot = await restart()
    await simcord_env.advance_time(5)

    # /paper unsubscribe cannot name a deleted channel: only the bot can let its place go.
    listing = await world.mod.slash(world.channel, "paper subscriptions")
    assert listing.response is not None
    assert "no daily-paper subscriptions" in listing.response.content, listing.response.embeds
    await subscribe(simcord_env, world, time="10:00")
    ended = await daily(new_bot).subscriptions.by_id(sub.id)
    assert ended is not None
    assert (ended.status, ended.status_reason) == ("ended", "the channel was deleted")


async def test_a_card_sent_just_before_a_crash_at_midnight_is_recorded_sent_not_given_up(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock.set(utc(2026, 2, 1, 20))
    sub = await subscribe(simcord_env, world, time="23:58")
    crash_after_sending(bot, monkeypatch)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 23, 59))
    assert len(cards(world.channel)) == 1

    clock.set(utc(2026, 2, 2, 0, 10))  # back after midnight: the 1st is over
    new_bot = await restart()
    await simcord_env.advance_time(120)

    recorded = await delivery(new_bot, sub, date(2026, 2, 1))
    assert (recorded.status, recorded.message_id) == ("sent", cards(world.channel)[0].id), recorded.error
    assert len(cards(world.channel)) == 1


async def test_a_card_lost_in_a_crash_before_midnight_is_not_posted_the_next_day(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock.set(utc(2026, 2, 1, 20))
    sub = await subscribe(simcord_env, world, time="23:58")
    crash_before_sending(bot, monkeypatch)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 23, 59))
    clock.set(utc(2026, 2, 2, 0, 10))
    new_bot = await restart()
    await simcord_env.advance_time(120)

    given_up = await delivery(new_bot, sub, date(2026, 2, 1))
    assert given_up.status == "failed"
    assert "day ended" in (given_up.error or "")
    assert cards(world.channel) == []  # the 1st's card is not posted on the 2nd
