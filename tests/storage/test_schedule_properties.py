"""The daily-post schedule in every time zone (Hypothesis): never doubled, never skipped.

For any zone of the tz database, any post time and any day around one of the zone's real clock
changes (1990-2036), the day gets exactly one post, claimable on exactly one local date, at the
first instant the local clock reads the post time; a day the clocks skipped whole gets none.

The expected instant comes from an oracle that shares no code with storage.subscriptions: it
walks the UTC timeline and reads the local clock. The Hypothesis profile (examples per property,
derandomised in CI) is set in tests/conftest.py.
"""

from __future__ import annotations

import functools
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, available_timezones

from hypothesis import given
from hypothesis import strategies as st

from storage.subscriptions import posts_on

ZONES = tuple(sorted(available_timezones()))
FIRST, LAST = datetime(1990, 1, 1, tzinfo=UTC), datetime(2037, 1, 1, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


def _offset(tz: ZoneInfo, instant: datetime) -> timedelta | None:
    return instant.astimezone(tz).utcoffset()


@functools.cache
def clock_changes(name: str) -> tuple[datetime, ...]:
    """The UTC instants (to the minute) at which the zone's offset changes, looked for week by week."""
    tz, found = ZoneInfo(name), []
    start = FIRST
    while start < LAST:
        end = start + timedelta(days=7)
        if _offset(tz, start) != _offset(tz, end):
            low, high = start, end  # the offset differs at the ends: halve down to the minute
            while high - low > MINUTE:
                middle = low + (high - low) / 2
                low, high = (middle, high) if _offset(tz, middle) == _offset(tz, low) else (low, middle)
            found.append(high.replace(second=0, microsecond=0))
        start = end
    return tuple(found)


def wall(instant: datetime, tz: ZoneInfo) -> datetime:
    """What the local clock reads at `instant` (naive)."""
    return instant.astimezone(tz).replace(tzinfo=None)


def first_reading(day: date, at: time, tz: ZoneInfo) -> datetime:
    """The first instant at which the local clock reads `day` `at` or later: 15-minute strides along
    the UTC timeline (no zone is more than 14 h from UTC, no clock change moves it by more than a
    day), then the minutes of the last stride."""
    target = datetime.combine(day, at)
    instant = target.replace(tzinfo=UTC) - timedelta(hours=40)
    stride = timedelta(minutes=15)
    while wall(instant + stride, tz) < target:
        instant += stride
    while wall(instant, tz) < target:
        instant += MINUTE
    return instant


def existed(day: date, tz: ZoneInfo) -> bool:
    """Whether the local clock ever showed the date `day`."""
    return wall(first_reading(day, time(0), tz), tz).date() == day


@st.composite
def schedules(draw: st.DrawFn) -> tuple[ZoneInfo, time, date]:
    """A zone, a post time and a local day, mostly next to one of the zone's clock changes."""
    name = draw(st.sampled_from(ZONES))
    tz, changes = ZoneInfo(name), clock_changes(name)
    if not changes or draw(st.integers(0, 9)) == 0:  # sometimes any day of the range, any time
        day = draw(st.dates(FIRST.date(), LAST.date() - timedelta(days=2)))
        return tz, draw(st.times().map(lambda t: t.replace(second=0, microsecond=0))), day
    change = draw(st.sampled_from(changes))
    before = wall(change - MINUTE, tz) + MINUTE  # the clock's reading as it changes
    near = before + timedelta(minutes=draw(st.integers(-180, 180)))
    return tz, near.time(), before.date() + timedelta(days=draw(st.integers(-1, 1)))


@given(schedules())
def test_every_day_that_exists_gets_one_post_at_the_first_instant_its_clock_reads_the_time(
        schedule: tuple[ZoneInfo, time, date]) -> None:
    tz, at, day = schedule
    dates = [day + timedelta(days=k) for k in (-1, 0, 1, 2)]
    claimable_on = [today for today in dates if day in dict(posts_on(today, at, tz))]
    if not existed(day, tz):
        assert claimable_on == []
        return
    due = first_reading(day, at, tz)
    assert claimable_on == [wall(due, tz).date()]
    assert dict(posts_on(wall(due, tz).date(), at, tz))[day] == due
