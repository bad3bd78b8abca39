"""A member clicking a card's buttons over and over meets the same per-user cooldown as the commands (SimCord)."""

from __future__ import annotations

import pytest
import simcord

from bot.cogs.papers import RANDOM_COOLDOWN
from bot.views import BUTTON_COOLDOWN
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of


@pytest.mark.parametrize("label", ["Another random", "Similar papers"])
async def test_a_card_button_clicked_over_and_over_gets_the_commands_cooldown_note(
        simcord_env: simcord.Env, world: World, label: str) -> None:
    card = await world.alice.slash(world.channel, "paper random")
    assert card.response is not None
    uses, per = BUTTON_COOLDOWN
    assert BUTTON_COOLDOWN == RANDOM_COOLDOWN  # "Another random" is /paper random again, privately
    for _ in range(uses):
        answered = await world.bob.click(card.response.message, label=label)
        assert answered.ephemeral
        assert embed_of(answered)

    # Before, every click did the work again (a paper, or five similar ones, each time): an autoclicker on
    # "Another random" got what /paper random's cooldown refuses.
    blocked = await world.bob.click(card.response.message, label=label)

    assert blocked.ephemeral
    assert blocked.response is not None
    assert blocked.response.embeds == []
    assert blocked.response.content.startswith("Slow down a little — you can use this button again in ")
    assert blocked.response.content.endswith(" s.")
    assert embed_of(await world.alice.click(card.response.message, label=label))  # per user
    await simcord_env.advance_time(per + 1)
    assert embed_of(await world.bob.click(card.response.message, label=label))  # and only for a while


async def test_each_card_button_has_its_own_budget(world: World) -> None:
    card = await world.alice.slash(world.channel, "paper random")
    assert card.response is not None
    uses, _ = BUTTON_COOLDOWN
    for _ in range(uses):
        await world.bob.click(card.response.message, label="Another random")

    assert embed_of(await world.bob.click(card.response.message, label="Similar papers"))
