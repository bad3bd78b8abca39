"""A surname the stemmer makes another word, on a real temporary SQLite file (session 10's review): "Welling" is
stemmed "well", "Levine" "levin", so typing the surname alone found every paper that does something "as well
as" another, or a Levin's, and not the author's."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import paper_titled, write_json

WELLING = "Attention-Based Deep Multiple Instance Learning"
LEVINE = "Soft Actor-Critic for Robot Grasping"
LEVIN = "Out-of-Sample Extension of Spectral Embedding"
VARY = "Counting Hedgehogs in Suburban Gardens"
TOPICS = ["glaciers", "orchards", "lighthouses", "violins", "volcanoes", "beehives", "tramways", "meteorites"]


def _records() -> list[dict[str, object]]:
    records: list[dict[str, object]] = [
        {"title": WELLING, "authors": ["Maximilian Ilse", "Jakub Tomczak", "Max Welling"],
         "abstract": "Multiple instance learning assigns one label to a bag of instances. We model the bag label "
                     "with a permutation-invariant attention operator over the instances of the bag."},
        {"title": LEVINE, "authors": ["Tuomas Haarnoja", "Sergey Levine"],
         "abstract": "An off-policy actor-critic method with maximum entropy that learns grasping on a real robot "
                     "arm from a few hours of experience, with a stochastic actor and two critics."},
        {"title": LEVIN, "authors": ["Keith Levin"],
         "abstract": "Embedding a new vertex into an adjacency spectral embedding without computing it again."},
        # A surname that is mostly an ordinary word in this corpus: the word's papers keep their place.
        {"title": VARY, "authors": ["Jean Vary"],
         "abstract": "Hedgehogs in suburban gardens are counted from footprints in ink tunnels over two summers."},
    ]
    for topic in TOPICS:  # papers doing things "as well as" others, and whose counts "vary"
        records.append({"title": f"A Survey of {topic.title()}", "authors": ["Ann Other"],
                        "abstract": f"We study {topic} as well as their records. Counts vary by region, and the "
                                    f"method works well on {topic} whose counts vary over the years."})
    return records


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    await load_corpus(db, [write_json(tmp_path / "papers.json", _records())])
    return await SearchEngine.open(db, meaning=False)


@pytest.mark.parametrize(("typed", "title"), [
    ("Welling", WELLING), ("welling", WELLING), ("Max Welling", WELLING), ("M. Welling", WELLING),
    ("Welling et al., 2018", WELLING), ("Wellnig", WELLING), ("Levine", LEVINE), ("Sergey Levine", LEVINE),
])
async def test_a_surname_the_stemmer_makes_another_word_finds_the_authors_paper_first(
        engine: SearchEngine, db: aiosqlite.Connection, typed: str, title: str) -> None:
    hits = (await engine.search(typed, limit=3)).hits
    assert [hit.paper.id for hit in hits[:1]] == [await paper_titled(db, title)], [hit.paper.title for hit in hits]


@pytest.mark.parametrize("typed", ["Welling", "Wellin", "max welli"])
async def test_autocomplete_offers_the_authors_paper_first(engine: SearchEngine, db: aiosqlite.Connection,
                                                           typed: str) -> None:
    choices = await engine.autocomplete(typed)
    assert [choice.id for choice in choices[:1]] == [await paper_titled(db, WELLING)], [c.label for c in choices]


async def test_the_word_the_surname_was_stemmed_to_finds_what_it_did(engine: SearchEngine,
                                                                    db: aiosqlite.Connection) -> None:
    # "levin" is Keith Levin (and, stemmed alike, Sergey Levine); "well" the papers that write it.
    levin = [hit.paper.id for hit in (await engine.search("Levin", limit=5)).hits]
    assert set(levin) == {await paper_titled(db, LEVIN), await paper_titled(db, LEVINE)}
    well = [hit.paper.title for hit in (await engine.search("works well", limit=len(TOPICS))).hits]
    assert len(well) == len(TOPICS), well
    assert all(title.startswith("A Survey of") for title in well), well


async def test_a_surname_that_is_mostly_a_word_here_does_not_lift_its_author(engine: SearchEngine) -> None:
    # "vary" is written by eight abstracts and is one author's name: the word's papers stay first.
    hits = (await engine.search("counts vary", limit=len(TOPICS))).hits
    assert len(hits) == len(TOPICS), [hit.paper.title for hit in hits]
    assert all(hit.paper.title.startswith("A Survey of") for hit in hits), [hit.paper.title for hit in hits]
