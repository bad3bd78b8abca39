"""A word ending in "-ly" is a keyphrase's word unless it is an adverb: "anomaly detection", "exponential family".

The seed abstract titled "Real-time anomaly detection for autonomous driving" had no "anomaly detection" among its
keyphrases ("detection accuracy" instead), and the dev sets' "exponential family" (53 times "family"), "early
stopping" and "user-friendly …" lost their first word: storage._corpus_text._token_kind took every word ending in
"ly" for an adverb, which splits keyphrase candidates as a stop word does. Nouns and adjectives ending in "ly"
(_NOT_ADVERBS, the last part of a hyphenated word too) are content words now; adverbs still split.
"""

from __future__ import annotations

import pytest

from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import candidates


@pytest.mark.parametrize("phrase", [
    "anomaly detection", "exponential family", "early stopping", "user-friendly interface", "supply chain",
    "daily activities",
])
def test_a_noun_or_an_adjective_ending_in_ly_stays_in_its_phrase(phrase: str) -> None:
    assert phrase in candidates(f"The {phrase} matters. A study of {phrase} follows."), phrase


@pytest.mark.parametrize(("sentence", "phrase"), [
    ("The method provably converges for convex losses.", "convex losses"),
    ("A highly scalable solver handles sparse graphs.", "scalable solver"),
    ("Results hold only approximately for random graphs.", "random graphs"),
])
def test_an_adverb_still_splits(sentence: str, phrase: str) -> None:
    found = candidates(sentence)
    assert phrase in found, found
    assert not any(word in candidate for candidate in found for word in ("provably", "highly", "approximately")), \
        found


def test_the_seed_card_on_anomaly_detection_lists_it() -> None:
    paper = enrich(RawRecord(
        abstract="Anomaly detection is critical in time-sensitive driving scenarios. We introduce real-time anomaly "
                 "detection for autonomous driving with event cameras, enabling swift and precise anomaly detection. "
                 "Event cameras and RGB cameras give the detection accuracy that anomaly detection needs.",
        source_file="/corpus/icml.txt", source_ref="paragraph 1 (line 2)"))
    assert "anomaly detection" in " ".join(paper.keywords).lower(), paper.keywords
