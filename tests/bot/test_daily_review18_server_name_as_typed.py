"""A pause notice names the server as its owner typed the name (session 18's review).

"I've paused the daily paper in #general on **…**" escaped the server's markdown but left Discord's own markup live:
a server named "Lab <t:0:R>" read "Lab 55 years ago" in the notice, "@everyone" there a highlighted mention.
"""

from __future__ import annotations

import discord
import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World, build_world
from tests.bot.test_daily_delivery import subscribe, utc
from tests.bot.test_daily_review_pause_notice import lose_by_nine

SERVER = "Lab <t:0:R> @everyone *club*"


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    """tests.bot.conftest's server, named SERVER."""
    return build_world(simcord_env, SERVER)


async def test_the_pause_notice_names_the_server_as_typed(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")

    await lose_by_nine(simcord_env, world, clock, bot, discord.Permissions(embed_links=True))

    told = [message.content for message in world.mod.user.dm_channel.history()]
    assert len(told) == 1, told
    assert told[0].startswith(f"I've paused the daily paper in <#{world.channel.id}> on "
                              "**Lab \\<t:0:R> \\@everyone \\*club\\***: "), told[0]
