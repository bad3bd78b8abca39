"""A stretch of an abstract in emphasis longer than 300 characters shows in emphasis on the card, as a short one does,
and "****four****" shows as bold "four" (session 17's card review).

An abstract's key claim in bold or italics, a sentence or two ("**We prove … rate.**"), was stored with its marks
escaped, "\\*\\*We prove…\\*\\*": the card showed the stars as written. Each emphasis pattern looked no further than
300 characters from its opening (a bound for speed); a pair's closing is now found among the paragraph's closings
listed once, so paragraphs of 20,000 marks stay fast without the bound. "****four****", which Discord shows as a bold
"four", showed "***\\*four****": a star of it escaped, the others read as emphasis.
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
from storage.enrich import (
    _ABSTRACT_EMPHASIS,
    _ITALICS_FIRST,
    _NOT_BEFORE_ITALICS,
    _OUTER_OPENING,
    _SCRIPTS,
    _STAR_ITALICS_FIRST,
    _STAR_ITALICS_OPENING,
    _emphasis_marks,
    display_abstract,
)
from storage.loader import load_corpus
from tests._cards import card_of
from tests.storage.conftest import stored_paper, write_json

LEAD = "We study message passing on graphs. "
TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."


def _claim(length: int) -> str:
    """A key claim's words, `length` characters long, ending on a word."""
    return ("We prove that the method converges at the optimal rate on every sparse graph. " * (length // 70 + 1)
            )[:length].strip().rstrip(".")


def _card_abstract(abstract: str) -> str:
    """What the card's description shows of `abstract`, enriched as a corpus record is."""
    return card_of(abstract, "Long Emphasis")[1]


EMPHASIS = ["**{}**", "*{}*", "_{}_", "__{}__", "***{}***", "**A _{}_ b**", "*A **{}** b*"]


@pytest.mark.parametrize("length", [100, 299, 301, 450, 1000, 2500])
@pytest.mark.parametrize("emphasis", EMPHASIS)
def test_a_long_emphasised_stretch_shows_in_emphasis_on_the_card(emphasis: str, length: int) -> None:
    abstract = LEAD + emphasis.format(_claim(length)) + "." + TAIL

    assert _card_abstract(abstract) == abstract  # beyond 300 characters: "\\*\\*We prove … graph\\*\\*"


async def test_a_stored_abstracts_long_bold_claim_is_shown_in_bold(db: aiosqlite.Connection, tmp_path: Path) -> None:
    claim = _claim(500)
    abstract = f"{LEAD}**{claim}**, and ****four**** more.{TAIL}"
    await load_corpus(db, [write_json(tmp_path / "papers.json", [{"title": "Long Claims", "abstract": abstract}])])
    [(paper_id, stored)] = await db.execute_fetchall("SELECT id, abstract FROM papers")

    assert stored == f"{LEAD}**{claim}**, and **four** more.{TAIL}"
    card = paper_embed(await stored_paper(db, paper_id))
    assert card.description is not None
    assert f"**{claim}**" in card.description
    assert "\\" not in card.description  # was "\\*\\*We prove … graph\\*\\*" and "***\\*four****"


def test_a_long_emphasised_stretch_beside_the_marks_of_symbols_keeps_both() -> None:
    claim = _claim(600)
    abstract = f"We run A* on x_1 and x_2. **{claim}**, unlike Q_learning.{TAIL}"

    assert _card_abstract(abstract) == rf"We run A\* on x\_1 and x\_2. **{claim}**, unlike Q\_learning.{TAIL}"


@pytest.mark.parametrize(("written", "shown"), [
    ("****four****", "**four**"),  # was "***\\*four****"
    ("****two words****", "**two words**"),
    ("*****five*****", "***five***"),  # Discord's bold italics
    ("******six******", "**six**"),
    ("****four****-****four****", "**four**-**four**"),
])
def test_bold_inside_bold_shows_as_bold(written: str, shown: str) -> None:
    assert _card_abstract(LEAD + f"We add {written} words." + TAIL) == LEAD + f"We add {shown} words." + TAIL


def test_stars_of_math_and_code_stay_as_written() -> None:
    assert _card_abstract("We set $a****b$ and `c****d****` here." + TAIL) == (
        r"We set a\*\*\*\*b and `c****d****` here." + TAIL)


# Discord's reading of an abstract's emphasis with no bound on a pair's length: the patterns _ABSTRACT_EMPHASIS held
# before, with "{1,300}?" made "+?", read on from each opening (slow on hostile paragraphs: 0.3 s on "*" * 20,000).
_UNBOUNDED = (
    re.compile(r"\*\*\*(?<!\\\*\*\*)(?=\S)(?P<text>.+?)(?<=[^\s\\])\*\*\*(?!\*)"),
    re.compile(r"\*\*(?<!\\\*\*)(?=\S)(?P<text>.+?)(?<=[^\s\\])\*\*"),
    re.compile(rf"\*{_STAR_ITALICS_OPENING}{_STAR_ITALICS_FIRST}(?P<text>.+?)"
               rf"(?:(?<=[^\s\\*])|(?<=\\\*)|(?<=[^\s\\*]\*\*))\*(?=$|[^\w*]|_+(?!\w)|[{_SCRIPTS}])"),
    re.compile(rf"_(?:(?<!{_NOT_BEFORE_ITALICS}_)|(?<={_OUTER_OPENING}\*_)|(?<={_OUTER_OPENING}\*\*_))(_?)"
               rf"(?=[^\W_]|[(\[“\"‘'$\\`]|\*\*?[^\s*])(?P<text>.+?)"
               rf"(?<=[^\s\\_])_\1(?=$|[\s.,;:!?)\]”\"’'…—–/*-]|[{_SCRIPTS}])"),
    re.compile(rf"\*\*\*(?<!{_NOT_BEFORE_ITALICS}\*\*\*)(?=[^\s*])(?P<text>[^*]+?)(?<=[^\s\\])\*\*(?!\*)"
               rf"(?P<rest>[^*]+?)(?<=[^\s\\])\*(?=$|[^\w*]|[{_SCRIPTS}])"),
    re.compile(rf"___(?<!{_NOT_BEFORE_ITALICS}___)(?=[^\W_])(?P<text>[^_]+?)(?<=[^\s\\])___"
               rf"(?=$|[\s.,;:!?)\]”\"’'…—–/*-]|[{_SCRIPTS}])"),
)
_UNBOUNDED_UNDERSCORE = re.compile(rf"_(?<!{_NOT_BEFORE_ITALICS}_)(_?){_ITALICS_FIRST}(?P<text>.+?)"
                                   rf"(?<=[^\s\\_])_\1(?=$|[\s.,;:!?)\]”\"’'…—–/-]|[{_SCRIPTS}])")


def _as_discord_reads(patterns: tuple[re.Pattern[str], ...], text: str) -> set[int]:
    """The positions of the marks of `text`'s emphasis, read with unbounded patterns."""
    marks: set[int] = set()
    for pattern in patterns:
        inside = [name for name in ("text", "rest") if name in pattern.groupindex]
        for pair in pattern.finditer(text):
            at = pair.start()
            for name in inside:
                marks.update(range(at, pair.start(name)))
                at = pair.end(name)
            marks.update(range(at, pair.end()))
    return marks


_PIECES = st.sampled_from(["*", "**", "***", "_", "__", "\\", " ", "a", "b", "(", ".", "-", "é", "²", "\n"])


@given(st.lists(_PIECES, max_size=30).map("".join))
def test_an_abstracts_emphasis_is_read_as_discord_reads_it(text: str) -> None:
    assert _emphasis_marks(_ABSTRACT_EMPHASIS, text) == _as_discord_reads(_UNBOUNDED, text)


@given(st.lists(_PIECES, max_size=30).map("".join))
def test_a_headlines_underscore_emphasis_is_read_as_discord_reads_it(text: str) -> None:
    from storage.enrich import _UNDERSCORE_EMPHASIS

    assert _emphasis_marks((_UNDERSCORE_EMPHASIS,), text) == _as_discord_reads((_UNBOUNDED_UNDERSCORE,), text)


@pytest.mark.parametrize("hostile", [
    "*" * 20_000,  # 0.3 s with the 300-character bound: every "***" read 300 characters on
    "**a " * 5_000,  # every "**" opens bold and none closes it
    "__*a " * 4_000,
    "a **" * 5_000,
    "*a " * 6_666,
    "_a " * 6_666,
    "***a " * 4_000,
    "*a **a " * 2_857,
    "(*a " * 5_000,
    "****a " * 3_333,
    "****a****" * 2_222,
    "\\*" * 10_000,
])
def test_hostile_paragraphs_of_20000_characters_are_shown_in_a_moment(hostile: str) -> None:
    started = time.process_time()
    display_abstract(hostile)
    assert time.process_time() - started < 0.5  # about 20 ms at most on a shared machine
