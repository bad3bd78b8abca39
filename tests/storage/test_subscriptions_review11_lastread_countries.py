"""Review 11, last read: a month's countries table is built once, however many ask for it at once.

`countries_on(now)` builds the month's table (every zone's clock weekly over three years: 0.04 to 0.45 s of CPU)
in a worker thread when it is first asked for. The first keystrokes in the time-zone option after a month begins
come together (several members, each keystroke its own autocomplete): each started a build of its own, five at
once for five keystrokes, where the first one's table serves them all.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, date, datetime

import pytest

from storage import subscriptions


async def test_keystrokes_at_once_in_a_new_month_build_its_table_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subscriptions, "_COUNTRY_TABLES", {})
    built: list[date] = []
    build = subscriptions._countries

    def counted(since: date) -> subscriptions.CountryTable:
        built.append(since)
        return build(since)

    monkeypatch.setattr(subscriptions, "_countries", counted)
    now = datetime(2030, 5, 3, 9, 0, tzinfo=UTC)

    tables = await asyncio.gather(*[subscriptions.countries_on(now) for _ in range(5)])

    assert built == [date(2030, 5, 1)]
    assert all(table is tables[0] for table in tables)
    assert tables[0]["germany"].zones  # a whole table, the same for every keystroke
