"""/paper subscribe, /paper unsubscribe, /paper subscriptions — added to the existing /paper group.

The /paper group belongs to the papers cog (a GroupCog). This cog moves its own three commands
into that group when it loads and takes them out again when it unloads, so there is one /paper.
Discord ignores default permissions on subcommands, so Manage Channels is checked here, at run time.
"""

from __future__ import annotations

import logging
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.cogs import paper_group
from bot.cogs.daily._scheduler import REMOVED_FROM_SERVER, DailyScheduler, missing_permissions, missing_reason
from bot.errors import UserFacingError
from bot.limits import as_typed, one_line
from storage.picks import topic_key
from storage.subscriptions import (
    Delivery,
    ScheduleError,
    Subscription,
    SubscriptionLimitError,
    SubscriptionRepository,
    countries_on,
    country_hint,
    format_post_time,
    local_day,
    parse_post_time,
    resolve_timezone,
    second_reading,
    suggest_timezones,
    summer_time_hint,
    zone,
)

if TYPE_CHECKING:
    from bot.client import PaperBot

log = logging.getLogger(__name__)

# What `topic` takes to drop a subscription's topic again (leaving the option out keeps it).
ANY_TOPIC = frozenset(("any", "none", "all", "-"))
FEW_TOPIC_PAPERS = 7  # a topic with fewer papers than a week's days repeats them within the week: say so


def timestamp(moment: datetime) -> str:
    """A Discord timestamp that every reader sees in their own time zone: full date and relative."""
    seconds = int(moment.timestamp())
    return f"<t:{seconds}:F> (<t:{seconds}:R>)"


def schedule(sub: Subscription) -> str:
    """When and about what a subscription posts: '**09:00** UTC · about “axolotl”'."""
    text = f"**{format_post_time(sub.post_time)}** {sub.timezone}"
    return text + (f" · about “{as_typed(sub.topic, 100)}”" if sub.topic else "")


def stale_topic_note(topic: str) -> str:
    """For a subscription's topic that no paper matches any more (a corpus change), what its cards are
    now and how to change it (bot.today.day_pick: the general pick, with a note on the card)."""
    return (f"no paper matches “{as_typed(topic, 100)}” any more, so the cards are the general paper of the day: "
            "`/paper subscribe topic:` sets another (`any` for any paper)")


def describe(sub: Subscription, now: datetime, *, posted_day: date | None = None,
             upcoming: datetime | None = None, retrying: Delivery | None = None,
             given_up: Delivery | None = None, stale_topic: bool = False) -> str:
    """One line about a subscription: where, when, topic, and the next post (`upcoming` when it is known
    already) or why it is paused; with `retrying`, the card that failed and when it is tried again; with
    `given_up`, the last day's card that never came, and why; with `stale_topic`, that its topic matches
    no paper any more (stale_topic_note)."""
    line = f"<#{sub.channel_id}> · {schedule(sub)}"
    if stale_topic and sub.topic:
        line += f" · ⚠️ {stale_topic_note(sub.topic)}"
    if sub.status == "paused":
        return f"{line} · ⏸️ paused: {sub.status_reason or 'no reason recorded'}"
    clocks = ""
    try:
        if upcoming is None:
            upcoming = sub.next_post_at(now, posted_day=posted_day)
            clocks = skipped_time_note(sub, upcoming) or repeated_time_note(sub, upcoming, now)
    except ScheduleError:  # stored where the tz database had the zone (see SubscriptionRepository.claim_due)
        return f"{line} · ⏸️ held: this machine's time zone database does not have {sub.timezone}"
    if retrying is not None and sub.status == "active":
        line += (f" · ⏳ the card of {retrying.local_day:%b} {retrying.local_day.day} is late "
                 f"({as_typed(retrying.error or 'failed', 120)}); "
                 f"trying again <t:{int(retrying.next_attempt_at.timestamp())}:R>")
    elif given_up is not None and sub.status == "active":
        line += (f" · ⚠️ the card of {given_up.local_day:%b} {given_up.local_day.day} was not posted "
                 f"({as_typed(given_up.error or 'failed', 120)})")
    return f"{line} · next post {timestamp(upcoming)}{clocks}" if upcoming else line


def skipped_time_note(sub: Subscription, upcoming: datetime | None) -> str:
    """' (at 03:00 Europe/Berlin: the clocks skip 02:30 that day)' when the next post is not at the post
    time because the clocks jump over it that day (storage.subscriptions.post_instant); else ''."""
    if upcoming is None:
        return ""
    local = upcoming.astimezone(sub.tz).time()
    if (local.hour, local.minute) == (sub.post_time.hour, sub.post_time.minute):
        return ""
    return (f" (at {format_post_time(local)} {sub.timezone}: the clocks skip "
            f"{format_post_time(sub.post_time)} that day)")


def repeated_time_note(sub: Subscription, upcoming: datetime | None, now: datetime) -> str:
    """' (the clocks read 02:30 Europe/Berlin twice today, and the daily paper comes at the first, before they went
    back)' while the clocks read the post time's hour a second time, the first reading passed and the second to
    come, and the next post is another day's: else the clock reads the post time again soon and nothing comes, as
    if the bot had the day wrong. The card is posted once a day, at the first reading (post_instant); ''
    otherwise."""
    if upcoming is None:
        return ""
    today = local_day(now, sub.tz)
    second = second_reading(today, sub.post_time, sub.tz)
    if second is None or not sub.due_at(today) <= now < second or local_day(upcoming, sub.tz) == today:
        return ""
    return (f" (the clocks read {format_post_time(sub.post_time)} {sub.timezone} twice today, and the daily paper "
            "comes at the first, before they went back)")


class DailyPosts(commands.Cog):
    """Channel subscriptions to the paper of the day, and the loop that posts them."""

    def __init__(self, bot: PaperBot) -> None:
        self.bot = bot
        self.subscriptions = SubscriptionRepository(bot.writes)  # see PaperBot.writes
        self.scheduler = DailyScheduler(bot, self.subscriptions)
        self._attached: list[app_commands.Command[Any, ..., Any]] = []

    # ---- joining the /paper group

    async def cog_load(self) -> None:
        """Move this cog's commands into the /paper group, then start the scheduler."""
        group = paper_group(self.bot)
        for command in self.__cog_app_commands__:
            if isinstance(command, app_commands.Command):
                group.add_command(command)
                self._attached.append(command)
        # Cog._inject adds whatever is left here as top-level commands: nothing must be left.
        self.__cog_app_commands__ = []
        # The countries of the time-zone option, built in a worker thread now, not at the first keystroke.
        await countries_on(self.bot.now())
        self.scheduler.start()

    async def cog_unload(self) -> None:
        """Stop the scheduler and take the commands out of the /paper group again."""
        await self.scheduler.stop()
        group = self.bot.tree.get_command("paper")
        if isinstance(group, app_commands.Group):  # absent when the papers cog was unloaded first
            for command in self._attached:
                group.remove_command(command.name)
        self._attached.clear()

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel's subscription ends at once (its history is kept)."""
        sub = await self.subscriptions.by_channel(channel.id)
        if sub is not None and sub.status != "ended":
            await self._end_for_deleted_channel(sub, "")

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """End the subscriptions of channels deleted while the bot was away (it missed those events).

        Their channels cannot be named in /paper unsubscribe, and a paused one never posts again to
        learn it from Discord: it would hold its server's place for good.
        """
        for sub in await self.subscriptions.all():
            guild = self.bot.get_guild(sub.guild_id)
            if guild is None or guild.unavailable:
                continue  # not known now: the post will tell (ChannelGoneError, NotInServerError)
            if guild.get_channel(sub.channel_id) is None:
                await self._end_for_deleted_channel(sub, " while away")
            elif sub.status == "paused" and sub.status_reason == REMOVED_FROM_SERVER:
                await self._back_in_server(guild, sub)  # invited back while the bot was down

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Invited back: the subscriptions its removal paused go on (see _back_in_server)."""
        await self.on_guild_available(guild)

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """discord.py dispatches this instead of on_guild_join when a joined server's payload carries
        `unavailable: false` (SimCord's does); after an outage it finds nothing (an outage pauses nothing)."""
        for sub in await self.subscriptions.for_guild(guild.id):
            if sub.status == "paused" and sub.status_reason == REMOVED_FROM_SERVER:
                await self._back_in_server(guild, sub)

    async def _back_in_server(self, guild: discord.Guild, sub: Subscription) -> None:
        """Resume a subscription that the bot's removal paused, now that the server has it back.

        Nobody was told of that pause (the server had sent the bot away), and a bot back before the
        post time would have paused nothing: so it goes on as before, the day the removal stopped
        included. Where the bot may not post now, the server is told what is missing, as after any pause.
        """
        channel = guild.get_channel(sub.channel_id)
        if channel is None:
            await self._end_for_deleted_channel(sub, " while away")
            return
        now = self.bot.now()
        missing = missing_permissions(channel, guild.me) if guild.me is not None else []
        if missing:
            reason = missing_reason(missing, sub.channel_id)
            # Only from the removal's pause: at start-up on_ready and on_guild_available both come here.
            if await self.subscriptions.repause_for(sub.id, was=REMOVED_FROM_SERVER, reason=reason, now=now):
                await self.scheduler.notify_paused(sub, reason)
            return
        resumed = await self.subscriptions.resume_paused_for(sub.id, reason=REMOVED_FROM_SERVER, now=now)
        if resumed is not None:
            if await self._resume_today(resumed, now) is not None:
                self.scheduler.wake()  # due now: at start-up, the first tick may have looked already
            log.info("daily posts: back in server %s; subscription %s resumed", guild.id, sub.id)

    async def _end_for_deleted_channel(self, sub: Subscription, when: str) -> None:
        await self.subscriptions.end(sub.id, reason="the channel was deleted", now=self.bot.now())
        log.info("daily posts: channel %s deleted%s; subscription %s ended", sub.channel_id, when, sub.id)

    # ---- /paper subscribe

    @app_commands.command(name="subscribe", description="Post the paper of the day in a channel, every day")
    @app_commands.describe(
        channel="Where to post (default: this channel)",
        time="Local time of day, 24-hour HH:MM (default 09:00, or the current setting)",
        timezone="IANA time zone such as Europe/Berlin, or your city or country (default UTC); start typing to search",
        topic="Only papers about this topic, e.g. 'reinforcement learning'; 'any' drops it (default: any paper)",
    )
    async def subscribe(
        self,
        interaction: discord.Interaction,
        channel: discord.TextChannel | None = None,
        time: app_commands.Range[str, 1, 20] | None = None,
        timezone: app_commands.Range[str, 1, 64] | None = None,
        topic: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        """Create, change or resume a channel's daily post (needs Manage Channels there)."""
        guild, target = self._target(interaction, channel)
        self._require_manage_channels(interaction, target)
        await _acknowledge(interaction)
        existing = await self.subscriptions.by_channel(target.id)
        live = existing if existing is not None and existing.status != "ended" else None
        countries = await countries_on(self.bot.now())  # a country's clocks as of the bot's clock
        # Options not given keep what the channel had, after /paper unsubscribe too: there is no pause
        # command, and its reply says that /paper subscribe "starts it again".
        try:
            post_time = parse_post_time(time) if time or existing is None else existing.post_time
            tz_name = resolve_timezone(timezone, countries) if timezone or existing is None else existing.timezone
        except ScheduleError as error:
            raise UserFacingError(f"{error}.") from None
        topic, matching = await self._topic_to_keep(topic, existing)
        # A topic kept (not typed now) that a corpus change left without papers: say so, and how to change it.
        stale = topic is not None and matching is None and not await self.bot.search_engine.matching_ids(topic)
        self._require_bot_permissions(guild, target)
        try:
            sub = await self.subscriptions.subscribe(
                guild_id=guild.id, channel_id=target.id, post_time=post_time, timezone=tz_name, topic=topic,
                subscriber_id=interaction.user.id, now=self.bot.now(),
                limit=self.bot.settings.max_subscriptions_per_guild,
            )
        except SubscriptionLimitError as error:
            raise UserFacingError(
                f"This server already has {error.count} daily-post subscriptions, and it may have at most "
                f"{error.limit}. Remove one with `/paper unsubscribe` first.") from None
        verb = _verb(live, sub)
        now = self.bot.now()
        today_card = await self._card_made_up_today(verb, live, sub, now)
        # A day that already has its delivery gets no second one, whatever the new time or zone says.
        posted_day = (await self.subscriptions.last_claimed_days([sub.id], now=now)).get(sub.id)
        line = describe(sub, now, posted_day=posted_day, upcoming=today_card.next_attempt_at if today_card else None)
        # A channel has one subscription: one given another time or topic is changed, not joined by another.
        replaced = None
        if live is not None and verb == "Updated":
            replaced = f"It replaces {schedule(live)}: a channel has one daily paper"
        zone_hints = (country_hint(timezone, countries), summer_time_hint(sub.timezone)) if timezone else ()
        stale_hint = _sentence(stale_topic_note(topic)) if stale and topic else None
        hints = [hint for hint in (replaced, *zone_hints, few_papers_hint(topic, matching), stale_hint) if hint]
        reply = f"{verb}: the paper of the day in {line}." + "".join(f"\n-# {hint}." for hint in hints)
        await interaction.followup.send(reply, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        if today_card is not None:
            self.scheduler.wake()  # today's card comes at once, not at the next minute

    @subscribe.autocomplete("timezone")
    async def timezone_suggestions(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        """IANA zones matching what has been typed, each with its current UTC offset (by the bot's clock)."""
        now = self.bot.now()
        countries = await countries_on(now)
        return [app_commands.Choice(name=one_line(f"{name} (UTC{_offset(name, now)})", limits.CHOICE_NAME),
                                    value=name)
                for name in suggest_timezones(current, limit=limits.AUTOCOMPLETE_CHOICES, countries=countries)]

    # ---- /paper unsubscribe

    @app_commands.command(name="unsubscribe", description="Stop the daily paper in a channel")
    @app_commands.describe(channel="The channel to stop posting in (default: this channel)")
    async def unsubscribe(self, interaction: discord.Interaction,
                          channel: discord.TextChannel | None = None) -> None:
        """End a channel's daily post (needs Manage Channels there); its history is kept."""
        _, target = self._target(interaction, channel)
        self._require_manage_channels(interaction, target)
        await _acknowledge(interaction)
        ended = await self.subscriptions.unsubscribe(target.id, now=self.bot.now())
        if ended is None:
            raise UserFacingError(f"There is no daily paper in {target.mention}. "
                                  "`/paper subscriptions` lists this server's subscriptions.")
        await interaction.followup.send(
            f"Stopped the paper of the day in {target.mention}. `/paper subscribe` starts it again.",
            ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    # ---- /paper subscriptions

    @app_commands.command(name="subscriptions", description="This server's daily-paper subscriptions")
    async def list_subscriptions(self, interaction: discord.Interaction) -> None:
        """Every live subscription of this server with its next post time (or why it is paused)."""
        guild = interaction.guild
        if guild is None:
            raise UserFacingError("Daily papers are set up per server: use this in a server.")
        await _acknowledge(interaction)
        subs = await self.subscriptions.for_guild(guild.id)
        limit = self.bot.settings.max_subscriptions_per_guild
        if not subs:
            await interaction.followup.send(
                f"This server has no daily-paper subscriptions (it may have up to {limit}). "
                "Add one with `/paper subscribe`.", ephemeral=True)
            return
        # A private channel's subscription (its topic too) is for those who can read the channel.
        shown = [s for s in subs if _may_see(guild, interaction.user, s.channel_id)]
        now = self.bot.now()
        days = await self.subscriptions.last_claimed_days([s.id for s in shown], now=now)
        # A card that failed (Discord down, a rate limit) and waits for its next try: why it is late.
        late = await self.subscriptions.retrying([s.id for s in shown], now=now)
        # A card given up for good (AutoMod blocked it, Discord failed all day): the channel just had none.
        missed = await self.subscriptions.given_up([s.id for s in shown], now=now)
        stale = await self._topics_matching_nothing(shown)
        lines = ["• " + describe(s, now, posted_day=days.get(s.id), retrying=late.get(s.id), given_up=missed.get(s.id),
                                 stale_topic=s.id in stale)
                 for s in shown]
        embed = discord.Embed(title="Daily paper subscriptions", colour=discord.Colour(0x3B7DD8),
                              description=listing_text(lines, unseen=len(subs) - len(shown)))
        embed.set_footer(text=f"{len(subs)} of at most {limit} for this server")
        await interaction.followup.send(embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    async def _topics_matching_nothing(self, subs: list[Subscription]) -> set[int]:
        """The ids of the subscriptions whose topic no active paper matches (each topic looked up once)."""
        topics = {topic_key(s.topic): s.topic for s in subs if s.topic}
        empty = {key for key, topic in topics.items() if not await self.bot.search_engine.matching_ids(topic)}
        return {s.id for s in subs if s.topic and topic_key(s.topic) in empty}

    async def _card_made_up_today(self, verb: str, live: Subscription | None, sub: Subscription,
                                  now: datetime) -> Delivery | None:
        """Today's card that this /paper subscribe brings back (`live` before it, `sub` after), or None: the
        one a pause kept back, or the one still to come that the subscription, active "since now" after any
        subscribe, would skip: a time moved earlier than now, a zone moved east past its post time, or any
        subscribe after the post time before the day was claimed (a claim is tried again a minute later),
        'Already subscribed' with nothing changed too."""
        if verb == "Resumed":
            return await self._resume_today(sub, now)
        if live is not None and await self._today_still_to_come(live, sub, now):
            return await self.subscriptions.keep_today(sub, now)  # it comes now, or the day has none
        return None

    async def _resume_today(self, sub: Subscription, now: datetime) -> Delivery | None:
        """Just resumed: today's card, when the pause kept it from coming (a pause of today's post, or an
        older one while today's time passed), comes now (or at the new time, if later today), not
        tomorrow. Returns that delivery, or None when today has nothing to make up."""
        stopped = await self.subscriptions.resume_stopped_day(sub, now)
        return stopped or await self.subscriptions.keep_today(sub, now)

    async def _today_still_to_come(self, before: Subscription, after: Subscription, now: datetime) -> bool:
        """Whether an active subscription (`before` a change, `after` it) had a card still to come dated no later
        than its current local date in the zone it has now: the next post `before` would have made (not claimed
        yet) is of that date, or of an earlier one in a zone further west. Its time may have passed: a claim that
        failed (the write lock held past the busy timeout) is tried again at the next tick, which would no longer
        take a subscription changed since. A move east past the new zone's post time (Los Angeles in the
        evening, after its card, to Tokyo the next morning) would otherwise skip that date: Los Angeles had not
        posted it yet, and Tokyo's claim is made only for a subscription active before the post time."""
        if before.status != "active":
            return False
        posted_day = (await self.subscriptions.last_claimed_days([before.id], now=now)).get(before.id)
        try:
            upcoming = before.next_post_at(now, posted_day=posted_day)
            today = local_day(now, after.tz)
        except ScheduleError:  # a zone this machine cannot load: nothing was to come
            return False
        return upcoming is not None and local_day(upcoming, before.tz) <= today

    async def _topic_to_keep(self, typed: str | None, before: Subscription | None) -> tuple[str | None, int | None]:
        """The subscription's topic after this /paper subscribe: the one typed (it must match some
        papers), none for "any", else the one it had; with how many papers match a topic just typed."""
        if typed is None:
            # A kept topic is not checked again: one that a corpus reload left without papers still
            # posts (the general pick, with a note), and must not block changing the time or resuming.
            return (before.topic if before else None), None
        given = one_line(typed, 100)
        if not given or given.casefold() in ANY_TOPIC:
            return None, None
        matching = len(await self.bot.search_engine.matching_ids(given))
        if not matching:
            raise UserFacingError(f"No papers match the topic “{as_typed(given, 100)}”. "
                                  "Try a broader word, or `any` for any paper.")
        return given, matching

    # ---- checks

    @staticmethod
    def _target(interaction: discord.Interaction,
                channel: discord.TextChannel | None) -> tuple[discord.Guild, discord.TextChannel]:
        """The server and the channel a command is about (the current one by default; in a thread, its channel:
        a thread has no daily paper of its own, and `/paper today` there reads it as its channel's talk)."""
        guild = interaction.guild
        if guild is None:
            raise UserFacingError("Daily papers are set up per server: use this in a server.")
        target = channel or interaction.channel
        if isinstance(target, discord.Thread) and isinstance(target.parent, discord.TextChannel):
            target = target.parent
        if not isinstance(target, discord.TextChannel):
            raise UserFacingError("Pick a text channel for the daily paper (the `channel` option).")
        return guild, target

    @staticmethod
    def _require_manage_channels(interaction: discord.Interaction, target: discord.TextChannel) -> None:
        member = interaction.user
        if not isinstance(member, discord.Member) or not target.permissions_for(member).manage_channels:
            raise UserFacingError(f"You need the **Manage Channels** permission in {target.mention} "
                                  "to set up or stop its daily paper.")

    @staticmethod
    def _require_bot_permissions(guild: discord.Guild, target: discord.TextChannel) -> None:
        missing = missing_permissions(target, guild.me)
        if missing:
            names = ", ".join(f"**{name}**" for name in missing)
            raise UserFacingError(
                f"I can't post the daily paper in {target.mention}: I'm missing {names} there. "
                "Give my role those permissions in the channel's settings (Edit Channel → Permissions), "
                "then run this again.")


def few_papers_hint(topic: str | None, matching: int | None) -> str | None:
    """For a topic just typed that fewer than a week's worth of papers match, how soon they repeat:
    the pick goes round the topic's papers, so with one paper it is the same card every day."""
    if topic is None or matching is None or matching >= FEW_TOPIC_PAPERS:
        return None
    shown = as_typed(topic, 100)
    if matching == 1:
        return f"Only 1 paper matches “{shown}”, so it is the paper of every day; a broader topic gives more variety"
    return (f"Only {matching} papers match “{shown}”, so they come round again every {matching} days; a broader "
            "topic gives more variety")


def _sentence(text: str) -> str:
    """`text` as a sentence of its own: its first letter in capitals."""
    return text[:1].upper() + text[1:]


def _verb(before: Subscription | None, after: Subscription) -> str:
    """What /paper subscribe did: Subscribed, Resumed, Updated, or nothing new (Already subscribed)."""
    if before is None:
        return "Subscribed"
    if before.status == "paused":
        return "Resumed"
    same = (before.post_time, before.timezone, before.topic) == (after.post_time, after.timezone, after.topic)
    return "Already subscribed" if same else "Updated"


def _may_see(guild: discord.Guild, user: discord.abc.User, channel_id: int) -> bool:
    """Whether `user` can view the channel (one the bot no longer knows is shown: it has nothing to hide)."""
    channel = guild.get_channel(channel_id)
    if channel is None or not isinstance(user, discord.Member):
        return True
    return channel.permissions_for(user).view_channel


def listing_text(lines: list[str], *, unseen: int) -> str:
    """The list's lines that fit, then how many subscriptions are in channels the reader can't see."""
    if not unseen:
        return whole_lines(lines, limits.EMBED_DESCRIPTION)
    note = f"… and {unseen} more in {'a channel' if unseen == 1 else 'channels'} you can't see"
    if not lines:
        return note
    return whole_lines(lines, limits.EMBED_DESCRIPTION - len(note) - 1) + "\n" + note


def whole_lines(lines: list[str], room: int) -> str:
    """As many whole lines as fit in `room` characters, then how many were left out.

    Half a line would show a broken channel mention or timestamp (`<t:17747`) as raw text.
    """
    shown = limits.whole_items(lines, room, separator="\n", more=lambda left_out: f"\n… and {left_out} more")
    if shown == len(lines):
        return "\n".join(lines)
    return "\n".join([*lines[:shown], f"… and {len(lines) - shown} more"])


def _offset(name: str, now: datetime) -> str:
    """'+01:00' for Europe/Berlin in winter."""
    offset = now.astimezone(zone(name)).utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset is not None else 0
    sign = "+" if minutes >= 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


async def _acknowledge(interaction: discord.Interaction) -> None:
    """Acknowledge privately ("thinking…") before the first database access. The replies are private
    anyway, and a write can wait up to the busy timeout (5 s) while another process holds the write
    lock (a large `paperbot ingest`), longer than Discord's 3 s to answer an interaction."""
    await interaction.response.defer(ephemeral=True, thinking=True)
