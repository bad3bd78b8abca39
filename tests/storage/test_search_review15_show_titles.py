"""SearchEngine.titled finds a title as people paste it with its venue after a dash, and one cut with "…" as a card
shows a title over 256 characters (session 15's review), on a real temporary database.

"Diffusion Models for Tabular Data - ICML 2025" (a title and its venue, as reading lists and pages write them) was
no title, though "… (ICML 2025)" was; and a title too long for a card's 256 characters, copied from the card (cut
at a word, with "…"), was no paper's title, so /paper show answered "There is no paper titled …" for it.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled, surveys

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."
TABULAR = "Diffusion Models for Tabular Data"
LONG = ("On the Convergence of Stochastic Gradient Descent with Adaptive Step Sizes, Heavy-Tailed Noise, Non-Convex "
        "Objectives, Overparameterized Neural Networks, Distributed Workers, Byzantine Faults, Compressed "
        "Communication, Differential Privacy Guarantees, Federated Clients, Partial Participation, Local Updates "
        "and Momentum: A Unified Analysis with Matching Lower Bounds")
# The same title's opening, as long: another paper a cut title must not be taken for.
LONG_TOO = LONG.replace("Matching Lower Bounds", "Tight Upper Bounds")
# LONG as its card shows it: cut at a word within 256 characters, "…" after it (bot.limits.one_line).
LONG_ON_ITS_CARD = LONG[:LONG.rindex(" ", 0, 255)] + "…"


def icml(title: str, about: str) -> dict[str, object]:
    return {"title": title, "venue": "ICML 2025", "abstract": f"We study {about} with a new method." + TAIL}


def aistats(title: str, about: str) -> dict[str, object]:
    return {"title": title, "venue": "AISTATS 2025", "abstract": f"We study {about} with another method." + TAIL}


CORPUS: dict[str, Records] = {
    "icml.json": [icml(TABULAR, "tabular data generation"), icml(LONG, "stochastic gradient descent"),
                  icml("Mixture-of-Experts - A Survey", "mixtures of experts"), *surveys()],
    "aistats.json": [aistats(TABULAR, "tabular diffusion"), aistats("Multi-Task Learning", "shared tasks")],
}


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, CORPUS)


async def venue_of(db: aiosqlite.Connection, paper_id: str) -> str:
    rows = list(await db.execute_fetchall("SELECT venue FROM papers WHERE id = ?", (paper_id,)))
    return str(rows[0][0])


@pytest.mark.parametrize(("typed", "venue"), [
    (f"{TABULAR} - ICML 2025", "ICML 2025"),  # was no title
    (f"{TABULAR} - AISTATS 2025", "AISTATS 2025"),
    (f"{TABULAR} – ICML 2025", "ICML 2025"),  # en dash
    (f"{TABULAR} — AISTATS 2025.", "AISTATS 2025"),  # em dash, a full stop after
    (f"{TABULAR} | icml2025", "ICML 2025"),  # a bar, the venue typed as the option takes it
    ("diffusion models for tabular data -ICML 2025", "ICML 2025"),
])
async def test_a_title_with_its_venue_after_a_dash_is_that_venues_paper(
        engine: SearchEngine, db: aiosqlite.Connection, typed: str, venue: str) -> None:
    found = await engine.titled(typed)

    assert found
    assert await venue_of(db, found[0]) == venue


async def test_only_a_venue_of_the_corpus_after_the_last_dash_is_read_as_one(
        engine: SearchEngine, db: aiosqlite.Connection) -> None:
    assert await engine.titled("Multi-Task Learning - AISTATS 2025") == [await paper_titled(db, "Multi-Task Learning")]
    survey = await paper_titled(db, "Mixture-of-Experts - A Survey")
    assert await engine.titled("Mixture-of-Experts - A Survey") == [survey]  # a dash of the title's own
    assert await engine.titled("Mixture-of-Experts - A Survey - ICML 2025") == [survey]
    assert await engine.titled(f"{TABULAR} - NeurIPS 2024") == []  # a venue the corpus lacks: no title


async def test_a_long_title_cut_as_its_card_shows_it_is_that_title(
        engine: SearchEngine, db: aiosqlite.Connection) -> None:
    assert len(LONG) > 300
    long = await paper_titled(db, LONG)

    assert await engine.titled(LONG) == [long]  # pasted whole, as before
    assert await engine.titled(LONG_ON_ITS_CARD) == [long]  # was []
    assert await engine.titled(LONG_ON_ITS_CARD.replace("…", "...")) == [long]
    assert await engine.titled(f"{LONG_ON_ITS_CARD} - ICML 2025") == [long]
    assert await engine.titled("On the Convergence…") == []  # a few words would open many titles


async def test_a_cut_title_two_titles_open_with_names_neither(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await engine_over(db, tmp_path, {**CORPUS, "more.json": [icml(LONG_TOO, "gradient descent bounds")]})
    cut_too = LONG_TOO[:LONG_TOO.rindex(" ")] + "…"  # "…with Tight Upper…": past where the two differ

    assert await engine.titled(cut_too) == [await paper_titled(db, LONG_TOO)]  # was []
    assert await engine.titled(LONG_ON_ITS_CARD) == []  # both open with it: neither is named
