"""Review 14: `paperbot subscriptions` names the last card of a day posted, not the one a wrong clock dated ahead.

A machine's clock a year ahead for a few minutes claimed (and posted) a card dated a year ahead. The bot does not
count that day as posted (storage.subscriptions.FURTHEST_AHEAD), and the listing's next post no longer does either
(tests/test_cli_review14_lastread_clock_jump.py); its "last delivery" still named the card dated a year ahead, as
if the channel had had every card until then. It names yesterday's, and the other as claimed by a clock set ahead.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.cli import main
from tests.test_cli_review14_lastread_clock_jump import _posted_yesterday_and_a_year_ahead


def test_the_last_delivery_listed_is_yesterdays_and_the_card_dated_ahead_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "paperbot.db"
    _posted_yesterday_and_a_year_ahead(path)
    yesterday = datetime.now(UTC).date() - timedelta(days=1)

    assert main(["subscriptions", "--db", str(path)]) == 0

    [row] = [line for line in capsys.readouterr().out.splitlines() if line.split()[:2] == ["11", "21"]]
    # Before: "… 2027-11-30 sent", the day a year ahead as the last delivery.
    last = row.split(maxsplit=7)[7]
    assert last == f"{yesterday} sent; also {yesterday + timedelta(days=365)} sent: claimed by a clock set ahead", row
