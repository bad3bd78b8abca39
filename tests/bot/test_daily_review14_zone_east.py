"""Review 14: moving a subscription east past the new zone's post time posts that date's card, once (SimCord).

Los Angeles, 09:00: the card of 1 February came at 17:00 UTC. At 01:00 UTC on the 2nd (17:00 in Los Angeles) an
admin moves it to Tokyo, where it is already 10:00 on 2 February. Neither zone had posted the 2nd: Los Angeles would
have, that afternoon, and Tokyo's 09:00 had passed before the subscription was Tokyo's, so its claim never took it.
The channel had no card dated 2 February; the next came on the 3rd. It now comes at once, as after a time moved to
one already passed; a date already posted (the move back west, a restart) never comes twice.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import simcord

from tests.bot.conftest import TestClock, World
from tests.bot.test_daily_delivery import card_days, run_until, skip_to, subscribe, subscriptions_listed, utc

MOVED_AT = utc(2026, 2, 2, 1)  # 17:00 on 1 February in Los Angeles, 10:00 on the 2nd in Tokyo


async def _los_angeles_card_then_the_move_to_tokyo(env: simcord.Env, world: World, clock: TestClock) -> str:
    """The card of 1 February in Los Angeles, then /paper subscribe timezone: Asia/Tokyo at MOVED_AT; its reply."""
    clock.set(utc(2026, 2, 1, 16))
    await subscribe(env, world, time="09:00", timezone="America/Los_Angeles")  # 17:00 UTC
    await run_until(env, clock, utc(2026, 2, 1, 17, 1))
    assert card_days(world.channel) == ["2026-02-01"]
    clock.set(MOVED_AT)
    moved = await world.mod.slash(world.channel, "paper subscribe", timezone="Asia/Tokyo")
    assert moved.response is not None
    return moved.response.content


def _promised(text: str) -> datetime:
    """The instant of the "next post" a reply or the list promises."""
    found = re.search(r"next post <t:(\d+):F>", text)
    assert found is not None, text
    return datetime.fromtimestamp(int(found[1]), tz=MOVED_AT.tzinfo)


async def test_moving_east_past_the_new_post_time_posts_that_date_at_once(
    simcord_env: simcord.Env, world: World, clock: TestClock,
) -> None:
    reply = await _los_angeles_card_then_the_move_to_tokyo(simcord_env, world, clock)

    assert reply.startswith("Updated")
    assert MOVED_AT <= _promised(reply) < utc(2026, 2, 2, 1, 1)  # at once; before: 3 February, 09:00 in Tokyo
    await run_until(simcord_env, clock, utc(2026, 2, 2, 1, 2))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]  # before: no card dated the 2nd
    assert _promised(await subscriptions_listed(world)) == utc(2026, 2, 3, 0)  # 09:00 on the 3rd in Tokyo
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 17, 1))  # Los Angeles' old time: nothing
    await skip_to(simcord_env, clock, utc(2026, 2, 3, 0, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02", "2026-02-03"]


async def test_the_date_moved_to_comes_once_across_a_restart_and_moves_back_and_forth(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any,
) -> None:
    await _los_angeles_card_then_the_move_to_tokyo(simcord_env, world, clock)
    await restart()  # before the card's tick: the claim the move made is in the database
    await run_until(simcord_env, clock, utc(2026, 2, 2, 1, 2))
    for zone in ("America/Los_Angeles", "Asia/Tokyo"):  # both dates are posted in both zones now
        reply = await world.mod.slash(world.channel, "paper subscribe", timezone=zone)
        assert reply.response is not None
        assert reply.response.content.startswith("Updated"), reply.response.content
    await run_until(simcord_env, clock, utc(2026, 2, 2, 1, 5))

    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]  # before: only the 1st
