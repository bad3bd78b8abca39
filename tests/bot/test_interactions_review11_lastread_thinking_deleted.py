"""Review 11, last read: a "thinking…" message a moderator deleted before an error came is not "filled" (SimCord).

After a public "thinking…", an error is told privately: the bot deletes the "thinking…" message first
(bot.tree.send_ephemeral). When a moderator had deleted it already, that delete finds no message (404, 10008
Unknown Message): what it was for is done, and the private reply is a message of its own. The log said the delete
was refused and "the reply fills it instead", which it cannot: the message is gone.
"""

from __future__ import annotations

import asyncio
import logging

import discord
import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import World, behind_the_lock, expect_errors


async def test_a_thinking_message_deleted_already_is_not_said_to_be_filled(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    janitors = world.guild.create_role("Janitors", permissions=discord.Permissions(manage_messages=True))
    janitor = world.guild.add_member(simcord_env.create_user("janitor"), roles=[janitors])

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("index corrupted")

    released = asyncio.Event()
    monkeypatch.setattr(bot.search_engine, "search", behind_the_lock(simcord_env, broken, released))

    with caplog.at_level(logging.INFO, logger="bot"):
        result = await world.alice.slash(world.channel, "paper search", query="learning")
        assert result.response is not None  # "thinking…"
        await janitor.delete(result.response.message)
        released.set()
        await simcord_env.settle()

    lines = [r.getMessage() for r in caplog.records if r.name == "bot.tree"]
    assert not [line for line in lines if "could not delete" in line], lines
    assert [line for line in lines if line.startswith("error ")]  # the error itself, logged with its code
    assert world.channel.history(viewer=world.bob) == []  # nothing public about it
    expect_errors(simcord_env, RuntimeError)
