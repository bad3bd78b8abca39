"""Components: the search paginator, the paper picker, and the card's persistent buttons.

The card buttons are `DynamicItem`s whose custom_id carries the paper id, so they keep working
after a restart without storing anything: discord.py rebuilds them from the custom_id.

The two lists (search results, similar papers) live in the bot's memory. Their components carry
`paper:list:<boot>-<n>:<part>`, and `StaleListItem` answers the clicks on a list this bot no
longer has open (it restarted, or the list expired but could not be disabled): a private note,
and the list's components disabled, instead of Discord's "This interaction failed".
"""

from __future__ import annotations

import itertools
import logging
import math
import random
import re
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot import limits
from bot.embeds import ResultLine, paper_embed, results_embed
from bot.errors import DISCORD_REFUSED, PaperNotFoundError, UserFacingError
from bot.limits import as_typed, one_line
from bot.tree import ButtonOnCooldownError, report_error, send_ephemeral
from storage.models import Paper
from storage.search import SearchResults, UnknownVenueError, Venue, closest_venues, plain_title

if TYPE_CHECKING:
    from bot.client import PaperBot

log = logging.getLogger(__name__)

PAGE_SIZE = 5
PAGINATOR_TIMEOUT = 180.0  # seconds of inactivity before the ◀ ▶ buttons are disabled
PICKER_TIMEOUT = 300.0
# Pages of one result list searched at once: the page last asked for is searched at once, unless two are already
# being searched (see SearchPaginator._show_page).
LIST_SEARCHES = 2
# Each card button's per-user budget, (uses, per seconds), as /paper random and /paper search have theirs
# (bot.cogs.papers): "Another random" is /paper random again, privately, and would otherwise give an autoclicker
# what the command's cooldown refuses; "Similar papers" ranks the corpus at every click.
BUTTON_COOLDOWN = (5, 30.0)
# A result list's ◀ ▶: one budget per member for both, whichever list they page. Every press searches the page it
# asks for, and a page past the 40th ranks the whole match (~0.1 s of CPU at 100,000 papers, against ~5 ms for the
# first pages), so an autoclicker on ▶ kept both of the bot's search slots busy for as long as it ran. Roomier than
# BUTTON_COOLDOWN: a reader skimming titles turns a page every second or two.
PAGE_COOLDOWN = (10, 15.0)
# The lists' menus (a result list's "Open", which posts the card in the channel, and the similar papers' picker)
# share one budget of BUTTON_COOLDOWN per member, whichever list they are on: a list is five papers, opened one by one.
_OPEN_FROM_A_LIST = "open"
_ID = r"[a-z0-9]{1,40}"
# A venue's key (storage.search.Venue.key: folded letters and digits, at most 24) after "~" in a button's custom_id.
_VENUE_KEY = r"[^:~]{1,24}"
_VENUE_MARK = "~"
# Venues an unknown one's reply names.
VENUES_SHOWN = 5
VENUE_IN_MESSAGE = 150  # characters of a venue's name in a reply (real ones are under 120)
_SIMILAR_PREFIX = "paper:similar:"
MAX_TOPIC = 100  # characters of a topic /paper random takes (its option's longest)
_RANDOM_PREFIX = "paper:random:"
_LIST_PREFIX = "paper:list:"
_SIMILAR_HEADING = "Papers similar to “{}”"
# A long title is cut inside the heading's quotes, not with them.
_SIMILAR_TITLE_ROOM = limits.EMBED_TITLE - len(_SIMILAR_HEADING.format(""))


def _bot(interaction: discord.Interaction) -> PaperBot:
    return cast("PaperBot", interaction.client)


async def open_paper(interaction: discord.Interaction, paper_id: str, *, ephemeral: bool,
                     matched: frozenset[str] = frozenset(), person: tuple[str, ...] = ()) -> None:
    """Answer `interaction` with the card of `paper_id`; `matched`, the stems of the search it was picked from (as
    its list bolds them), keeps the authors it matched on the card; `person`, the author the search named, bolds
    that one author.

    The list's own stems, not the query's worked out again: a venue's list reads a half-typed last word within the
    venue ("Berg" is Bergmann there), and the card answers after one read of the database, no search work before it.
    """
    paper = await _bot(interaction).papers.by_id(paper_id)
    if paper is None:
        raise PaperNotFoundError(f"That paper (`{one_line(paper_id, 40)}`) is no longer available.")
    await interaction.response.send_message(embed=paper_embed(paper, matched=matched, person=person),
                                            view=paper_card_view(paper.id),
                                            ephemeral=ephemeral)


class _ButtonBudgets:
    """The card buttons' per-user cooldowns: one bucket per (button, member), kept while it is not full again.

    Kept in the order of their last click, so the budgets full again are at the front: a click drops those
    and stops at the first that is not, instead of looking at every member's budget at every click. Each
    budget is dropped once, so a click costs O(1) (amortised) however many members clicked; what is kept
    is at most the budgets clicked in the last BUTTON_COOLDOWN period (a budget is full again `per` seconds
    after its window opened, at or before its last click).
    """

    def __init__(self, cooldown: tuple[int, float] = BUTTON_COOLDOWN) -> None:
        self._cooldown = cooldown  # one for all the budgets held: the first to be full again is the longest unclicked
        self._buckets: OrderedDict[tuple[str, int], app_commands.Cooldown] = OrderedDict()

    def __len__(self) -> int:
        """How many budgets are held (those that are not full again, and a few more until the next click)."""
        return len(self._buckets)

    def spend(self, button: str, interaction: discord.Interaction, *, what: str = "button") -> None:
        """Count a click on `button`; ButtonOnCooldownError (a private "slow down" note about this `what`) when
        the clicker has none left.

        Timed by the click's own creation time, as discord.py times the commands' cooldowns.
        """
        now = interaction.created_at.timestamp()
        self._forget_full(now)
        key = (button, interaction.user.id)
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = app_commands.Cooldown(*self._cooldown)
        else:
            self._buckets.move_to_end(key)  # the latest click: the last to become full again
        retry_after = bucket.update_rate_limit(now)
        if retry_after is not None:
            raise ButtonOnCooldownError(retry_after, what=what)

    def _forget_full(self, now: float) -> None:
        """Drop the budgets, longest unclicked first, that are whole again (discord.py's command cooldowns
        forget those too), up to the first that is not."""
        while self._buckets:
            key, bucket = next(iter(self._buckets.items()))
            if bucket.get_tokens(now) < bucket.rate:
                return
            del self._buckets[key]


# Per client object, as the open lists below: a restart in the same process (the tests') starts afresh.
_BUDGETS: weakref.WeakKeyDictionary[discord.Client, _ButtonBudgets] = weakref.WeakKeyDictionary()
_PAGE_BUDGETS: weakref.WeakKeyDictionary[discord.Client, _ButtonBudgets] = weakref.WeakKeyDictionary()


def spend_button(button: str, interaction: discord.Interaction, *, what: str = "button") -> None:
    """`_ButtonBudgets.spend` on the budgets of the bot the click came to."""
    _client_budgets(_BUDGETS, interaction, BUTTON_COOLDOWN).spend(button, interaction, what=what)


def spend_page_turn(interaction: discord.Interaction) -> None:
    """Count a press of a result list's ◀ or ▶ (PAGE_COOLDOWN); ButtonOnCooldownError when the member has none left."""
    _client_budgets(_PAGE_BUDGETS, interaction, PAGE_COOLDOWN).spend("page", interaction)


def _client_budgets(table: weakref.WeakKeyDictionary[discord.Client, _ButtonBudgets],
                    interaction: discord.Interaction, cooldown: tuple[int, float]) -> _ButtonBudgets:
    """The budgets in `table` of the bot the click came to, made (of `cooldown`) at its first click."""
    budgets = table.get(interaction.client)
    if budgets is None:
        budgets = table[interaction.client] = _ButtonBudgets(cooldown)
    return budgets


class _ReportingItem:
    """Send every error of a dynamic item's callback to the central error reporter."""

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.handle(interaction)
        except Exception as error:  # the central reporter decides what the user sees
            await report_error(interaction, error)

    async def handle(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class SimilarButton(_ReportingItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=_SIMILAR_PREFIX + rf"(?P<id>{_ID})"):
    """"Similar papers": the five most related papers, privately, with a picker to open one."""

    def __init__(self, paper_id: str) -> None:
        super().__init__(discord.ui.Button(label="Similar papers", emoji="🔎",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=_SIMILAR_PREFIX + paper_id))
        self.paper_id = paper_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SimilarButton:
        """Rebuild the button from its custom_id (also after a restart)."""
        return cls(match["id"])

    async def handle(self, interaction: discord.Interaction) -> None:
        spend_button("similar", interaction)
        bot = _bot(interaction)
        paper = await bot.papers.by_id(self.paper_id)
        if paper is None:
            raise PaperNotFoundError("That paper is no longer available.")
        similar = await bot.search_engine.similar(self.paper_id, limit=PAGE_SIZE)
        if not similar:
            raise UserFacingError("I found no papers similar to this one.")
        embed = results_embed(_SIMILAR_HEADING.format(one_line(paper.title, _SIMILAR_TITLE_ROOM, markdown=True)),
                              [ResultLine(n, p) for n, p in enumerate(similar, start=1)],
                              footer="Pick one below to open it.")
        picker = PaperPicker(similar, client=interaction.client)
        await interaction.response.send_message(embed=embed, view=picker, ephemeral=True)
        picker.source = interaction


class RandomButton(_ReportingItem, discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=_RANDOM_PREFIX + rf"(?P<id>{_ID})(?:{_VENUE_MARK}(?P<venue>{_VENUE_KEY}))?"
                            r"(?::(?P<topic>.+))?"):
    """"Another random": a different random paper (of the same topic and venue, if any), privately.

    custom_id `paper:random:<id>[~<venue key>][:<topic>]`: the venue's short key, not its name, so a long
    name leaves the topic its room (older buttons, without a venue, read as before).
    """

    def __init__(self, paper_id: str, topic: str | None = None, venue_key: str | None = None) -> None:
        venue_key = venue_key if venue_key and re.fullmatch(_VENUE_KEY, venue_key) else None
        venue_part = f"{_VENUE_MARK}{venue_key}" if venue_key else ""
        topic = _fit_topic(paper_id + venue_part, topic)
        custom_id = _RANDOM_PREFIX + paper_id + venue_part + (f":{topic}" if topic else "")
        super().__init__(discord.ui.Button(label="Another random", emoji="🎲",
                                           style=discord.ButtonStyle.secondary, custom_id=custom_id))
        self.paper_id = paper_id
        self.topic = topic
        self.venue_key = venue_key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RandomButton:
        """Rebuild the button from its custom_id (also after a restart)."""
        return cls(match["id"], match["topic"], match["venue"])

    async def handle(self, interaction: discord.Interaction) -> None:
        spend_button("random", interaction)
        bot = _bot(interaction)
        venue = await _kept_venue(bot, self.venue_key, self.paper_id) if self.venue_key else None
        topic = whole_topic(interaction.message, self.topic)
        paper = await random_paper(bot, topic, venue=venue, exclude=self.paper_id)
        await interaction.response.send_message(
            embed=paper_embed(paper, heading=random_heading(topic, venue)),
            view=paper_card_view(paper.id, random_button=True, topic=topic, venue=venue), ephemeral=True)


# The topic a random card's heading names (random_heading), up to its closing quote.
_HEADING_TOPIC = re.compile(r" about “(?P<topic>.+)”$")


def whole_topic(card: discord.Message | None, topic: str | None) -> str | None:
    """The topic of "Another random": the one the card's heading names when the button's custom_id holds it cut (a
    topic of more than ~70 characters is cut at a word to fit Discord's 100 beside the paper id, `_fit_topic`), else
    `topic`. The cut one, a word or two shorter, matched papers the topic typed did not: another random paper "about"
    it was about something else, under a heading naming the cut topic."""
    if not topic or card is None or not card.embeds:
        return topic
    named = _HEADING_TOPIC.search(card.embeds[0].author.name or "")
    whole = named["topic"] if named else None
    if whole is None or whole == topic or not whole.startswith(topic) or len(whole) > MAX_TOPIC:
        return topic  # a heading cut at Discord's 256 characters ends in "…", not in the closing quote
    return whole


async def _kept_venue(bot: PaperBot, venue_key: str, paper_id: str) -> Venue:
    """The venue "Another random" keeps (by its key, from the card's custom_id). When a corpus change left no paper
    of it, the reply names it as the card's paper does and points to the command: a button has no venue option."""
    venue = bot.search_engine.venue(venue_key)
    if venue is not None:
        return venue
    paper = await bot.papers.by_id(paper_id)
    name = as_typed(paper.venue, VENUE_IN_MESSAGE) if paper and paper.venue else None
    gone = f"There are no papers from {name or 'this card’s venue'} here any more."
    venues = bot.search_engine.venues()
    if not venues:
        raise UserFacingError(f"{gone} Try `/paper random` without a venue.")
    raise UserFacingError(f"{gone} Venues: {_venues_there(venues)}. "
                          "Try `/paper random` with one of them, or without a venue.")


def _fit_topic(button_key: str, topic: str | None) -> str | None:
    """The topic, shortened (at a word) so the button's custom_id stays within Discord's 100 characters beside
    `button_key` (the paper id and venue part)."""
    if not topic or not topic.strip():
        return None
    room = limits.CUSTOM_ID - len(_RANDOM_PREFIX) - len(button_key) - 1
    words = " ".join(topic.split())
    if len(words) <= room:
        return words
    cut = words[: room + 1]  # one more: a space there means the cut falls between two words
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut[:room]).strip() or None


def shown_venue(venue: Venue) -> str:
    """A venue's name in a message: its Markdown shown as typed ("*SEM 2024" is no italics) and a name a
    misread column made long cut at a word, so the reply stays within Discord's 2,000 characters."""
    return as_typed(venue.name, VENUE_IN_MESSAGE)


def random_heading(topic: str | None, venue: Venue | None = None) -> str:
    """The line above a random card."""
    heading = f"A random paper from {venue.name}" if venue else "A random paper"
    return f"{heading} about “{topic}”" if topic else heading


def find_venue(bot: PaperBot, typed: str) -> Venue:
    """The venue of the current corpus that `typed` names (case and spacing aside, or its key); a private
    reply naming a few of those there are when it names none."""
    venue = bot.search_engine.venue(typed)
    if venue is None:
        raise unknown_venue(UnknownVenueError(typed, bot.search_engine.venues()))
    return venue


def unknown_venue(error: UnknownVenueError) -> UserFacingError:
    """What a venue the current corpus does not have gets: the venues there are, most papers first; of more than
    VENUES_SHOWN, the ones it most likely meant first ("icml 2019": ICML 2018, ICML 2017, … of 40 venues)."""
    shown = as_typed(error.typed, 60) or "(empty)"
    if not error.venues:
        return UserFacingError(f"There is no venue “{shown}”: the papers here name no venue. "
                               "Leave the venue out.")
    venues = error.venues
    if len(venues) > VENUES_SHOWN:
        venues = closest_venues(error.typed, venues, len(venues))
    return UserFacingError(f"There is no venue “{shown}” here. Venues: {_venues_there(venues)}. "
                           "Pick one of the option's suggestions.")


def _venues_there(venues: Sequence[Venue]) -> str:
    """The first VENUES_SHOWN venues, most papers first, with their counts: "**ICML 2018** (582), … and 3 more"."""
    there = ", ".join(f"**{as_typed(v.name, 60)}** ({v.papers:,})"
                      for v in venues[:VENUES_SHOWN])
    more = f" and {len(venues) - VENUES_SHOWN:,} more" if len(venues) > VENUES_SHOWN else ""
    return there + more


async def random_paper(bot: PaperBot, topic: str | None, *, venue: Venue | None = None,
                       exclude: str | None = None) -> Paper:
    """A random active paper (matching `topic`, of `venue`, when given), avoiding `exclude` when possible."""
    candidates = None
    engine = bot.search_engine
    try:
        if topic:
            candidates = await engine.matching_ids(topic, venue=venue.key if venue else None)
        elif venue is not None:
            candidates = engine.venue_ids(venue.key)
    except UnknownVenueError as error:  # the corpus was reloaded without it since the venue was found
        raise unknown_venue(error) from None
    where = f" from {shown_venue(venue)}" if venue else ""
    if topic:
        shown = as_typed(topic, 100)  # their words, not formatting
        if not candidates:
            raise UserFacingError(f"No papers{where} match the topic “{shown}”. "
                                  + ("Try a broader word, or leave out the venue." if venue else
                                     "Try a broader word, or `/paper random` without a topic."))
        if exclude is not None and list(candidates) == [exclude]:  # "another" would be the same card again
            raise UserFacingError(f"This is the only paper{where} about “{shown}”. "
                                  "Try a broader topic, or `/paper random` without one.")
    elif venue is not None and exclude is not None and list(candidates or ()) == [exclude]:
        raise UserFacingError(f"This is the only paper from {shown_venue(venue)}. Try another venue, or leave it out.")
    paper = await bot.papers.random(random.Random(), among=candidates, exclude=exclude)
    if paper is None:
        raise UserFacingError("There are no papers to choose from yet.")
    return paper


def paper_card_view(paper_id: str, *, random_button: bool = False, topic: str | None = None,
                    venue: Venue | None = None) -> discord.ui.View:
    """The card's buttons: "Similar papers" and, for random cards, "Another random" (same topic and venue).

    Both are dynamic items keyed by the paper id, so they work on old messages and after
    restarts; the view itself is never stored (it holds nothing but dynamic items).
    """
    view = discord.ui.View(timeout=None)
    view.add_item(SimilarButton(paper_id))
    if random_button:
        view.add_item(RandomButton(paper_id, topic, venue.key if venue else None))
    return view


def _select_options(papers: Sequence[Paper], first_number: int) -> list[discord.SelectOption]:
    """One option per paper: "3. Title" with the venue (or id) underneath."""
    options = []
    for number, paper in enumerate(papers, start=first_number):
        options.append(discord.SelectOption(
            label=one_line(f"{number}. {plain_title(paper.title)}", limits.SELECT_OPTION_LABEL),
            value=paper.id,
            description=one_line(paper.venue or f"id {paper.id}", limits.SELECT_OPTION_DESCRIPTION)))
    return options[: limits.SELECT_OPTIONS]


def _disable_items(view: discord.ui.View | discord.ui.LayoutView) -> None:
    for child in view.walk_children():
        item = child.item if isinstance(child, discord.ui.DynamicItem) else child  # the clicked one, rebuilt
        if isinstance(item, discord.ui.Button | discord.ui.Select):
            item.disabled = True


async def _disable(view: discord.ui.View, source: discord.Interaction | None) -> None:
    """Show `view` disabled on the message that `source` answered with (an expired list)."""
    _disable_items(view)
    if source is not None:
        try:
            await source.edit_original_response(view=view)
        except DISCORD_REFUSED:
            log.debug("could not disable an expired list", exc_info=True)


# --- lists in memory, and the clicks they no longer answer ---------------------------------------

class _OpenLists:
    """The lists one bot instance has open, by the list id their components' custom_ids carry."""

    def __init__(self) -> None:
        # New at every start: a list id from another boot is a list from before a restart.
        self.boot = secrets.token_hex(4)
        self._serial = itertools.count(1)
        # Weak: a list that stopped listening is collected soon after, its entry with it.
        self._views: weakref.WeakValueDictionary[str, discord.ui.View] = weakref.WeakValueDictionary()

    def add(self, view: discord.ui.View) -> str:
        """Keep `view` as open and return its list id (unique within this boot)."""
        list_id = f"{self.boot}-{next(self._serial):x}"
        self._views[list_id] = view
        return list_id

    def is_open(self, list_id: str) -> bool:
        """Whether a live view still answers the components of `list_id`."""
        view = self._views.get(list_id)
        return view is not None and not view.is_finished()


# One registry per client object, not per process: a restart in the same process (the tests')
# is a new client that has none of the old one's lists open.
_OPEN_LISTS: weakref.WeakKeyDictionary[discord.Client, _OpenLists] = weakref.WeakKeyDictionary()


def _open_lists(client: discord.Client) -> _OpenLists:
    lists = _OPEN_LISTS.get(client)
    if lists is None:
        lists = _OPEN_LISTS[client] = _OpenLists()
    return lists


class _ListView(discord.ui.View):
    """A list held in memory whose components `StaleListItem` recognises once the list is gone."""

    def _track(self, client: discord.Client,
               parts: dict[str, discord.ui.Button[Any] | discord.ui.Select[Any]]) -> None:
        """Register this list as open and name its components `paper:list:<list id>:<part>`."""
        list_id = _open_lists(client).add(self)
        for part, item in parts.items():
            item.custom_id = f"{_LIST_PREFIX}{list_id}:{part}"

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Leave a click that raced this list's timeout to `StaleListItem`.

        Both run their checks in consecutive steps of the same loop turn (see `StaleListItem`),
        so they agree on `is_finished()` and exactly one of them answers.
        """
        return not self.is_finished()


_STALE_PARTS = ("prev", "next", "open", "pick")


class StaleListItem(_ReportingItem, discord.ui.DynamicItem[discord.ui.Item[Any]],
                    template=_LIST_PREFIX + r"(?P<list>(?P<boot>[0-9a-f]{8})-[0-9a-f]{1,16})"
                             r":(?P<part>" + "|".join(_STALE_PARTS) + ")"):
    """A click on a list this bot no longer has open: a private note, and the list disabled.

    discord.py (2.7, `ViewStore.dispatch_view`) offers every component click to the matching
    dynamic items *and* to the live view holding that custom_id; dynamic items are not a fallback.
    Both are scheduled as tasks in that order, so this item checks first and stands aside while
    the list is open (`interaction_check`), leaving the click to the list's own view.
    """

    def __init__(self, item: discord.ui.Item[Any], *, list_id: str, boot: str, part: str) -> None:
        super().__init__(item)
        self.list_id = list_id
        self.boot = boot
        self.part = part

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> StaleListItem:
        """Wrap the clicked button or menu, as found on the message."""
        return cls(item, list_id=match["list"], boot=match["boot"], part=match["part"])

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Only clicks no live list answers (no await before this check: see the class doc)."""
        return not _open_lists(interaction.client).is_open(self.list_id)

    async def handle(self, interaction: discord.Interaction) -> None:
        restarted = self.boot != _open_lists(interaction.client).boot
        if self.view is not None:  # discord.py's copy of the clicked message's components
            _disable_items(self.view)
            self.view.stop()  # it listens to nothing: keeps edit_message from storing it
            try:
                await interaction.response.edit_message(view=self.view)
            except DISCORD_REFUSED:
                log.debug("could not disable a stale list", exc_info=True)
        await send_ephemeral(interaction, stale_list_note(self.part, restarted=restarted))


def stale_list_note(part: str, *, restarted: bool) -> str:
    """What a click on a list that is no longer open gets (privately)."""
    why = "is from before the bot restarted" if restarted else "has expired"
    if part == "pick":
        return f"This list {why} — click **Similar papers** on the card again."
    return f"This result list {why} — run `/paper search` again."


class PaperPicker(_ListView):
    """A select menu that opens one of a list of papers (used for similar papers)."""

    def __init__(self, papers: Sequence[Paper], *, client: discord.Client,
                 timeout: float = PICKER_TIMEOUT) -> None:
        super().__init__(timeout=timeout)
        cast("discord.ui.Select[Any]", self.pick).options = _select_options(papers, 1)
        self._track(client, {"pick": self.pick})
        # The interaction whose original response is this list: what disables it when it expires.
        self.source: discord.Interaction | None = None

    @discord.ui.select(placeholder="Open one of these papers…")
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[PaperPicker]) -> None:
        """Open the chosen paper (privately, like the list itself)."""
        spend_button(_OPEN_FROM_A_LIST, interaction, what="menu")
        await open_paper(interaction, select.values[0], ephemeral=True)

    async def on_timeout(self) -> None:
        """Disable the menu: after this it would only answer "This interaction failed"."""
        await _disable(self, self.source)

    async def on_error(self, interaction: discord.Interaction, error: Exception,
                       item: discord.ui.Item[Any], /) -> None:
        """Errors go to the central reporter."""
        await report_error(interaction, error)


class SearchPaginator(_ListView):
    """Ranked search results, five per page: ◀ ▶ to page, a select to open one; invoker only."""

    def __init__(self, bot: PaperBot, *, owner_id: int, query: str, hits: Sequence[Any], total: int,
                 by_meaning: bool = False, venue: Venue | None = None, matched: frozenset[str] = frozenset(),
                 person: tuple[str, ...] = (),
                 timeout: float = PAGINATOR_TIMEOUT) -> None:
        super().__init__(timeout=timeout)
        self.bot = bot
        self.owner_id = owner_id
        self.query = query
        self.venue = venue  # every page searches within it, and the heading names it
        self.total = total
        # Every page is ranked as the first one was: by words only if it was (its candidates' vectors
        # still being stored), or the order would change between pages and move papers across them.
        self.by_meaning = by_meaning
        self.page = 0
        # The page the latest click asked for: a click while another's search runs pages on from there
        # (▶ pressed twice before the first page came is two pages, not the same page twice).
        self.wanted = 0
        # The pages being searched for this list (at most LIST_SEARCHES: see _show_page).
        self._searching: set[int] = set()
        self.hits = list(hits)
        self.matched = matched  # the stems the page shown bolds: a card opened from it bolds the same authors
        self.person = person  # the one author the query names, whom the page bolds alone (same on every page)
        # The latest interaction whose original response *is* this list (the search, a page turn):
        # its token (valid 15 minutes from that interaction) is what edits the list when it expires.
        # Not the menu's: that interaction's original response is the card it opened.
        self.last_interaction: discord.Interaction | None = None
        self._sync_components()
        self._track(bot, {"prev": self.previous, "next": self.next, "open": self.open})

    @property
    def pages(self) -> int:
        """How many pages the results fill (at least one)."""
        return max(1, math.ceil(self.total / PAGE_SIZE))

    def embed(self) -> discord.Embed:
        """The current page as an embed."""
        first = self.page * PAGE_SIZE + 1
        lines = [ResultLine(n, hit.paper, hit.snippet) for n, hit in enumerate(self.hits, start=first)]
        noun = "paper matches" if self.total == 1 else "papers match"
        footer = f"Page {self.page + 1}/{self.pages} · {self.total} {noun} · pick one below to open it"
        # Embed titles render markdown: the query is shown as typed (`__init__`, `*args`), not formatted.
        # A long query is cut (at a word) before the venue, which stays in view.
        venue = f" · {as_typed(self.venue.name, 80)}" if self.venue else ""
        query = as_typed(self.query, limits.EMBED_TITLE, room=limits.EMBED_TITLE - len("Search: ") - len(venue))
        return results_embed(f"Search: {query}{venue}", lines, footer=footer)

    def _sync_components(self) -> None:
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page >= self.pages - 1
        papers = [hit.paper for hit in self.hits]
        cast("discord.ui.Select[Any]", self.open).options = _select_options(papers, self.page * PAGE_SIZE + 1)

    async def _show_page(self, interaction: discord.Interaction, page: int) -> None:
        spend_page_turn(interaction)  # before anything moves: a press refused leaves the list as it was
        self.wanted = page
        try:
            await interaction.response.defer()  # acknowledge first: the search may queue behind others
        except Exception:
            self._settle_wanted(page)
            raise
        self.last_interaction = interaction  # deferred on the list: its original response is the list
        # A press made while LIST_SEARCHES pages of this list are being searched (a reader pressing on while a
        # loaded bot searches) only moves the page wanted: the first of those searches to end goes on to it.
        # Each press used to queue a search of its own among everybody's, for pages nobody would see.
        if len(self._searching) >= LIST_SEARCHES:
            return
        while self.wanted != self.page and self.wanted not in self._searching:
            await self._turn_to(interaction, self.wanted)

    async def _turn_to(self, interaction: discord.Interaction, page: int) -> None:
        """Search `page` and show it on the list, unless a press made meanwhile asked for another."""
        self._searching.add(page)
        try:
            results = await search_within(self.bot, self.query, self.venue, limit=PAGE_SIZE,
                                          offset=page * PAGE_SIZE, meaning=self.by_meaning)
        except Exception:
            self._searching.discard(page)
            self._settle_wanted(page)
            raise
        finally:
            self._searching.discard(page)
        if page != self.wanted:  # a later press asked for another page: it is searched, or _show_page goes on to it
            return
        shown = (self.page, self.hits, self.total, self.matched)
        if results.hits:
            self.page, self.hits, self.total = page, list(results.hits), max(results.total, 1)
            self.matched = results.matched
        else:  # the corpus changed under us and the page emptied: stay put, and page on from here
            self._settle_wanted(page)
        self._sync_components()
        try:
            await interaction.edit_original_response(embed=self.embed(), view=self)
        except DISCORD_REFUSED:
            self.page, self.hits, self.total, self.matched = shown  # the message still shows the old page
            self._sync_components()
            self._settle_wanted(page)
            raise

    def _settle_wanted(self, failed: int) -> None:
        """After the page turn to `failed` failed (or found the page empty), the next click pages on from
        the page shown (unless a later click already asked for another, and a search still running goes on to it)."""
        if self.wanted == failed or not self._searching:
            self.wanted = self.page

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Only the person who searched may page or open from this list."""
        if not await super().interaction_check(interaction):
            return False
        if interaction.user.id == self.owner_id:
            return True
        used = "this menu" if _is_select(interaction) else "these buttons"
        await send_ephemeral(interaction, f"Only the person who searched can use {used}. "
                                          "Run `/paper search` to get your own list.")
        return False

    @discord.ui.button(label="◀", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, button: discord.ui.Button[SearchPaginator]) -> None:
        """Go back a page."""
        await self._show_page(interaction, max(0, self.wanted - 1))

    @discord.ui.button(label="▶", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button[SearchPaginator]) -> None:
        """Go forward a page."""
        await self._show_page(interaction, min(self.pages - 1, self.wanted + 1))

    @discord.ui.select(placeholder="Open one of these papers…", row=1)
    async def open(self, interaction: discord.Interaction, select: discord.ui.Select[SearchPaginator]) -> None:
        """Post the chosen paper's card in the channel."""
        spend_button(_OPEN_FROM_A_LIST, interaction, what="menu")
        await open_paper(interaction, select.values[0], ephemeral=False, matched=self.matched, person=self.person)

    async def on_timeout(self) -> None:
        """Disable the buttons and the select so nobody clicks a dead list."""
        await _disable(self, self.last_interaction)

    async def on_error(self, interaction: discord.Interaction, error: Exception,
                       item: discord.ui.Item[Any], /) -> None:
        """Errors go to the central reporter."""
        await report_error(interaction, error)


def _is_select(interaction: discord.Interaction) -> bool:
    """Whether the component used is a select menu (so a refusal names what the member touched)."""
    data = interaction.data
    return data is not None and data.get("component_type") == discord.ComponentType.select.value


async def search_within(bot: PaperBot, query: str, venue: Venue | None, *, limit: int, offset: int = 0,
                        meaning: bool = True) -> SearchResults:
    """`bot.search`, within `venue` when given; a venue the corpus lost since it was found gets the private reply
    naming those there are."""
    try:
        return await bot.search(query, limit=limit, offset=offset, meaning=meaning, venue=venue.key if venue else None)
    except UnknownVenueError as error:
        raise unknown_venue(error) from None
