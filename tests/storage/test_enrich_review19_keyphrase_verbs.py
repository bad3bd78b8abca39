"""A verb before its adverb, or after "to" or "then", is read as the text means it.

aistats2025 listed "prediction error decays" ("our results show that in-sample prediction error decays optimally
with the number of tokens"): a word in -s after a noun qualifying nothing, before an adverb in -ly and a preposition
or a mark, in a clause with no verb before it, is that noun's verb. icml2018 read a participle after "to" as a verb
("applied to supervised classification", "to structured prediction" gave "classification" and "prediction"), and
the word after "then" too ("If the loss is convex and Lipschitz but not differentiable then deep linear networks can
have …" listed "linear networks"): after "to" a word in -ed opens the noun phrase, and after a condition "then" opens
a clause on its subject.
"""

from __future__ import annotations

import pytest

from storage._corpus_text import keywords_for
from tests.storage.conftest import SHARED_DATASETS, dev_set_card

needs_the_dev_sets = pytest.mark.skipif(not SHARED_DATASETS.is_dir(), reason="shared datasets not present")

NEXT_TOKEN = "On the Sample Complexity of Next-Token Prediction"
DECOUPLED = "Decoupled Parallel Backpropagation with Convergence Guarantee"
DEEP_LINEAR = "Deep Linear Networks with Arbitrary Loss: All Local Minima Are Global"
PREDICT_AND_CONSTRAIN = "Predict and Constrain: Modeling Cardinality in Deep Structured Prediction"
MINE = "Mutual Information Neural Estimation"


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "verb_phrase", "phrase"), [
    (NEXT_TOKEN, "prediction error decays", "prediction error"),
    ("SBEED: Convergent Reinforcement Learning with Nonlinear Function Approximation", "algorithm compares",
     "function approximation"),  # "Empirically, our algorithm compares favorably to …"
    ("Revisiting LocalSGD and SCAFFOLD: Improved Rates and Missing Analysis", "LocalSGD benefits", "LocalSGD"),
])
def test_a_dev_set_card_lists_no_verb_before_its_adverb(title: str, verb_phrase: str, phrase: str) -> None:
    keywords = dev_set_card(title)
    assert verb_phrase not in keywords, keywords
    assert phrase in keywords, keywords


@needs_the_dev_sets
def test_a_plural_object_before_an_adverb_stays_on_a_dev_set_card() -> None:
    """"It requires propagating error gradients sequentially from the output layer …": the object of a verb."""
    assert "error gradients" in dev_set_card(DECOUPLED)


@pytest.mark.parametrize(("sentence", "subject"), [
    ("We show that the approximation error decays exponentially with depth.", "approximation error"),
    ("Empirically, the estimation error shrinks linearly in the horizon.", "estimation error"),
])
def test_a_verb_in_s_before_an_adverb_and_a_preposition_closes_no_keyphrase(sentence: str, subject: str) -> None:
    text = f"{sentence} We bound the {subject} of deep networks with a new {subject} bound for deep networks."
    keywords = keywords_for(text, ())
    assert not any(phrase.endswith(("decays", "shrinks")) for phrase in keywords), keywords
    assert subject in keywords, keywords


def test_a_plural_subject_before_an_adverb_and_its_verb_stays() -> None:
    """"language models typically require …": a verb follows the adverb, so the word in -s is its subject."""
    text = ("Language models typically require large corpora. We train language models on small corpora and show "
            "that language models need fewer tokens with curriculum sampling.")
    assert "language models" in keywords_for(text, ())


@needs_the_dev_sets
def test_a_dev_set_card_reads_the_condition_then_its_clause() -> None:
    keywords = dev_set_card(DEEP_LINEAR)
    assert "deep linear networks" in keywords, keywords
    assert "linear networks" not in keywords, keywords
    assert "local minima" in keywords, keywords


def test_then_before_a_verb_still_opens_no_keyphrase() -> None:
    """"we first pretrain …, then finetune sparse adapters": no condition before "then", so the word after is a
    verb."""
    text = ("We first pretrain dense transformers on web text, then finetune sparse adapters on code. Sparse adapters "
            "match dense transformers on code benchmarks, and sparse adapters cost less memory.")
    keywords = keywords_for(text, ())
    assert "sparse adapters" in keywords, keywords
    assert "finetune sparse adapters" not in keywords, keywords


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "phrase"), [
    (MINE, "supervised classification"),  # "… applied to supervised classification"
    (PREDICT_AND_CONSTRAIN, "structured prediction"),  # "several deep learning approaches to structured prediction"
])
def test_a_dev_set_card_keeps_the_participle_after_to(title: str, phrase: str) -> None:
    keywords = dev_set_card(title)
    assert phrase in keywords, keywords
    assert "neural networks" in keywords if title == MINE else "cardinality constraints" in keywords, keywords


def test_a_participle_after_to_opens_its_noun_phrase() -> None:
    text = ("Graph kernels are applied to structured data from chemistry. Our kernel compares structured data "
            "by random walks, and random walks on structured data scale to large molecules.")
    keywords = keywords_for(text, ())
    assert "structured data" in keywords, keywords
    assert "random walks" in keywords, keywords


def test_a_verb_after_to_still_opens_no_keyphrase() -> None:
    """"to succeed at", "to embed directed graphs": verbs, though they end in "-ed"."""
    text = ("Agents learn to succeed at sparse reward tasks. We learn to embed directed graphs, and sparse reward "
            "tasks and directed graphs both yield to hyperbolic embeddings.")
    keywords = keywords_for(text, ())
    assert not any(phrase.startswith(("succeed", "embed ")) for phrase in keywords), keywords
    assert "directed graphs" in keywords, keywords
