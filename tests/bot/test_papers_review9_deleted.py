"""A result list (or its "thinking…" message) deleted while the bot is still filling it (SimCord).

A moderator deletes the message while a page turn or a search is still running; the bot's edit then finds no
message (404, 10008 Unknown Message). There is nothing to show and nobody to tell: the searcher saw the
message go. Before, this was logged as a crash and the searcher got "Something went wrong on my side".
"""

from __future__ import annotations

import asyncio
import logging

import discord
import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import World, behind_the_lock, expect_errors
from tests.bot.test_papers import frequent_word_query


def moderator(env: simcord.Env, world: World) -> simcord.MemberActor:
    janitors = world.guild.create_role("Janitors", permissions=discord.Permissions(manage_messages=True))
    return world.guild.add_member(env.create_user("janitor"), roles=[janitors])


@pytest.mark.parametrize("what", ["page turn", "search"])
async def test_a_list_deleted_while_it_is_being_filled_is_left_alone(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture, what: str) -> None:
    query = await frequent_word_query(bot)
    listed = await world.alice.slash(world.channel, "paper search", query=query) if what == "page turn" else None
    janitor = moderator(simcord_env, world)
    released = asyncio.Event()
    monkeypatch.setattr(bot, "search", behind_the_lock(simcord_env, bot.search, released))  # a page still coming

    with caplog.at_level(logging.DEBUG, logger="bot"):
        if listed is not None:
            assert listed.response is not None
            result = await world.alice.click(listed.response.message, label="▶")
            await janitor.delete(listed.response.message)
        else:
            result = await world.alice.slash(world.channel, "paper search", query=query)
            assert result.response is not None  # "thinking…"
            await janitor.delete(result.response.message)
        released.set()
        await simcord_env.settle()

    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert result.followups == []  # nothing sent to the searcher about a list they saw deleted
    assert world.channel.history(viewer=world.alice) == []
    errors = expect_errors(simcord_env, discord.NotFound)
    assert getattr(errors[0], "code", None) == 10008
