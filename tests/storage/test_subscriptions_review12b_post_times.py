"""Review 12b: post times people commonly type that `/paper subscribe` refused.

'0930' (the 24-hour clock as timetables and the military write it), '09:30:00' (a time copied with its
seconds) and '９：３０' (full-width, as a Japanese or Chinese keyboard types it) got "is not a time of day".
Three digits ('930', '130') stay refused: which digit is missing cannot be told ('1:30' or '13:00' with a
zero dropped?), and a wrong guess would post at that hour every day; the message says what to type. Seconds
other than :00 are refused with the minute to type (a post goes out on the minute).
"""

from __future__ import annotations

from datetime import time

import pytest

from storage.subscriptions import ScheduleError, parse_post_time


@pytest.mark.parametrize(("typed", "expected"), [
    ("0930", time(9, 30)), ("2130", time(21, 30)), ("0000", time(0)), ("1800", time(18)), ("2359", time(23, 59)),
    ("0930pm", time(21, 30)), ("1130 am", time(11, 30)),
    ("9:00:00", time(9)), ("09:30:00", time(9, 30)), ("21:15:00", time(21, 15)), ("9:30:00 pm", time(21, 30)),
    ("９：３０", time(9, 30)), ("２１:００", time(21)), ("９時", None),
])
def test_four_digits_seconds_and_full_width_times_are_understood(typed: str, expected: time | None) -> None:
    if expected is None:  # '時' is no separator this reads: refused, as before
        with pytest.raises(ScheduleError):
            parse_post_time(typed)
        return
    assert parse_post_time(typed) == expected


@pytest.mark.parametrize(("typed", "advice"), [
    ("930", "e.g. `9:30`, or as four digits (`0930`)"),
    ("130", "e.g. `1:30`, or as four digits (`0130`)"),
    ("830pm", "e.g. `8:30pm`"),
])
def test_three_digits_are_refused_with_what_to_type(typed: str, advice: str) -> None:
    with pytest.raises(ScheduleError) as caught:
        parse_post_time(typed)
    assert str(caught.value).startswith(f"`{typed}` is not a time of day: three digits could be more than one time")
    assert advice in str(caught.value)


@pytest.mark.parametrize(("typed", "minute"), [("9:00:30", "09:00"), ("18:45:59", "18:45")])
def test_seconds_other_than_zero_are_refused_with_the_minute_to_type(typed: str, minute: str) -> None:
    with pytest.raises(ScheduleError) as caught:
        parse_post_time(typed)
    assert str(caught.value) == f"`{typed}`: the daily paper is posted on the minute, so no seconds: type `{minute}`"


@pytest.mark.parametrize("typed", ["2400", "0960", "1300pm", "12345", "09:00:60", "9:60:00"])
def test_four_digit_and_seconds_forms_still_check_their_numbers(typed: str) -> None:
    with pytest.raises(ScheduleError) as caught:
        parse_post_time(typed)
    assert typed in str(caught.value)
