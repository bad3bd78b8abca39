"""Review 17: a delivery claimed ahead before migration 0006 (claimed_after NULL) is recognised by the rows claimed
since, on real temporary SQLite files.

A row claimed before 0006 does not say which days its subscription had when it was claimed, and its times cannot
tell either: a clock set ahead wrote its due, claim and send times as its day's. What is sure is the order: every
row claimed since 0006 came after every row claimed before it. A day earlier than such a row, claimed since 0006, is
then a day claimed after a later one: the later one was claimed by a clock set ahead (or this one by a clock set
back, for minutes: the day posted is still never taken over, see the second test).
"""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import UTC, date, datetime
from pathlib import Path

import aiosqlite

from storage.db import migrations, open_database
from storage.subscriptions import SubscriptionRepository


def at(year: int, month: int, day: int, hour: int = 9, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def a_version_5_database(path: Path, sent: dict[str, datetime]) -> None:
    """A database the bot before migration 0006 wrote: one subscription (09:00 UTC) whose cards of the days in
    `sent` were claimed and posted at the times given (what its clock read then)."""
    with contextlib.closing(sqlite3.connect(path)) as raw:
        for version, _, sql in migrations():
            if version <= 5:
                raw.executescript(sql)
        raw.execute("PRAGMA user_version = 5")
        since = _stamp(at(2026, 1, 20))
        raw.execute("INSERT INTO subscriptions (id, guild_id, channel_id, post_time, timezone, status, active_since, "
                    "created_at, updated_at) VALUES (1, 10, 20, '09:00', 'UTC', 'active', ?, ?, ?)",
                    (since, since, since))
        for message, (day, claimed) in enumerate(sent.items(), start=100):
            raw.execute("INSERT INTO deliveries (subscription_id, local_day, status, attempts, due_at, "
                        "next_attempt_at, claimed_at, sent_at, message_id) VALUES (1, ?, 'sent', 1, ?, ?, ?, ?, ?)",
                        (day, _stamp(at(*map(int, day.split("-")))), _stamp(claimed), _stamp(claimed),
                         _stamp(claimed), message))
        raw.commit()


async def claim(conn: aiosqlite.Connection, now: datetime) -> int:
    """Claim what is due at `now` (a fresh repository: no memory of groups claimed) and record it as sent."""
    repo = SubscriptionRepository(conn)
    claimed = await repo.claim_due(now)
    if claimed:
        await repo.mark_sent(1, now.date(), message_id=int(now.timestamp()), now=now)
    return claimed


async def test_a_day_claimed_a_year_ahead_before_0006_gets_its_card_when_it_comes(tmp_path: Path) -> None:
    path = tmp_path / "paperbot.db"
    # The old bot posted 1 February 2026, then, its clock a year ahead for minutes, the card dated 1 February 2027.
    a_version_5_database(path, {"2026-02-01": at(2026, 2, 1, 9, 1), "2027-02-01": at(2027, 2, 1, 9, 30)})
    conn = await open_database(path)  # the new bot: migrated
    try:
        repo = SubscriptionRepository(conn)
        assert await claim(conn, at(2026, 2, 2, 9, 1)) == 1
        assert await claim(conn, at(2027, 1, 29, 9, 1)) == 1
        assert await repo.last_claimed_days([1], now=at(2027, 1, 29, 10)) == {1: date(2027, 1, 29)}

        # Before: none of these three (a later day within FURTHEST_AHEAD was claimed, and its day had its row).
        assert await claim(conn, at(2027, 1, 30, 9, 1)) == 1
        assert await claim(conn, at(2027, 1, 31, 9, 1)) == 1
        assert await claim(conn, at(2027, 2, 1, 9, 1)) == 1
        taken_over = await repo.delivery(1, date(2027, 2, 1))
        assert taken_over is not None
        assert taken_over.claimed_at == at(2027, 2, 1, 9, 1)
        for minute in (2, 30, 45):  # once: other ticks, a restart
            assert await claim(conn, at(2027, 2, 1, 9, minute)) == 0
        kept = await repo.delivery(1, date(2027, 2, 1))
        assert kept is not None
        assert kept.message_id == int(at(2027, 2, 1, 9, 1).timestamp())
    finally:
        await conn.close()


async def test_a_day_posted_before_0006_is_not_posted_again_after_a_clock_set_back_claimed_an_earlier_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "paperbot.db"
    # The old bot posted 1 February 2026, was off for a year, and posted 1 February 2027 on its day.
    a_version_5_database(path, {"2026-02-01": at(2026, 2, 1, 9, 1), "2027-02-01": at(2027, 2, 1, 9, 1)})
    conn = await open_database(path)
    try:
        assert await claim(conn, at(2026, 6, 1, 9, 30)) == 1  # the new bot, its clock set back for minutes

        for minute in (35, 40):  # corrected, the same day: the day posted stays posted
            assert await claim(conn, at(2027, 2, 1, 9, minute)) == 0
        assert await claim(conn, at(2027, 2, 2, 9, 1)) == 1
    finally:
        await conn.close()
