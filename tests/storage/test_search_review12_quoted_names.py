"""A person's name typed in quotes or with a question mark is a name too, on a real temporary SQLite file (session 12's
review): after 509d259, /paper search Kaiming He matched nothing and suggested nothing, but "Kaiming He" in quotes
(straight or curly, as a phone types them) or "Kaiming He?" was still answered "Did you mean **aiming he**?" with the
papers "aiming" at something: a quote or a question mark made it no name. A title in quotes with its typo is still
corrected."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import engine_over
from tests.storage.test_search_review12_names import RECORDS


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"icml2025.json": RECORDS})


@pytest.mark.parametrize("typed", ['"Kaiming He"', "“Kaiming He”", "‘Kaiming He’", "Kaiming He?", "(Kaiming He)"])
async def test_a_name_in_quotes_or_asked_about_is_not_corrected_into_words(engine: SearchEngine, typed: str) -> None:
    results = await engine.search(typed)
    assert results.suggestions == []
    assert results.total == 0


@pytest.mark.parametrize(("typed", "meant"), [('"Yoshua Bengoi"', "Yoshua Bengio"),
                                              ("“Nueral Estimaton”", "neural estimation"),
                                              ('"robust kontrol"', "robust control")])
async def test_a_typo_in_quotes_is_still_corrected(engine: SearchEngine, typed: str, meant: str) -> None:
    assert (await engine.search(typed)).suggestions == [meant]
