"""An acronym ending in "-ISE", "-IZE" or "-IFY" is a name, not a verb: its keyphrases are kept.

This session's keyphrase rules made a word ending in "-ize", "-ise" or "-ify" a verb that splits a run
("generalizes", "quantifies"), by its lower-cased form: "MISE" (mean integrated squared error) read as a verb
("mise"), and an abstract about the MISE of kernel density estimators lost every "MISE …" keyphrase its card
listed before ("MISE analysis", "MISE rate"); so did "DeViSE" and "REVISE", method names. A word typed with two
capitals or more is an acronym or a method name, never a verb's form.
"""

from __future__ import annotations

import pytest

from storage import _corpus_text as text
from storage.enrich import enrich
from storage.models import RawRecord

MISE = ("We bound the MISE of kernel density estimators. The MISE bound holds for smooth densities. Our MISE analysis "
        "extends kernel density estimators to manifolds, and the MISE rate is minimax.")


def test_an_acronym_ending_like_a_verb_keeps_its_keyphrases() -> None:
    paper = enrich(RawRecord(abstract=MISE, source_file="/corpus/icml.txt", source_ref="paragraph 1 (line 2)"))
    assert any(keyword.startswith("MISE") for keyword in paper.keywords), paper.keywords


@pytest.mark.parametrize("sentence", [
    "The MISE analysis of kernel estimators is tight.",
    "We train DeViSE embeddings on image labels.",
    "The REVISE tool measures dataset bias.",
])
def test_an_acronym_is_no_verb(sentence: str) -> None:
    acronym = next(word for word in sentence.split() if sum(char.isupper() for char in word) >= 2)
    assert any(acronym in candidate for candidate in text._candidates(sentence)[0]), text._candidates(sentence)


@pytest.mark.parametrize(("sentence", "verb"), [  # guards: the verbs in small letters still split runs
    ("The method generalizes prior work on graph sampling.", "generalizes"),
    ("This bound quantifies the gap in sample complexity.", "quantifies"),
    ("The regularizer optimises sparse graph weights.", "optimises"),
])
def test_a_verb_by_its_ending_still_splits(sentence: str, verb: str) -> None:
    assert not any(verb in candidate for candidate in text._candidates(sentence)[0])
