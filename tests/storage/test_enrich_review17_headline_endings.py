"""Generated headlines, read for their last words over the seeds' and dev datasets' 1,195 abstracts (session 17).

A headline cut at a clause break no longer ends on a word that wants what the cut took away: "… in relation" (to),
"… together" (with), "… enabling us" (to), "… that does not rely" (on), "… of the fact" (that), "… under the
assumption" (that), "… in cases" (where), "… for scenarios" (like this). The cut goes back to the break before, or,
when none is left, takes the complement up to the word limit ("… together with a v-tensor…").
"""

from __future__ import annotations

import pytest

from storage.enrich import enrich
from storage.models import RawRecord


def _headline(abstract: str) -> str:
    """The title a card shows for an abstract given without one."""
    return enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)")).title


@pytest.mark.parametrize(("sentence", "headline"), [
    # before: "A unified framework that explores the usefulness of discrete features in relation"
    ("We propose a unified framework that explores the usefulness of discrete features in relation to downstream "
     "tasks, with generation naturally viewed as one possible application.",
     "A unified framework that explores the usefulness of discrete features"),
    # before: "A method that builds from existing ideas in the covariate-shift literature, but adapts them"
    ("We propose a method that builds from existing ideas in the covariate-shift literature, but adapts them to the "
     "validation data at hand.", "A method that builds from existing ideas in the covariate-shift literature"),
    # before: "Viewing the problem as an inverse problem, enabling us"
    ("In this work, we propose to view the problem as an inverse problem, enabling us to theoretically and "
     "systematically evaluate the data reconstruction attack.", "Viewing the problem as an inverse problem"),
    # before: "A Bayesian non-parametric approach to signal separation where the signals may vary according"
    ("This work develops a Bayesian non-parametric approach to signal separation where the signals may vary "
     "according to latent variables.", "A Bayesian non-parametric approach to signal separation"),
    # before: "A theory for generative adversarial methods that does not rely"
    ("This paper first presents a theory for generative adversarial methods that does not rely on the traditional "
     "minimax formulation.", "A theory for generative adversarial methods"),
    # before: "A mechanism for focusing RNN encoders for sequence modelling tasks which allows them to attend"
    ("We present a mechanism for focusing RNN encoders for sequence modelling tasks which allows them to attend to "
     "key parts of the input as needed.", "A mechanism for focusing RNN encoders for sequence modelling tasks"),
    # before: "A class of test statistics using the numbers of short paths and short cycles, and the key"
    ("We construct a class of test statistics using the numbers of short paths and short cycles, and the key to our "
     "approach is a general framework for canceling the effects of degree heterogeneity.",
     "A class of test statistics using the numbers of short paths and short cycles"),
])
def test_a_cut_ends_before_a_word_that_wants_its_complement(sentence: str, headline: str) -> None:
    assert _headline(sentence) == headline


@pytest.mark.parametrize(("sentence", "headline"), [
    # before: "Several ways of extending this framework to non-parametric GBDT ensembles under the assumption"
    ("We propose several ways of extending this framework to non-parametric GBDT ensembles under the assumption "
     "that tree structures remain fixed.",
     "Several ways of extending this framework to non-parametric GBDT ensembles"),
    # before: "An alternative posterior approximation based on the observation"
    ("We here propose an alternative posterior approximation based on the observation that, if we incorporate "
     "empirical conditional independence tests, we can focus on a high-probability DAG associated with each order "
     "of the vertices.", "An alternative posterior approximation"),
    # before: "A framework to compose artificial neural networks in cases"
    ("We present a framework to compose artificial neural networks in cases where the data cannot be treated as "
     "independent events.", "A framework to compose artificial neural networks"),
    # before: "A general thresholded learning model for scenarios" (the sentence goes on "like this, and …")
    ("We propose a general thresholded learning model for scenarios like this, and discuss the structure of optimal "
     "policies.", "A general thresholded learning model"),
])
def test_a_cut_ends_before_the_fact_the_assumption_or_cases_it_cannot_name(sentence: str, headline: str) -> None:
    assert _headline(sentence) == headline


@pytest.mark.parametrize(("sentence", "headline"), [
    # before: "SiCL: A DNN-based SCL method that predicts a skeleton matrix together"
    ("We then propose SiCL, a DNN-based SCL method that predicts a skeleton matrix together with a v-tensor (a "
     "third-order tensor representing the v-structures).",
     "SiCL: A DNN-based SCL method that predicts a skeleton matrix together with a v-tensor…"),
    # before: "A short and elementary proof of the fact"
    ("We provide a short and elementary proof of the fact that all local minima are global minima if the hidden "
     "layers are either 1) at least as wide as the input layer, or 2) at least as wide as the output layer.",
     "A short and elementary proof of the fact that all local minima are global minima if the hidden…"),
])
def test_with_no_break_left_the_cut_keeps_the_complement(sentence: str, headline: str) -> None:
    assert _headline(sentence) == headline


@pytest.mark.parametrize(("sentence", "headline"), [
    ("This study establishes the optimal sample complexity for learning the structure of LiNGAMs under a "
     "sub-Gaussianity assumption.",
     "Optimal sample complexity for learning the structure of LiNGAMs under a sub-Gaussianity assumption"),
    ("Additionally, we present a diagnostic tool designed to identify and measure biases in cases of miscalibration.",
     "A diagnostic tool designed to identify and measure biases in cases of miscalibration"),
    ("We propose a training scheme in which the encoder and the decoder of a translation model are trained together, "
     "with a loss shared by both of them.",
     "A training scheme in which the encoder and the decoder of a translation model are trained together"),
])
def test_whole_phrases_keep_those_words(sentence: str, headline: str) -> None:
    assert _headline(sentence) == headline


# "whilst" opens a clause as "while" does: the cut may end before it.
def test_a_cut_may_end_before_whilst() -> None:
    # before: "Max-rank: Correction that exploits these dependencies whilst efficiently controlling…"
    assert _headline(
        "We introduce max-rank, a novel correction that exploits these dependencies whilst efficiently controlling "
        "the family-wise error rate."
    ) == "Max-rank: Correction that exploits these dependencies"


def test_whilst_closes_no_headline() -> None:
    assert _headline(
        "We propose a sampler for constrained domains that mixes fast in high dimensions whilst, unlike earlier "
        "samplers, keeping every proposal within the constraints."
    ) == "A sampler for constrained domains that mixes fast in high dimensions"


@pytest.mark.parametrize(("sentence", "headline"), [
    # before: "… capable of counting graphlets of any…"
    ("In this paper, we propose a non-interactive, locally differentially private algorithm capable of counting "
     "graphlets of any size $k$.",
     "A non-interactive, locally differentially private algorithm capable of counting graphlets…"),
    # before: "… the general optimal transport (OT) distance between two…"
    ("We analyze two algorithms for approximating the general optimal transport (OT) distance between two discrete "
     "distributions of size $n$, up to accuracy $\\varepsilon$.",
     "Analyzing two algorithms for approximating the general optimal transport (OT) distance…"),
    # before: "… is indeed the minimizer of the corresponding…"
    ("We also prove that the optimal configuration of such a transformer is indeed the minimizer of the "
     "corresponding training loss.",
     "The optimal configuration of such a transformer is indeed the minimizer…"),
    # before: "… stochastic optimization of high-dimensional smooth…"
    ("(ii) We establish the first ever finite-time bounds for distributed stochastic optimization of "
     "high-dimensional smooth strongly convex function using cyclic block coordinate descent.",
     "First ever finite-time bounds for distributed stochastic optimization…"),
    # before: "… representing the entire Pareto set instead…"
    ("To overcome this limitation, we propose a method to obtain a parametric hypersurface representing the entire "
     "Pareto set instead of a finite set of points.",
     "A method to obtain a parametric hypersurface representing the entire Pareto set…"),
    # before: "… of statistical risks—the expected…"
    ("We propose a methodology for achieving approximate conditional control of statistical risks—the expected "
     "value of loss functions—by adapting to the difficulty of test samples.",
     "A methodology for achieving approximate conditional control of statistical risks…"),
    # before: "… the relevance (importance weight) of each…"
    ("In this paper, we propose a model-based technique that automatically estimates the relevance (importance "
     "weight) of each source sample for solving the target task.",
     "A model-based technique that automatically estimates the relevance (importance weight)…"),
])
def test_a_cut_at_a_word_ends_before_the_quantifier_or_adjective_it_closes_on(sentence: str, headline: str) -> None:
    assert _headline(sentence) == headline


@pytest.mark.parametrize(("sentence", "headline"), [
    # a noun that ends as an adjective does
    ("We propose a simple conformal procedure returning distribution-free finite-sample valid confidence interval "
     "estimates around every point prediction of any black-box regression model.",
     "A simple conformal procedure returning distribution-free finite-sample valid confidence interval…"),
    # a verb wanting its object keeps what it has of it
    ("We present R-SRG, a Riemannian stochastic recursive gradient algorithm not requiring the inverse of retraction "
     "between two distant iterates on the manifold.",
     "R-SRG: A Riemannian stochastic recursive gradient algorithm not requiring the inverse…"),
])
def test_a_cut_at_a_word_keeps_nouns_and_a_verbs_object(sentence: str, headline: str) -> None:
    assert _headline(sentence) == headline


@pytest.mark.parametrize(("sentence", "headline"), [
    # before: "A reinforcement learning (RL) technique that iteratively applies MCTS on batches of small"
    ("Inspired by recent successes of Monte-Carlo tree search (MCTS) in a number of artificial intelligence (AI) "
     "application domains, we propose a reinforcement learning (RL) technique that iteratively applies MCTS on "
     "batches of small, finite-horizon versions of the original infinite-horizon Markov decision process.",
     "A reinforcement learning (RL) technique that iteratively applies MCTS"),
    # before: "Building on recent advances in distributional reinforcement learning to give a generally applicable"
    ("In this work, we build on recent advances in distributional reinforcement learning to give a generally "
     "applicable, flexible, and state-of-the-art distributional variant of DQN.",
     "Building on recent advances in distributional reinforcement learning"),
    # before: "Exploring the case where the noise is allowed to be visible but confined to a small"
    ("We explore the case where the noise is allowed to be visible but confined to a small, localized patch of the "
     "image, without covering any of the main object(s) in the image.",
     "Exploring the case where the noise is allowed to be visible but confined"),
    # before: "A technique that has the empirical"
    ("We present a new technique that has the empirical and computational advantages of realizability-based "
     "approaches combined with the flexibility of agnostic methods.",
     "A technique that has the empirical and computational advantages of realizability-based…"),
])
def test_a_cut_does_not_end_on_the_first_of_a_nouns_adjectives(sentence: str, headline: str) -> None:
    assert _headline(sentence) == headline


def test_a_cut_keeps_an_adjective_closing_its_phrase() -> None:
    # cut before "in": "linear" is what the cost stays, no noun's adjective
    assert _headline(
        "We propose a sampling scheme for deep Bayesian neural networks whose running cost per iteration stays linear "
        "in the number of layers of the network."
    ) == "A sampling scheme for deep Bayesian neural networks whose running cost per iteration stays linear"


def test_backing_off_does_not_stop_on_a_bare_gerund() -> None:
    # before: "A parametric point process model, with modeling based on the assumption"; then "…, with modeling"
    assert _headline(
        "A parametric point process model is developed, with modeling based on the assumption that sequential "
        "observations often share latent phenomena, while also possessing idiosyncratic effects."
    ) == "A parametric point process model"


def test_a_gerund_after_its_preposition_still_closes_a_headline() -> None:
    assert _headline(
        "We propose a parametric point process model for event streams with modeling of latent phenomena, and an "
        "inference scheme for it."
    ) == "A parametric point process model for event streams with modeling of latent phenomena"


@pytest.mark.parametrize(("sentence", "headline"), [
    # "given" closes its clause: no adjective of a noun to come
    ("We explore the setting where a 'batch' of $m$ independent such unlabeled examples is given, and the goal is to "
     "construct a batch prediction set with 1-$\\alpha$ coverage.",
     "Exploring the setting where a 'batch' of m independent such unlabeled examples is given"),
    # backing off "the same" would end the headline on "always"
    ("Unfortunately, the FG objects in different frames of SAM 2's video data are always the same identity, while "
     "those in FSS are different identities, i.e., the two tasks differ.",
     "Unfortunately, the FG objects in different frames of SAM 2's video data are always the same…"),
])
def test_a_cut_keeps_words_that_would_leave_a_worse_end(sentence: str, headline: str) -> None:
    assert _headline(sentence) == headline
