"""/paper show says what it looked for and did not find (session 13's review, SimCord).

`/paper show AlphaFold` answered "There is no paper with the id “AlphaFold”": any one word is shaped like an id to
`pasted_id`, and the reply called every word an id. It now names an id only for what is written as one (a card's
footer, an id in backticks, ten base32 characters with a digit), a title for words, and both for a ten-letter word
that could be either. (tests/bot/test_papers.py's unknown id is now shaped like an id: "nosuchpaper" is a title.)
"""

from __future__ import annotations

import pytest
import simcord

from bot.errors import PaperNotFoundError
from tests.bot.conftest import World, expect_errors


@pytest.mark.parametrize(("typed", "reply"), [
    ("AlphaFold", "There is no paper titled “AlphaFold”."),
    ("Transformers", "There is no paper titled “Transformers”."),
    ("gatyri3kkq", "There is no paper with the id “gatyri3kkq”."),  # an id's shape: ten base32 characters, a digit
    ("id zzzzzzzzzz", "There is no paper with the id “id zzzzzzzzzz”."),  # a card's footer
    ("`nosuch`", "There is no paper with the id “\\`nosuch\\`”."),  # quoted as a result list shows ids
    ("quantizers", "There is no paper with the id or title “quantizers”."),  # ten base32 letters: either
    ("id:", "There is no paper titled “id:”."),  # no id after it: "id" is no id
])
async def test_show_says_what_it_looked_for(simcord_env: simcord.Env, world: World, typed: str, reply: str) -> None:
    result = await world.alice.slash(world.channel, "paper show", paper=typed)

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content.startswith(reply), result.response.content
    expect_errors(simcord_env, PaperNotFoundError)
