""""@everyone" and "@here" in what was typed are echoed as typed, and so is every other echo (session 18's review).

A search for "@everyone zqxjvwk" answered, in public, "No papers match “@everyone zqxjvwk”." with "@everyone"
shown as Discord shows a mention of everyone, highlighted (pinging nobody: no mention is allowed): the echo showed
"<@&…>", "<t:…>" and the rest as typed already, but not these two. The same held for /paper random's topic and
/paper show's title. The result list's title, which reads markdown, now goes through the same escaping, cut to its
256 characters after it.
"""

from __future__ import annotations

import pytest
import simcord

from bot import limits
from bot.errors import PaperNotFoundError, UserFacingError
from tests.bot.conftest import World, answer, expect_errors
from tests.bot.test_papers import embed_of


@pytest.mark.parametrize(("command", "option", "error"), [
    ("paper search", "query", None),
    ("paper random", "topic", UserFacingError),
    ("paper show", "paper", PaperNotFoundError),
])
@pytest.mark.parametrize("mention", ["@everyone", "@here"])
async def test_a_mention_of_everyone_in_what_was_typed_is_echoed_as_typed(
        simcord_env: simcord.Env, world: World, command: str, option: str,
        error: type[Exception] | None, mention: str) -> None:
    result = await world.alice.slash(world.channel, command, **{option: f"{mention} zqxjvwk"})

    # A backslash before the "@" shows it as text: "@everyone", not the highlighted mention.
    assert f"“\\{mention} zqxjvwk”" in answer(result).content, answer(result).content
    if error is not None:
        expect_errors(simcord_env, error)


async def test_the_result_list_title_shows_the_query_as_the_other_echoes_do(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="reinforcement learning <t:0:R> @here")

    # A title reads markdown: the backslashes show nothing, and the query reads as typed.
    assert embed_of(result).title == "Search: reinforcement learning \\<t:0:R> \\@here", embed_of(result).title


async def test_a_long_query_of_markup_is_cut_to_the_title_after_its_escapes(world: World) -> None:
    query = "learning " + "<@&1> @everyone " * 30  # ~480 characters typed, each "<" and "@" escaped

    title = embed_of(await world.alice.slash(world.channel, "paper search", query=query)).title or ""

    assert len(title) <= limits.EMBED_TITLE, len(title)
    assert title.startswith("Search: learning \\<@&1> \\@everyone \\<@&1>"), title
    assert title.endswith("…"), title
    assert not title.endswith("\\…"), title  # cut between escapes, never inside one
