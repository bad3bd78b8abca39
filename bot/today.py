"""The paper of the day a channel sees: one rule for `/paper today` and the daily post.

A channel with a subscription has its paper of the day on its own local date and topic (what its
daily card shows that morning in Tokyo, or that evening in Los Angeles); anywhere else it is the
pick of the UTC date, with no topic. Once a channel's card of its day was sent (or is on its way: an attempt
chose it), that card is its paper of the day, whatever its topic has become since, and after `/paper unsubscribe`
until that local day ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

import discord

from storage.models import Paper
from storage.picks import PickRepository
from storage.subscriptions import Delivery, ScheduleError, Subscription, SubscriptionRepository, local_day

if TYPE_CHECKING:
    from bot.client import PaperBot


def day_heading(day: date, topic: str | None) -> str:
    """'Paper of the day · Monday 30 November 2026' (then ' · <topic>'): the card's heading names its date."""
    heading = f"Paper of the day · {day:%A %-d %B %Y}"
    return heading + (f" · {topic}" if topic else "")


def daily_channels(interaction: discord.Interaction) -> tuple[int, ...]:
    """The channels whose daily post counts where `interaction` happened: its channel, then, in a thread
    or a forum post, the channel it belongs to (a thread under the daily post's channel is that channel's talk)."""
    here = (interaction.channel_id,) if interaction.channel_id is not None else ()
    channel = interaction.channel
    parent = channel.parent_id if isinstance(channel, discord.Thread) else None
    return (*here, parent) if parent is not None else here


async def _channel_card(bot: PaperBot, channel_ids: Sequence[int]) -> tuple[date, str | None, DayCard | None]:
    """The date and topic of the paper of the day in a channel, and the channel's card of that date once it was
    sent or is on its way (_day_card): the subscription's local date and topic of the first of `channel_ids` that
    has one (a paused one's too: the channel keeps its zone and topic), else the UTC date and no topic.

    A channel unsubscribed after its card of the day keeps that card as its paper of the day until its local day
    ends: `/paper today` right after `/paper unsubscribe` showed the UTC date's general pick, another paper than
    the one the members were reading. Reads on `bot.db`: nothing here writes.
    """
    now = bot.now()
    sub = await _first_subscription(bot, channel_ids)
    try:
        day = local_day(now, sub.tz) if sub is not None else now.date()
    except ScheduleError:  # a zone this machine's tz database lacks: its posts are held; UTC's paper meanwhile
        sub, day = None, now.date()
    if sub is None:
        return day, None, None
    card = await _day_card(bot, sub, day)
    if sub.status == "ended" and card is None:
        return now.date(), None, None  # no daily paper here any more
    return day, sub.topic, card


async def _first_subscription(bot: PaperBot, channel_ids: Sequence[int]) -> Subscription | None:
    """The subscription of the first of `channel_ids` with a live one, else of the first with an ended one."""
    subscriptions = SubscriptionRepository(bot.db)
    found = [sub for sub in [await subscriptions.by_channel(channel_id) for channel_id in channel_ids] if sub]
    return next((sub for sub in found if sub.status != "ended"), next(iter(found), None))


async def channel_paper(bot: PaperBot, channel_ids: Sequence[int]) -> tuple[date, str | None, Paper | None,
                                                                            str | None]:
    """What `/paper today` shows in a channel: the day, the topic its heading names, the paper and a note.

    Once the channel's card of its day was sent or is on its way (_card_decided), that card: its paper under its
    heading (the deliveries record both), whatever the topic is now. A moderator who changes the topic (or drops
    it) after the morning's card changes the cards to come; the members reading that card still ask for it.
    Nothing is picked then: the new topic's pick of the day would be recorded as shown (a paper its rotation then
    skips) though no channel got it. Before the card, the day's pick for the channel's date and topic (day_pick).
    """
    day, topic, card = await _channel_card(bot, channel_ids)
    if card is not None:
        return day, card.topic, card.paper, card.note
    paper, note = await day_pick(bot, day, topic)
    return day, topic, paper, note


async def recorded_today(bot: PaperBot, channel_ids: Sequence[int]) -> Paper | None:
    """The channel's paper of its local day as recorded, else None (reads only, on `bot.db`): the paper of its
    card of the day once that card was sent or is on its way, whatever its topic is now, else the day's recorded
    pick for its date and topic. One read of the subscriptions and of the clock, as autocomplete asks it at every
    keystroke."""
    day, topic, card = await _channel_card(bot, channel_ids)
    return card.paper if card is not None else await PickRepository(bot.db).recorded_paper(day, topic=topic)


@dataclass(frozen=True, slots=True)
class DayCard:
    """A channel's daily card of a day: its paper, the topic its heading names and its note."""

    paper: Paper
    topic: str | None
    note: str | None


async def _day_card(bot: PaperBot, sub: Subscription, day: date) -> DayCard | None:
    """`sub`'s card of `day` once it was sent or is on its way (_card_decided), else None (reads only, on `bot.db`;
    a paper a corpus change retired since is still the card the channel got).

    A card whose paper is not its topic's pick of the day was the general paper, with the note that says why
    (day_pick). A card sent before its topic was recorded (migration 0005) names the subscription's topic when
    its paper is that topic's pick, else none."""
    delivery = await SubscriptionRepository(bot.db).delivery(sub.id, day)
    if delivery is None or not delivery.paper_id or not _card_decided(delivery):
        return None
    paper = await bot.papers.by_id(delivery.paper_id)
    if paper is None:
        return None
    topic = (delivery.topic if delivery.topic is not None else sub.topic) or None
    if topic is None or await PickRepository(bot.db).recorded(day, topic=topic) == paper.id:
        return DayCard(paper, topic, None)
    if delivery.topic is None:
        return DayCard(paper, None, None)
    return DayCard(paper, topic, general_paper_note(topic))


def _card_decided(delivery: Delivery) -> bool:
    """Whether the channel's card of the day is the one its delivery records: sent, or on its way (an attempt
    recorded its paper and topic: a retry after a failure posts that card, whatever the topic is now)."""
    return delivery.status == "sent" or (delivery.status == "pending" and delivery.topic is not None)


def general_paper_note(topic: str) -> str:
    """The note on the general paper of the day given for a topic that matches no paper any more."""
    return f"No paper matches “{topic}” any more, so here is the general paper of the day."


async def day_pick(bot: PaperBot, day: date, topic: str | None) -> tuple[Paper | None, str | None]:
    """The pick of `day` (for `topic`, if any), recorded on first use, with a note when the topic matches
    no paper any more (then it is the general pick): the same paper for every channel with that date and topic.

    A pick recorded already and still in the corpus is the answer as it is, read on `bot.db`: `bot.picks`
    writes on `bot.writes`, where a write waiting for another process's lock holds every call queued behind it
    (up to the busy timeout), and matching a topic against the corpus (a pass over the whole index in a worker
    thread) is needed only to make the day's pick, or to find that a pick a corpus change retired has no paper
    of the topic left to replace it."""
    recorded = await PickRepository(bot.db).recorded_paper(day, topic=topic)
    if recorded is not None:
        return recorded, None
    if not topic:
        return await bot.picks.pick_for(day), None
    candidates: Sequence[str] = await bot.search_engine.matching_ids(topic)
    if not candidates:
        return await bot.picks.pick_for(day), general_paper_note(topic)
    return await bot.picks.pick_for(day, topic=topic, candidates=candidates), None
