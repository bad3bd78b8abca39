"""Review as a server moderator relying on the daily paper (SimCord): what the channel and the list show."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_card_content import AXOLOTL, SENTENCE, corpus_file
from tests.bot.test_daily_delivery import card_days, cards, daily, delivery, run_until, subscribe, utc


@pytest.fixture
def zebrafish(tmp_path: Path) -> Path:
    return corpus_file(tmp_path, "zebrafish.txt", SENTENCE * 3)


@pytest.fixture
def corpus_paths(tmp_path: Path, zebrafish: Path) -> tuple[Path, ...]:
    """A zebrafish paper and an axolotl paper; a reload may keep only the zebrafish."""
    return (zebrafish, corpus_file(tmp_path, "axolotl.txt", AXOLOTL))


async def test_a_retried_card_of_a_topic_that_matches_nothing_keeps_its_note(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, zebrafish: Path
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="axolotl")
    bot: PaperBot = await restart(corpus_paths=(zebrafish,))  # the topic matches nothing now
    # Discord fails the first send (the attempt, and its paper, are recorded before it): the retry
    # must post the same card, note included, not a zebrafish paper under the heading "axolotl".
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503,
                             message="Service Unavailable", times=1)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 5))

    assert card_days(world.channel) == ["2026-02-01"]
    card = cards(world.channel)[0].embeds[0]
    assert (card.author.name or "").endswith("· axolotl")
    assert (card.description or "").startswith("*No paper matches “axolotl” any more, so here is the general paper")
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert (await delivery(bot, sub, date(2026, 2, 1))).attempts == 2

