"""A paragraph repeating an adverb and a word ("formally Deep formally Deep …") is enriched at once (session 18's
review): whether the adverb follows a copula was looked up once per occurrence, each look reading every occurrence
again, 0.85 s for a 20,000-character corpus paragraph. The answer is the same, worked out once per sentence:
test_enrich_review18_keyphrases checks it ("is approximately L-smooth")."""

from __future__ import annotations

import time

import pytest

from storage.enrich import enrich
from storage.models import RawRecord
from storage.parsing import MAX_ABSTRACT_CHARS


def _paragraph(unit: str) -> str:
    return (unit * (MAX_ABSTRACT_CHARS // len(unit) + 1))[:MAX_ABSTRACT_CHARS - 10]


@pytest.mark.parametrize("unit", ["formally Deep ", "Deep formally ", "formally Deep the "])
def test_a_paragraph_repeating_an_adverb_and_a_word_is_enriched_at_once(unit: str) -> None:
    record = RawRecord(abstract=_paragraph(unit), source_file="hostile.txt", source_ref="paragraph 1")
    started = time.process_time()
    paper = enrich(record)
    assert time.process_time() - started < 0.3  # about 20 ms; it was 0.5 to 0.85 s
    assert paper.keywords  # still read as usual: its words make keyphrases

