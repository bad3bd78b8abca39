"""Embed builders: the paper card (used by every command and the daily post) and result lists."""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

import discord

from bot import limits
from bot.limits import as_typed, markup_escaped, one_line, truncate
from storage._search_snippet import cited_authors, matched_authors
from storage.enrich import is_code_link
from storage.models import Paper
from storage.search import link_key, plain_title

# What a card says of a paper a corpus change retired (in its footer, and where a note names it): search has the
# current papers only, but /paper show still opens it by id.
RETIRED = "no longer in the current corpus"
PAPER_COLOUR = discord.Colour(0x3B7DD8)
RESULTS_COLOUR = discord.Colour(0x5A6B7B)
_URL = re.compile(r"^https?://[^\s<>\"]+$", re.IGNORECASE)
_MAX_URL = 512  # Discord accepts longer ones, but a link that long is almost certainly garbage
# A host name's label: letters and digits (any script), hyphens inside. No underscore: Discord refuses an embed
# whose url has one in its host ("Not a well formed URL"), as it does a host without a top-level domain.
_HOST_LABEL = re.compile(r"[^\W_]+(?:-+[^\W_]+)*")

# Per-field budgets keep the abstract at least ~3,300 characters of the 6,000 total.
_AUTHORS_BUDGET = 300
_MATCHED_AUTHORS = 3  # matched authors kept in view on the card, as a result list's "By …" line shows them
_LIST_BUDGET = 300
_VENUE_BUDGET = 120
_LINKS_BUDGET = 600
_MAX_LINKS = 3
_PDF_LINK = "[PDF]("
NOTE_BUDGET = 300  # a card's note (paper_embed's `note`) is cut there: what must stay in view fits in it


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One numbered entry of a result list (search results, similar papers)."""

    number: int
    paper: Paper
    snippet: str = ""


def paper_embed(paper: Paper, *, heading: str | None = None, note: str | None = None,
                footer_note: str | None = None, matched: frozenset[str] = frozenset(),
                person: tuple[str, ...] = ()) -> discord.Embed:
    """The paper card: title, readable abstract, authors, keywords, methods, venue, links, id.

    `note` is a line in italics above the abstract, `footer_note` follows the id in the footer. `matched`: the
    stems a search matched, when the card is opened from its results: the authors it names are in bold and
    shown however far down a long list they stand; `person`, the words of the one author's name the search named:
    that author alone is.
    Always within Discord's limits, whatever the corpus holds; the abstract gets whatever the
    other parts leave of the 6,000-character total.
    """
    embed = discord.Embed(title=_as_written(paper.title, limits.EMBED_TITLE) or paper.id,
                          url=_safe_url(paper.url) or _safe_url(paper.pdf), colour=PAPER_COLOUR)
    if heading:
        embed.set_author(name=one_line(heading, limits.EMBED_AUTHOR))
    for name, value, inline in _card_fields(paper, matched, person):
        embed.add_field(name=name, value=value, inline=inline)
    footer = _footer(paper) + (f" · {footer_note}" if footer_note else "")
    embed.set_footer(text=truncate(footer, limits.EMBED_FOOTER))
    # The note names what people typed (a subscription's topic) and corpus names: all of it shown as written.
    lead = f"*{as_typed(note, NOTE_BUDGET)}*\n\n" if note and note.strip() else ""
    room = min(limits.EMBED_DESCRIPTION, limits.EMBED_TOTAL - len(embed)) - len(lead)
    embed.description = lead + truncate(markup_escaped(paper.abstract.strip()) or "*(no abstract)*", room)
    return embed


def _as_written(text: str, limit: int) -> str:
    """Corpus text with markdown (a title's emphasis is meant) on one line, its Discord markup shown as written (a
    corpus file is nobody's vetted input: "<t:0:R>" was a live timestamp on the card), within `limit` escaped."""
    return truncate(markup_escaped(one_line(text, limit, markdown=True)), limit)


def results_embed(title: str, lines: Sequence[ResultLine], *, footer: str) -> discord.Embed:
    """A numbered list of papers (one search results page, or similar papers)."""
    embed = discord.Embed(title=one_line(title, limits.EMBED_TITLE, markdown=True), colour=RESULTS_COLOUR)
    embed.set_footer(text=truncate(footer, limits.EMBED_FOOTER))
    room = min(limits.EMBED_DESCRIPTION, limits.EMBED_TOTAL - len(embed))
    per_line = room // max(1, len(lines)) - 2  # two newlines between entries
    embed.description = "\n\n".join(_result_line(line, per_line) for line in lines)
    return embed


def _result_line(line: ResultLine, budget: int) -> str:
    """`**3. Title**` / venue · id / snippet, within `budget` characters."""
    heading = f"**{line.number}. {as_typed(plain_title(line.paper.title), 200)}**"
    venue = as_typed(line.paper.venue, 120) if line.paper.venue else ""
    details = " · ".join(part for part in (venue, f"`{line.paper.id}`") if part)
    text = f"{heading}\n{details}"
    snippet = _as_written(line.snippet, budget - len(text) - 1) if line.snippet else ""
    return truncate(f"{text}\n{snippet}" if snippet else text, budget)


def _card_fields(paper: Paper, matched: frozenset[str] = frozenset(), person: tuple[str, ...] = ()
                 ) -> list[tuple[str, str, bool]]:
    """(name, value, inline) for every card field that has something to show."""
    fields: list[tuple[str, str, bool]] = []
    if paper.authors:
        fields.append(("Authors", _authors(paper, matched, person), False))
    if paper.keywords:
        fields.append(("Keywords", _join(paper.keywords, _LIST_BUDGET), False))
    if paper.names:
        fields.append(("Methods", _join(paper.names, _LIST_BUDGET), True))
    if paper.venue:
        # On one line, as result lists show it: a BibTeX booktitle is often written over two ("…Conference on\n
        # Machine Learning"), and the field showed both lines, the second indented.
        venue = as_typed(paper.venue, limits.EMBED_FIELD_VALUE)
        fields.append(("Venue", truncate(venue, _VENUE_BUDGET), True))
    links, shown = _links(paper)
    if links:  # "Code" only over a link to code: a project page, a video or the PDF alone are "Links"
        fields.append(("Code" if any(map(is_code_link, shown)) else "Links", links, False))
    return [(name, value, inline) for name, value, inline in fields if value]


def _links(paper: Paper) -> tuple[str, list[str]]:
    """Code links first (at most _MAX_LINKS), then the paper's PDF: one per line, each a valid http(s) URL, and
    "… (+N more)" before the PDF for the links the card leaves out; and the links other than the PDF that it shows.
    A link of the abstract that is the PDF, however written (OpenReview's forum and PDF pages of a paper, arXiv's
    abstract and PDF of any version: one `link_key`), is not shown again: the PDF came twice, raw and as
    "[PDF](…)", when the abstract gave it."""
    pdf = _safe_url(paper.pdf)
    the_pdf = link_key(pdf) if pdf else None
    urls = [url for url in (_safe_url(link) for link in paper.links)
            if url and (the_pdf is None or link_key(url) != the_pdf)]
    pdf_line = [f"{_PDF_LINK}{pdf})"] if pdf else []
    lines = [*urls[:_MAX_LINKS], *pdf_line]
    for count in range(len(lines), 0, -1):  # whole links only: half a URL is worse than none
        text = _link_lines(lines[:count], left_out=len(urls) + len(pdf_line) - count)
        if len(text) <= min(_LINKS_BUDGET, limits.EMBED_FIELD_VALUE):
            return text, urls[: min(count, _MAX_LINKS)]
    return "", []


def _link_lines(lines: Sequence[str], *, left_out: int) -> str:
    """`lines` one per line, "… (+N more)" for the `left_out` links after the others and before the PDF's (last): a
    paper with five code links showed three, as if it had no more."""
    more = [_more_items(left_out).lstrip()] if left_out else []
    if lines[-1].startswith(_PDF_LINK):
        return "\n".join([*lines[:-1], *more, lines[-1]])
    return "\n".join([*lines, *more])


def _join(items: Sequence[str], budget: int) -> str:
    """Comma-separated, shown as written (as_typed), whole items only, `… (+N more)` when cut."""
    cleaned = [as_typed(item, 100) for item in items if item.strip()]
    shown = limits.whole_items(cleaned, budget, separator=", ", more=_more_items)
    if shown == len(cleaned):
        return truncate(", ".join(cleaned), min(budget, limits.EMBED_FIELD_VALUE))
    if not shown:
        return truncate(cleaned[0], budget)
    return ", ".join(cleaned[:shown]) + _more_items(len(cleaned) - shown)


def _authors(paper: Paper, matched: frozenset[str], person: tuple[str, ...] = ()) -> str:
    """The Authors field: the authors in their order within _AUTHORS_BUDGET, `… (+N more)` for the rest. Those a
    search matched (`matched`) are in bold and always shown: the first author, "…", the matched ones where they
    stand (up to _MATCHED_AUTHORS), and as many first authors as fit, as a result list's "By …" line names them
    (storage._search_snippet.by_line): a reader who searched a paper's 40th author finds them on its card."""
    authors = [author for author in paper.authors if author.strip()]
    hits = matched_authors(authors, matched, f"{paper.title} {paper.abstract}", person)
    if not hits:
        return _join(authors, _AUTHORS_BUDGET)
    names = [as_typed(author, 100) for author in authors]
    kept = {0, *hits[:_MATCHED_AUTHORS]}
    text = _cited(names, kept, hits)
    for at in range(len(names)):  # then the first authors, as many as the budget takes
        if at not in kept:
            longer = _cited(names, kept | {at}, hits)
            if len(longer) > _AUTHORS_BUDGET:
                break
            kept.add(at)
            text = longer
    return truncate(text, limits.EMBED_FIELD_VALUE)


def _cited(names: Sequence[str], kept: set[int], hits: Sequence[int]) -> str:
    """`kept` of the authors' `names` in order, bold where matched, "…" between, and how many are not shown."""
    text = ", ".join(cited_authors({at: names[at] for at in kept}, hits))
    left_out = len(names) - len(kept)
    if not left_out:
        return text
    return text + (_more_items(left_out) if max(kept) < len(names) - 1 else f" (+{left_out} more)")


def _more_items(left_out: int) -> str:
    return f" … (+{left_out} more)"


def _footer(paper: Paper) -> str:
    """The id people can pass to `/paper show`, and a note when the paper was retired."""
    footer = f"id {paper.id}"
    if not paper.active:
        footer += f" · {RETIRED}"
    return footer


def _safe_url(url: str | None) -> str | None:
    """`url` when Discord would accept it as a link, else None."""
    if not url:
        return None
    url = url.strip()
    return url if len(url) <= _MAX_URL and _URL.match(url) and _well_formed_host(url) else None


def _well_formed_host(url: str) -> bool:
    """Whether `url` names a host as Discord requires of an embed's link: an IP address, or a domain name with a
    top-level domain (`localhost`, `paperserver:8000` and `my_lab.org` make Discord refuse the whole card)."""
    try:
        parts = urlsplit(url)
        host, _ = parts.hostname, parts.port  # a port that is no port raises ValueError
    except ValueError:
        return False
    if not host:
        return False
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        labels = host.removesuffix(".").split(".")
        return len(labels) >= 2 and not labels[-1].isdigit() and all(map(_HOST_LABEL.fullmatch, labels))
