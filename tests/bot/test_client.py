"""Start-up: create_bot, setup_hook, the sync policy, extensions, run_bot's token handling."""

from __future__ import annotations

import importlib
import logging
import os
import pkgutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite
import discord
import pytest
import simcord

import bot.cogs
from bot import client as bot_client
from bot.client import (
    MAX_RATE_LIMIT_WAIT_SECONDS,
    PaperBot,
    StartupError,
    command_tree_hash,
    create_bot,
    run_bot,
    sync_state_path,
)
from bot.settings import Settings
from storage.models import LoadReport
from tests.bot.conftest import TestClock, World

ROOT = Path(__file__).resolve().parents[2]


def command_puts(env: simcord.Env, *, guild_id: int | None = None) -> list[simcord.HttpLogEntry]:
    """The bulk-overwrite (sync) requests the bot made, globally or for one guild."""
    suffix = f"/guilds/{guild_id}/commands" if guild_id else "/commands"
    return [r for r in env.http_requests
            if r.method == "PUT" and r.path.endswith(suffix) and (guild_id or "/guilds/" not in r.path)]


@pytest.mark.fresh_db
async def test_setup_hook_loads_the_corpus_and_wires_everything(bot: PaperBot, clock: TestClock) -> None:
    assert await bot.papers.count() > 20  # the bundled corpus
    assert bot.now() == clock()
    assert bot.allowed_mentions is not None
    assert bot.allowed_mentions.to_dict() == discord.AllowedMentions.none().to_dict()
    assert bot.get_cog("Papers") is not None
    assert isinstance(bot.tree.get_command("paper"), discord.app_commands.Group)


def test_create_bot_reads_nothing_until_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "from-env.db"))
    built = create_bot()
    assert built.settings.database_path == tmp_path / "from-env.db"
    assert not (tmp_path / "from-env.db").exists()  # nothing opened before setup_hook
    assert built.now().tzinfo is not None


def test_a_long_rate_limit_is_raised_not_slept_through(tmp_path: Path) -> None:
    # Without a maximum, discord.py sleeps through any Retry-After inside the request: a daily post's
    # send worker would be held for as long as Discord asks (tests/bot/test_daily_delivery.py has
    # what the scheduler does with the RateLimited raised instead).
    built = create_bot(Settings(database_path=tmp_path / "paperbot.db"))
    assert built.http.max_ratelimit_timeout == MAX_RATE_LIMIT_WAIT_SECONDS == 30.0


# --- sync policy ------------------------------------------------------------------------------

async def test_global_sync_only_when_the_command_tree_changed(
        simcord_env: simcord.Env, bot: PaperBot, restart: Callable, bot_settings: Settings,
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert bot.last_sync == "global"  # first start: nothing synced before
    assert len(command_puts(simcord_env)) == 1
    assert sync_state_path(bot_settings.database_path).is_file()

    again = await restart()
    assert again.last_sync == "skipped"  # same tree: no sync on boot
    assert len(command_puts(simcord_env)) == 1

    original_setup = PaperBot.setup_hook

    async def setup_with_extra_command(self: PaperBot) -> None:
        @discord.app_commands.command(name="ping", description="An extra command")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")

        self.tree.add_command(ping)
        await original_setup(self)

    monkeypatch.setattr(PaperBot, "setup_hook", setup_with_extra_command)
    changed = await restart()
    assert changed.last_sync == "global"
    assert len(command_puts(simcord_env)) == 2
    guild = simcord_env.create_guild()
    member = guild.add_member(simcord_env.create_user("carol"))
    result = await member.slash(guild.create_text_channel("c"), "ping")
    assert result.response is not None
    assert result.response.content == "pong"


async def test_paperbot_sync_forces_a_sync(simcord_env: simcord.Env, make_bot: Callable[[], PaperBot]) -> None:
    forced = make_bot()
    forced.force_sync = True
    await simcord_env.restart_bot(forced)
    assert forced.last_sync == "global"
    assert len(command_puts(simcord_env)) == 2


async def test_development_guild_gets_the_commands_instantly(
        bot_settings: Settings, clock: TestClock, make_bot: Callable[[], PaperBot]) -> None:
    dev_guild_id = 123456789012345678
    settings = replace(bot_settings, dev_guild_id=dev_guild_id)  # make_bot migrated the database
    dev_bot = create_bot(settings, clock=clock)
    env = simcord.Env(dev_bot)
    guild = env.create_guild("Dev", id=dev_guild_id)
    other = env.create_guild("Elsewhere")
    clock.bind(env)
    await env.start()
    try:
        assert dev_bot.last_sync == "guild"
        assert command_puts(env) == []
        assert len(command_puts(env, guild_id=dev_guild_id)) == 1
        alice = guild.add_member(env.create_user("alice"))
        assert "paper random" in alice.available_commands(guild.create_text_channel("general"))
        bob = other.add_member(env.create_user("bob"))
        assert "paper random" not in bob.available_commands(other.create_text_channel("general"))
        assert not sync_state_path(settings.database_path).exists()
    finally:
        await env.shutdown()
        await dev_bot.db.close()


def test_tree_hash_depends_on_the_commands() -> None:
    first, second = create_bot(Settings()), create_bot(Settings())

    @discord.app_commands.command(name="extra", description="x")
    async def extra(interaction: discord.Interaction) -> None:
        return None

    assert command_tree_hash(first.tree) == command_tree_hash(second.tree)
    second.tree.add_command(extra)
    assert command_tree_hash(first.tree) != command_tree_hash(second.tree)


# --- extensions -------------------------------------------------------------------------------

def test_every_cog_module_imports_and_has_setup() -> None:
    names = [f"bot.cogs.{info.name}" for info in pkgutil.iter_modules(bot.cogs.__path__)]
    assert "bot.cogs.papers" in names
    for name in names:
        module = importlib.import_module(name)
        assert callable(getattr(module, "setup", None)), f"{name} has no setup()"
        assert name in bot_client.EXTENSIONS, f"{name} is not loaded by the bot"


async def test_every_listed_extension_is_loaded(bot: PaperBot) -> None:
    for name in bot_client.EXTENSIONS:
        if importlib.util.find_spec(name) is not None:
            assert name in bot.extensions


async def test_missing_extension_is_skipped_with_a_log_line(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        make_bot: Callable[[], PaperBot], clock: TestClock) -> None:
    monkeypatch.setattr(bot_client, "EXTENSIONS", ("bot.cogs.papers", "bot.cogs.not_written_yet"))
    with caplog.at_level(logging.INFO, logger="bot.client"):
        async with simcord.run(make_bot()) as env:
            guild = env.create_guild()
            member = guild.add_member(env.create_user("dora"))
            assert "paper random" in member.available_commands(guild.create_text_channel("general"))
    assert "extension bot.cogs.not_written_yet is not available; skipping it" in caplog.text


# --- run_bot ----------------------------------------------------------------------------------

def test_missing_token_is_one_clear_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = run_bot(Settings(discord_token=None, database_path=tmp_path / "x.db"))
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1
    assert "DISCORD_TOKEN" in err
    assert "https://discord.com/developers/applications" in err
    assert not (tmp_path / "x.db").exists()


def test_rejected_token_is_one_clear_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    async def reject(self: object, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.http.HTTPClient, "static_login", reject)
    code = run_bot(Settings(discord_token="not.a-real.token", database_path=tmp_path / "x.db"))
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1
    assert err.startswith("paperbot: Discord rejected the bot token in DISCORD_TOKEN.")
    assert "not.a-real.token" not in err


def test_command_line_without_token_exits_non_zero_without_traceback(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        bot_client.MISSING_TOKEN.format(where=f"and there is no .env in {tmp_path}")]


async def test_commands_work_in_the_first_guild(world: World) -> None:
    assert {"paper search", "paper random", "paper show", "paper today"} <= set(
        world.alice.available_commands(world.channel))


async def test_an_unusable_database_path_is_a_one_line_startup_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    broken = create_bot(Settings(database_path=blocker / "paperbot.db"))
    with pytest.raises(StartupError, match=r"^cannot open the database .*a-file/paperbot.db: .*check DATABASE_PATH"):
        async with simcord.run(broken):
            pass


def test_run_bot_prints_startup_errors_as_one_line(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    async def failing_start(bot: PaperBot, token: str, *, sync_only: bool) -> None:
        raise StartupError("cannot open the database /nope/paperbot.db: Permission denied (check DATABASE_PATH)")

    monkeypatch.setattr(bot_client, "_start", failing_start)
    assert run_bot(Settings(discord_token="a.b.c")) == 1
    assert capsys.readouterr().err == (
        "paperbot: cannot open the database /nope/paperbot.db: Permission denied (check DATABASE_PATH)\n")


async def test_a_failing_corpus_load_keeps_serving_the_stored_papers(
        simcord_env: simcord.Env, world: World, bot: PaperBot, restart: Callable,
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    stored = await bot.papers.count()

    async def broken_load(*args: object, **kwargs: object) -> None:
        raise RuntimeError("corpus folder on fire")

    monkeypatch.setattr(bot_client, "load_corpus", broken_load)
    with caplog.at_level(logging.ERROR, logger="bot.client"):
        again = await restart()
    assert f"corpus load failed; {stored} papers already in the database" in caplog.text
    assert await again.papers.count() == stored
    result = await world.alice.slash(world.channel, "paper random")
    assert result.response is not None
    assert result.response.embeds


@pytest.mark.fresh_db
async def test_a_failing_first_corpus_load_is_a_startup_error(
        make_bot: Callable[[], PaperBot], monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken_load(*args: object, **kwargs: object) -> None:
        raise RuntimeError("corpus folder on fire")

    monkeypatch.setattr(bot_client, "load_corpus", broken_load)
    with pytest.raises(StartupError, match=r"^could not load the corpus \(corpus folder on fire\)"):
        async with simcord.run(make_bot()):
            pass


@pytest.mark.fresh_db
@pytest.mark.corpus_problems  # a CORPUS_PATH naming no file
async def test_a_first_corpus_that_gives_no_paper_is_a_startup_error(
        make_bot: Callable[[], PaperBot], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    missing = tmp_path / "corpus.json"  # CORPUS_PATH with a typo: the load finds nothing and raises nothing
    real_load = bot_client.load_corpus

    async def load_the_typo(conn: aiosqlite.Connection, paths: Sequence[Path], **kwargs: Any) -> LoadReport:
        return await real_load(conn, [missing], **kwargs)

    monkeypatch.setattr(bot_client, "load_corpus", load_the_typo)
    with pytest.raises(StartupError, match=r"^the corpus gave no papers \(.*corpus.json: no such file or folder\); "
                                           r"nothing to serve \(check CORPUS_PATH\)$"):
        async with simcord.run(make_bot()):
            pass

