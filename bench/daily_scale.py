"""Scale benchmark: 10,000 daily-post subscriptions due in the same minute, for several days.

    .venv/bin/python bench/daily_scale.py [--subscriptions 10000] [--days 3] [--workers 8]

The real bot (create_bot, real setup_hook, the real daily cog and scheduler, a real SQLite file)
runs under SimCord. The subscriptions are spread over 1,000 servers and four (time zone, local
time) pairs that all fall on 08:00 UTC, so every one of them is due in the same minute. Each
simulated day we let virtual time pass 07:59 -> 08:01 and measure in real (perf_counter) time:

- the tick: claiming every due delivery and queueing it (`DailyScheduler.tick`);
- the whole minute: the tick plus posting every card (the workers drain before time moves on).

Then we check every channel holds exactly one card for that day and every delivery is recorded
as sent, and measure the database growth of the day (after a WAL checkpoint).

Floors, measured in the same run on the same data:
- claim floor: one bare `INSERT ... SELECT` of the same number of rows into a scratch table of
  the same shape, in the same database (what the claim costs without the due-time logic);
- send floor: the same number of `channel.send(card)` calls through SimCord with the same number
  of concurrent workers, and no database bookkeeping (what posting costs by itself).
The report gives medians over the days and the ratios to the floors.

SimCord internals used (fine for a benchmark): `Env.settle_timeout` raised to 40 s for the minute
that posts everything (one `advance_time` must be allowed to take that long), and the backend's
message store to count cards.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord  # noqa: E402
import simcord  # noqa: E402

import bot.client as bot_client  # noqa: E402
from bot.client import PaperBot, create_bot  # noqa: E402
from bot.cogs.daily._commands import DailyPosts  # noqa: E402
from bot.cogs.daily._scheduler import card_marker, daily_card  # noqa: E402
from bot.settings import BUNDLED_CORPUS, Settings  # noqa: E402
from bot.views import paper_card_view  # noqa: E402
from storage.db import open_database  # noqa: E402
from storage.loader import load_corpus  # noqa: E402
from storage.subscriptions import HISTORY_DAYS, SubscriptionRepository, parse_post_time  # noqa: E402

CHANNELS_PER_GUILD = 10
# (time zone, local time) pairs that are all 08:00 UTC in March 2026 (before any DST change).
SCHEDULES = (("UTC", "08:00"), ("Europe/Berlin", "09:00"), ("America/New_York", "03:00"), ("Asia/Tokyo", "17:00"))
FIRST_DAY = date(2026, 3, 2)
# SimCord's settlement budget per operation (real seconds). SimCord waits in real time for any
# sleep due within it, so it stays short (its default) except for the minute that posts everything:
# long enough to post 10,000 cards, and shorter than the scheduler's 60 s sleep after that tick.
SETTLE_SECONDS = 40.0
IDLE_SETTLE_SECONDS = 5.0
POST_AT = timedelta(hours=8)


class BenchClock:
    """The bot's clock: a settable base plus SimCord's elapsed virtual time."""

    def __init__(self, start: datetime) -> None:
        self._base = start
        self._env: simcord.Env | None = None
        self._origin = start

    def bind(self, env: simcord.Env) -> None:
        self._env, self._origin = env, env.now()

    def __call__(self) -> datetime:
        elapsed = self._env.now() - self._origin if self._env is not None else timedelta(0)
        return self._base + elapsed

    def set(self, when: datetime) -> None:
        self._base += when - self()


@dataclass
class Day:
    day: date
    tick_seconds: float = 0.0
    claim_seconds: float = 0.0
    pending_seconds: float = 0.0
    idle_tick_seconds: float = 0.0
    minute_seconds: float = 0.0
    claimed: int = 0
    cards: int = 0
    duplicates: int = 0
    missing: int = 0
    sent_rows: int = 0
    db_bytes: int = 0
    send_floor_seconds: float = 0.0
    stall_seconds: float = 0.0
    gc_seconds: float = 0.0
    floor_stall_seconds: float = 0.0
    claim_floor_seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


async def _open_collecting(path: str | Path) -> Any:
    """open_database followed by a GC (the same SimCord workaround as tests/bot/conftest.py)."""
    conn = await open_database(path)
    gc.collect()
    return conn


async def prepare_database(path: Path) -> None:
    """Migrate and load the bundled corpus outside SimCord (setup_hook then finds it unchanged)."""
    conn = await open_database(path)
    try:
        await load_corpus(conn, [BUNDLED_CORPUS])
    finally:
        await conn.close()
    gc.collect()


class Heartbeat:
    """A task that naps 1 ms at a time: the longest late wake-up is the longest event-loop stall.

    It also records the longest garbage collection meanwhile: with SimCord the whole simulated
    Discord (every message posted) lives in this process, so full collections get long.
    """

    def __init__(self) -> None:
        self.longest = 0.0
        self.longest_gc = 0.0
        self._gc_started = 0.0
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Heartbeat:
        gc.callbacks.append(self._on_gc)
        self._task = asyncio.create_task(self._beat())
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._stop.set()
        if self._task is not None:
            await self._task
        gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.longest_gc = max(self.longest_gc, time.perf_counter() - self._gc_started)

    async def _beat(self) -> None:
        while not self._stop.is_set():
            before = time.perf_counter()
            await asyncio.sleep(0.001)
            self.longest = max(self.longest, time.perf_counter() - before - 0.001)


def build_world(env: simcord.Env, subscriptions: int) -> list[simcord.ChannelHandle]:
    """1,000 servers (at 10,000 subscriptions) with ten text channels each."""
    channels: list[simcord.ChannelHandle] = []
    for number in range((subscriptions + CHANNELS_PER_GUILD - 1) // CHANNELS_PER_GUILD):
        guild = env.create_guild(f"Server {number}")
        for index in range(CHANNELS_PER_GUILD):
            if len(channels) < subscriptions:
                channels.append(guild.create_text_channel(f"daily-{index}"))
    return channels


async def subscribe_all(bot: PaperBot, channels: list[simcord.ChannelHandle], now: datetime) -> None:
    """Store one subscription per channel (the storage path /paper subscribe ends in)."""
    repo = SubscriptionRepository(bot.db)
    for number, channel in enumerate(channels):
        tz_name, at = SCHEDULES[number % len(SCHEDULES)]
        assert channel.guild is not None
        await repo.subscribe(guild_id=channel.guild.id, channel_id=channel.id, post_time=parse_post_time(at),
                             timezone=tz_name, topic=None, subscriber_id=None, now=now,
                             limit=CHANNELS_PER_GUILD)


def count_cards(env: simcord.Env, channels: list[simcord.ChannelHandle], day: date) -> tuple[int, int, int]:
    """(cards for `day`, channels with more than one, channels with none)."""
    marker = card_marker(day)
    total = duplicates = missing = 0
    for channel in channels:
        found = sum(1 for message in env.backend.messages.get(channel.id, {}).values()
                    for embed in message.embeds if str(embed.get("footer", {}).get("text", "")).endswith(marker))
        total += found
        duplicates += found > 1
        missing += found == 0
    return total, duplicates, missing


async def database_bytes(bot: PaperBot) -> int:
    """The database's size after folding the WAL back in."""
    await (await bot.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")).close()
    async with bot.db.execute("PRAGMA page_count") as cursor:
        pages = (await cursor.fetchone())[0]  # type: ignore[index]
    async with bot.db.execute("PRAGMA page_size") as cursor:
        size = (await cursor.fetchone())[0]  # type: ignore[index]
    return int(pages) * int(size)


async def sent_rows(bot: PaperBot, day: date) -> int:
    async with bot.db.execute(
        "SELECT count(*) FROM deliveries WHERE local_day = ? AND status = 'sent'", (day.isoformat(),)
    ) as cursor:
        return int((await cursor.fetchone())[0])  # type: ignore[index]


def claim_floor(path: Path, rows: int) -> float:
    """A bare INSERT ... SELECT of `rows` rows into a copy of the deliveries table, in its own file.

    Plain sqlite3 on the same settings (WAL, synchronous=NORMAL): what writing the day's claims
    costs at the least, without finding out which subscriptions are due.
    """
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("CREATE TABLE IF NOT EXISTS subs (id INTEGER PRIMARY KEY)")
        conn.execute("INSERT OR IGNORE INTO subs (id) SELECT value FROM generate_series(1, ?)", (rows,)) \
            if _has_series(conn) else conn.executemany("INSERT OR IGNORE INTO subs (id) VALUES (?)",
                                                       [(n,) for n in range(1, rows + 1)])
        conn.execute("DROP TABLE IF EXISTS claims")
        conn.execute("CREATE TABLE claims (subscription_id INTEGER NOT NULL, local_day TEXT NOT NULL, "
                     "status TEXT NOT NULL, due_at TEXT NOT NULL, next_attempt_at TEXT NOT NULL, "
                     "claimed_at TEXT NOT NULL, PRIMARY KEY (subscription_id, local_day)) WITHOUT ROWID")
        started = time.perf_counter()
        conn.execute("INSERT INTO claims SELECT id, '2026-03-02', 'pending', 'x', 'x', 'x' FROM subs")
        return time.perf_counter() - started
    finally:
        conn.close()


def _has_series(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("SELECT value FROM generate_series(1, 1)")
    except sqlite3.OperationalError:
        return False
    return True


async def send_floor(bot: PaperBot, channels: list[simcord.ChannelHandle], day: date, workers: int) -> float:
    """The same number of card posts through SimCord, same concurrency, no database bookkeeping."""
    paper = await bot.picks.pick_for(day)
    assert paper is not None
    queue = deque(bot.get_channel(channel.id) for channel in channels)

    async def work() -> None:
        while queue:
            channel: Any = queue.popleft()
            await channel.send(embed=daily_card(paper, day - timedelta(days=1000), topic=None),
                               view=paper_card_view(paper.id), allowed_mentions=discord.AllowedMentions.none())

    started = time.perf_counter()
    await asyncio.gather(*(work() for _ in range(workers)))
    return time.perf_counter() - started


def timed_ticks(cog: DailyPosts, into: list[dict[str, float]]) -> None:
    """Wrap the scheduler's tick and its two queries to time them (not the posting): one dict per tick."""
    scheduler, repo = cog.scheduler, cog.scheduler.repo
    original_tick, original_claim, original_pending = scheduler.tick, repo.claim_due, repo.pending
    current: dict[str, float] = {}

    async def tick() -> Any:
        current.clear()
        started = time.perf_counter()
        result = await original_tick()
        into.append({**current, "tick": time.perf_counter() - started, "claimed": result.claimed})
        return result

    async def claim_due(now: datetime) -> int:
        started = time.perf_counter()
        claimed = await original_claim(now)
        current["claim"] = time.perf_counter() - started
        return claimed

    async def pending(**kwargs: Any) -> Any:
        started = time.perf_counter()
        found = await original_pending(**kwargs)
        current["pending"] = current.get("pending", 0.0) + time.perf_counter() - started
        return found

    scheduler.tick = tick  # type: ignore[method-assign]
    repo.claim_due = claim_due  # type: ignore[method-assign]
    repo.pending = pending  # type: ignore[method-assign]


async def run(subscriptions: int, days: int, workers: int) -> list[Day]:
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.db"
        await prepare_database(database)
        bot_client.open_database = _open_collecting
        settings = Settings(database_path=database, corpus_paths=(BUNDLED_CORPUS,),
                            max_subscriptions_per_guild=CHANNELS_PER_GUILD, log_level="WARNING",
                            embed_abstracts=False)  # daily posts only: no search, nothing to embed
        start = datetime.combine(FIRST_DAY - timedelta(days=1), datetime.min.time(), tzinfo=UTC) + POST_AT
        clock = BenchClock(start)
        bot = create_bot(settings, clock=clock)
        try:
            return await measure(bot, clock, subscriptions, days, workers, Path(folder))
        finally:
            for conn in (getattr(bot, "writes", None), getattr(bot, "db", None)):
                if conn is not None:
                    await conn.close()  # its worker thread would otherwise keep the process alive


async def measure(bot: PaperBot, clock: BenchClock, subscriptions: int, days: int, workers: int,
                  folder: Path) -> list[Day]:
    """Run the days under SimCord and measure each."""
    results: list[Day] = []
    async with simcord.run(bot) as env:
        clock.bind(env)
        print(f"building {subscriptions:,} channels and subscriptions ...", file=sys.stderr)
        channels = build_world(env, subscriptions)
        await env.settle(timeout=SETTLE_SECONDS)
        await subscribe_all(bot, channels, clock())
        cog = bot.get_cog("DailyPosts")
        assert isinstance(cog, DailyPosts)
        cog.scheduler.workers = workers
        ticks: list[dict[str, float]] = []
        timed_ticks(cog, ticks)
        before = await database_bytes(bot)
        for offset in range(days):
            day = FIRST_DAY + timedelta(days=offset)
            result = Day(day)
            clock.set(datetime.combine(day, datetime.min.time(), tzinfo=UTC) + POST_AT - timedelta(seconds=90))
            await env.advance_time(60)  # 07:58:30 -> 07:59:30: the ticks realign to :00.5, nothing due
            assert count_cards(env, channels, day)[0] == 0
            ticks.clear()
            env.settle_timeout = SETTLE_SECONDS
            started = time.perf_counter()
            async with Heartbeat() as beat:
                await env.advance_time(31)  # through the 08:00:00.5 tick: claim and post everything
            result.minute_seconds = time.perf_counter() - started
            result.stall_seconds, result.gc_seconds = beat.longest, beat.longest_gc
            env.settle_timeout = IDLE_SETTLE_SECONDS
            busy = [t for t in ticks if t["claimed"]]
            assert len(busy) == 1, ticks
            result.tick_seconds, result.claimed = busy[0]["tick"], int(busy[0]["claimed"])
            result.claim_seconds, result.pending_seconds = busy[0]["claim"], busy[0]["pending"]
            ticks.clear()
            await env.advance_time(300)  # to 08:05: ticks with nothing left to do (every minute, all day)
            result.idle_tick_seconds = ticks[-1]["tick"]
            result.cards, result.duplicates, result.missing = count_cards(env, channels, day)
            result.sent_rows = await sent_rows(bot, day)
            size = await database_bytes(bot)
            result.db_bytes, before = size - before, size
            result.claim_floor_seconds = claim_floor(folder / "floor.db", subscriptions)
            async with Heartbeat() as beat:
                result.send_floor_seconds = await send_floor(bot, channels, day, workers)
            result.floor_stall_seconds = beat.longest
            results.append(result)
            print(f"day {day}: {result.claimed:,} claimed, tick {result.tick_seconds:.3f} s, "
                  f"minute {result.minute_seconds:.2f} s, send floor {result.send_floor_seconds:.2f} s",
                  file=sys.stderr)
    return results


def report(results: list[Day], subscriptions: int, workers: int) -> int:
    """Print the medians and ratios; exit status 1 if any card was missing or doubled."""
    median = statistics.median
    tick = median([r.tick_seconds for r in results])
    claim = median([r.claim_seconds for r in results])
    pending = median([r.pending_seconds for r in results])
    idle = median([r.idle_tick_seconds for r in results])
    minute = median([r.minute_seconds for r in results])
    claim_floor_s = median([r.claim_floor_seconds for r in results])
    send_floor_s = median([r.send_floor_seconds for r in results])
    growth = median([float(r.db_bytes) for r in results])
    ok = all(r.cards == subscriptions and not r.duplicates and not r.missing and r.sent_rows == subscriptions
             for r in results)
    print(f"daily posts at scale: {subscriptions:,} subscriptions due in the same minute, {len(results)} days, "
          f"{workers} workers (median over days)")
    print(f"  exactly once:       {'yes' if ok else 'NO'} — cards per day "
          f"{[r.cards for r in results]}, duplicates {[r.duplicates for r in results]}, "
          f"missing {[r.missing for r in results]}, recorded sent {[r.sent_rows for r in results]}")
    print(f"  tick at 08:00:      {tick * 1000:.0f} ms (claim {claim * 1000:.0f} ms, then the "
          f"{subscriptions:,} pending read in pages {pending * 1000:.0f} ms, while the posting starts)")
    print(f"  claim vs floor:     claim {claim * 1000:.1f} ms, bare INSERT..SELECT of as many rows "
          f"{claim_floor_s * 1000:.1f} ms, ratio {claim / claim_floor_s:.1f}x")
    print(f"  idle tick (08:05):  {idle * 1000:.1f} ms (every minute, all day)")
    print(f"  whole minute:       {minute:.2f} s ({minute / subscriptions * 1e6:.0f} µs per post)   "
          f"send floor: {send_floor_s:.2f} s   ratio {minute / send_floor_s:.2f}x")
    stall = max(r.stall_seconds for r in results)
    longest_gc = max(r.gc_seconds for r in results)
    floor_stall = max(r.floor_stall_seconds for r in results)
    print(f"  event-loop stall:   longest {stall * 1000:.1f} ms while posting; longest garbage collection "
          f"meanwhile {longest_gc * 1000:.1f} ms (send floor: {floor_stall * 1000:.1f} ms, its sends never yield)")
    print(f"  database growth:    {growth / 1024:.0f} KiB per day ({growth / subscriptions:.0f} bytes per delivery)"
          f" — levels off near {growth * HISTORY_DAYS / 1024 / 1024:.0f} MiB at this size (history pruned after"
          f" {HISTORY_DAYS} days)")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subscriptions", type=int, default=10_000)
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--workers", type=int, default=8)
    args = parser.parse_args()
    results = asyncio.run(run(args.subscriptions, args.days, args.workers))
    return report(results, args.subscriptions, args.workers)


if __name__ == "__main__":
    raise SystemExit(main())
