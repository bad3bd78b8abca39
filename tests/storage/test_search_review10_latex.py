"""A query in LaTeX reads as the corpus's display text does, on a real temporary SQLite file (session 10's review):
papers are indexed by their display text, whose LaTeX enrichment renders ("$\\ell_1$" is "ℓ₁", "Schr\\"odinger"
"Schrödinger", "$O(\\log n)$" "O(log n)"), while a query only lost its macro names: a title copied
from a BibTeX entry or a paper's source ("$\\ell_1$-Regularized …", "Schr\\"odinger Bridges …") searched "1",
"schr odinger", "o n" and missed the paper it names; `/paper show` did not know the title."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled

# The titles as written in the corpus file, and as stored (display text).
SPARSE_LATEX, SPARSE = r"Fast $\ell_1$-Regularized Regression on Streams", "Fast ℓ₁-Regularized Regression on Streams"
BRIDGE_LATEX, BRIDGE = r"Schr\"odinger Bridges for Image Translation", "Schrödinger Bridges for Image Translation"
MEDIAN_LATEX, MEDIAN = r"A Fr\'echet Median in $O(\log n)$ Time", "A Fréchet Median in O(log n) Time"
RECORDS: Records = [
    {"title": SPARSE_LATEX, "authors": ["Ann Lasso"],
     "abstract": r"We fit $\ell_1$-regularized least squares on a data stream with one pass and a sketch whose "
                 r"size grows with the number of nonzero coefficients."},
    {"title": BRIDGE_LATEX, "authors": ["Erwin Bridge"],
     "abstract": r"A Schr\"odinger bridge between two image domains is learnt by iterative proportional fitting "
                 r"of two diffusion processes."},
    {"title": MEDIAN_LATEX, "authors": ["Otto Median"],
     "abstract": r"The Fr\'echet median of points on a tree metric is found in $O(\log n)$ time after a linear-time "
                 r"preprocessing of the tree."},
    *({"title": f"A Survey of {topic} in {n} Regions", "authors": ["Ann Other"],
       "abstract": f"A survey of {topic} across {n} regions and 1 decade, with a time line and a median count "
                   f"of {topic} per region, where counts follow a log-normal law."}
      for n, topic in enumerate(("Glaciers", "Orchards", "Violins", "Volcanoes", "Beehives", "Canals"), start=2)),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


@pytest.mark.parametrize(("typed", "plain", "title"), [
    (r"$\ell_1$-regularized regression", "ℓ₁-regularized regression", SPARSE),
    (r"$\ell_1$ regression", "l1 regression", SPARSE),
    (r"Schr\"odinger bridges", "Schrödinger bridges", BRIDGE),
    (r"Fr\'echet median", "Fréchet median", MEDIAN),
    (r"median in $O(\log n)$ time", "median in O(log n) time", MEDIAN),
    (MEDIAN_LATEX, MEDIAN, MEDIAN),
])
async def test_latex_in_a_query_reads_as_the_display_text_does(engine: SearchEngine, db: aiosqlite.Connection,
                                                               typed: str, plain: str, title: str) -> None:
    hits = (await engine.search(typed)).hits
    assert [hit.paper.id for hit in hits[:1]] == [await paper_titled(db, title)], [hit.paper.title for hit in hits]
    assert [(hit.paper.id, hit.score) for hit in hits] == [
        (hit.paper.id, hit.score) for hit in (await engine.search(plain)).hits]


@pytest.mark.parametrize(("typed", "title"), [(r"Schr\"oding", BRIDGE), (r"$\ell_1$-regu", SPARSE)])
async def test_latex_in_autocomplete_reads_as_the_display_text_does(engine: SearchEngine, db: aiosqlite.Connection,
                                                                    typed: str, title: str) -> None:
    choices = await engine.autocomplete(typed)
    assert [choice.id for choice in choices[:1]] == [await paper_titled(db, title)], [c.label for c in choices]


async def test_latex_in_a_topic_reads_as_the_display_text_does(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    assert await engine.matching_ids(r"Schr\"odinger bridge") == [await paper_titled(db, BRIDGE)]


@pytest.mark.parametrize(("typed", "title"), [(SPARSE_LATEX, SPARSE), (BRIDGE_LATEX, BRIDGE), (MEDIAN_LATEX, MEDIAN)])
async def test_a_title_in_latex_is_shown_by_its_title(engine: SearchEngine, db: aiosqlite.Connection, typed: str,
                                                      title: str) -> None:
    assert await engine.by_title(typed) == await paper_titled(db, title)
