"""A DISCORD_TOKEN that cannot be a bot token is refused before anything is sent to Discord: the README's
placeholder (`DISCORD_TOKEN=your-token`) and values not shaped like a token (session 17's card review).

They went to Discord, whose "rejected" reply sent the operator to reset a token that was never pasted."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main

TOKEN = "MTA4.Gx9y-z.abc_DEF"  # the shape of a bot token: base64url pieces joined by dots
PORTAL = "https://discord.com/developers/applications -> your application -> Bot"


def _refused(pasted: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    """What `paperbot` prints when run with DISCORD_TOKEN=`pasted`, after checking it exited with status 2."""
    monkeypatch.setenv("DISCORD_TOKEN", pasted)
    assert main([]) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("pasted", [
    "your-token",  # README.md's quick start, run as shown
    '"your-token"',
    "YOUR_BOT_TOKEN_HERE",
    "<your token>",
    "your.token.here",  # three pieces joined by dots, like a token
    "changeme",
    "xxxxxxxx.xxxx.xxxxxxxxxx",
])
def test_the_placeholder_token_is_refused_saying_where_to_get_one(
        pasted: str, logins: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(pasted, monkeypatch, capsys)
    assert err == ("paperbot: DISCORD_TOKEN is a placeholder (like the README's example), not a bot token. "
                   f"Get the bot's token at {PORTAL} -> Reset Token, and put it in DISCORD_TOKEN "
                   "(environment or .env).\n")
    assert logins == []  # nothing sent to Discord
    assert not Path("paperbot.db").exists()


@pytest.mark.parametrize(("pasted", "flaw"), [
    ("MTA4Gx9y-zabc_DEF", "has 1 piece where a bot token has three, joined by dots"),
    ("MTA4.Gx9y-zabc_DEF", "has 2 pieces where a bot token has three, joined by dots"),
    ("MTA4.Gx9y.z.abc_DEF", "has 4 pieces where a bot token has three, joined by dots"),
    ("MTA4..abc_DEF", "has an empty piece (piece 2 of 3), which no bot token has"),
    ("MTA4.Gx9y-z.", "has an empty piece (piece 3 of 3), which no bot token has"),
    ("MTA4.Gx9y+z.abc/DEF", "has a plus sign (character 10 of 19), which no bot token has"),
    ("<MTA4.Gx9y-z.abc_DEF>", "has a less-than sign (character 1 of 21), which no bot token has"),
])
def test_a_value_not_shaped_like_a_token_is_refused_saying_how_it_differs(
        pasted: str, flaw: str, logins: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(pasted, monkeypatch, capsys)
    assert err == f"paperbot: DISCORD_TOKEN {flaw}. Copy it again from {PORTAL} (Reset Token shows a new one).\n"
    assert "Gx9y" not in err  # the token is never shown
    assert logins == []
    assert not Path("paperbot.db").exists()


@pytest.mark.parametrize("pasted", [
    TOKEN,
    "MTA4NjY5NzQ1MjM0MDg0MjQ5Ng.GAbcDe.k3yR4nd0m_-Stuff0123456789abcdefghijKLM",  # a real token's lengths
    "a.b.c",
])
def test_a_token_shaped_value_still_goes_to_discord(
        pasted: str, logins: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(pasted, monkeypatch, capsys)  # Discord's rejection (the fixture's) also ends with status 2
    assert err.startswith("paperbot: Discord rejected the bot token in DISCORD_TOKEN.")
    assert logins == [pasted]
