"""A full name the corpus lacks finds nothing, and a surname the stemmer reads as a word finds its author's papers
only, on ICML 2018 + AISTATS 2025 in a real temporary SQLite file (session 14's review). `/paper search Tri Dao`
listed Daolang Huang's papers, "Dao" completed into "Daolang" once "Tri" matched nothing, and so did autocomplete;
"tri dao" in small letters listed the papers that "try" something ("tri" is the stem of "tries") and "Dao, Tri" those
that "trick" or "trial"; "Schmidhuber" was offered "Did you mean **schmidthieber**?" (Schmidt-Hieber joined);
"Welling" listed Max Welling's 3 papers and 184 others that do something "as well as" another, as autocomplete did
(Welling's stem is "well"). A half-typed name the corpus has still completes."""

from __future__ import annotations

import aiosqlite

from storage.search import SearchEngine
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)


async def papers_by(db: aiosqlite.Connection, author: str) -> set[str]:
    """The ids of the stored papers `author` wrote."""
    async with db.execute("SELECT id FROM papers WHERE authors LIKE '%' || ? || '%'", (author,)) as cursor:
        return {str(row[0]) for row in await cursor.fetchall()}


# One load of the two datasets per test (a few seconds each): the ways of typing a name are checked in a loop.
async def test_a_full_name_the_corpus_lacks_finds_nothing(corpus: SearchEngine) -> None:  # noqa: F811
    # Nor is a surname the corpus lacks offered a hyphenated name joined ("schmidthieber", Schmidt-Hieber's).
    for typed in ("Tri Dao", "tri dao", "Dao, Tri", "“Tri Dao”", "Schmidhuber"):
        results = await corpus.search(typed)
        assert [hit.paper.title for hit in results.hits] == [], typed
        assert (results.total, results.suggestions) == (0, []), typed
        assert await corpus.autocomplete(typed) == [], typed


async def test_a_name_of_the_corpus_half_typed_or_whole_still_finds_its_papers_first(
        corpus: SearchEngine, db: aiosqlite.Connection) -> None:  # noqa: F811
    his = await papers_by(db, "Daolang Huang")
    assert len(his) == 2
    for typed in ("Daolang Hu", "Dao", "Daolang Huang"):
        assert {hit.paper.id for hit in (await corpus.search(typed)).hits[:2]} == his, typed
        assert {suggestion.id for suggestion in (await corpus.autocomplete(typed))[:2]} == his, typed


async def test_a_surname_the_stemmer_makes_a_word_finds_its_authors_papers_not_the_word(
        corpus: SearchEngine, db: aiosqlite.Connection) -> None:  # noqa: F811
    his = await papers_by(db, "Max Welling")
    assert len(his) == 3
    for typed in ("Welling", "welling", "Weling", "Max Welling"):
        results = await corpus.search(typed)
        assert {hit.paper.id for hit in results.hits[:3]} == his, typed
        suggestions = [suggestion.id for suggestion in await corpus.autocomplete(typed)]
        assert set(suggestions[:3]) == his, typed
        if typed != "Max Welling":  # "max" is a word of its own ("min-max")
            assert (results.total, len(suggestions)) == (3, 3), typed
            # His name is bold in the "By …" line, not every "well" of the abstracts.
            assert all("**Max Welling**" in hit.snippet for hit in results.hits), typed
            assert not any("**well**" in hit.snippet.lower() for hit in results.hits), typed
    assert (await corpus.search("well")).total > 100  # the word itself still finds the papers writing it
