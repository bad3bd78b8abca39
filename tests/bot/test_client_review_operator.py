"""A new operator's first start: the token as people paste it, and what the log says once the bot is up."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.cli import main

TOKEN = "MTA4.Gx9y-z.abc_DEF"  # the shape of a bot token: base64url pieces joined by dots


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

