"""Keyphrases are noun phrases: none ends (or opens) with the verb of the clause it was cut from.

A card listed "algorithms run" (icml2018: "All our algorithms run in O(log n) rounds") and "data arrive"
(aistats2025: "… in which the data arrive in batches"): a keyphrase candidate was any run of words that are
no stop word and no listed verb, so a plural noun and the verb after it ("agents attend", "RNNs fail",
"variants exist", "test sets differ") or an adjective ("CNNs necessary", "estimators suitable") made one
phrase. English qualifies a noun with a singular noun ("feature maps", "graph neural networks"), so a plural
noun ends its phrase and the word after it is no part of it; verbs by their ending ("-izes", "-ifies") and
verbs that are no noun ("arrive", "differ") split runs as the listed verbs do.
"""

from __future__ import annotations

import pytest

from storage.enrich import enrich
from storage.models import Paper, RawRecord
from tests.storage.conftest import candidates


def enriched(abstract: str) -> Paper:
    return enrich(RawRecord(abstract=abstract, source_file="/corpus/icml.txt", source_ref="paragraph 1 (line 2)"))



@pytest.mark.parametrize(("sentence", "phrase", "verb"), [
    ("All our algorithms run in O(log n) rounds of MPC.", "algorithms", "algorithms run"),
    ("We study online distribution shift in which the data arrive in batches.", "data", "data arrive"),
    ("Recurrent agents attend to the past.", "recurrent agents", "agents attend"),
    ("Deep RNNs fail to capture long dependencies.", "deep RNNs", "RNNs fail"),
    ("Knowledge graphs serve as memory for retrieval.", "knowledge graphs", "knowledge graphs serve"),
    ("Several variants exist for sparse graphs.", "variants", "variants exist"),
    ("The training data differ from the test data.", "training data", "training data differ"),
    ("Kernel estimators suitable for sparse graphs are slow.", "kernel estimators", "estimators suitable"),
])
def test_a_plural_noun_ends_its_keyphrase(sentence: str, phrase: str, verb: str) -> None:
    found = candidates(sentence)
    assert phrase in found, found
    assert verb not in found, found


def test_the_words_after_the_verb_make_a_phrase_of_their_own() -> None:
    found = candidates("Message passing algorithms leverage graph structure at scale.")
    assert {"message passing algorithms", "graph structure"} <= found, found
    assert not any("leverage" in phrase for phrase in found), found


@pytest.mark.parametrize(("sentence", "phrase"), [
    ("Evidential deep learning efficiently quantifies predictive uncertainty with a prior.", "predictive uncertainty"),
    ("The method generalizes prior work on graph sampling.", "graph sampling"),
])
def test_a_verb_known_by_its_ending_opens_no_keyphrase(sentence: str, phrase: str) -> None:
    found = candidates(sentence)
    assert phrase in found, found
    assert not any(word in candidate for candidate in found for word in ("quantifies", "generalizes")), found


@pytest.mark.parametrize("phrase", [
    "learning rate", "data augmentation", "reinforcement learning", "feature maps", "graph neural networks",
    "time series forecasting", "least squares regression", "hypothesis testing", "bias correction",
    "k-means clustering", "batch sizes", "adaptive stepsize schedule", "physics simulation", "LLM agents",
    "Gibbs sampling",
])
def test_noun_phrases_stay_whole(phrase: str) -> None:
    sentence = f"Careful {phrase} matters here; we revisit {phrase} at scale."
    found = candidates(sentence)
    assert f"careful {phrase}" in found or phrase in found, found


def test_a_card_lists_the_noun_not_the_verb() -> None:
    paper = enriched(
        "We study streaming clustering, where new data arrive in batches and old data arrive late. All our "
        "streaming algorithms run in logarithmic rounds, and our streaming algorithms run with little memory. "
        "Clustering quality bounds hold for streaming algorithms, and data arrive in any order.")
    assert not [phrase for phrase in paper.keywords if phrase.split()[-1] in ("run", "arrive", "hold")], \
        paper.keywords
    assert "streaming algorithms" in paper.keywords, paper.keywords
