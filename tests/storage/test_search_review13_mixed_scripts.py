"""A Latin word typed into Chinese, Japanese or Korean is searched as a word, on a real temporary SQLite file (session
13's review): those scripts are written without spaces between words, so "用attention机制" ("using the attention
mechanism"), "transformer는" (a Korean particle after the word) or "attention注意力" was one run of letters, a word no
paper has: no papers, and the look-alikes "attentions", "attenuation" offered. The Latin word is now read apart."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine, SearchResults
from tests.storage.conftest import engine_over
from tests.storage.test_search_review12b_query_characters import RECORDS


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


def ranked(results: SearchResults) -> list[str]:
    return [hit.paper.id for hit in results.hits]


@pytest.mark.parametrize(("typed", "plain"), [
    ("用attention机制", "attention"), ("attention注意力", "attention"), ("transformers는", "transformers"),
    ("ShadowKV를 이용한", "ShadowKV"), ("ａｔｔｅｎｔｉｏｎ注意", "attention"),
    ("注意力attention layers", "attention layers"),
])
async def test_a_latin_word_among_chinese_japanese_or_korean_is_searched(engine: SearchEngine, typed: str,
                                                                          plain: str) -> None:
    found, meant = await engine.search(typed), await engine.search(plain)
    assert meant.total > 0
    assert (ranked(found), found.total) == (ranked(meant), meant.total)
    assert found.suggestions == []


async def test_autocomplete_reads_the_latin_word_apart_too(engine: SearchEngine) -> None:
    assert await engine.autocomplete("用Shadow") == await engine.autocomplete("Shadow")


async def test_text_in_one_script_is_read_as_before(engine: SearchEngine) -> None:
    # A Persian word written with a zero-width non-joiner, or accented Latin, is no meeting of scripts.
    assert [hit.paper.title for hit in (await engine.search("می\u200cخواهم")).hits[:1]] == ["A Persian Reading Corpus"]
    assert (await engine.search("注意力")).total == 0
