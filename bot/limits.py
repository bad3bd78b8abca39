"""Discord's limits, in one place, and the truncation helpers that keep us inside them.

Discord rejects a whole message (HTTP 400) when one embed field is a character too long, so
everything the bot builds from corpus text or user input goes through these helpers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from discord.utils import escape_markdown

# `visible(text)`: without the characters nobody sees that join a word or hint a break inside it (a zero-width space,
# as pages put in long words and bots after "@"; a word joiner; a byte order mark; a soft hyphen), which the search
# read as a space between two words: the storage tokenizer's own, one list of them.
from storage._search_text import visible as visible

# Interactions: answer (or defer) within this many seconds, or the user sees "interaction failed".
INTERACTION_ACK_SECONDS = 3.0
# A deferred interaction's token (followups, edits) stays valid this long.
INTERACTION_TOKEN_SECONDS = 15 * 60

# Embeds (https://discord.com/developers/docs/resources/message#embed-object-embed-limits)
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000  # title + description + field names/values + footer + author, all embeds of a message
EMBEDS_PER_MESSAGE = 10

# Messages and components
MESSAGE_CONTENT = 2000
CUSTOM_ID = 100
BUTTON_LABEL = 80
SELECT_OPTIONS = 25
SELECT_OPTION_LABEL = 100
SELECT_OPTION_VALUE = 100
SELECT_OPTION_DESCRIPTION = 100
SELECT_PLACEHOLDER = 150

# Slash commands
AUTOCOMPLETE_CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
STRING_OPTION = 6000  # the longest string option value Discord will send us

ELLIPSIS = "…"
_BOLD = "**"
_SPACES = re.compile(r"\s+")
# Explicit direction controls (embeddings, overrides, isolates): one left open turns every character
# after it around, to the end of the paragraph — in a reply, the bot's own words after an echoed query.
_DIRECTION_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def truncate(text: str, limit: int, *, ellipsis: str = ELLIPSIS) -> str:
    """Return `text` cut to at most `limit` characters, ending in `ellipsis` when it was cut.

    Prefers to cut at a word boundary (when one is near the end) and never leaves a
    half-open `**bold**` marker behind.
    """
    if limit <= 0:
        return ""
    if len(text) <= limit:
        return text
    if limit <= len(ellipsis):
        return text[:limit]
    room = limit - len(ellipsis)
    cut = text[:room]
    space = cut.rfind(" ")
    if space >= room * 0.8:  # only back off to a space when it costs little
        cut = cut[:space]
    cut = cut.rstrip()
    if cut.endswith("*") and not cut.endswith(_BOLD):
        cut = cut.rstrip("*")
    if cut.count(_BOLD) % 2:
        index = cut.rfind(_BOLD)
        cut = cut[:index] + cut[index + len(_BOLD):]
    return cut + ellipsis


def whole_items(items: Sequence[str], budget: int, *, separator: str, more: Callable[[int], str]) -> int:
    """How many of `items`, whole and joined by `separator`, fit in `budget` characters together with
    `more(n)` after them for the n left out. A list cut mid-item shows half a name or a broken mention."""
    length = -len(separator)
    for index, item in enumerate(items):
        length += len(separator) + len(item)
        rest = len(items) - index - 1
        if length + (len(more(rest)) if rest else 0) > budget:
            return index
    return len(items)


def one_line(text: str, limit: int) -> str:
    """Collapse whitespace (newlines included), drop direction controls and invisible characters, and truncate:
    for labels, choices, titles and what people typed, echoed back."""
    return truncate(_SPACES.sub(" ", visible(_DIRECTION_CONTROLS.sub("", text))).strip(), limit)


# Discord's own markup in message text: mentions (<@id>, <@&role>, <#channel>), commands (</name:id>),
# custom emoji (<:name:id>, <a:name:id>), timestamps (<t:…>) and the server's own pages (<id:browse>,
# <id:customize>: shown as links). A backslash before it shows it as typed.
_DISCORD_MARKUP = re.compile(r"<(?=[@#/:]|a:|t:|id:)")


def as_typed(text: str, limit: int) -> str:
    """What someone typed, echoed inside the bot's words: one line (see one_line), with no markdown and
    no mention, channel, command, emoji or timestamp made live from it: "<t:0:R>" reads "<t:0:R>", not
    "55 years ago", and "<@&123>" as typed, not as a role's name."""
    return _DISCORD_MARKUP.sub(r"\\<", escape_markdown(one_line(text, limit)))


def fits_custom_id(custom_id: str) -> bool:
    """Whether Discord accepts `custom_id` for a component."""
    return 1 <= len(custom_id) <= CUSTOM_ID
