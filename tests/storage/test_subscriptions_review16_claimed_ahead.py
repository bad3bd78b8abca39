"""Review 16: a delivery a clock set ahead claimed is claimed again when its day comes (migration 0006), on real
temporary SQLite files.

A claim records the latest earlier day its subscription had (deliveries.claimed_after). A day is never claimed
after a day more than FURTHEST_AHEAD later, but by a wrong clock: a row with a day claimed between it and its
claimed_after was claimed ahead. Its day's claim takes it over, once; a row claimed on its day never is, even after
a clock set back claimed an earlier day. A version-5 database keeps its history, its rows never counted as ahead.
"""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import UTC, date, datetime, time
from pathlib import Path

import aiosqlite

from storage.db import migrations, open_database, schema_version
from storage.subscriptions import SubscriptionRepository


def at(year: int, month: int, day: int, hour: int = 9, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


async def _subscribed(conn: aiosqlite.Connection) -> tuple[SubscriptionRepository, int]:
    repo = SubscriptionRepository(conn)
    sub = await repo.subscribe(guild_id=10, channel_id=20, post_time=time(9), timezone="UTC", topic=None,
                               subscriber_id=None, now=at(2026, 2, 1, 8), limit=25)
    return repo, sub.id


async def _claimed_and(repo: SubscriptionRepository, sid: int, now: datetime, outcome: str) -> None:
    """Claim `now`'s day (a fresh repository: no memory of groups claimed) and record its card as `outcome`."""
    repo = SubscriptionRepository(repo._conn)
    assert await repo.claim_due(now) == 1
    day = now.date()
    if outcome == "sent":
        await repo.mark_sent(sid, day, message_id=int(now.timestamp()), now=now)
    else:
        await repo.mark_failed(sid, day, error="rejected by Discord: 400 Bad Request")


async def test_the_day_a_clock_set_ahead_claimed_is_claimed_again_when_it_comes_once(tmp_path: Path) -> None:
    conn = await open_database(tmp_path / "paperbot.db")
    try:
        repo, sid = await _subscribed(conn)
        await _claimed_and(repo, sid, at(2026, 2, 1), "sent")
        await _claimed_and(repo, sid, at(2027, 2, 1, 9, 30), "sent")  # a year ahead for minutes
        await _claimed_and(repo, sid, at(2026, 2, 2), "sent")  # corrected
        # Before: the two days before it were not claimed (a later day within FURTHEST_AHEAD was), nor the day.
        await _claimed_and(repo, sid, at(2027, 1, 30), "sent")
        assert await repo.last_claimed_days([sid], now=at(2027, 1, 30, 10)) == {sid: date(2027, 1, 30)}
        await _claimed_and(repo, sid, at(2027, 1, 31), "failed")
        assert await repo.given_up([sid], now=at(2027, 1, 31, 10)) != {}  # the 31st's, not the year-early card
        assert (await repo.given_up([sid], now=at(2027, 1, 31, 10)))[sid].local_day == date(2027, 1, 31)

        assert await SubscriptionRepository(conn).claim_due(at(2027, 2, 1, 9, 1)) == 1
        taken_over = await repo.delivery(sid, date(2027, 2, 1))
        assert taken_over is not None
        assert (taken_over.status, taken_over.attempts, taken_over.message_id, taken_over.claimed_at) == (
            "pending", 0, None, at(2027, 2, 1, 9, 1))
        await repo.mark_sent(sid, date(2027, 2, 1), message_id=7, now=at(2027, 2, 1, 9, 1))
        # Claimed on its day now: never again (a second tick, another process, a restart).
        for minute in (1, 2, 30):
            assert await SubscriptionRepository(conn).claim_due(at(2027, 2, 1, 9, minute)) == 0
        sent = await repo.delivery(sid, date(2027, 2, 1))
        assert sent is not None
        assert sent.message_id == 7
    finally:
        await conn.close()


async def test_a_day_posted_stays_posted_after_a_clock_set_back_claimed_an_earlier_one(tmp_path: Path) -> None:
    conn = await open_database(tmp_path / "paperbot.db")
    try:
        repo, sid = await _subscribed(conn)
        await _claimed_and(repo, sid, at(2026, 2, 1), "sent")
        await _claimed_and(repo, sid, at(2027, 2, 1), "sent")  # the bot was off for a year
        await _claimed_and(repo, sid, at(2026, 6, 1, 9, 30), "sent")  # set back, into that year, for minutes

        for minute in (30, 35):  # corrected, the same day
            assert await SubscriptionRepository(conn).claim_due(at(2027, 2, 1, 9, minute)) == 0
        kept = await repo.delivery(sid, date(2027, 2, 1))
        assert kept is not None
        assert kept.status == "sent"
    finally:
        await conn.close()


async def test_a_moderator_moving_west_after_the_first_card_gets_no_earlier_card(tmp_path: Path) -> None:
    conn = await open_database(tmp_path / "paperbot.db")
    try:
        repo = SubscriptionRepository(conn)
        await repo.subscribe(guild_id=10, channel_id=20, post_time=time(9), timezone="Pacific/Kiritimati",
                             topic=None, subscriber_id=None, now=at(2026, 1, 31, 18), limit=25)
        assert await repo.claim_due(at(2026, 1, 31, 19, 5)) == 1  # 09:05 on 1 February there (UTC+14)
        await repo.subscribe(guild_id=10, channel_id=20, post_time=time(9), timezone="Pacific/Pago_Pago",
                             topic=None, subscriber_id=None, now=at(2026, 1, 31, 19, 10), limit=25)

        assert await repo.claim_due(at(2026, 1, 31, 20, 5)) == 0  # 09:05 on 31 January there (UTC-11)
        assert await repo.claim_due(at(2026, 2, 1, 20, 5)) == 0  # its 1 February: posted already
        assert await repo.claim_due(at(2026, 2, 2, 20, 5)) == 1
    finally:
        await conn.close()


async def test_a_version_5_database_keeps_its_history_none_of_it_claimed_ahead(tmp_path: Path) -> None:
    path = tmp_path / "paperbot.db"
    stamp = at(2026, 2, 1).isoformat(timespec="seconds")
    with contextlib.closing(sqlite3.connect(path)) as raw:
        for version, _, sql in migrations():
            if version <= 5:
                raw.executescript(sql)
        raw.execute("PRAGMA user_version = 5")
        raw.execute("INSERT INTO subscriptions (id, guild_id, channel_id, post_time, timezone, status, active_since, "
                    "created_at, updated_at) VALUES (1, 10, 20, '09:00', 'UTC', 'active', ?, ?, ?)",
                    (stamp, stamp, stamp))
        for day, status, message in (("2026-01-31", "sent", 98), ("2026-02-01", "sent", 99)):
            raw.execute("INSERT INTO deliveries (subscription_id, local_day, status, attempts, due_at, "
                        "next_attempt_at, claimed_at, message_id) VALUES (1, ?, ?, 1, ?, ?, ?, ?)",
                        (day, status, stamp, stamp, stamp, message))
        raw.commit()

    conn = await open_database(path)
    try:
        assert await schema_version(conn) == migrations()[-1][0] >= 6
        repo = SubscriptionRepository(conn)
        assert [(d.local_day, d.status, d.message_id) for d in await repo.history(1)] == [
            (date(2026, 2, 1), "sent", 99), (date(2026, 1, 31), "sent", 98)]
        assert await repo.claim_due(at(2026, 2, 1, 9, 30)) == 0  # the day's card stays the one posted
        assert await repo.claim_due(at(2026, 2, 2, 9, 1)) == 1
        async with conn.execute("SELECT local_day, claimed_after FROM deliveries ORDER BY local_day") as cursor:
            rows = [tuple(row) for row in await cursor.fetchall()]
        assert rows == [("2026-01-31", None), ("2026-02-01", None), ("2026-02-02", "2026-02-01")]
        assert await repo.last_claimed_days([1], now=at(2026, 2, 2, 9, 2)) == {1: date(2026, 2, 2)}
    finally:
        await conn.close()
