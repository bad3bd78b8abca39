"""A keyphrase cut to its last three words does not open on the second half of a two-word noun.

A seed card listed "series XAI baselines" ("… time series XAI baselines …"), dev-set cards "series forecasting
models", "Carlo gradient estimators", "field optimality-consistency operator", "descent training algorithms": a run
of four content words or more kept its last three (English puts the head noun last), which cut a noun of two words
the abstract uses on its own elsewhere ("time series.", "Monte Carlo and …"). Such a cut now keeps the head after
it ("XAI baselines"), or the whole name when it is capitalised ("Monte Carlo gradient estimators").
"""

from __future__ import annotations

import pytest

from tests.storage.conftest import candidates


@pytest.mark.parametrize(("abstract", "phrase", "cut"), [
    ("We study time series. Existing time series XAI baselines fail on long inputs.", "XAI baselines",
     "series XAI baselines"),
    ("Monte Carlo is slow. We reduce the variance of Monte Carlo gradient estimators.",
     "Monte Carlo gradient estimators", "Carlo gradient estimators"),
    ("The mean field is costly. We build a mean field optimality-consistency operator for it.",
     "optimality-consistency operator", "field optimality-consistency operator"),
    ("We train with gradient descent. Gradient descent training algorithms converge.", "training algorithms",
     "descent training algorithms"),
])
def test_a_long_run_is_not_cut_inside_a_noun_of_two_words(abstract: str, phrase: str, cut: str) -> None:
    found = candidates(abstract)
    assert phrase in found, found
    assert cut not in found, found


@pytest.mark.parametrize(("abstract", "phrase"), [
    # the pair qualifies the next word wherever it appears: no noun of its own
    ("Restless multi-arm bandits are hard. We solve the restless multi-arm bandit problem.",
     "multi-arm bandit problem"),
    # a capitalised name after the pair is kept with the words after it
    ("Preconditioned Crank-Nicolson is known. We use preconditioned Crank-Nicolson Langevin samplers.",
     "Crank-Nicolson Langevin samplers"),
    # a pair written once, or joined by a dash no token reads, says nothing
    ("We build large graph neural network models.", "neural network models"),
    ("They use harmful question–answer pairs of harmful question sets.", "question answer pairs"),
])
def test_other_long_runs_keep_their_last_three_words(abstract: str, phrase: str) -> None:
    assert phrase in candidates(abstract)
