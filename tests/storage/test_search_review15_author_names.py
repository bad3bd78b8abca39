"""A search for a person's name the corpus has lists that person's papers, not those sharing one common word of the
name, and a surname with an initial is that person, on real temporary SQLite files (session 15's review). On ICML
2018 + AISTATS 2025, `/paper search Max Welling` listed his 3 papers, then 20 that write "max" (min-max, max-margin);
"Dao T", as citations write Tri Dao, listed 62 papers that write a variable "t", in a corpus without him: the initial
was left out only beside a surname the corpus has. A topic typed beside the name still lists its papers after the
person's."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review14_unknown_names import papers_by


async def test_a_name_of_the_corpus_lists_that_persons_papers_only(corpus: SearchEngine,  # noqa: F811
                                                                   db: aiosqlite.Connection) -> None:
    his = await papers_by(db, "Max Welling")
    for typed in ("Max Welling", "“Max Welling”", "Welling M", "Max Weling"):
        results = await corpus.search(typed)
        assert ({hit.paper.id for hit in results.hits}, results.total) == (his, 3), typed
    # Beside a topic: his paper on it first, his others, then the topic's papers; none by "max" alone.
    results = await corpus.search("Max Welling attention")
    assert results.hits[0].paper.title == "Attention-based Deep Multiple Instance Learning"
    assert {hit.paper.id for hit in results.hits[:3]} == his
    assert all("attention" in (hit.paper.title + hit.paper.abstract).lower() for hit in results.hits[3:])
    assert (await corpus.search("max")).total > 3  # the word alone is still the word


async def test_a_surname_and_initial_the_corpus_lacks_finds_nothing(corpus: SearchEngine) -> None:  # noqa: F811
    for typed in ("Dao T", "dao t", "T Dao"):
        results = await corpus.search(typed)
        assert (results.total, results.suggestions) == (0, []), typed
    assert (await corpus.search("transport of y")).total > 0  # a letter beside words is still a letter


def _paper(title: str, authors: str, abstract: str) -> dict[str, object]:
    return {"title": title, "authors": authors, "abstract": abstract}


PAPERS = [
    _paper("FlashAttention Again", "Tri Dao; Albert Gu",
           "We make exact attention faster on modern hardware by reading and writing less memory between its steps."),
    _paper("State Spaces at Scale", "Albert Gu; Tri Dao",
           "Selective state space models match transformers on language while their cost grows linearly with length."),
    _paper("Neural Processes for Physics", "Daolang Huang",
           "Neural processes amortise inference for simulators in physics, learning from many simulated experiments."),
    *(_paper(f"Student-t Models {n}", "Ana Silva",
             f"We model heavy tails with a Student-t likelihood and observe the process at time t in setting {n}.")
      for n in range(3)),
    _paper("Tri-level Games", "Ana Silva",
           "We solve tri-level games, a leader over two followers, by a descent that converges for convex costs."),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, *surveys()]})


async def test_a_name_or_surname_and_initial_the_corpus_has_finds_that_persons_papers(engine: SearchEngine) -> None:
    # Not the paper on "tri-level" games, nor the papers with a variable t, nor Daolang Huang's.
    for typed in ("Tri Dao", "Dao T", "T Dao", "dao t"):
        results = await engine.search(typed)
        assert {hit.paper.title for hit in results.hits} == {"FlashAttention Again", "State Spaces at Scale"}, typed
