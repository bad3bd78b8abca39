"""Review 9: after a crash, the card already posted is found in a busy channel too (SimCord).

A card sent just before a crash (before it was recorded) is looked for when the bot is back: it was
looked for among the channel's last 50 messages only. In a busy channel (or after a long outage) more
than 50 messages came after it, the card was not found, and the channel got the day's card twice.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from bot.cogs.daily._scheduler import ATTEMPT_WINDOW, RECOVERY_SCAN
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import cards, crash_after_sending, daily, run_until, subscribe


async def test_a_card_sent_before_a_crash_is_not_posted_again_after_a_busy_hour(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock.set(simcord_env.now())  # the bot's clock and Discord's (the messages' ids) agree, as they do live
    post = clock.now().replace(second=0, microsecond=0) + timedelta(minutes=2)
    sub = await subscribe(simcord_env, world, time=f"{post:%H:%M}")
    crash_after_sending(bot, monkeypatch)
    await run_until(simcord_env, clock, post + timedelta(minutes=1))
    assert len(cards(world.channel)) == 1
    assert post.date() == clock.now().date()

    # The bot stays down for a while; the channel goes on talking.
    for n in range(RECOVERY_SCAN + 10):
        await world.alice.send(world.channel, f"message {n}")
    new_bot = await restart()
    await run_until(simcord_env, clock, post + ATTEMPT_WINDOW + timedelta(minutes=2))

    assert len(cards(world.channel)) == 1, "posted twice after the crash"
    recovered = await daily(new_bot).subscriptions.delivery(sub.id, post.date())
    assert recovered is not None
    assert (recovered.status, recovered.message_id) == ("sent", cards(world.channel)[0].id)


async def test_in_a_quiet_channel_the_card_is_looked_for_with_one_request(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A retry after every 5xx looks for the card first: during an outage that is one request per channel,
    # not two, unless the latest messages all came after the claim.
    clock.set(simcord_env.now())
    post = clock.now().replace(second=0, microsecond=0) + timedelta(minutes=2)
    await subscribe(simcord_env, world, time=f"{post:%H:%M}")
    crash_after_sending(bot, monkeypatch)
    await run_until(simcord_env, clock, post + timedelta(minutes=1))
    await world.alice.send(world.channel, "a quiet channel")
    await restart()
    await run_until(simcord_env, clock, post + ATTEMPT_WINDOW + timedelta(minutes=2))

    assert len(cards(world.channel)) == 1
    looked = [r for r in simcord_env.http_requests
              if r.method == "GET" and r.path == f"/channels/{world.channel.id}/messages"]
    assert len(looked) == 1, looked
