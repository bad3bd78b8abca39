"""Result lists the bot no longer has in memory (a restart, an expiry it could not show): a click on
them gets a private note and disables them, instead of Discord's "This interaction failed"."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest
import simcord

from bot.client import PaperBot
from bot.views import PAGE_SIZE, PAGINATOR_TIMEOUT
from tests.bot.conftest import World, message_controls
from tests.bot.test_papers import buttons, embed_of, embed_of_message, frequent_word_query

RESTARTED_SEARCH_NOTE = "This result list is from before the bot restarted — run `/paper search` again."


def private_note(result: simcord.InteractionResult, clicked: int) -> str:
    """The one ephemeral message the click on message `clicked` got (not counting an edit of it)."""
    messages = ([result.response] if result.response is not None else []) + result.followups
    notes = [m.content for m in messages if m.ephemeral and m.id != clicked]
    assert len(notes) == 1, result
    return notes[0]


def component_states(world: World, message_id: int) -> list[bool]:
    message = next(m for m in world.channel.history() if m.id == message_id)
    return [control.disabled for control in message_controls(message)]


async def click_control(actor: simcord.MemberActor, message: discord.Message, control: str,
                        paper_id: str) -> simcord.InteractionResult:
    if control == "menu":
        return await actor.select(message, [paper_id])
    return await actor.click(message, label=control)


async def search_and_turn_a_page(world: World, bot: PaperBot) -> simcord.InteractionResult:
    """Alice's search, on its second page: the live list pages as before."""
    query = await frequent_word_query(bot)
    result = await world.alice.slash(world.channel, "paper search", query=query)
    assert result.response is not None
    turned = await world.alice.click(result.response.message, label="▶")
    assert turned.followups == []  # nothing but the page turn: the stale-list handler stood aside
    footer = embed_of_message(world, result.response.id).footer.text or ""
    assert footer.startswith("Page 2/")
    return result


@pytest.mark.parametrize("control", ["◀", "▶", "menu"])
async def test_a_list_from_before_a_restart_says_so_and_is_disabled(
        world: World, bot: PaperBot, restart: Callable, control: str) -> None:
    result = await search_and_turn_a_page(world, bot)
    assert result.response is not None
    page_two = embed_of_message(world, result.response.id).description
    message = next(m for m in world.channel.history() if m.id == result.response.id)
    listed = next(c for c in buttons(message).values() if c.get("type") == 3)["options"][0]["value"]
    assert not any(component_states(world, message.id))

    await restart()
    clicked = await click_control(world.alice, message, control, listed)

    assert private_note(clicked, message.id) == RESTARTED_SEARCH_NOTE
    states = component_states(world, message.id)
    assert len(states) == 3
    assert all(states)
    assert embed_of_message(world, message.id).description == page_two  # the page itself is kept
    assert len(world.channel.history()) == 1  # the menu opened no card
    with pytest.raises(simcord.SetupError, match="disabled"):
        await world.alice.click(message, label="▶")


async def test_anyone_clicking_a_list_from_before_a_restart_gets_the_note(
        world: World, bot: PaperBot, restart: Callable) -> None:
    query = await frequent_word_query(bot)
    result = await world.alice.slash(world.channel, "paper search", query=query)
    assert result.response is not None

    await restart()
    clicked = await world.bob.click(result.response.message, label="▶")

    assert private_note(clicked, result.response.id) == RESTARTED_SEARCH_NOTE
    assert all(component_states(world, result.response.id))


async def test_a_similar_papers_menu_from_before_a_restart_says_so_and_is_disabled(
        world: World, bot: PaperBot, restart: Callable) -> None:
    card = await world.alice.slash(world.channel, "paper random")
    paper_id = (embed_of(card).footer.text or "").removeprefix("id ")
    assert card.response is not None
    similar = await world.bob.click(card.response.message, label="Similar papers")
    assert similar.response is not None
    listing = similar.response.message
    first = (await bot.search_engine.similar(paper_id, limit=PAGE_SIZE))[0].id

    await restart()
    picked = await world.bob.select(listing, [first])

    assert private_note(picked, listing.id) == ("This list is from before the bot restarted — "
                                    "click **Similar papers** on the card again.")
    menu = next(c for c in buttons(similar.response).values() if c.get("type") == 3)  # read again
    assert menu.get("disabled") is True
    fresh = await world.bob.click(card.response.message, label="Similar papers")  # the card still works
    assert fresh.ephemeral
    assert fresh.response is not None
    assert fresh.response.embeds


async def test_an_expired_list_that_could_not_be_disabled_says_so_when_clicked(
        simcord_env: simcord.Env, world: World, bot: PaperBot) -> None:
    query = await frequent_word_query(bot)
    result = await world.alice.slash(world.channel, "paper search", query=query)
    assert result.response is not None
    simcord_env.inject_error("PATCH", "/webhooks/*/*/messages/@original", status=500, times=1)
    await simcord_env.advance_time(PAGINATOR_TIMEOUT + 1)  # the list expires; showing it disabled fails
    assert component_states(world, result.response.id) == [True, False, False]  # still shown open (◀ ▶ menu)

    clicked = await world.alice.click(result.response.message, label="▶")

    assert private_note(clicked, result.response.id) == "This result list has expired — run `/paper search` again."
    assert all(component_states(world, result.response.id))
    assert (embed_of_message(world, result.response.id).footer.text or "").startswith("Page 1/")
