"""Opening papers has the per-user cooldown the other commands and buttons have (SimCord).

`/paper show` and a result list's "Open" menu each post a card in the channel, and neither had a cooldown:
a member (or a script) could fill a channel with cards as fast as Discord let them, where `/paper random`
and `/paper search` stop them at five in 30 s. `/paper show` now has that cooldown (SHOW_COOLDOWN); the
lists' menus (a result list's "Open", and the similar papers' picker) share one budget per member,
BUTTON_COOLDOWN like the card buttons, whichever list the menu is on.
"""

from __future__ import annotations

import simcord
from discord import app_commands

from bot.client import PaperBot
from bot.cogs.papers import SEARCH_COOLDOWN, SHOW_COOLDOWN
from bot.tree import ButtonOnCooldownError
from bot.views import BUTTON_COOLDOWN, PAGE_SIZE
from tests.bot.conftest import World, answer, expect_errors
from tests.bot.test_papers import embed_of, frequent_word_query

MENU_SLOW_DOWN = "Slow down a little — you can use this menu again in "


async def test_paper_show_has_the_commands_cooldown(simcord_env: simcord.Env, world: World, bot: PaperBot) -> None:
    ids = await bot.papers.active_ids()
    uses, per = SHOW_COOLDOWN
    assert SHOW_COOLDOWN == SEARCH_COOLDOWN
    for paper_id in ids[:uses]:
        assert embed_of(await world.alice.slash(world.channel, "paper show", paper=paper_id))
    cards = len(world.channel.history())

    # Before: a sixth card, and a seventh, as fast as they were asked for.
    blocked = await world.alice.slash(world.channel, "paper show", paper=ids[uses])

    assert blocked.ephemeral
    assert blocked.response is not None
    assert blocked.response.content.startswith("Slow down a little — you can use this command again in ")
    assert len(world.channel.history()) == cards
    assert embed_of(await world.bob.slash(world.channel, "paper show", paper=ids[uses]))  # per member
    await simcord_env.advance_time(per + 1)
    assert embed_of(await world.alice.slash(world.channel, "paper show", paper=ids[uses]))  # for a while
    expect_errors(simcord_env, app_commands.CommandOnCooldown)


async def test_the_lists_menus_share_one_budget_per_member(simcord_env: simcord.Env, world: World,
                                                           bot: PaperBot) -> None:
    query = await frequent_word_query(bot)
    uses, per = BUTTON_COOLDOWN
    first = await world.alice.slash(world.channel, "paper search", query=query)
    second = await world.alice.slash(world.channel, "paper search", query=query)
    assert first.response is not None
    assert second.response is not None
    hits = (await bot.search_engine.search(query, limit=PAGE_SIZE)).hits
    assert len(hits) == PAGE_SIZE == uses
    for n, hit in enumerate(hits):  # both lists' menus: the budget is the member's, not the list's
        listing = first if n % 2 else second
        assert listing.response is not None
        opened = await world.alice.select(listing.response.message, [hit.paper.id])
        assert not opened.ephemeral
        assert embed_of(opened)
    cards = len(world.channel.history())

    # Before: every choice another public card.
    blocked = await world.alice.select(first.response.message, [hits[0].paper.id])

    assert blocked.ephemeral
    assert blocked.response is not None
    assert blocked.response.content.startswith(MENU_SLOW_DOWN)
    assert blocked.response.embeds == []
    assert len(world.channel.history()) == cards
    own = await world.bob.slash(world.channel, "paper search", query=query)
    assert own.response is not None
    assert embed_of(await world.bob.select(own.response.message, [hits[0].paper.id]))  # per member
    card = await world.bob.slash(world.channel, "paper random")
    paper_id = (embed_of(card).footer.text or "").removeprefix("id ")
    similar = await world.alice.click(answer(card).message, label="Similar papers")  # a button: its own budget
    assert similar.response is not None
    [nearest] = await bot.search_engine.similar(paper_id, limit=1)
    picked = await world.alice.select(similar.response.message, [nearest.id])
    assert picked.response is not None
    assert picked.response.content.startswith(MENU_SLOW_DOWN)  # the similar papers' menu: the same budget

    await simcord_env.advance_time(per + 1)
    assert embed_of(await world.alice.select(first.response.message, [hits[0].paper.id]))
    expect_errors(simcord_env, ButtonOnCooldownError, ButtonOnCooldownError)  # the two menus' refusals
