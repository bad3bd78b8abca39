"""A title in emphasis longer than 300 characters shows in emphasis, as a short one does (session 17's card review).

"<b><i>…</i></b>" (and "<i>", "<b>", one inside the other) around a title of more than ~300 characters was stored
escaped, "\\*\\*\\*Learning…\\*\\*\\*": the card showed the stars as written. title_emphasis read each pair with a
pattern that looked no further than 300 characters from its opening (a bound for speed); a pair's closing is now
found among the title's closings listed once, so titles of 20,000 characters stay fast without the bound.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import aiosqlite
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.embeds import paper_embed
from storage.enrich import display_title, title_emphasis
from storage.loader import load_corpus
from storage.parsing import readable
from storage.search import SearchEngine, label, plain_title
from tests.storage.conftest import stored_paper, write_json

ABSTRACT = ("We match flows on graphs with optimal transport. Experiments on public benchmarks confirm what the "
            "analysis predicts, and the code is released.")


def _words(length: int) -> str:
    """A title's words, `length` characters long."""
    return ("Learning to Learn Flows on Graphs " * (length // 30 + 1))[:length].strip()


@pytest.mark.parametrize("length", [100, 299, 300, 301, 450, 1000, 5000])
@pytest.mark.parametrize(("given", "shown"), [
    ("<b><i>{}</i></b>", "***{}***"),
    ("<i><b>{}</b></i>", "***{}***"),
    ("<i>{}</i>", "*{}*"),
    ("<b>{}</b>", "**{}**"),
    ("<i>A <b>{}</b> b</i>", "*A **{}** b*"),
    ("<b>Fast</b> and <i>{}</i>", "**Fast** and *{}*"),
])
def test_a_long_title_in_emphasis_is_shown_in_emphasis(given: str, shown: str, length: int) -> None:
    words = _words(length)
    title = display_title(readable(given.format(words)))

    assert title == shown.format(words)  # beyond 300 characters: "\\*\\*\\*Learning … Graphs\\*\\*\\*"
    assert plain_title(title) == re.sub(r"<[^>]+>", "", given.format(words))


async def test_a_long_bold_italic_title_is_stored_shown_and_labelled_without_marks(
        db: aiosqlite.Connection, tmp_path: Path) -> None:
    words = _words(400)
    await load_corpus(db, [write_json(tmp_path / "papers.json",
                                      [{"title": f"<b><i>{words}</i></b>", "abstract": ABSTRACT}])])
    [(paper_id, title)] = await db.execute_fetchall("SELECT id, title FROM papers")

    assert title == f"***{words}***"
    card = paper_embed(await stored_paper(db, paper_id))
    assert card.title is not None
    assert card.title.startswith("***Learning to Learn Flows")
    assert "\\" not in card.title  # was "\\*\\*\\*Learning to Learn Flows on Graphs…"
    assert card.title.endswith("***…")  # cut to Discord's 256 characters, its bold italics closed
    engine = await SearchEngine.open(db, meaning=False)
    [suggestion] = await engine.autocomplete("Learning to Learn Flows on Gr")
    assert (suggestion.id, suggestion.label) == (paper_id, label(words))
    assert "*" not in suggestion.label


# Discord's reading of a title's emphasis with no bound on a pair's length (the patterns title_emphasis used, with
# "{1,300}?" made "+?"): the oracle title_emphasis must agree with, slow on hostile titles (4 s on "**a " * 5000).
# A run opens after an escaped star too ("\\*\\***four**": session 18).
_OPENING = re.compile(r"(?<![\\\w*])\*+|(?<=(?<!\\)\\\*)\*+")
_RUN = re.compile(r"\*+")
_PAIRS = (re.compile(r"\*(?=\S)(?P<text>(?:\*\*|\\.|[^*\\])+?)(?<=[^\s\\])\*(?![\w*])", re.DOTALL),
          re.compile(r"\*\*(?=\S)(?P<text>.+?)(?<=[^\s\\])\*\*(?![\w*])", re.DOTALL))


def _as_discord_reads(title: str, start: int = 0, end: int | None = None) -> set[int]:
    """The positions of the marks of `title`'s emphasis in title[start:end], read with unbounded patterns."""
    end = len(title) if end is None else end
    marks: set[int] = set()
    at = start
    while run := (_RUN.match(title, at, end) if at == start > 0 else None) or _OPENING.search(title, at, end):
        pair = _pair_at(title, run, end)
        if pair is None:
            at = run.end()
            continue
        marks.update(range(pair.start(), pair.start("text")), range(pair.end("text"), pair.end()))
        marks |= _as_discord_reads(title, pair.start("text"), pair.end("text"))
        at = pair.end()
    return marks


def _pair_at(title: str, run: re.Match[str], end: int) -> re.Match[str] | None:
    """The longest pair opening at the first of `run`'s first three stars where one opens (italics on a tie)."""
    for opening in range(run.start(), min(run.end(), run.start() + 3)):
        pairs = [pair for pattern in _PAIRS if (pair := pattern.match(title, opening, end))]
        if pairs:
            return max(pairs, key=lambda pair: pair.end())
    return None


_PIECES = st.sampled_from(["*", "**", "***", "\\", " ", "a", "b", "_", "\n", ".", "é"])


@given(st.lists(_PIECES, max_size=30).map("".join))
def test_a_titles_emphasis_is_read_as_discord_reads_it(title: str) -> None:
    assert title_emphasis(title) == _as_discord_reads(title)


@pytest.mark.parametrize("hostile", [
    "*" * 20_000,
    "**a " * 5_000,  # every "**" opens bold and none closes it: 4 s read on from each opening
    "a **" * 5_000,
    "*a " * 6_666,
    "*a **a " * 2_857,
    "word* " * 3_333,
    "*a **b " * 1_500 + "x" + " b** a*" * 1_500,
    readable("<b><i>" * 2_000 + "x" + "</i></b>" * 2_000),  # pairs 4,000 deep: no recursion
    "\\*" * 10_000,
])
def test_hostile_titles_of_20000_characters_are_read_in_a_moment(hostile: str) -> None:
    started = time.process_time()
    title_emphasis(hostile)
    assert time.process_time() - started < 0.5  # about 40 ms at most on a shared machine
