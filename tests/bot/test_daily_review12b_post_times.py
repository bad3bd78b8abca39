"""Review 12b: `/paper subscribe time:` takes '0930', '09:30:00' and full-width '９：３０' (SimCord).

They got "`0930` is not a time of day: use 24-hour HH:MM" and nothing was saved; three digits ('930') are
still refused, saying what to type, and save nothing.
"""

from __future__ import annotations

from datetime import time

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import UserFacingError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_daily_commands import reply
from tests.bot.test_daily_delivery import daily


@pytest.mark.parametrize(("typed", "shown", "stored"), [
    ("0930", "**09:30** UTC", time(9, 30)), ("21:15:00", "**21:15** UTC", time(21, 15)),
    ("９：３０", "**09:30** UTC", time(9, 30)),
])
async def test_a_time_typed_as_four_digits_with_seconds_or_full_width_subscribes(
    simcord_env: simcord.Env, world: World, bot: PaperBot, typed: str, shown: str, stored: time,
) -> None:
    text = reply(await world.mod.slash(world.channel, "paper subscribe", time=typed))
    assert text.startswith("Subscribed"), text
    assert shown in text
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert sub.post_time == stored


async def test_three_digits_are_refused_with_what_to_type_and_nothing_is_saved(
    simcord_env: simcord.Env, world: World, bot: PaperBot,
) -> None:
    text = reply(await world.mod.slash(world.channel, "paper subscribe", time="930"))
    expect_errors(simcord_env, UserFacingError)
    assert "`930` is not a time of day: three digits could be more than one time" in text
    assert "`9:30`" in text
    assert "`0930`" in text
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None
