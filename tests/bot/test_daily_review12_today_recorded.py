"""Review 12: `/paper today` in a channel about a topic uses the day's recorded pick without matching the topic
against the corpus (SimCord).

In a channel with a topic subscription, every `/paper today` (and every daily card) matched the topic against
the whole corpus (SearchEngine.matching_ids: a pass over the index in a worker thread, for a topic as broad as
"learning" most of 100,000 papers) before it looked whether the day's pick was recorded, which it is after
the first ask or the morning's card. The recorded pick, while it is still in the corpus, is now the answer
as it is; the topic is matched only to make the pick, or when a corpus change retired it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_card_content import SENTENCE, corpus_file
from tests.bot.test_daily_delivery import cards, run_until, subscribe, utc
from tests.bot.test_daily_review10_today import card_paper_id
from tests.bot.test_papers import embed_of

TOPIC = "reinforcement learning"
HEADING = "Paper of the day · Sunday 1 February 2026 · reinforcement learning"


class MatchingSpy:
    """Counts SearchEngine.matching_ids calls; `broken` makes them fail, as a topic that cannot be matched."""

    def __init__(self, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[str] = []
        self.broken = False
        matching = bot.search_engine.matching_ids

        async def counted(topic: str, **kwargs: Any) -> list[str]:
            self.calls.append(topic)
            if self.broken:
                raise AssertionError("the topic was matched against the corpus")
            return await matching(topic, **kwargs)

        monkeypatch.setattr(bot.search_engine, "matching_ids", counted)


async def test_today_in_a_topic_channel_uses_the_recorded_pick_without_matching_the_topic(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic=TOPIC)
    spy = MatchingSpy(bot, monkeypatch)

    first = embed_of(await world.alice.slash(world.channel, "paper today"))  # the day's first ask picks
    assert spy.calls == [TOPIC]
    spy.calls.clear()
    again = [embed_of(await world.bob.slash(world.channel, "paper today")) for _ in range(3)]

    assert spy.calls == []  # before: one matching of the topic against the corpus per ask
    assert [shown.footer.text for shown in again] == [first.footer.text] * 3
    assert {shown.author.name for shown in (first, *again)} == {HEADING}


async def test_the_days_card_and_today_after_it_need_no_matching_once_the_pick_is_recorded(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic=TOPIC)
    first = embed_of(await world.alice.slash(world.channel, "paper today"))
    spy = MatchingSpy(bot, monkeypatch)
    spy.broken = True  # matching now would fail the card and the answer

    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))
    shown = embed_of(await world.alice.slash(world.channel, "paper today"))

    assert spy.calls == []
    assert first.footer.text == shown.footer.text == f"id {card_paper_id(world.channel)}"
    assert cards(world.channel)[0].embeds[0].author.name == shown.author.name == HEADING


async def test_a_recorded_pick_a_corpus_change_retired_is_matched_again_and_told_as_before(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic=TOPIC)
    embed_of(await world.alice.slash(world.channel, "paper today"))  # recorded: a reinforcement learning paper
    # A corpus reload leaves one paper, about zebrafish: the recorded pick is retired, the topic matches nothing.
    started = await restart(corpus_paths=(corpus_file(tmp_path, "zebrafish.txt", SENTENCE * 3),))
    spy = MatchingSpy(started, monkeypatch)

    shown = embed_of(await world.alice.slash(world.channel, "paper today"))

    assert spy.calls == [TOPIC]
    assert (shown.description or "").startswith(
        "*No paper matches “reinforcement learning” any more, so here is the general paper of the day.*")
