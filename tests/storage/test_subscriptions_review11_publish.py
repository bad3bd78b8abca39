"""Review 11: deliveries.unpublished (migration 0004), on real temporary SQLite files.

A card in an announcement channel is recorded as sent and still to publish in one statement, and the mark
is cleared once publishing was tried: what a crash leaves marked, the next start publishes. A database of
the previous schema (version 3, with its delivery history) is brought up to date with nothing marked.
"""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import UTC, date, datetime, time
from pathlib import Path

from storage.db import migrations, open_database, schema_version
from storage.subscriptions import SubscriptionRepository

NOW = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)
DAY = date(2026, 2, 1)


def _database_of_version_3(path: Path) -> None:
    """A database as the previous version left it: migrations 1 to 3, a subscription and a sent card."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        for version, _, sql in migrations():
            if version <= 3:
                conn.executescript(sql)
        conn.execute("PRAGMA user_version = 3")
        stamp = NOW.isoformat(timespec="seconds")
        conn.execute("INSERT INTO subscriptions (id, guild_id, channel_id, post_time, timezone, active_since, "
                     "created_at, updated_at) VALUES (1, 10, 20, '09:00', 'UTC', ?, ?, ?)", (stamp, stamp, stamp))
        conn.execute("INSERT INTO deliveries (subscription_id, local_day, paper_id, status, attempts, due_at, "
                     "next_attempt_at, claimed_at, sent_at, message_id) "
                     "VALUES (1, '2026-01-31', 'p1', 'sent', 1, ?, ?, ?, ?, 99)", (stamp, stamp, stamp, stamp))
        conn.commit()


async def test_a_version_3_database_is_migrated_with_nothing_left_to_publish(tmp_path: Path) -> None:
    path = tmp_path / "paperbot.db"
    _database_of_version_3(path)

    conn = await open_database(path)
    try:
        assert await schema_version(conn) == migrations()[-1][0] >= 4
        repo = SubscriptionRepository(conn)
        assert await repo.unpublished() == []  # the cards sent before the upgrade are not published again
        [kept] = await repo.history(1)
        assert (kept.local_day, kept.status, kept.message_id) == (date(2026, 1, 31), "sent", 99)
    finally:
        await conn.close()


async def test_a_card_recorded_to_publish_is_found_until_publishing_was_tried(tmp_path: Path) -> None:
    conn = await open_database(tmp_path / "paperbot.db")
    try:
        repo = SubscriptionRepository(conn)
        news = await repo.subscribe(guild_id=10, channel_id=20, post_time=time(9), timezone="UTC", topic=None,
                                    subscriber_id=None, now=NOW, limit=25)
        text = await repo.subscribe(guild_id=10, channel_id=21, post_time=time(9), timezone="UTC", topic=None,
                                    subscriber_id=None, now=NOW, limit=25)
        assert await repo.claim_due(NOW) == 2
        await repo.mark_sent(news.id, DAY, message_id=1, now=NOW, to_publish=True)
        await repo.mark_sent(text.id, DAY, message_id=2, now=NOW)

        [left] = await repo.unpublished()
        assert (left.subscription.id, left.delivery.local_day, left.delivery.message_id) == (news.id, DAY, 1)

        await repo.mark_published(news.id, DAY)
        assert await repo.unpublished() == []
        sent = await repo.delivery(news.id, DAY)
        assert sent is not None
        assert sent.status == "sent"
    finally:
        await conn.close()
