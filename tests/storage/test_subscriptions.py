"""Subscriptions, delivery claims and the time-zone math — on real temporary SQLite files."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import aiosqlite
import pytest

from storage.db import open_database
from storage.subscriptions import (
    ScheduleError,
    Subscription,
    SubscriptionLimitError,
    SubscriptionRepository,
    parse_post_time,
    post_instant,
    resolve_timezone,
    zone,
)

GUILD = 1000


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


START = utc(2026, 12, 1)


@pytest.fixture
async def conn(tmp_path: Path):
    conn = await open_database(tmp_path / "bot.db")
    yield conn
    await conn.close()


async def subscribe(
    repo: SubscriptionRepository,
    channel_id: int,
    *,
    at: str = "09:00",
    tz: str = "UTC",
    now: datetime = START,
    limit: int = 10,
    guild_id: int = GUILD,
    topic: str | None = None,
) -> Subscription:
    return await repo.subscribe(
        guild_id=guild_id, channel_id=channel_id, post_time=parse_post_time(at), timezone=resolve_timezone(tz),
        topic=topic, subscriber_id=42, now=now, limit=limit,
    )


# ---- parsing what people type


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("09:00", time(9)), ("9", time(9)), (" 9:30 ", time(9, 30)), ("21h30", time(21, 30)), ("18.45", time(18, 45)),
     ("9pm", time(21)), ("12am", time(0)), ("12:15 PM", time(12, 15)), ("00:00", time(0)), (None, time(9)),
     ("21h", time(21)), ("Noon", time(12)), ("midnight", time(0)), ("midday ", time(12))],
)
def test_post_times_people_type_are_understood(typed: str | None, expected: time) -> None:
    assert parse_post_time(typed) == expected


@pytest.mark.parametrize("typed", ["25:00", "9:75", "lunchtime", "13pm", "9:5", "-1", "09:00:30", "9 o'clock", "24h"])
def test_bad_post_times_get_a_message_naming_the_input(typed: str) -> None:
    with pytest.raises(ScheduleError) as caught:
        parse_post_time(typed)
    assert typed.strip() in str(caught.value)


def test_time_zones_resolve_case_insensitively_and_bad_ones_are_refused() -> None:
    assert resolve_timezone("europe/berlin") == "Europe/Berlin"
    assert resolve_timezone("America/New York") == "America/New_York"
    assert resolve_timezone(None) == "UTC"
    assert resolve_timezone("utc") == "UTC"
    for bad in ("Mars/Olympus_Mons", "../../etc/passwd", "Atlantis", "+02:00", "west", "/", "Europe/"):
        with pytest.raises(ScheduleError, match="IANA"):
            resolve_timezone(bad)


@pytest.mark.parametrize(("typed", "expected"), [
    ("Berlin", "Europe/Berlin"), ("tokyo", "Asia/Tokyo"), ("new york", "America/New_York"),
    ("Sao Paulo", "America/Sao_Paulo"), ("port-au-prince", "America/Port-au-Prince"),
    # aliases keeping the same time: the current name (the older one is the shorter)
    ("Buenos Aires", "America/Argentina/Buenos_Aires"), ("istanbul", "Europe/Istanbul"),
])
def test_a_city_that_names_one_zone_resolves_to_it(typed: str, expected: str) -> None:
    assert resolve_timezone(typed) == expected


# ---- when a post is due


def test_post_instant_in_plain_winter_and_summer_time() -> None:
    berlin = zone("Europe/Berlin")
    assert post_instant(date(2026, 1, 15), time(9), berlin) == utc(2026, 1, 15, 8, 0)
    assert post_instant(date(2026, 7, 15), time(9), berlin) == utc(2026, 7, 15, 7, 0)


@pytest.mark.parametrize(
    ("tz", "day", "at", "expected"),
    [
        # Clocks jump 02:00 -> 03:00: 02:30 does not exist; the first valid minute after is 03:00.
        ("Europe/Berlin", date(2026, 3, 29), time(2, 30), utc(2026, 3, 29, 1, 0)),
        ("America/New_York", date(2026, 3, 8), time(2, 30), utc(2026, 3, 8, 7, 0)),
        # Clocks fall back: 02:30 (Berlin) / 01:30 (New York) happen twice; the first one counts.
        ("Europe/Berlin", date(2026, 10, 25), time(2, 30), utc(2026, 10, 25, 0, 30)),
        ("America/New_York", date(2026, 11, 1), time(1, 30), utc(2026, 11, 1, 5, 30)),
        # Samoa skipped 30 December 2011 entirely: the first valid minute after is the 31st, 00:00.
        ("Pacific/Apia", date(2011, 12, 30), time(9), utc(2011, 12, 30, 10, 0)),
    ],
)
def test_post_instant_across_dst_transitions(tz: str, day: date, at: time, expected: datetime) -> None:
    assert post_instant(day, at, zone(tz)) == expected


async def test_next_post_time_skips_a_day_already_handled_and_posts_before_the_start(
    conn: aiosqlite.Connection,
) -> None:
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 1, at="09:00", tz="Asia/Tokyo", now=utc(2026, 12, 1, 3, 0))  # 12:00 in Tokyo
    assert sub.next_post_at(utc(2026, 12, 1, 3, 0)) == utc(2026, 12, 2, 0, 0)  # tomorrow 09:00 JST
    assert sub.next_post_at(utc(2026, 12, 2, 0, 30), posted_day=date(2026, 12, 2)) == utc(2026, 12, 3, 0, 0)
    paused = await repo.pause(sub.id, reason="missing permissions", now=utc(2026, 12, 1, 4))
    assert paused is not None
    assert paused.next_post_at(utc(2026, 12, 1, 4)) is None


# ---- subscribing


async def test_subscribing_again_updates_the_same_row_and_resumes_it(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    first = await subscribe(repo, 7, at="09:00")
    await repo.pause(first.id, reason="lost Send Messages", now=utc(2026, 12, 1, 1))
    again = await subscribe(repo, 7, at="18:30", tz="Europe/Berlin", now=utc(2026, 12, 1, 2), topic="graphs")
    assert again.id == first.id
    assert (again.status, again.post_time, again.timezone, again.topic) == ("active", time(18, 30),
                                                                            "Europe/Berlin", "graphs")
    assert again.status_reason is None
    assert again.active_since == utc(2026, 12, 1, 2)


async def test_the_per_server_limit_counts_live_subscriptions_only(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    await subscribe(repo, 1, limit=2)
    await subscribe(repo, 2, limit=2)
    with pytest.raises(SubscriptionLimitError) as full:
        await subscribe(repo, 3, limit=2)
    assert (full.value.count, full.value.limit) == (2, 2)
    await subscribe(repo, 2, at="10:00", limit=2)  # changing an existing one is fine at the limit
    await subscribe(repo, 4, limit=2, guild_id=GUILD + 1)  # another server has its own limit
    await repo.unsubscribe(2, now=utc(2026, 12, 1, 1))
    await subscribe(repo, 3, limit=2)  # an ended subscription frees its place
    assert await repo.count_live(GUILD) == 2
    assert {s.channel_id for s in await repo.for_guild(GUILD)} == {1, 3}
    with pytest.raises(SubscriptionLimitError) as lowered:  # the operator lowered the limit
        await subscribe(repo, 5, limit=1)
    assert (lowered.value.count, lowered.value.limit) == (2, 1)


async def test_unsubscribing_keeps_the_subscription_and_its_history(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 5, now=utc(2026, 12, 1, 0))
    assert await repo.claim_due(utc(2026, 12, 1, 9, 0)) == 1
    await repo.mark_sent(sub.id, date(2026, 12, 1), message_id=99, now=utc(2026, 12, 1, 9, 0))
    ended = await repo.unsubscribe(5, now=utc(2026, 12, 1, 10))
    assert ended is not None
    assert ended.status == "ended"
    assert await repo.unsubscribe(5, now=utc(2026, 12, 1, 11)) is None  # nothing left to end
    assert [d.message_id for d in await repo.history(sub.id)] == [99]
    assert await repo.claim_due(utc(2026, 12, 2, 9, 0)) == 0
    assert await repo.for_guild(GUILD) == []
    assert [s.status for s in await repo.for_guild(GUILD, include_ended=True)] == ["ended"]


# ---- claiming deliveries


async def test_a_day_is_claimed_once_at_its_local_time(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 1, at="09:00", tz="Europe/Berlin", now=utc(2026, 12, 1, 0))
    assert await repo.claim_due(utc(2026, 12, 1, 7, 59)) == 0
    assert await repo.claim_due(utc(2026, 12, 1, 8, 0)) == 1
    assert await repo.claim_due(utc(2026, 12, 1, 8, 1)) == 0
    assert await repo.claim_due(utc(2026, 12, 1, 22, 59)) == 0  # 23:59 Berlin, same day
    assert await repo.claim_due(utc(2026, 12, 2, 8, 0)) == 1
    assert [d.local_day for d in await repo.history(sub.id)] == [date(2026, 12, 2), date(2026, 12, 1)]
    assert (await repo.history(sub.id))[0].due_at == utc(2026, 12, 2, 8, 0)


async def test_two_time_zones_are_due_at_their_own_instants(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    # Subscribed at 20:00 UTC on 30 Nov: 05:00 on 1 Dec in Tokyo, 15:00 on 30 Nov in New York (after 09:00).
    tokyo = await subscribe(repo, 1, at="09:00", tz="Asia/Tokyo", now=utc(2026, 11, 30, 20))
    new_york = await subscribe(repo, 2, at="09:00", tz="America/New_York", now=utc(2026, 11, 30, 20))
    assert await repo.claim_due(utc(2026, 12, 1, 0, 0)) == 1  # 09:00 in Tokyo, 19:00 (30 Nov) in New York
    assert [p.subscription.id for p in await repo.pending()] == [tokyo.id]
    assert await repo.claim_due(utc(2026, 12, 1, 14, 0)) == 1  # 09:00 in New York
    pending = {p.subscription.id: p.delivery.local_day for p in await repo.pending()}
    assert pending == {tokyo.id: date(2026, 12, 1), new_york.id: date(2026, 12, 1)}


async def test_a_repeated_hour_is_posted_once(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    await subscribe(repo, 1, at="02:30", tz="Europe/Berlin", now=utc(2026, 10, 24, 0))
    assert await repo.claim_due(utc(2026, 10, 25, 0, 29)) == 0
    assert await repo.claim_due(utc(2026, 10, 25, 0, 30)) == 1  # 02:30 CEST
    assert await repo.claim_due(utc(2026, 10, 25, 1, 30)) == 0  # 02:30 CET, the same local day


async def test_a_post_time_the_clocks_push_past_midnight_is_posted_at_midnight(conn: aiosqlite.Connection) -> None:
    # Nuuk's clocks jump from Saturday 28 March 2026, 23:00 (UTC-2) to Sunday 00:00 (UTC-1): Saturday's
    # 23:30 never happens, so its post comes at the first minute after the gap, which is on Sunday.
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 1, at="23:30", tz="America/Nuuk", now=utc(2026, 3, 28, 12))
    assert await repo.claim_due(utc(2026, 3, 29, 0, 59)) == 0  # 22:59 on Saturday in Nuuk
    assert await repo.claim_due(utc(2026, 3, 29, 1, 0)) == 1  # 00:00 on Sunday: Saturday's post
    assert await repo.claim_due(utc(2026, 3, 29, 1, 5)) == 0
    assert await repo.claim_due(utc(2026, 3, 30, 0, 30)) == 1  # 23:30 on Sunday (UTC-1): Sunday's own
    assert [(d.local_day, d.due_at) for d in await repo.history(sub.id)] == [
        (date(2026, 3, 29), utc(2026, 3, 30, 0, 30)), (date(2026, 3, 28), utc(2026, 3, 29, 1, 0))]


async def test_a_day_that_never_happened_has_no_post(conn: aiosqlite.Connection) -> None:
    # Samoa skipped 30 December 2011: from the 29th (UTC-10) straight to the 31st (UTC+14).
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 1, at="09:00", tz="Pacific/Apia", now=utc(2011, 12, 29, 12))
    assert await repo.claim_due(utc(2011, 12, 29, 19, 0)) == 1  # 09:00 on the 29th
    assert await repo.claim_due(utc(2011, 12, 30, 10, 0)) == 0  # 00:00 on the 31st: nothing for the 30th
    assert await repo.claim_due(utc(2011, 12, 30, 19, 0)) == 1  # 09:00 on the 31st
    assert [d.local_day for d in await repo.history(sub.id)] == [date(2011, 12, 31), date(2011, 12, 29)]


async def test_a_day_missed_while_down_is_skipped_not_posted_late(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 1, at="09:00", now=utc(2026, 12, 1, 0))
    # Down from before 09:00 on the 1st until 08:00 on the 3rd: nothing for the 1st or 2nd, the 3rd at 09:00.
    assert await repo.claim_due(utc(2026, 12, 3, 8, 0)) == 0
    assert await repo.claim_due(utc(2026, 12, 3, 9, 0)) == 1
    assert [d.local_day for d in await repo.history(sub.id)] == [date(2026, 12, 3)]


async def test_back_up_later_the_same_day_still_claims_it(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    await subscribe(repo, 1, at="09:00", now=utc(2026, 12, 1, 0))
    assert await repo.claim_due(utc(2026, 12, 1, 17, 45)) == 1


async def test_subscribing_after_todays_time_starts_tomorrow(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 1, at="09:00", now=utc(2026, 12, 1, 15, 0))
    assert await repo.claim_due(utc(2026, 12, 1, 15, 1)) == 0
    assert await repo.claim_due(utc(2026, 12, 2, 9, 0)) == 1
    assert sub.next_post_at(utc(2026, 12, 1, 15, 1)) == utc(2026, 12, 2, 9, 0)


async def test_a_subscribe_racing_the_claim_at_post_time_is_still_claimed(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    await subscribe(repo, 1, at="09:00", now=utc(2026, 12, 1, 8))
    assert await repo.claim_due(utc(2026, 12, 1, 9, 0)) == 1
    # Channel 2's subscribe read the clock at 08:59:59 but was written after that claim.
    await subscribe(repo, 2, at="09:00", now=utc(2026, 12, 1, 9, 0) - timedelta(seconds=1))
    assert await repo.claim_due(utc(2026, 12, 1, 9, 1)) == 1
    assert await repo.claim_due(utc(2026, 12, 1, 9, 5)) == 0
    # Once the post time is well past, subscribing adds nothing for today, however often we claim.
    await subscribe(repo, 3, at="09:00", now=utc(2026, 12, 1, 9, 5))
    assert await repo.claim_due(utc(2026, 12, 1, 9, 6)) == 0
    assert await repo.claim_due(utc(2026, 12, 2, 9, 0)) == 3


async def test_pending_deliveries_are_read_a_page_at_a_time_in_attempt_order(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    subs = [await subscribe(repo, channel, at=at) for channel, at in
            ((1, "09:00"), (2, "08:00"), (3, "09:00"), (4, "07:00"), (5, "08:00"))]
    await repo.claim_due(utc(2026, 12, 1, 9, 0))
    await repo.retry_later(subs[3].id, date(2026, 12, 1), at=utc(2026, 12, 1, 9, 30), error="HTTP 500")
    seen, after = [], None
    while True:
        page = await repo.pending(limit=2, after=after)
        seen += [item.subscription.channel_id for item in page]
        if len(page) < 2:
            break
        after = page[-1].delivery
    # Claimed at 09:00 (attempt due then), by subscription id; the retry at 09:30 last.
    assert seen == [1, 2, 3, 5, 4]


async def test_delivery_state_moves_from_pending_to_sent_or_failed(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    a = await subscribe(repo, 1)
    b = await subscribe(repo, 2)
    day = date(2026, 12, 1)
    await repo.claim_due(utc(2026, 12, 1, 9, 0))
    assert await repo.start_attempt(a.id, day, paper_id="p1", topic=None, seen_attempts=0,
                                    until=utc(2026, 12, 1, 9, 5)) == 1
    await repo.retry_later(a.id, day, at=utc(2026, 12, 1, 9, 2), error="HTTP 500")
    assert [p.subscription.id for p in await repo.pending(due_by=utc(2026, 12, 1, 9, 1))] == [b.id]
    assert await repo.next_attempt_at() == utc(2026, 12, 1, 9, 0)
    assert await repo.start_attempt(a.id, day, paper_id="p1", topic=None, seen_attempts=1,
                                    until=utc(2026, 12, 1, 9, 7)) == 2
    await repo.mark_sent(a.id, day, message_id=123, now=utc(2026, 12, 1, 9, 2))
    await repo.mark_failed(b.id, day, error="HTTP 400: bad embed")
    sent, failed = await repo.delivery(a.id, day), await repo.delivery(b.id, day)
    assert sent is not None
    assert failed is not None
    assert (sent.status, sent.attempts, sent.message_id, sent.paper_id) == ("sent", 2, 123, "p1")
    assert (failed.status, failed.error) == ("failed", "HTTP 400: bad embed")
    assert await repo.pending() == []
    assert await repo.start_attempt(a.id, day, paper_id="p1", topic=None, seen_attempts=2,
                                    until=utc(2026, 12, 1, 9, 9)) == 0  # a sent delivery is not restarted


async def test_pausing_fails_the_pending_delivery_and_hides_it(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 1)
    await repo.claim_due(utc(2026, 12, 1, 9, 0))
    await repo.pause(sub.id, reason="Missing Permissions: Send Messages", now=utc(2026, 12, 1, 9, 0))
    assert await repo.pending() == []
    delivery = await repo.delivery(sub.id, date(2026, 12, 1))
    assert delivery is not None
    assert delivery.status == "failed"
    assert "Send Messages" in (delivery.error or "")
    assert await repo.claim_due(utc(2026, 12, 2, 9, 0)) == 0  # paused: no new claims


async def test_subscriptions_and_history_survive_a_restart_and_a_corpus_reload(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    conn = await open_database(path)
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 1)
    await repo.claim_due(utc(2026, 12, 1, 9, 0))
    await conn.close()

    conn = await open_database(path)
    try:
        # What a corpus reload does to the papers table must not touch subscriptions or deliveries.
        await conn.execute("INSERT INTO papers (id, title, abstract, abstract_raw) VALUES ('x', 'T', 'A', 'A')")
        await conn.execute("UPDATE papers SET active = 0")
        repo = SubscriptionRepository(conn)
        assert await repo.by_channel(1) == sub
        assert [p.delivery.local_day for p in await repo.pending()] == [date(2026, 12, 1)]
    finally:
        await conn.close()


async def test_concurrent_claims_from_two_connections_claim_each_day_once(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    first, second = await open_database(path), await open_database(path)
    try:
        repo = SubscriptionRepository(first)
        for channel in range(50):
            await subscribe(repo, channel, tz=("UTC", "Europe/Berlin", "Asia/Tokyo")[channel % 3], limit=100)
        now = utc(2026, 12, 1, 9, 0)
        claims = [SubscriptionRepository(c).claim_due(now + timedelta(seconds=i))
                  for i, c in enumerate([first, second] * 3)]
        counts = await asyncio.gather(*claims)
        assert sum(counts) == 50
        async with first.execute("SELECT count(*), count(DISTINCT subscription_id) FROM deliveries") as cursor:
            row = await cursor.fetchone()
        assert row is not None
        assert tuple(row) == (50, 50)
    finally:
        await first.close()
        await second.close()


# ---- pruning the delivery history


async def _post_daily(repo: SubscriptionRepository, subs: list[Subscription], first: date, days: int) -> None:
    """Claim and send `days` consecutive daily posts from `first` (09:00 UTC each) in every channel of `subs`."""
    for offset in range(days):
        day = first + timedelta(days=offset)
        at = datetime.combine(day, time(9, 0), tzinfo=UTC)
        assert await repo.claim_due(at) == len(subs)
        for sub in subs:
            await repo.mark_sent(sub.id, day, message_id=offset + 1, now=at)


async def test_pruning_drops_old_settled_deliveries_but_keeps_each_latest_and_pending(
    conn: aiosqlite.Connection,
) -> None:
    repo = SubscriptionRepository(conn)
    busy = await subscribe(repo, 1, now=utc(2026, 1, 1))
    gone = await subscribe(repo, 2, now=utc(2026, 1, 1))
    await _post_daily(repo, [busy, gone], date(2026, 1, 1), 3)  # both channels get Jan 1–3
    await repo.unsubscribe(2, now=utc(2026, 1, 3, 12))  # channel 2 ends after Jan 3
    await _post_daily(repo, [busy], date(2026, 1, 4), 2)  # channel 1 goes on: Jan 4–5
    assert await repo.claim_due(utc(2026, 1, 6, 9, 0)) == 1  # Jan 6 claimed, not sent yet: pending

    pruned = await repo.prune_history(before=date(2026, 1, 5))

    assert pruned == 4 + 2  # channel 1: Jan 1–4; channel 2: Jan 1–2 (Jan 3 is its latest)
    assert [(d.local_day.day, d.status) for d in await repo.history(busy.id)] == [(6, "pending"), (5, "sent")]
    assert [(d.local_day.day, d.status) for d in await repo.history(gone.id)] == [(3, "sent")]
    assert await repo.last_claimed_days([busy.id, gone.id]) == {busy.id: date(2026, 1, 6), gone.id: date(2026, 1, 3)}
    assert await repo.prune_history(before=date(2026, 1, 5)) == 0  # nothing more to do
    assert await repo.prune_history(before=date(2026, 2, 1)) == 1  # Jan 5 (Jan 6 is pending and the latest)
    assert await repo.claim_due(utc(2026, 1, 6, 9, 30)) == 0  # the pending day is still claimed just once


async def test_pruning_keeps_recent_history(conn: aiosqlite.Connection) -> None:
    repo = SubscriptionRepository(conn)
    sub = await subscribe(repo, 1, now=utc(2026, 1, 1))
    await _post_daily(repo, [sub], date(2026, 1, 1), 5)
    assert await repo.prune_history(before=date(2026, 1, 1)) == 0
    assert len(await repo.history(sub.id)) == 5


async def test_two_processes_cannot_both_start_the_same_attempt(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    first, second = await open_database(path), await open_database(path)  # two bot processes, one database
    try:
        mine, theirs = SubscriptionRepository(first), SubscriptionRepository(second)
        sub = await subscribe(mine, 1)
        day, now = date(2026, 12, 1), utc(2026, 12, 1, 9, 0)
        await mine.claim_due(now)
        seen_by_me, seen_by_them = await mine.pending(due_by=now), await theirs.pending(due_by=now)
        assert [p.delivery.attempts for p in seen_by_me + seen_by_them] == [0, 0]

        window = now + timedelta(minutes=5)
        started = [await repo.start_attempt(sub.id, day, paper_id="p1", topic=None, seen_attempts=0, until=window)
                   for repo in (theirs, mine)]

        assert started == [1, 0]  # only the first one sends
        assert await mine.pending(due_by=now + timedelta(minutes=4)) == []  # theirs while it may be on its way
        after_window = await mine.pending(due_by=now + timedelta(minutes=5))
        assert [(p.subscription.id, p.delivery.attempts) for p in after_window] == [(sub.id, 1)]
    finally:
        await first.close()
        await second.close()
