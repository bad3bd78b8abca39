"""What the daily card shows when its paper is hostile: within Discord's limits, cut at a word with "…"."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
import simcord
from hypothesis import given
from hypothesis import strategies as st

from bot import limits
from bot.cogs.daily._scheduler import MARKER, card_marker, daily_card
from storage.models import Paper
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import run_until
from tests.bot.test_embeds import _any_text, _papers, assert_within_limits

SENTENCE = "We study the zebrafish retina under many, many different experimental conditions. "
AXOLOTL = ("We show that axolotl limbs regenerate after amputation in twelve distinct experimental settings, "
           "with careful controls.")


def corpus_file(folder: Path, name: str, *abstracts: str) -> Path:
    path = folder / name
    path.write_text("Hostile Workshop 2026 Papers\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def zebrafish(tmp_path: Path) -> Path:
    """A corpus file with one paper, its abstract 20,000 characters long."""
    return corpus_file(tmp_path, "zebrafish.txt", (SENTENCE * 300)[:20_000].strip())


@pytest.fixture
def corpus_paths(tmp_path: Path, zebrafish: Path) -> tuple[Path, ...]:
    """The zebrafish paper and a short one about axolotls."""
    return (zebrafish, corpus_file(tmp_path, "axolotl.txt", AXOLOTL))


async def test_the_general_pick_after_a_topic_stopped_matching_is_cut_at_a_word_within_limits(
        simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any, zebrafish: Path) -> None:
    clock.set(datetime(2026, 2, 1, 8, 0, tzinfo=UTC))
    subscribed = await world.mod.slash(world.channel, "paper subscribe", time="09:00", topic="axolotl")
    assert subscribed.response is not None
    assert subscribed.response.content.startswith("Subscribed")
    await restart(corpus_paths=(zebrafish,))  # the axolotl paper is gone: the topic matches nothing now
    await run_until(simcord_env, clock, datetime(2026, 2, 1, 9, 1, tzinfo=UTC))

    posted = [m for m in world.channel.history() if m.embeds and MARKER in (m.embeds[0].footer.text or "")]
    assert len(posted) == 1
    card = posted[0].embeds[0]
    assert (card.footer.text or "").endswith(card_marker(date(2026, 2, 1)))
    description = card.description or ""
    assert description.startswith("*No paper matches “axolotl” any more, so here is the general paper")
    assert description.endswith("…")  # the abstract is cut at a word, and says so
    assert SENTENCE.strip().rsplit(" ", 1)[0] in description
    assert description[:-1].rstrip().split()[-1] in SENTENCE.split()
    assert len(description) <= limits.EMBED_DESCRIPTION
    assert len(card) <= limits.EMBED_TOTAL


@given(_papers, st.dates(), st.none() | _any_text, st.none() | _any_text)
def test_any_daily_card_fits_discords_limits_and_keeps_its_marker(
        paper: Paper, day: date, topic: str | None, note: str | None) -> None:
    embed = daily_card(paper, day, topic=topic, note=note)
    assert_within_limits(embed.to_dict(), len(embed))
    footer = embed.footer.text or ""
    assert footer.startswith(f"id {paper.id}")
    assert footer.endswith(card_marker(day))


def test_a_daily_card_of_a_paper_with_every_field_full_fits_six_thousand() -> None:
    paper = Paper(id="abcdefghij", title="T" * 300, abstract="word " * 5000, abstract_raw="",
                  authors=tuple(f"Author Name {n}" for n in range(100)), venue="V" * 300,
                  keywords=tuple(f"keyword {n}" for n in range(100)), names=tuple(f"NAME{n}" for n in range(100)),
                  links=tuple(f"https://github.com/x/{'y' * 150}{n}" for n in range(5)), url="https://x.org")
    day = date(2026, 11, 30)

    embed = daily_card(paper, day, topic="reinforcement learning")

    assert_within_limits(embed.to_dict(), len(embed))
    assert (embed.description or "").endswith("…")
    assert (embed.footer.text or "") == f"id abcdefghij · {card_marker(day)}"
