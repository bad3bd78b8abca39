"""▶ pressed again and again while pages are still coming (a loaded bot): a list searches only the pages that can
still be shown (SimCord)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import simcord

from bot.client import PaperBot
from bot.views import LIST_SEARCHES, PAGE_SIZE
from tests.bot.conftest import World, behind_the_lock, expect_errors
from tests.bot.test_papers import embed_of_message


async def test_presses_made_while_pages_are_coming_search_only_the_page_last_asked_for(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    query, presses = "model", 5  # "model" lists six pages of the bundled corpus
    assert (await bot.search_engine.search(query, limit=PAGE_SIZE)).total > presses * PAGE_SIZE
    result = await world.alice.slash(world.channel, "paper search", query=query)
    assert result.response is not None
    released = asyncio.Event()
    held = behind_the_lock(simcord_env, bot.search, released)  # under load a page takes a second or two
    offsets: list[int] = []

    async def slow(*args: Any, **kwargs: Any) -> Any:
        offsets.append(kwargs["offset"])
        return await held(*args, **kwargs)

    monkeypatch.setattr(bot, "search", slow)
    for _ in range(presses):  # an impatient reader: no page has come yet
        assert (await world.alice.click(result.response.message, label="▶")).acknowledged
    released.set()
    await simcord_env.settle()

    shown = embed_of_message(world, result.response.id)
    assert (shown.footer.text or "").startswith(f"Page {presses + 1}/")  # every press still counts
    # Before, each press queued a search of its own page: five searches, among everybody's two at a time, for the
    # one page shown. Now the presses made while two pages are being searched only move the page wanted, and the
    # first of those searches to end goes on to it.
    assert LIST_SEARCHES == 2
    assert offsets == [PAGE_SIZE, 2 * PAGE_SIZE, presses * PAGE_SIZE]


async def test_when_the_searches_under_presses_fail_the_next_press_pages_on_from_the_page_shown(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="model")
    assert result.response is not None
    released = asyncio.Event()
    search = bot.search

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("index unavailable")

    monkeypatch.setattr(bot, "search", behind_the_lock(simcord_env, broken, released))
    for _ in range(LIST_SEARCHES + 1):  # the last press only moves the page wanted (see above)
        await world.alice.click(result.response.message, label="▶")
    released.set()
    await simcord_env.settle()
    expect_errors(simcord_env, *[RuntimeError] * LIST_SEARCHES)  # each search's press got an error code
    assert (embed_of_message(world, result.response.id).footer.text or "").startswith("Page 1/")
    monkeypatch.setattr(bot, "search", search)

    await world.alice.click(result.response.message, label="▶")

    # No search went on to the page the last press wanted: the next press pages on from the page shown.
    assert (embed_of_message(world, result.response.id).footer.text or "").startswith("Page 2/")
