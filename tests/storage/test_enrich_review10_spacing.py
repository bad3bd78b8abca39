"""Prose as print sets it: no space before a comma, full stop or semicolon that ends a word."""

from __future__ import annotations

import pytest

from storage.enrich import display_text


@pytest.mark.parametrize(("written", "shown"), [
    # icml2018 and aistats2025 write these so; a dropped citation leaves one too.
    ("at a faster rate than SGD . We furthermore", "at a faster rate than SGD. We furthermore"),
    ("objectives that go beyond MCVI , and support", "objectives that go beyond MCVI, and support"),
    ("of Hardt and Talwar [2010] , with improvements", "of Hardt and Talwar [2010], with improvements"),
    ("as \\citet{a} shows ; then", "as shows; then"),
    ("the end .", "the end."),
])
def test_no_space_is_left_before_a_comma_or_a_full_stop(written: str, shown: str) -> None:
    assert display_text(written) == shown


@pytest.mark.parametrize("text", [
    "a p-value of p < .05 is", "written in .NET and", "we wait ... and see", "see https://x.org/ . Then",
    "the set {x : A x ≤ b} is",
])
def test_what_is_no_word_ending_keeps_its_space(text: str) -> None:
    assert display_text(text) == text
