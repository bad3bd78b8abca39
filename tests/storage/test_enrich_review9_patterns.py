"""The enrichment patterns respelled for speed find exactly what their plain spellings found.

_INTRO, _WE_VERB, _HEAD_REGION_END, _AND_A_FINDING, _AND_ANOTHER_ACT (storage/_corpus_text.py) and
_ANAPHORIC_TAIL (storage/enrich.py) open with one character class so the regex engine can skip to
where a match may start. Each is checked here against its earlier, plain spelling (kept below as the
oracle) on every sentence of the bundled seeds and the dev datasets and on Hypothesis texts built
from the words and marks the patterns react to: the same match, span and groups, or none.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage import _corpus_text as text
from storage import enrich

ROOT = Path(__file__).resolve().parents[2]
DATASETS = ROOT.parent / "shared" / "datasets"

_PLAIN_SUBJECT = (r"(?:\bwe\b|\b(?:this|the present|our) (?:paper|work|study|article|note|manuscript|thesis|"
                  r"contribution)\b|\bhere,? we\b)")
PLAIN = {
    "_INTRO": re.compile(
        _PLAIN_SUBJECT + r"(?:\s+have)?(?:\s+(?:also|further|first|then|therefore|thus|hence|instead|newly|"
        r"additionally|furthermore|finally|here|now|formally|jointly|hereby|herein|therein|"
        + text._LY_ADVERB + r")\b)*+"
        r"\s+(?P<verb>" + text._CREATE_VERBS + r")(?:e?s|d|ed)?\b"
        r"(?!(?<=build)\s+(?:up)?on\b)(?!(?<=builds)\s+(?:up)?on\b)(?!(?<=contribute)\s+to\b)"
        r"[,:]?\s*", re.IGNORECASE),
    "_WE_VERB": re.compile(
        _PLAIN_SUBJECT + r"(?:\s+(?:also|further|first|then|systematically|formally|carefully|empirically|"
        r"theoretically|rigorously|thoroughly|comprehensively|instead|here|now|thus|hence|therefore|finally|"
        r"furthermore|moreover|" + text._LY_ADVERB + r")\b)*+\s+(?P<verb>[a-z]+(?:-[a-z]+)?)\b,?\s*", re.IGNORECASE),
    "_HEAD_REGION_END": re.compile(r"\s(?:that|which|to|by|for|where|whose|in order)\s|[;.]|,\s(?:which|where|and)\s"),
    "_AND_A_FINDING": re.compile(
        r",?\s+and\s+(?:then\s+|also\s+|further\s+|theoretically\s+|empirically\s+)?"
        r"(?:show|find|prove|demonstrate|argue|observe|establish|verify|validate|evaluate)(?:e?s)?\b"),
    "_AND_ANOTHER_ACT": re.compile(
        r"(?:,\s+(?:and\s+)?|\s+and\s+)(?:then\s+|also\s+|further\s+)?(?P<verb>(?:use|apply|applie|train|"
        r"stud(?:y|ie)|present|propose|"
        r"introduce|develop|derive|provide|analy[sz]e|compare|extend|design|implement|test|employ|exploit|leverage|"
        r"illustrate|characteri[sz]e|explore|examine|investigate|discusse?|obtain|give|offer|conduct|perform)s?"
        r"|(?:validate|verifie|evaluate)[sd]?)\s+"  # (session 18: "… and validated them")
        r"(?:it|them|this|these|those|that|the|a|an|our|its|their|two|three|several|how|whether|new|novel|some|"
        r"empirical|theoretical|extensive|numerical|experimental|efficient|simple|tight|sharp|upper|lower|optimal)\b"),
    "_ANAPHORIC_TAIL": re.compile(
        r",?\s+(?:that|which|to)\s+(?:\w+\s+){0,2}?(?:this|these|such|the above|the aforementioned)\s+"
        r"(?:\w+\s+)?(?:gap|issue|issues|problem|problems|challenge|challenges|limitation|limitations|"
        r"question|questions|phenomenon|setting|task|goal|shortcoming|shortcomings|bottleneck|dilemma)$",
        re.IGNORECASE),
}


def respelled(name: str) -> re.Pattern[str]:
    return getattr(enrich if name == "_ANAPHORIC_TAIL" else text, name)


def found(pattern: re.Pattern[str], sample: str) -> object:
    """What a search finds, comparable across two spellings: span, groups and their spans."""
    match = pattern.search(sample)
    if match is None:
        return None
    return match.span(), match.groups(), [match.span(g) for g in range(1, (pattern.groups or 0) + 1)]


def same_everywhere(sample: str) -> None:
    for name, plain in PLAIN.items():
        fast = respelled(name)
        assert found(fast, sample) == found(plain, sample), (name, sample)
        assert fast.sub("", sample) == plain.sub("", sample), (name, sample)


def corpus_sentences() -> Iterator[str]:
    """Every sentence (as enrichment splits them, markdown stripped) of the seeds and the dev datasets."""
    abstracts = [part for seed in sorted((ROOT / "data").glob("*.txt"))
                 for part in seed.read_text(encoding="utf-8").split("\n\n")[1:]]
    for dataset in sorted(DATASETS.glob("*.json")):
        abstracts += [paper["abstract"] for paper in json.loads(dataset.read_text(encoding="utf-8"))]
    for abstract in abstracts:
        yield from text.sentences(text.strip_markdown(enrich.display_text(abstract)))


def test_the_respelled_patterns_find_what_the_plain_ones_found_in_real_abstracts() -> None:
    sentences = list(corpus_sentences())
    assert len(sentences) > 200  # the seeds alone have ~300
    for sentence in sentences:
        same_everywhere(sentence)
        same_everywhere(sentence[len(sentence) // 3:])  # an object starts mid-sentence


@pytest.mark.parametrize("sample", [
    "In this paper, we propose ShadowKV, a system.", "Here, we formally introduce X", "OUR WORK DEVELOPS Z",
    "whatwe propose", "we build on prior work", "however we propose", "This Paper presents Y", "ſhe present study",
    "a method, and use it to", "a model and then proves", "x ,and show", "a,  and show", "one which is. Two; three",
    "an approach that addresses this gap", "a tool, which solves these open problems", "one\tto\nsuch issue",
])
def test_the_respelled_patterns_agree_on_edge_cases(sample: str) -> None:
    same_everywhere(sample)


PIECES = ["we", "We", "WE", "this", "This", "the present", "our", "Our", "here", "Here,", "paper", "work", "study",
          "propose", "introduces", "built", "builds on", "contribute to", "formally", "newly", "also", "and", "And",
          "then", "show", "shows", "use", "uses", "it", "the", "a", "that", "which", "to", "by", "in order", "these",
          "such", "gap", "issues", "problem", ",", ";", ".", ":", "—", "ſ", "K", "é", "x", "ing", "ly"]


@given(st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from([" ", "", "  ", ", ", "\t", "\n", "-"])),
                max_size=30))
def test_the_respelled_patterns_agree_on_any_text_of_their_words(parts: list[tuple[str, str]]) -> None:
    same_everywhere("".join(word + gap for word, gap in parts))


@given(st.text(alphabet=st.sampled_from("weWEthisTHISouraphrdk ,;.\t\n-ſK"), max_size=60))
def test_the_respelled_patterns_agree_on_any_text_of_their_letters(sample: str) -> None:
    same_everywhere(sample)
