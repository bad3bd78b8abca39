"""The card buttons' per-user cooldown costs a click the same however many members have clicked (SimCord).

Every click rebuilt the whole table of budgets to drop those full again: the click of a busy server's
member looked at every other member's budget (O(members) a click, on the event loop). The budgets are now
kept in the order of their last click, and a click drops the full ones from the front and stops at the first
that is not. Measured as the budgets a click looks at (Cooldown.get_tokens), not as time.
"""

from __future__ import annotations

from typing import Any

import pytest
import simcord
from discord import app_commands

from bot.client import PaperBot
from bot.views import _BUDGETS, BUTTON_COOLDOWN
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

READERS = 30
SLOW_DOWN = "Slow down a little — you can use this button again in "


class Inspections:
    """Counts the budgets looked at (Cooldown.get_tokens calls) while `counting`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count, self.counting = 0, False
        get_tokens = app_commands.Cooldown.get_tokens

        def counted(bucket: app_commands.Cooldown, *args: Any, **kwargs: Any) -> int:
            self.count += self.counting
            return get_tokens(bucket, *args, **kwargs)

        monkeypatch.setattr(app_commands.Cooldown, "get_tokens", counted)


def refused(result: simcord.InteractionResult) -> bool:
    return result.response is not None and result.response.content.startswith(SLOW_DOWN)


async def test_a_click_looks_at_a_few_budgets_however_many_members_clicked(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    card = await world.alice.slash(world.channel, "paper random")
    assert card.response is not None
    for n in range(READERS):
        reader = world.guild.add_member(simcord_env.create_user(f"reader{n}"))
        assert embed_of(await reader.click(card.response.message, label="Another random"))
    assert len(_BUDGETS[bot]) == READERS  # none full again yet: all kept

    inspections = Inspections(monkeypatch)
    inspections.counting = True
    assert embed_of(await world.bob.click(card.response.message, label="Another random"))
    inspections.counting = False

    # Before: the READERS budgets, then bob's own (31).
    assert inspections.count <= 2  # the oldest budget (not full again: the search stops there), then bob's own
    assert len(_BUDGETS[bot]) == READERS + 1


async def test_budgets_full_again_are_dropped_and_the_others_still_hold_across_cards(
        simcord_env: simcord.Env, world: World, bot: PaperBot) -> None:
    uses, per = BUTTON_COOLDOWN
    first = await world.alice.slash(world.channel, "paper random")
    second = await world.alice.slash(world.channel, "paper random")
    assert first.response is not None
    assert second.response is not None
    assert embed_of(await world.bob.click(first.response.message, label="Another random"))
    await simcord_env.advance_time(per * 2 / 3)

    for n in range(uses):  # the budget is the member's, whichever card's button they click
        card = first if n % 2 else second
        assert card.response is not None
        assert embed_of(await world.mod.click(card.response.message, label="Another random"))
    assert refused(await world.mod.click(first.response.message, label="Another random"))
    assert len(_BUDGETS[bot]) == 2

    await simcord_env.advance_time(per / 2)  # bob's budget is full again, mod's is not
    assert embed_of(await world.alice.click(first.response.message, label="Similar papers"))
    assert len(_BUDGETS[bot]) == 2  # bob's dropped; mod's and alice's kept
    assert refused(await world.mod.click(second.response.message, label="Another random"))

    await simcord_env.advance_time(per + 1)  # every budget full again
    assert embed_of(await world.mod.click(second.response.message, label="Another random"))
    assert len(_BUDGETS[bot]) == 1  # only the click just made
