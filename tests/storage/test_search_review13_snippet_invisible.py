"""A snippet bolds an abstract's word written with an invisible character inside, on a real temporary SQLite file
(session 13's review): an abstract copied from a PDF or a page keeps the soft hyphens that hyphenate its long words
("atten<SHY>tion"). The index reads such a word whole (session 12), so the paper is found, but its snippet split the
word at the soft hyphen and bolded neither half: the result list showed no matched word at all."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from tests.storage.conftest import engine_over, surveys
from tests.storage.test_search_review12b_query_characters import INVISIBLE

SURVEYS = surveys(topics=("Glaciers", "Orchards", "Violins", "Volcanoes"))


@pytest.mark.parametrize("char", INVISIBLE.values(), ids=INVISIBLE.keys())
async def test_a_matched_word_with_an_invisible_character_inside_is_bold_whole(
        db: aiosqlite.Connection, tmp_path: Path, char: str) -> None:
    abstract = (f"We study atten{char}tion over long se{char}quences of tokens, and show when atten{char}tion "
                "layers lose rank with depth.")
    engine = await engine_over(db, tmp_path, {"papers.json": [{"title": "Rank Collapse", "abstract": abstract},
                                                              *SURVEYS]})
    hit = (await engine.search("attention sequences")).hits[0]
    assert hit.paper.title == "Rank Collapse"
    assert hit.snippet == (f"We study **atten{char}tion** over long **se{char}quences** of tokens, and show when "
                           f"**atten{char}tion** layers lose rank with depth.")


async def test_a_long_abstract_is_cut_around_the_words_written_so(db: aiosqlite.Connection, tmp_path: Path) -> None:
    # The window with the most matched words is chosen among the words as the index reads them.
    filler = "Background sentences about unrelated matters fill the opening of this abstract at some length. " * 4
    abstract = filler + "Here atten\u00adtion meets long se\u00adquences."
    engine = await engine_over(db, tmp_path, {"papers.json": [{"title": "Late Words", "abstract": abstract},
                                                              *SURVEYS]})
    snippet = (await engine.search("attention sequences")).hits[0].snippet
    assert snippet.startswith("…")
    assert snippet.endswith("Here **atten\u00adtion** meets long **se\u00adquences**.")
