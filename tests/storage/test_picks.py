"""The paper of the day: deterministic, recorded, no repeats until all shown — on real SQLite files."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path

import aiosqlite
import pytest

from storage.db import open_database
from storage.picks import PickRepository, choose, topic_key

DAY = date(2026, 12, 1)


async def add_papers(conn: aiosqlite.Connection, ids: list[str]) -> None:
    for pid in ids:
        await conn.execute(
            "INSERT INTO papers (id, title, abstract, abstract_raw) VALUES (?, ?, 'A', 'A')", (pid, f"Title {pid}")
        )


async def retire(conn: aiosqlite.Connection, pid: str) -> None:
    await conn.execute("UPDATE papers SET active = 0 WHERE id = ?", (pid,))


async def pick_id(picks: PickRepository, day: date, *, topic: str | None = None,
                  candidates: Sequence[str] | None = None) -> str:
    """The id of the pick for `day`; fails the test when there is none."""
    paper = await picks.pick_for(day, topic=topic, candidates=candidates)
    assert paper is not None
    return paper.id


@pytest.fixture
async def conn(tmp_path: Path):
    conn = await open_database(tmp_path / "bot.db")
    yield conn
    await conn.close()


IDS = [f"p{i:02d}" for i in range(12)]


async def test_same_date_gives_the_same_paper_for_everyone(conn: aiosqlite.Connection) -> None:
    await add_papers(conn, IDS)
    picks = PickRepository(conn)
    first = await pick_id(picks, DAY)
    assert first in IDS
    assert [await pick_id(picks, DAY) for _ in range(5)] == [first] * 5


async def test_pick_survives_a_restart_and_a_corpus_reload_that_retires_it(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    conn = await open_database(path)
    await add_papers(conn, IDS)
    chosen = await PickRepository(conn).pick_for(DAY)
    assert chosen is not None
    await conn.close()

    conn = await open_database(path)
    try:
        await retire(conn, chosen.id)
        await add_papers(conn, ["new-one", "new-two"])
        assert await pick_id(PickRepository(conn), DAY) == chosen.id
    finally:
        await conn.close()


async def test_no_paper_repeats_until_all_have_been_shown(conn: aiosqlite.Connection) -> None:
    await add_papers(conn, IDS)
    picks = PickRepository(conn)
    first_cycle = [await pick_id(picks, DAY + timedelta(days=i)) for i in range(len(IDS))]
    assert sorted(first_cycle) == sorted(IDS)
    second_cycle = [await pick_id(picks, DAY + timedelta(days=len(IDS) + i)) for i in range(len(IDS))]
    assert sorted(second_cycle) == sorted(IDS)
    assert second_cycle[0] != first_cycle[-1], "a new cycle opened with yesterday's paper"
    assert second_cycle != first_cycle, "every cycle would show the same order"


async def test_new_papers_join_the_rotation_and_retired_ones_leave_it(conn: aiosqlite.Connection) -> None:
    await add_papers(conn, IDS[:3])
    picks = PickRepository(conn)
    shown = {await pick_id(picks, DAY + timedelta(days=i)) for i in range(2)}
    unshown = next(pid for pid in IDS[:3] if pid not in shown)
    await retire(conn, unshown)
    await add_papers(conn, ["late"])
    assert await pick_id(picks, DAY + timedelta(days=2)) == "late"


async def test_topic_picks_stay_among_the_candidates_with_their_own_rotation(conn: aiosqlite.Connection) -> None:
    await add_papers(conn, IDS)
    picks = PickRepository(conn)
    graphs = ["p03", "p07", "p09"]
    shown = [await pick_id(picks, DAY + timedelta(days=i), topic="Graph  Neural", candidates=graphs) for i in range(3)]
    assert sorted(shown) == sorted(graphs)
    # The same topic typed differently is the same rotation; the general pick is separate.
    assert await pick_id(picks, DAY, topic="graph neural", candidates=list(reversed(graphs))) == shown[0]
    assert await picks.recorded(DAY, topic="GRAPH NEURAL") == shown[0]
    assert await picks.recorded(DAY) is None


async def test_a_topic_without_candidates_is_refused_and_nothing_matching_gives_none(
    conn: aiosqlite.Connection,
) -> None:
    await add_papers(conn, IDS)
    picks = PickRepository(conn)
    with pytest.raises(ValueError, match="candidates"):
        await picks.pick_for(DAY, topic="graphs")
    assert await picks.pick_for(DAY, topic="nothing matches", candidates=[]) is None
    assert await picks.recorded(DAY, topic="nothing matches") is None


async def test_empty_corpus_gives_none_and_records_nothing(conn: aiosqlite.Connection) -> None:
    picks = PickRepository(conn)
    assert await picks.pick_for(DAY) is None
    await add_papers(conn, IDS[:1])
    assert await pick_id(picks, DAY) == IDS[0]


async def test_two_fresh_databases_with_the_same_corpus_agree(tmp_path: Path) -> None:
    chosen = []
    for name, order in (("a.db", IDS), ("b.db", list(reversed(IDS)))):
        conn = await open_database(tmp_path / name)
        try:
            await add_papers(conn, order)
            picks = PickRepository(conn)
            chosen.append([await pick_id(picks, DAY + timedelta(days=i)) for i in range(4)])
        finally:
            await conn.close()
    assert chosen[0] == chosen[1]


async def test_concurrent_pickers_on_two_connections_record_one_pick(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    first, second = await open_database(path), await open_database(path)
    try:
        await add_papers(first, IDS)
        # Make the two connections disagree about the candidates, so only the recording can make them agree.
        tasks = [PickRepository(first).pick_for(DAY, candidates=IDS[:6]) for _ in range(10)]
        tasks += [PickRepository(second).pick_for(DAY, candidates=IDS[6:]) for _ in range(10)]
        results = await asyncio.gather(*tasks)
        assert len({paper.id for paper in results if paper}) == 1
        async with first.execute("SELECT count(*) FROM picks") as cursor:
            row = await cursor.fetchone()
        assert row is not None
        assert row[0] == 1
    finally:
        await first.close()
        await second.close()


def test_topic_key_normalises_case_and_spacing() -> None:
    assert topic_key("  Graph\tNEURAL  networks ") == "graph neural networks"
    assert topic_key(None) == ""


def _days_with_the_same_first_choice(ids: list[str]) -> tuple[date, date]:
    """Two consecutive days whose own hash would open a fresh rotation with the same paper."""
    day = DAY
    while choose(day, "", 0, ids) != choose(day + timedelta(days=1), "", 0, ids):
        day += timedelta(days=1)
    return day, day + timedelta(days=1)


async def test_two_days_picked_at_the_same_moment_get_different_papers(conn: aiosqlite.Connection) -> None:
    # At 00:00 UTC a channel in Tokyo (09:00, tomorrow there) and one in New York (19:00, today)
    # are due together: the two days' picks run side by side on the bot's one connection.
    await add_papers(conn, IDS)
    picks = PickRepository(conn)
    today, tomorrow = _days_with_the_same_first_choice(IDS)

    both = await asyncio.gather(picks.pick_for(today), picks.pick_for(tomorrow))

    assert all(both)
    assert both[0] != both[1], "the same paper two days running, in the first cycle"
    assert [await pick_id(picks, d) for d in (today, tomorrow)] == [p.id for p in both if p]  # as recorded
    rest = [await pick_id(picks, tomorrow + timedelta(days=i)) for i in range(1, len(IDS) - 1)]
    assert sorted([p.id for p in both if p] + rest) == sorted(IDS), "a paper repeated within the cycle"


async def test_two_processes_picking_two_days_at_once_get_different_papers(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    first, second = await open_database(path), await open_database(path)  # an overlapping deploy
    try:
        await add_papers(first, IDS)
        today, tomorrow = _days_with_the_same_first_choice(IDS)
        both = await asyncio.gather(PickRepository(first).pick_for(today),
                                    PickRepository(second).pick_for(tomorrow))
        assert all(both)
        assert both[0] != both[1]
    finally:
        await first.close()
        await second.close()
