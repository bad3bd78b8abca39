"""A field filter typed as other search engines take it ("title:attention", "author:Welling") searches the words after
it, on ICML 2018 + AISTATS 2025 in a real temporary SQLite file (session 14's review). The search has no fields to
filter by (it ranks title, names, keywords, abstract and authors at once), and "title", a word few abstracts write,
was taken for a typo of the method name TILe: `/paper search title:attention` answered "Did you mean **TILe
attention**?" with TILe's paper first, and "author:Welling" listed the papers with the word "author"."""

from __future__ import annotations

from storage.search import SearchEngine
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)


# One load of the two datasets per test (a few seconds each): the ways of typing a filter are checked in a loop.
async def test_a_field_filter_searches_the_words_after_it(corpus: SearchEngine) -> None:  # noqa: F811
    for typed, meant in (("title:attention", "attention"), ("Title: attention", "attention"),
                         ("TITLE:attention", "attention"), ("author:Welling", "Welling"),
                         ("authors: Max Welling", "Max Welling"), ("intitle:bandits", "bandits"),
                         ("abstract:kernel title:bandits", "kernel bandits")):
        results, plain = await corpus.search(typed), await corpus.search(meant)
        assert plain.total > 0, meant
        assert [hit.paper.id for hit in results.hits] == [hit.paper.id for hit in plain.hits], typed
        assert (results.total, results.suggestions) == (plain.total, []), typed
        assert await corpus.autocomplete(typed) == await corpus.autocomplete(meant), typed


async def test_a_colon_after_other_words_is_read_as_before(corpus: SearchEngine) -> None:  # noqa: F811
    # A title's head ("GraphRNN:") is no field, nor is a word that only ends like one.
    graph_rnn = await corpus.search("GraphRNN: Generating Realistic Graphs")
    assert graph_rnn.hits[0].paper.title.startswith("GraphRNN: Generating Realistic Graphs")
    assert (await corpus.search("subtitle: attention")).suggestions != []  # "subtitle" kept, and not in the corpus
