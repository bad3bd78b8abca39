"""The scheduler's pure pieces: error classification, backoff, the card's dated marker."""

from __future__ import annotations

from datetime import date, timedelta
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from bot.cogs.daily._scheduler import (
    CannotPostError,
    ChannelGoneError,
    TransientError,
    classify,
    daily_card,
    is_daily_card,
    retry_delay,
)
from storage.models import Paper


def http_error(kind: type[discord.HTTPException], status: int, code: int = 0, headers: Any = None) -> Any:
    response = SimpleNamespace(status=status, reason="x", headers=headers or {})
    return kind(response, {"code": code, "message": "from Discord"})


@pytest.mark.parametrize(("error", "expected"), [
    (http_error(discord.NotFound, 404, 10003), ChannelGoneError),
    (http_error(discord.Forbidden, 403, 50013), CannotPostError),
    (http_error(discord.Forbidden, 403, 50001), CannotPostError),
    (http_error(discord.HTTPException, 500), TransientError),
    (http_error(discord.DiscordServerError, 503), TransientError),
    (http_error(discord.HTTPException, 429), TransientError),
    (aiohttp.ClientConnectionError("reset by peer"), TransientError),
    (TimeoutError(), TransientError),
    (ConnectionResetError(), TransientError),
])
def test_failures_are_classified_by_what_to_do_next(error: Exception, expected: type[Exception]) -> None:
    assert isinstance(classify(error), expected)


def test_a_rejected_request_and_a_bug_are_not_mistaken_for_transient_ones() -> None:
    bad_request = http_error(discord.HTTPException, 400, 50035)
    assert classify(bad_request) is bad_request
    unknown_message = http_error(discord.NotFound, 404, 10008)  # not "the channel is gone"
    assert classify(unknown_message) is unknown_message
    bug = KeyError("oops")
    assert classify(bug) is bug


def test_a_retry_after_header_is_honoured() -> None:
    limited = classify(http_error(discord.HTTPException, 429, headers={"Retry-After": "120"}))
    assert isinstance(limited, TransientError)
    assert limited.retry_after == 120.0
    assert retry_delay(timedelta(0), limited.retry_after) == timedelta(seconds=120)


@pytest.mark.parametrize(("failing_for", "wait"), [
    (timedelta(0), timedelta(seconds=30)), (timedelta(seconds=45), timedelta(seconds=45)),
    (timedelta(minutes=4), timedelta(minutes=4)), (timedelta(hours=3), timedelta(minutes=15)),
])
def test_backoff_waits_as_long_as_the_post_has_been_failing_within_bounds(
    failing_for: timedelta, wait: timedelta
) -> None:
    assert retry_delay(failing_for) == wait


def test_the_card_is_recognised_by_its_date_and_author_only() -> None:
    paper = Paper(id="abc123", title="A paper", abstract="Text.", abstract_raw="Text.")
    card = daily_card(paper, date(2026, 3, 29), topic="graphs")
    assert card.footer.text == "id abc123 · paper of the day 2026-03-29"
    assert card.author.name == "Paper of the day · Sunday 29 March 2026 · graphs"
    bot_id, someone = 1, 2
    message: Any = SimpleNamespace(author=SimpleNamespace(id=bot_id), embeds=[card])
    assert is_daily_card(message, date(2026, 3, 29), bot_id)
    assert not is_daily_card(message, date(2026, 3, 28), bot_id)
    assert not is_daily_card(message, date(2026, 3, 29), someone)
    today_card: Any = SimpleNamespace(author=SimpleNamespace(id=bot_id),
                                      embeds=[discord.Embed(title="x").set_footer(text="id abc123")])
    assert not is_daily_card(today_card, date(2026, 3, 29), bot_id)  # a /paper today card is not one
