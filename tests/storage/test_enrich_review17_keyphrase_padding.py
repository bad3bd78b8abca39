"""A card's keyphrases are no verb, adjective or word said in passing, and still number at least 5.

icml2018 and aistats2025 cards ended on single words: "prunes" ("QuickPrune, efficiently prunes over 90% …"),
"discriminate" ("models which do not discriminate against …"), "entirety" and "quantity" ("too large to store in its
entirety", "a small quantity of labeled examples"), "promise", "deterministic", "adversarial", "held". Single words tie
at one use each and were taken in alphabetical order to fill 8 places. Now a word in small letters the text writes
only once is a keyphrase only where fewer than 5 others are; a word in -s after an adverb in -ly is a verb ("only",
"especially" excepted: "only samples from …"); and "not" after an auxiliary opens a verb ("do not discriminate"), after
anything else a noun phrase ("inference performance, not parameter count alone").
"""

from __future__ import annotations

import pytest

from storage import _corpus_text as text
from tests.storage.conftest import SHARED_DATASETS, candidates, dev_set_card


@pytest.mark.skipif(not SHARED_DATASETS.is_dir(), reason="shared datasets not present")
@pytest.mark.parametrize(("title", "weak_words", "kept"), [
    ("Theoretically Grounded Pruning of Large Ground Sets for Constrained, Discrete Optimization", {"prunes", "size"},
     "QuickPrune"),
    ("Blind Justice: Fairness with Encrypted Sensitive Attributes", {"discriminate", "hand", "held"},
     "secure multi-party computation"),
    ("Semi-Supervised Learning on Data Streams via Temporal Label Propagation", {"entirety", "quantity"}, "stream"),
    ("Fitting New Speakers Based on a Short Untranscribed Sample", {"promise"}, "speech synthesis system"),
    ("Augmented CycleGAN: Learning Many-to-Many Mappings from Unpaired Data", {"deterministic"},
     "many-to-many mappings"),
    ("Do Outliers Ruin Collaboration?", {"adversarial"}, "sample complexity"),
])
def test_the_dev_set_cards_show_no_word_said_in_passing(title: str, weak_words: set[str], kept: str) -> None:
    card = dev_set_card(title)
    assert weak_words.isdisjoint(card)
    assert kept in card  # the keyphrases that name the paper stay
    assert len(card) >= text.MIN_KEYWORDS


@pytest.mark.skipif(not SHARED_DATASETS.is_dir(), reason="shared datasets not present")
@pytest.mark.parametrize(("title", "fragment", "phrase"), [
    ("Delayed Impact of Fair Machine Learning", "promote improvement", None),  # "… do not promote improvement"
    ("Extracting Automata from Recurrent Neural Networks Using Queries and Counterexamples", "automata",
     "accurate automata"),  # "… efficiently extracts accurate automata from trained RNNs"
])
def test_a_verb_after_not_or_an_adverb_opens_no_keyphrase(title: str, fragment: str, phrase: str | None) -> None:
    card = dev_set_card(title)
    assert fragment not in card
    assert phrase is None or phrase in card


def test_a_plural_after_an_adverb_is_a_verb_unless_the_adverb_points_at_it() -> None:
    assert "prunes" not in candidates("Our algorithm, QuickPrune, efficiently prunes over 90% of the ground set.")
    assert "manifolds" in candidates("We show that MAGAN successfully aligns manifolds such that correlations hold.")
    assert "samples" in candidates("The sampler only samples from the posterior of the model.")
    assert "graphs" in candidates("The method is fast, especially graphs with many nodes.")


def test_not_opens_a_noun_phrase_after_no_auxiliary() -> None:
    assert "parameter count" in candidates(
        "This underscores that inference performance, not parameter count alone, should guide model selection.")
    assert "discriminate" not in candidates("We learn machine learning models which do not discriminate against "
                                            "any subgroup of the population.")
