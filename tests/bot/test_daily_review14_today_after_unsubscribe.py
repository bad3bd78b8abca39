"""Review 14: `/paper today` right after `/paper unsubscribe` shows the card the channel got that day (SimCord).

A channel in Tokyo about reinforcement learning got its card of 1 February at 08:00 there (23:00 UTC on 31 January).
Unsubscribed half an hour later, `/paper today` there showed the general pick of the UTC date, 31 January: another
paper than the card above it, which the members were still reading (the empty search field offered that one too).
The channel keeps its card as its paper of the day until its local day ends; then it has the UTC date's, as any
channel without a daily paper.
"""

from __future__ import annotations

from datetime import date

import simcord

from bot.client import PaperBot
from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import run_until, skip_to, subscribe, utc
from tests.bot.test_daily_review10_today import card_paper_id
from tests.bot.test_papers import embed_of


async def test_today_after_unsubscribing_shows_the_days_card_until_the_local_day_ends(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
) -> None:
    clock.set(utc(2026, 1, 31, 20))
    await subscribe(simcord_env, world, time="08:00", timezone="Asia/Tokyo", topic="reinforcement learning")
    await run_until(simcord_env, clock, utc(2026, 1, 31, 23, 1))
    card = card_paper_id(world.channel)
    stopped = await world.mod.slash(world.channel, "paper unsubscribe")
    assert stopped.response is not None
    assert stopped.response.content.startswith("Stopped")

    shown = embed_of(await world.alice.slash(world.channel, "paper today"))
    offered = await world.alice.autocomplete(world.channel, "paper search", "query", "")

    # Before: "Saturday 31 January 2026" and that date's general pick.
    assert shown.author.name == "Paper of the day · Sunday 1 February 2026 · reinforcement learning"
    assert shown.footer.text == f"id {card}"
    assert [choice["value"] for choice in offered] == [f"id:{card}"]

    await skip_to(simcord_env, clock, utc(2026, 2, 1, 15, 30))  # 00:30 on 2 February in Tokyo: no card that day
    later = embed_of(await world.alice.slash(world.channel, "paper today"))
    general = await bot.picks.recorded(date(2026, 2, 1))
    assert (later.author.name, later.footer.text) == ("Paper of the day · Sunday 1 February 2026", f"id {general}")
