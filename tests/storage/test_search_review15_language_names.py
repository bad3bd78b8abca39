"""A programming language named by a letter and its signs is a word of its own, on real temporary SQLite files
(session 15's review). `/paper search C++` and `c#` listed the 27 papers of ICML 2018 + AISTATS 2025 that write a
lone "c" (a constant, "c-approximation"), and none about C++ first: the signs were dropped and the letter searched.
"C++" is now the papers writing C++ (one abstract there: "a software library written in C++"), "C#" those writing
C#, none in a corpus without it; the letter c alone is still the letter."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over, surveys
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)

LETTER_C = [{"title": f"Constants in Bounds {n}",
             "abstract": f"We prove a bound with a constant c and a c-approximation for setting {n}."}
            for n in range(4)]
CPP = {"title": "A Fast Sampler Library",
       "abstract": "Our sampler for hierarchical models is a software library written in C++ with Python bindings."}
CSHARP = {"title": "Games for Learning",
          "abstract": "We release a game engine for teaching in C# and a checker of its rules written in F#."}


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": [*LETTER_C, CPP, CSHARP, *surveys()]})


@pytest.mark.parametrize(("typed", "title"), [("C++", CPP["title"]), ("c++", CPP["title"]), ("C#", CSHARP["title"]),
                                              ("f#", CSHARP["title"]), ("C++ library", CPP["title"])])
async def test_a_language_named_by_a_letter_finds_the_papers_writing_it(engine: SearchEngine, typed: str,
                                                                        title: str) -> None:
    results = await engine.search(typed)
    assert [hit.paper.title for hit in results.hits] == [title]
    bold = "**C++**" if "+" in typed else "**C\\#**" if "c" in typed.lower() else "**F\\#**"
    assert bold in results.hits[0].snippet


async def test_the_letter_alone_is_still_the_letter(engine: SearchEngine) -> None:
    assert {hit.paper.title for hit in (await engine.search("c")).hits} == {paper["title"] for paper in LETTER_C}


async def test_a_language_the_corpus_lacks_finds_nothing_not_the_letter(corpus: SearchEngine) -> None:  # noqa: F811
    results = await corpus.search("C++")
    assert [hit.paper.title for hit in results.hits] == [
        "Scalable Inference for Bayesian Multinomial Logistic-Normal Dynamic Linear Models"]
    for typed in ("c#", "C#", "F#"):
        results = await corpus.search(typed)
        assert (results.total, results.suggestions) == (0, []), typed
