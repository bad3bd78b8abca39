"""The bot: construction (`create_bot`), start-up (`setup_hook`), the sync policy and `run_bot`."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import hashlib
import json
import logging
import os
import sqlite3
import sys
import time
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
import aiosqlite
import discord
from discord.ext import commands

from bot.settings import Settings, clean_token, env_file_value, is_placeholder_token, load_settings, token_flaw
from bot.tree import PaperTree, in_a_while
from bot.views import RandomButton, SimilarButton, StaleListItem
from storage.db import DISK_HINT, SchemaTooNewError, busy, damaged, damaged_database, disk_refused, open_database
from storage.loader import counted, load_corpus
from storage.models import LoadReport
from storage.papers import PaperRepository
from storage.picks import PickRepository
from storage.search import SearchEngine, SearchResults
from storage.vectors import EncoderProcess, count_missing, embed_missing

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]

# Loaded in this order by setup_hook; a module that does not exist (yet) is skipped with a log line.
EXTENSIONS = ("bot.cogs.papers", "bot.cogs.daily")

MISSING_TOKEN = (
    "paperbot: no Discord bot token: DISCORD_TOKEN is not set in the environment {where}. Create an application at "
    "https://discord.com/developers/applications, open Bot -> Reset Token, and put it in DISCORD_TOKEN "
    "(environment or .env)."
)
EMPTY_TOKEN = (
    "paperbot: DISCORD_TOKEN is set but empty in the environment{hiding}. Unset it (`unset DISCORD_TOKEN`, or take it "
    "out of the service's environment) or put the bot token in it."
)
PLACEHOLDER_TOKEN = (
    "paperbot: DISCORD_TOKEN is a placeholder (like the README's example), not a bot token. Get the bot's token at "
    "https://discord.com/developers/applications -> your application -> Bot -> Reset Token, and put it in "
    "DISCORD_TOKEN (environment or .env)."
)
REJECTED_TOKEN = (
    "paperbot: Discord rejected the bot token in DISCORD_TOKEN. Get a fresh one at "
    "https://discord.com/developers/applications -> your application -> Bot -> Reset Token."
)
MALFORMED_TOKEN = (
    "paperbot: DISCORD_TOKEN {flaw}. Copy it again from "
    "https://discord.com/developers/applications -> your application -> Bot (Reset Token shows a new one)."
)
MAX_RATE_LIMIT_WAIT_SECONDS = 30.0
# What the bot needs in a channel (README, "Invite it"): daily posts are ordinary messages with an embed, and
# after a crash it reads a channel's recent messages so as not to post twice. 84992.
INVITE_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, embed_links=True,
                                         read_message_history=True)
UNREACHABLE = "paperbot: could not reach Discord ({error}). Check the network connection and try again."
_MAX_LOGGED_PROBLEMS = 20
SEARCH_CONCURRENCY = 2
# CPython collects its oldest generation after every 10 collections of the middle one. Such a full
# collection walks every object made since start-up (setup_hook freezes the older ones) and holds the GIL,
# so the loop, all the while: in bench/bot_load.py, 500 searches in flight (~50,000 objects of the bot's
# result lists, menus and interactions, as many of SimCord's in the same process) made it 45-110 ms, about
# every 1.5 s: the run's longest stalls. After 100 it is ten times rarer; the young generations, where
# nearly all garbage dies, are collected as often as before.
FULL_COLLECTION_AFTER = 100
# The background embedding logs its progress at most this often, in seconds and in share of the work:
# a few lines for a conference, about ten for 100,000 papers (a quarter of an hour of one core).
EMBED_LOG_SECONDS = 30.0
EMBED_LOG_SHARE = 0.1
# Pause before embedding again when another process held the write lock past the busy timeout.
EMBED_RETRY_SECONDS = 60


def _add_then_report(before: int, progress: EmbeddingProgress, done: int) -> None:
    """Report a round's count to `progress` as the whole embedding's (earlier rounds' first)."""
    progress(before + done)


class StartupError(Exception):
    """A start-up problem the operator can fix, explained in one line (no traceback needed)."""


def utc_now() -> datetime:
    """The real time, as an aware UTC datetime (the default clock)."""
    return datetime.now(UTC)


class EmbeddingProgress:
    """Counts the abstracts the background embedding has done and logs a line now and then.

    A line needs both EMBED_LOG_SECONDS since the last one and another EMBED_LOG_SHARE of the work:
    a log read at a glance, not a line per batch. Durations come from `clock` (monotonic by
    default), not the bot's clock: they measure work, and the bot's clock may be a test's.
    """

    def __init__(self, total: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.done = total, 0
        self._clock = clock
        self._started = self._last_time = clock()
        self._last_done = 0

    def __call__(self, done: int) -> None:
        self.done = done
        now = self._clock()
        if done >= self.total or now - self._last_time < EMBED_LOG_SECONDS \
                or done - self._last_done < self.total * EMBED_LOG_SHARE:
            return  # the end has its own line
        log.info("search by meaning: %s of %s abstracts embedded (%d%%)",
                 f"{done:,}", f"{self.total:,}", 100 * done // self.total)
        self._last_time, self._last_done = now, done

    @property
    def seconds(self) -> float:
        """Time since the embedding started."""
        return self._clock() - self._started


class PaperBot(commands.Bot):
    """The paperbot client. Cogs find the database, repositories and search engine on it."""

    db: aiosqlite.Connection  # reads: papers, search, the cards' buttons
    # Writes (picks, subscriptions, deliveries) and the reads that go with them. aiosqlite runs a
    # connection's calls one after another, and while another process holds the write lock (a large
    # `paperbot ingest`) a write waits up to the busy timeout: on `db`, every command's read would
    # wait behind it. Readers are never blocked by a writer in WAL, so `db` keeps answering.
    writes: aiosqlite.Connection
    papers: PaperRepository
    search_engine: SearchEngine
    picks: PickRepository

    def __init__(self, settings: Settings, *, clock: Clock = utc_now) -> None:
        # A text-only bot: no voice, so no "PyNaCl/davey is not installed" warnings at every start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # channels and permissions for daily posts; no message content needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=PaperTree,
            allowed_mentions=discord.AllowedMentions.none(),  # nothing the bot says ever pings
            help_command=None,
            # A Retry-After longer than this raises discord.RateLimited instead of sleeping inside
            # discord.py: a daily post then frees its send worker and is retried when Discord allows
            # (bot.cogs.daily classifies it as transient). 30 s is the least discord.py accepts.
            max_ratelimit_timeout=MAX_RATE_LIMIT_WAIT_SECONDS,
        )
        self.settings = settings
        self.clock = clock
        self.force_sync = False  # `paperbot sync`: sync even when the command tree is unchanged
        self.sync_only = False  # `paperbot sync`: the bot stops right after start-up, so no background work
        # The background embedding of abstracts for search by meaning (None: not running, off, or no encoder).
        self.embedding_task: asyncio.Task[None] | None = None
        self.last_sync: str | None = None  # "guild", "global", "skipped" or "rate limited", for logs and tests
        # What the start-up's corpus load did (None: no load finished): its problems and duplicates say which
        # records it skipped, for a status line and for tests that need their whole corpus loaded.
        self.last_load_report: LoadReport | None = None
        # Searches rank in worker threads that share the GIL with the event loop: more at once does
        # not finish sooner on a small machine, it only makes every loop callback wait longer.
        self.search_slots = asyncio.Semaphore(SEARCH_CONCURRENCY)
        self._gc_thresholds: tuple[int, int, int] | None = None  # the process's own, while setup_hook's apply

    async def search(self, query: str, *, limit: int, offset: int = 0, meaning: bool = True,
                     venue: str | None = None) -> SearchResults:
        """Search the corpus, SEARCH_CONCURRENCY searches at a time (`meaning`, `venue`: SearchEngine.search)."""
        async with self.search_slots:
            return await self.search_engine.search(query, limit=limit, offset=offset, meaning=meaning, venue=venue)

    def now(self) -> datetime:
        """The current time from the injected clock: the only "now" the bot uses."""
        return self.clock()

    async def setup_hook(self) -> None:
        """Open the database, load the corpus, build search, add cogs and buttons, sync commands."""
        try:
            await self._serve_the_database()
        except sqlite3.DatabaseError as error:
            if not damaged(error):
                raise
            raise StartupError(damaged_database(self.settings.database_path, _short(error))) from None
        self.picks = PickRepository(self.writes)
        await self._load_extensions()
        self.add_dynamic_items(SimilarButton, RandomButton, StaleListItem)
        self.last_sync = await self._sync_unless_rate_limited()
        self._start_embedding()
        # The corpus, search index and caches built above live as long as the bot: move them out of
        # the collector's reach, so a full collection under load pauses the loop for ms, not 100s of ms.
        gc.collect()
        gc.freeze()
        self._collect_oldest_rarely()

    async def _serve_the_database(self) -> None:
        """Open the database (both connections), load the corpus and build search from what is stored.

        A damaged file (a disk fault, a copy taken mid-write) may open and fail only at its first read of a
        damaged page, here; setup_hook makes that one line, not a traceback.
        """
        self.db = await self._open_database()
        self.writes = await self._open_database()
        self.papers = PaperRepository(self.db)
        await self._load_corpus()
        self.search_engine = await SearchEngine.open(self.db)

    def _collect_oldest_rarely(self) -> None:
        """Full collections after FULL_COLLECTION_AFTER middle-generation ones instead of 10 (until close())."""
        if self._gc_thresholds is None:
            self._gc_thresholds = gc.get_threshold()
        young, middle, _ = self._gc_thresholds
        gc.set_threshold(young, middle, FULL_COLLECTION_AFTER)

    async def _open_database(self) -> aiosqlite.Connection:
        """Open the configured database; a file that cannot be opened is a one-line StartupError."""
        path = self.settings.database_path
        try:
            return await open_database(path)
        except SchemaTooNewError as error:  # not DATABASE_PATH's fault: the database is fine, this code too old
            raise StartupError(f"cannot open the database {path}: {error}") from None
        except (OSError, sqlite3.Error) as error:
            raise StartupError(f"cannot open the database {path}: {_why_not_opened(path, error)}") from error

    async def _load_corpus(self) -> None:
        """Load the configured corpus; a broken corpus keeps the papers already stored."""
        try:
            report = await load_corpus(self.db, list(self.settings.corpus_paths))
        except Exception as error:
            if damaged(error):  # the database's fault, not the corpus's: setup_hook says so in one line
                raise
            stored = await self.papers.count()
            if disk_refused(error):  # nothing to fix in the corpus either, and the traceback says nothing more
                self._cannot_store_the_corpus(error, stored)
                return
            log.exception("corpus load failed; %d papers already in the database", stored)
            if stored == 0:
                raise StartupError(f"could not load the corpus ({_short(error)}); nothing to serve "
                                   "(check CORPUS_PATH)") from error
            return
        self.last_load_report = report
        if report.active == 0:  # a CORPUS_PATH with a typo, or files that hold no abstract: nothing to serve
            why = f" ({report.problems[0]})" if report.problems else ""
            raise StartupError(f"the corpus gave no papers{why}; nothing to serve (check CORPUS_PATH)")
        if report.gave_nothing:  # CORPUS_PATH changed to a typo, say: what is served is not what it names
            corpus = os.pathsep.join(str(path) for path in self.settings.corpus_paths)
            log.warning("corpus: %s gave no paper; serving the %s stored before (check CORPUS_PATH)", corpus,
                        counted(report.active, "paper"))
        else:
            log.info("corpus: %s (%d added, %d updated, %d retired, %s) in %.2f s",
                     counted(report.active, "active paper"), report.added, report.updated, report.retired,
                     "unchanged" if report.skipped_unchanged else f"{counted(report.records, 'record')} read",
                     report.seconds)
        for problem in report.problems[:_MAX_LOGGED_PROBLEMS]:
            log.warning("corpus problem: %s", problem)
        if len(report.problems) > _MAX_LOGGED_PROBLEMS:
            log.warning("... and %s", counted(len(report.problems) - _MAX_LOGGED_PROBLEMS, "more corpus problem"))

    def _cannot_store_the_corpus(self, error: BaseException, stored: int) -> None:
        """The load's writes were refused by the database's disk (full, failing): one line, the load rolled back.
        With papers stored before, they are served; without, there is nothing to serve."""
        path = self.settings.database_path
        if stored == 0:
            raise StartupError(f"cannot store the corpus in the database {path}: {_short(error)}; nothing to serve "
                               "(is its disk full?)") from None
        log.error("corpus load failed: cannot write to the database %s (%s); serving the %s stored before (is its disk "
                  "full?)", path, _short(error), counted(stored, "paper"))

    def _start_embedding(self) -> None:
        """Start embedding the abstracts that have no vector yet, in the background.

        The sentence encoder reads ~100 abstracts a second (storage/vectors.py), so this runs after
        start-up, while commands answer: a search ranks by words until its candidates have vectors.
        Only when search has an encoder: without one (model files missing) vectors would go unused.
        """
        if not self.settings.embed_abstracts or self.search_engine.encoder is None or self.sync_only:
            return
        self.embedding_task = asyncio.create_task(self._embed_abstracts(), name="paperbot: embed abstracts")

    async def _embed_abstracts(self) -> None:
        """Embed every active abstract without a vector and log how it went; never raises but to cancel."""
        progress = EmbeddingProgress(0)
        try:
            missing = await count_missing(self.db)
            if missing == 0:
                log.info("search by meaning: all %s abstracts embedded", f"{self.search_engine.size:,}")
                return
            log.info("search by meaning: embedding %s in the background (searches rank by words "
                     "until their candidates are embedded)", counted(missing, "abstract"))
            progress = EmbeddingProgress(missing)
            done = await self._embed_in_child_process(progress)
        except asyncio.CancelledError:  # close() or a crash: what is stored stays, the next start goes on
            log.info("search by meaning: embedding stopped after %s of %s abstracts; the next start goes on",
                     f"{progress.done:,}", f"{progress.total:,}")
            raise
        except Exception:  # no vectors is no meaning, never no search: keep serving by words
            log.exception("search by meaning: embedding the abstracts failed after %s of %s; searches among "
                          "the others rank by words", f"{progress.done:,}", f"{progress.total:,}")
            return
        seconds = progress.seconds
        log.info("search by meaning: embedded %s in %.*f s; search re-ranks by meaning",
                 counted(done, "abstract"), 0 if seconds >= 10 else 1, seconds)

    async def _embed_in_child_process(self, progress: EmbeddingProgress) -> int:
        """embed_missing with the encoder in a child process (EncoderProcess): its work never holds the
        event loop's GIL, and the memory its batches grow goes back when it is closed."""
        encoder = EncoderProcess()
        try:
            async with self._embedding_connection() as conn:
                return await self._embed_while_busy_waits(conn, encoder, progress)
        finally:
            # Closing waits for the batch in progress (a second or so); shielded, so a second cancellation
            # (a shutdown in a hurry) cannot leave the child process behind.
            await asyncio.shield(asyncio.to_thread(encoder.close))

    @contextlib.asynccontextmanager
    async def _embedding_connection(self) -> AsyncIterator[aiosqlite.Connection]:
        """A connection of the embedding's own: while another process holds the write lock (a large
        `paperbot ingest`), each batch's write waits up to the busy timeout, and on the bot's shared
        connection every command's read would wait behind it. (The bot's database is always a file:
        a corpus load refuses an in-memory one.)"""
        conn = await open_database(self.settings.database_path)
        try:
            yield conn
        finally:
            await asyncio.shield(conn.close())

    async def _embed_while_busy_waits(self, conn: aiosqlite.Connection, encoder: EncoderProcess,
                                      progress: EmbeddingProgress) -> int:
        """embed_missing, again after EMBED_RETRY_SECONDS whenever another process (a large
        `paperbot ingest`) held the write lock past the busy timeout, or the disk refused a batch (full): a
        busy database or a full disk delays the embedding, it does not end it (once there is room again,
        it goes on without a restart). What was stored stays; the next round goes on from there."""
        before = 0  # abstracts embedded by the earlier rounds
        while True:
            try:
                report = functools.partial(_add_then_report, before, progress)
                return before + await embed_missing(conn, encoder, progress=report)
            except sqlite3.OperationalError as error:
                # SQLite's error name, not its words: "database table is locked" (SQLITE_LOCKED) is a conflict
                # within this connection, which waiting does not end.
                if not busy(error) and not disk_refused(error):
                    raise
                before = progress.done
                why = (f"cannot store the vectors in the database {self.settings.database_path} ({error}: is its disk "
                       "full?)") if disk_refused(error) else "the database is busy (another process is writing)"
                log.warning("search by meaning: %s; embedding goes on in %d s (%s of %s abstracts done)", why,
                            EMBED_RETRY_SECONDS, f"{before:,}", f"{progress.total:,}")
                await asyncio.sleep(EMBED_RETRY_SECONDS)

    async def _stop_embedding(self) -> None:
        """Cancel the background embedding and wait until it has let go of the database."""
        task, self.embedding_task = self.embedding_task, None
        if task is None or task.done():
            return
        task.cancel()
        await asyncio.wait([task])  # not `await task`: its CancelledError is not ours to raise

    async def _load_extensions(self) -> None:
        for name in EXTENSIONS:
            try:
                await self.load_extension(name)
            except commands.ExtensionNotFound:
                log.info("extension %s is not available; skipping it", name)

    async def _sync_unless_rate_limited(self) -> str:
        """sync_commands, or "rate limited" when Discord asks for a wait past max_ratelimit_timeout (command
        syncs have a daily limit): the bot runs with the commands synced before, and the next start syncs
        (no tree hash was written). `paperbot sync`, which does nothing else, says so in one line."""
        try:
            return await self.sync_commands(force=self.force_sync)
        except discord.RateLimited as error:
            wait = in_a_while(error.retry_after)
            if self.sync_only:
                raise StartupError(f"Discord asks to wait {wait} before the next command sync; "
                                   "run `paperbot sync` again then") from None
            log.warning("commands not synced: Discord asks to wait %s; the commands synced before stay, and the "
                        "next start syncs", wait)
            return "rate limited"

    async def sync_commands(self, *, force: bool = False) -> str:
        """Sync slash commands deliberately; returns what was done ("guild", "global", "skipped").

        With a development guild: to that guild (instant, every start). Otherwise globally, but
        only when the command tree differs from the last global sync, or when `force` is set.
        """
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                synced = await self.tree.sync(guild=guild)
            except (discord.Forbidden, discord.NotFound) as error:  # was a traceback, and no bot
                raise StartupError(self._dev_guild_refused(error)) from None
            log.info("synced %s to the development guild %s", _commands_named(synced), guild.id)
            return "guild"
        digest = command_tree_hash(self.tree)
        state_file = sync_state_path(self.settings.database_path)
        state = read_sync_state(state_file)
        key = str(self.application_id)
        if not force and state.get(key) == digest:
            log.info("command tree unchanged since the last global sync; not syncing")
            return "skipped"
        synced = await self.tree.sync()
        state[key] = digest
        try:
            write_sync_state(state_file, state)
        except OSError as error:  # a full disk: the commands are synced all the same, only the record is missing
            log.warning("could not record the command sync in %s (%s); the next start syncs again", state_file,
                        error)
        log.info("synced %s globally (may take up to an hour to show everywhere)", _commands_named(synced))
        return "global"

    async def on_ready(self) -> None:
        """Say that the bot is up, as whom and in how many servers; in none yet, how to invite it (the URL README's
        "Invite it" step builds by hand). Again after a reconnect that started a new session."""
        servers = len(self.guilds)
        if servers:
            log.info("ready: logged in as %s, in %s", self.user, counted(servers, "server"))
        elif self.application_id is not None:
            log.info("ready: logged in as %s, in no server yet; invite it with %s", self.user,
                     invite_url(self.application_id))

    def _dev_guild_refused(self, error: discord.HTTPException) -> str:
        """Why Discord refused the commands for DEV_GUILD_ID, and the ways out: the bot is not in that server (or
        was invited without the applications.commands scope), or the id is not a server's (a channel's, say)."""
        invite = f"invite it with {invite_url(self.application_id)}, " if self.application_id else ""
        return (f"Discord refused the commands for the server DEV_GUILD_ID={self.settings.dev_guild_id} "
                f"({error.text or error.status}): the bot is not in that server, or was invited without the "
                f"applications.commands scope; {invite}check the id (right-click the server's icon -> Copy Server "
                "ID), or leave DEV_GUILD_ID empty")

    async def close(self) -> None:
        """Stop the background embedding, log out (which unloads the cogs: daily posts stop) and close
        the database."""
        await self._stop_embedding()  # first: it writes to the database closed below
        await super().close()
        for conn in (getattr(self, "writes", None), getattr(self, "db", None)):
            if conn is not None:
                await conn.close()
        gc.unfreeze()  # what setup_hook froze may now be collected
        if self._gc_thresholds is not None:
            gc.set_threshold(*self._gc_thresholds)
            self._gc_thresholds = None


def invite_url(application_id: int) -> str:
    """The bot's invite link: scopes bot and applications.commands, INVITE_PERMISSIONS."""
    return discord.utils.oauth_url(application_id, permissions=INVITE_PERMISSIONS,
                                   scopes=("bot", "applications.commands"))


def _commands_named(synced: list[discord.app_commands.AppCommand]) -> str:
    """ "1 command (/paper)": what a sync sent, named (a group's subcommands are not commands of their own)."""
    return f"{counted(len(synced), 'command')} ({', '.join('/' + command.name for command in synced)})"


def command_tree_hash(tree: discord.app_commands.CommandTree) -> str:
    """A hash of the global command tree as Discord sees it: changes exactly when a sync is due."""
    payload = sorted((command.to_dict(tree) for command in tree.get_commands()), key=lambda c: c["name"])
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode("utf-8")).hexdigest()


def sync_state_path(database_path: Path) -> Path:
    """Where the last global sync's hash lives: a small file next to the database."""
    return Path(f"{database_path}.command-sync.json")


def read_sync_state(path: Path) -> dict[str, str]:
    """Application id -> command tree hash of the last global sync ({} when unknown)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def write_sync_state(path: Path, state: dict[str, str]) -> None:
    """Write the sync state atomically (a crash never leaves half a file)."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(json.dumps(state, indent=2, sort_keys=True), encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):  # a full disk left it empty: not a file to find next to the database
            temporary.unlink()
        raise


def create_bot(settings: Settings | None = None, *, clock: Clock | None = None) -> PaperBot:
    """Build the configured, not yet started bot (settings from the environment and .env by default)."""
    return PaperBot(settings if settings is not None else load_settings(), clock=clock or utc_now)


async def _start(bot: PaperBot, token: str, *, sync_only: bool) -> None:
    async with bot:
        if sync_only:
            bot.force_sync = bot.sync_only = True
            await bot.login(token)  # runs setup_hook, which syncs; no gateway connection needed
            return
        await bot.start(token)


def run_bot(settings: Settings, *, sync_only: bool = False) -> int:
    """Run the bot until stopped (or just sync its commands); returns the process exit code."""
    token = settings.discord_token
    if not token:
        print(_no_token_message(settings), file=sys.stderr)
        return 2
    if is_placeholder_token(token):
        print(PLACEHOLDER_TOKEN, file=sys.stderr)
        return 2
    flaw = token_flaw(token)
    if flaw:
        print(MALFORMED_TOKEN.format(flaw=flaw), file=sys.stderr)
        return 2
    bot = create_bot(settings)
    try:
        asyncio.run(_start(bot, token, sync_only=sync_only))
    except discord.LoginFailure:
        print(REJECTED_TOKEN, file=sys.stderr)
        return 2
    except StartupError as error:
        print(f"paperbot: {error}", file=sys.stderr)
        return 1
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as error:
        print(UNREACHABLE.format(error=_short(error)), file=sys.stderr)
        return 1
    return 0


def _no_token_message(settings: Settings) -> str:
    """Why there is no token. A variable set but empty (`DISCORD_TOKEN=` in a unit file or compose) still wins
    over `.env`, as everywhere, so a token put in `.env` is hidden: say so rather than "not set"."""
    if "DISCORD_TOKEN" in os.environ:
        in_dotenv = settings.env_file and clean_token(env_file_value(settings.env_file, "DISCORD_TOKEN"))
        return EMPTY_TOKEN.format(hiding=f", which hides the one in {settings.env_file}" if in_dotenv else "")
    # Where .env was looked for: the folder paperbot runs in, which a service manager may not set as expected.
    where = f"or in {settings.env_file}" if settings.env_file else f"and there is no .env in {Path.cwd()}"
    return MISSING_TOKEN.format(where=where)


def _why_not_opened(path: Path, error: BaseException) -> str:
    """What is wrong with DATABASE_PATH, or with the disk, when SQLite could not open the database there."""
    if path.is_dir():  # SQLite says only "unable to open database file"
        return "it is a folder, give a file name (check DATABASE_PATH)"
    return f"{_short(error)} ({DISK_HINT if disk_refused(error) else 'check DATABASE_PATH'})"


def _short(error: BaseException) -> str:
    text: Any = str(error) or type(error).__name__
    return str(text).splitlines()[0][:200]
