"""Review 11: a subscription whose topic stopped matching any paper tells the moderator, and how to change it (SimCord).

After a corpus change left a channel's topic without papers, its card went on as the general paper of the
day with a note on the card, but where a moderator manages the daily paper nothing said so: `/paper
subscriptions` listed the topic as if it still chose the cards, and a `/paper subscribe` that moved the
time (keeping the topic) answered "Updated … about “axolotl”". Both now say that no paper matches the topic
any more, that the cards are the general paper of the day, and how to change it. Nothing is posted in the
channel for it (its card's note already says so there), so nothing can come twice: the list and the reply
say it each time they are asked, while it is true.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import cards, run_until, subscribe, subscriptions_listed, utc

# A zebrafish paper and an axolotl paper (tests.bot.conftest); a reload may keep only the zebrafish.
pytestmark = pytest.mark.zebrafish_and_axolotl

STALE = ("no paper matches “axolotl” any more, so the cards are the general paper of the day: "
         "`/paper subscribe topic:` sets another (`any` for any paper)")


async def test_the_list_says_a_topic_matches_nothing_any_more_and_how_to_change_it(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, zebrafish: Path,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="axolotl")
    assert "no paper matches" not in await subscriptions_listed(world)  # it matches: nothing to say

    await restart(corpus_paths=(zebrafish,))  # the axolotl paper is gone
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))

    listed = await subscriptions_listed(world)
    assert f"about “axolotl” · ⚠️ {STALE}" in listed, listed
    assert listed.count("no paper matches") == 1
    assert len(cards(world.channel)) == 1  # the day's card came, with its note, and nothing else was posted
    assert (cards(world.channel)[0].embeds[0].description or "").startswith("*No paper matches “axolotl” any more")

    changed = await world.mod.slash(world.channel, "paper subscribe", topic="zebrafish")
    assert changed.response is not None
    assert changed.response.content.startswith("Updated"), changed.response.content
    assert "no paper matches" not in changed.response.content.casefold()
    assert "no paper matches" not in await subscriptions_listed(world)


async def test_changing_the_time_of_a_subscription_whose_topic_matches_nothing_says_so(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, zebrafish: Path,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic="axolotl")
    await restart(corpus_paths=(zebrafish,))

    moved = await world.mod.slash(world.channel, "paper subscribe", time="10:00")

    assert moved.response is not None
    text = moved.response.content
    assert text.startswith("Updated"), text
    assert f"\n-# {STALE[0].upper()}{STALE[1:]}." in text, text
    assert len(cards(world.channel)) == 0  # nothing posted in the channel for it
