"""/paper show opens a paper by its title as people paste it (session 15's review, SimCord).

"Diffusion Models for Tabular Data - AISTATS 2025" (a title with its venue after a dash, as reading lists and
conference pages write it) answered "There is no paper titled …", though "… (AISTATS 2025)" opened the paper; and a
title over 300 characters, copied from its own card (which cuts a title at a word within Discord's 256 characters,
with "…"), was no paper's title either.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json
from tests.storage.test_search_review15_show_titles import LONG, TABULAR, aistats, icml


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """One title in two venues, and a title of 367 characters."""
    return (write_json(tmp_path / "icml.json", [icml(TABULAR, "tabular data generation"),
                                                icml(LONG, "stochastic gradient descent")]),
            write_json(tmp_path / "aistats.json", [aistats(TABULAR, "tabular diffusion")]))


def field(card: simcord.InteractionResult, name: str) -> str:
    return next(field.value or "" for field in embed_of(card).fields if field.name == name)


@pytest.mark.parametrize(("typed", "venue"), [(f"{TABULAR} - AISTATS 2025", "AISTATS 2025"),
                                              (f"{TABULAR} – ICML 2025", "ICML 2025")])
async def test_a_title_with_its_venue_after_a_dash_opens_that_venues_paper(world: World, typed: str,
                                                                          venue: str) -> None:
    card = await world.alice.slash(world.channel, "paper show", paper=typed)

    assert not card.ephemeral, card.response  # was "There is no paper titled “Diffusion Models … - AISTATS 2025”"
    assert embed_of(card).title == TABULAR
    assert field(card, "Venue") == venue


async def test_a_long_title_copied_from_its_card_opens_the_paper(world: World) -> None:
    shown = await world.alice.slash(world.channel, "paper show", paper=LONG)  # pasted whole: found before too
    cut = embed_of(shown).title or ""
    assert cut.endswith("…")
    assert len(cut) < len(LONG)

    again = await world.bob.slash(world.channel, "paper show", paper=cut)  # copied from the card

    assert not again.ephemeral, again.response  # was "There is no paper titled “On the Convergence …”"
    assert embed_of(again).footer.text == embed_of(shown).footer.text
