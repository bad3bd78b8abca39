"""Discord's limits, in one place, and the truncation helpers that keep us inside them.

Discord rejects a whole message (HTTP 400) when one embed field is a character too long, so
everything the bot builds from corpus text or user input goes through these helpers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

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
_SPACES = re.compile(r"\s+")
# Explicit direction controls (embeddings, overrides, isolates): one left open turns every character
# after it around, to the end of the paragraph — in a reply, the bot's own words after an echoed query.
_DIRECTION_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
# Discord's markdown, as a cut must neither split it nor leave it open: what shows as written (an escape "\*", a
# masked link "[text](url)", a bare link: never cut inside, never read for marks), a run of backticks (inline code,
# closed by a run as long), and the marks of emphasis, each closed by the same mark ("***" reads as "**" and "*").
_MARKDOWN = re.compile(r"(?P<verbatim>\\\S|\[[^\]\n]*\]\([^()\s]*\)|<?https?://[^\s<]*[^\s<.,:;\"')\]*_~|]>?)"
                       r"|(?P<code>`+)|(?P<mark>\*\*|\*|__|_|~~|\|\|)")


def truncate(text: str, limit: int, *, ellipsis: str = ELLIPSIS, markdown: bool = True) -> str:
    """Return `text` cut to at most `limit` characters, ending in `ellipsis` when it was cut.

    Prefers to cut at a word boundary (when one is near the end). `markdown`: `text` is Discord markdown, and the cut
    splits no escape, link or mark and leaves no emphasis, code, strikethrough or spoiler open (`_markdown_cut`).
    """
    if limit <= 0:
        return ""
    if len(text) <= limit:
        return text
    if limit <= len(ellipsis):  # no room for text: a character of it could be a mark left open or half an escape
        return ellipsis[:limit]
    room = limit - len(ellipsis)
    cut = _markdown_cut(text, room) if markdown else text[:_cut_end(text, room)]
    return cut + ellipsis


def _cut_end(text: str, room: int, unsplittable: Sequence[tuple[int, int]] = ()) -> int:
    """Where to cut `text` to keep at most `room` characters: at a space when one is near the end, and before any
    of the `unsplittable` spans (start, end) that the cut would fall inside; trailing spaces left out."""
    end = room = max(room, 0)
    space = text.rfind(" ", 0, room)
    if space >= room * 0.8:  # only back off to a space when it costs little
        end = space
    for start, stop in unsplittable:
        if start < end < stop:
            end = start
            break
    return len(text[:end].rstrip())


def _markdown_cut(text: str, room: int) -> str:
    """Markdown `text` cut to at most `room` characters, at a word, with the marks open at the cut closed there
    (innermost first): or cut before a mark when its closing would not fit or nothing would be left inside it."""
    unsplittable, pairs = _markdown_pieces(text, room)
    end = _cut_end(text, room, unsplittable)
    while True:
        still_open = sorted(pair for pair in pairs if pair[0] < end <= pair[2])
        closing = "".join(mark for _, mark, _ in reversed(still_open))
        innermost = still_open[-1][0] if still_open else 0
        if still_open and innermost + len(still_open[-1][1]) >= end:  # "**…" would show its marks as written
            end = len(text[:innermost].rstrip())
        elif end + len(closing) <= room:
            return text[:end] + closing
        else:  # each turn cuts shorter: first at a word, leaving room for the closing, else before the mark
            shorter = _cut_end(text, room - len(closing), unsplittable)
            end = shorter if shorter < end else len(text[:innermost].rstrip())


def _markdown_pieces(text: str, until: int) -> tuple[list[tuple[int, int]], list[tuple[int, str, int]]]:
    """The spans (start, end) of `text` a cut must not fall inside (escapes, links, marks), in order, and its pairs of
    marks as (where the opening starts, the mark, where the closing starts), read as far as a cut before `until` needs
    (no further than the marks open there close: a long abstract is not read to its end). A mark never closed shows
    as written, as Discord shows it: in no pair."""
    unsplittable: list[tuple[int, int]] = []
    pairs: list[tuple[int, str, int]] = []
    opened: dict[str, int] = {}
    at = 0
    while (at <= until or opened) and (piece := _MARKDOWN.search(text, at)):
        unsplittable.append(piece.span())
        at = piece.end()
        if ticks := piece["code"]:
            closing = _closing_ticks(ticks).search(text, at)
            if closing:  # no marks inside code
                pairs.append((piece.start(), ticks, closing.start()))
                unsplittable.append(closing.span())
                at = closing.end()
        elif mark := piece["mark"]:
            if mark in opened:
                pairs.append((opened.pop(mark), mark, piece.start()))
            else:
                opened[mark] = piece.start()
    return unsplittable, pairs


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


def one_line(text: str, limit: int, *, markdown: bool = False) -> str:
    """Collapse whitespace (newlines included), drop direction controls and invisible characters, and truncate:
    for labels, choices, titles and what people typed, echoed back. Plain text unless `markdown` (see truncate): a
    label's "A*-search" is two characters, not a mark to close."""
    return truncate(_SPACES.sub(" ", visible(_DIRECTION_CONTROLS.sub("", text))).strip(), limit, markdown=markdown)


# Discord's own markup in message text: mentions (<@id>, <@&role>, <#channel>), commands (</name:id>),
# custom emoji (<:name:id>, <a:name:id>), timestamps (<t:…>), the server's own pages (<id:browse>,
# <id:customize>: shown as links) and the mentions of everyone ("@everyone", "@here": highlighted, pinging
# nobody where no mention is allowed, but read as one). A backslash before it shows it as typed; the backslashes
# written before it are doubled first, or the one added would escape one of them ("\\<@1>": a backslash, a mention).
_DISCORD_MARKUP = re.compile(r"(\\*)(<(?=[@#/:]|a:|t:|id:)|@(?=everyone|here))")


def markup_escaped(text: str) -> str:
    """`text` with Discord's own markup (mentions, channels, commands, emoji, timestamps, "@everyone", "@here")
    shown as written, its markdown left as it is: for corpus text on a card, whose emphasis is meant. Longer by a
    character per piece of markup (and per backslash before one): cut it afterwards.

    Its code spans, inline and fenced, are left as they are: Discord renders no markup inside one and shows every
    backslash there, so an abstract's "`<@1>`" read "`\\<@1>`" on the card."""
    if "`" not in text:
        return _markup_outside_code_escaped(text)
    at, parts = 0, []
    for start, end in _code_spans(text):
        parts += [_markup_outside_code_escaped(text[at:start]), text[start:end]]
        at = end
    parts.append(_markup_outside_code_escaped(text[at:]))
    return "".join(parts)


def _markup_outside_code_escaped(text: str) -> str:
    """`text`, holding no code span, with a backslash before each piece of Discord's markup (see markup_escaped)."""
    return _DISCORD_MARKUP.sub(lambda markup: f"{markup[1] * 2}\\{markup[2]}", text)


def _code_spans(text: str) -> Iterator[tuple[int, int]]:
    """The spans (start, end) of `text`'s code, backticks included, as a cut reads them (`_markdown_pieces`): a run
    of backticks closed by a run as long, neither escaped ("\\`") nor inside a link; a run never closed is text."""
    at = 0
    while piece := _MARKDOWN.search(text, at):
        at = piece.end()
        if ticks := piece["code"]:
            closing = _closing_ticks(ticks).search(text, at)
            if closing:
                yield piece.start(), closing.end()
                at = closing.end()


def _closing_ticks(ticks: str) -> re.Pattern[str]:
    """The run of backticks that closes code opened by `ticks`: as long, no backtick either side."""
    return re.compile(f"(?<!`){ticks}(?!`)")


def as_typed(text: str, limit: int, *, room: int | None = None) -> str:
    """Text shown as written inside the bot's words (what someone typed; a name a corpus or a server gives): one
    line (see one_line) of at most `limit` of its characters, with no markdown and no mention, channel, command,
    emoji or timestamp made live from it: "<t:0:R>" reads "<t:0:R>", not "55 years ago", "<@&123>" and "@everyone"
    as typed, not as a role's chip or a highlighted mention.

    For message content, embed descriptions, field values and titles (where Discord reads markdown); never for an
    embed's author line or footer, a choice's name or a button's label, which show every backslash. Escaping adds
    a character before each mark: `room`, a part's own limit (a title's 256), cuts the escaped text there again,
    never inside an escape."""
    shown = markup_escaped(escape_markdown(one_line(text, limit)))
    return shown if room is None else truncate(shown, room)


def fits_custom_id(custom_id: str) -> bool:
    """Whether Discord accepts `custom_id` for a component."""
    return 1 <= len(custom_id) <= CUSTOM_ID
