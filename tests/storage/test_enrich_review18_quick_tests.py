"""The keyphrase loop's quick tests skip only what the slower tests they guard would reject.

storage._corpus_text._candidates asks `_ends_on_a_verb` only after a determiner or after a word of
`_BEFORE_A_SUBJECT_OF_ITS_VERB` before the run, and looks a run's last word up in the preposition tables only when
it is one of `_KEEPING_THEIR_PREPOSITION`: the same phrases as before for less work per token (review 18, a speed
change; test_enrich_review9_candidates compares the whole loop with its earlier form). Should either function learn
a new case, these tests say the quick test must learn it too.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from storage import _corpus_text as text

_LISTED = sorted(text._DETERMINERS | text._BEFORE_A_SUBJECT | text._SINGULAR_DETERMINERS | text._SUBJECT_NOUNS
                 | text._AFTER_ITS_VERB | text._NOUN_GERUNDS | frozenset(text._BEFORE_ITS_PREPOSITION)
                 | frozenset(text._VERB_OR_NOUN_BEFORE_ITS_PREPOSITION) | text.STOPWORDS)
_WORDS = st.one_of(st.sampled_from(_LISTED), st.sampled_from(["model", "models", "agent", "Bayes", "data", "ViTs",
                                                              "network's", "analytical", "learning", "growing", ""]),
                   st.text("abcdefgs'’-", min_size=1, max_size=8))


@given(st.lists(_WORDS, min_size=1, max_size=4), _WORDS, _WORDS)
def test_a_run_ends_on_a_verb_only_where_the_quick_test_lets_it(run: list[str], after: str, before: str) -> None:
    if text._ends_on_a_verb(run, after, before):
        assert after in text._DETERMINERS or before in text._BEFORE_A_SUBJECT_OF_ITS_VERB


@given(st.lists(_WORDS, min_size=1, max_size=4), _WORDS)
def test_a_word_is_read_with_its_preposition_only_where_the_quick_test_lets_it(run: list[str], after: str) -> None:
    looked_at = after in text._BEFORE_ITS_PREPOSITION.get(run[-1], ()) or (
        after in text._VERB_OR_NOUN_BEFORE_ITS_PREPOSITION.get(run[-1], ()))
    if looked_at:
        assert run[-1] in text._KEEPING_THEIR_PREPOSITION


def test_the_quick_tests_let_the_listed_cases_through() -> None:
    """The cases the review 13, 16 and 17 tests name: "architecture melds the", "an agent interacts", "the proposed
    framework rests on", "SGD subject to", "LfD focus on"."""
    assert text._ends_on_a_verb(["architecture", "melds"], "the", "")
    assert text._ends_on_a_verb(["agent", "interacts"], "with", "an")
    assert text._ends_on_a_verb(["framework", "rests"], "on", "proposed")
    assert "subject" in text._KEEPING_THEIR_PREPOSITION
    assert "focus" in text._KEEPING_THEIR_PREPOSITION
    phrases, _words = text._candidates("The proposed framework rests on SGD subject to noise. Modular LfD focus on "
                                       "robots, and an agent interacts with users.")
    assert {"framework", "SGD", "modular LfD", "agent"} <= set(phrases)
    assert not {"framework rests", "SGD subject", "modular LfD focus", "agent interacts"} & set(phrases)
