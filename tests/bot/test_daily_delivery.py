"""Daily posts end to end with SimCord and the test clock: exactly once per local day, whatever happens.

Each test subscribes through the real slash command, moves the bot's clock (and SimCord's virtual
time) and asserts what people would see in the channel: how many cards, for which day.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, cast

import aiohttp
import discord
import pytest
import simcord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.client import PaperBot
from bot.cogs.daily import _scheduler as scheduler_module
from bot.cogs.daily._commands import DailyPosts
from bot.cogs.daily._scheduler import ATTEMPT_WINDOW, MARKER
from storage.db import open_database
from storage.subscriptions import HISTORY_DAYS, Delivery, Subscription, SubscriptionRepository
from tests.bot.conftest import TestClock, World


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


def cards(channel: simcord.ChannelHandle) -> list[discord.Message]:
    """The daily cards in a channel (bot messages whose footer carries the daily marker), oldest first."""
    return [m for m in channel.history() if any(MARKER in (e.footer.text or "") for e in m.embeds)]


def card_days(channel: simcord.ChannelHandle) -> list[str]:
    """The dates in the daily cards' markers, oldest first."""
    return [(m.embeds[0].footer.text or "").rsplit(MARKER, 1)[1].strip() for m in cards(channel)]


def daily(bot: PaperBot) -> DailyPosts:
    """The bot's daily-posts cog. Checked by name, not isinstance: a bot closed earlier in the run
    unloaded its extensions, and discord.py then drops their modules from sys.modules, so the next bot
    loads a fresh copy of the class (test order decided whether this failed)."""
    cog = bot.get_cog("DailyPosts")
    assert type(cog).__qualname__ == DailyPosts.__qualname__, cog
    return cast(DailyPosts, cog)


# Virtual time one advance_time call runs: SimCord gives each call 5 s of real time to settle (settle_timeout), and
# a day of ticks in one call (1,440 of them) took longer on a loaded 2-core machine: the test failed with "bot did
# not settle". A quarter of an hour of ticks takes well under a second.
RUN_STEP = timedelta(minutes=15)


async def run_until(env: simcord.Env, clock: TestClock, when: datetime) -> None:
    """Let virtual time (and the bot's clock with it) run until `when`, firing every tick on the way (RUN_STEP at
    a time); where only the time must pass, skip_to is quicker."""
    seconds = (when - clock.now()).total_seconds()
    assert seconds >= 0, f"the clock is already past {when}"
    while True:  # once at least: run_until(now) settles what is runnable, as advance_time(0) does
        step = min(seconds, RUN_STEP.total_seconds())
        await env.advance_time(step)
        seconds -= step
        if seconds <= 0:
            return


async def skip_to(env: simcord.Env, clock: TestClock, when: datetime) -> None:
    """Jump the clock to a minute before `when` (no ticks in between), then run the last minute."""
    clock.set(when - timedelta(seconds=60))
    await env.advance_time(60)


async def subscribe(env: simcord.Env, world: World, channel: simcord.ChannelHandle | None = None,
                    **options: Any) -> Subscription:
    """Subscribe through the slash command as the moderator; return the stored subscription."""
    target = channel or world.channel
    result = await world.mod.slash(target, "paper subscribe", **options)
    assert result.response is not None
    done = ("Subscribed", "Updated", "Resumed", "Already subscribed")
    assert result.response.content.startswith(done), result.response.content
    bot = env.bot
    assert isinstance(bot, PaperBot)
    sub = await daily(bot).subscriptions.by_channel(target.id)
    assert sub is not None
    return sub


async def subscriptions_listed(world: World) -> str:
    """What `/paper subscriptions` shows a moderator in `world.channel`: the list's text."""
    listed = await world.mod.slash(world.channel, "paper subscriptions")
    assert listed.response is not None
    return listed.response.embeds[0].description or ""


async def delivery(bot: PaperBot, sub: Subscription, day: date) -> Delivery:
    found = await daily(bot).subscriptions.delivery(sub.id, day)
    assert found is not None, f"no delivery recorded for {day}"
    return found


def posts_to(env: simcord.Env, channel: simcord.ChannelHandle) -> int:
    """How many times the bot tried to post a message in `channel` (successful or not)."""
    return sum(1 for r in env.http_requests if r.method == "POST" and r.path == f"/channels/{channel.id}/messages")


# ---- a normal day


async def test_a_normal_day_posts_once_at_the_local_time_and_again_the_next_day(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 6))
    sub = await subscribe(simcord_env, world, time="09:00", timezone="Europe/Berlin")  # 08:00 UTC in winter
    await run_until(simcord_env, clock, utc(2026, 2, 1, 7, 59))
    assert cards(world.channel) == []
    await run_until(simcord_env, clock, utc(2026, 2, 1, 8, 1))
    assert card_days(world.channel) == ["2026-02-01"]
    first = cards(world.channel)[0]
    assert first.embeds[0].author.name == "Paper of the day · Sunday 1 February 2026"
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0))  # the next hour: nothing more
    await skip_to(simcord_env, clock, utc(2026, 2, 1, 23, 59))  # nor late in the day
    assert len(cards(world.channel)) == 1

    await skip_to(simcord_env, clock, utc(2026, 2, 2, 7, 59))
    await run_until(simcord_env, clock, utc(2026, 2, 2, 8, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]
    second = cards(world.channel)[1]
    assert second.embeds[0].title != first.embeds[0].title, "the same paper two days running"
    today = await bot.picks.pick_for(date(2026, 2, 2))
    assert today is not None
    assert f"id {today.id}" in (second.embeds[0].footer.text or "")  # the same pick as /paper today
    recorded = await delivery(bot, sub, date(2026, 2, 2))
    assert (recorded.status, recorded.message_id, recorded.paper_id) == ("sent", second.id, today.id)
    assert second.components, "the card lost its buttons"


async def test_two_channels_in_different_time_zones_post_at_their_own_local_time(
    simcord_env: simcord.Env, world: World, clock: TestClock
) -> None:
    tokyo_channel = world.guild.create_text_channel("tokyo")
    clock.set(utc(2026, 2, 1, 12))
    await subscribe(simcord_env, world, time="08:30", timezone="America/New_York")  # 13:30 UTC
    await subscribe(simcord_env, world, tokyo_channel, time="08:30", timezone="Asia/Tokyo")  # 23:30 UTC
    await run_until(simcord_env, clock, utc(2026, 2, 1, 13, 31))
    assert (card_days(world.channel), card_days(tokyo_channel)) == (["2026-02-01"], [])
    await skip_to(simcord_env, clock, utc(2026, 2, 1, 23, 29))
    assert card_days(tokyo_channel) == []
    await run_until(simcord_env, clock, utc(2026, 2, 1, 23, 31))
    assert card_days(tokyo_channel) == ["2026-02-02"]  # already 2 February in Tokyo
    # Both channels show the paper of their calendar date; different dates, different papers.
    assert cards(world.channel)[0].embeds[0].title != cards(tokyo_channel)[0].embeds[0].title
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 13, 29))
    await run_until(simcord_env, clock, utc(2026, 2, 2, 13, 31))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]
    # New York's card of 2 February is the same paper as Tokyo's of 2 February.
    assert cards(world.channel)[1].embeds[0].title == cards(tokyo_channel)[0].embeds[0].title


async def test_many_channels_due_at_once_are_each_posted_once(
    simcord_env: simcord.Env, world: World, clock: TestClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scheduler_module, "PAGE_SIZE", 2)  # read the pending deliveries in several pages
    channels = [world.guild.create_text_channel(f"daily-{n}") for n in range(7)]
    clock.set(utc(2026, 2, 1, 8))
    for number, channel in enumerate(channels):
        tz, at = (("UTC", "09:00"), ("Europe/Berlin", "10:00"), ("America/New_York", "04:00"))[number % 3]
        await subscribe(simcord_env, world, channel, time=at, timezone=tz)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 30))  # one tick after the post time
    assert [card_days(channel) for channel in channels] == [["2026-02-01"]] * len(channels)


# ---- daylight saving time


@pytest.mark.parametrize(
    ("tz", "at", "day", "first_post", "later"),
    [
        # Spring forward: 02:30 does not exist that night; the post comes at 03:00 local.
        ("Europe/Berlin", "02:30", date(2026, 3, 29), utc(2026, 3, 29, 1, 0), utc(2026, 3, 29, 2, 0)),
        ("America/New_York", "02:30", date(2026, 3, 8), utc(2026, 3, 8, 7, 0), utc(2026, 3, 8, 8, 0)),
        # Fall back: 02:30 (Berlin) / 01:30 (New York) happen twice; one post, at the first.
        ("Europe/Berlin", "02:30", date(2026, 10, 25), utc(2026, 10, 25, 0, 30), utc(2026, 10, 25, 1, 45)),
        ("America/New_York", "01:30", date(2026, 11, 1), utc(2026, 11, 1, 5, 30), utc(2026, 11, 1, 6, 45)),
        # Nuuk jumps from Saturday 23:00 to Sunday 00:00: Saturday's 23:30 post comes at 00:00 on
        # Sunday (and is not given up as a day gone by); Sunday's own is at 23:30 that evening.
        ("America/Nuuk", "23:30", date(2026, 3, 28), utc(2026, 3, 29, 1, 0), utc(2026, 3, 29, 23, 0)),
    ],
    ids=["berlin-forward", "new-york-forward", "berlin-back", "new-york-back", "nuuk-forward-past-midnight"],
)
async def test_dst_changes_post_once_at_the_right_instant(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot,
    tz: str, at: str, day: date, first_post: datetime, later: datetime,
) -> None:
    clock.set(first_post - timedelta(hours=12))
    sub = await subscribe(simcord_env, world, time=at, timezone=tz)
    await skip_to(simcord_env, clock, first_post - timedelta(minutes=30))
    await run_until(simcord_env, clock, first_post - timedelta(minutes=1))
    assert cards(world.channel) == []
    await run_until(simcord_env, clock, first_post + timedelta(seconds=61))
    assert card_days(world.channel) == [day.isoformat()]
    assert (await delivery(bot, sub, day)).due_at == first_post
    await run_until(simcord_env, clock, later)  # past the repeated hour / the rest of the day
    assert card_days(world.channel) == [day.isoformat()]


# ---- the bot is not running at post time


async def test_bot_down_over_post_time_posts_at_start_up_the_same_day(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    clock.set(utc(2026, 2, 1, 15, 20))  # down from 08:00 until 15:20: the old bot never sees 09:00
    await restart()
    await simcord_env.advance_time(5)
    assert card_days(world.channel) == ["2026-02-01"]
    await run_until(simcord_env, clock, utc(2026, 2, 1, 23, 59))
    assert card_days(world.channel) == ["2026-02-01"]


async def test_bot_down_for_days_does_not_flood_a_backlog(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Any
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    clock.set(utc(2026, 2, 4, 7, 0))  # down for three days, back before today's post time
    await restart()
    await simcord_env.advance_time(120)
    assert cards(world.channel) == []
    await run_until(simcord_env, clock, utc(2026, 2, 4, 9, 1))
    assert card_days(world.channel) == ["2026-02-04"]


# ---- a crash between deciding to post and the post being recorded


async def _hang(*args: Any, **kwargs: Any) -> None:
    """Stand-in for a process that stops here: nothing after this point ever runs."""
    await asyncio.sleep(10**7)


def crash_after_sending(bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's process will stop once a card reached Discord, before recording it as sent."""
    monkeypatch.setattr(daily(bot).subscriptions, "mark_sent", _hang)


def crash_before_sending(bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's process will stop once an attempt is recorded, before the card is sent."""
    repo = daily(bot).subscriptions
    real_start = repo.start_attempt

    async def start_then_die(*args: Any, **kwargs: Any) -> int:
        await real_start(*args, **kwargs)
        await _hang()
        return 0

    monkeypatch.setattr(repo, "start_attempt", start_then_die)


async def test_crash_after_the_card_reached_discord_is_recorded_not_posted_again(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    crash_after_sending(bot, monkeypatch)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    assert len(cards(world.channel)) == 1
    assert (await delivery(bot, sub, date(2026, 2, 1))).status == "pending"

    new_bot = await restart()
    await simcord_env.advance_time(120)  # the crashed attempt still owns the delivery (ATTEMPT_WINDOW)
    assert (await delivery(new_bot, sub, date(2026, 2, 1))).status == "pending"
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0) + ATTEMPT_WINDOW + timedelta(minutes=1))
    assert len(cards(world.channel)) == 1, "posted twice after the crash"
    recovered = await delivery(new_bot, sub, date(2026, 2, 1))
    assert (recovered.status, recovered.message_id) == ("sent", cards(world.channel)[0].id)


async def test_crash_before_the_card_reached_discord_posts_it_after_restart(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, restart: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    crash_before_sending(bot, monkeypatch)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    assert cards(world.channel) == []
    assert (await delivery(bot, sub, date(2026, 2, 1))).attempts == 1

    new_bot = await restart()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0) + ATTEMPT_WINDOW + timedelta(minutes=1))
    assert card_days(world.channel) == ["2026-02-01"], "the post was dropped after the crash"
    assert (await delivery(new_bot, sub, date(2026, 2, 1))).status == "sent"


# ---- failures Discord reports


async def test_the_list_says_why_a_card_is_late_and_when_it_is_tried_again(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503,
                             message="Service Unavailable", times=None)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 10))

    line = await subscriptions_listed(world)

    # Before, the list only said "next post" tomorrow: nothing told the moderator that today's card
    # had not come, or why.
    retry_at = int((await delivery(bot, sub, date(2026, 2, 1))).next_attempt_at.timestamp())
    assert f"⏳ the card of Feb 1 is late (HTTP 503: Service Unavailable); trying again <t:{retry_at}:R>" in line
    simcord_env.backend.faults.clear()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 30))
    assert card_days(world.channel) == ["2026-02-01"]
    assert "late" not in await subscriptions_listed(world)


async def test_a_long_rate_limit_frees_the_send_and_retries_when_discord_allows(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # discord.py raises RateLimited, instead of sleeping, when Discord asks for a wait longer than the
    # bot's max_ratelimit_timeout (tests/bot/test_client.py; SimCord's Discord never rate-limits, so
    # the send raises it here).
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    real_send = discord.TextChannel.send
    sends: list[datetime] = []  # when the bot sent to the channel

    async def rate_limited_once(channel: discord.TextChannel, *args: Any, **kwargs: Any) -> discord.Message:
        if channel.id != world.channel.id:
            return await real_send(channel, *args, **kwargs)
        sends.append(bot.now())
        if len(sends) == 1:
            raise discord.RateLimited(600.0)
        return await real_send(channel, *args, **kwargs)

    monkeypatch.setattr(discord.TextChannel, "send", rate_limited_once)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    waiting = await delivery(bot, sub, date(2026, 2, 1))
    assert (waiting.status, waiting.error, len(sends)) == ("pending", "rate limited", 1)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 12))
    assert card_days(world.channel) == ["2026-02-01"]
    assert len(sends) == 2
    assert sends[1] >= sends[0] + timedelta(seconds=600)  # not sooner than Discord asked
    assert (await delivery(bot, sub, date(2026, 2, 1))).status == "sent"


@pytest.mark.parametrize(("status", "message"), [(500, "Internal Server Error"), (502, "Bad Gateway"),
                                                 (429, "You are being rate limited.")])
async def test_a_transient_failure_is_retried_without_holding_up_other_channels(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, status: int, message: str
) -> None:
    other = world.guild.create_text_channel("other")
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    await subscribe(simcord_env, world, other, time="09:00")
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=status, message=message)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 10))
    assert (cards(world.channel), card_days(other)) == ([], ["2026-02-01"])
    pending = await delivery(bot, sub, date(2026, 2, 1))
    assert pending.status == "pending"
    assert str(status) in (pending.error or "")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))
    assert card_days(world.channel) == ["2026-02-01"]
    assert posts_to(simcord_env, world.channel) == 2  # one failure, one success: no double post
    assert (await delivery(bot, sub, date(2026, 2, 1))).attempts == 2


async def test_a_network_error_is_retried(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_send = discord.abc.Messageable.send
    failures = [aiohttp.ClientOSError(104, "Connection reset by peer")]

    async def flaky_send(self: Any, *args: Any, **kwargs: Any) -> Any:
        if failures and getattr(self, "id", None) == world.channel.id:
            raise failures.pop()
        return await real_send(self, *args, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", flaky_send)
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 0, 10))
    assert cards(world.channel) == []
    assert "Connection reset" in ((await delivery(bot, sub, date(2026, 2, 1))).error or "")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))
    assert card_days(world.channel) == ["2026-02-01"]


async def test_a_failure_that_lasts_all_day_gives_up_at_the_end_of_the_local_day(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 20))
    sub = await subscribe(simcord_env, world, time="22:00")
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503, times=None)
    await run_until(simcord_env, clock, utc(2026, 2, 2, 0, 2))
    # The gaps double from 30 s up to 15 min: about 13 attempts in these two hours (one per
    # minute, 120, without backoff).
    attempts = posts_to(simcord_env, world.channel)
    assert 8 <= attempts <= 16, f"{attempts} attempts: the retries are not backing off"
    given_up = await delivery(bot, sub, date(2026, 2, 1))
    assert given_up.status == "failed"
    assert "day ended" in (given_up.error or "")
    simcord_env.backend.faults.clear()
    await run_until(simcord_env, clock, utc(2026, 2, 2, 22, 1))
    assert card_days(world.channel) == ["2026-02-02"]  # the next day works again; no late post of the 1st


async def test_missing_permissions_pauses_and_tells_the_subscriber(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=403, code=50013,
                             message="Missing Permissions", times=None)
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    paused = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert paused is not None
    assert paused.status == "paused"
    notices = world.mod.user.dm_channel.history()  # the server has no system channel: the subscriber hears
    assert len(notices) == 1
    assert notices[0].content.startswith(f"I've paused the daily paper in <#{world.channel.id}> on **Paper Club**:")
    assert (await delivery(bot, sub, date(2026, 2, 1))).status == "failed"

    listing = await world.mod.slash(world.channel, "paper subscriptions")
    assert listing.response is not None
    assert "paused" in (listing.response.embeds[0].description or "")
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 8, 59))
    await run_until(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert posts_to(simcord_env, world.channel) == 1  # paused: no more attempts, no more 403s

    simcord_env.backend.faults.clear()  # permissions fixed; subscribing again resumes with the same settings
    resumed = await world.mod.slash(world.channel, "paper subscribe")
    assert resumed.response is not None
    assert resumed.response.content.startswith("Resumed")
    assert "09:00" in resumed.response.content
    # Resumed after the 2nd's post time: the 2nd's card comes at once (before review 15, at the next minute's
    # tick, which the jump below made the 3rd's, and the 2nd was given up unposted).
    await skip_to(simcord_env, clock, utc(2026, 2, 3, 8, 59))
    await run_until(simcord_env, clock, utc(2026, 2, 3, 9, 1))
    assert card_days(world.channel) == ["2026-02-02", "2026-02-03"]


async def test_losing_send_messages_pauses_without_posting_and_tells_the_system_channel(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    announcements = world.guild.create_text_channel("announcements")
    simcord_env.backend.edit_guild(world.guild.id, {"system_channel_id": announcements.id})
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00")
    me = bot.user
    assert me is not None
    deny = discord.Permissions(send_messages=True).value
    simcord_env.backend.set_overwrite(world.channel.id, Overwrite(target_id=me.id, type=OverwriteType.MEMBER,
                                                                  allow=0, deny=deny))
    await simcord_env.settle()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    assert posts_to(simcord_env, world.channel) == 0
    notices = announcements.history()
    assert len(notices) == 1
    assert "Send Messages" in notices[0].content
    assert world.mod.user.dm_channel.history() == []


async def test_a_deleted_channel_removes_its_subscription_and_keeps_the_history(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    doomed = world.guild.create_text_channel("doomed")
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, doomed, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    assert len(cards(doomed)) == 1
    simcord_env.backend.delete_channel(doomed.id)
    await simcord_env.settle()
    ended = await daily(bot).subscriptions.by_channel(doomed.id)
    assert ended is not None
    assert (ended.status, ended.status_reason) == ("ended", "the channel was deleted")
    assert [d.status for d in await daily(bot).subscriptions.history(sub.id)] == ["sent"]
    listing = await world.mod.slash(world.channel, "paper subscriptions")
    assert listing.response is not None
    assert "no daily-paper subscriptions" in listing.response.content


async def test_a_channel_deleted_while_the_bot_was_away_is_removed_at_the_next_post(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    # The deletion event was missed; Discord answers the post with Unknown Channel.
    simcord_env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=404, code=10003,
                             message="Unknown Channel")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    ended = await daily(bot).subscriptions.by_id(sub.id)
    assert ended is not None
    assert ended.status == "ended"
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 8, 59))
    await run_until(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert posts_to(simcord_env, world.channel) == 1


# ---- topics and unsubscribing


async def test_a_topic_subscription_posts_the_topic_pick_without_repeats(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    topic = "reinforcement learning"
    matching = set(await bot.search_engine.matching_ids(topic))
    assert len(matching) >= 2, "the bundled corpus should have papers on this topic"
    second = world.guild.create_text_channel("rl-too")
    plain = world.guild.create_text_channel("plain")
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic=topic)
    await subscribe(simcord_env, world, second, time="09:00", timezone="Europe/Berlin", topic=topic)
    await subscribe(simcord_env, world, plain, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 8, 0))  # 09:00 in Berlin
    await run_until(simcord_env, clock, utc(2026, 2, 2, 9, 1))

    def ids(channel: simcord.ChannelHandle) -> list[str]:
        return [(m.embeds[0].footer.text or "").split(" · ")[0].removeprefix("id ") for m in cards(channel)]

    assert len(ids(world.channel)) == 2
    assert set(ids(world.channel)) <= matching
    assert ids(world.channel)[0] != ids(world.channel)[1]
    assert ids(second) == ids(world.channel)  # same topic, same date, same paper
    assert topic in (cards(world.channel)[0].embeds[0].author.name or "")
    general = await bot.picks.pick_for(date(2026, 2, 1))
    assert general is not None
    assert ids(plain)[0] == general.id


async def test_unsubscribing_stops_the_posts(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    result = await world.mod.slash(world.channel, "paper unsubscribe")
    assert result.response is not None
    assert "Stopped" in result.response.content
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 0))
    for day in (2, 3):
        await skip_to(simcord_env, clock, utc(2026, 2, day, 8, 59))
        await run_until(simcord_env, clock, utc(2026, 2, day, 9, 1))
    assert card_days(world.channel) == ["2026-02-01"]
    assert [d.local_day for d in await daily(bot).subscriptions.history(sub.id)] == [date(2026, 2, 1)]


# ---- history


async def test_old_delivery_history_is_pruned_without_missing_or_doubling_a_post(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 1))
    await skip_to(simcord_env, clock, utc(2026, 2, 2, 9, 1))
    assert card_days(world.channel) == ["2026-02-01", "2026-02-02"]
    later = date(2026, 2, 2) + timedelta(days=HISTORY_DAYS + 1)
    await skip_to(simcord_env, clock, datetime.combine(later, time(9, 1), tzinfo=UTC))  # the first tick that day

    assert card_days(world.channel) == ["2026-02-01", "2026-02-02", later.isoformat()]
    assert [d.local_day for d in await daily(bot).subscriptions.history(sub.id)] == [later]
    await run_until(simcord_env, clock, datetime.combine(later, time(10, 0), tzinfo=UTC))
    assert len(cards(world.channel)) == 3  # no second card that day


async def test_a_second_bot_process_on_the_same_database_never_doubles_the_post(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    sub = await subscribe(simcord_env, world, time="09:00")
    # The other process (an overlapping deploy) claims the 09:00 post and starts sending it first...
    other = await open_database(bot.settings.database_path)
    try:
        theirs = SubscriptionRepository(other)
        assert await theirs.claim_due(utc(2026, 2, 1, 9, 0)) == 1
        started = utc(2026, 2, 1, 9, 0)
        assert await theirs.start_attempt(sub.id, date(2026, 2, 1), paper_id="x", topic=None, seen_attempts=0,
                                          until=started + ATTEMPT_WINDOW) == 1
    finally:
        await other.close()
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 3))
    assert cards(world.channel) == [], "posted while the other process's attempt was under way"
    # ...and dies before its card reaches Discord: once its window is over, this bot posts it, once.
    await run_until(simcord_env, clock, started + ATTEMPT_WINDOW + timedelta(minutes=1))
    await run_until(simcord_env, clock, utc(2026, 2, 1, 10, 0))
    assert card_days(world.channel) == ["2026-02-01"]
    assert (await delivery(bot, sub, date(2026, 2, 1))).status == "sent"
