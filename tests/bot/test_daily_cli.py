"""`paperbot today` and `paperbot subscriptions` as an operator runs them, on a temporary database."""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.cli import main
from storage.db import open_database
from storage.picks import PickRepository
from storage.subscriptions import SubscriptionRepository

TODAY = datetime.now(UTC).date()


@pytest.fixture
def db_file(ingested_db: Path) -> Path:
    """A database with the bundled corpus loaded (see tests/conftest.py)."""
    return ingested_db


def recorded(path: Path, day: date, topic: str | None = None) -> str | None:
    async def read() -> str | None:
        conn = await open_database(path)
        try:
            return await PickRepository(conn).recorded(day, topic=topic)
        finally:
            await conn.close()

    return asyncio.run(read())


def test_today_prints_the_recorded_pick_and_the_same_one_again(
    db_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    day = TODAY + timedelta(days=3)
    assert main(["today", "--db", str(db_file), "--date", day.isoformat()]) == 0
    first = capsys.readouterr().out
    assert first.startswith(f"Paper of the day, {day:%A %-d %B %Y}\n")
    pick = recorded(db_file, day)
    assert pick is not None
    assert f"id:    {pick}" in first
    assert main(["today", "--db", str(db_file), "--date", day.isoformat()]) == 0
    assert capsys.readouterr().out == first


def test_today_defaults_to_the_utc_date(db_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["today", "--db", str(db_file)]) == 0
    assert f"id:    {recorded(db_file, TODAY)}" in capsys.readouterr().out


def test_today_with_a_topic_picks_among_that_topics_papers(
    db_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["today", "--db", str(db_file), "--topic", "reinforcement learning"]) == 0
    out = capsys.readouterr().out
    assert "(reinforcement learning)" in out.splitlines()[0]
    pick = recorded(db_file, TODAY, "reinforcement learning")
    assert pick is not None
    assert f"id:    {pick}" in out
    assert "reinforcement" in out.lower()


def test_today_refuses_a_bad_date_and_does_not_invent_a_past_pick(
    db_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["today", "--db", str(db_file), "--date", "2026-13-01"]) == 2
    assert "--date must look like 2026-12-01, got '2026-13-01'" in capsys.readouterr().err
    past = TODAY - timedelta(days=30)
    assert main(["today", "--db", str(db_file), "--date", past.isoformat()]) == 1
    assert f"no paper of the day was recorded for {past}" in capsys.readouterr().err
    assert recorded(db_file, past) is None


def test_today_on_an_empty_database_says_what_to_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["today", "--db", str(tmp_path / "empty.db")]) == 1
    assert "run `paperbot ingest`" in capsys.readouterr().err


def test_subscriptions_lists_them_with_the_next_post_and_the_last_delivery(
    db_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async def arrange() -> None:
        conn = await open_database(db_file)
        repo = SubscriptionRepository(conn)
        now = datetime.now(UTC)
        try:
            berlin = await repo.subscribe(guild_id=11, channel_id=21, post_time=time(7, 30),
                                          timezone="Europe/Berlin", topic="graphs", subscriber_id=5,
                                          now=now - timedelta(days=2), limit=10)
            await repo.subscribe(guild_id=11, channel_id=22, post_time=time(9, 0), timezone="UTC", topic=None,
                                 subscriber_id=5, now=now, limit=10)
            await repo.subscribe(guild_id=12, channel_id=23, post_time=time(9, 0), timezone="UTC", topic=None,
                                 subscriber_id=6, now=now, limit=10)
            yesterday = now.astimezone(berlin.tz).date() - timedelta(days=1)
            assert await repo.claim_due(berlin.due_at(yesterday)) == 1
            await repo.mark_sent(berlin.id, yesterday, message_id=1, now=berlin.due_at(yesterday))
            await repo.unsubscribe(23, now=now)
        finally:
            await conn.close()

    asyncio.run(arrange())
    assert main(["subscriptions", "--db", str(db_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 subscription(s)")
    berlin_line = next(line for line in out.splitlines() if line.split()[:2] == ["11", "21"])
    assert "07:30" in berlin_line
    assert "Europe/Berlin" in berlin_line
    assert "active" in berlin_line
    yesterday = datetime.now(UTC).astimezone(ZoneInfo("Europe/Berlin")).date() - timedelta(days=1)
    assert f"{yesterday} sent" in berlin_line
    assert "topic 'graphs'" in berlin_line
    assert " 23 " not in out
    assert main(["subscriptions", "--all", "--db", str(db_file)]) == 0
    everything = capsys.readouterr().out
    assert everything.startswith("3 subscription(s)")
    assert "(unsubscribed)" in everything
