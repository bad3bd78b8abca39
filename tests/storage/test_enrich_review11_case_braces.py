"""BibTeX's case-keeping braces inside a word are dropped from titles and abstracts.

A corpus exported from BibTeX (a JSON or CSV made from a .bib, Zotero's CSV) writes titles as
"{B}ayesian {O}ptimization with {GP}s": the braces only tell BibTeX to keep a capital. They were
shown on the card and in every list, since only braces around whole words were dropped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from storage.enrich import display_abstract, display_text, enrich
from storage.parsing import parse_file


@pytest.mark.parametrize(("written", "shown"), [
    ("{B}ayesian {O}ptimization with {GP}s", "Bayesian Optimization with GPs"),
    ("Ro{BERT}a: A Robustly Optimized {BERT} Pretraining Approach",
     "RoBERTa: A Robustly Optimized BERT Pretraining Approach"),
    ("{T}he {U}nreasonable {E}ffectiveness of {MLP}s", "The Unreasonable Effectiveness of MLPs"),
    ("Solving {PDE}s with {F}ourier Neural Operators on {3D} grids",
     "Solving PDEs with Fourier Neural Operators on 3D grids"),
])
def test_case_braces_inside_a_word_are_dropped(written: str, shown: str) -> None:
    assert display_text(written) == shown


@pytest.mark.parametrize(("written", "shown"), [
    ("$x^{ab}c$ grows", "xᵃᵇc grows"),  # a superscript, rendered as one
    ("the index f_{t}x stays", "f_{t}x"),  # a subscript's group is not a case brace
    ("a rate of O(1/SQRT{T}) holds", "O(1/SQRT{T})"),  # an argument closing a word (LaTeX without its backslash)
])
def test_script_groups_and_arguments_are_not_case_braces(written: str, shown: str) -> None:
    assert shown in display_text(written)


def test_a_json_corpus_exported_from_bibtex_shows_its_titles_and_abstracts_plainly(tmp_path: Path) -> None:
    corpus = tmp_path / "bib_export.json"
    corpus.write_text(json.dumps([{
        "title": "{G}aussian Processes for {B}ayesian {O}ptimization",
        "abstract": "We study {B}ayesian optimisation with {GP}s and show that Ro{BERT}a features help.",
        "authors": "Ada Lovelace",
    }]), encoding="utf-8")
    parsed = parse_file(corpus)
    assert not parsed.problems
    paper = enrich(parsed.records[0])
    assert paper.title == "Gaussian Processes for Bayesian Optimization"
    assert paper.abstract == "We study Bayesian optimisation with GPs and show that RoBERTa features help."
    assert "{" in paper.abstract_raw  # the raw text is kept as written
    assert display_abstract(paper.abstract_raw) == paper.abstract
