"""A word holding an invisible character reads as the word (SimCord).

Text pasted from a web page, a PDF or another bot's message may carry characters nobody sees: a zero-width space
(a line-break hint inside a long word, or what bots put after "@" to defuse a mention), a word joiner, a
zero-width no-break space (a byte order mark) or a soft hyphen. `/paper search at<ZWSP>tention` answered 'No papers
match “attention”. Did you mean **attention**, …?' and its autocomplete offered nothing, as the search took the
invisible character for a space between two words.
"""

from __future__ import annotations

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

ZERO_WIDTH_SPACE, WORD_JOINER, BYTE_ORDER_MARK, SOFT_HYPHEN = "\u200b", "\u2060", "\ufeff", "\u00ad"
INVISIBLE = [ZERO_WIDTH_SPACE, WORD_JOINER, BYTE_ORDER_MARK, SOFT_HYPHEN]


@pytest.mark.parametrize("invisible", INVISIBLE)
async def test_a_word_with_an_invisible_character_is_searched_as_the_word(
        world: World, bot: PaperBot, invisible: str) -> None:
    plain = embed_of(await world.alice.slash(world.channel, "paper search", query="attention"))

    listed = await world.bob.slash(world.channel, "paper search", query=f"at{invisible}tention")

    assert listed.response is not None
    assert listed.response.content == ""  # no "No papers match", no "Did you mean"
    shown = embed_of(listed)
    assert shown.title == "Search: attention"
    assert (shown.description, shown.footer.text) == (plain.description, plain.footer.text)


@pytest.mark.parametrize("invisible", INVISIBLE)
async def test_autocomplete_offers_the_papers_of_the_word(world: World, invisible: str) -> None:
    plain = await world.alice.autocomplete(world.channel, "paper search", "query", "attention")
    assert plain

    assert await world.alice.autocomplete(world.channel, "paper search", "query", f"at{invisible}tention") == plain


async def test_a_random_papers_topic_reads_as_the_word(world: World) -> None:
    card = await world.alice.slash(world.channel, "paper random", topic=f"at{ZERO_WIDTH_SPACE}tention")

    assert not card.ephemeral
    shown = embed_of(card)
    assert shown.author.name == "A random paper about “attention”"
    assert "attention" in f"{shown.title} {shown.description}".lower()


async def test_a_topic_of_invisible_characters_alone_is_no_topic(simcord_env: simcord.Env, world: World) -> None:
    # As a topic of spaces alone: before, 'No papers match the topic “”.'
    card = await world.alice.slash(world.channel, "paper random", topic=ZERO_WIDTH_SPACE * 3)

    assert not card.ephemeral
    assert embed_of(card).author.name == "A random paper"
