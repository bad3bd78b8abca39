"""Review 14 (last read): `paperbot subscriptions` after a clock that was set a year ahead for a few minutes.

The tick at the wrong time claimed (and posted) a card dated a year ahead. The bot no longer counts a day further
ahead than any zone can be as posted (storage.subscriptions.FURTHEST_AHEAD: `/paper subscriptions` promises the
next day's card, and it comes), but the operator's listing read the channel's latest delivery as its posted day:
"-" for the next post, as if the channel's daily paper had ended, where the bot posts it tomorrow.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

import pytest

from bot.cli import main
from storage.db import open_database
from storage.subscriptions import SubscriptionRepository


def _posted_yesterday_and_a_year_ahead(path: Path) -> datetime:
    """A UTC 09:00 subscription whose card of yesterday was sent, and one dated a year ahead by a wrong clock;
    returns when its next card is due: today's 09:00 (claimed from then on)."""

    async def arrange() -> datetime:
        conn = await open_database(path)
        repo = SubscriptionRepository(conn)
        now = datetime.now(UTC)
        try:
            sub = await repo.subscribe(guild_id=11, channel_id=21, post_time=time(9), timezone="UTC", topic=None,
                                       subscriber_id=5, now=now - timedelta(days=3), limit=10)
            yesterday = now.date() - timedelta(days=1)
            for day in (yesterday, yesterday + timedelta(days=365)):  # the second by a clock a year ahead
                assert await repo.claim_due(sub.due_at(day)) == 1
                await repo.mark_sent(sub.id, day, message_id=1, now=sub.due_at(day))
            return sub.due_at(now.date())
        finally:
            await conn.close()

    return asyncio.run(arrange())


def test_a_card_dated_a_year_ahead_leaves_the_next_post_listed(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "paperbot.db"
    due = _posted_yesterday_and_a_year_ahead(path)

    assert main(["subscriptions", "--db", str(path)]) == 0

    [row] = [line for line in capsys.readouterr().out.splitlines() if line.split()[:2] == ["11", "21"]]
    assert f" {due:%Y-%m-%d %H:%M} " in row  # before: "-", no next post
