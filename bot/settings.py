"""Settings from the environment and `.env`; nothing is read at import time."""

from __future__ import annotations

import io
import os
import re
import sysconfig
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from dotenv import dotenv_values
from dotenv.parser import parse_stream

from storage.parsing import encoding_by_byte_order_mark

_CHECKOUT_CORPUS = Path(__file__).resolve().parent.parent / "data"
_INSTALLED_CORPUS = Path("share", "paperbot", "data")  # pyproject.toml's data-files, under an install's data root


def bundled_corpus(checkout: Path = _CHECKOUT_CORPUS, data_roots: Sequence[str] | None = None) -> Path:
    """The bundled default corpus: data/ in a checkout (and an editable install), else the copy a
    regular install (`pip install .`, a wheel) put under its data root: the environment's prefix,
    or the user's base for `pip install --user`. A checkout's path when neither exists, for the message."""
    if checkout.is_dir():
        return checkout
    if data_roots is None:
        data_roots = [sysconfig.get_path("data"), sysconfig.get_path("data", f"{os.name}_user")]
    for root in data_roots:
        if (Path(root) / _INSTALLED_CORPUS).is_dir():
            return Path(root) / _INSTALLED_CORPUS
    return checkout


BUNDLED_CORPUS = bundled_corpus()
DEFAULT_DATABASE = Path("paperbot.db")
DEFAULT_MAX_SUBSCRIPTIONS_PER_GUILD = 10
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
_SWITCH_VALUES = {"on": True, "true": True, "1": True, "off": False, "false": False, "0": False}
_WHERE = "(in the environment or .env)"
_QUOTE_PAIRS = ('""', "''", "“”", "‘’", "``")
# A bot token is three base64url pieces joined by dots (its id, a timestamp, a signature).
_TOKEN_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")
# Its letters alone (case, digits and separators left out) of what documents write in a token's place.
_PLACEHOLDER_TOKEN = re.compile(r"(?:your|my|the|a)?(?:discord)?(?:bot)?(?:app|application)?(?:token|key|secret)"
                                r"(?:goes)?(?:here)?|changeme|x+")
_SETTING_NAME = re.compile(r"(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)")
SETTING_NAMES = ("DISCORD_TOKEN", "DATABASE_PATH", "CORPUS_PATH", "DEV_GUILD_ID", "LOG_LEVEL",
                 "MAX_SUBSCRIPTIONS_PER_GUILD", "EMBED_ABSTRACTS")


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot and the CLI can be configured with."""

    discord_token: str | None = field(default=None, repr=False)  # never printed or logged
    database_path: Path = DEFAULT_DATABASE
    corpus_paths: tuple[Path, ...] = (BUNDLED_CORPUS,)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    max_subscriptions_per_guild: int = DEFAULT_MAX_SUBSCRIPTIONS_PER_GUILD
    embed_abstracts: bool = True  # embed abstracts for search by meaning in the background (bot/client.py)
    env_file: Path | None = None  # the .env read, if any: messages about a missing setting say where they looked

    def with_overrides(self, **overrides: Any) -> Settings:
        """Return a copy with the given non-None fields replaced."""
        return replace(self, **{k: v for k, v in overrides.items() if v is not None})


def load_settings(env_file: str | Path | None = ".env", **overrides: Any) -> Settings:
    """Read settings from `env_file` (if it exists) and the environment; overrides win.

    The environment wins over `.env`, as with every twelve-factor tool.
    """
    values: dict[str, str | None] = {}
    read = Path(env_file).absolute() if env_file is not None and Path(env_file).is_file() else None
    if env_file is not None and read is not None:
        text = _env_file_text(Path(env_file))
        _refuse_unreadable_lines(Path(env_file), text)
        values.update(dotenv_values(stream=io.StringIO(text)))
    values.update(os.environ)
    given = {name: _unquoted(values.get(name)) for name in SETTING_NAMES}
    settings = Settings(
        discord_token=clean_token(values.get("DISCORD_TOKEN")),
        database_path=Path(given["DATABASE_PATH"] or DEFAULT_DATABASE).expanduser(),
        corpus_paths=_parse_paths(given["CORPUS_PATH"]),
        dev_guild_id=_parse_int("DEV_GUILD_ID", given["DEV_GUILD_ID"], minimum=1),
        log_level=_parse_log_level(given["LOG_LEVEL"]),
        max_subscriptions_per_guild=_parse_int(
            "MAX_SUBSCRIPTIONS_PER_GUILD", given["MAX_SUBSCRIPTIONS_PER_GUILD"], minimum=1
        )
        or DEFAULT_MAX_SUBSCRIPTIONS_PER_GUILD,
        embed_abstracts=_parse_switch("EMBED_ABSTRACTS", given["EMBED_ABSTRACTS"], default=True),
        env_file=read,
    )
    return settings.with_overrides(**overrides)


def env_file_value(path: Path, name: str) -> str | None:
    """`name`'s value in the .env file at `path` alone, whatever the environment says (None: it has none)."""
    return dotenv_values(stream=io.StringIO(_env_file_text(path))).get(name)


def _unquoted(raw: str | None) -> str | None:
    """A setting's value without what is never part of one: whitespace around it and one pair of quotes around
    it. docker's --env-file and compose's `environment:` list keep the quotes a shell or python-dotenv would
    take off (and a document gives curly ones): a quoted DATABASE_PATH named another file, which the bot then
    created, empty of the subscriptions and post history it was meant to keep."""
    if raw is None:
        return None
    text = raw.strip()
    if len(text) >= 2 and text[0] + text[-1] in _QUOTE_PAIRS:
        text = text[1:-1].strip()
    return text


def clean_token(raw: str | None) -> str | None:
    """DISCORD_TOKEN as people paste it, without what is never part of a token: whitespace and one pair of
    quotes around it (`_unquoted`) and a "Bot " prefix (the Authorization header's form). Discord rejects
    the token with them, and its advice, reset the token, would not help."""
    token = _unquoted(raw) or ""
    if token[:4].lower() == "bot ":
        token = token[4:].strip()
    return token or None


def token_flaw(token: str) -> str | None:
    """How `token` differs from every bot token, as the rest of a sentence opening "DISCORD_TOKEN ", saying
    where but not showing the token; None when it may be one. Such a token fails in ways that misled:
    Discord's "rejected" (reset a token that is fine) or, for a line break, a traceback from the HTTP client."""
    for position, char in enumerate(token, start=1):
        if char.isspace():
            return f"has a space or line break inside it (character {position} of {len(token)}), which no bot token has"
        if char not in _TOKEN_CHARACTERS:
            name = unicodedata.name(char, f"U+{ord(char):04X}").lower()
            return f"has a {name} (character {position} of {len(token)}), which no bot token has"
    return _token_shape_flaw(token.split("."))


def _token_shape_flaw(pieces: list[str]) -> str | None:
    """How a token's dot-separated `pieces` differ from a bot token's three (its id, a timestamp, a signature)."""
    if len(pieces) != 3:
        return f"has {len(pieces)} piece{'s' * (len(pieces) > 1)} where a bot token has three, joined by dots"
    for number, piece in enumerate(pieces, start=1):
        if not piece:
            return f"has an empty piece (piece {number} of {len(pieces)}), which no bot token has"
    return None


def is_placeholder_token(token: str) -> bool:
    """Whether `token` is what a document puts where the token goes (README's `your-token`, YOUR_BOT_TOKEN_HERE,
    changeme, xxxx.xxxx.xxxx): told apart so the message says to get a token, not to copy this one again."""
    return _PLACEHOLDER_TOKEN.fullmatch(re.sub(r"[^a-z]", "", token.lower())) is not None


def _env_file_text(path: Path) -> str:
    """The text of `.env`: UTF-8, or UTF-16 (Windows PowerShell's `>` and Out-File write that) or UTF-32
    with its byte order mark; a file that cannot be read is one line, not python-dotenv's traceback."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SystemExit(f"paperbot: cannot read {path}: {error.strerror or error}") from None
    encoding = encoding_by_byte_order_mark(data)
    try:
        return data.decode(encoding or "utf-8-sig")
    except UnicodeDecodeError as error:
        if encoding:  # its mark says what it is meant to be: a line count or a byte of it would mislead
            raise SystemExit(f"paperbot: {path} is not valid {encoding} text ({error.reason} at byte {error.start}); "
                             "save it as UTF-8") from None
        line = data.count(b"\n", 0, error.start) + 1
        raise SystemExit(f"paperbot: {path} is not UTF-8 text (byte 0x{data[error.start]:02x} on line {line}); "
                         "save it as UTF-8") from None


def _refuse_unreadable_lines(path: Path, text: str) -> None:
    """Stop with one line at a `.env` line python-dotenv cannot read (`DISCORD_TOKEN: abc`, a quote not
    closed, the token alone): it only warned, or said nothing, and skipped the line, so the bot then said there
    was no token at all. The line is named by its number and setting, never shown: it may hold the token."""
    for binding in parse_stream(io.StringIO(text)):
        # A line with no "=" is a name without a value to python-dotenv, so the token pasted alone was one.
        if binding.error or (binding.key is not None and binding.value is None):
            named = _SETTING_NAME.match(binding.original.string.strip())
            setting = f" ({named[1]})" if named and named[1] in SETTING_NAMES else ""
            raise SystemExit(f"paperbot: {path} line {binding.original.line}{setting} is not NAME=value; write it "
                             "as NAME=value, and close any quote you open")


def _parse_paths(raw: str | None) -> tuple[Path, ...]:
    """CORPUS_PATH holds one or more paths separated by the OS path separator (':' on Linux).

    `~` is expanded here: no shell does it for a value in `.env`, and a literal `~` folder is no one's intent.
    """
    if not raw or not raw.strip():
        return (BUNDLED_CORPUS,)
    return tuple(Path(part.strip()).expanduser() for part in raw.split(os.pathsep) if part.strip())


def _parse_int(name: str, raw: str | None, *, minimum: int | None = None) -> int | None:
    """An optional whole number; a bad one stops the program with one line naming the setting."""
    if raw is None or not raw.strip():
        return None
    try:
        value = int(raw.strip())
    except ValueError:
        raise SystemExit(f"paperbot: {name} must be a whole number, got {raw!r} {_WHERE}") from None
    if minimum is not None and value < minimum:
        raise SystemExit(f"paperbot: {name} must be at least {minimum}, got {raw!r} {_WHERE}")
    return value


def _parse_log_level(raw: str | None) -> str:
    """LOG_LEVEL by name, any case; an unknown one is refused here rather than by logging's traceback."""
    level = (raw or "").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SystemExit(f"paperbot: LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {raw!r} {_WHERE}")
    return level


def _parse_switch(name: str, raw: str | None, *, default: bool) -> bool:
    """An on/off setting: on, off, true, false, 1 or 0, any case; empty means the default."""
    text = (raw or "").strip().lower()
    if not text:
        return default
    if text not in _SWITCH_VALUES:
        raise SystemExit(f"paperbot: {name} must be on or off (or true/false, 1/0), got {raw!r} {_WHERE}")
    return _SWITCH_VALUES[text]
