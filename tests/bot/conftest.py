"""SimCord fixtures for bot tests: a real PaperBot on a temporary database, a clock, a small server.

Reusable by every bot test module (the daily-posts tests included):

- `clock`: a `TestClock` ("now" for the bot). It follows SimCord's virtual time, so
  `await simcord_env.advance_time(60)` moves both asyncio timers and `bot.now()`;
  `clock.set(datetime)` jumps to a given instant (e.g. just before a DST change).
- `corpus_paths`: what the bot loads (default: the bundled corpus). Override the fixture in a
  test module to add files, or mark the module `zebrafish_and_axolotl` for two one-paper files (the
  fixtures `zebrafish` and `zebrafish_and_axolotl`: a topic about axolotls, and a reload to the zebrafish
  alone that leaves it matching nothing).
- `bot_settings`: Settings on `tmp_path / "paperbot.db"`, no token, no development guild, no
  background embedding of abstracts (`EMBED_ABSTRACTS` off); with the bundled corpus the database
  starts as a copy of a session template with the corpus loaded (mark a test `fresh_db` for an
  empty one).
- `make_bot(**overrides)`: build another bot on the same settings (with `overrides`, e.g. another
  `corpus_paths` for a corpus reload) and clock (what a restart starts).
- `simcord_bot` / `simcord_env`: the bot under test attached to a virtual Discord (setup_hook ran:
  database opened, corpus loaded, cogs added, commands synced). Options via
  `@pytest.mark.simcord(...)` as with SimCord's own fixture.
- Every bot's corpus load must keep every record (`assert_nothing_skipped` on `bot.last_load_report`, checked
  when the test ends): a paper skipped as too short or a duplicate would leave a test passing on fewer papers
  than it describes. Mark a test `corpus_problems` when its corpus is broken on purpose.
- `restart(**overrides)`: stop the running bot abruptly (like a crash) and start a fresh one on the
  same database (settings overridden as with `make_bot`); returns the new bot.
- `world`: a server with #general, a #no-bot channel where the bot may not send or embed,
  members alice and bob (no special permissions) and mod (Manage Channels + Manage Server).
- `expect_errors(env, *types)`: acknowledge the errors the central handler reported, asserting
  their types (SimCord records every error that reaches the tree's on_error, handled or not).
- `behind_the_lock(env, call, released)`: `call` made to wait until `released` is set, as a database
  call waits while another process holds the write lock (a wait SimCord is told is intended).
- `HeldConnection(env, conn).first(call)`: the same, but the wait also holds `conn`'s thread, as a
  real lock wait does: every other call on that connection queues behind it until `release()`.
- `deleted_thinking_ends_loading` (automatic): the bot deleting its own "thinking…" message ends its
  loading state, so a followup after it is a message of its own, as on Discord (SimCord 3.2 differs).
"""

from __future__ import annotations

import asyncio
import gc
import shutil
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite
import discord
import pytest
import pytest_asyncio
import simcord
from simcord.http import router as simcord_router
from simcord.http.routes import interactions as simcord_interactions

from bot.client import PaperBot, create_bot
from bot.settings import BUNDLED_CORPUS, Settings
from bot.tree import unwrap
from storage.db import open_database
from storage.loader import load_corpus
from tests.storage.conftest import assert_nothing_skipped

DEFAULT_START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
Restart = Callable[..., Awaitable[PaperBot]]  # the `restart` fixture: `await restart(**overrides)` is the new bot
LOCK_WAIT_LIMIT = 60  # seconds: a held connection lets go by then, so a test that fails ends instead of hanging


class TestClock:
    """A controllable aware-UTC clock that moves with SimCord's virtual time once bound."""

    __test__ = False  # not a test class, despite the name

    def __init__(self, start: datetime = DEFAULT_START) -> None:
        if start.tzinfo is None:
            raise ValueError("the test clock needs an aware datetime")
        self._base = start.astimezone(UTC)
        self._env: simcord.Env | None = None
        self._origin: datetime | None = None

    def bind(self, env: simcord.Env) -> None:
        """Follow `env`'s virtual time from now on (advance_time moves this clock too)."""
        elapsed = self._elapsed()
        self._env, self._origin = env, env.now()
        self._base += elapsed

    def _elapsed(self) -> timedelta:
        if self._env is None or self._origin is None:
            return timedelta(0)
        return self._env.now() - self._origin

    def __call__(self) -> datetime:
        return self._base + self._elapsed()

    def now(self) -> datetime:
        """The current instant (same as calling the clock)."""
        return self()

    def set(self, when: datetime) -> None:
        """Jump to `when` (aware) without firing any timers."""
        if when.tzinfo is None:
            raise ValueError("set() needs an aware datetime")
        self._base = when.astimezone(UTC) - self._elapsed()

    def advance(self, seconds: float) -> None:
        """Move the clock forward without firing timers (use env.advance_time to fire them)."""
        self._base += timedelta(seconds=seconds)


@dataclass
class World:
    """A small server to act in."""

    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    no_bot: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    mod: simcord.MemberActor


@pytest.fixture(scope="session", autouse=True)
def deleted_thinking_ends_loading() -> Iterator[None]:
    """The bot deleting its own "thinking…" message ends the loading state, as on Discord.

    SimCord 3.2 keeps a deleted type-5 original as the interaction's pending answer, so the followup after it
    fails with Unknown Message (10008). Discord did so too until April 2021 and fixed it as a bug
    (discord/discord-api-docs#2739): a followup after the delete is a message of its own, private if asked,
    which is how the error tree answers privately after a public "thinking…" (bot.tree.send_ephemeral).
    A *member* deleting the "thinking…" message stays as SimCord has it (test_papers_review9_deleted).
    """
    handlers = simcord_router._ROUTES["DELETE"]
    index = next(i for i, (_, handler) in enumerate(handlers)
                 if handler is simcord_interactions.delete_original_response)
    segments, delete = handlers[index]

    def delete_ending_the_loading(ctx: Any) -> Any:
        record = simcord_interactions._record(ctx)
        deleted = delete(ctx)
        if record.loading:
            record.complete_deferred()
        return deleted

    handlers[index] = (segments, delete_ending_the_loading)
    try:
        yield
    finally:
        handlers[index] = (segments, delete)


@pytest.fixture
def clock() -> TestClock:
    """The bot's clock, starting at 2026-01-01 12:00 UTC."""
    return TestClock()


@pytest.fixture
def corpus_paths(request: pytest.FixtureRequest) -> tuple[Path, ...]:
    """The corpus the bot loads: the bundled one, or `zebrafish_and_axolotl` for a module or test marked
    so; override in a module to load other files."""
    if request.node.get_closest_marker("zebrafish_and_axolotl") is not None:
        return tuple(request.getfixturevalue("zebrafish_and_axolotl"))
    return (BUNDLED_CORPUS,)


@pytest.fixture
def zebrafish(tmp_path: Path) -> Path:
    """A corpus file with one short paper, about the zebrafish retina."""
    # Imported here: that test module imports this one.
    from tests.bot.test_daily_card_content import SENTENCE, corpus_file

    return corpus_file(tmp_path, "zebrafish.txt", SENTENCE * 3)


@pytest.fixture
def zebrafish_and_axolotl(tmp_path: Path, zebrafish: Path) -> tuple[Path, ...]:
    """A zebrafish paper and an axolotl paper (a topic subscription about axolotls); a corpus reload
    to `(zebrafish,)` leaves the topic matching nothing."""
    from tests.bot.test_daily_card_content import AXOLOTL, corpus_file

    return (zebrafish, corpus_file(tmp_path, "axolotl.txt", AXOLOTL))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fresh_db: start the bot on an empty database (no corpus loaded yet)")
    config.addinivalue_line("markers", "zebrafish_and_axolotl: the bot loads the `zebrafish_and_axolotl` corpus")
    config.addinivalue_line("markers", "corpus_problems: the bot's corpus has problems on purpose (its load report "
                                       "is not checked for skipped records)")


@pytest.fixture(scope="session")
def bundled_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with the bundled corpus loaded once per session, by the real loader."""
    path = tmp_path_factory.mktemp("template") / "paperbot.db"

    async def build() -> None:
        conn = await open_database(path)
        try:
            assert_nothing_skipped(await load_corpus(conn, [BUNDLED_CORPUS]))
        finally:
            await conn.close()

    asyncio.run(build())
    return path


@pytest.fixture
def bot_settings(tmp_path: Path, corpus_paths: tuple[Path, ...], bundled_template: Path,
                 request: pytest.FixtureRequest) -> Settings:
    """Settings for a bot on its own temporary database.

    With the bundled corpus the database starts as a copy of the session's template (the bot's
    corpus load then finds it unchanged): the same state as a fresh load, in a fraction of the
    time. Mark a test `fresh_db` to start from an empty database instead.
    """
    database = tmp_path / "paperbot.db"
    if corpus_paths == (BUNDLED_CORPUS,) and request.node.get_closest_marker("fresh_db") is None:
        shutil.copyfile(bundled_template, database)
    # Embedding off: the product embeds every abstract in the background, a second or so of CPU for the
    # bundled corpus at every bot start; tests/bot/test_embedding.py switches it on for small corpora.
    return Settings(discord_token=None, database_path=database, corpus_paths=corpus_paths,
                    dev_guild_id=None, log_level="DEBUG", embed_abstracts=False)


@pytest_asyncio.fixture
async def make_bot(bot_settings: Settings, clock: TestClock,
                   request: pytest.FixtureRequest) -> AsyncIterator[Callable[..., PaperBot]]:
    """A factory of bots on the same settings (but for `overrides`) and clock; closes their databases
    at the end, then fails the test if a bot's corpus load skipped a record (unless marked `corpus_problems`)."""
    built: list[PaperBot] = []

    def build(**overrides: Any) -> PaperBot:
        bot = create_bot(replace(bot_settings, **overrides), clock=clock)
        built.append(bot)
        return bot

    yield build
    for bot in built:
        for conn in (getattr(bot, "writes", None), getattr(bot, "db", None)):
            if conn is not None:
                await conn.close()
    gc.unfreeze()  # setup_hook froze the bot's start-up objects; let this test's garbage go
    if request.node.get_closest_marker("corpus_problems") is None:
        for bot in built:
            if bot.last_load_report is not None:  # None: the bot never started, or its load failed
                assert_nothing_skipped(bot.last_load_report)


@pytest.fixture
def simcord_bot(make_bot: Callable[..., PaperBot]) -> PaperBot:
    """The bot under test (SimCord's `simcord_env` attaches it)."""
    return make_bot()


@pytest_asyncio.fixture
async def simcord_env(simcord_bot: PaperBot, clock: TestClock,
                      request: pytest.FixtureRequest) -> AsyncIterator[simcord.Env]:
    """SimCord's environment around the bot, with the test clock bound to its virtual time."""
    marker = request.node.get_closest_marker("simcord")
    env = simcord.Env(simcord_bot, **(marker.kwargs if marker else {}))
    clock.bind(env)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


@pytest.fixture
def restart(simcord_env: simcord.Env, make_bot: Callable[..., PaperBot]) -> Restart:
    """Replace the running bot with a fresh one on the same database (like a crash + start), on
    settings changed by `overrides` if any (another `corpus_paths`: a corpus reload)."""

    async def do_restart(**overrides: Any) -> PaperBot:
        bot = make_bot(**overrides)
        await simcord_env.restart_bot(bot)
        return bot

    return do_restart


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    """A server with channels and members with and without permissions."""
    return build_world(simcord_env, "Paper Club")


def build_world(simcord_env: simcord.Env, server_name: str) -> World:
    """The `world` fixture's server, channels and members, in a server called `server_name`."""
    guild = simcord_env.create_guild(server_name)
    channel = guild.create_text_channel("general")
    me = guild.me
    assert me is not None
    no_bot = guild.create_text_channel(
        "no-bot", overwrites={me: discord.PermissionOverwrite(send_messages=False, embed_links=False)})
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True, manage_guild=True))
    return World(
        guild=guild, channel=channel, no_bot=no_bot,
        alice=guild.add_member(simcord_env.create_user("alice")),
        bob=guild.add_member(simcord_env.create_user("bob")),
        mod=guild.add_member(simcord_env.create_user("mod"), roles=[mods]),
    )


def expect_errors(env: simcord.Env, *types: type[BaseException]) -> list[BaseException]:
    """Acknowledge the errors the bot reported so far and assert their types, in order."""
    errors = [unwrap(error) for error in env.errors]
    assert [type(error) for error in errors] == list(types), errors
    return errors


def behind_the_lock(env: simcord.Env, call: Callable[..., Any], released: asyncio.Event) -> Callable[..., Any]:
    """`call`, made to wait first until `released` is set, as a database call waits for the lock."""

    async def waiting(*args: Any, **kwargs: Any) -> Any:
        await env.external_wait(released.wait(), reason="another process holds the write lock")
        return await call(*args, **kwargs)

    return waiting


async def hold_the_connection(env: simcord.Env, conn: aiosqlite.Connection, until: threading.Event, *,
                              holding: threading.Event | None = None) -> None:
    """Block `conn`'s one thread until `until` is set (`holding` is set once it blocks), as a write
    waiting for another process's lock does (a large `paperbot ingest`: up to the 5 s busy timeout):
    every other call on that connection queues behind it. Declared to SimCord as an intended wait."""

    def wait_for_the_lock() -> int:
        if holding is not None:
            holding.set()
        until.wait(LOCK_WAIT_LIMIT)
        return 0

    await conn.create_function("wait_for_the_lock", 0, wait_for_the_lock)
    await env.external_wait(conn.execute_fetchall("SELECT wait_for_the_lock()"),
                            reason="another process holds the write lock")


class HeldConnection:
    """A storage call made to hold its connection first (`hold_the_connection`), once, until `release()`."""

    def __init__(self, env: simcord.Env, conn: aiosqlite.Connection) -> None:
        self.env, self.conn = env, conn
        self._released = threading.Event()
        self._let_go = asyncio.Event()

    def first(self, call: Callable[..., Any]) -> Callable[..., Any]:
        """`call`, made to hold the connection first (its first call only) until `release()`."""

        async def holding(*args: Any, **kwargs: Any) -> Any:
            if not self._released.is_set():
                await hold_the_connection(self.env, self.conn, self._released)
                self._let_go.set()
            return await call(*args, **kwargs)

        return holding

    async def release(self) -> None:
        """The other process commits: the held call goes on (this returns once it has)."""
        self._released.set()
        await asyncio.wait_for(self._let_go.wait(), LOCK_WAIT_LIMIT)


@pytest.fixture
def bot(simcord_env: simcord.Env) -> PaperBot:
    """The bot currently attached to the environment (changes after restart())."""
    current = simcord_env.bot
    assert isinstance(current, PaperBot)
    return current


@pytest.fixture
def logins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The tokens the bot logs in with (Discord rejects each: the run ends there); run from an empty folder."""
    tried: list[str] = []

    async def reject(self: object, token: str) -> None:
        tried.append(token)
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", reject)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "paperbot.db"))
    return tried


def answer(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The message the bot answered an interaction with; the test fails if it sent none."""
    assert result.response is not None, result
    return result.response


def field_value(embed: discord.Embed, name: str) -> str:
    """The value of the embed's first field named `name`; the test fails if it has none."""
    values = [field.value for field in embed.fields if field.name == name]
    assert values, f"no {name!r} field in {[field.name for field in embed.fields]}"
    assert values[0] is not None
    return values[0]


def message_controls(message: discord.Message) -> list[discord.Button | discord.SelectMenu]:
    """A sent message's buttons and menus, row by row (discord.py types its components as any kind there is)."""
    controls: list[discord.Button | discord.SelectMenu] = []
    for row in message.components:
        assert isinstance(row, discord.ActionRow), row
        for item in row.children:
            assert isinstance(item, discord.Button | discord.SelectMenu), item
            controls.append(item)
    return controls


def select_menu(message: discord.Message) -> discord.SelectMenu:
    """The message's (first) select menu: a result list's papers, a card's similar papers."""
    return next(item for item in message_controls(message) if isinstance(item, discord.SelectMenu))
