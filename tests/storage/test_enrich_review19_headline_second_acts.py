"""A headline says the one thing a contribution sentence makes, not the next thing it does (session 19).

"We propose the Active-Acquisition POMDP and identify two types of the acquisition process" gave "Active-Acquisition
POMDP and identify two types …": a verb after "and" or a comma that is only ever a verb ("identify", "discuss", "show",
"prove") starts a second act, so the object ends before it, as it already did before "and use it", "and test the";
a name the second act gives is looked for only up to its colon ("and then study it for two popular paradigms,
namely: (a) … (RLHF)" names no method of its own). Each case is a real dev-set abstract given without its title.
"""

from __future__ import annotations

import pytest

from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import dev_set_abstracts


def _headline_of(title: str) -> str:
    """The headline of the dev-set paper of that title, given without its title."""
    abstract, name = dev_set_abstracts()[title]
    return enrich(RawRecord(abstract=abstract, source_file=name, source_ref="record 1")).title


@pytest.mark.parametrize(("title", "headline"), [
    # before: "Active-Acquisition POMDP and identify two types of the acquisition process"
    ("Towards Cost Sensitive Decision Making", "Active-Acquisition POMDP"),
    # before: "Stability against negative perturbations and discuss generalization"
    ("Get rid of your constraints and reparametrize: A study in NNLS and implicit bias",
     "Stability against negative perturbations"),
    # before: "A mistake bound for the speedup classifier and identify inference situations"
    ("Learning to Speed Up Structured Output Prediction", "A mistake bound for the speedup classifier"),
    # before: "Several minibatched variants of Gibbs, show that they can be made unbiased, prove bounds"
    ("Minibatch Gibbs Sampling on Large Graphical Models", "Several minibatched variants of Gibbs"),
    # before: "A general data poisoning formulation in learning from human preferences and then study it"
    ("Policy Teaching via Data Poisoning in Learning from Human Preferences",
     "A general data poisoning formulation in learning from human preferences"),
    # before: "Decomposing the variance of the policy gradient estimator and numerically show" (an adverb before it)
    ("The Mirage of Action-Dependent Baselines in Reinforcement Learning",
     "Decomposing the variance of the policy gradient estimator"),
])
def test_a_headline_ends_before_a_second_act(title: str, headline: str) -> None:
    assert _headline_of(title) == headline


@pytest.mark.parametrize(("title", "headline"), [
    # a second thing made, not done: kept
    ("Probabilistic Recurrent State-Space Models", "A model formulation and a scalable training algorithm"),
    # after a gerund a second act reads as one, as before
    ("Unbiased Objective Estimation in Predictive Optimization",
     "Investigating such optimistic bias and presenting two methods for correcting it"),
])
def test_a_headline_joining_two_things_is_unchanged(title: str, headline: str) -> None:
    assert _headline_of(title) == headline
