"""A name whose surname is half-typed is that person's when only one author's name of the corpus goes on so, on real
temporary SQLite files (session 16's review). On ICML 2018 + AISTATS 2025, `/paper search Max Wel` listed 20 papers
writing "max" (min-max) before Max Welling's, which it did not list at all: "wel" was no word, and no typo of his name.
The words before it must stand in one author's name, and the corpus must not write them followed by a word so begun
("deep lea" is deep learning being typed, even beside an author Deep Learmonth)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, papers_about, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review14_unknown_names import papers_by


async def test_a_half_typed_surname_lists_that_persons_papers(corpus: SearchEngine,  # noqa: F811
                                                              db: aiosqlite.Connection) -> None:
    his = await papers_by(db, "Max Welling")
    for typed in ("Max Wel", "max wel", "Max Welli"):
        results = await corpus.search(typed)
        assert ({hit.paper.id for hit in results.hits}, results.total) == (his, 3), typed
    results = await corpus.search("attention Max Wel")  # beside a topic: his papers first, then the topic's
    assert {hit.paper.id for hit in results.hits[:3]} == his
    assert all("attention" in (hit.paper.title + hit.paper.abstract).lower() for hit in results.hits[3:])
    for typed in ("Max Wel", "max wel", "Max W", "max welli"):
        assert {choice.id for choice in (await corpus.autocomplete(typed))[:3]} == his, typed


def _paper(title: str, authors: str, abstract: str) -> dict[str, object]:
    return {"title": title, "authors": authors, "abstract": abstract}


PAPERS: Records = [
    _paper("Herding Revisited", "Max Welling; Ana Silva",
           "Herding draws samples deterministically by matching moments, a dynamical system with weights."),
    _paper("Bayesian Dark Knowledge", "Ana Silva; Max Welling",
           "We distil a Bayesian posterior predictive distribution into one network trained alongside the sampler."),
    _paper("Sheep Grazing Patterns", "Max Welsh",
           "Grazing sheep move between pastures in patterns that a random walk with memory describes."),
    *({"title": f"Min-Max Games {n}", "abstract": f"We solve min-max games in setting {n} by extragradient steps "
                                                         "and bound their gap."}
      for n in range(3)),
    _paper("Moraines of the North", "Deep Learmonth",
           "Moraines mark where glaciers stood; we date them by the lichens growing on their boulders."),
    *papers_about("deep learning", 3),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, *surveys()]})


async def test_only_one_persons_name_going_on_so_is_completed(engine: SearchEngine) -> None:
    welling = {"Herding Revisited", "Bayesian Dark Knowledge"}
    results = await engine.search("max welli")
    assert ({hit.paper.title for hit in results.hits}, results.total) == (welling, 2)
    # Welling or Welsh: both being typed, so both lead.
    choices = await engine.autocomplete("Max Wel")
    assert {choice.label for choice in choices[:3]} == {*welling, "Sheep Grazing Patterns"}
    # A topic being typed stays one: the papers on deep learning, not those of an author Deep Learmonth.
    assert all(choice.label.startswith("Studies of deep learning")
               for choice in (await engine.autocomplete("deep lea"))[:3])
