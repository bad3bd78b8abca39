"""Two keyphrases ending on the same words say one thing twice (session 15): "graph neural networks" and "deep neural
networks", "harmful question–answer pairs" and "unsafe question–answer pairs". 94 of the 1,195 seed and dev-set
abstracts had such a pair. When the words before the shared last two only rate or place a phrase ("deep", "unsafe",
"advanced", "optimal"), the one ranked better stays and the next candidate takes the other's place; a phrase ranked
better with only such words gives its place to one that says which ("bayesian neural networks" for "deep neural
networks"). Heads that name kinds ("Bayesian" and "convolutional neural networks") both stay."""

from __future__ import annotations

from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import seed_paragraphs


def _keywords(abstract: str) -> tuple[str, ...]:
    return enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)")).keywords


def _seed(words: str) -> str:
    (paragraph,) = [p for p in seed_paragraphs() if words in p]
    return paragraph


def test_the_seed_cards_say_a_tail_once_and_take_the_next_keyphrase() -> None:
    jailbreak = _keywords(_seed("harmful question–answer pairs"))
    assert "harmful question–answer pairs" in jailbreak, jailbreak
    assert "unsafe question–answer pairs" not in jailbreak, jailbreak  # before: both
    assert "long-context vulnerabilities" in jailbreak, jailbreak  # the next candidate
    bongard = _keywords(_seed("Bongard"))
    assert "visual reasoning capabilities" in bongard, bongard
    assert "advanced reasoning capabilities" not in bongard, bongard  # before: both
    assert len(bongard) == 8, bongard  # the next candidate took the place ("Bongard problems" until session 16, when
    # "Vision-Language Models", defined by "(VLMs)", was first read as the acronym's phrase and ranked second)


def test_graph_neural_networks_are_not_followed_by_deep_neural_networks() -> None:
    keywords = _keywords("We study graph neural networks for molecules. Unlike deep neural networks on images, graph "
                         "neural networks pass messages along bonds, and graph pooling keeps molecule structure. "
                         "Experiments on molecule benchmarks show gains of message passing.")
    assert "graph neural networks" in keywords, keywords
    assert "deep neural networks" not in keywords, keywords  # before: second


def test_heads_that_name_kinds_both_stay_and_a_vague_one_goes() -> None:
    keywords = _keywords("We compare Bayesian neural networks with convolutional neural networks on image data. "
                         "Bayesian neural networks give calibrated uncertainty while convolutional neural networks "
                         "give sharper accuracy, unlike deep neural networks trained by plain descent; calibrated "
                         "uncertainty matters for medical images.")
    assert {"Bayesian neural networks", "convolutional neural networks"} <= set(keywords), keywords
    assert "deep neural networks" not in keywords, keywords  # before: fourth


def test_a_better_ranked_phrase_that_only_rates_gives_way_to_one_that_says_which() -> None:
    keywords = _keywords("Deep neural networks need uncertainty. Deep neural networks are trained on images, and deep "
                         "neural networks overfit; bayesian neural networks give posteriors, and sampling them needs "
                         "step sizes.")
    assert keywords[0] == "bayesian neural networks", keywords  # in the place of "deep neural networks", ranked first
    assert not any(phrase.lower() == "deep neural networks" for phrase in keywords), keywords
