"""Review 12: `/paper today` answers with the day's recorded pick while a write waits for another process's lock
(SimCord).

Writes while the bot runs go through `PaperBot.writes`, and a write waiting for the lock (a large `paperbot
ingest` in another process holds it for ~18 s at 100,000 papers; a write waits up to the 5 s busy timeout)
holds that connection's one thread. The day's pick is recorded there on the day's first ask, but every later
`/paper today` also asked `bot.picks.pick_for`, on that connection, only to read the pick already recorded:
so at 09:00, with the daily posts' claim waiting for the lock, members asking `/paper today` got "thinking…"
and their answer only once the claim got through. The recorded pick is now read on the reading connection.
"""

from __future__ import annotations

import pytest
import simcord

from bot.client import PaperBot
from tests.bot.conftest import HeldConnection, TestClock, World
from tests.bot.test_daily_delivery import cards, daily, run_until, subscribe, utc
from tests.bot.test_papers import embed_of


@pytest.fixture(autouse=True)
async def server_arrival_handled(simcord_env: simcord.Env, world: World) -> None:
    """The server's arrival handled before the test holds a connection (see tests/bot/test_busy_writes.py)."""
    await simcord_env.settle()


@pytest.mark.parametrize("topic", [None, "reinforcement learning"])
async def test_today_answers_with_the_recorded_pick_while_the_daily_claim_waits_for_the_lock(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
    topic: str | None,
) -> None:
    clock.set(utc(2026, 2, 1, 8, 50))
    elsewhere = world.guild.create_text_channel("elsewhere")
    await subscribe(simcord_env, world, elsewhere, time="09:00")
    if topic:
        await subscribe(simcord_env, world, time="10:00", topic=topic)
    first = embed_of(await world.alice.slash(world.channel, "paper today"))  # the day's pick is recorded
    repo = daily(bot).scheduler.repo
    held = HeldConnection(simcord_env, repo._conn)
    monkeypatch.setattr(repo, "claim_due", held.first(repo.claim_due))
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 30))  # the 09:00 tick's claim now waits

    asked = await world.bob.slash(world.channel, "paper today")

    assert asked.acknowledged
    assert asked.response is not None  # before, only "thinking…" until the claim got through
    assert embed_of(asked).footer.text == first.footer.text
    assert embed_of(asked).author.name == first.author.name
    await held.release()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))
    assert len(cards(elsewhere)) == 1  # the wait delayed the card, and it is posted once
