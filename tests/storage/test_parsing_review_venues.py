"""The venue a corpus file's name gives, as the conference writes it (session 8's review)."""

from __future__ import annotations

import pytest

from storage.parsing import venue_from_file_name


@pytest.mark.parametrize(("file_name", "venue"), [
    ("icml2018.json", "ICML 2018"),
    ("aistats2025.json", "AISTATS 2025"),
    ("iclr_2024.jsonl", "ICLR 2024"),
    # Cards said "NEURIPS 2024" and "NIPS 2023", names no one writes.
    ("neurips2024.json", "NeurIPS 2024"),
    ("nips2023.json", "NeurIPS 2023"),  # paper lists keep the name NeurIPS dropped in 2018
    ("nips2017.json", "NIPS 2017"),
    ("corl2023.json", "CoRL 2023"),
    ("siggraphasia2023.json", "SIGGRAPH Asia 2023"),
    ("papers.json", None),
])
def test_a_venue_from_a_file_name_is_spelled_as_the_conference_spells_it(file_name: str, venue: str | None) -> None:
    assert venue_from_file_name(file_name) == venue
