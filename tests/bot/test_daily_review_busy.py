"""/paper subscribe, unsubscribe and subscriptions answer within Discord's 3 seconds while the
database is busy (SimCord).

While another process holds the write lock (a large `paperbot ingest`: ~18 s at 100,000 papers),
a write waits up to the 5 s busy timeout, and every read queued behind it on the bot's connection
waits too. A gate declared to SimCord as an intended wait stands in for the lock.
"""

from __future__ import annotations

import asyncio

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import World, behind_the_lock
from tests.bot.test_daily_delivery import daily, subscribe


@pytest.mark.parametrize(("command", "options", "storage_call", "reply"), [
    ("paper subscribe", {"time": "09:00"}, "subscribe", "Subscribed"),
    ("paper unsubscribe", {}, "unsubscribe", "Stopped the paper of the day"),
    ("paper subscriptions", {}, "for_guild", ""),
])
async def test_the_command_is_acknowledged_privately_while_the_database_waits(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        command: str, options: dict[str, str], storage_call: str, reply: str) -> None:
    if command != "paper subscribe":
        await subscribe(simcord_env, world, time="08:00")
    subscriptions = daily(bot).subscriptions
    released = asyncio.Event()
    monkeypatch.setattr(subscriptions, storage_call,
                        behind_the_lock(simcord_env, getattr(subscriptions, storage_call), released))

    result = await world.mod.slash(world.channel, command, **options)

    # Before, nothing was sent until the database answered: past 3 s Discord shows "The application
    # did not respond" and refuses the late reply.
    assert result.acknowledged
    assert result.ephemeral
    released.set()
    await simcord_env.settle()
    assert result.response is not None
    if reply:
        assert result.response.content.startswith(reply), result.response.content
    else:
        assert result.response.embeds[0].title == "Daily paper subscriptions"
    assert result.ephemeral
