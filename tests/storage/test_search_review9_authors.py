"""An author typed with initials, as references write them ("Y. Bengio", "Bengio, Y."), on a real temporary
SQLite file (session 9's review): the initial is no word of the query."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import write_json

# Abstracts full of one-letter symbols ("y", "d", "p"), as mathematical ones are, beside the authors' papers.
PAPERS = [
    {"title": "Mutual Information Neural Estimation", "author": "Mohamed Ishmael Belghazi; Yoshua Bengio",
     "abstract": "We argue that the estimation of mutual information between high dimensional continuous random "
                 "variables can be achieved by gradient descent over neural networks, linearly scalable in size."},
    {"title": "Is Merging Worth It? Securely Evaluating the Information Gain for Causal Dataset Acquisition",
     "author": "Jake Fawkes; Desi R. Ivanova; Uri Shalit",
     "abstract": "Merging datasets across institutions is costly; we estimate the expected information gain of a "
                 "merge for a causal estimate before any data changes hands, with secure computation."},
    {"title": "The Weighted Kendall and High-order Kernels for Permutations",
     "author": "Yunlong Jiao; Jean-Philippe Vert",
     "abstract": "We propose new positive definite kernels for permutations, weighting the Kendall kernel so that "
                 "disagreements at the top of the rankings count more."},
    {"title": "Regression with Responses in High Dimension", "author": "Ana Ruiz",
     "abstract": "Given pairs (x, y) with y in R^d and d large, we regress y on x: each y is a d-dimensional "
                 "vector, and we bound the error in y by d/n when y is sub-Gaussian in every one of its d directions."},
    {"title": "Sampling in d Dimensions", "author": "Sam Fischer",
     "abstract": "For a target p on R^d, we sample y from p with Langevin steps; in d dimensions the mixing time "
                 "grows linearly in d, and we show y converges in Wasserstein distance for every d and every p."},
    {"title": "Revisiting Neural Estimators", "author": "Tom Okafor; Mia Lund",
     "abstract": "Neural estimators of divergences (Nguyen et al., 2010; Poole et al., 2019) are biased; as Song "
                 "et al. show, their variance grows with the true value. We give estimators with a bounded variance."},
    {"title": "Stochastic Approximation with Markovian Noise", "author": "Éric Moulines; Özgür Aslan",
     "abstract": "We analyse stochastic approximation driven by a Markov chain and give finite-time bounds for the "
                 "last iterate that match those of independent noise up to the mixing time."},
    {"title": "Ranking in E-Commerce", "author": "Nora Berg",
     "abstract": "E-commerce search ranks items in O(n log n) time; for e-mail and e-commerce logs we give an "
                 "o(n) sketch, and e is the base of every logarithm in the O(n) bounds we prove."},
    {"title": "Optimal Transport of y", "author": "Lea Marchetti",
     "abstract": "We transport a measure on x to a measure on y; the map from x to y is monotone, and y is recovered "
                 "from x by a p-Wasserstein gradient flow in d steps for every y, with p > 1."},
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    await load_corpus(db, [write_json(tmp_path / "icml.json", PAPERS)])
    return await SearchEngine.open(db, meaning=False)


@pytest.mark.parametrize(("typed", "title"), [
    ("Y. Bengio", "Mutual Information"),
    ("Bengio, Y.", "Mutual Information"),
    ("D. Ivanova", "Is Merging"),
    ("D. R. Ivanova", "Is Merging"),
    ("J.-P. Vert", "The Weighted Kendall"),
    ("J.-P. Vert kernels", "The Weighted Kendall"),
    ("É. Moulines", "Stochastic Approximation"),  # an initial with an accent is an initial too
    ("Ö. Aslan", "Stochastic Approximation"),
])
async def test_an_author_typed_with_initials_finds_their_paper_first(engine: SearchEngine, typed: str,
                                                                     title: str) -> None:
    # The letter alone matched every abstract writing "y" or "d" more than the surname matched the authors.
    hits = (await engine.search(typed)).hits
    assert hits
    assert hits[0].paper.title.startswith(title), [hit.paper.title for hit in hits]


async def test_a_letter_that_is_no_initial_still_counts(engine: SearchEngine) -> None:
    assert (await engine.search("sampling in d dimensions")).hits[0].paper.title == "Sampling in d Dimensions"
    assert (await engine.search("transport of y")).hits[0].paper.title == "Optimal Transport of y"


@pytest.mark.parametrize("typed", ["Bengio et al.", "Bengio et al. 2018", "(Belghazi et al., 2018)", "Belghazi et al"])
async def test_an_author_cited_with_et_al_finds_their_paper_first(engine: SearchEngine, typed: str) -> None:
    # "et", "al" and the year matched the abstracts that cite others ("Poole et al., 2019") above the author's.
    hits = (await engine.search(typed)).hits
    assert hits
    assert hits[0].paper.title == "Mutual Information Neural Estimation", [hit.paper.title for hit in hits]


@pytest.mark.parametrize("typed", ["Y. Bengoi", "Bengoi et al., 2018"])
async def test_did_you_mean_for_a_misspelt_author_finds_them_when_searched(engine: SearchEngine, typed: str) -> None:
    # It offered "y bengio" and "bengio et al 2018": the initial without its full stop, "et al" and the year
    # are words again when the suggestion is searched.
    suggestion = (await engine.search(typed)).suggestions[0]
    assert suggestion == "Bengio"
    assert (await engine.search(suggestion)).hits[0].paper.title == "Mutual Information Neural Estimation"
