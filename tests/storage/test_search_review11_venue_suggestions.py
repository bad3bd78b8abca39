""""Did you mean" within a venue suggests the venue's words, on a real temporary SQLite file (session 11's
review): searched with a venue, a typo was corrected to the word most used in the whole corpus, "ganking" to
"ranking", a word only another venue's papers use; the suggestion, searched in the same venue, found nothing,
while "banking", as close a correction, is the venue's own word."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, papers_about


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    aistats = papers_about("banking", 2) + papers_about("kernels", 3) + papers_about("ranting", 2)
    # "ranking" is the corpus's commoner word, so the typo "ganking" is read as it; only ICML 2018 uses it.
    return await engine_over(db, tmp_path, {"icml2018.json": papers_about("ranking", 6) + papers_about("graphons", 2),
                                            "aistats2025.json": aistats})


async def test_a_typo_is_corrected_to_a_word_of_the_venue(engine: SearchEngine) -> None:
    assert (await engine.search("ganking")).suggestions == ["ranking"]  # the whole corpus: its commoner word
    within = await engine.search("ganking", venue="AISTATS 2025")
    assert within.suggestions == ["banking"]
    assert (await engine.search(within.suggestions[0], venue="AISTATS 2025")).total == 2


async def test_no_correction_is_suggested_that_the_venue_does_not_use(engine: SearchEngine) -> None:
    # "grahpons" is "graphons", which only ICML 2018 writes: within AISTATS 2025 no suggestion finds anything.
    assert (await engine.search("grahpons")).suggestions == ["graphons"]
    within = await engine.search("grahpons", venue="AISTATS 2025")
    assert within.total == 0
    for suggestion in within.suggestions:
        assert (await engine.search(suggestion, venue="AISTATS 2025")).total > 0


async def test_look_alikes_of_a_word_nothing_matches_are_the_venues(engine: SearchEngine) -> None:
    # Two letters changed in a word of seven: no typo: when nothing matches, look-alike words are offered instead.
    assert "ranking" in (await engine.search("ronkeng")).suggestions
    within = await engine.search("ronkeng", venue="AISTATS 2025")
    assert within.total == 0
    assert "ranking" not in within.suggestions
    # Within the venue that writes it, the word is offered: the venue leaves it out, not the look-alikes all.
    assert "ranking" in (await engine.search("ronkeng", venue="ICML 2018")).suggestions
    for suggestion in within.suggestions:
        assert (await engine.search(suggestion, venue="AISTATS 2025")).total > 0
    # A word only another venue's papers use finds nothing here either: the venue's look-alikes are offered (session
    # 13: those starting with the letter typed first, so "ranting", no longer "banking").
    assert "ranting" in (await engine.search("ranking", venue="AISTATS 2025")).suggestions
