"""PickRepository: the recorded paper of the day, one per (calendar date, topic).

The pick is deterministic (a hash of date, topic, cycle and paper id, so two fresh databases with
the same corpus agree), recorded on first use (so it survives restarts and corpus reloads) and
drawn without replacement: no paper repeats until every candidate of that topic has been shown.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, date, datetime

import aiosqlite

from storage.models import Paper
from storage.papers import _COLUMNS, PaperRepository, paper_from_row


def topic_key(topic: str | None) -> str:
    """Normalise a topic so 'Graph  Neural' and 'graph neural' share one rotation ('' = no topic)."""
    return " ".join((topic or "").casefold().split())


def _rank(day: date, topic: str, cycle: int, paper_id: str) -> bytes:
    """A stable pseudo-random sort key; independent of candidate order and of Python's hash seed."""
    return hashlib.blake2b(f"{day.isoformat()}|{topic}|{cycle}|{paper_id}".encode(), digest_size=8).digest()


def choose(day: date, topic: str, cycle: int, remaining: Sequence[str]) -> str:
    """The deterministic choice among the not yet shown candidates."""
    return min(remaining, key=lambda pid: _rank(day, topic, cycle, pid))


class PickRepository:
    """Picks the paper of the day and remembers it."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._papers = PaperRepository(conn)

    async def pick_for(
        self, day: date, *, topic: str | None = None, candidates: Sequence[str] | None = None
    ) -> Paper | None:
        """Return the paper of the day for `day` (and `topic`), recording it on first use.

        `candidates` are the ids to choose among (for a topic: the search engine's
        `matching_ids(topic)`); by default every active paper. A topic needs its candidates.
        Returns None when there is nothing to pick from and nothing recorded.
        """
        key = topic_key(topic)
        recorded = await self.recorded(day, topic=key)
        if recorded is not None:
            return await self._papers.by_id(recorded)
        if key and candidates is None:
            raise ValueError("a topic pick needs its candidates (SearchEngine.matching_ids(topic))")
        pool = list(dict.fromkeys(candidates)) if candidates is not None else await self._papers.active_ids()
        if not pool:
            return None
        return await self._papers.by_id(await self._choose_and_record(day, key, pool))

    async def recorded(self, day: date, *, topic: str | None = None) -> str | None:
        """The paper id recorded for (day, topic), or None."""
        async with self._conn.execute(
            "SELECT paper_id FROM picks WHERE day = ? AND topic = ?", (day.isoformat(), topic_key(topic))
        ) as cursor:
            row = await cursor.fetchone()
        return str(row[0]) if row else None

    async def recorded_paper(self, day: date, *, topic: str | None = None) -> Paper | None:
        """The paper recorded for (day, topic) while it is still in the corpus, else None.

        Reads only, never picks: for autocomplete, which must neither record a day's pick nor wait for
        the write lock. One lookup by the picks' key, one by the papers' id.
        """
        async with self._conn.execute(
            f"SELECT {_COLUMNS} FROM picks JOIN papers ON papers.id = picks.paper_id "
            "WHERE picks.day = ? AND picks.topic = ? AND papers.active = 1",
            (day.isoformat(), topic_key(topic)),
        ) as cursor:
            row = await cursor.fetchone()
        return paper_from_row(row) if row else None

    async def history(self, *, topic: str | None = None, limit: int = 30) -> list[tuple[date, str]]:
        """The most recent recorded picks for a topic as (day, paper id), newest first."""
        async with self._conn.execute(
            "SELECT day, paper_id FROM picks WHERE topic = ? ORDER BY day DESC LIMIT ?",
            (topic_key(topic), limit),
        ) as cursor:
            return [(date.fromisoformat(row[0]), str(row[1])) for row in await cursor.fetchall()]

    async def _choose_and_record(self, day: date, topic: str, pool: list[str]) -> str:
        """Record the day's choice and return it, or the pick another task recorded for the day first.

        Another day's pick made at the same moment (the channels due at 00:00 UTC in Tokyo and in New
        York, or another bot process) may record the paper this one chose: the record then refuses it
        and the choice is made again, with that paper shown. Each refusal adds a paper to the cycle
        read, so this ends.
        """
        while True:
            paper_id, cycle = await self._next_in_rotation(day, topic, pool)
            await self._record(day, topic, paper_id, cycle)
            winner = await self.recorded(day, topic=topic)
            if winner is not None:
                return winner

    async def _next_in_rotation(self, day: date, topic: str, pool: list[str]) -> tuple[str, int]:
        """Choose among the candidates not shown in the current cycle; start a new cycle when none is left."""
        cycle, shown = await self._current_cycle(topic)
        remaining = [pid for pid in pool if pid not in shown]
        if not remaining:
            cycle += 1
            last = await self._last_pick(topic)
            # A new cycle must not open with yesterday's paper when there is any other choice.
            remaining = [pid for pid in pool if pid != last] or pool
        return choose(day, topic, cycle, remaining), cycle

    async def _current_cycle(self, topic: str) -> tuple[int, set[str]]:
        """The latest cycle number of a topic and the papers already shown in it."""
        async with self._conn.execute(
            "SELECT paper_id, cycle FROM picks WHERE topic = ? "
            "AND cycle = (SELECT coalesce(max(cycle), 0) FROM picks WHERE topic = ?)",
            (topic, topic),
        ) as cursor:
            rows = list(await cursor.fetchall())
        cycle = int(rows[0][1]) if rows else 0
        return cycle, {str(row[0]) for row in rows}

    async def _last_pick(self, topic: str) -> str | None:
        async with self._conn.execute(
            "SELECT paper_id FROM picks WHERE topic = ? ORDER BY rowid DESC LIMIT 1", (topic,)
        ) as cursor:
            row = await cursor.fetchone()
        return str(row[0]) if row else None

    async def _record(self, day: date, topic: str, paper_id: str, cycle: int) -> None:
        """Record the pick unless the day has one, or the paper was picked in this cycle meanwhile.

        One statement, so atomic: the check and the write cannot be split by another day's pick.
        """
        await self._conn.execute(
            "INSERT INTO picks (day, topic, paper_id, cycle, picked_at) SELECT ?, ?, ?, ?, ? "
            "WHERE NOT EXISTS (SELECT 1 FROM picks WHERE topic = ? AND cycle = ? AND paper_id = ?) "
            "ON CONFLICT (day, topic) DO NOTHING",
            # picked_at is for people reading the table; nothing is decided by it (order is by rowid).
            (day.isoformat(), topic, paper_id, cycle, datetime.now(UTC).isoformat(timespec="seconds"),
             topic, cycle, paper_id),
        )
