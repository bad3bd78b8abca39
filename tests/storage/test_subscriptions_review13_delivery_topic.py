"""Review 13: deliveries.topic (migration 0005), on real temporary SQLite files.

An attempt records the topic its card's heading names with its paper ('' for none). A database of the previous
schema (version 4) is brought up to date keeping every subscription (active, paused, ended) and the delivery
history, its rows with no topic recorded (None: read by the bot as before the column).
"""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

from storage.db import migrations, open_database, schema_version
from storage.subscriptions import SubscriptionRepository

NOW = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)
DAY = date(2026, 2, 1)


def _database_of_version_4(path: Path) -> None:
    """A database as the previous version left it: migrations 1 to 4, three subscriptions, a sent card, a
    card given up, and today's card pending after an attempt."""
    stamp = NOW.isoformat(timespec="seconds")
    with contextlib.closing(sqlite3.connect(path)) as conn:
        for version, _, sql in migrations():
            if version <= 4:
                conn.executescript(sql)
        conn.execute("PRAGMA user_version = 4")
        for sid, channel, topic, status in ((1, 20, "axolotl", "active"), (2, 21, None, "paused"),
                                            (3, 22, None, "ended")):
            conn.execute("INSERT INTO subscriptions (id, guild_id, channel_id, post_time, timezone, topic, status, "
                         "active_since, created_at, updated_at) VALUES (?, 10, ?, '09:00', 'Europe/Berlin', ?, ?, "
                         "?, ?, ?)", (sid, channel, topic, status, stamp, stamp, stamp))
        for day, paper, status, attempts, message in (("2026-01-30", "p1", "sent", 1, 99),
                                                      ("2026-01-31", "p2", "failed", 3, None),
                                                      ("2026-02-01", "p3", "pending", 1, None)):
            conn.execute("INSERT INTO deliveries (subscription_id, local_day, paper_id, status, attempts, due_at, "
                         "next_attempt_at, claimed_at, message_id) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (day, paper, status, attempts, stamp, stamp, stamp, message))
        conn.commit()


async def test_a_version_4_database_keeps_its_subscriptions_and_history(tmp_path: Path) -> None:
    path = tmp_path / "paperbot.db"
    _database_of_version_4(path)

    conn = await open_database(path)
    try:
        assert await schema_version(conn) == migrations()[-1][0] >= 5
        repo = SubscriptionRepository(conn)
        kept = await repo.all(include_ended=True)
        assert [(s.channel_id, s.topic, s.status, s.timezone) for s in kept] == [
            (20, "axolotl", "active", "Europe/Berlin"), (21, None, "paused", "Europe/Berlin"),
            (22, None, "ended", "Europe/Berlin")]
        history = await repo.history(1)
        rows = [(d.local_day.isoformat(), d.paper_id, d.status, d.attempts, d.message_id, d.topic) for d in history]
        assert rows == [
            ("2026-02-01", "p3", "pending", 1, None, None), ("2026-01-31", "p2", "failed", 3, None, None),
            ("2026-01-30", "p1", "sent", 1, 99, None)]
        # The attempt pending across the upgrade is retried as before, and records its topic now.
        assert await repo.start_attempt(1, DAY, paper_id="p3", topic="axolotl", seen_attempts=1,
                                        until=NOW + timedelta(minutes=5)) == 2
        retried = await repo.delivery(1, DAY)
        assert retried is not None
        assert (retried.paper_id, retried.topic) == ("p3", "axolotl")
    finally:
        await conn.close()


async def test_an_attempt_records_its_cards_topic_and_a_card_without_one(tmp_path: Path) -> None:
    conn = await open_database(tmp_path / "paperbot.db")
    try:
        repo = SubscriptionRepository(conn)
        about = await repo.subscribe(guild_id=10, channel_id=20, post_time=time(9), timezone="UTC", topic="axolotl",
                                     subscriber_id=None, now=NOW - timedelta(hours=1), limit=25)
        general = await repo.subscribe(guild_id=10, channel_id=21, post_time=time(9), timezone="UTC", topic=None,
                                       subscriber_id=None, now=NOW - timedelta(hours=1), limit=25)
        assert await repo.claim_due(NOW) == 2
        claimed = await repo.delivery(about.id, DAY)
        assert claimed is not None
        assert claimed.topic is None  # no attempt yet: nothing recorded

        for sub, topic in ((about, "axolotl"), (general, None)):
            assert await repo.start_attempt(sub.id, DAY, paper_id="p1", topic=topic, seen_attempts=0,
                                            until=NOW + timedelta(minutes=5)) == 1
            await repo.mark_sent(sub.id, DAY, message_id=1, now=NOW)

        topics = [(await repo.delivery(sub.id, DAY)) for sub in (about, general)]
        assert [(d.topic, d.status) for d in topics if d is not None] == [("axolotl", "sent"), ("", "sent")]
    finally:
        await conn.close()
