"""An abstract's own asterisks and underscores show on its card as written (session 16's review, SimCord).

"We study the A* algorithm and A*-search" and "Q_learning with V_functions, x_1 and x_2" were the card's description
as written, Discord markdown: Discord showed italics where the author wrote symbols. So did a title made from an
abstract that has none. Emphasis the abstract uses (*token*, **MA-DT**, _patch_, LaTeX's \\textit{FedOne}) stays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."
SYMBOLS = ("We revisit the A* algorithm and A*-search over B*-trees for heuristic planning, "
           "Q_learning with V_functions, and the pair x_1 and x_2." + TAIL)
EMPHASIS = (r"Language models read *token* strings; our **MA-DT** planner and \textit{FedOne} apply a _patch_ "
            "to heuristic planning." + TAIL)


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    records: list[dict[str, object]] = [{"title": "Planning with heuristic stars", "abstract": SYMBOLS},
                                        {"title": "Planning with emphasis", "abstract": EMPHASIS},
                                        {"abstract": "Q_learning with V_functions solves heuristic planning." + TAIL}]
    return (write_json(tmp_path / "papers.json", records),)


async def test_a_cards_abstract_shows_its_stars_and_underscores_as_written(world: World) -> None:
    card = await world.alice.slash(world.channel, "paper show", paper="Planning with heuristic stars")
    description = embed_of(card).description or ""

    # was "A* algorithm and A*-search over B*-trees": "-search over B" in italics, and "learning with V" too
    assert description.startswith(r"We revisit the A\* algorithm and A\*-search over B\*-trees for heuristic "
                                  r"planning, Q\_learning with V\_functions, and the pair x\_1 and x\_2."), description


async def test_emphasis_the_abstract_uses_stays_emphasis(world: World) -> None:
    card = await world.alice.slash(world.channel, "paper show", paper="Planning with emphasis")
    description = embed_of(card).description or ""

    assert description.startswith("Language models read *token* strings; our **MA-DT** planner and *FedOne* apply "
                                  "a _patch_ to heuristic planning."), description


async def test_a_title_made_from_the_abstract_shows_its_underscores_as_written(world: World) -> None:
    listed = await world.alice.slash(world.channel, "paper search", query="V_functions")
    listing = embed_of(listed).description or ""
    assert r"Q\_learning with V\_functions" in listing, listing  # the list escapes the title's plain text

    card = await world.alice.slash(world.channel, "paper show", paper="Q_learning with V_functions solves heuristic "
                                                                      "planning")
    assert not card.ephemeral, card.response
    # was "Q_learning with V_functions …", "learning with V" in italics
    assert embed_of(card).title == r"Q\_learning with V\_functions solves heuristic planning"
