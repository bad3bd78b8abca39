"""A predicate of two words closes no keyphrase, and an adjective's plural noun is no verb.

icml2018 listed "Hessian Lipschitz" ("assuming it to be smooth, strongly convex and Hessian Lipschitz"): after a
copula and a list of predicates, a run of words whose last is itself read as a predicate (an adjective, no noun) is
what the thing is, not a thing, as one word alone there already was ("is convex and Lipschitz but …"). aistats2025
listed "explicit non-asymptotic" ("we provide explicit non-asymptotic guarantees for …"): "guarantees", a verb of
VERBS, split the phrase before its noun; after an adjective a verb in -s that is a plural noun too is that noun.
"""

from __future__ import annotations

import pytest

from storage._corpus_text import keywords_for
from tests.storage.conftest import SHARED_DATASETS, dev_set_card

needs_the_dev_sets = pytest.mark.skipif(not SHARED_DATASETS.is_dir(), reason="shared datasets not present")

VARIANCE_REDUCTION = "On the Theory of Variance Reduction for Stochastic Gradient Monte Carlo"
TAMED_LANGEVIN = "Tamed Langevin sampling under weaker conditions"
CONVEX_POLYTOPE = "Provable Defenses against Adversarial Examples via the Convex Outer Adversarial Polytope"

ASSUMING = ("We study Langevin samplers for a log-posterior distribution, assuming it to be smooth, strongly convex "
            "and Hessian Lipschitz{end} Our Langevin samplers reach the log-posterior distribution in Wasserstein "
            "distance, and Langevin samplers with variance reduction beat plain Langevin samplers on Bayesian "
            "logistic regression and on sparse regression.")


@needs_the_dev_sets
def test_a_dev_set_card_lists_no_predicate_of_two_words() -> None:
    keywords = dev_set_card(VARIANCE_REDUCTION)
    assert "Hessian Lipschitz" not in keywords, keywords
    assert {"Wasserstein distance", "log-posterior distribution"} <= set(keywords), keywords


@pytest.mark.parametrize("end", [".", ", which holds for logistic regression.", " and bounded."])
def test_a_predicate_of_two_words_after_a_list_of_predicates_is_no_keyphrase(end: str) -> None:
    keywords = keywords_for(ASSUMING.format(end=end), ())
    assert "Hessian Lipschitz" not in keywords, keywords
    assert "Langevin samplers" in keywords, keywords


def test_a_noun_phrase_after_a_predicate_and_a_verb_stays() -> None:
    """"and" then a subject with its verb: no predicate ("gradient descent converges")."""
    text = ("The loss is smooth and gradient descent converges to a minimum. We bound how fast gradient descent "
            "converges on smooth losses and on deep linear networks.")
    assert "gradient descent" in keywords_for(text, ())


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "adjectives", "phrase"), [
    (TAMED_LANGEVIN, "explicit non-asymptotic", "explicit non-asymptotic guarantees"),
    (CONVEX_POLYTOPE, "robust adversarial", "robust adversarial guarantees"),
])
def test_a_dev_set_card_lists_no_adjectives_without_their_noun(title: str, adjectives: str, phrase: str) -> None:
    keywords = dev_set_card(title)
    assert adjectives not in keywords, keywords
    assert phrase in keywords, keywords
    assert ("Wasserstein distance" if title == TAMED_LANGEVIN else "adversarial examples") in keywords, keywords


def test_a_verb_in_s_after_a_noun_still_splits_its_phrase() -> None:
    """"our method guarantees convergence": after a noun, "guarantees" is the verb, not a word of the phrase."""
    text = ("Our sampling method guarantees convergence of the Markov chain. The sampling method also guarantees "
            "fast mixing of the Markov chain on log-concave targets.")
    keywords = keywords_for(text, ())
    assert "sampling method" in keywords, keywords
    assert not any("guarantees" in phrase for phrase in keywords), keywords


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "adjective_phrase", "phrase"), [
    ("Near-Polynomially Competitive Active Logistic Regression", "label complexity polylogarithmic",
     "label complexity"),  # "achieves label complexity polylogarithmic in ε"
    ("A Computation-Efficient Method of Measuring Dataset Quality based on the Coverage of the Dataset",
     "computation time proportional", "computation time"),  # "with computation time proportional to the …"
    ("An Efficient, Generalized Bellman Update For Cooperative Inverse Reinforcement Learning",
     "space size exponential", "action space size"),  # "an action space size exponential in the size of …"
    ("Analyzing the Robustness of Nearest Neighbors to Adversarial Examples", "framework analogous", None),
])
def test_a_dev_set_card_lists_no_adjective_after_its_noun(title: str, adjective_phrase: str,
                                                          phrase: str | None) -> None:
    """Adjectives after the noun they say a thing of, before their preposition, close no keyphrase."""
    keywords = dev_set_card(title)
    assert adjective_phrase not in keywords, keywords
    assert phrase is None or phrase in keywords, keywords
    assert len(keywords) >= 5, keywords


def test_an_adjective_before_its_preposition_leaves_its_noun_the_keyphrase() -> None:
    text = ("We sample a subset of the training data proportional to its diversity. Our sampler has sample "
            "complexity polynomial in the dimension, and we bound the sample complexity of training data selection.")
    keywords = keywords_for(text, ())
    assert not any(phrase.endswith(("proportional", "polynomial")) for phrase in keywords), keywords
    assert "sample complexity" in keywords, keywords


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "predicate", "phrase"), [
    ("Robust Kernel Hypothesis Testing under Data Corruption", "minimax optimal", None),  # "tests are minimax optimal"
    ("Soft Actor-Critic: Off-Policy Maximum Entropy Deep Reinforcement Learning with a Stochastic Actor",
     "very stable", "stochastic actor-critic formulation"),  # "our approach is very stable, achieving …"
    ("Parameterized Algorithms for the Matrix Completion Problem", "fixed-parameter tractable", None),
    ("Fixed-Budget Change Point Identification in Piecewise Constant Bandits", "near optimal", None),
])
def test_a_dev_set_card_lists_no_predicate_of_several_words_after_a_copula(title: str, predicate: str,
                                                                          phrase: str | None) -> None:
    keywords = dev_set_card(title)
    assert predicate not in keywords, keywords
    assert phrase is None or phrase in keywords, keywords
    assert len(keywords) >= 5, keywords


def test_a_noun_phrase_after_a_copula_stays() -> None:
    """"the goal is optimal control": the phrase closes on a noun, no adjective."""
    text = ("Our estimators are minimax optimal. The goal is optimal control of linear systems, and optimal control "
            "of linear systems needs minimax optimal estimators.")
    keywords = keywords_for(text, ())
    assert "optimal control" in keywords, keywords
    assert "minimax optimal" not in keywords, keywords
