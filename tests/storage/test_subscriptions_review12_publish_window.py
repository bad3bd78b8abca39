"""Review 12: `unpublished(sent_before=)` leaves a card recorded a moment ago to the process publishing it.

Two bot processes on one database (a deploy that starts the new process before the old one stops) both
looked for the cards a crash left unpublished; the card the other process had just recorded, and was
publishing at that moment, was among them. On real temporary SQLite files, with two connections as the
two processes have.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

from storage.db import open_database
from storage.subscriptions import SubscriptionRepository

NOW = datetime(2026, 2, 1, 9, 0, tzinfo=UTC)
DAY = date(2026, 2, 1)


async def test_a_card_recorded_by_another_process_is_left_to_it_for_the_minute(tmp_path: Path) -> None:
    path = tmp_path / "paperbot.db"
    conn, other_conn = await open_database(path), await open_database(path)
    try:
        mine, theirs = SubscriptionRepository(conn), SubscriptionRepository(other_conn)
        subs = [await theirs.subscribe(guild_id=10, channel_id=20 + n, post_time=time(9), timezone="UTC",
                                       topic=None, subscriber_id=None, now=NOW - timedelta(days=1), limit=25)
                for n in range(2)]
        assert await theirs.claim_due(NOW) == 2
        # The other process recorded one card before a crash, and the other one just now (it is publishing it).
        await theirs.mark_sent(subs[0].id, DAY, message_id=1, now=NOW, to_publish=True)
        await theirs.mark_sent(subs[1].id, DAY, message_id=2, now=NOW + timedelta(minutes=5), to_publish=True)
        a_minute_ago = NOW + timedelta(minutes=5, seconds=30) - timedelta(minutes=1)

        [left] = await mine.unpublished(sent_before=a_minute_ago)
        assert (left.subscription.id, left.delivery.message_id) == (subs[0].id, 1)
        # A minute after it was recorded, a card still marked was left by a crash: it is found then.
        later = await mine.unpublished(sent_before=NOW + timedelta(minutes=6))
        assert [item.delivery.message_id for item in later] == [1, 2]
        assert [item.delivery.message_id for item in await mine.unpublished()] == [1, 2]  # no bound: all

        await theirs.mark_published(subs[1].id, DAY)  # it was published: nothing left of it
        assert [item.delivery.message_id for item in await mine.unpublished(sent_before=NOW + timedelta(hours=1))
                ] == [1]
    finally:
        await conn.close()
        await other_conn.close()
