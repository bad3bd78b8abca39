"""A headline opens on the contribution's object, not on what stands between its verb and the object (session 19).

"We establish, for the first time, explicit connections …" gave "For the first time, explicit connections …", "we
advocate for representation learning …" gave "For representation learning …", and "we establish experimentally that
kernel machines …" gave "Experimentally that kernel machines": the aside, the preposition "advocate" takes, and the
adverb before a claim's "that" are left out (the claim then reads as one). Each case is a real dev-set abstract given
without its title.
"""

from __future__ import annotations

import pytest

from storage.enrich import enrich
from storage.models import RawRecord
from tests.storage.conftest import dev_set_abstracts


def _headline_of(title: str) -> str:
    """The headline of the dev-set paper of that title, given without its title."""
    abstract, name = dev_set_abstracts()[title]
    return enrich(RawRecord(abstract=abstract, source_file=name, source_ref="record 1")).title


@pytest.mark.parametrize(("title", "headline"), [
    ("Tropical Geometry of Deep Neural Networks", "Explicit connections between feedforward neural networks"),
    ("Learning Adversarially Fair and Transferable Representations",
     "Representation learning as the key to mitigating unfair prediction outcomes downstream"),
    ("Learning Diffusion using Hyperparameters",
     "A hyperparametric approach to learn diffusion in the independent cascade (IC) model"),
    ("To Understand Deep Learning We Need to Understand Kernel Learning",
     "Kernel machines trained to have zero classification error or near zero regression error…"),
])
def test_a_headline_opens_on_the_object_not_on_an_aside(title: str, headline: str) -> None:
    assert _headline_of(title) == headline


def test_a_for_that_is_no_aside_is_kept() -> None:
    """Guard: "we provide for such wide CNNs necessary and sufficient conditions" is left as it was (only "advocate"
    takes "for" before its object), and so is "we develop a …" without one."""
    assert _headline_of("Optimization Landscape and Expressivity of Deep CNNs") == (
        "For such wide CNNs necessary and sufficient conditions for global minima with zero training error")
    assert _headline_of("Been There, Done That: Meta-Learning with Episodic Recall") == (
        "A formalism for generating open-ended yet repetitious environments")
