"""A name with a hyphenated first name or surname read as one author's name, on real temporary SQLite files.

On ICML 2018 + AISTATS 2025: "Fei-Fei Li" (the dev set writes "Li Fei-Fei") listed 60 papers, her 2 first, then any
paper by a Li or a Fei ("By **Zhuohan Li**, Di He, **Fei Tian**"), and bolded her co-author Li-Jia Li beside her: the
query's "fei-fei" is one joined word ("feifei") to the ranking, which the per-author name pairs did not have, so the
query named nobody. "Zeyuan Allen-Zhu" listed 27, "Han-Jia Ye" 39, "Maria-Florina Balcan" 6."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review14_unknown_names import papers_by


def _paper(title: str, authors: str, abstract: str) -> dict[str, object]:
    return {"title": title, "authors": authors, "abstract": abstract}


PAPERS = [
    _paper("Distributionally Robust Policy Learning", "Zhengyuan Zhou; Li-Jia Li; Li Fei-Fei",
           "Robust policies are learned from logged data under shifts in the distribution of contexts and rewards."),
    _paper("Curriculum Networks for Corrupted Labels", "Lu Jiang; Thomas Leung; Fei-Fei Li",
           "A mentor network supervises the training of a student network on labels that are corrupted."),
    _paper("Kernel Methods for Protein Sequences", "Jean-Philippe Vert; Anna Smith",
           "String kernels compare protein sequences for the classification of their families across species."),
    _paper("Sparse Covariance with Missing Entries", "Fei Chen; Li Wang; Philippe Martin",
           "A method for the estimation of sparse covariance in high dimensions with missing entries."),
    _paper("Motif Counts by Graph Sampling", "Fei Tian; Jean Dupont",
           "Graph sampling estimates the counts of motifs in large social networks from a few random walks."),
]
FEI_FEI_LI = {"Distributionally Robust Policy Learning", "Curriculum Networks for Corrupted Labels"}


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*PAPERS, *surveys()]})


@pytest.mark.parametrize("typed", ["Fei-Fei Li", "fei-fei li", "Feifei Li", "feifei li", "Fei Fei Li", "Li Fei-Fei",
                                   "Li, Fei-Fei"])
async def test_a_hyphenated_first_name_lists_that_authors_papers_only(engine: SearchEngine, typed: str) -> None:
    results = await engine.search(typed)
    assert ({hit.paper.title for hit in results.hits}, results.total) == (FEI_FEI_LI, 2)


async def test_a_hyphenated_name_bolds_its_author_not_a_coauthor_sharing_a_word(engine: SearchEngine) -> None:
    by_title = {hit.paper.title: hit.snippet for hit in (await engine.search("Fei-Fei Li")).hits}
    assert by_title["Distributionally Robust Policy Learning"].startswith(
        "By Zhengyuan Zhou, Li-Jia Li, **Li Fei-Fei** — ")
    assert by_title["Curriculum Networks for Corrupted Labels"].startswith(
        "By Lu Jiang, Thomas Leung, **Fei-Fei Li** — ")


@pytest.mark.parametrize("typed", ["Jean-Philippe Vert", "jean-philippe vert", "Jean Philippe Vert"])
async def test_a_hyphenated_name_of_two_first_names_is_one_person(engine: SearchEngine, typed: str) -> None:
    (hit,) = (await engine.search(typed)).hits
    assert hit.paper.title == "Kernel Methods for Protein Sequences"
    assert hit.snippet.startswith("By **Jean-Philippe Vert**, Anna Smith — ")


async def test_a_first_name_holding_the_surname_is_one_person(engine: SearchEngine) -> None:
    (hit,) = (await engine.search("Li-Jia Li")).hits
    assert hit.snippet.startswith("By Zhengyuan Zhou, **Li-Jia Li**, Li Fei-Fei — ")


async def test_beside_a_topic_the_hyphenated_name_still_narrows(engine: SearchEngine) -> None:
    titles = [hit.paper.title for hit in (await engine.search("Fei-Fei Li robust")).hits]
    assert titles[0] == "Distributionally Robust Policy Learning"
    assert not {"Sparse Covariance with Missing Entries", "Motif Counts by Graph Sampling"}.intersection(titles)


# One load of the two datasets (a few seconds): the cases as they were found.
async def test_the_hyphenated_names_on_the_dev_datasets(corpus: SearchEngine,  # noqa: F811
                                                        db: aiosqlite.Connection) -> None:
    for typed, written in (("Fei-Fei Li", "Li Fei-Fei"), ("fei-fei li", "Li Fei-Fei"), ("Feifei Li", "Li Fei-Fei"),
                           ("Zeyuan Allen-Zhu", "Zeyuan Allen-Zhu"), ("Han-Jia Ye", "Han-Jia Ye"),
                           ("Maria-Florina Balcan", "Maria-Florina Balcan"), ("Li-Jia Li", "Li-Jia Li")):
        meant = await papers_by(db, written)
        results = await corpus.search(typed)
        assert meant, written
        assert ({hit.paper.id for hit in results.hits}, results.total) == (meant, len(meant)), typed
        assert all(f"**{written}**" in hit.snippet for hit in results.hits), typed
    (hit, _) = (await corpus.search("Fei-Fei Li")).hits
    assert "**Li-Jia Li**" not in hit.snippet
