"""A compound written with an en dash keeps it in the card's keyphrases (session 14): "question–answer pairs", not
"question answer pairs". The keyphrase reader's words hold hyphens but no en dash, so a compound in small letters
fell apart into two words, and a name joined by an en dash came out with a hyphen. A dash setting off a clause
("models–based on …", "networks–which …") still joins nothing."""

from __future__ import annotations

from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import seed_paragraphs


def _keywords(abstract: str) -> tuple[str, ...]:
    return enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)")).keywords


def test_the_seed_card_keeps_question_answer_pairs_with_its_dash() -> None:
    (pandas,) = [p for p in seed_paragraphs() if "harmful question–answer pairs" in p]
    keywords = _keywords(pandas)
    assert any(phrase.endswith(" question–answer pairs") for phrase in keywords), keywords
    assert not any("question answer" in phrase for phrase in keywords), keywords  # before: "question answer pairs"


def test_compounds_and_names_keep_the_en_dash_the_abstract_writes() -> None:
    keywords = _keywords("We train encoder–decoder models on question–answer pairs. Our encoder–decoder models bound "
                         "the Kullback–Leibler divergence, and question–answer pairs from forums help.")
    assert {"encoder–decoder models", "question–answer pairs", "Kullback–Leibler divergence"} <= set(keywords), keywords


def test_a_dash_setting_off_a_clause_joins_nothing() -> None:
    keywords = _keywords("Here we introduce a new class of learnable models–based on graph networks–which implement a "
                         "relational bias. Graph networks generalize, and learnable models–it seems–transfer.")
    assert not any("–" in phrase or "-" in phrase for phrase in keywords), keywords
