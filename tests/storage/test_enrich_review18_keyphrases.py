"""Keyphrases are things a paper is about: no adjective after "is", no cited author, no "focus", no formula's "log".

icml2018 and aistats2025 cards listed "dense" ("when matrices A and W are dense, e.g., …"), "L-smooth" ("the
average-reward function is approximately L-smooth, a result …"), "Landrieu" ("introduced by Landrieu and Obozinski
(2017)"), "Ghadimi Lan" ("proposed in Ghadimi & Lan (2012)"), "convex functions" for "strongly convex functions",
"log log", "kn log" ("O(kn log n)"), "form min max" ("of the form minₓ max_y f(x, y)"), and verbs as plural nouns:
"phase retrieval refers", "graph structure implies", "policy improvement seeks", "DRSL tries". A word alone after a
copula (or after an adverb or "not" after one) is now an adjective, no keyphrase; a surname followed by "et al." or a
year, or a co-author's and one, is a citation; "strongly", "strictly", "weakly", "uniformly" make one term with
"convex", "concave", "log-concave", "monotone"; the noun "focus" before "on" and what qualifies it make no keyphrase;
"log", "min" and "max" in small letters close no keyphrase; and a few more verbs in -s are verbs.
"""

from __future__ import annotations

import pytest

from storage._corpus_text import keywords_for
from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import SHARED_DATASETS, assert_card_drops, candidates, dev_set_abstracts, dev_set_card

needs_the_dev_sets = pytest.mark.skipif(not SHARED_DATASETS.is_dir(), reason="shared datasets not present")

LOW_RANK = "When Can We Solve the Weighted Low Rank Approximation Problem in Truly Subquadratic Time?"
AVERAGE_REWARD = ("Order-Optimal Regret with Novel Policy Gradient Approaches in Infinite-Horizon Average Reward "
                  "MDPs")
CUT_PURSUIT = "Cut-Pursuit Algorithm for Regularizing Nonsmooth Functionals with Graph Total Variation"
MASTER = "Is Prior-Free Black-Box Non-Stationary Reinforcement Learning Feasible?"


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "adjective", "phrase"), [
    (LOW_RANK, "dense", "low-rank approximation problem"),
    (AVERAGE_REWARD, "L-smooth", "average-reward function"),
])
def test_a_dev_set_card_lists_no_adjective_its_text_says_a_thing_is(title: str, adjective: str, phrase: str) -> None:
    keywords = dev_set_card(title)
    assert adjective not in keywords, keywords
    assert phrase in keywords, keywords
    assert len(keywords) >= 5, keywords


@pytest.mark.parametrize(("sentence", "adjective"), [
    ("Previous work has to pay quadratic time when matrices A and W are dense, e.g., having many non-zero entries.",
     "dense"),
    ("We also show that the average-reward function is approximately L-smooth, a result that was previously assumed.",
     "L-smooth"),
    ("If the loss is convex and Lipschitz but not differentiable then deep linear networks can have bad minima.",
     "convex"),
    ("We show that the objective is not convex, yet gradient descent finds its minimum.", "convex"),
    ("The map is Lipschitz-continuous, and its inverse is too.", "Lipschitz-continuous"),
])
def test_a_word_alone_after_a_copula_is_no_candidate(sentence: str, adjective: str) -> None:
    assert adjective not in candidates(sentence)


# The same words before their noun, and a noun alone after a copula, stay.
@pytest.mark.parametrize(("sentence", "phrase"), [
    ("We study the sparsification of dense graphs with many edges.", "dense graphs"),
    ("Our bounds hold for L-smooth functions and Lipschitz-continuous maps.", "L-smooth functions"),
    ("Our bounds hold for L-smooth functions and Lipschitz-continuous maps.", "Lipschitz-continuous maps"),
    ("The remaining task is classification, which we solve with kernels.", "classification"),
    ("The nodes of this network are graphs, each with its own labels.", "graphs"),
    ("The decision process is an MDP, and the agent is MDP-aware.", "MDP"),
])
def test_a_noun_after_a_copula_and_an_adjective_before_its_noun_stay(sentence: str, phrase: str) -> None:
    assert phrase in candidates(sentence)


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "term", "without_its_adverb"), [
    # (review 18's "Accelerating Greedy Coordinate Descent Methods" card now lists its methods' whole names instead)
    ("High-probability Convergence Bounds for Online Nonlinear Stochastic Gradient Descent under Heavy-tailed Noise",
     "strongly convex costs", "convex costs"),
    ("Byzantine-Robust Distributed Learning: Towards Optimal Statistical Rates", "strongly convex losses",
     "convex losses"),
    ("Stochastic Variance-Reduced Hamilton Monte Carlo Methods", "strongly log-concave distribution", None),
    ("Information Theoretic Guarantees for Empirical Risk Minimization with Applications to Model Selection and "
     "Large-Scale Optimization", "strongly-convex loss classes", "strongly convex loss classes"),  # as written
])
def test_strongly_convex_is_one_term_on_a_dev_set_card(title: str, term: str, without_its_adverb: str | None) -> None:
    keywords = dev_set_card(title)
    assert term in keywords, keywords
    assert without_its_adverb not in keywords, keywords


def test_strongly_convex_reads_as_written_whatever_comes_before_it() -> None:
    keywords = keywords_for("We study μ-strongly convex functions and non-strongly convex problems. Strongly convex "
                            "losses are common; strictly monotone operators too. Our loss is strongly convex.", ())
    assert {"strongly convex functions", "non-strongly convex problems", "strongly convex losses",
            "strictly monotone operators"} <= set(keywords), keywords
    assert not any("\u034f" in phrase for phrase in keywords), keywords
    assert "strongly convex" not in keywords, keywords  # after "is": an adjective


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "citation", "phrase"), [
    (CUT_PURSUIT, "Landrieu", "cut-pursuit algorithm"),  # "introduced by Landrieu and Obozinski (2017)"
    ("Continuous and Discrete-time Accelerated Stochastic Mirror Descent for Strongly Convex Functions",
     "Ghadimi Lan", "accelerated stochastic mirror descent"),  # "AC-SA proposed in Ghadimi & Lan (2012)"
    ("Continual Reinforcement Learning with Complex Synapses", "Benna Fusi", "catastrophic forgetting"),
    ("Efficient First-Order Algorithms for Adaptive Signal Denoising", "Juditsky Nemirovski",
     "adaptive convolution-type estimators"),  # "(Juditsky & Nemirovski, 2009; 2010; Harchaoui et al., 2015b; …)"
    ("On Acceleration with Noise-Corrupted Gradients", "Diakonikolas Orecchia", "Nesterov’s AGD"),
    ("On Distributional Discrepancy for Experimental Design with General Assignment Probabilities", "Harshaw",
     "Gram-Schmidt walk algorithm"),  # "the Gram-Schmidt walk algorithm of Harshaw et al. (2024)"
])
def test_a_dev_set_card_lists_no_cited_author(title: str, citation: str, phrase: str) -> None:
    keywords = dev_set_card(title)
    assert citation not in keywords, keywords
    assert phrase in keywords, keywords


@pytest.mark.parametrize("text", [
    "We extend the cut-pursuit algorithm of Landrieu et al. to graph total variation. Landrieu et al. solve it.",
    "We extend the cut-pursuit algorithm (Landrieu, 2018) to graph total variation; see (Landrieu, 2018).",
    "We extend the cut-pursuit algorithm (Chi & Landrieu, 2018) to graph total variation. Landrieu writes more.",
])
def test_a_surname_cited_as_references_write_it_is_no_keyphrase(text: str) -> None:
    keywords = keywords_for(text, ())
    assert not any("Landrieu" in phrase for phrase in keywords), keywords
    assert "cut-pursuit algorithm" in keywords, keywords


def test_a_name_that_is_no_citation_stays() -> None:
    keywords = keywords_for("We sample from Markov chains on ICML 2018 data. Markov chains mix fast. We use "
                            "Nesterov acceleration (Nesterov, 1983) on Markov chains.", ())
    assert "Markov chains" in keywords, keywords
    assert "Nesterov acceleration" in keywords, keywords
    assert "Nesterov" not in keywords, keywords


@needs_the_dev_sets
def test_explicit_focus_is_no_keyphrase_in_a_dev_set_abstract() -> None:
    """No dev-set abstract writes "with explicit focus on": one that writes "with a focus on", with that wording."""
    abstract, _file = dev_set_abstracts()[MASTER]
    assert "with a focus on identifying" in abstract
    edited = abstract.replace("with a focus on", "with explicit focus on")
    found = candidates(edited)
    assert not {"explicit", "explicit focus", "focus"} & found, found
    record = RawRecord(abstract=edited, source_file="aistats2025.json", source_ref="record 1", title=MASTER)
    assert enrich(record).keywords == dev_set_card(MASTER)


# The noun "focus" before "on", and the words that rate or qualify it, are how a text focuses, not a topic: no
# candidate (review 17 kept "renewed focus", "research focus" …; the verb "focus" still closes its subject's phrase).
@pytest.mark.parametrize(("sentence", "qualifier"), [
    ("We build a benchmark with explicit focus on long-horizon planning tasks.", "explicit"),
    ("This work fills this gap by introducing a versatile framework, with a focus on identifying the pairwise "
     "relationships.", None),
    ("Despite the prevalence of Graph Autoencoders, there has been limited focus on developing explainable "
     "models.", "limited"),
    ("There is renewed focus on robustness to distribution shift.", "renewed"),
    ("There is growing focus on robustness to distribution shift.", "growing"),
    ("Recent surveys place greater focus on robustness to distribution shift.", "greater"),
    ("We shift the research focus on robustness to the deployment stage.", "research"),
    ("We survey the field with particular focus on sample efficiency.", "particular"),
])
def test_the_noun_focus_and_what_qualifies_it_are_no_candidate(sentence: str, qualifier: str | None) -> None:
    found = candidates(sentence)
    assert not any("focus" in phrase.split() for phrase in found), found
    assert qualifier not in found, found


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "fragment", "phrase"), [
    ("Beyond Discretization: Learning the Optimal Solution Path", "log log", "solution path"),
    ("Weakly Consistent Optimal Pricing Algorithms in Repeated Posted-Price Auctions with Strategic Buyer", "log log",
     "strategic regret bound"),
    ("A Subquadratic Time Approximation Algorithm for Individually Fair k-Center", "kn log", "k-center problem"),
    ("A Subquadratic Time Approximation Algorithm for Individually Fair k-Center", "nk log", "individual fairness"),
    ("Accelerated Methods for Riemannian Min-Max Optimization Ensuring Bounded Geometric Penalties", "form min max",
     "Riemannian gradient descent"),
    ("Rates of Convergence of Spectral Methods for Graphon Estimation", "error rate log", "graphon function"),
    # "log", "Max" before their noun or in a name stay
    ("Scalable Gaussian Processes with Grid-Structured Eigenfunctions (GP-GRIEF)", "log", "log marginal likelihood"),
    ("Born Again Neural Networks", "Confidence-Weighted by Teacher", "Confidence-Weighted by Teacher Max"),
])
def test_a_dev_set_card_lists_no_formulas_function(title: str, fragment: str, phrase: str) -> None:
    assert_card_drops(title, fragment, phrase)


@needs_the_dev_sets
@pytest.mark.parametrize(("title", "fragment", "phrase"), [
    ("Linear Spectral Estimators and an Application to Phase Retrieval", "phase retrieval refers",
     "phase retrieval problems"),
    ("Understanding the Effect of GCN Convolutions in Regression Tasks", "graph structure implies", "graph structure"),
    ("Decision-Point Guided Safe Policy Improvement", "policy improvement seeks", "safe policy improvement"),
    ("Collaborative non-parametric two-sample testing", "fixed graph deals", "fixed graph"),
    ("Deep One-Class Classification", "deep regime necessitates", "deep regime"),
    ("Does Distributionally Robust Supervised Learning Give Robust Classifiers?", "DRSL tries", "robust classifier"),
    ("Changepoint Estimation in Sparse Dynamic Stochastic Block Models under Near-Optimal Signal Strength",
     "average degree goes", "signal strength"),
    ("Distributional Counterfactual Explanations With Optimal Transport", "counterfactual resembles",
     "counterfactual explanations"),
])
def test_a_dev_set_card_lists_no_verb_as_a_plural_noun(title: str, fragment: str, phrase: str) -> None:
    assert_card_drops(title, fragment, phrase)
