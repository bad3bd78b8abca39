"""Two co-authors' surnames list their joint papers first, then each one's other papers (session 18's review), on real
temporary SQLite files; and the search explanation shows that reading.

"Tomczak Welling" listed one result, the paper the two wrote together: a person typing two surnames looks for their
work, and the list stopped there, as if neither had written anything else. Their joint papers come first whatever
the words score, then the papers of either, by score; a paper that only cites them ("(Tomczak and Welling, 2018)"),
or writes "Wolfe conditions", is still no paper of theirs. `SearchIndex.explain`, which shows what surnames read as
words add, now shows this reading too: which papers it lists first, and which it leaves out."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import numpy as np
import pytest

from storage._search_index import fuse_meaning
from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review16_capitalised_names import PAPERS
from tests.storage.test_search_review17_coauthor_surnames import CITING, JOINT

THEIR_OTHERS = {"Tuning Hyperparameters Quickly", "Tuning Hyperparameters Cheaply",  # Hutter's, with Bo Li
                "Sampling Without Regret", "Sampling With Less Regret"}  # Wolfe's, with Bo Li


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, CITING, *surveys()]})


@pytest.mark.parametrize("typed", ["Hutter Wolfe", "Wolfe Hutter", "hutter wolfe"])
async def test_coauthors_surnames_list_their_joint_paper_then_each_ones_papers(engine: SearchEngine,
                                                                              typed: str) -> None:
    results = await engine.search(typed)
    titles = [hit.paper.title for hit in results.hits]

    assert titles[0] == JOINT
    assert set(titles[1:]) == THEIR_OTHERS  # was the joint paper alone
    assert results.total == 5  # not the paper citing them, nor "Wolfe conditions" nor the Frank–Wolfe papers


async def test_each_ones_papers_say_whose_they_are(engine: SearchEngine) -> None:
    snippets = {hit.paper.title: hit.snippet for hit in (await engine.search("Hutter Wolfe")).hits}
    assert snippets["Tuning Hyperparameters Quickly"].startswith("By **Frank Hutter**, Bo Li — ")
    assert snippets["Sampling Without Regret"].startswith("By **Philip Wolfe**, Bo Li — ")


async def test_their_joint_paper_stays_first_when_meaning_reorders_the_list(engine: SearchEngine) -> None:
    index = engine.index
    ranking = index.rank("Hutter Wolfe")
    # Every other paper as close in meaning as can be, the joint one not at all.
    cosines = np.asarray([0.0 if index.titles[at] == JOINT else 1.0 for at in ranking.order.tolist()], np.float32)
    fused = fuse_meaning(ranking, cosines)
    first, *rest = (index.titles[at] for at in fused.order.tolist())
    assert (first, set(rest)) == (JOINT, THEIR_OTHERS)


async def test_the_explanation_shows_the_coauthors_reading(engine: SearchEngine) -> None:
    index = engine.index
    titles = (JOINT, "Sampling Without Regret", str(CITING["title"]))
    joint, other, citing = (index.titles.index(title) for title in titles)
    explained = dict(zip((joint, other, citing), index.explain("Hutter Wolfe", [joint, other, citing]), strict=True))

    assert explained[joint]["their joint paper, listed first"] == 1.0
    assert explained[other]["their joint paper, listed first"] == 0.0
    assert explained[other]["no paper of the named authors"] == 0.0
    # The citing paper's words score, and the reading takes it all away: no result of the search.
    assert explained[citing]["hutter"] > 0
    left_out = {part: value for part, value in explained[citing].items() if part != "their joint paper, listed first"}
    assert sum(left_out.values()) == pytest.approx(0.0, abs=1e-5)


async def test_a_query_naming_nobody_is_explained_as_before(engine: SearchEngine) -> None:
    index = engine.index
    (parts,) = index.explain("line searches", [index.titles.index(JOINT)])
    assert set(parts) == {"line", "searches", "names", "pairs", "surnames as words"}


# One load of the two datasets (a few seconds): the case as it was found.
async def test_the_dev_set_coauthors_then_their_other_papers(corpus: SearchEngine) -> None:  # noqa: F811
    # ICML 2018's "Attention-based Deep Multiple Instance Learning" is by Maximilian Ilse, Jakub Tomczak and Max
    # Welling; Max Welling wrote two more there. AISTATS 2025's VampPrior paper cites "(Tomczak and Welling, 2018)".
    results = await corpus.search("Tomczak Welling")
    titles = [hit.paper.title for hit in results.hits]
    assert titles[0] == "Attention-based Deep Multiple Instance Learning"
    assert set(titles[1:]) == {"BOCK : Bayesian Optimization with Cylindrical Kernels",
                               "Neural Relational Inference for Interacting Systems"}
    assert all("**Max Welling**" in hit.snippet for hit in results.hits[1:])
