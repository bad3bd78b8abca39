"""Review: a subscription whose topic stopped matching after a corpus reload (SimCord)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import simcord

from bot.client import create_bot
from bot.errors import UserFacingError
from bot.settings import Settings
from tests.bot.conftest import TestClock, World, expect_errors
from tests.bot.test_daily_card_content import AXOLOTL, SENTENCE, corpus_file
from tests.bot.test_daily_delivery import daily, utc


@pytest.fixture
def zebrafish(tmp_path: Path) -> Path:
    return corpus_file(tmp_path, "zebrafish.txt", SENTENCE * 3)


@pytest.fixture
def corpus_paths(tmp_path: Path, zebrafish: Path) -> tuple[Path, ...]:
    """A zebrafish paper and an axolotl paper; the reload below keeps only the zebrafish."""
    return (zebrafish, corpus_file(tmp_path, "axolotl.txt", AXOLOTL))


async def test_a_topic_that_stopped_matching_does_not_lock_the_subscription(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot_settings: Settings, zebrafish: Path
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    subscribed = await world.mod.slash(world.channel, "paper subscribe", time="09:00", topic="axolotl")
    assert subscribed.response is not None
    assert subscribed.response.content.startswith("Subscribed")
    smaller = create_bot(replace(bot_settings, corpus_paths=(zebrafish,)), clock=clock)
    await simcord_env.restart_bot(smaller)  # the axolotl paper is gone: the topic matches nothing now
    try:
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
    finally:
        await smaller.db.close()
