"""An acronym and the phrase it stands for are one keyphrase (session 16): an abstract defining "large language models
(LLMs)" got both "LLMs" and "language models" ("Large" is a stop word), 40 of the 1,195 seed and dev-set abstracts
such a pair. The acronym's place now shows the phrase spelled out as the abstract writes it where it defines it
(the card's Methods field shows acronyms as the paper names them; a keyphrase tells a reader what one stands for),
its last words alone ("Language Models") only where the text writes them nowhere else. Where a part of it the text
also writes apart ("neural networks" beside "graph neural networks (GNNs)") is a keyphrase already, the acronym is.
"""

from __future__ import annotations

from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import seed_paragraphs


def _keywords(abstract: str) -> tuple[str, ...]:
    return enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)")).keywords


def _seed(words: str) -> str:
    (paragraph,) = [p for p in seed_paragraphs() if words in p]
    return paragraph


def _lower(keywords: tuple[str, ...]) -> set[str]:
    return {keyword.lower() for keyword in keywords}


def test_the_seed_cards_show_an_acronym_once_spelled_out() -> None:
    reasoning = _keywords(_seed("Recent Large Language Models (LLMs) have reported"))
    assert "Large Language Models" in reasoning, reasoning
    assert not {"LLMs", "Language Models"} & set(reasoning), reasoning  # before: both, and no "Large"
    vision = _keywords(_seed("Despite significant advancements in Vision-Language Models (VLMs)"))
    assert "Vision-Language Models" in vision, vision
    assert "VLMs" not in vision, vision  # before: both
    feedback = _keywords(_seed("To design reward that align with human goals"))
    assert "Reinforcement Learning from Human Feedback" in feedback, feedback
    assert not {"Human Feedback", "Reinforcement Learning"} & set(feedback), feedback  # before: both halves


def test_an_acronym_defined_at_a_sentence_start_reads_as_keyphrases_do() -> None:
    keywords = _keywords("Large language models (LLMs) answer questions from retrieved passages. We show that LLMs "
                         "ignore retrieved passages when LLMs already hold an answer, and propose passage reranking "
                         "with answer calibration, which makes LLMs cite retrieved passages on open-domain "
                         "question answering benchmarks.")
    assert "large language models" in keywords, keywords
    assert not {"llms", "language models"} & _lower(keywords), keywords  # before: "LLMs", "language models"


def test_a_phrase_the_text_also_writes_apart_stays_apart() -> None:
    keywords = _keywords("Neural networks generalize in ways kernels do not. We compare graph neural networks (GNNs) "
                         "with neural networks on node features: GNNs share weights across edges, neural networks "
                         "across nothing, and message passing explains the gap in node classification.")
    assert "neural networks" in _lower(keywords), keywords  # the paper's subject too, not a piece of "GNNs"
    assert "GNNs" in keywords, keywords  # "graph neural networks" holds "neural networks": the acronym says the rest


def test_an_acronym_whose_letters_spell_no_phrase_before_it_stays() -> None:
    keywords = _keywords("We propose Q-learning for reward machines (QRM), which decomposes reward machines into "
                         "subtasks. QRM learns one policy per machine state; QRM converges to optimal policies in "
                         "tabular domains, and reward shaping speeds QRM up on continuous control tasks.")
    assert "QRM" in keywords, keywords
