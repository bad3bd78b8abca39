"""A query typed in circled or full-width letters is searched (session 13's review, SimCord).

`/paper search ⓜⓞⓓⓔⓛ` (circled letters, as some keyboards and fancy-text sites make them) was refused with "Type a
few words to search for", though the search reads them as "model" since session 12: the cog's check asked
`str.isalnum`, and a circled letter is a symbol. The check now reads the query as the search does.
"""

from __future__ import annotations

import pytest
import simcord

from bot.errors import UserFacingError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of


@pytest.mark.parametrize("typed", ["ⓜⓞⓓⓔⓛ", "ⓂⓄⒹⒺⓁ", "🄼🄾🄳🄴🄻", "ｍｏｄｅｌ"])
async def test_a_word_in_circled_or_full_width_letters_is_searched_as_the_word(world: World, typed: str) -> None:
    plain = embed_of(await world.alice.slash(world.channel, "paper search", query="model"))

    listed = await world.bob.slash(world.channel, "paper search", query=typed)

    assert not listed.ephemeral, listed.response
    shown = embed_of(listed)
    assert shown.title == f"Search: {typed}"  # echoed as typed
    assert (shown.description, shown.footer.text) == (plain.description, plain.footer.text)


@pytest.mark.parametrize("typed", ["—", "∑ ∫", "→ ⇒"])
async def test_symbols_alone_are_still_no_words(simcord_env: simcord.Env, world: World, typed: str) -> None:
    result = await world.alice.slash(world.channel, "paper search", query=typed)

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content.startswith("Type a few words to search for")
    expect_errors(simcord_env, UserFacingError)
