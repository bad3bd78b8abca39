"""A word typed with its first key pressed twice is corrected, on ICML 2018 + AISTATS 2025 in a real temporary SQLite
file (session 15's review). `/paper search ddiffusion` listed the papers on diffusion only through the rarer
"diffusions", two edits away, and offered "Did you mean **diffusions**?": "ddiffusion" is "diffusion" with a letter
before it, which the rule that keeps "Kaiming" from being "aiming" refused as a typo. A letter pressed twice is the
commonest slip there is; another letter before a word is still no typo of it."""

from __future__ import annotations

import pytest

from storage.search import SearchEngine
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)


async def test_a_doubled_first_letter_is_the_word(corpus: SearchEngine) -> None:  # noqa: F811
    for typed, meant in (("ddiffusion", "diffusion"), ("Ddiffusion models", "diffusion models"),
                         ("sstochastic gradient", "stochastic gradient")):
        results, wanted = await corpus.search(typed), await corpus.search(meant)
        assert results.suggestions[:1] == [meant], typed
        assert [hit.paper.id for hit in results.hits[:5]] == [hit.paper.id for hit in wanted.hits[:5]], typed


@pytest.mark.parametrize("typed", ["Kaiming", "kaiming he"])
async def test_another_letter_before_a_word_is_still_no_typo_of_it(corpus: SearchEngine, typed: str) -> None:  # noqa: F811
    results = await corpus.search(typed)
    assert (results.total, results.suggestions) == (0, []), typed
