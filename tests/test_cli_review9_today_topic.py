"""`paperbot today --topic T` when no paper matches T (session 9's README review).

README: `paperbot today` prints "the recorded pick the bot uses", and "if a topic stops matching anything, the
general pick is posted with a note saying so" (bot.today.day_pick). The command said instead
that there were no papers to choose from and to run `paperbot ingest`, status 1, on a database full of papers:
an operator checking what a channel subscribed to that topic gets was told the corpus was empty.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import aiosqlite
import pytest

from bot.cli import main
from storage.db import open_database
from storage.picks import PickRepository
from storage.search import SearchEngine

TODAY = datetime.now(UTC).date()
NOTHING_MATCHES = "axolotl husbandry"


def general_pick(path: Path, day: date) -> str:
    """The general paper of the day for `day`, recorded as a daily post records it."""
    async def pick() -> str:
        conn = await open_database(path)
        try:
            paper = await PickRepository(conn).pick_for(day)
            assert paper is not None
            return paper.id
        finally:
            await conn.close()

    return asyncio.run(pick())


def test_a_topic_nothing_matches_shows_the_general_paper_of_the_day_as_a_daily_post_does(
        ingested_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["today", "--db", str(ingested_db), "--topic", NOTHING_MATCHES]) == 0
    shown = capsys.readouterr()

    assert f"id:    {general_pick(ingested_db, TODAY)}" in shown.out
    assert shown.out.startswith(f"Paper of the day, {TODAY:%A %-d %B %Y}\n")  # not under the topic's heading
    assert f"no paper matches '{NOTHING_MATCHES}'" in shown.err
    assert "general paper of the day" in shown.err
    assert "paperbot ingest" not in shown.err


def test_a_past_day_of_such_a_topic_shows_the_general_pick_that_was_posted(
        ingested_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    past = TODAY - timedelta(days=3)
    posted = general_pick(ingested_db, past)  # the day a channel about the topic got the general paper

    assert main(["today", "--db", str(ingested_db), "--date", past.isoformat(), "--topic", NOTHING_MATCHES]) == 0
    assert f"id:    {posted}" in capsys.readouterr().out


def test_an_empty_corpus_still_says_to_load_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.db"
    asyncio.run(_create(empty))
    assert main(["today", "--db", str(empty), "--topic", NOTHING_MATCHES]) == 1
    assert "run `paperbot ingest`" in capsys.readouterr().err


async def _create(path: Path) -> None:
    conn = await open_database(path)
    await conn.close()


@pytest.fixture
def engines_opened(monkeypatch: pytest.MonkeyPatch) -> list[aiosqlite.Connection]:
    """The connections a SearchEngine was built over (seconds at 100,000 papers), recorded."""
    opened: list[aiosqlite.Connection] = []
    real_open = SearchEngine.open

    async def open_engine(conn: aiosqlite.Connection, *, meaning: bool = True) -> SearchEngine:
        opened.append(conn)
        return await real_open(conn, meaning=meaning)

    monkeypatch.setattr(SearchEngine, "open", open_engine)
    return opened


@pytest.mark.parametrize("topic", [NOTHING_MATCHES, "learning"])
def test_a_past_day_with_nothing_recorded_says_so_without_building_the_search_engine(
        ingested_db: Path, capsys: pytest.CaptureFixture[str], engines_opened: list[aiosqlite.Connection],
        topic: str) -> None:
    past = TODAY - timedelta(days=3)

    assert main(["today", "--db", str(ingested_db), "--date", past.isoformat(), "--topic", topic]) == 1

    # Before, the search engine was built to find the topic's papers, and then nothing was shown anyway.
    assert engines_opened == []
    assert capsys.readouterr().err == f"paperbot today: no paper of the day was recorded for {past} in {ingested_db}\n"


def test_a_past_day_whose_topic_matches_shows_no_general_pick_in_its_place(
        ingested_db: Path, capsys: pytest.CaptureFixture[str], engines_opened: list[aiosqlite.Connection]) -> None:
    past = TODAY - timedelta(days=3)
    general_pick(ingested_db, past)  # posted to a channel without a topic; the topic's own pick was not recorded

    assert main(["today", "--db", str(ingested_db), "--date", past.isoformat(), "--topic", "learning"]) == 1

    assert len(engines_opened) == 1  # the topic's papers decide: it matches, so the general pick is not its post
    assert capsys.readouterr().err == f"paperbot today: no paper of the day was recorded for {past} in {ingested_db}\n"
