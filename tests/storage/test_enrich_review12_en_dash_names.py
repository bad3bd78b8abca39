"""Two names joined by an en dash are one word of a keyphrase: "Kullback–Leibler divergence", not "Kullback Leibler".

Abstracts write "Kullback–Leibler", "Fenchel–Young", "Chambolle–Pock" with an en dash (the AISTATS 2025 set does);
a keyphrase token holds hyphens but no en dash, so the names became two words ("Kullback Leibler divergence") and the
card named a divergence nobody writes. An en dash between a letter or digit and a capital letter or a digit is read as
a hyphen for keyphrases (the display text keeps it); one set between words as a dash ("networks–which") still splits.
"""

from __future__ import annotations

from storage._corpus_text import keywords_for
from storage.enrich import enrich
from storage.models import RawRecord


def test_names_joined_by_an_en_dash_stay_one_word() -> None:
    abstract = ("We bound the Kullback–Leibler divergence with Fenchel–Young losses. The Kullback–Leibler divergence "
                "of Fenchel–Young losses is tight, and Chambolle–Pock iterations converge.")
    paper = enrich(RawRecord(abstract=abstract, source_file="/corpus/a.txt", source_ref="paragraph 1 (line 2)"))
    # with the en dash as written (session 14; a hyphen until then)
    assert "Kullback–Leibler divergence" in paper.keywords, paper.keywords
    assert "Fenchel–Young losses" in paper.keywords, paper.keywords
    assert not any("Kullback Leibler" in phrase or "Fenchel Young" in phrase for phrase in paper.keywords)
    assert "Kullback–Leibler" in paper.abstract  # the card's text as written


def test_an_en_dash_set_as_a_dash_still_splits() -> None:
    phrases = keywords_for("Deep residual networks–which generalize well–beat shallow networks. Residual networks win. "
                           "Deep residual networks–which scale–beat kernels.", ())
    assert not any("–" in phrase or "which" in phrase for phrase in phrases), phrases
