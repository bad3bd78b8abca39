"""Reading commands answer while a write waits for another process's lock (SimCord).

While another process holds the database's write lock (a large `paperbot ingest`: ~18 s at
100,000 papers), a write waits up to the 5 s busy timeout, and it waits in its connection's one
thread: every call queued on that connection waits too. The daily posts' claims and records, the
subscription commands and the day's pick write on a connection of their own (`PaperBot.writes`),
so `/paper show`, which reads before it answers, still answers within Discord's 3 seconds.
"""

from __future__ import annotations

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import HeldConnection, TestClock, World
from tests.bot.test_daily_delivery import cards, daily, run_until, subscribe, utc


@pytest.fixture(autouse=True)
async def server_arrival_handled(simcord_env: simcord.Env, world: World) -> None:
    """The server's arrival handled before a test holds a connection: `on_guild_available` reads the
    subscriptions on the connection these tests hold, and on a loaded machine it could still be queued
    there when the hold began, a wait SimCord does not know of (settle timed out, ~1 run in 5 under load)."""
    await simcord_env.settle()


async def some_paper(bot: PaperBot) -> str:
    return sorted(await bot.papers.active_ids())[0]


async def assert_show_answers(world: World, paper_id: str) -> None:
    shown = await world.alice.slash(world.channel, "paper show", paper=paper_id)
    # Before, this read queued behind the held write on the bot's one connection and never answered
    # in time: Discord shows "The application did not respond" after 3 s.
    assert shown.response is not None
    assert shown.response.embeds[0].footer.text == f"id {paper_id}"


async def test_show_answers_while_the_daily_posts_claim_waits_for_the_lock(
        simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock.set(utc(2026, 2, 1, 8, 58))
    await subscribe(simcord_env, world, time="09:00")
    wanted = await some_paper(bot)
    repo = daily(bot).scheduler.repo
    held = HeldConnection(simcord_env, repo._conn)
    monkeypatch.setattr(repo, "claim_due", held.first(repo.claim_due))
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 30))  # the 09:00 tick's claim now waits

    await assert_show_answers(world, wanted)

    await held.release()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))
    assert len(cards(world.channel)) == 1  # the wait delayed the card, and it is posted once


async def test_show_answers_while_a_subscribe_waits_for_the_lock(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    wanted = await some_paper(bot)
    repo = daily(bot).subscriptions
    held = HeldConnection(simcord_env, repo._conn)
    monkeypatch.setattr(repo, "subscribe", held.first(repo.subscribe))

    subscribing = await world.mod.slash(world.channel, "paper subscribe", time="09:00")
    assert subscribing.acknowledged

    await assert_show_answers(world, wanted)

    await held.release()
    await simcord_env.settle()
    assert subscribing.response is not None
    assert subscribing.response.content.startswith("Subscribed"), subscribing.response.content


async def test_show_answers_while_the_days_pick_waits_for_the_lock(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    wanted = await some_paper(bot)
    picks = bot.picks
    held = HeldConnection(simcord_env, picks._conn)
    monkeypatch.setattr(picks, "pick_for", held.first(picks.pick_for))

    today = await world.bob.slash(world.channel, "paper today")
    assert today.acknowledged

    await assert_show_answers(world, wanted)

    await held.release()
    await simcord_env.settle()
    assert today.response is not None
    assert today.response.embeds[0].footer.text == f"id {await picks.recorded(bot.now().date())}"
