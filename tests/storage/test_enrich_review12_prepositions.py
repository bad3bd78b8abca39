"""A preposition or an adverb is no word of a keyphrase: "HMC still", "versus OOD agreement", "beyond MCVI".

Dev-set cards listed "HMC still", "smoothed Q-values still", "diffusion model aside", "acquired beforehand",
"sharing throughout", "simulation-based search inside", "versus OOD agreement", "beyond traditional metrics": these
words end no clause as a stop word does and do not end in "-ly", so they joined the content words around them.
They split keyphrase candidates now (storage._corpus_text._SPLITTERS).
"""

from __future__ import annotations

import pytest

from storage import _corpus_text as text


@pytest.mark.parametrize(("sentence", "phrase", "word"), [
    ("Hamiltonian dynamics makes HMC still competitive.", "HMC", "still"),
    ("We set the pretrained diffusion model aside and train.", "pretrained diffusion model", "aside"),
    ("Labels acquired beforehand guide the search.", "labels", "beforehand"),
    ("Weight sharing throughout training helps.", "weight sharing", "throughout"),
    ("Accuracy versus OOD agreement is linear.", "OOD agreement", "versus"),
    ("We look beyond traditional metrics for fairness.", "traditional metrics", "beyond"),
    ("The signal outside the band is noise.", "signal", "outside"),
])
def test_a_preposition_or_an_adverb_splits_keyphrases(sentence: str, phrase: str, word: str) -> None:
    found = set(text._candidates(sentence)[0])
    assert phrase in found, found
    assert not any(word in candidate.split() for candidate in found), found
