"""Review 13: `paperbot subscriptions` lists a subscription whose time zone this machine's tz database lacks.

Such a zone was stored where a newer tz database had it (a rollback, an older image): the bot holds that
subscription's posts and `/paper subscriptions` shows it "held". The operator's listing, the tool to look into it,
ended in a traceback (`ScheduleError: unknown time zone …` from the next post's time) and listed nothing.
"""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, time
from pathlib import Path

import pytest

from bot.cli import main
from storage.db import open_database
from storage.subscriptions import SubscriptionRepository

NEWER_ZONE = "America/Nueva_Ciudad"  # a zone a newer tz database might have; this one has not


def _subscriptions_with_a_zone_unknown_here(path: Path) -> None:
    async def arrange() -> None:
        conn = await open_database(path)
        try:
            await SubscriptionRepository(conn).subscribe(
                guild_id=11, channel_id=21, post_time=time(9), timezone="Europe/Berlin", topic=None,
                subscriber_id=5, now=datetime.now(UTC), limit=10)
        finally:
            await conn.close()

    asyncio.run(arrange())
    with sqlite3.connect(path) as conn:  # as the newer release stored it
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        conn.execute("INSERT INTO subscriptions (guild_id, channel_id, post_time, timezone, active_since, created_at, "
                     "updated_at) VALUES (11, 22, '07:30', ?, ?, ?, ?)", (NEWER_ZONE, stamp, stamp, stamp))
    conn.close()


def test_a_zone_unknown_here_is_listed_as_held(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "paperbot.db"
    _subscriptions_with_a_zone_unknown_here(path)

    assert main(["subscriptions", "--db", str(path)]) == 0  # before: a traceback, status 1

    out = capsys.readouterr().out
    assert out.startswith("2 subscription(s)")
    [held] = [line for line in out.splitlines() if NEWER_ZONE in line]
    assert held.split()[:3] == ["11", "22", "07:30"]
    assert f"(held: this machine's time zone database lacks {NEWER_ZONE}; update tzdata)" in held
    [berlin] = [line for line in out.splitlines() if "Europe/Berlin" in line]
    assert "never posted" in berlin
