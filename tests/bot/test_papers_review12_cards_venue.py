"""A venue written over several lines is shown on one line on the card (session 12's review).

A BibTeX booktitle is often wrapped ("…International Conference on" / "               Machine Learning"), and the
venue is stored as written: the card's Venue field showed two lines, the second indented, where the result lists show
it on one. End to end through SimCord; `paperbot stats` and `show` are in tests/test_cli_review12_stats_venue.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

BIBTEX = """@inproceedings{doe18,
  title = {Wrapped Venues in Bibliographies},
  author = {Doe, Jane and Roe, Richard},
  booktitle = {Proceedings of the 35th International Conference on
               Machine Learning},
  abstract = {We study venue names wrapped over two lines in bibliography files, and how readers see them.},
}
"""
VENUE = "Proceedings of the 35th International Conference on Machine Learning"


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "papers.bib"
    path.write_text(BIBTEX, encoding="utf-8")
    return (path,)


async def test_the_cards_venue_is_one_line(world: World) -> None:
    shown = await world.alice.slash(world.channel, "paper show", paper="Wrapped Venues in Bibliographies")

    assert {field.name: field.value for field in embed_of(shown).fields}["Venue"] == VENUE
