"""A generated headline does not open on "A novel"/"A new" (session 14). 153 of the 1,195 headlines written for the
seeds and dev datasets without their titles did: every contribution is new, so the words said nothing and took the
room of those that do. The adjective goes; a head noun that reads as a title only with its article keeps it ("A
framework for …"), and a headline is cut where it was before."""

from __future__ import annotations

import re

import pytest

from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import seed_paragraphs


def _headline(abstract: str) -> str:
    return enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)")).title


def test_no_seed_headline_opens_on_novel_or_new() -> None:
    headlines = [_headline(paragraph) for paragraph in seed_paragraphs()]
    assert [h for h in headlines if re.match(r"(?:[^:]+: )?(?:An? )?(?:novel|new)\b", h, re.IGNORECASE)] == []
    # before: "A new benchmark designed …", "RTLDistil: A novel cross-stage …", "A novel reconstruction technique …"
    assert {"Benchmark designed for professional-level medical reasoning",
            "RTLDistil: Cross-stage knowledge distillation framework",
            "Reconstruction technique that can recover original prompts from hidden states"} <= set(headlines)


@pytest.mark.parametrize(("abstract", "headline"), [
    ("Learning metrics between distributions is hard. We propose a novel approach for learning metrics for "
     "arbitrary distributions over a shared metric space.",
     "An approach for learning metrics for arbitrary distributions over a shared metric space"),
    ("Markov jump processes are hard to infer. We propose a novel, tractable latent state inference scheme for "
     "Markov jump processes.", "Tractable latent state inference scheme for Markov jump processes"),
    ("Collision probability matters. We propose new algorithms for estimating and testing collision probability.",
     "Algorithms for estimating and testing collision probability"),
])
def test_the_adjective_goes_and_the_article_stays_where_a_title_needs_it(abstract: str, headline: str) -> None:
    assert _headline(abstract) == headline


def test_a_headline_with_nothing_after_the_adjective_but_its_noun_keeps_it() -> None:
    assert _headline("Sorting is slow on tapes. We propose a novel algorithm.") == "A novel algorithm"
