"""A headline cut at a clause does not end on a participle whose complement the cut left out.

Dev-set abstracts without titles had headlines that stop half-way through a sentence: "HistOfTree: An estimator
that fully leverages the information contained", "Giving generalization bounds of statistical learning algorithms
trained on samples drawn", "Considering fairness across exponentially or infinitely many subgroups, defined" (the
cut was made before "in both …", "from a dependent …", "by a structured class …"). A past participle after its noun
is a reduced relative clause: cut from what it governs, it is dropped with it and the noun ends the headline. A
participle after "is", "are", "be", "nor" … is what its clause says and stays. So go a closing ", particularly" and
"with respect" (their "in shorter texts" and "to model parameters" cut off).
"""

from __future__ import annotations

import pytest

from storage.enrich import headline


@pytest.mark.parametrize(("sentence", "names", "shown"), [
    ("Then we propose HistOfTree, an estimator that fully leverages the information contained in both public and "
     "private features.", ("HistOfTree",), "HistOfTree: An estimator that fully leverages the information"),
    ("In this work, we give generalization bounds of statistical learning algorithms trained on samples drawn from a "
     "dependent data source both in expectation and with high probability, using the Online-to-Batch conversion "
     "paradigm.", (), "Giving generalization bounds of statistical learning algorithms trained on samples"),
    ("We thus consider fairness across exponentially or infinitely many subgroups, defined by a structured class of "
     "functions over the protected attributes.", (),
     "Considering fairness across exponentially or infinitely many subgroups"),
    ("In particular, we show that optimal k-means clustering solution of the sparse data matrix, obtained by applying "
     "random matrix sparsification, results in an approximately optimal k-means clustering objective of the original "
     "data matrix.", (), "Optimal k-means clustering solution of the sparse data matrix"),
    ("We introduce a statistical detection approach that improves the power of watermark detection, particularly in "
     "shorter texts.", (), "A statistical detection approach that improves the power of watermark detection"),
    ("We derive local sensitivities of statistical quantities of interest with respect to model parameters in "
     "dynamical systems.", (), "Deriving local sensitivities of statistical quantities of interest"),
])
def test_a_cut_ends_on_the_noun_not_on_what_qualified_it(sentence: str, names: tuple[str, ...], shown: str) -> None:
    assert headline(sentence, names) == shown


@pytest.mark.parametrize(("sentence", "shown"), [
    # a participle after an auxiliary is the clause's own (the one after it went: "… are drawn conditioned")
    ("We consider active learning with logged data, where labeled examples are drawn conditioned on a predetermined "
     "logging policy, and the goal is to learn a classifier on the entire population.",
     "Considering active learning with logged data, where labeled examples are drawn"),
    ("Furthermore, for most of the algorithms, we show that convergence to the correct distribution can be restored "
     "with a simple fix at the cost of increasing computational demand.",
     "Convergence to the correct distribution can be restored"),
    ("In this paper we introduce a novel neural network architecture, in which weight matrices are re-parametrized in "
     "terms of low-dimensional vectors, interacting through kernel functions.",
     "Neural network architecture, in which weight matrices are re-parametrized"),
    # a noun in -ed and a headline that was not cut stay as they are
    ("We propose a sampler that adapts its step size to the speed", "A sampler that adapts its step size to the speed"),
    ("We propose a method for data collected", "A method for data collected"),
])
def test_a_participle_that_ends_its_clause_stays(sentence: str, shown: str) -> None:
    assert headline(sentence, ()) == shown
