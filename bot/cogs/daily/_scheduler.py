"""The restart-safe daily-post loop.

Every minute (by the bot's injectable clock) one tick:
1. claims today's delivery for every subscription whose local post time has passed (a row in
   `deliveries`, unique per subscription and local day: that is what makes it "exactly once");
2. hands every pending delivery whose next attempt is due to a small pool of workers.

A worker records the attempt *before* sending. So after a crash, a pending delivery with
attempts > 0 may or may not have reached Discord: the worker then first looks for the day's card
in the channel's recent messages (the card's footer ends with a dated marker)
and records it instead of posting twice. An attempt starts only if the delivery's attempt count is
still the one the worker read (so two bot processes on one database never both send it), and owns
the delivery for ATTEMPT_WINDOW: no tick looks at it again until then. Transient failures (5xx,
429, network) set a later `next_attempt_at` rather than sleeping, so one slow channel never holds
up the others.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.embeds import paper_embed
from bot.errors import DISCORD_REFUSED
from bot.limits import as_typed
from bot.today import day_heading, day_pick
from bot.views import paper_card_view
from storage.db import busy, cannot_write, disk_refused
from storage.models import Paper
from storage.picks import topic_key
from storage.subscriptions import (
    HISTORY_DAYS,
    Delivery,
    PendingDelivery,
    ScheduleError,
    Subscription,
    SubscriptionRepository,
    local_day,
)

if TYPE_CHECKING:
    from bot.client import PaperBot

log = logging.getLogger(__name__)

TICK_SECONDS = 60  # the loop wakes at every minute boundary of the bot's clock
WORKERS = 8  # concurrent sends; Discord's own rate limits queue the rest
PAGE_SIZE = 500  # pending deliveries read per query
FIRST_RETRY_SECONDS = 30
MAX_RETRY_SECONDS = 15 * 60
RECOVERY_SCAN = 50  # messages searched (the latest; as many either side of the claim) for a card already posted
# How long a started attempt owns its delivery: no other tick (of this or another bot process on the
# same database) looks at it meanwhile. Longer than a send can take, rate-limit waits included.
ATTEMPT_WINDOW = timedelta(minutes=5)
# How long a card recorded as sent in an announcement channel is left to the process that sent it to publish
# (it does so right after recording it; a publish Discord rate-limits raises after 30 s at most, see
# max_ratelimit_timeout): only a card still marked after that was left by a crash (_publish_left_over).
PUBLISHING_WINDOW = timedelta(minutes=1)
# A gap in the active subscriptions' claims longer than this (nothing claimed before the tick for twice the history
# kept) puts pruning off for a day: a clock set years ahead would otherwise delete the current days' deliveries
# (_prune_once_a_day). Paused and ended ones claim nothing, whatever the clock says: their silence is no gap.
PRUNE_GAP = timedelta(days=2 * HISTORY_DAYS)
MARKER = "paper of the day"
# Why a day's delivery was given up: never posted late, on a day that is not its own.
DAY_ENDED = "the local day ended before the post got through"

# Why a subscription was paused when its server had removed the bot (a re-invite resumes it).
REMOVED_FROM_SERVER = "I was removed from this server"

# What the bot needs in a channel to post the card (and to check for it after a crash).
REQUIRED_PERMISSIONS = ("view_channel", "send_messages", "embed_links", "read_message_history")

# What publishing a card in an announcement channel may raise: Discord's refusals, or the network's.
PUBLISH_FAILED = (*DISCORD_REFUSED, aiohttp.ClientError, TimeoutError, OSError)

# Discord JSON error codes that mean "this channel is gone" / "you may not post here".
UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013


def permission_label(name: str) -> str:
    """`send_messages` -> `Send Messages`."""
    return name.replace("_", " ").title()


def missing_permissions(channel: Any, member: Any) -> list[str]:
    """The required permissions `member` lacks in `channel`, as readable labels."""
    permissions = channel.permissions_for(member)
    return [permission_label(name) for name in REQUIRED_PERMISSIONS if not getattr(permissions, name)]


def missing_reason(missing: list[str], channel_id: int) -> str:
    """Why a subscription is paused when the bot lacks `missing` in its channel (what the server is told)."""
    return f"I'm missing {', '.join(f'**{m}**' for m in missing)} in <#{channel_id}>"


def can_talk(channel: Any, member: Any) -> bool:
    """Whether `member` may post plain text in `channel` (enough for a notice)."""
    if member is None:
        return False
    permissions = channel.permissions_for(member)
    return bool(permissions.view_channel and permissions.send_messages)


def card_marker(day: date) -> str:
    """The footer text that identifies a daily card for `day` (what crash recovery looks for)."""
    return f"{MARKER} {day.isoformat()}"


def daily_card(paper: Paper, day: date, *, topic: str | None, note: str | None = None) -> discord.Embed:
    """The paper card as posted by a subscription: a heading with the date, the marker in the footer."""
    # The note and the marker go through the card builder, which fits the abstract around them.
    return paper_embed(paper, heading=day_heading(day, topic), note=note, footer_note=card_marker(day))


def card_topic(sub: Subscription, delivery: Delivery) -> str | None:
    """The topic a delivery's card names: the one its earlier attempt recorded with the paper a retry keeps
    (a moderator may have changed the subscription's since: that paper is still the other topic's), else the
    subscription's."""
    if delivery.paper_id and delivery.topic is not None:
        return delivery.topic or None
    return sub.topic


def is_daily_card(message: discord.Message, day: date, bot_user_id: int) -> bool:
    """Whether `message` is this bot's daily card for `day`."""
    if message.author.id != bot_user_id:
        return False
    wanted = card_marker(day)
    return any((embed.footer.text or "").endswith(wanted) for embed in message.embeds)


def _announcement(channel: Any) -> bool:
    """Whether `channel` is an announcement channel, whose posts are published to the servers following it."""
    return isinstance(channel, discord.TextChannel) and channel.is_news()


def _day_over(item: PendingDelivery, now: datetime) -> bool:
    """Whether the local day a post is due on has ended (its own day, but for a post time that a clock
    change pushed past midnight: storage.subscriptions.posts_on)."""
    tz = item.subscription.tz
    return local_day(now, tz) != local_day(item.delivery.due_at, tz)


def _publishing_too_late(item: PendingDelivery, now: datetime) -> bool:
    """Whether the card of a delivery recorded as sent is too late to publish: its local day has ended. In a zone
    this machine cannot load (a held subscription), it is not: publishing posts nothing new in the channel."""
    try:
        return _day_over(item, now)
    except ScheduleError:
        return False


def _log_not_published_late(sub: Subscription, day: date) -> None:
    log.info("daily post for subscription %s: the card of %s was not published to the servers following its "
             "announcement channel: its local day ended first", sub.id, day)


def _still_timed_out(member: Any, now: datetime) -> datetime | None:
    """When `member`'s timeout ends, if it has not ended by `now` (the bot's clock, not the system's)."""
    ends = getattr(member, "timed_out_until", None)
    return ends if ends is not None and ends > now else None


def retry_delay(failing_for: timedelta, retry_after: float | None = None) -> timedelta:
    """Backoff without bookkeeping: wait as long as the delivery has been failing (so the gaps double),
    at least 30 s, at most 15 min, and never sooner than Discord asked."""
    seconds = min(max(failing_for.total_seconds(), FIRST_RETRY_SECONDS), MAX_RETRY_SECONDS)
    return timedelta(seconds=max(seconds, retry_after or 0))


class ChannelGoneError(Exception):
    """The subscription's channel no longer exists."""


class CannotPostError(Exception):
    """Discord will not let the bot post there (Missing Permissions / Missing Access)."""


class NotInServerError(Exception):
    """The bot is no longer in the subscription's server (removed from it, or the server deleted)."""


class TransientError(Exception):
    """A failure worth retrying later."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def _waiting_out(ends: datetime, now: datetime) -> TransientError:
    """A timeout takes Send Messages for a while: the post is retried when it ends, never paused for a
    permission to give back (the reason is kept with the delivery, shown in the history)."""
    return TransientError(f"I'm timed out in this server until {ends.astimezone(UTC):%Y-%m-%d %H:%M} UTC",
                          retry_after=(ends - now).total_seconds())


def classify(error: BaseException) -> Exception:
    """Map what a REST call raised to ChannelGoneError, CannotPostError or TransientError (or return it unchanged)."""
    if isinstance(error, discord.NotFound) and error.code in (UNKNOWN_CHANNEL, UNKNOWN_GUILD):
        return ChannelGoneError(f"the channel no longer exists ({error.code})")
    if isinstance(error, discord.Forbidden):
        return CannotPostError(f"Discord refused: {error.text or 'Missing Permissions'} ({error.code})")
    if isinstance(error, discord.RateLimited):
        return TransientError("rate limited", retry_after=error.retry_after)
    if isinstance(error, discord.HTTPException) and (error.status >= 500 or error.status == 429):
        return TransientError(f"HTTP {error.status}: {error.text or 'server error'}", retry_after=_retry_after(error))
    if isinstance(error, aiohttp.ClientError | TimeoutError | OSError | discord.GatewayNotFound):
        return TransientError(f"network: {type(error).__name__}: {error}")
    return error if isinstance(error, Exception) else RuntimeError(str(error))


def _retry_after(error: discord.HTTPException) -> float | None:
    headers = getattr(error.response, "headers", None) or {}
    value = headers.get("Retry-After")
    try:
        return float(value) if value else None
    except (TypeError, ValueError):
        return None


@dataclass(slots=True)
class TickReport:
    """What one tick did (for logs, tests and the benchmark)."""

    claimed: int = 0
    queued: int = 0
    expired: int = 0
    pruned: int = 0  # old delivery rows deleted (on the first tick of a UTC day)


class DailyScheduler:
    """Claims due deliveries once a minute and posts them with a small worker pool."""

    def __init__(self, bot: PaperBot, repository: SubscriptionRepository, *, workers: int = WORKERS) -> None:
        self.bot = bot
        self.repo = repository
        self.workers = workers
        self._loop_task: asyncio.Task[None] | None = None
        self._worker_tasks: set[asyncio.Task[None]] = set()
        self._queue: deque[PendingDelivery] = deque()
        self._in_flight: set[tuple[int, date]] = set()
        # Queued after their local day ended, only to look for a card an attempt may have posted.
        self._too_late: set[tuple[int, date]] = set()
        self._picks: dict[tuple[date, str], tuple[Paper, str | None]] = {}
        self._pruned_on: date | None = None  # the UTC day whose history pruning is done
        # Publishing the cards a crash left unpublished: a task of its own, so that a tick (new posts due)
        # never waits behind it (see _start_publishing_left_over).
        self.publishing_left_over: asyncio.Task[None] | None = None
        # A tick asked for now (wake), besides the minute's: it and the minute's never run at once.
        self._ticking = asyncio.Lock()
        self._prompt: asyncio.Task[None] | None = None
        self._woken = False
        self.ticks = 0

    # ---- lifecycle

    def start(self) -> None:
        """Start the loop (it waits for the bot to be ready first)."""
        if self._loop_task is None or self._loop_task.done():
            self._loop_task = asyncio.create_task(self._run(), name="daily-posts")

    async def stop(self) -> None:
        """Cancel the loop, any sends in progress and the publishing of left-over cards (their state stays
        recoverable in the database: a card not published yet stays marked, for the next start)."""
        tasks = [t for t in (self._loop_task, self._prompt, self.publishing_left_over, *self._worker_tasks)
                 if t is not None and not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._loop_task = None
        self._prompt = None
        self._woken = False
        self.publishing_left_over = None
        self._worker_tasks.clear()
        self._queue.clear()
        self._in_flight.clear()
        self._too_late.clear()

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            # Each tick is its own short task that finishes, while this loop only ever sleeps: test
            # harnesses (SimCord's settlement) and debuggers can then see when a tick is done.
            tick = asyncio.create_task(self.tick(), name="daily-posts-tick")
            try:
                await tick
            except Exception as error:  # a broken tick must not end daily posts for good
                self._report_failed_tick(error)
            await asyncio.sleep(self._seconds_to_next_tick())

    def wake(self) -> None:
        """Tick now, besides the minute's ticks (once the bot is ready): a card just made due at once is posted
        within seconds, not at the next minute boundary. The server that invited the bot back while it was down
        is found at start-up, by listeners that run beside the first tick (on_guild_available, on_ready), after
        it has looked; a /paper subscribe that resumes a channel or moves its time to one passed makes today's
        card due at once. Asked again while such a tick runs, another follows it."""
        if self._loop_task is None or self._loop_task.done():
            return  # not started, or stopped: the next start's first tick sees it
        self._woken = True
        if self._prompt is None or self._prompt.done():
            self._prompt = asyncio.create_task(self._tick_while_woken(), name="daily-posts-tick-now")

    async def _tick_while_woken(self) -> None:
        await self.bot.wait_until_ready()
        while self._woken:
            self._woken = False
            try:
                await self.tick()
            except Exception as error:  # as the minute's tick: the next one tries again
                self._report_failed_tick(error)

    def _report_failed_tick(self, error: Exception, *, what: str = "daily-post tick") -> None:
        """A write the disk refused or that waited out the busy timeout is the operator's to fix (free some
        space) or nothing to fix: one line naming the database, as commands log it. Anything else is a bug."""
        if disk_refused(error) or busy(error):
            log.warning("daily posts: %s; trying again next minute",
                        cannot_write(self.bot.settings.database_path, error))
        else:
            log.exception("%s failed; trying again next minute", what)

    def _seconds_to_next_tick(self) -> float:
        """Sleep until just after the next minute boundary of the bot's clock (1 to 60 s)."""
        now = self.bot.now()
        into_minute = now.second + now.microsecond / 1_000_000
        return max(1.0, TICK_SECONDS - into_minute + 0.5)

    # ---- one tick

    async def tick(self) -> TickReport:
        """Claim what is due now and queue every pending delivery whose attempt is due (one tick at a time: the
        minute's and one asked for by wake)."""
        async with self._ticking:
            return await self._tick()

    async def _tick(self) -> TickReport:
        self.ticks += 1
        now = self.bot.now()
        report = TickReport(claimed=await self.repo.claim_due(now), pruned=await self._prune_once_a_day(now))
        self._forget_old_picks(now)
        after = None
        while True:
            # A page at a time: the workers start posting while the rest is read, and building
            # 10,000 rows never holds the event loop for long.
            page = await self.repo.pending(due_by=now, limit=PAGE_SIZE, after=after)
            for item in page:
                try:
                    await self._queue_or_expire(item, now, report)
                except ScheduleError:  # its zone cannot be loaded here: held, and said once, as the claim does
                    self.repo.warn_unknown_zone(item.subscription.timezone)
                except Exception:  # one delivery that cannot be looked at must not hold up the rest
                    log.exception("daily post for subscription %s on %s could not be queued",
                                  item.subscription.id, item.delivery.local_day)
            self._spawn_workers()
            if len(page) < PAGE_SIZE:
                break
            after = page[-1].delivery
        self._start_publishing_left_over()
        if report.claimed or report.queued or report.expired or report.pruned:
            log.info("daily posts: %d claimed, %d queued, %d expired, %d old deliveries pruned", report.claimed,
                     report.queued, report.expired, report.pruned)
        return report

    async def _queue_or_expire(self, item: PendingDelivery, now: datetime, report: TickReport) -> None:
        key = (item.subscription.id, item.delivery.local_day)
        if key in self._in_flight:
            return
        if _day_over(item, now):
            if item.delivery.attempts == 0:
                await self._give_up(item, DAY_ENDED)
                report.expired += 1
                return
            # An attempt may have reached Discord before midnight (then a crash): a worker looks for
            # its card, and gives the day up only if it is not there.
            self._too_late.add(key)
        self._in_flight.add(key)
        self._queue.append(item)
        report.queued += 1

    def _spawn_workers(self) -> None:
        """Workers exit when the queue is empty, so nothing idles between ticks."""
        while self._queue and len(self._worker_tasks) < self.workers:
            task = asyncio.create_task(self._work(), name="daily-post-worker")
            self._worker_tasks.add(task)
            task.add_done_callback(self._worker_tasks.discard)

    async def _work(self) -> None:
        while self._queue:
            item = self._queue.popleft()
            try:
                await self.deliver(item)
            except Exception:
                log.exception("daily post for subscription %s failed unexpectedly", item.subscription.id)
            finally:
                self._in_flight.discard((item.subscription.id, item.delivery.local_day))
                self._too_late.discard((item.subscription.id, item.delivery.local_day))

    # ---- one delivery

    async def deliver(self, item: PendingDelivery) -> None:
        """Post (or recover) one day's card, recording the outcome; never raises Discord errors."""
        sub, delivery = item.subscription, item.delivery
        try:
            await self._post(item)
        except Exception as raw:
            error = classify(raw)
            if isinstance(error, CannotPostError):
                # Without the members intent the cache may not have heard of the timeout behind a 403.
                ends = await self._timeout_end(sub)
                if ends is not None:
                    error = _waiting_out(ends, self.bot.now())
            if isinstance(error, NotInServerError):
                # Its admins sent the bot away: a notice could reach only a DM naming a server and a
                # channel its reader may not open. Paused, a re-invite and /paper subscribe resume it.
                await self._pause(sub, str(error), notify=False)
            elif isinstance(error, ChannelGoneError):
                await self._remove(sub, str(error))
            elif isinstance(error, CannotPostError):
                await self._pause(sub, str(error))
            elif isinstance(error, TransientError):
                await self._retry(item, str(error), error.retry_after)
            elif isinstance(error, discord.HTTPException):
                # A 4xx other than the above will fail the same way again: keep the reason, stop.
                log.error("daily post for subscription %s rejected: %s", sub.id, error)
                await self.repo.mark_failed(sub.id, delivery.local_day, error=f"rejected by Discord: {error}")
            else:
                log.exception("daily post for subscription %s: unexpected error", sub.id, exc_info=error)
                await self._retry(item, f"unexpected {type(error).__name__}: {error}", None)

    async def _post(self, item: PendingDelivery) -> None:
        sub, delivery = item.subscription, item.delivery
        channel = await self._channel(sub)
        me = channel.guild.me
        ends = _still_timed_out(me, self.bot.now())
        if ends is not None:
            raise _waiting_out(ends, self.bot.now())
        missing = missing_permissions(channel, me) if me is not None else []
        if missing:
            await self._pause(sub, missing_reason(missing, sub.channel_id))
            return
        if delivery.attempts > 0 and await self._recover(channel, item):
            return
        if (sub.id, delivery.local_day) in self._too_late:
            await self._give_up(item, DAY_ENDED)
            return
        topic = card_topic(sub, delivery)
        paper, note = await self._paper_for(topic, delivery)
        if paper is None:
            await self._retry(item, "there are no papers to choose from yet", None)
            return
        started = await self.repo.start_attempt(sub.id, delivery.local_day, paper_id=paper.id, topic=topic,
                                                seen_attempts=delivery.attempts, until=self.bot.now() + ATTEMPT_WINDOW)
        if not started:
            return  # paused or ended meanwhile, or another bot process is on it
        message = await channel.send(
            embed=daily_card(paper, delivery.local_day, topic=topic, note=note),
            view=paper_card_view(paper.id),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._record_and_publish(sub, delivery.local_day, message)

    async def _record_and_publish(self, sub: Subscription, day: date, message: discord.Message, *,
                                  publish: bool = True) -> None:
        """Record the day's card as sent and, in an announcement channel, publish it.

        The delivery is recorded as sent and still to publish in one statement, and the mark is cleared once
        publishing was tried: a crash in between leaves it marked, and the next start publishes it
        (_publish_left_over), where a card recorded as sent was never looked at again."""
        announced = publish and _announcement(message.channel)
        await self.repo.mark_sent(sub.id, day, message_id=message.id, now=self.bot.now(), to_publish=announced)
        if announced:
            await self._publish(sub, message)
            await self.repo.mark_published(sub.id, day)

    def _start_publishing_left_over(self) -> None:
        """Publish what a crash left (_publish_left_over) in a task of its own, unless one is still on it.

        Each card is a fetch and a publish, and Discord allows 10 publications per channel and hour: after a
        crash with many cards left, the tick that awaited them ended minutes late, and the posts due meanwhile
        waited for it. A card still marked when this task ends is looked at by the next tick's task."""
        if self.publishing_left_over is None or self.publishing_left_over.done():
            self.publishing_left_over = asyncio.create_task(self._publish_left_over_logged(),
                                                            name="daily-posts-publish-left-over")

    async def _publish_left_over_logged(self) -> None:
        """_publish_left_over, its failure logged as a tick's is (no task's exception goes unseen)."""
        try:
            await self._publish_left_over()
        except Exception as error:
            self._report_failed_tick(error, what="daily posts: publishing the cards a crash left unpublished")

    async def _publish_left_over(self) -> None:
        """Publish the cards a crash left recorded as sent but not yet published (see _record_and_publish).

        The card is fetched first: one published meanwhile (the crash came after Discord did it) is left as it
        is. A card deleted since, or a channel gone, has nothing to publish; a failure worth trying again
        (Discord down, the network) is tried at the next tick; anything else is given up with one log line.
        A card recorded less than PUBLISHING_WINDOW ago is left to the worker publishing it, in this process
        (then also in _in_flight) or in another one on the same database, as during a deploy. A card whose
        local day has ended is not published: as a post is never made late, on a day that is not its own, the
        servers following the channel do not get one day's card on another (the bot was down past midnight)."""
        for item in await self.repo.unpublished(sent_before=self.bot.now() - PUBLISHING_WINDOW):
            sub, day = item.subscription, item.delivery.local_day
            if (sub.id, day) in self._in_flight or item.delivery.message_id is None:
                continue  # a worker is on it (it publishes after recording)
            if _publishing_too_late(item, self.bot.now()):
                _log_not_published_late(sub, day)
                await self.repo.mark_published(sub.id, day)
                continue
            try:
                channel = await self._channel(sub)
                message = await channel.fetch_message(item.delivery.message_id)
            except Exception as raw:
                error = classify(raw)
                if isinstance(error, TransientError):
                    log.warning("daily post for subscription %s: cannot publish the card of %s yet: %s",
                                sub.id, day, error)
                    continue
                log.warning("daily post for subscription %s: the card of %s in an announcement channel cannot be "
                            "published: %s", sub.id, day, f"{type(raw).__name__}: {raw}".rstrip(": "))
            else:
                await self._publish(sub, message)
            await self.repo.mark_published(sub.id, day)

    async def _publish(self, sub: Subscription, message: discord.Message) -> None:
        """In an announcement channel, publish the card to the servers that follow the channel.

        The card is posted and recorded as sent already: a refusal (a missing permission, Discord's limit
        of publications per channel and hour) or a network error is one log line, never a failed or
        repeated post. One already published (found again after a crash) is left as it is."""
        channel = message.channel
        if not _announcement(channel) or message.flags.crossposted:
            return
        try:
            await message.publish()
        except PUBLISH_FAILED as error:
            log.warning("daily post for subscription %s: the card in announcement channel %s was posted but not "
                        "published to the servers following it: %s", sub.id, channel.id,
                        f"{type(error).__name__}: {error}".rstrip(": "))

    async def _channel(self, sub: Subscription) -> Any:
        # Once ready, every server the bot is in is cached (an unavailable one too), so a missing
        # one means the bot was removed, live or while it was down (Discord would answer 403 below).
        if self.bot.get_guild(sub.guild_id) is None:
            raise NotInServerError(REMOVED_FROM_SERVER)
        channel = self.bot.get_channel(sub.channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(sub.channel_id)  # NotFound -> ChannelGoneError
        if not isinstance(channel, discord.TextChannel | discord.Thread | discord.VoiceChannel):
            raise ChannelGoneError(f"<#{sub.channel_id}> is no longer a channel I can post in")
        return channel

    async def _timeout_end(self, sub: Subscription) -> datetime | None:
        """When the bot's timeout in the subscription's server ends, asked of Discord (None: not timed out)."""
        guild = self.bot.get_guild(sub.guild_id)
        if guild is None or self.bot.user is None:
            return None
        try:
            me = await guild.fetch_member(self.bot.user.id)
        except DISCORD_REFUSED:
            return None
        return _still_timed_out(me, self.bot.now())

    async def _recover(self, channel: Any, item: PendingDelivery) -> bool:
        """After an attempt whose outcome is unknown: record the card if it is already there.

        It is looked for among the channel's latest messages (an attempt that has just failed) and, when
        all of those came after the day was claimed (a first attempt, then a crash, then a busy channel
        or a long outage), among those around the claim."""
        delivery = item.delivery
        bot_id = self.bot.user.id if self.bot.user else 0
        # A card of this day posted before the card of an earlier day (message ids grow with Discord's time, whatever
        # this machine's clock says) was posted by a clock set ahead, a year early: not this claim's card.
        after = await self.repo.latest_card_before(item.subscription.id, delivery.local_day) or 0
        latest = [message async for message in channel.history(limit=RECOVERY_SCAN)]
        if await self._record_card_among(latest, item, bot_id, after=after):
            return True
        if len(latest) < RECOVERY_SCAN or latest[-1].created_at <= delivery.claimed_at:
            return False  # the latest messages reach back before the claim: the card is not there
        # Discord answers the RECOVERY_SCAN messages before that moment and as many after it.
        around = [message async for message in channel.history(limit=2 * RECOVERY_SCAN, around=delivery.claimed_at)]
        return await self._record_card_among(around, item, bot_id, after=after)

    async def _record_card_among(self, messages: list[discord.Message], item: PendingDelivery, bot_id: int, *,
                                 after: int) -> bool:
        """Record the day's card as sent if it is among `messages`, posted after message `after`."""
        sub, delivery = item.subscription, item.delivery
        for message in messages:
            if message.id > after and is_daily_card(message, delivery.local_day, bot_id):
                log.info("daily post for subscription %s on %s was already delivered; recording it",
                         sub.id, delivery.local_day)
                # The crash came before either; a card found after its local day is not published that late.
                late = _publishing_too_late(item, self.bot.now())
                if late and _announcement(message.channel):
                    _log_not_published_late(sub, delivery.local_day)
                await self._record_and_publish(sub, delivery.local_day, message, publish=not late)
                return True
        return False

    async def _paper_for(self, topic: str | None, delivery: Delivery) -> tuple[Paper | None, str | None]:
        """The day's pick for `topic` (card_topic), if any: the same paper for every channel with that topic.

        A retry keeps the paper its earlier attempt chose; when that is still the day's pick, with the
        pick's note too (the general paper under a topic's heading says why it is not about it)."""
        key = (delivery.local_day, topic_key(topic))
        if key not in self._picks:
            picked = await day_pick(self.bot, delivery.local_day, topic)
            if picked[0] is not None:
                self._picks[key] = (picked[0], picked[1])
        pick, note = self._picks.get(key, (None, None))
        if delivery.paper_id and (pick is None or pick.id != delivery.paper_id):
            earlier = await self.bot.papers.by_id(delivery.paper_id)  # an earlier attempt chose it: keep it
            if earlier is not None:
                return earlier, None
        return pick, note

    async def _prune_once_a_day(self, now: datetime) -> int:
        """Prune the delivery history on the first tick of each UTC day (and after every start).

        Not when no active subscription was claimed for twice the history kept before this tick (PRUNE_GAP): a clock
        set years ahead at a boot (until NTP corrects it) would delete the days still current, today's included, and
        the corrected clock would claim and post today again. A bot that was away that long prunes the next day."""
        if self._pruned_on == now.date():
            return 0
        self._pruned_on = now.date()
        latest = await self.repo.latest_claim_before(now)
        if latest is not None and now - latest > PRUNE_GAP:
            log.warning("daily posts: no active subscription was claimed since %s, %d days ago: the history is not "
                        "pruned today (if this machine's clock is wrong, correct it)", latest.date(),
                        (now - latest).days)
            return 0
        return await self.repo.prune_history(before=now.date() - timedelta(days=HISTORY_DAYS))

    def _forget_old_picks(self, now: datetime) -> None:
        """Keep the per-day pick cache small: days more than two days old are never posted again."""
        oldest = now.date() - timedelta(days=2)
        for key in [k for k in self._picks if k[0] < oldest]:
            del self._picks[key]

    # ---- outcomes

    async def _retry(self, item: PendingDelivery, reason: str, retry_after: float | None) -> None:
        if (item.subscription.id, item.delivery.local_day) in self._too_late:
            # Looking for the card failed too; the day is over, so there is nothing left to retry.
            await self._give_up(item, f"{DAY_ENDED} ({reason})")
            return
        now = self.bot.now()
        at = now + retry_delay(now - item.delivery.claimed_at, retry_after)
        log.warning("daily post for subscription %s: %s; retrying at %s", item.subscription.id, reason,
                    at.isoformat(timespec="seconds"))
        await self.repo.retry_later(item.subscription.id, item.delivery.local_day, at=at, error=reason)

    async def _give_up(self, item: PendingDelivery, reason: str) -> None:
        last = f" (last error: {item.delivery.error})" if item.delivery.error else ""
        log.error("daily post for subscription %s on %s: %s%s", item.subscription.id, item.delivery.local_day,
                  reason, last)
        await self.repo.mark_failed(item.subscription.id, item.delivery.local_day, error=reason + last)

    async def _remove(self, sub: Subscription, reason: str) -> None:
        log.info("daily posts: channel %s is gone; ending subscription %s", sub.channel_id, sub.id)
        await self.repo.end(sub.id, reason=reason, now=self.bot.now())

    async def _pause(self, sub: Subscription, reason: str, *, notify: bool = True) -> None:
        paused = await self.repo.pause(sub.id, reason=reason, now=self.bot.now())
        if paused is None:
            return  # already paused or ended by someone else
        log.warning("daily posts paused for channel %s: %s", sub.channel_id, reason)
        if notify:
            await self.notify_paused(sub, reason)

    async def notify_paused(self, sub: Subscription, reason: str) -> bool:
        """Tell the server: its system channel if the bot may post there (the subscription's own channel too, often
        #general: without Embed Links the bot still says there why the card stopped), else by DM whoever subscribed
        (while still a member) or the server's owner."""
        guild = self.bot.get_guild(sub.guild_id)
        text = _pause_notice(sub, reason)
        quiet = discord.AllowedMentions.none()
        system = guild.system_channel if guild is not None else None
        if guild is not None and system is not None and can_talk(system, guild.me):
            try:
                await system.send(text, allowed_mentions=quiet)
                return True
            except DISCORD_REFUSED:
                log.info("could not tell server %s in its system channel", sub.guild_id, exc_info=True)
        for user_id in await self._told_by_dm(sub, guild):
            try:
                user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                # A direct message has no server around it: say which server's channel this is.
                await user.send(_pause_notice(sub, reason, server=guild.name if guild else None),
                                allowed_mentions=quiet)
                return True
            except DISCORD_REFUSED:
                log.info("could not DM user %s about the pause", user_id, exc_info=True)
        return False

    async def _told_by_dm(self, sub: Subscription, guild: discord.Guild | None) -> list[int]:
        """Who hears of a pause by DM, each in turn until one is reached: whoever subscribed, while they
        are still in the server (someone who left can fix nothing there, and the server would never
        hear of it), then the server's owner."""
        if guild is None:
            return [sub.subscriber_id] if sub.subscriber_id is not None else []
        told = []
        if sub.subscriber_id is not None and await self._in_server(guild, sub.subscriber_id):
            told.append(sub.subscriber_id)
        if guild.owner_id is not None and guild.owner_id not in told:
            told.append(guild.owner_id)
        return told

    @staticmethod
    async def _in_server(guild: discord.Guild, user_id: int) -> bool:
        """Whether the user is still a member, asked of Discord: without the members intent the bot's
        cache never hears that someone left. When Discord cannot say, they are tried anyway."""
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        except DISCORD_REFUSED:
            return True
        return True


def _pause_notice(sub: Subscription, reason: str, *, server: str | None = None) -> str:
    """What the server (or, by DM, the subscriber) is told when its daily paper is paused."""
    where = f"<#{sub.channel_id}>" + (f" on **{as_typed(server, 100)}**" if server else "")
    return (f"I've paused the daily paper in {where}: {reason}. Once that is fixed, run "
            f"`/paper subscribe` in <#{sub.channel_id}> to resume it (the time, time zone and topic are kept).")
