"""A new operator's first start: the token as people paste it, and what the log says once the bot is up."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
import simcord

from bot.cli import main
from bot.client import PaperBot, StartupError
from tests.bot.conftest import TestClock

TOKEN = "MTA4.Gx9y-z.abc_DEF"  # the shape of a bot token: base64url pieces joined by dots


@pytest.mark.parametrize("pasted", [
    f'"{TOKEN}"',  # docker run --env-file and compose's `environment:` list keep the quotes
    f"'{TOKEN}'",
    f"“{TOKEN}”",  # copied from a document
    f"  {TOKEN}\n",
    f"Bot {TOKEN}",  # the Authorization header's form
])
def test_a_token_as_people_paste_it_logs_in_with_the_token(pasted: str, logins: list[str],
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    # Discord rejected these, and the advice was to reset a token that was fine.
    monkeypatch.setenv("DISCORD_TOKEN", pasted)
    assert main([]) == 2
    assert logins == [TOKEN]


@pytest.mark.parametrize(("pasted", "flaw"), [
    ("MTA4.Gx9y\nz.abc_DEF", "a space or line break inside it (character 10 of 19)"),
    ("MTA4.Gx9y z.abc_DEF", "a space or line break inside it (character 10 of 19)"),
    ('"MTA4.Gx9y-z.abc_DEF', "a quotation mark (character 1 of 20)"),
    ("MTA4.Gx9y-z.abc_DEF…", "a horizontal ellipsis (character 20 of 20)"),
])
def test_a_token_no_bot_token_could_be_is_one_line_saying_what_is_wrong(
        pasted: str, flaw: str, logins: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # A line break inside the token was a traceback from the HTTP client; a space, a stray quote or a
    # copied ellipsis was "Discord rejected the bot token".
    monkeypatch.setenv("DISCORD_TOKEN", pasted)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err == (f"paperbot: DISCORD_TOKEN has {flaw}, which no bot token has. Copy it again from "
                   "https://discord.com/developers/applications -> your application -> Bot "
                   "(Reset Token shows a new one).\n")
    assert "Gx9y" not in err  # the token is never shown
    assert logins == []  # nothing sent to Discord
    assert not Path("paperbot.db").exists()


async def _start_and_log(bot: PaperBot, clock: TestClock, caplog: pytest.LogCaptureFixture,
                         servers: int = 0) -> list[str]:
    """Start `bot` under SimCord in a Discord with `servers` servers it is in; what bot.client logged meanwhile."""
    env = simcord.Env(bot)
    for n in range(servers):
        env.create_guild(f"Server {n + 1}")
    clock.bind(env)
    with caplog.at_level(logging.INFO, logger="bot.client"):
        await env.start()
        try:
            await env.settle()
        finally:
            await env.shutdown()
    return [record.getMessage() for record in caplog.records if record.name == "bot.client"]


@pytest.mark.fresh_db
async def test_a_bot_in_no_server_yet_logs_its_invite_link(make_bot: Callable[[], PaperBot], clock: TestClock,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    # A new operator's first start said "synced 1 commands globally" and nothing about being in no server:
    # the invite link had to be built by hand from the application id (README, "Invite it").
    bot = make_bot()
    logged = await _start_and_log(bot, clock, caplog)
    assert "synced 1 command (/paper) globally (may take up to an hour to show everywhere)" in logged
    assert [line for line in logged if line.startswith("ready:")] == [
        f"ready: logged in as {bot.user}, in no server yet; invite it with https://discord.com/oauth2/authorize"
        f"?client_id={bot.application_id}&scope=bot+applications.commands&permissions=84992"]


async def test_a_bot_in_servers_logs_how_many(make_bot: Callable[[], PaperBot], clock: TestClock,
                                              caplog: pytest.LogCaptureFixture) -> None:
    bot = make_bot()
    logged = await _start_and_log(bot, clock, caplog, servers=2)
    assert [line for line in logged if line.startswith("ready:")] == [f"ready: logged in as {bot.user}, in 2 servers"]


def test_no_token_says_where_dotenv_was_looked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # A bot started by a service manager from another folder than the one holding its .env said only
    # "no Discord bot token … put it in DISCORD_TOKEN (environment or .env)", though it was in a .env.
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert f"DISCORD_TOKEN is not set in the environment and there is no .env in {tmp_path}. " in err
    (tmp_path / ".env").write_text("DATABASE_PATH=papers.db\n", encoding="utf-8")
    assert main([]) == 2
    assert f"DISCORD_TOKEN is not set in the environment or in {tmp_path / '.env'}. " in capsys.readouterr().err


@pytest.mark.parametrize(("line", "named"), [
    (f"DISCORD_TOKEN: {TOKEN}", " (DISCORD_TOKEN)"),  # YAML's way
    (f'DISCORD_TOKEN="{TOKEN}', " (DISCORD_TOKEN)"),  # a quote not closed
    (f'export DISCORD_TOKEN "{TOKEN}"', " (DISCORD_TOKEN)"),
    (TOKEN, ""),  # the token alone
    (f"<{TOKEN}>", ""),
])
def test_a_dotenv_line_that_cannot_be_read_is_one_line_naming_it(line: str, named: str, logins: list[str],
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # python-dotenv warned "could not parse statement starting at line 2" and skipped it; the bot then said
    # there was no token at all, and every tool ran on defaults.
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    Path(".env").write_text(f"# paperbot\n{line}\nLOG_LEVEL=INFO\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main(["stats"])
    assert stopped.value.code == (f"paperbot: .env line 2{named} is not NAME=value; write it as NAME=value, "
                                  "and close any quote you open")
    assert "Gx9y" not in str(stopped.value.code)  # the line is not shown: it may hold the token
    assert "could not parse" not in capsys.readouterr().err


async def test_the_command_picker_says_what_paper_show_and_search_take(simcord_env: simcord.Env) -> None:
    # A member meeting the bot reads Discord's picker: /paper show said "Show one paper by its id", and a
    # newcomer has no id; it takes a title (with suggestions) or a link as well. Search finds authors too.
    synced = [r.json for r in simcord_env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert synced[-1] is not None
    paper = next(command for command in synced[-1] if command["name"] == "paper")
    subcommands = {sub["name"]: sub for sub in paper["options"]}
    assert subcommands["show"]["description"] == "Show one paper by its title, id or link"
    assert subcommands["show"]["options"][0]["description"] == (
        "Start typing its title and pick it, or paste its id (under every card) or a link")
    assert subcommands["search"]["description"] == "Search papers by title, topic, method, author or any words"


@pytest.mark.corpus_problems  # a CORPUS_PATH naming no file
async def test_a_corpus_path_changed_to_a_typo_says_the_papers_served_are_the_ones_from_before(
        simcord_env: simcord.Env, bot: PaperBot, restart: Callable[..., Awaitable[PaperBot]], tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    # An operator moving from the bundled corpus to their own file, with a typo in CORPUS_PATH: the bot started
    # and logged "corpus: 38 active papers (0 added, 0 updated, 0 retired, 0 records read)", as if those were
    # the new corpus, and the typo only as one "corpus problem" line among the others.
    typo = tmp_path / "icml2025.jsn"
    with caplog.at_level(logging.INFO, logger="bot.client"):
        again = await restart(corpus_paths=(typo,))
    logged = [(r.levelname, r.getMessage()) for r in caplog.records
              if r.name == "bot.client" and r.getMessage().startswith("corpus")]
    assert logged == [
        ("WARNING", f"corpus: {typo} gave no paper; serving the 38 papers stored before (check CORPUS_PATH)"),
        ("WARNING", f"corpus problem: {typo}: no such file or folder")]
    assert await again.papers.count() == 38


async def test_a_development_server_the_bot_is_not_in_is_one_line_saying_what_to_do(
        clock: TestClock, make_bot: Callable[..., PaperBot]) -> None:
    # DEV_GUILD_ID set to a server the bot was not invited to (or without the applications.commands scope), or
    # to a channel's id: Discord answers 403 Missing Access, and the start ended in a traceback.
    dev_bot = make_bot(dev_guild_id=123456789012345678)
    env = simcord.Env(dev_bot)
    clock.bind(env)
    env.inject_error("PUT", "/applications/*/guilds/123456789012345678/commands", status=403, code=50001,
                     message="Missing Access")
    with pytest.raises(StartupError) as refused:
        try:
            await env.start()
        finally:
            await env.shutdown()
    assert str(refused.value) == (
        "Discord refused the commands for the server DEV_GUILD_ID=123456789012345678 (Missing Access): the bot is "
        "not in that server, or was invited without the applications.commands scope; invite it with "
        f"https://discord.com/oauth2/authorize?client_id={dev_bot.application_id}&scope=bot+applications.commands"
        "&permissions=84992, check the id (right-click the server's icon -> Copy Server ID), or leave DEV_GUILD_ID "
        "empty")


def test_a_token_variable_set_but_empty_says_it_hides_the_dotenv_token(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # `DISCORD_TOKEN=` left in a unit file or a compose file wins over .env, as everywhere; the bot said
    # "DISCORD_TOKEN is not set in the environment or in .env" while the token sat in that .env.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "")
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={TOKEN}\n", encoding="utf-8")
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("paperbot: DISCORD_TOKEN is set but empty in the environment, which hides the one in "
                          f"{tmp_path / '.env'}. Unset it")
    assert TOKEN not in err
    assert err.count("\n") == 1
    (tmp_path / ".env").write_text("DATABASE_PATH=papers.db\n", encoding="utf-8")
    assert main([]) == 2
    assert capsys.readouterr().err.startswith("paperbot: DISCORD_TOKEN is set but empty in the environment. Unset it")
