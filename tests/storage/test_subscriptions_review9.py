"""Review 9: the abbreviations and offsets /paper subscribe explains instead of taking (storage.subscriptions)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import available_timezones

import pytest

from storage.subscriptions import _ABBREVIATIONS, ScheduleError, resolve_timezone, suggest_timezones, zone


def test_every_abbreviation_points_to_zones_this_tz_database_has_and_is_not_a_zone_itself() -> None:
    zones = available_timezones()
    for abbreviation, meant in _ABBREVIATIONS.items():
        assert abbreviation.casefold() not in {name.casefold() for name in zones}, abbreviation  # else taken as it
        for name, _place in meant:
            assert resolve_timezone(name) == name  # what the refusal tells people to type is taken


@pytest.mark.parametrize(("typed", "fixed", "hours"), [
    ("UTC+14", "Etc/GMT-14", 14), ("UTC\u221212", "Etc/GMT+12", -12), ("GMT+0100", "Etc/GMT-1", 1),
    ("-3", "Etc/GMT+3", -3),
])
def test_the_zone_named_for_a_whole_hour_offset_keeps_that_offset(typed: str, fixed: str, hours: int) -> None:
    with pytest.raises(ScheduleError, match=re.escape(f"`{fixed}`")):
        resolve_timezone(typed)
    for month in (1, 7):  # all year
        assert datetime(2026, month, 1, tzinfo=UTC).astimezone(zone(resolve_timezone(fixed))).utcoffset() == \
            timedelta(hours=hours)


@pytest.mark.parametrize("typed", ["UTC+15", "UTC-13", "UTC+2:75"])
def test_an_offset_no_clock_has_gets_the_plain_refusal(typed: str) -> None:
    with pytest.raises(ScheduleError, match="IANA name such as") as caught:
        resolve_timezone(typed)
    assert "Etc/GMT" not in str(caught.value)


def test_two_letters_typed_on_the_way_to_a_name_are_not_taken_for_an_abbreviation() -> None:
    assert suggest_timezones("et")[0].startswith("Etc/")
    assert "America/Los_Angeles" not in suggest_timezones("pt")[:1]
