"""Two query words that are each the surname of a different co-author of one paper are a search for those
co-authors: their joint papers first (session 17's review), on real temporary SQLite files. Read as two authors'
words in no one author's name, "Tomczak Welling" was a topic, as "Frank Wolfe" (Frank Hutter's first name, Philip
Wolfe's surname) is; so a paper citing "(Tomczak and Welling, 2018)" came before the paper the two wrote."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review16_capitalised_names import FRANK_WOLFE, PAPERS, _paper

# Cites Hutter and Wolfe's line search by their surnames, side by side, as the VampPrior paper cites Tomczak and
# Welling; none of its authors is either.
CITING = _paper("Curvature Checks Compared", "Ana Silva",
                "We compare the curvature checks of the line search of Hutter and Wolfe with Armijo backtracking, "
                "following Hutter & Wolfe on quasi-Newton updates.")
JOINT = "Line Searches Revisited"  # by Frank Hutter and Philip Wolfe


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, CITING, *surveys()]})


async def _titles(engine: SearchEngine, query: str) -> list[str]:
    return [hit.paper.title for hit in (await engine.search(query)).hits]


@pytest.mark.parametrize("typed", ["Hutter Wolfe", "Wolfe Hutter", "hutter wolfe", "Hutter Wolfe?"])
async def test_two_coauthors_surnames_list_their_joint_paper_first(engine: SearchEngine, typed: str) -> None:
    found = await _titles(engine, typed)
    assert found[:1] == [JOINT], typed
    assert "Curvature Checks Compared" not in found, typed  # it cites them; neither wrote it


async def test_a_first_name_and_another_authors_surname_are_still_the_topic(engine: SearchEngine) -> None:
    # "Frank" is Frank Hutter's first name, not his surname: the Frank–Wolfe algorithm, as before.
    assert set((await _titles(engine, "Frank Wolfe"))[:2]) == FRANK_WOLFE


async def test_surnames_of_authors_who_never_wrote_together_are_no_coauthor_search(engine: SearchEngine) -> None:
    # Bo Li wrote with each of them, but Silva never with Hutter: the surnames are read as before, not as one paper.
    found = await _titles(engine, "Silva Hutter")
    assert JOINT in found
    assert "Tuning Hyperparameters Quickly" in found


async def test_the_dev_set_coauthors_paper_comes_before_the_one_citing_them(corpus: SearchEngine) -> None:  # noqa: F811
    # AISTATS 2025's "The VampPrior Mixture Model" cites "(Tomczak and Welling, 2018)"; ICML 2018's
    # "Attention-based Deep Multiple Instance Learning" is by Maximilian Ilse, Jakub Tomczak and Max Welling.
    for typed in ("Tomczak Welling", "tomczak welling"):
        found = await _titles(corpus, typed)
        assert found[:1] == ["Attention-based Deep Multiple Instance Learning"], typed
