"""/paper today answers within Discord's 3 seconds even when the day's pick must wait to be recorded."""

from __future__ import annotations

import asyncio

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import World, behind_the_lock
from tests.bot.test_papers import embed_of


async def test_today_is_acknowledged_while_the_days_pick_waits_to_be_recorded(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    released = asyncio.Event()
    # The day's first ask records the pick: a write, which waits while another process (a large
    # `paperbot ingest`, ~18 s at 100,000 papers) holds the write lock, up to the 5 s busy timeout.
    monkeypatch.setattr(bot.picks, "pick_for", behind_the_lock(simcord_env, bot.picks.pick_for, released))

    result = await world.alice.slash(world.channel, "paper today")

    # Before, nothing was sent until the pick was recorded: past 3 s Discord shows "The application
    # did not respond" and refuses the late answer.
    assert result.acknowledged
    released.set()
    await simcord_env.settle()
    expected = await bot.picks.recorded(bot.now().date())
    assert embed_of(result).footer.text == f"id {expected}"
    assert not result.ephemeral
