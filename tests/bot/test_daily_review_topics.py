"""Review: a subscription whose topic stopped matching after a corpus reload (SimCord)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import UserFacingError
from tests.bot.conftest import TestClock, World, expect_errors
from tests.bot.test_daily_delivery import daily, subscribe, utc

# A zebrafish paper and an axolotl paper (tests.bot.conftest); a reload may keep only the zebrafish.
pytestmark = pytest.mark.zebrafish_and_axolotl


async def test_a_topic_that_stopped_matching_does_not_lock_the_subscription(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, zebrafish: Path
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="axolotl")
    smaller = await restart(corpus_paths=(zebrafish,))  # the axolotl paper is gone: the topic matches nothing now

    # The topic is kept when not given (the posts go on, the general pick with a note), so
    # the admin must still be able to move the time, or resume after a pause.
    moved = await world.mod.slash(world.channel, "paper subscribe", time="10:00")
    assert moved.response is not None
    assert moved.response.content.startswith("Updated"), moved.response.content
    sub = await daily(smaller).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert (sub.post_time.hour, sub.topic) == (10, "axolotl")
    # A topic given now that matches nothing is still refused.
    other = await world.mod.slash(world.channel, "paper subscribe", topic="quokka")
    assert other.response is not None
    assert "No papers match the topic “quokka”" in other.response.content
    expect_errors(simcord_env, UserFacingError)


async def test_any_as_the_topic_drops_it_and_keeps_the_time_and_zone(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="07:30", timezone="Europe/Berlin", topic="axolotl")
    assert sub.topic == "axolotl"

    changed = await world.mod.slash(world.channel, "paper subscribe", topic="Any")

    assert changed.response is not None
    assert changed.response.content.startswith("Updated"), changed.response.content
    settings, replaced = changed.response.content.split("\n")  # what it is now, and what it was
    assert "axolotl" not in settings
    assert "about" not in settings
    assert replaced == "-# It replaces **07:30** Europe/Berlin · about “axolotl”: a channel has one daily paper."
    now = await daily(bot).subscriptions.by_id(sub.id)
    assert now is not None
    assert (now.topic, now.post_time, now.timezone) == (None, sub.post_time, "Europe/Berlin")
