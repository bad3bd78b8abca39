""""Another random" on a card of a long topic keeps the whole topic (session 18's review).

The button's custom_id holds the topic beside the paper id in Discord's 100 characters, so a topic of more than ~75
characters is cut there at a word. The click searched the cut topic: with "graph neural networks for molecular
property prediction under distribution shift", the papers of "… under distribution" too, so "another random paper
about" it was a paper not about distribution shift, under a heading naming the cut topic. The click now reads the
whole topic from the card's heading, and a restart changes nothing (the heading is on the message).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot import limits
from bot.client import PaperBot
from tests.bot.conftest import World, answer
from tests.bot.test_daily_card_content import corpus_file
from tests.bot.test_papers import buttons, embed_of

TOPIC = "graph neural networks for molecular property prediction under distribution shift"
THE_ONE = ("We train graph neural networks for molecular property prediction under distribution shift between "
           "scaffolds, and show gains on ten public benchmarks with careful controls.")
# Papers of the topic without its last word: what its cut form, "… under distribution", also finds.
OTHERS = [f"We train graph neural networks for molecular property prediction under distribution constraints on {what}, "
          "with an analysis of the errors across molecules and careful controls." for what in
          ("ten public benchmarks", "three protein datasets", "crystal structures", "reaction yields")]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """One paper of the whole topic, four of it without "shift"."""
    return (corpus_file(tmp_path, "molecules.txt", THE_ONE, *OTHERS),)


async def test_the_topic_is_long_enough_to_be_cut_in_the_buttons_custom_id(world: World, bot: PaperBot) -> None:
    assert len(await bot.search_engine.matching_ids(TOPIC)) == 1
    assert len(await bot.search_engine.matching_ids(TOPIC.removesuffix(" shift"))) == 1 + len(OTHERS)
    first = await world.alice.slash(world.channel, "paper random", topic=TOPIC)

    custom_id = buttons(answer(first).message)["Another random"]["custom_id"]
    assert len(custom_id) <= limits.CUSTOM_ID
    assert TOPIC not in custom_id  # cut: what the click used to search


@pytest.mark.parametrize("restarted", [False, True])
async def test_another_random_on_a_long_topic_keeps_the_whole_topic(
    world: World, restart: Callable[..., Awaitable[PaperBot]], restarted: bool,
) -> None:
    first = await world.alice.slash(world.channel, "paper random", topic=TOPIC)
    assert embed_of(first).author.name == f"A random paper about “{TOPIC}”"
    if restarted:
        await restart()

    again = await world.alice.click(answer(first).message, label="Another random")

    # Was another paper, not about distribution shift, "A random paper about “… under distribution”".
    assert again.ephemeral
    assert again.response is not None
    assert again.response.content == (f"This is the only paper about “{TOPIC}”. "
                                      "Try a broader topic, or `/paper random` without one.")

