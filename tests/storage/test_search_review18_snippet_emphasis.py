"""A search snippet shows an abstract's emphasis of any length as its words, as the card shows it in emphasis
(session 18's review), on real temporary SQLite files.

An abstract's key claim in bold longer than 300 characters ("**We prove … graph**") shows in bold on the card
(session 17), but a /paper search snippet of it showed its marks escaped, "\\*\\*We prove …": the snippet read
emphasis with its own pattern, bounded at 300 characters for speed. It now reads the display text's emphasis as the
card reads an abstract's (storage.enrich.displayed_emphasis), so "***x***" and "**A _x_ b**" lose every mark too
(the snippet kept the inner pair's, escaped), and hostile paragraphs stay fast."""

from __future__ import annotations

import time
from pathlib import Path

import aiosqlite
import pytest

from storage._search_snippet import plain, snippet
from storage.enrich import display_abstract
from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys

LEAD = "We study message passing on graphs. "
TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."
EMPHASIS = ["**{}**", "*{}*", "_{}_", "__{}__", "***{}***", "**A _{}_ b**", "*A **{}** b*"]


def _claim(length: int) -> str:
    """A key claim's words, `length` characters long, ending on a word."""
    return ("We prove that the method converges at the optimal rate on every sparse graph. " * (length // 70 + 1)
            )[:length].strip().rstrip(".")


async def _snippet_of(engine: SearchEngine, query: str, title: str) -> str:
    """The snippet of the result titled `title` in the result list of `query`."""
    return next(hit.snippet for hit in (await engine.search(query)).hits if hit.paper.title == title)


@pytest.mark.parametrize("length", [120, 301, 600, 2500])
@pytest.mark.parametrize("emphasis", EMPHASIS)
async def test_a_snippet_shows_a_long_emphasised_claim_without_its_marks(
        db: aiosqlite.Connection, tmp_path: Path, emphasis: str, length: int) -> None:
    abstract = LEAD + emphasis.format(_claim(length)) + "." + TAIL
    engine = await engine_over(db, tmp_path, {"papers.json": [{"title": "Long Claims", "abstract": abstract},
                                                              *surveys()]})
    shown = await _snippet_of(engine, "message passing converges", "Long Claims")

    assert "\\" not in shown  # was "\\*\\*We prove that …" beyond 300 characters
    assert "We study **message** **passing** on graphs. " in shown
    assert "We prove that the method **converges** at the optimal rate" in shown


async def test_an_abstracts_own_stars_stay_escaped_beside_a_long_claim(db: aiosqlite.Connection,
                                                                       tmp_path: Path) -> None:
    abstract = f"We run A* on x_1. **{_claim(400)}**."
    engine = await engine_over(db, tmp_path, {"papers.json": [{"title": "Search Claims", "abstract": abstract},
                                                              *surveys()]})
    shown = await _snippet_of(engine, "converges", "Search Claims")

    assert shown.startswith("We run A\\* on x\\_1. We prove that the method **converges**")


@pytest.mark.parametrize("hostile", [
    "*" * 20_000,
    "**a " * 5_000,
    "*a " * 6_666,
    "_a " * 6_666,
    "*a* " * 5_000,
    "***a " * 4_000,
    "\\*" * 10_000,
    "GP " * 6_666,  # a matched word 6,666 times: 0.7 s, each read on to the text's end for the best window
    "*GP* " * 4_000,
])
def test_a_hostile_paragraphs_snippet_takes_a_moment(hostile: str) -> None:
    display = display_abstract(hostile)
    started = time.process_time()
    plain(display)
    snippet(display, frozenset({"gp"}))
    assert time.process_time() - started < 0.3  # about 20 ms on a shared machine


def test_a_long_abstract_repeating_a_matched_word_shows_its_start() -> None:
    shown = snippet(display_abstract("*graph* " * 2_500), frozenset({"graph"}))
    assert shown.startswith("**graph** **graph** ")
    assert shown.endswith("…")
