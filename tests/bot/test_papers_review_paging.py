"""Page turns pressed quickly: each press counts, from the page the press before asked for."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
import pytest
import simcord

from bot.client import PaperBot
from bot.views import PAGE_SIZE
from storage.db import open_database
from storage.search import SearchResults
from storage.vectors import embed_missing
from tests.bot.conftest import World, behind_the_lock, expect_errors
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


async def test_a_page_turn_rate_limited_for_long_leaves_the_list_where_it_is_shown(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    # With max_ratelimit_timeout (bot.client) a long Retry-After raises discord.RateLimited, which is not
    # an HTTPException: the list must treat it as the failed edit it is (SimCord never rate-limits).
    query = await frequent_word_query(bot)
    result = await world.alice.slash(world.channel, "paper search", query=query)
    assert result.response is not None
    edit, edits = discord.Interaction.edit_original_response, 0

    async def rate_limited_once(interaction: discord.Interaction, **kwargs: Any) -> Any:
        nonlocal edits
        edits += 1
        if edits == 1:
            raise discord.RateLimited(600.0)
        return await edit(interaction, **kwargs)

    monkeypatch.setattr(discord.Interaction, "edit_original_response", rate_limited_once)
    failed = await world.alice.click(result.response.message, label="▶")
    notice = failed.response if failed.response is not None and failed.response.content else failed.followups[-1]
    assert notice.content == "Discord is asking me to slow down; please try again in 10 min."
    assert (embed_of_message(world, result.response.id).footer.text or "").startswith("Page 1/")
    expect_errors(simcord_env, discord.RateLimited)

    await world.alice.click(result.response.message, label="▶")

    # Before, the list took the page it could not show as shown, and this ▶ went on to page 3.
    assert (embed_of_message(world, result.response.id).footer.text or "").startswith("Page 2/")


async def test_a_list_begun_before_the_abstracts_were_embedded_shows_every_paper_once(
        world: World, bot: PaperBot) -> None:
    encoder = bot.search_engine.encoder
    assert encoder is not None
    result = await world.alice.slash(world.channel, "paper search", query="language models")  # 30 papers
    assert result.response is not None
    first_page = listed_ids(embed_of_message(world, result.response.id))
    # Meanwhile the background embedding (after a corpus load) stores the abstracts' vectors: from
    # now on a new search re-orders its best candidates by meaning.
    conn = await open_database(bot.settings.database_path)
    try:
        await embed_missing(conn, encoder)
    finally:
        await conn.close()
    assert (await bot.search("language models", limit=PAGE_SIZE)).by_meaning

    await world.alice.click(result.response.message, label="▶")

    # Before, page 2 was ranked by meaning and page 1 by words: one paper was on both, another on neither.
    second_page = listed_ids(embed_of_message(world, result.response.id))
    assert len(first_page) == len(second_page) == PAGE_SIZE
    assert not first_page & second_page


def listed_ids(page: discord.Embed) -> set[str]:
    """The paper ids a result page lists."""
    return set(re.findall(r"`([0-9a-z]{10})`", page.description or ""))
