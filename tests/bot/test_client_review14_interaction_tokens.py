"""No interaction token in the log, LOG_LEVEL=DEBUG included (session 14's review).

discord.py logs, at DEBUG, the URL of every answer and followup it sends: "Webhook ID … with POST
https://discord.com/api/v10/interactions/<id>/<token>/callback has returned status code 204". An interaction's token
lets whoever holds it post and edit as the bot in that channel for 15 minutes; a debug log pasted into an issue
handed them out. SimCord replaces discord.py's webhook adapter (and so that log line), so this drives the real
adapter, as the bot's answers use it, against a stub HTTP session.
"""

from __future__ import annotations

import logging
from types import TracebackType
from typing import Any, cast

import aiohttp
import pytest
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.client import PaperBot

TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQ"


class _Answered:
    """What aiohttp's response is to discord.py's adapter: a 204 with no body."""

    status = 204
    headers: dict[str, str] = {}  # noqa: RUF012 (read only)

    async def text(self, encoding: str = "utf-8") -> str:
        return ""

    async def __aenter__(self) -> _Answered:
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        traceback: TracebackType | None) -> None:
        return None


class _Session:
    """An aiohttp session whose every request is answered 204."""

    def request(self, *args: Any, **kwargs: Any) -> _Answered:
        return _Answered()


@pytest.mark.parametrize(("path", "ids"), [
    ("/interactions/{webhook_id}/{webhook_token}/callback", "/interactions/123/"),
    ("/webhooks/{webhook_id}/{webhook_token}/messages/@original", "/webhooks/123/"),
])
async def test_an_answers_url_is_logged_without_its_token(
        simcord_bot: PaperBot, caplog: pytest.LogCaptureFixture, path: str, ids: str) -> None:
    route = Route("POST", path, webhook_id=123, webhook_token=TOKEN)

    with caplog.at_level(logging.DEBUG, logger="discord"):
        # A stand-in session: the adapter calls only its request().
        await AsyncWebhookAdapter().request(route, cast(aiohttp.ClientSession, _Session()), payload={"type": 5})

    [line] = [record.getMessage() for record in caplog.records if "has returned status code" in record.getMessage()]
    assert TOKEN not in line  # before: the whole URL, token and all
    assert f"{ids}<token>" in line
