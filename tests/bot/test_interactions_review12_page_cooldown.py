"""A result list's ◀ ▶ have a per-member budget, as every other button and menu has (SimCord).

Every press searches the page it asks for (at 100,000 papers a page past the 40th costs ~0.1 s of CPU), and the
presses had no cooldown: an autoclicker on ▶ kept the bot's two search slots busy for everybody else's searches.
"""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from bot.tree import ButtonOnCooldownError
from bot.views import BUTTON_COOLDOWN, PAGE_COOLDOWN
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of_message, frequent_word_query

SLOW_DOWN = "Slow down a little — you can use this button again in "


async def turn(world: World, listed: Any) -> simcord.InteractionResult:
    """alice turns her list `listed` (a search's response) a page: ▶ from the first page, ◀ from any other."""
    page = embed_of_message(world, listed.id).footer.text or ""
    return await world.alice.click(listed.message, label="▶" if page.startswith("Page 1/") else "◀")


async def test_paging_over_and_over_gets_the_buttons_cooldown_note(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    query = await frequent_word_query(bot)
    listed = await world.alice.slash(world.channel, "paper search", query=query)
    other = await world.alice.slash(world.channel, "paper search", query=query)
    assert listed.response is not None
    assert other.response is not None
    uses, per = PAGE_COOLDOWN
    assert uses >= BUTTON_COOLDOWN[0]  # a reader skimming pages turns more of them than they open cards
    searches: list[int] = []
    search = bot.search

    async def counted(*args: Any, **kwargs: Any) -> Any:
        searches.append(kwargs["offset"])
        return await search(*args, **kwargs)

    monkeypatch.setattr(bot, "search", counted)
    for n in range(uses):  # ▶ ◀ ▶ ◀ …, on two lists: the budget is the member's, for both buttons
        assert not (await turn(world, (listed if n % 3 else other).response)).ephemeral
    assert len(searches) == uses
    shown = embed_of_message(world, listed.response.id)

    # Before: every press searched again, as fast as it came.
    blocked = await turn(world, listed.response)

    assert blocked.ephemeral
    assert blocked.response is not None
    assert blocked.response.content.startswith(SLOW_DOWN)
    assert blocked.response.content.endswith(" s.")
    assert len(searches) == uses  # no search for it
    assert embed_of_message(world, listed.response.id).footer.text == shown.footer.text  # the list as it was
    own = await world.bob.slash(world.channel, "paper search", query=query)
    assert own.response is not None
    assert not (await world.bob.click(own.response.message, label="▶")).ephemeral  # per member
    assert (embed_of_message(world, own.response.id).footer.text or "").startswith("Page 2/")

    await simcord_env.advance_time(per + 1)
    assert not (await turn(world, listed.response)).ephemeral  # and only for a while
    assert embed_of_message(world, listed.response.id).footer.text != shown.footer.text
    expect_errors(simcord_env, ButtonOnCooldownError)


async def test_a_refused_press_does_not_move_the_page_the_next_one_pages_from(
        simcord_env: simcord.Env, world: World, bot: PaperBot) -> None:
    query = await frequent_word_query(bot)
    listed = await world.alice.slash(world.channel, "paper search", query=query)
    assert listed.response is not None
    uses, per = PAGE_COOLDOWN
    for n in range(uses):
        await world.alice.click(listed.response.message, label="◀" if n % 2 else "▶")
    assert (embed_of_message(world, listed.response.id).footer.text or "").startswith("Page 1/")
    for _ in range(3):  # refused: none of them counts as a page asked for
        assert (await world.alice.click(listed.response.message, label="▶")).ephemeral
    await simcord_env.advance_time(per + 1)

    await world.alice.click(listed.response.message, label="▶")

    assert (embed_of_message(world, listed.response.id).footer.text or "").startswith("Page 2/")
    expect_errors(simcord_env, *[ButtonOnCooldownError] * 3)
