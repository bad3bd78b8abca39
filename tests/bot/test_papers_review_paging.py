"""Page turns pressed quickly: each press counts, from the page the press before asked for."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from bot.views import PAGE_SIZE
from storage.search import SearchResults
from tests.bot.conftest import World, behind_the_lock
from tests.bot.test_papers import embed_of_message, frequent_word_query


@pytest.mark.parametrize(("start", "presses", "page"), [
    (1, ("▶", "▶"), 3),
    (2, ("▶", "◀"), 2),
    (1, ("▶", "▶", "◀"), 2),
])
async def test_presses_made_while_a_page_is_still_coming_each_count(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        start: int, presses: tuple[str, ...], page: int) -> None:
    query = await frequent_word_query(bot)  # more than two pages
    result = await world.alice.slash(world.channel, "paper search", query=query)
    assert result.response is not None
    for _ in range(start - 1):
        await world.alice.click(result.response.message, label="▶")
    released = asyncio.Event()
    search, held = bot.search, behind_the_lock(simcord_env, bot.search, released)
    calls = 0

    async def first_one_slow(*args: Any, **kwargs: Any) -> Any:  # under load a page takes a second or two
        nonlocal calls
        calls += 1
        return await (held if calls == 1 else search)(*args, **kwargs)

    monkeypatch.setattr(bot, "search", first_one_slow)
    for label in presses:  # the first page turn is still searching when the next press comes
        assert (await world.alice.click(result.response.message, label=label)).acknowledged
    released.set()
    await simcord_env.settle()

    # Before, every press paged from the page on screen: ▶ ▶ from page 1 showed page 2, and ▶ ◀ from page 2
    # showed page 3 (the ◀ answered first, with page 1, then the slow ▶'s page 3 came over it).
    shown = embed_of_message(world, result.response.id)
    assert (shown.footer.text or "").startswith(f"Page {page}/")
    expected = await bot.search_engine.search(query, limit=PAGE_SIZE, offset=(page - 1) * PAGE_SIZE)
    assert f"**{(page - 1) * PAGE_SIZE + 1}. " in (shown.description or "")
    assert all(f"`{hit.paper.id}`" in (shown.description or "") for hit in expected.hits)


async def test_after_a_page_that_came_back_empty_the_next_press_pages_on_from_the_page_shown(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    query = await frequent_word_query(bot)  # more than two pages
    result = await world.alice.slash(world.channel, "paper search", query=query)
    assert result.response is not None
    search, calls = bot.search, 0

    async def first_one_empty(*args: Any, **kwargs: Any) -> Any:  # a corpus reload emptied page 2 meanwhile
        nonlocal calls
        calls += 1
        found = await search(*args, **kwargs)
        return SearchResults(total=found.total) if calls == 1 else found

    monkeypatch.setattr(bot, "search", first_one_empty)
    await world.alice.click(result.response.message, label="▶")
    assert (embed_of_message(world, result.response.id).footer.text or "").startswith("Page 1/")  # stayed put

    await world.alice.click(result.response.message, label="▶")

    # Before, the empty page was still the one asked for, so this ▶ skipped to page 3.
    assert (embed_of_message(world, result.response.id).footer.text or "").startswith("Page 2/")
