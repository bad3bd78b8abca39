"""A headline's first word keeps its case when it is written so whatever opens it: "f-divergence", not "F-divergence".

A headline made from an abstract (a record with no title: every seed file's) has its first letter put in upper case.
The dev sets' "We introduce f-PO, f-divergence Preference Optimization" gave "f-PO: F-divergence Preference
Optimization"; "α-divergence variational inference" gave "Α-divergence …" (a Greek capital alpha, read as a Latin A),
"k-means++ seeding" "K-means++ …", "p-values for …" "P-values for …". storage.enrich._capitalise leaves a first word
that is a letter naming a symbol (a letter then no letter), a word with a capital inside ("mRNA", "t-SNE") or one not
in Latin letters as written; other words are capitalised as before.
"""

from __future__ import annotations

import pytest

from storage.enrich import enrich
from storage.models import RawRecord


def headline(abstract: str) -> str:
    return enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)")).title


@pytest.mark.parametrize(("abstract", "opening"), [
    ("Preference optimization is popular. We introduce f-PO, f-divergence Preference Optimization, a framework that "
     "generalizes DPO.", "f-PO: f-divergence Preference Optimization"),
    ("Inference matters. We propose α-divergence variational inference with adaptive weights for robust posteriors.",
     "α-divergence variational inference"),
    ("Clustering is hard. We present k-means++ seeding with provable guarantees for large datasets.",
     "k-means++ seeding"),
    ("Testing is hard. We develop p-values for conditional independence with finite-sample validity.",
     "p-values for conditional"),
])
def test_a_first_word_written_so_keeps_its_case(abstract: str, opening: str) -> None:
    assert headline(abstract).startswith(opening), headline(abstract)


@pytest.mark.parametrize(("abstract", "opening"), [
    ("Testing is hard. We develop a test for conditional independence with finite-sample validity.", "A test for"),
    ("Testing is hard. We develop state-of-the-art tests for conditional independence.", "State-of-the-art tests"),
    ("Graphs are everywhere. We propose GraphRNN, a deep autoregressive model for generating graphs.",
     "GraphRNN: A deep autoregressive model"),
])
def test_other_headlines_open_with_a_capital(abstract: str, opening: str) -> None:
    assert headline(abstract).startswith(opening), headline(abstract)
