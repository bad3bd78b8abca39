"""A keyphrase of only weak words ("numerical results", "proposed method", "original training data", "remarkable
capabilities", "certain conditions") says nothing of the paper (session 16): 199 of the 1,195 seed and dev-set
abstracts had one, often where a phrase dropped as a repeat (session 15) left its place to the next candidate. Such a
phrase is now a keyphrase only where fewer than 5 others are: a card shows 5 that say something rather than 8 padded
out, and still at least 5 where the abstract has them."""

from __future__ import annotations

from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import seed_paragraphs


def _keywords(abstract: str) -> tuple[str, ...]:
    return enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)")).keywords


def _seed(words: str) -> str:
    (paragraph,) = [p for p in seed_paragraphs() if words in p]
    return paragraph


def test_the_seed_cards_take_a_phrase_that_names_something_instead() -> None:
    unlearning = _keywords(_seed("source-free unlearning"))
    assert "original training data" not in unlearning, unlearning  # before: sixth
    assert "Discrimination-Aware Multitask Optimization" in unlearning, unlearning
    search = _keywords(_seed("remarkable capabilities"))
    assert not {"remarkable capabilities", "specific capabilities"} & set(search), search  # before: both
    assert "neural architecture search" in search, search


def test_weak_phrases_written_often_give_way_to_named_things() -> None:
    keywords = _keywords(
        "We study sparse group regression with overlapping penalties. Numerical results on gene expression show "
        "that the proposed method recovers sparse group structure; numerical results on image denoising show the "
        "proposed method beats the group lasso. Under certain conditions, the proposed method attains minimax "
        "rates, and under certain conditions its dual certificate is unique. Proximal gradient solvers and "
        "screening rules make it scale to genome-wide association studies.")
    assert len(keywords) >= 5, keywords
    assert not {"numerical results", "proposed method", "certain conditions"} & {k.lower() for k in keywords}, keywords
    assert "sparse group regression" in keywords, keywords


def test_a_short_abstract_still_gets_five_keyphrases_weak_ones_last() -> None:
    keywords = _keywords("We study sparse regression with group penalties. Numerical results and extensive experiments "
                         "show that the method beats lasso baselines under certain conditions.")
    assert len(keywords) == 5, keywords
    assert keywords[-2:] == ("certain conditions", "numerical results"), keywords  # before: first and fourth


def test_named_kinds_and_terms_stay() -> None:
    keywords = _keywords("We bound the condition number of kernel matrices. The condition number governs how fast "
                         "conjugate gradient solvers converge, and a factor analysis model of the kernel explains "
                         "the condition number; deep learning practitioners can use the bound on heterogeneous "
                         "data.")
    assert "condition number" in keywords, keywords
    assert "factor analysis model" in keywords, keywords
