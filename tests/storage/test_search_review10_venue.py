"""Searching and picking within one venue ("papers from AISTATS 2025 about bandits"), on real SQLite.

The corpus holds three venues from small JSON files; the venue is filtered inside the engine, before the
ranking and its pages, so counts and pages are the venue's own.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage._search_venue import MAX_KEY_CHARS, venue_key
from storage.loader import load_corpus
from storage.search import SearchEngine, UnknownVenueError
from tests.storage.conftest import write_json

PAGE = 5
# Far more strong bandit papers in ICML 2018 than the 200 the ranking orders: AISTATS 2025's three weaker ones
# are none of the global best, so picking them out of a global ranking afterwards would find nothing.
STRONG_BANDITS = 230


def _record(title: str, abstract: str, venue: str | None = None) -> dict[str, object]:
    # At least 12 words, as an abstract needs (storage.parsing.MIN_ABSTRACT_WORDS).
    record: dict[str, object] = {"title": title, "abstract": abstract + " Experiments confirm what the theory says."}
    if venue is not None:
        record["venue"] = venue
    return record


def _icml2018() -> list[dict[str, object]]:
    strong = [_record(f"Contextual bandits number {n}",
                      f"Study {n} of multi-armed bandits: bandit regret bounds for bandit feedback with arms "
                      f"chosen by the learner in round {n}.") for n in range(STRONG_BANDITS)]
    other = [_record(f"Graph networks {n}", f"Graph neural networks for molecule {n} and protein design.")
             for n in range(20)]
    return strong + other


def _aistats2025() -> list[dict[str, object]]:
    bandits = [_record(f"Exploration paper {n}",
                       f"We study exploration in a long horizon setting {n}, with one bandit baseline in the "
                       "experiments beside many kernel methods and Gaussian processes.") for n in range(3)]
    other = [_record(f"Kernel paper {n}", f"Kernel two-sample tests for distribution shift, case {n}.")
             for n in range(9)]
    return bandits + other


def _icml2025() -> list[dict[str, object]]:
    # "icml 2025" and "ICML 2025": one venue, named as most of its papers write it.
    return [_record(f"Diffusion paper {n}", f"Diffusion models for image {n} generation with a bandit sampler.",
                    venue="icml 2025" if n == 0 else "ICML 2025") for n in range(6)]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    await load_corpus(db, [write_json(tmp_path / "icml2018.json", _icml2018()),  # venue from the file name
                           write_json(tmp_path / "aistats2025.json", _aistats2025()),
                           write_json(tmp_path / "more.json", _icml2025())])
    return await SearchEngine.open(db, meaning=False)


async def _venue_of(db: aiosqlite.Connection, paper_ids: list[str]) -> set[str]:
    marks = ",".join("?" * len(paper_ids))
    async with db.execute(f"SELECT DISTINCT venue FROM papers WHERE id IN ({marks})", paper_ids) as cursor:
        return {str(row[0]).upper() for row in await cursor.fetchall()}


async def test_the_venues_are_listed_most_papers_first_with_their_counts(engine: SearchEngine) -> None:
    assert [(v.name, v.papers) for v in engine.venues()] == [
        ("ICML 2018", STRONG_BANDITS + 20), ("AISTATS 2025", 12), ("ICML 2025", 6)]


@pytest.mark.parametrize(("typed", "names"), [
    ("icml", ["ICML 2018", "ICML 2025"]),
    ("2025", ["AISTATS 2025", "ICML 2025"]),
    ("aiSTATS", ["AISTATS 2025"]),
    ("icml 20", ["ICML 2018", "ICML 2025"]),
    ("neurips", []),
])
async def test_the_venues_are_filtered_by_what_is_typed(engine: SearchEngine, typed: str, names: list[str]) -> None:
    assert [v.name for v in engine.venues(typed)] == names


@pytest.mark.parametrize("typed", ["ICML 2025", "icml2025", "  Icml   2025 ", "icml-2025", "icml 2025"])
async def test_a_venue_typed_by_hand_is_found_case_and_spacing_aside(engine: SearchEngine, typed: str) -> None:
    found = engine.venue(typed)
    assert found is not None
    assert found.name == "ICML 2025"
    assert found.papers == 6
    assert engine.venue(found.key) == found  # what a button's custom_id carries


async def test_an_unknown_venue_is_none_and_a_search_in_it_says_which_there_are(engine: SearchEngine) -> None:
    assert engine.venue("NeurIPS 2024") is None
    assert engine.venue("icml") is None  # two venues start so: neither is meant
    with pytest.raises(UnknownVenueError) as raised:
        await engine.search("bandits", venue="NeurIPS 2024")
    assert [v.name for v in raised.value.venues] == ["ICML 2018", "AISTATS 2025", "ICML 2025"]
    with pytest.raises(UnknownVenueError):
        await engine.matching_ids("bandits", venue="NeurIPS 2024")


async def test_a_search_within_a_venue_ranks_its_papers_before_the_cut(
        db: aiosqlite.Connection, engine: SearchEngine) -> None:
    everywhere = await engine.search("bandit", limit=PAGE)
    assert everywhere.total == STRONG_BANDITS + 3 + 6

    within = await engine.search("bandit", limit=PAGE, venue="aistats2025")

    assert within.total == 3  # the venue's count, so "Page 1/1 · 3 papers match"
    assert {hit.paper.title for hit in within.hits} == {f"Exploration paper {n}" for n in range(3)}
    assert await _venue_of(db, [hit.paper.id for hit in within.hits]) == {"AISTATS 2025"}


async def test_paging_within_a_venue_shows_each_of_its_papers_once(
        db: aiosqlite.Connection, engine: SearchEngine) -> None:
    first = await engine.search("bandits", limit=PAGE, venue="ICML 2018")
    assert first.total == STRONG_BANDITS

    shown = [hit.paper.id for offset in range(0, first.total, PAGE)
             for hit in (await engine.search("bandits", limit=PAGE, offset=offset, venue="ICML 2018")).hits]

    assert len(shown) == len(set(shown)) == STRONG_BANDITS
    assert await _venue_of(db, shown) == {"ICML 2018"}


async def test_a_venue_with_no_match_gives_no_results_not_others(engine: SearchEngine) -> None:
    results = await engine.search("graph neural networks", limit=PAGE, venue="AISTATS 2025")
    assert results.total == 0
    assert results.hits == []


async def test_a_half_typed_word_is_completed_within_the_venue(engine: SearchEngine) -> None:
    results = await engine.search("diffusi", limit=PAGE, venue="ICML 2025")
    assert results.total == 6
    elsewhere = await engine.search("diffusi", limit=PAGE, venue="AISTATS 2025")
    assert elsewhere.total == 0
    assert elsewhere.hits == []


async def test_topic_and_venue_pick_among_their_papers_only(db: aiosqlite.Connection, engine: SearchEngine) -> None:
    about = await engine.matching_ids("bandit", venue="ICML 2025")
    assert len(about) == 6
    assert await _venue_of(db, about) == {"ICML 2025"}

    venue_only = engine.venue_ids("aistats 2025")
    assert len(venue_only) == 12
    assert await _venue_of(db, venue_only) == {"AISTATS 2025"}
    assert len(await engine.matching_ids("bandit")) == STRONG_BANDITS + 3 + 6  # without a venue, as before


async def test_one_venue_alone_still_works(db: aiosqlite.Connection, tmp_path: Path) -> None:
    await load_corpus(db, [write_json(tmp_path / "aistats2025.json", _aistats2025())])
    engine = await SearchEngine.open(db, meaning=False)

    assert [(v.name, v.papers) for v in engine.venues()] == [("AISTATS 2025", 12)]
    assert (await engine.search("kernel", limit=PAGE, venue="AISTATS 2025")).total == 12


async def test_a_long_venue_name_has_a_short_key_that_finds_it(db: aiosqlite.Connection, tmp_path: Path) -> None:
    long_name = "Proceedings of the Forty-Second International Conference on Machine Learning 2025"
    paper = _record("A paper", "Bandits with long names, studied in depth here.", venue=long_name)
    await load_corpus(db, [write_json(tmp_path / "long.json", [paper])])
    engine = await SearchEngine.open(db, meaning=False)

    (venue,) = engine.venues()
    assert venue.name == long_name
    assert len(venue.key) <= MAX_KEY_CHARS
    assert engine.venue(venue.key) == venue == engine.venue(long_name.lower())
    assert (await engine.search("bandits", venue=venue.key)).total == 1


async def test_a_corpus_reload_refreshes_the_venues(db: aiosqlite.Connection, engine: SearchEngine,
                                                    tmp_path: Path) -> None:
    await load_corpus(db, [write_json(tmp_path / "aistats2025.json", _aistats2025())])  # the others retired
    await engine.refresh()

    assert [v.name for v in engine.venues()] == ["AISTATS 2025"]
    with pytest.raises(UnknownVenueError):
        await engine.search("bandits", venue="ICML 2018")


@pytest.mark.parametrize("name", ["—", "ICML 2025", "Proceedings of the Forty-Second International Conference"])
def test_a_venue_key_is_letters_and_digits_that_fit_a_custom_id(name: str) -> None:
    key = venue_key(name)
    assert key.isalnum()
    assert 0 < len(key) <= MAX_KEY_CHARS
    assert venue_key(f"  {name.lower()} ") == key


async def test_autocomplete_within_a_venue_suggests_its_papers_only(
        db: aiosqlite.Connection, engine: SearchEngine) -> None:
    everywhere = await engine.autocomplete("bandit reg", limit=10)
    assert await _venue_of(db, [s.id for s in everywhere]) == {"ICML 2018"}  # its 230 strong ones fill the list

    within = await engine.autocomplete("bandit reg", limit=10, venue="aistats 2025")
    assert [s.label for s in within] != []
    assert await _venue_of(db, [s.id for s in within]) == {"AISTATS 2025"}
    # A venue the corpus lacks leaves the suggestions as they were: they never fail.
    assert await engine.autocomplete("bandit reg", limit=10, venue="NeurIPS 2024") == everywhere
