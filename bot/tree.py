"""The command tree with the one central error handler for every slash command and component."""

from __future__ import annotations

import logging
import math
import re
import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands

from bot import limits
from bot.errors import (
    DISCORD_REFUSED,
    UserFacingError,
    already_acknowledged,
    answered_too_late,
    discord_failed,
    message_deleted,
    rate_limited,
    refusal,
)
from storage.db import busy, cannot_write, damaged, damaged_database, disk_refused
from storage.search import EmptyQueryError

log = logging.getLogger(__name__)

Explain = Callable[[BaseException], str]

# Marks an interaction (in its `extras`) answered with a public "thinking…" message not yet filled: see send_ephemeral.
_THINKING_IN_PUBLIC = "paperbot: thinking in public"
# A write the database's disk refused (full, or failing): the member can do nothing but wait, and SQLite kept
# nothing of it; the operator gets one line naming the database (a traceback would say nothing more).
COULD_NOT_SAVE = ("I couldn't save that: the disk my data is kept on is full or failing, so nothing was changed. "
                  "Please try again later.")
# A damaged page met after the start (a disk fault): nothing the member can do, and no error code to quote.
DATABASE_DAMAGED = ("I can't do that right now: part of my database is damaged, and whoever runs me has been told "
                    "(it is in my log). Other commands may still work.")
# A write that waited the whole busy timeout for another process's write lock (a large `paperbot ingest` holds
# it for its whole load): nothing was written, and a minute later it usually goes through.
DATABASE_BUSY = ("I couldn't save that: my database is busy with other work (such as loading new papers), so "
                 "nothing was changed. Please try again in a minute.")
# Discord's own server error (HTTP 5xx) on the bot's answer, after discord.py's retries: the answer did not get
# through, and it is not the bot's fault ("something went wrong on my side" blamed the bot for Discord's outage).
DISCORD_FAILED = ("Discord had a problem on its side (HTTP {status}), so my answer didn't get through. "
                  "Please try again in a moment.")
# Discord refusing the bot's answer for now (HTTP 429 on the interaction callback, which discord.py does not retry
# when the proxy in front of Discord's API sent it): as transient as a 5xx, and as little the bot's fault.
DISCORD_SLOWED_DOWN = ("Discord is asking me to slow down, so my answer didn't get through. "
                       "Please try again in a moment.")
# What a reply needs of Discord's 3 s to reach it: a failed acknowledgement is answered again only before this much of
# them has passed (a second try after it would come too late, and is not made).
_ACK_ROUND_TRIP = timedelta(seconds=0.5)


def _cooldown(error: BaseException) -> str:
    assert isinstance(error, app_commands.CommandOnCooldown)
    return f"Slow down a little — you can use this command again in {in_a_while(error.retry_after)}."


class ButtonOnCooldownError(Exception):
    """A card button (or a list's menu: `what`) used again before the member's budget for it came back
    (bot.views.BUTTON_COOLDOWN)."""

    def __init__(self, retry_after: float, *, what: str = "button") -> None:
        super().__init__(f"{what} on cooldown for {retry_after:.1f} s")
        self.retry_after = retry_after
        self.what = what


def _button_cooldown(error: BaseException) -> str:
    assert isinstance(error, ButtonOnCooldownError)
    return f"Slow down a little — you can use this {error.what} again in {in_a_while(error.retry_after)}."


def _rate_limited(error: BaseException) -> str:
    assert isinstance(error, discord.RateLimited)
    return f"Discord is asking me to slow down; please try again in {in_a_while(error.retry_after)}."


def in_a_while(seconds: float) -> str:
    """A wait as people read it: whole seconds up to two minutes, then whole minutes (rounded up)."""
    whole = max(1, math.ceil(seconds))
    return f"{whole} s" if whole < 120 else f"{math.ceil(whole / 60)} min"


def _missing_permissions(error: BaseException) -> str:
    assert isinstance(error, app_commands.MissingPermissions)
    return f"You need the {_permission_list(error.missing_permissions)} permission to do that."


def _bot_missing_permissions(error: BaseException) -> str:
    assert isinstance(error, app_commands.BotMissingPermissions)
    return f"I need the {_permission_list(error.missing_permissions)} permission here to do that."


def _permission_list(names: list[str]) -> str:
    return ", ".join(f"**{name.replace('_', ' ').replace('guild', 'server').title()}**" for name in names)


# Expected problems, most specific first: the exception type and how to explain it to the user.
EXPECTED_ERRORS: dict[type[BaseException], Explain] = {
    UserFacingError: lambda error: str(error),
    EmptyQueryError: lambda error: str(error) or "Type a few words to search for.",
    app_commands.CommandOnCooldown: _cooldown,
    ButtonOnCooldownError: _button_cooldown,
    # A Retry-After past PaperBot's max_ratelimit_timeout: raised instead of slept through.
    discord.RateLimited: _rate_limited,
    app_commands.MissingPermissions: _missing_permissions,
    app_commands.BotMissingPermissions: _bot_missing_permissions,
    app_commands.NoPrivateMessage: lambda _: "This command only works in a server.",
    app_commands.CheckFailure: lambda _: "You can't use this command here.",
    app_commands.TransformerError: lambda _: "I couldn't understand one of the options; please try again.",
    # A client that still shows commands from before an update (syncs take time to reach everyone).
    app_commands.CommandNotFound: lambda _: "That command no longer exists; it will vanish from your list soon.",
    app_commands.CommandSignatureMismatch: lambda _: ("That command was just updated; please run it again "
                                                      "(restart Discord if it keeps happening)."),
}


def user_message(error: BaseException) -> str | None:
    """The friendly message for an expected error, or None when the error is unexpected."""
    for error_type, explain in EXPECTED_ERRORS.items():
        if isinstance(error, error_type):
            return explain(error)
    return None


def unwrap(error: BaseException) -> BaseException:
    """The exception the command raised, without discord.py's invoke wrappers."""
    while isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    return error


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user what went wrong (ephemeral); log unexpected errors with a short code."""
    error = unwrap(error)
    if answered_too_late(error):  # no reply can reach the user now: an error code would be shown to nobody
        _log_too_late(interaction)
        return
    if message_deleted(error):  # the list or "thinking…" message went while it was being filled: nothing to tell
        log.info("%s: its message was deleted before the answer came", _describe(interaction))
        return
    if discord_failed(error) or rate_limited(error) or isinstance(error, discord.RateLimited):
        await _report_discord_failure(interaction, error)  # Discord's outage or refusal for now: no code, no traceback
        return
    if already_acknowledged(error):  # discord.py's retry of an answer Discord had taken, though it failed it (5xx)
        log.warning("%s: Discord refused the answer as a second one (%s): it had taken the first, which it had "
                    "reported failing, so the user has it", _describe(interaction), refusal(error))
        return
    message = user_message(error)
    code = None
    if message is None and disk_refused(error):
        log.error("%s: %s", _describe(interaction), cannot_write(_database_of(interaction), error))
        message = COULD_NOT_SAVE
    if message is None and damaged(error):  # a page damaged since the start (a disk fault): the operator must act
        log.error("%s: %s", _describe(interaction), damaged_database(_database_of(interaction), error))
        message = DATABASE_DAMAGED
    if message is None and busy(error):
        log.warning("%s: the database %s stayed locked by another writer (such as `paperbot ingest`) past the busy "
                    "timeout; nothing was written", _describe(interaction), _database_of(interaction))
        message = DATABASE_BUSY
    if message is None:
        code = secrets.token_hex(3)
        where = _describe(interaction)
        log.error("error %s in %s", code, where, exc_info=(type(error), error, error.__traceback__))
        message = (f"Something went wrong on my side (error code `{code}`). "
                   "It has been logged; please try again in a moment.")
    await send_ephemeral(interaction, message, error_code=code)


async def think_in_public(interaction: discord.Interaction) -> None:
    """Acknowledge with a public "thinking…" message, to be filled with the answer (`fill_thinking`); a reply
    `send_ephemeral` sends before it is filled takes it back and comes privately."""
    await interaction.response.defer(thinking=True)
    interaction.extras[_THINKING_IN_PUBLIC] = True


async def fill_thinking(interaction: discord.Interaction, **fields: Any) -> None:
    """Fill the public "thinking…" message of `think_in_public` with the answer (edit_original_response)."""
    await interaction.edit_original_response(**fields)
    interaction.extras.pop(_THINKING_IN_PUBLIC, None)


async def send_ephemeral(interaction: discord.Interaction, message: str, *, error_code: str | None = None) -> None:
    """Reply privately, whether or not the interaction was already answered or deferred (see `_deliver`).

    `error_code`: the reply tells of the error logged (with its traceback) under that code; failing to
    deliver it is one more line about that error, not a second traceback (often of the same outage).
    """
    refused = await _deliver(interaction, message)
    if refused is None:
        return
    if answered_too_late(refused):
        _log_too_late(interaction)
    elif error_code is not None:
        log.warning("could not tell the user of error %s in %s: %s", error_code, _describe(interaction),
                    refusal(refused))
    else:
        log.warning("could not deliver a private reply for %s: %s", _describe(interaction), refusal(refused))


async def _deliver(interaction: discord.Interaction, message: str) -> BaseException | None:
    """Send `message` privately, as the answer or a followup; what Discord raised when it refused it, else None.

    After a public "thinking…" (`think_in_public`) not yet filled, that message is deleted first: the first
    followup after a defer *is* that message, shown to everyone whatever its flags say, so an error would
    have replaced it for the whole channel. If Discord refuses the delete, the reply fills it as before.
    """
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(message, ephemeral=True)
            return None
        if interaction.extras.pop(_THINKING_IN_PUBLIC, False):
            await _take_back_thinking(interaction)
        await interaction.followup.send(message, ephemeral=True)
    except DISCORD_REFUSED as error:
        return error
    return None


async def _report_discord_failure(interaction: discord.Interaction,
                                  error: discord.HTTPException | discord.RateLimited) -> None:
    """Discord's server error (or its 429, a refusal for now; or a rate limit longer than the bot waits, RateLimited)
    on a call of the bot's answering an interaction: the user told, when a reply can still reach them, and one warning
    line naming the command and what Discord said.

    An acknowledgement that failed is answered again only while Discord's 3 s last: discord.py retries a 5xx
    itself, a second later and then for 25 s, so one that reaches the bot after them means the user has seen "The
    application did not respond", and without an acknowledgement no followup can reach them. After a successful
    acknowledgement ("thinking…") the reply is a followup, which the interaction's token allows for 15 minutes.
    """
    what, note = _discord_refusal(error)
    failed = f"{_describe(interaction)}: Discord {what}"
    if not interaction.response.is_done() and _past_acknowledgement(interaction):
        log.warning("%s, past Discord's %g s; the user saw \"The application did not respond\"", failed,
                    limits.INTERACTION_ACK_SECONDS)
        return
    refused = await _deliver(interaction, note)
    if refused is None:
        log.warning("%s; the user was asked to try again", failed)
    elif answered_too_late(refused):
        log.warning("%s; the user saw \"The application did not respond\"", failed)
    elif already_acknowledged(refused):  # the 5xx came after Discord had taken it: the user has the answer
        log.warning("%s, though Discord had taken it (its note to try again was refused as a second answer)", failed)
    else:
        log.warning("%s; telling the user failed too (%s)", failed, refusal(refused))


def _discord_refusal(error: discord.HTTPException | discord.RateLimited) -> tuple[str, str]:
    """What Discord did, for the log line ("refused the answer for now (HTTP 429 Too Many Requests)"), and the
    user's note."""
    if isinstance(error, discord.RateLimited):  # a Retry-After past PaperBot's max_ratelimit_timeout: not slept through
        return (f"asked the bot to wait {in_a_while(error.retry_after)} (rate limited longer than it waits)",
                _rate_limited(error))
    if rate_limited(error):
        return f"refused the answer for now ({refusal(error)})", DISCORD_SLOWED_DOWN
    return f"failed to take the answer ({refusal(error)})", DISCORD_FAILED.format(status=error.status)


def _past_acknowledgement(interaction: discord.Interaction) -> bool:
    """Whether too little of Discord's 3 s is left for an acknowledgement sent now to reach it."""
    deadline = interaction.created_at + timedelta(seconds=limits.INTERACTION_ACK_SECONDS) - _ACK_ROUND_TRIP
    return discord.utils.utcnow() >= deadline


async def _take_back_thinking(interaction: discord.Interaction) -> None:
    """Delete the public "thinking…" message, so the followup after it is a private message of its own; a
    delete Discord refuses (an outage, a rate limit) is one line, and the followup fills the message instead.
    One deleted already (a moderator's delete: 10008 Unknown Message) is gone as wanted: nothing to say."""
    try:
        await interaction.delete_original_response()
    except DISCORD_REFUSED as error:
        if message_deleted(error):
            return
        log.info("%s: could not delete its public \"thinking…\" message (%s); the reply fills it instead",
                 _describe(interaction), refusal(error))


def _log_too_late(interaction: discord.Interaction) -> None:
    log.warning("%s was answered after Discord's %g s; the user saw \"The application did not respond\"",
                _describe(interaction), limits.INTERACTION_ACK_SECONDS)


def _database_of(interaction: discord.Interaction) -> str:
    """The bot's database file, for log lines (PaperBot.settings; a bare client has none)."""
    settings = getattr(interaction.client, "settings", None)
    return str(getattr(settings, "database_path", "?"))


def _describe(interaction: discord.Interaction) -> str:
    """`/paper search` or `component paper:similar:abc` for log lines (no user content)."""
    command = interaction.command
    if command is not None:
        return f"/{command.qualified_name}"
    data: dict[str, Any] = dict(interaction.data or {})
    return f"component {data.get('custom_id', '?')}"


class _AutocompleteRefusals(logging.Filter):
    """Discord refusing an autocomplete answer as one warning line, not discord.py's ERROR with a traceback.

    discord.py sends the choices an autocomplete callback returns itself, and logs whatever that raises as "Ignoring
    exception in autocomplete for …" with a traceback (CommandTree._call: on_error never sees it). Under load an
    answer after Discord's 3 s (10062), one per keystroke, filled the log with tracebacks of no bug; so did Discord's
    own 5xx. Those become the lines report_error logs for commands; anything else stays as discord.py logs it.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite a refusal's record (the member saw no suggestions); let every other record through as it is."""
        error = record.exc_info[1] if record.exc_info else None
        if error is None or not str(record.msg).startswith(_AUTOCOMPLETE_FAILED):
            return True
        command = f"autocomplete of /{record.args[0] if isinstance(record.args, tuple) and record.args else '?'}"
        if answered_too_late(error):
            record.msg, record.args = "%s was answered after Discord's %g s; no suggestions were shown", (
                command, limits.INTERACTION_ACK_SECONDS)
        elif discord_failed(error):
            record.msg, record.args = "%s: Discord failed to take the choices (%s); no suggestions were shown", (
                command, refusal(error))
        else:
            return True
        record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        record.exc_info = record.exc_text = None
        return True


# The start of discord.py's log line for an exception of an autocomplete (discord.app_commands.tree).
_AUTOCOMPLETE_FAILED = "Ignoring exception in autocomplete"
_AUTOCOMPLETE_LOG = logging.getLogger("discord.app_commands.tree")


def _tell_autocomplete_refusals_in_one_line() -> None:
    """Add the filter to discord.py's tree logger, once per process (every bot's tree logs there)."""
    _add_once(_AUTOCOMPLETE_LOG, _AutocompleteRefusals)


# An interaction's token in the path of its callback or followups (`/interactions/<id>/<token>/callback`,
# `/webhooks/<application id>/<token>/messages/@original`).
_TOKEN_IN_PATH = re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/?#\s]+")
_WEBHOOK_LOG = logging.getLogger("discord.webhook.async_")


class _InteractionTokens(logging.Filter):
    """Interactions' tokens out of discord.py's log lines: with LOG_LEVEL=DEBUG it logs the URL of every answer and
    followup ("Webhook ID … with POST https://discord.com/api/v10/interactions/<id>/<token>/callback has returned
    status code 204"), and a token lets whoever has it post and edit as the bot in that channel for 15 minutes:
    a log pasted into an issue handed them out."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Replace the token in every URL the record holds with `<token>`."""
        if isinstance(record.args, tuple):
            record.args = tuple(_TOKEN_IN_PATH.sub(r"\1<token>", arg) if isinstance(arg, str) else arg
                                for arg in record.args)
        return True


def _add_once(logger: logging.Logger, kind: type[logging.Filter]) -> None:
    """Add a `kind` filter to `logger` unless it has one (every bot of the process, a test's restart included, asks)."""
    if not any(isinstance(existing, kind) for existing in logger.filters):
        logger.addFilter(kind())


class PaperTree(app_commands.CommandTree):
    """A CommandTree whose `on_error` is the bot's single place for error replies."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _tell_autocomplete_refusals_in_one_line()
        _add_once(_WEBHOOK_LOG, _InteractionTokens)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Friendly ephemeral text for expected errors; a logged error code for the rest."""
        await report_error(interaction, error)
