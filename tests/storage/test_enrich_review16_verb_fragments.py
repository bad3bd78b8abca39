"""Keyphrases end on their noun, not on the verb or the word after it: "SGD subject", "method deals" are no keyphrases.

icml2018 and aistats2025 cards listed "SGD subject", "submodular maximization subject" ("… subject to a matroid
constraint"), "posterior distribution according", "kernel corresponding", "federated strategy consisting",
"GCN regardless": a word that follows the noun it qualifies, with its preposition, was read as the last word of the
noun's phrase.
"""

from __future__ import annotations

import pytest

from tests.storage.conftest import candidates


@pytest.mark.parametrize(("sentence", "phrase", "fragment"), [
    ("We analyse projected SGD subject to a convex constraint.", "projected SGD", "SGD subject"),
    ("We study submodular maximization subject to a matroid constraint.", "submodular maximization",
     "maximization subject"),
    ("Samples are drawn from the posterior distribution according to the model.", "posterior distribution",
     "distribution according"),
    ("It uses the Gaussian kernel corresponding to the network.", "Gaussian kernel", "kernel corresponding"),
    ("We propose a federated strategy consisting of two stages.", "federated strategy", "strategy consisting"),
    ("The bound holds for any GCN regardless of its depth.", "GCN", "GCN regardless"),
    ("We retrieve semantic knowledge relevant for the task.", "semantic knowledge", "knowledge relevant"),
    ("We model data lying on a low-dimensional manifold.", "data", "data lying"),
])
def test_a_word_before_its_preposition_is_no_part_of_the_keyphrase(sentence: str, phrase: str,
                                                                   fragment: str) -> None:
    found = candidates(sentence)
    assert phrase in found, found
    assert not any(fragment.split()[-1] in candidate.split() for candidate in found), found


@pytest.mark.parametrize(("sentence", "phrase"), [
    ("We recruit human subjects for the study.", "human subjects"),
    ("The corresponding eigenvalues decay fast.", "corresponding eigenvalues"),
    ("The relevant features are few.", "relevant features"),
])
def test_the_word_written_otherwise_stays_in_its_keyphrase(sentence: str, phrase: str) -> None:
    assert phrase in candidates(sentence)


# aistats2025 and icml2018 cards listed "individual feature contributes", "bias decomposes", "algorithm spends",
# "agent extracts", "data reduction continues": a word in -s after a singular noun read as the plural closing its
# phrase. "a", "an", "each", "this" … before the noun make it singular, the subject of that word.
@pytest.mark.parametrize(("sentence", "phrase", "verb"), [
    ("We show how each individual feature contributes to predicting the label.", "individual feature",
     "feature contributes"),
    ("We show that this estimation bias decomposes into two terms.", "estimation bias", "bias decomposes"),
    ("On such problems, a Hamiltonian algorithm spends too many steps.", "Hamiltonian algorithm",
     "algorithm spends"),
    ("In our model, an agent extracts knowledge from text.", "agent", "agent extracts"),
    ("Each round, a data reduction continues, possibly iteratively.", "data reduction", "reduction continues"),
])
def test_a_verb_in_s_after_a_singular_noun_is_no_part_of_its_keyphrase(sentence: str, phrase: str,
                                                                       verb: str) -> None:
    found = candidates(sentence)
    assert phrase in found, found
    assert not any(verb.split()[-1] in candidate.split() for candidate in found), found


@pytest.mark.parametrize(("sentence", "phrase"), [
    ("We visualise a network’s feature maps and each layer’s attention heads.", "network’s feature maps"),
    ("We build an algorithm projecting updates onto the subspace.", "algorithm projecting updates"),
    ("It satisfies an intuitive diminishing returns condition.", "intuitive diminishing returns"),
    ("We study each RL agent’s decisions over time.", "RL agent’s decisions"),
])
def test_a_plural_noun_after_a_determiner_of_one_thing_stays(sentence: str, phrase: str) -> None:
    assert phrase in candidates(sentence)


# icml2018 cards listed "approach encompasses", "theory illustrates", "variational formulation annuls": a quantifier
# or a question word after a word in -s opens its object, as "the" does.
@pytest.mark.parametrize(("sentence", "phrase", "verb"), [
    ("This Bayesian approach encompasses many other methods.", "Bayesian approach", "approach encompasses"),
    ("Our theory illustrates how, when and why it works.", "theory", "theory illustrates"),
    ("The variational formulation annuls some of the terms.", "variational formulation", "formulation annuls"),
])
def test_a_verb_in_s_before_a_quantifier_is_no_part_of_its_keyphrase(sentence: str, phrase: str, verb: str) -> None:
    found = candidates(sentence)
    assert phrase in found, found
    assert not any(verb.split()[-1] in candidate.split() for candidate in found), found
