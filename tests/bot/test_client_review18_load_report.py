"""The bot keeps its corpus load's report (`PaperBot.last_load_report`): what it loaded and what it skipped, so a
bot test whose small corpus loses a paper (too short, a duplicate) fails instead of passing on fewer papers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bot.client import PaperBot
from storage.parsing import MIN_ABSTRACT_WORDS
from tests.bot.conftest import Restart
from tests.storage.conftest import assert_nothing_skipped, papers_about, write_json

SHORT = "We study kernels."  # under MIN_ABSTRACT_WORDS: skipped as too short for an abstract


async def test_a_whole_corpus_is_reported_loaded_whole(restart: Restart, tmp_path: Path) -> None:
    corpus = write_json(tmp_path / "icml2025.json", papers_about("kernel methods", 3))

    bot = await restart(corpus_paths=(corpus,))

    report = bot.last_load_report
    assert report is not None
    assert (report.records, report.active, report.problems, report.duplicate_notes) == (3, 3, [], [])
    assert_nothing_skipped(report)


@pytest.mark.corpus_problems  # a too-short abstract and a duplicate, on purpose
async def test_a_paper_the_load_skipped_is_in_the_report_and_fails_the_guard(restart: Restart, tmp_path: Path) -> None:
    assert len(SHORT.split()) < MIN_ABSTRACT_WORDS
    papers = papers_about("kernel methods", 2)
    corpus = write_json(tmp_path / "icml2025.json", [*papers, {"title": "Short", "abstract": SHORT}, papers[0]])

    bot = await restart(corpus_paths=(corpus,))

    report = bot.last_load_report
    assert report is not None
    assert report.active == 2
    assert [problem.message for problem in report.problems] == ["too short for an abstract (3 words); skipped"]
    assert len(report.duplicate_notes) == 1
    with pytest.raises(AssertionError, match="too short for an abstract"):
        assert_nothing_skipped(report)


@pytest.mark.fresh_db
def test_a_bot_that_never_started_has_no_report(make_bot: Callable[..., PaperBot]) -> None:
    assert make_bot().last_load_report is None  # before setup_hook: no load has finished, nothing to check
