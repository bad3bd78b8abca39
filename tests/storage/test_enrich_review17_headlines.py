"""Generated headlines, read beside the real titles of the seeds' and dev datasets' 1,195 abstracts (session 17).

A method named before the appositive saying what it is ("we introduce max-rank, a novel correction …", "we propose
Reward Machines — a type of finite state machine …") heads its headline as a coined name does ("Max-rank: …").
"Novel"/"new" after a name and its expansion goes as it goes at the opening (session 14): ", a novel zero-shot
framework" -> ", a zero-shot framework"; with nothing but its noun after it (", a novel framework", "Smoothed Bellman
Error Embedding: A new algorithm") the phrase goes. A contribution stated as closing a gap named in the sentences
before ("Addressing this gap by examining …") reads as its means ("Examining …"): a headline has no sentence before.
"""

from __future__ import annotations

import pytest

from storage.enrich import enrich
from storage.models import RawRecord


def _headline(abstract: str) -> str:
    """The title a card shows for an abstract given without one."""
    return enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)")).title


@pytest.mark.parametrize(("sentence", "headline"), [
    # before: "Prepacking, a simple yet effective method to optimize prefilling computation"
    ("To address this, we propose prepacking, a simple yet effective method to optimize prefilling computation.",
     "Prepacking: A simple yet effective method to optimize prefilling computation"),
    # before: "Soft actor-critic, an off-policy actor-critic deep RL algorithm"
    ("In this paper, we propose soft actor-critic, an off-policy actor-critic deep RL algorithm based on the maximum "
     "entropy reinforcement learning framework.",
     "Soft actor-critic: An off-policy actor-critic deep RL algorithm"),
    # before: "Reward Machines — a type of finite state machine"
    ("In this paper we propose Reward Machines — a type of finite state machine that supports the specification of "
     "reward functions while exposing reward function structure to the learner and supporting decomposition.",
     "Reward Machines: A type of finite state machine"),
    # before: "Mix and match (M&M) – a training framework designed to facilitate rapid and effective learning"
    ("We introduce Mix and match (M&M) – a training framework designed to facilitate rapid and effective learning in "
     "RL agents that would be too slow or too challenging to train otherwise.",
     "Mix and match (M&M): A training framework designed to facilitate rapid and effective learning"),
    # before: "Dynamic homophily, a new measure of homophily that applies in the dynamic setting"
    ("Based on this insight, we propose dynamic homophily, a new measure of homophily that applies in the dynamic "
     "setting.", "Dynamic homophily: A measure of homophily that applies in the dynamic setting"),
])
def test_a_name_before_its_appositive_heads_the_headline(sentence: str, headline: str) -> None:
    assert _headline(f"Prior work leaves a gap. {sentence}") == headline


def test_a_spelled_out_name_gives_its_acronym_to_the_headline() -> None:
    # before: "Federated Learning Aggregation Biased by a Foundation Model (FedBaF), a novel method" ("a novel method"
    # goes as the next test's do)
    assert _headline(
        "In this paper, we introduce Federated Learning Aggregation Biased by a Foundation Model (FedBaF), a novel "
        "method for dynamically integrating pre-trained foundation model weights during the FL aggregation phase."
    ) == "FedBaF: Federated Learning Aggregation Biased by a Foundation Model"


@pytest.mark.parametrize(("sentence", "headline"), [
    ("We propose a method for sparse regression, a problem of wide interest.",
     "A method for sparse regression, a problem of wide interest"),
    ("We propose an estimator of the mean of heavy-tailed data, a task where classical estimators fail.",
     "An estimator of the mean of heavy-tailed data, a task where classical estimators fail"),
])
def test_a_description_before_an_appositive_is_no_name(sentence: str, headline: str) -> None:
    assert _headline(sentence) == headline


@pytest.mark.parametrize(("sentence", "headline"), [
    # before: "AGLO: Action Generalization from Limited Observations, a novel zero-shot framework"
    ("In this paper, we introduce a novel zero-shot framework, Action Generalization from Limited Observations "
     "(AGLO).",
     "AGLO: Action Generalization from Limited Observations, a zero-shot framework"),
    # before: "HPEC: Hyperbolic Prototypical Entailment Cones, a novel framework"
    ("In this paper, we focus on hyperbolic manifolds and introduce a novel framework, Hyperbolic Prototypical "
     "Entailment Cones (HPEC).", "HPEC: Hyperbolic Prototypical Entailment Cones"),
    # before: "EBRM: Energy Bellman Residual Minimizer, a new method for distributional OPE"
    ("Based on this attractive property, we propose a new method called Energy Bellman Residual Minimizer (EBRM) "
     "for distributional OPE.", "EBRM: Energy Bellman Residual Minimizer, a method for distributional OPE"),
    # before: "Smoothed Bellman Error Embedding: A new algorithm"
    ("We then develop a new algorithm, called Smoothed Bellman Error Embedding, to solve this optimization problem "
     "where any differentiable function class may be used.", "Smoothed Bellman Error Embedding"),
    # before: "Quantile additive trend filtering, a novel approach"
    ("This paper introduces and analyzes quantile additive trend filtering, a novel approach to model the "
     "conditional quantiles of the response variable given multivariate covariates.",
     "Quantile additive trend filtering"),
])
def test_no_novel_or_new_after_a_name(sentence: str, headline: str) -> None:
    assert _headline(f"Prior work leaves a gap. {sentence}") == headline


def test_an_acronym_alone_keeps_what_it_is() -> None:
    headline = _headline("Prior work leaves a gap. We propose Robust-TD, a novel algorithm.")
    assert headline == "Robust-TD: A novel algorithm"


@pytest.mark.parametrize(("sentence", "headline"), [
    ("This study aims to address this gap by examining the role of graph convolution through feature learning theory.",
     "Examining the role of graph convolution through feature learning theory"),
    ("This paper aims to bridge that gap by providing non-asymptotic convergence guarantees for VAE trained using both "
     "Stochastic Gradient Descent and Adam algorithms.", "Providing non-asymptotic convergence guarantees for VAE"),
    ("This paper fills this gap by evaluating deferring systems through a causal lens.",
     "Evaluating deferring systems through a causal lens"),
    ("We introduce TRADE, which overcomes these limitations by formulating the learning process as a boundary value "
     "problem.", "TRADE: Formulating the learning process as a boundary value problem"),
])
def test_closing_a_gap_reads_as_its_means(sentence: str, headline: str) -> None:
    # before: "Addressing this gap by examining …", "Bridging that gap by providing …", "Filling this gap by …",
    # "TRADE: Overcoming these limitations by formulating …"
    assert _headline(f"Existing analyses fall short. {sentence}") == headline


def test_a_gap_closed_by_a_numbered_list_keeps_its_opening() -> None:
    headline = _headline("We address these three issues by (1) seeking convex relaxations of the original problems.")
    assert headline.startswith("Addressing these three issues by (1) seeking")
