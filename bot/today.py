"""The paper of the day a channel sees: one rule for `/paper today` and the daily post.

A channel with a subscription has its paper of the day on its own local date and topic (what its
daily card shows that morning in Tokyo, or that evening in Los Angeles); anywhere else it is the
pick of the UTC date, with no topic.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

import discord

from storage.models import Paper
from storage.picks import PickRepository
from storage.subscriptions import ScheduleError, Subscription, SubscriptionRepository, local_day

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


async def channel_day(bot: PaperBot, channel_ids: Sequence[int]) -> tuple[date, str | None]:
    """The date and topic of the paper of the day in a channel: the subscription's local date and topic
    of the first of `channel_ids` that has one (a paused one's too: the channel keeps its zone and
    topic), else the UTC date and no topic.

    Reads on `bot.db`: nothing here writes.
    """
    now = bot.now()
    sub = await _first_subscription(bot, channel_ids)
    if sub is None:
        return now.date(), None
    try:
        return local_day(now, sub.tz), sub.topic
    except ScheduleError:  # a zone this machine's tz database lacks: its posts are held; UTC's paper meanwhile
        return now.date(), None


async def _first_subscription(bot: PaperBot, channel_ids: Sequence[int]) -> Subscription | None:
    subscriptions = SubscriptionRepository(bot.db)
    for channel_id in channel_ids:
        sub = await subscriptions.by_channel(channel_id)
        if sub is not None and sub.status != "ended":
            return sub
    return None


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
        note = f"No paper matches “{topic}” any more, so here is the general paper of the day."
        return await bot.picks.pick_for(day), note
    return await bot.picks.pick_for(day, topic=topic, candidates=candidates), None
