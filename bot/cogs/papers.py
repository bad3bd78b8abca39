"""/paper search, /paper random, /paper show, /paper today."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.embeds import NOTE_BUDGET, RETIRED, paper_embed
from bot.errors import PaperNotFoundError, UserFacingError
from bot.limits import as_typed, one_line, visible
from bot.today import channel_paper, daily_channels, day_heading, recorded_today
from bot.tree import fill_thinking, think_in_public
from bot.views import (
    PAGE_SIZE,
    SearchPaginator,
    find_venue,
    paper_card_view,
    random_heading,
    random_paper,
    search_within,
)
from storage._search_text import query_words
from storage.models import Paper
from storage.papers import looked_for, pasted_id
from storage.search import Suggestion, Venue, arxiv_key, papers_with_link, plain_title, written_as_link

if TYPE_CHECKING:
    from bot.client import PaperBot

# A query longer than this is cut (at a word) before searching: nobody types more, and ranking
# 6,000 characters of terms would only cost time.
MAX_QUERY_CHARS = 300
# Autocomplete value prefix marking "the user picked this suggestion": open the paper directly.
PICKED = "id:"
# What an empty field offers, before today's paper of the day's title.
PAPER_OF_THE_DAY_LABEL = "Paper of the day: "
# A pasted link that leads to no paper: its words ("https", "openreview", "forum", the page's id) only match
# papers that have nothing to do with it.
NO_SUCH_LINK = ("That link is not the page, PDF or code of a paper I have. "
                "Search for its title or a few of its words with `/paper search` instead.")
# Per-user cooldowns: (uses, per seconds).
SEARCH_COOLDOWN = (5, 30.0)
RANDOM_COOLDOWN = (5, 30.0)
SHOW_COOLDOWN = (5, 30.0)  # each use is a card in the channel
# Characters of a venue's name after a title in an autocomplete choice that would read as another's (real ones are
# under 30; a misread column's is cut).
_VENUE_IN_CHOICE = 40
# The other papers of a title or link whose id and venue a card's note may name: more than NOTE_BUDGET's characters
# hold (a shared repository can be the code link of hundreds of papers; the note counts them all).
_NAMESAKES_READ = 25


def _per_user(interaction: discord.Interaction) -> int:
    return interaction.user.id


def clean_query(query: str) -> tuple[str, bool]:
    """The query to search for (invisible characters dropped, whitespace collapsed, cut at MAX_QUERY_CHARS) and
    whether it was cut."""
    collapsed = " ".join(visible(query).split())
    if len(collapsed) <= MAX_QUERY_CHARS:
        return collapsed, False
    cut = collapsed[:MAX_QUERY_CHARS]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut), True


@app_commands.guild_only()
class Papers(commands.GroupCog, group_name="paper", group_description="Find and read research papers"):
    """The /paper commands for reading papers."""

    def __init__(self, bot: PaperBot) -> None:
        self.bot = bot
        super().__init__()

    # --- search -------------------------------------------------------------------------------

    @app_commands.command(name="search", description="Search papers by title, topic, method, author or any words")
    @app_commands.describe(query="What to look for; pick a suggestion to open that paper directly",
                           venue="Only papers from this venue (e.g. 'AISTATS 2025')")
    @app_commands.checks.cooldown(*SEARCH_COOLDOWN, key=_per_user)
    async def search(self, interaction: discord.Interaction, query: str,
                     venue: app_commands.Range[str, 1, 100] | None = None) -> None:
        """Open a picked suggestion (or a pasted id or link), or list ranked results five per page (within
        `venue` when given)."""
        within = find_venue(self.bot, venue) if venue else None  # an unknown one: before anything else
        paper = await self._pasted_paper(query)
        if paper is None and _footer_pasted(query):  # a card's footer: no words to search, maybe a retired paper
            paper = await self._retired_paper(query)
        if paper is not None:  # an id names one paper: searching its letters as words finds nothing
            await self._send_card(interaction, paper)
            return
        if written_as_link(query):
            linked, others = await self._link_holders(query)  # the index holds one current paper's links only
            if linked is None:
                raise UserFacingError(NO_SUCH_LINK)
            await self._send_card(interaction, linked, note=await self._namesakes_note(others, shared="link"))
            return
        text, shortened = clean_query(query)
        if not query_words(text):  # as the search reads it: "ⓜⓞⓓⓔⓛ" (circled letters) is "model", "?!…" nothing
            raise UserFacingError("Type a few words to search for: a title, a topic or a method name.")
        await think_in_public(interaction)  # searching may queue behind others: ack first
        await self._show_results(interaction, text, shortened=shortened, venue=within)

    async def _show_results(self, interaction: discord.Interaction, text: str, *, shortened: bool,
                            venue: Venue | None = None) -> None:
        """Fill the deferred reply: the first page of results, or "no papers match"."""
        results = await search_within(self.bot, text, venue, limit=PAGE_SIZE)
        notes = [f"(Your query was shortened to its first {len(text)} characters.)"] if shortened else []
        retired = await self._retired_paper(text) if not results.hits and venue is None else None
        if retired is not None:  # its id or card's footer, pasted: its card, as /paper show gives it
            await fill_thinking(interaction, embed=paper_embed(retired), view=paper_card_view(retired.id))
            return
        if not results.hits:
            notes.append(_no_results(text, results.suggestions, venue))
            await fill_thinking(interaction, content="\n".join(notes))
            return
        view = SearchPaginator(self.bot, owner_id=interaction.user.id, query=text, hits=results.hits,
                               total=results.total, by_meaning=results.by_meaning, venue=venue,
                               matched=results.matched, person=results.person)
        view.last_interaction = interaction
        if results.suggestions:
            notes.append(f"Did you mean {_ideas(results.suggestions)}?")
        await fill_thinking(interaction, content="\n".join(notes) or None, embed=view.embed(), view=view)

    @search.autocomplete("query")
    async def search_suggestions(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        """Papers matching what has been typed so far (from the venue chosen, if one is); picking one opens it."""
        venue = getattr(interaction.namespace, "venue", None)  # the option filled before this one, if it was
        return await self._suggest(current, prefix=PICKED, channels=daily_channels(interaction),
                                   venue=venue if isinstance(venue, str) else None)

    @search.autocomplete("venue")
    async def search_venues(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The venues of the current corpus, most papers first, those whose name holds what was typed."""
        return venue_choices(self.bot, current)

    # --- random -------------------------------------------------------------------------------

    @app_commands.command(name="random", description="A random paper, optionally about a topic")
    @app_commands.describe(topic="Only papers about this (e.g. 'diffusion', 'graph neural networks')",
                           venue="Only papers from this venue (e.g. 'AISTATS 2025')")
    @app_commands.checks.cooldown(*RANDOM_COOLDOWN, key=_per_user)
    async def random(self, interaction: discord.Interaction,
                     topic: app_commands.Range[str, 1, 100] | None = None,
                     venue: app_commands.Range[str, 1, 100] | None = None) -> None:
        """Post a random paper card with "Another random" (same topic and venue) and "Similar papers" buttons."""
        topic = one_line(topic, 100) if topic else None
        within = find_venue(self.bot, venue) if venue else None
        paper = await random_paper(self.bot, topic, venue=within)
        await interaction.response.send_message(
            embed=paper_embed(paper, heading=random_heading(topic, within)),
            view=paper_card_view(paper.id, random_button=True, topic=topic, venue=within))

    @random.autocomplete("venue")
    async def random_venues(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The venues of the current corpus, most papers first, those whose name holds what was typed."""
        return venue_choices(self.bot, current)

    # --- show ---------------------------------------------------------------------------------

    @app_commands.command(name="show", description="Show one paper by its title, id or link")
    @app_commands.describe(paper="Start typing its title and pick it, or paste its id (under every card) or a link")
    @app_commands.checks.cooldown(*SHOW_COOLDOWN, key=_per_user)
    async def show(self, interaction: discord.Interaction, paper: str) -> None:
        """Post the card of one paper (by id, or by its exact title when no suggestion was picked)."""
        # Only what is shaped like an id is looked up by id (ids are lowercase base32): a title typed
        # here costs no database read before the title lookup.
        paper_id = pasted_id(paper) or self.bot.search_engine.by_url(paper)
        found = await self.bot.papers.by_id(paper_id) if paper_id else None
        namesakes: list[str] = []
        shared = "title"
        if found is None:
            found, namesakes = await self._titled(paper)
        if found is None and (written_as_link(paper) or arxiv_key(paper)):
            # The index holds one current paper's links only: a retired paper's, or one several papers share.
            (found, namesakes), shared = await self._link_holders(paper), "link"
            if found is None and written_as_link(paper):
                raise PaperNotFoundError(NO_SUCH_LINK)
        if found is None:
            raise PaperNotFoundError(f"There is no paper {looked_for(paper)} “{as_typed(paper, 60) or '(empty)'}”. "
                                     "Start typing a title and pick a suggestion, or use `/paper search`.")
        await self._send_card(interaction, found, note=await self._namesakes_note(namesakes, shared=shared))

    @show.autocomplete("paper")
    async def show_suggestions(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        """Papers matching what has been typed so far (by title or id)."""
        return await self._suggest(current, prefix="", channels=daily_channels(interaction))

    # --- today --------------------------------------------------------------------------------

    @app_commands.command(name="today", description="Today's paper of the day (this channel's, if it has a daily post)")
    async def today(self, interaction: discord.Interaction) -> None:
        """Post the paper of the day: in a channel with a daily post, the card it got today (once sent: a topic
        changed since changes the cards to come), or the pick of its local date and topic it gets; elsewhere
        the pick of the UTC date."""
        # Ack first: the day's first ask records the pick, a write that may wait (up to the busy timeout)
        # while another process, such as a large `paperbot ingest`, holds the database's write lock.
        await think_in_public(interaction)
        day, topic, paper, note = await channel_paper(self.bot, daily_channels(interaction))
        if paper is None:
            raise UserFacingError("There are no papers to choose from yet.")
        await fill_thinking(interaction, embed=paper_embed(paper, heading=day_heading(day, topic), note=note),
                            view=paper_card_view(paper.id))

    # --- helpers ------------------------------------------------------------------------------

    async def _send_card(self, interaction: discord.Interaction, paper: Paper, *, note: str | None = None) -> None:
        await interaction.response.send_message(embed=paper_embed(paper, note=note), view=paper_card_view(paper.id))

    async def _titled(self, typed: str) -> tuple[Paper | None, list[str]]:
        """The paper whose title is what was typed (case, spacing, punctuation and markup aside; cited with its
        venue, that venue's), if any, and the ids of the other papers of that title (one paper in two venues'): a
        current paper, else one no longer in the corpus (a daily card's title pasted after a corpus reload), as
        `paperbot show` finds it (`SearchEngine.titled_or_retired`: one indexed read)."""
        found = await self.bot.search_engine.titled_or_retired(typed)
        return (await self.bot.papers.by_id(found[0]), found[1:]) if found else (None, [])

    async def _namesakes_note(self, namesakes: Sequence[str], *, shared: str = "title") -> str | None:
        """The card's note naming the other papers of its title (or of the link given: a lab's code shared by
        several), with id and venue: shown one card, a reader looking for the other did not learn there was one."""
        if not namesakes:
            return None
        papers = await self.bot.papers.by_ids(namesakes[:_NAMESAKES_READ])
        others = [_namesake(paper) for paper in papers]
        if not others:  # retired by a corpus reload meanwhile
            return None
        # A shared link suggests none, and suggestions are of current papers only.
        suggested = shared != "link" and all(paper.active for paper in papers)
        how = ", or pick it from the suggestions" if suggested else ""
        if len(namesakes) == 1:
            return f"Another paper has this {shared}: {others[0]}. Give its id to /paper show{how}."
        opening = f"{len(namesakes)} other papers have this {shared}: "
        closing = f". Give one's id to /paper show{how}."
        named = _whole_ids(others, len(namesakes) - len(others), NOTE_BUDGET - len(opening + closing))
        return opening + named + closing

    async def _pasted_paper(self, typed: str) -> Paper | None:
        """The paper of a picked suggestion, or the current paper whose id (or card's footer) or link (its
        page, as the card's title links to it, its PDF or code) was pasted.

        Any one word is shaped like an id, and a search acknowledges only after this: the database is
        read for a picked suggestion or an id or link the search index holds, never for every word typed.
        """
        engine = self.bot.search_engine
        paper_id = engine.by_url(typed)  # its words ("https", "openreview", "forum") would find other papers
        if paper_id is None:
            paper_id = pasted_id(typed)
            if paper_id is None or not (typed.startswith(PICKED) or engine.holds(paper_id)):
                return None
        return await self.bot.papers.by_id(paper_id)

    async def _retired_paper(self, typed: str) -> Paper | None:
        """The paper no longer in the corpus whose id (or card's footer) or link a search or /paper show that found
        nothing was: a read of the database only then, for what is shaped like an id or written as a link."""
        paper_id = pasted_id(typed)
        if paper_id is None and (written_as_link(typed) or arxiv_key(typed)):
            return (await self._link_holders(typed))[0]
        return await self.bot.papers.by_id(paper_id) if paper_id else None

    async def _link_holders(self, typed: str) -> tuple[Paper | None, list[str]]:
        """The paper (current ones first) that `typed`, a link or an arXiv identifier, is a link of, read in the
        database, and the ids of the others that have it too."""
        holders = [paper_id for paper_id, _ in await papers_with_link(self.bot.db, typed)]
        return (await self.bot.papers.by_id(holders[0]), holders[1:]) if holders else (None, [])

    async def _suggest(self, current: str, *, prefix: str, channels: tuple[int, ...],
                       venue: str | None = None) -> list[app_commands.Choice[str]]:
        # Back in a field that holds a picked paper, or an id pasted: offer that paper.
        paper = await self._pasted_paper(current)
        if paper is not None:
            return [app_commands.Choice(name=one_line(plain_title(paper.title), limits.CHOICE_NAME) or paper.id,
                                        value=prefix + paper.id)]
        text, _ = clean_query(current)
        if not text:
            return await self._paper_of_the_day_choice(prefix, channels)
        if written_as_link(current):  # a link of no paper here: its words match unrelated ones
            return []
        if current[-1].isspace():
            text += " "  # the last word is finished: search reads it whole, not as the start of longer ones
        suggestions = await self.bot.search_engine.autocomplete(text, limit=limits.AUTOCOMPLETE_CHOICES, venue=venue)
        kept = [s for s in suggestions[: limits.AUTOCOMPLETE_CHOICES] if len(prefix + s.id) <= limits.CHOICE_VALUE]
        return [app_commands.Choice(name=name, value=prefix + paper_id)
                for paper_id, name in await self._named_apart(kept)]

    async def _named_apart(self, suggestions: Sequence[Suggestion]) -> list[tuple[str, str]]:
        """(id, choice name) of each suggestion: its title on one line, and where two would read the same (one paper
        in two venues' corpora, titles alike up to the cut at 100 characters) the venue after it, or the id where
        that is the same too. Discord shows the names alone: two alike were a coin toss. Papers are read only then."""
        labels = {s.id: s.label for s in suggestions}
        names = {paper_id: one_line(label, limits.CHOICE_NAME) or paper_id for paper_id, label in labels.items()}
        alike = _alike(names)
        if not alike:
            return list(names.items())
        papers = await self.bot.papers.by_ids(alike)
        venues = {paper.id: one_line(paper.venue or "", _VENUE_IN_CHOICE) for paper in papers}
        for paper_id in alike:
            names[paper_id] = _with_tail(labels[paper_id], venues.get(paper_id) or paper_id)
        for paper_id in _alike(names):  # of one venue too: the id tells them apart
            names[paper_id] = _with_tail(labels[paper_id], paper_id)
        return list(names.items())

    async def _paper_of_the_day_choice(self, prefix: str, channels: tuple[int, ...]) -> list[app_commands.Choice[str]]:
        """Nothing typed yet: today's paper of the day in this channel (see `/paper today`), when one is
        recorded (and still in the corpus).

        Read on `bot.db`: a suggestion never records the day's pick, a write that could wait on another
        process's lock past autocomplete's 3 s. Until the day's pick is recorded (`/paper today`, a daily
        post), nothing is offered.
        """
        paper = await recorded_today(self.bot, channels)  # the card it got, whatever its topic is now
        if paper is None or len(prefix + paper.id) > limits.CHOICE_VALUE:
            return []
        label = one_line(f"{PAPER_OF_THE_DAY_LABEL}{plain_title(paper.title)}", limits.CHOICE_NAME)
        return [app_commands.Choice(name=label, value=prefix + paper.id)]


def _alike(names: dict[str, str]) -> list[str]:
    """The ids whose choice name another id's name is too."""
    counts = Counter(names.values())
    return [paper_id for paper_id, name in names.items() if counts[name] > 1]


def _with_tail(label: str, tail: str) -> str:
    """A choice's name: `label` on one line, cut to leave room for " · tail" after it."""
    tail = f" · {tail}"
    return one_line(label, limits.CHOICE_NAME - len(tail)) + tail


def _namesake(paper: Paper) -> str:
    """Another paper of a title or link, as a card's note names it: its id, with its venue and, when it is no longer in
    the current corpus, that (as its own card's footer says): a reader would look for it in search, which has only
    the current papers."""
    about = [one_line(paper.venue, 60)] if paper.venue else []
    if not paper.active:
        about.append(RETIRED)
    return f"{paper.id} ({', '.join(about)})" if about else paper.id


def _whole_ids(others: Sequence[str], unread: int, budget: int) -> str:
    """`others` (an id and its venue each) as many as fit whole in `budget` characters, "… (+N more)" after them for
    the rest and the `unread` ones: the card cuts its note at NOTE_BUDGET, and half an id opens no paper."""
    def more(left_out: int) -> str:
        return f" … (+{left_out} more)" if left_out else ""

    room = budget - len(more(unread))  # whole_items reserves room for "more" only for what it leaves out of `others`
    shown = limits.whole_items(others, room, separator=", ", more=lambda rest: more(rest + unread))
    return ", ".join(others[:shown]) + more(len(others) - shown + unread)


def _footer_pasted(typed: str) -> bool:
    """Whether what was typed is a card's footer ("id 2j4bd5wqfl", "id … · paper of the day 2026-11-30"), not words."""
    stripped = typed.strip().lower()
    return pasted_id(typed) is not None and (stripped.startswith(("id ", "id:")) or "·" in stripped)


def venue_choices(bot: PaperBot, typed: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for a venue option: "AISTATS 2025 · 575 papers", most papers first, filtered by what was
    typed (case and spacing aside); the value is the name, or the venue's key when the name is too long for one."""
    choices = []
    for venue in bot.search_engine.venues(typed)[: limits.AUTOCOMPLETE_CHOICES]:
        count = f" · {venue.papers:,} paper{'' if venue.papers == 1 else 's'}"
        name = one_line(venue.name, limits.CHOICE_NAME - len(count)) + count
        value = venue.name if len(venue.name) <= limits.CHOICE_VALUE else venue.key
        choices.append(app_commands.Choice(name=name, value=value))
    return choices


def _no_results(query: str, suggestions: list[str], venue: Venue | None = None) -> str:
    """The friendly "nothing found" reply, with "did you mean" when search has ideas."""
    shown = as_typed(query, 100)
    where = f" from {as_typed(venue.name, 80)}" if venue else ""
    message = f"No papers{where} match “{shown}”."
    if suggestions:
        message += f" Did you mean {_ideas(suggestions)}?"
    else:
        message += " Try fewer or different words, or `/paper random` for a surprise."
    return message


def _ideas(suggestions: list[str]) -> str:
    """"**a**, **b**" from the search engine's "did you mean" suggestions."""
    return ", ".join(f"**{as_typed(s, 60)}**" for s in suggestions[:5])


async def setup(bot: PaperBot) -> None:
    """Add the papers cog (discord.py extension entry point)."""
    await bot.add_cog(Papers(bot))
