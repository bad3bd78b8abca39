"""A headline never opens with a subordinate clause alone (session 19).

"When tasks reoccur – as they do in natural environments" is no headline: a clause opening "When", "Although",
"If", "Since", "Because" … or "By" with a gerund says when, why or how, and the headline reads the main clause after
it, or passes the sentence over when none can be told. Each case is a real dev-set abstract (looked up by its real
title) given without its title, or its real sentences as a seed-text paragraph has them.
"""

from __future__ import annotations

import re

import pytest

from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import dev_set_abstracts

_EPISODIC_RECALL = "Been There, Done That: Meta-Learning with Episodic Recall"
_COMPLEX_SYNAPSES = "Continual Reinforcement Learning with Complex Synapses"


def _sentences_of(title: str, *openings: str) -> str:
    """The sentences of a dev-set abstract that open so, in order, as one seed-text paragraph."""
    abstract = dev_set_abstracts()[title][0]
    found = [sentence for sentence in re.split(r"(?<=\.)\s+", abstract) if sentence.startswith(openings)]
    assert len(found) == len(openings)
    return " ".join(found)


def _headline(paragraph: str) -> str:
    return enrich(RawRecord(abstract=paragraph, source_file="seed.txt", source_ref="paragraph 1")).title


def test_an_opening_clause_set_off_by_dashes_is_read_for_its_main_clause() -> None:
    """before: "When tasks reoccur – as they do in natural environments" (the dashes are BibTeX's "{–}")."""
    paragraph = _sentences_of(_EPISODIC_RECALL, "When tasks reoccur", "This architecture melds")
    assert _headline(paragraph) == ("Meta-learning agents must explore again instead of immediately exploiting "
                                    "previously discovered…")


def test_a_claim_opening_with_its_means_reads_its_main_clause() -> None:
    """before: "By equipping tabular and deep reinforcement learning agents with a synaptic model" ("we show that by
    equipping … (Benna & Fusi, 2016), catastrophic forgetting can be mitigated at multiple timescales")."""
    abstract, name = dev_set_abstracts()[_COMPLEX_SYNAPSES]
    card = enrich(RawRecord(abstract=abstract, source_file=name, source_ref="record 1"))
    assert card.title == "Catastrophic forgetting can be mitigated at multiple timescales"


@pytest.mark.parametrize(("opening", "headline"), [
    # a main clause that points back ("…, it …") cannot stand alone: the next sentence says what the paper is about
    ("Although deep networks generalise well, they are often poorly calibrated. Temperature scaling fixes "
     "calibration after training.", "Temperature scaling fixes calibration after training"),
    ("If the losses are convex, then online gradient descent attains sublinear regret.",
     "Online gradient descent attains sublinear regret"),
])
def test_an_opening_subordinate_clause_gives_way_to_a_main_clause(opening: str, headline: str) -> None:
    assert _headline(opening) == headline


@pytest.mark.parametrize(("title", "opening", "headline"), [
    # before: "Although existing works have demonstrated the benefits of graph convolution"; not "Expressivity or
    # separability, there remains …" (a list's last items)
    ("Quantifying the Optimization and Generalization Advantages of Graph Neural Networks Over Multilayer Perceptrons",
     "Although existing works",
     "There remains a lack of quantitative analysis comparing GNNs and MLPs from an optimization"),
    # before: "While many such bounds do not improve upon the train-test approach, which remains the gold standard";
    # not "Which remains the gold standard, …" (a relative clause inside the subordinate one)
    ("Pick-to-Learn and Self-Certified Gaussian Process Approximations", "While many such bounds",
     "The P2L algorithm (Paccagnan et al., 2023) has shown great potential"),
])
def test_the_main_clause_opens_after_the_subordinate_clauses_own_commas(title: str, opening: str,
                                                                         headline: str) -> None:
    assert _headline(_sentences_of(title, opening)) == headline


def test_an_opening_aside_clause_reads_its_main_clause() -> None:
    """before: "Whereas in a neural network the parameters are typically modelled as scalar values"."""
    paragraph = _sentences_of(_COMPLEX_SYNAPSES, "Whereas in a neural network")
    assert _headline(paragraph) == ("An individual synapse in the brain comprises a complex network of interacting "
                                    "biochemical…")


def test_a_headline_ends_before_the_conjunction_of_a_clause_cut_off() -> None:
    """before: "Meta-learning agents excel at rapidly learning new tasks from open-ended task distributions; yet"."""
    paragraph = _sentences_of(_EPISODIC_RECALL, "Meta-learning agents excel", "This architecture melds")
    assert _headline(paragraph) == ("Meta-learning agents excel at rapidly learning new tasks from open-ended task "
                                    "distributions")


def test_the_contribution_still_heads_an_abstract_with_a_subordinate_clause() -> None:
    """Guard: the whole abstract's "When tasks reoccur …" sentence is passed for the contribution, as before."""
    abstract, name = dev_set_abstracts()[_EPISODIC_RECALL]
    card = enrich(RawRecord(abstract=abstract, source_file=name, source_ref="record 1"))
    assert card.title == "A formalism for generating open-ended yet repetitious environments"


def test_by_before_no_gerund_opens_no_subordinate_clause() -> None:
    """"By contrast, …" is an adverb of its own clause: the sentence is read whole, as before."""
    assert _headline("By contrast, sparse attention scales linearly in the sequence length.") == (
        "By contrast, sparse attention scales linearly in the sequence length")
