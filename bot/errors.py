"""Domain errors the central tree error handler turns into friendly ephemeral messages, what Discord's
refusals raise (DISCORD_REFUSED), and the two refusals that are nobody's fault to report (`answered_too_late`,
`message_deleted`)."""

from __future__ import annotations

import discord

# What a call to Discord raises when Discord does not do it: an HTTP error, or, for a Retry-After longer
# than the bot's max_ratelimit_timeout (bot.client), RateLimited, which is not an HTTPException.
DISCORD_REFUSED = (discord.HTTPException, discord.RateLimited)
# Discord's code for an interaction answered after its 3 seconds: the user was shown "The application did not
# respond", and nothing sent for that interaction reaches them any more.
UNKNOWN_INTERACTION = 10062
# Discord's code for a message that is not there (any more): a list or "thinking…" message deleted meanwhile.
UNKNOWN_MESSAGE = 10008


def answered_too_late(error: BaseException) -> bool:
    """Whether `error` is Discord refusing an answer that came after the interaction's 3 seconds."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


def message_deleted(error: BaseException) -> bool:
    """Whether `error` is Discord saying the message being edited was deleted (by a moderator, say)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_MESSAGE


class UserFacingError(Exception):
    """An expected problem whose message is safe and useful to show the user as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class PaperNotFoundError(UserFacingError):
    """A paper id that is not in the corpus."""
