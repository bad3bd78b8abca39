"""Review: a command sync that Discord rate-limits for long, at start-up (SimCord).

PaperBot sets discord.py's max_ratelimit_timeout (30 s), so a longer Retry-After raises
discord.RateLimited instead of sleeping through it. Command syncs are rate-limited hard (a daily limit
of command creations), and the sync runs in setup_hook: the RateLimited must not stop the bot.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands

from bot.client import PaperBot, StartupError, sync_state_path
from bot.settings import Settings


@pytest.fixture
def sync_rate_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    async def rate_limited(self: app_commands.CommandTree, *args: Any, **kwargs: Any) -> list[Any]:
        raise discord.RateLimited(3600.0)  # SimCord's Discord never rate-limits: the sync raises it here

    monkeypatch.setattr(app_commands.CommandTree, "sync", rate_limited)


@pytest.mark.usefixtures("sync_rate_limited")
async def test_a_long_rate_limit_on_the_command_sync_does_not_stop_the_bot(
        make_bot: Callable[[], PaperBot], bot_settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    built = make_bot()
    with caplog.at_level(logging.WARNING, logger="bot.client"):
        async with simcord.run(built):
            assert built.is_ready()  # before, the RateLimited ended setup_hook and the start with a traceback
            assert built.last_sync == "rate limited"
    assert "commands not synced: Discord asks to wait 60 min" in caplog.text
    assert not sync_state_path(bot_settings.database_path).exists()  # so the next start syncs


@pytest.mark.usefixtures("sync_rate_limited")
async def test_paperbot_sync_rate_limited_is_a_one_line_startup_error(make_bot: Callable[[], PaperBot]) -> None:
    forced = make_bot()
    forced.force_sync = forced.sync_only = True
    with pytest.raises(StartupError, match=r"^Discord asks to wait 60 min before the next command sync; "
                                           r"run `paperbot sync` again then$"):
        async with simcord.run(forced):
            pass
