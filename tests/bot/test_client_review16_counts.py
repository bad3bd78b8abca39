"""The bot's corpus line at start-up says a count of one in the singular (session 16): "corpus: 1 active papers
(… 1 records read)"."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
import simcord

from bot.client import PaperBot
from tests.storage.conftest import seed_paragraphs, write_seed_file


async def test_a_corpus_of_one_paper_is_logged_in_the_singular(
        simcord_env: simcord.Env, bot: PaperBot, restart: Callable[..., Awaitable[PaperBot]], tmp_path: Path,
        caplog: pytest.LogCaptureFixture) -> None:
    corpus = write_seed_file(tmp_path / "one.txt", seed_paragraphs()[:1])
    with caplog.at_level(logging.INFO, logger="bot.client"):
        await restart(corpus_paths=(corpus,))
    logged = [r.getMessage() for r in caplog.records if r.name == "bot.client" and r.getMessage().startswith("corpus")]
    assert logged[0].startswith("corpus: 1 active paper (0 added, 1 updated, 37 retired, 1 record read) in ")
