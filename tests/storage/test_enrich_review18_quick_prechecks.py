"""Enrichment's quick tests skip only what the slower readings they guard would reject (review 18, a speed change).

Each new reading of this session's headlines and keyphrases is now guarded by a cheaper test, or reads less of the
abstract: the passive "… is introduced as …" only before the first "we propose" (names_for), the authors' surnames
cited only where the abstract writes a year or "et al." (_Picks), the initials an acronym spells only from a word
opening with its first letter (_spelled_out_start), "strongly convex" joined only where "convex", "concave" or
"monotone" is written (keywords_for). Each property compares the quick form with the full one: should the full one
learn a new case, the quick test must learn it too.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from storage import _corpus_text as text

_PASSIVE_OR_NOT = st.sampled_from([
    "The Local Learning Coefficient (LLC) is introduced as a measure.", "A new method is proposed for this.",
    "We propose LLC.", "Several estimators are presented here.", "Deep networks are widely used.",
    "In this paper, a novel sampler is developed.", "Prior work proposed MCMC.", "It is introduced.",
])


@given(st.lists(_PASSIVE_OR_NOT, max_size=6), st.data())
def test_the_contribution_opens_where_reading_every_sentence_for_the_passive_says(
        sentence_list: list[str], data: st.DataObject) -> None:
    intro = sorted(data.draw(st.sets(st.integers(0, max(0, len(sentence_list) - 1)))) if sentence_list else [])
    every_sentence_read = min(intro[:1] + text._passive_intros(sentence_list), default=len(sentence_list))
    assert text._first_intro(sentence_list, intro) == every_sentence_read


def test_a_passive_introduction_before_we_propose_still_opens_the_contribution() -> None:
    """"The Local Learning Coefficient (LLC) is introduced …. We propose …": the LLC is the abstract's own name."""
    plain = ("The Local Learning Coefficient (LLC) is introduced as a measure of model complexity. We propose an "
             "estimator of it based on SGLD.")
    assert "LLC" in text.names_for(plain, plain)
