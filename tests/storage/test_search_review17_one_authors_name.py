"""A person's name is one author's first name and surname, on real temporary SQLite files (session 17's search work).
On ICML 2018 + AISTATS 2025, "Thomas Laurent" listed his 2 papers and the one by Thomas Moreau and Laurent Oudre: the
two words were checked as a name of the corpus, then any paper with both words counted. And "Chiarg Modi" (Chirag Modi
misspelt) listed his 2 papers, then every Chiara's and Chiang's, the other names a letter off "chiarg". A name is now
matched per author, per paper, in either order ("Laurent, Thomas", as reference lists write it); a misspelt name whose
one fix makes an author's name is that author."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys, titles_found
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review14_unknown_names import papers_by


def _paper(title: str, authors: str, abstract: str) -> dict[str, object]:
    return {"title": title, "authors": authors, "abstract": abstract}


LAURENTS = {"Deep Linear Networks Have No Bad Minima", "The Multilinear Structure of Rectifier Networks"}
MODIS = {"Low-Rank Approximations for Score-Based Inference", "Delayed Rejection Samplers for Multiscale Densities"}
PAPERS = [
    _paper("Deep Linear Networks Have No Bad Minima", "Thomas Laurent; James von Brecht",
           "Every local minimum of a deep linear network with a convex loss is global, for any depth and width."),
    _paper("The Multilinear Structure of Rectifier Networks", "Thomas Laurent; James von Brecht",
           "The loss surface of a network of rectified linear units is piecewise multilinear in its weights."),
    _paper("Distributed Coordinate Descent for Sparse Coding", "Thomas Moreau; Laurent Oudre; Nicolas Vayatis",
           "An asynchronous coordinate descent solves convolutional sparse coding over many workers at once."),
    _paper("Low-Rank Approximations for Score-Based Inference", "Chirag Modi; Diana Cai",
           "Black-box variational inference that matches scores with a low-rank plus diagonal Gaussian family."),
    _paper("Delayed Rejection Samplers for Multiscale Densities", "Gilad Turok; Chirag Modi; Bob Carpenter",
           "A Hamiltonian sampler that retries a rejected step with a smaller step size adapts to multiscale targets."),
    _paper("Metrics Without Ground Truth", "Arthur Pignet; Chiara Regniez",
           "We rate uncertainty estimates of classifiers without labels, from agreement between models alone."),
    _paper("Estimating the Rasch Model", "Andrew Lan; Mung Chiang",
           "Item response theory with the Rasch model, estimated with error bounds from few responses a learner."),
    # One person, written with and without the particles of his name; and two co-authors with his words.
    _paper("Tractable Circuits Restructured", "Honghua Zhang; Guy Van den Broeck",
           "Probabilistic circuits that share a vtree are multiplied in polynomial time after restructuring."),
    _paper("A Semantic Loss for Symbolic Knowledge", "Jingyi Xu; Guy Broeck",
           "A loss that measures how close a network's outputs are to satisfying logical constraints."),
    _paper("Verifying Networks by Splitting", "Guy Katz; Lena Broeck",
           "Neural network verification that splits on the phases of rectified units, with proofs of safety."),
]
BROECKS = {"Tractable Circuits Restructured", "A Semantic Loss for Symbolic Knowledge"}


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, *surveys()]})


@pytest.mark.parametrize("typed", ["Thomas Laurent", "thomas laurent", "Laurent Thomas", "Laurent, Thomas",
                                   "“Thomas Laurent”", "Thomas Laurnet"])
async def test_a_name_lists_the_papers_of_the_author_so_named_not_of_two_coauthors(engine: SearchEngine,
                                                                                   typed: str) -> None:
    results = await engine.search(typed)
    assert ({hit.paper.title for hit in results.hits}, results.total) == (LAURENTS, 2)


async def test_each_coauthor_is_still_found_by_name(engine: SearchEngine) -> None:
    assert await titles_found(engine, "Thomas Moreau") == {"Distributed Coordinate Descent for Sparse Coding"}
    assert await titles_found(engine, "laurent oudre") == {"Distributed Coordinate Descent for Sparse Coding"}


async def test_a_name_beside_a_topic_leaves_out_the_two_coauthors_paper(engine: SearchEngine) -> None:
    # "coordinate descent" is the co-authors' paper's topic only: beside the name, it is no paper of his.
    results = await engine.search("Thomas Laurent coordinate descent")
    assert "Distributed Coordinate Descent for Sparse Coding" not in {hit.paper.title for hit in results.hits}
    assert {hit.paper.title for hit in results.hits[:2]} == LAURENTS


@pytest.mark.parametrize("typed", ["Guy Van den Broeck", "guy van den broeck", "Guy Broeck", "Broeck, Guy"])
async def test_a_name_with_particles_is_its_author_written_with_or_without_them(engine: SearchEngine,
                                                                                typed: str) -> None:
    results = await engine.search(typed)
    assert ({hit.paper.title for hit in results.hits}, results.total) == (BROECKS, 2)


@pytest.mark.parametrize("typed", ["Chiarg Modi", "chiarg modi", "Modi, Chiarg", "Chirag Modi"])
async def test_a_misspelt_name_whose_fix_is_one_author_lists_that_authors_papers(engine: SearchEngine,
                                                                                typed: str) -> None:
    results = await engine.search(typed)
    assert ({hit.paper.title for hit in results.hits}, results.total) == (MODIS, 2)


async def test_the_misspelt_name_is_offered_as_that_author(engine: SearchEngine) -> None:
    assert (await engine.search("Chiarg Modi")).suggestions == ["Chirag Modi"]


# One load of the two datasets (a few seconds): the cases as they were reported.
async def test_the_reported_names_on_the_dev_datasets(corpus: SearchEngine,  # noqa: F811
                                                      db: aiosqlite.Connection) -> None:
    laurent, modi = await papers_by(db, "Thomas Laurent"), await papers_by(db, "Chirag Modi")
    assert len(laurent) == len(modi) == 2
    for typed, meant in (("Thomas Laurent", laurent), ("Laurent Thomas", laurent), ("Chiarg Modi", modi),
                         ("chiarg modi", modi)):
        results = await corpus.search(typed)
        assert ({hit.paper.id for hit in results.hits}, results.total) == (meant, 2), typed
    # Frank Hutter and Philip Wolfe are no "Frank Wolfe": still the algorithm's papers.
    assert any("Frank-Wolfe" in hit.paper.title for hit in (await corpus.search("Frank Wolfe")).hits)
