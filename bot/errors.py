"""Domain errors the central tree error handler turns into friendly ephemeral messages, what Discord's
refusals raise (DISCORD_REFUSED), the two refusals that are nobody's fault to report (`answered_too_late`,
`message_deleted`), and Discord's own failures and rate limits (`discord_failed`, `rate_limited`, `refusal`)."""

from __future__ import annotations

from http import HTTPStatus
from typing import TypeGuard

import discord

# What a call to Discord raises when Discord does not do it: an HTTP error, or, for a Retry-After longer
# than the bot's max_ratelimit_timeout (bot.client), RateLimited, which is not an HTTPException.
DISCORD_REFUSED = (discord.HTTPException, discord.RateLimited)
# Discord's code for an interaction answered after its 3 seconds: the user was shown "The application did not
# respond", and nothing sent for that interaction reaches them any more.
UNKNOWN_INTERACTION = 10062
# Discord's code for a message that is not there (any more): a list or "thinking…" message deleted meanwhile.
UNKNOWN_MESSAGE = 10008
# Discord's code for a second answer to one interaction: the first, though Discord reported an error on it, was taken.
ALREADY_ACKNOWLEDGED = 40060


def answered_too_late(error: BaseException) -> bool:
    """Whether `error` is Discord refusing an answer that came after the interaction's 3 seconds."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


def message_deleted(error: BaseException) -> bool:
    """Whether `error` is Discord saying the message being edited was deleted (by a moderator, say)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_MESSAGE


def discord_failed(error: BaseException) -> TypeGuard[discord.HTTPException]:
    """Whether `error` is Discord's own server error (HTTP 5xx, an outage of its API) on a call of the bot's, which
    discord.py has already retried: nothing the bot did wrong, nothing a traceback would explain."""
    return isinstance(error, discord.HTTPException) and error.status >= HTTPStatus.INTERNAL_SERVER_ERROR


def rate_limited(error: BaseException) -> TypeGuard[discord.HTTPException]:
    """Whether `error` is Discord refusing a call of the bot's for now with HTTP 429 Too Many Requests: what the
    interaction callback raises (discord.py retries a 429 only when it came from Discord's own API, not from the
    proxy in front of it), a transient refusal like a 5xx, no fault of the bot's."""
    return isinstance(error, discord.HTTPException) and error.status == HTTPStatus.TOO_MANY_REQUESTS


def already_acknowledged(error: BaseException) -> bool:
    """Whether `error` is Discord refusing a second answer to an interaction: the first reached it after all."""
    return isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED


def refusal(error: BaseException) -> str:
    """A refusal of Discord's for a log line: `HTTP 503 Service Unavailable`, and Discord's code when it gave one;
    not the response's body (an outage's is a proxy's HTML page) nor the request's URL (it holds the token)."""
    if not isinstance(error, discord.HTTPException):
        return type(error).__name__
    try:
        phrase = f" {HTTPStatus(error.status).phrase}"
    except ValueError:  # a status the standard does not name (Cloudflare's 520-527)
        phrase = ""
    return f"HTTP {error.status}{phrase}" + (f" (code {error.code})" if error.code else "")


class UserFacingError(Exception):
    """An expected problem whose message is safe and useful to show the user as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class PaperNotFoundError(UserFacingError):
    """A paper id that is not in the corpus."""
