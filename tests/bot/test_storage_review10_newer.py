"""The bot started on a database a newer paperbot wrote (a rollback to an older release): it refuses to
start, in one line, instead of serving (and writing subscriptions and picks into) tables it does not know."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
import simcord

import bot.client as bot_client
from bot.client import PaperBot, StartupError, run_bot
from bot.settings import Settings
from storage.db import migrations

NEWER = migrations()[-1][0] + 1


def made_newer(path: Path) -> None:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA user_version = {NEWER}")


async def test_the_bot_does_not_start_on_a_database_from_a_newer_paperbot(
        make_bot: Callable[..., PaperBot], bot_settings: Settings) -> None:
    made_newer(bot_settings.database_path)  # the bundled corpus loaded, then a newer paperbot's migration

    with pytest.raises(StartupError) as refused:
        async with simcord.run(make_bot()):
            pass

    assert str(refused.value) == (
        f"cannot open the database {bot_settings.database_path}: a newer paperbot wrote it (schema version {NEWER}; "
        f"this one knows up to {NEWER - 1}); run that version of paperbot or a newer one, or restore a backup made "
        "before the upgrade")
    with contextlib.closing(sqlite3.connect(bot_settings.database_path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == NEWER


def test_run_bot_says_so_in_one_line_with_status_1(bot_settings: Settings, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    made_newer(bot_settings.database_path)

    async def start_without_discord(bot: PaperBot, token: str, *, sync_only: bool) -> None:
        await bot.setup_hook()  # what login runs first: the database is opened before anything else

    monkeypatch.setattr(bot_client, "_start", start_without_discord)
    assert run_bot(replace(bot_settings, discord_token="a.b.c")) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"paperbot: cannot open the database {bot_settings.database_path}: a newer paperbot wrote it")
