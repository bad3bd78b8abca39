"""A verb in -s after a singular noun ends the keyphrase before it: "architecture melds" is no keyphrase.

icml2018 cards listed "architecture melds" ("This architecture melds the standard LSTM working memory …"),
"arm gives", "agent faces", "regret bound replaces", aistats2025's "analysis bridges", "algorithm returns",
"Sampling algorithm instantiates": a word in -s that is no listed verb was read as a plural noun closing its
phrase. What follows tells them apart: a verb's object opens with "the", "a", "its" …, which a plural noun is
seldom followed by ("methods such as …" is). After an adjective the word is the noun it qualifies, whatever
follows ("specific analytical tasks a user might perform").
"""

from __future__ import annotations

import pytest

from tests.storage.conftest import candidates


@pytest.mark.parametrize(("sentence", "phrase", "verb"), [
    ("This architecture melds the standard LSTM working memory with a neural episodic memory.", "architecture",
     "architecture melds"),
    ("The proposed Cascade Sampling algorithm instantiates the mechanism exactly.", "Cascade Sampling algorithm",
     "Sampling algorithm instantiates"),
    ("In each round, the seller observes a d-dimensional contextual feature vector.", "seller", "seller observes"),
    ("This maximum entropy objective causes these latent variables to be independent.", "maximum entropy objective",
     "entropy objective causes"),
    ("Our acquisition function pioneers the use of semidefinite programming.", "acquisition function",
     "acquisition function pioneers"),
])
def test_a_verb_in_s_is_no_part_of_the_keyphrase_before_it(sentence: str, phrase: str, verb: str) -> None:
    found = candidates(sentence)
    assert phrase in found, found
    assert verb not in found, found
    assert not any(verb.split()[-1] in candidate for candidate in found), found


@pytest.mark.parametrize(("sentence", "phrase"), [
    ("Attention heads such as induction heads copy tokens.", "attention heads"),
    ("They often fail to capture the difficulty of specific analytical tasks a user might need.",
     "specific analytical tasks"),
    ("Graph neural networks, the standard tool, are slow.", "graph neural networks"),
    ("Training deep CNNs the size of ResNet is slow.", "deep CNNs"),  # an acronym's plural is no verb
])
def test_a_plural_noun_still_closes_its_keyphrase(sentence: str, phrase: str) -> None:
    assert phrase in candidates(sentence)
