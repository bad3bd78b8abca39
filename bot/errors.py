"""Domain errors the central tree error handler turns into friendly ephemeral messages."""

from __future__ import annotations


class UserFacingError(Exception):
    """An expected problem whose message is safe and useful to show the user as it is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class PaperNotFoundError(UserFacingError):
    """A paper id that is not in the corpus."""
