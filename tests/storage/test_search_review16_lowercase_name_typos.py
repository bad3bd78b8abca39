"""A person's name typed in small letters with a typo is that person, as typed with capitals (session 16's review), on
real temporary SQLite files: on ICML 2018 + AISTATS 2025, "max weling" listed Max Welling's 3 papers, then 20 that
write "max" (min-max), and "yoshua bengoi" a paper of Samy Bengio's after Yoshua Bengio's 3, while "Max Weling" and
"Yoshua Bengoi" listed his 3 only. A word fixed so counts as a name's only when the fixed words stand side by side in
one author's name, so a topic's typo is still the topic's."""

from __future__ import annotations

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.test_search_review11_did_you_mean import corpus  # noqa: F401 (fixture: the two dev datasets)
from tests.storage.test_search_review14_unknown_names import papers_by


async def test_a_name_in_small_letters_with_a_typo_lists_that_persons_papers_only(corpus: SearchEngine,  # noqa: F811
                                                                                  db: aiosqlite.Connection) -> None:
    for typed, name in (("max weling", "Max Welling"), ("yoshua bengoi", "Yoshua Bengio"),
                        ("sergey levnie", "Sergey Levine"), ("max weling attention", "Max Welling")):
        theirs = await papers_by(db, name)
        results = await corpus.search(typed)
        assert {hit.paper.id for hit in results.hits[:len(theirs)]} == theirs, typed
        if typed.endswith("attention"):  # beside a topic: the topic's papers after his, none by "max" alone
            assert all("attention" in (hit.paper.title + hit.paper.abstract).lower() for hit in results.hits[3:])
        else:
            assert results.total == len(theirs), typed


@pytest.mark.parametrize(("typed", "meant"), [
    ("reinforcement lerning", "reinforcement learning"), ("graph nueral networks", "graph neural networks"),
    ("adversarial exmples", "adversarial examples"),
])
async def test_a_topic_with_a_typo_is_still_the_topic(corpus: SearchEngine, typed: str,  # noqa: F811
                                                      meant: str) -> None:
    results = await corpus.search(typed)
    assert results.suggestions == [meant]
    assert results.total > 100, typed  # the topic's papers, not a few "of a name"
