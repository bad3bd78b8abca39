"""A title given in HTML bold italics shows as bold italics on its card and without marks where text is plain
(session 16's review, SimCord).

"<b><i>Flow</i></b> Matching for Graphs" was stored as "**\\*Flow**\\* Matching for Graphs": the card showed a bold
"*Flow" then a star, autocomplete offered "*Flow* Matching for Graphs" and the result list's heading "\\*Flow\\*".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."
RECORDS = [{"title": "<b><i>Flow</i></b> Matching for Graphs",
            "abstract": "We match flows on graphs with optimal transport between node distributions." + TAIL},
           {"title": "<i>Sparse <b>Transport</b></i> Plans",
            "abstract": "We compute sparse optimal transport plans between graphs of many nodes." + TAIL}]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "papers.json", RECORDS),)


async def test_the_card_shows_bold_italics_and_the_labels_plain_text(world: World) -> None:
    choices = await world.alice.autocomplete(world.channel, "paper show", "paper", "Flow Matching for Gr")
    assert choices[0]["name"] == "Flow Matching for Graphs"  # was "*Flow* Matching for Graphs"

    card = await world.alice.slash(world.channel, "paper show", paper="Flow Matching for Graphs")
    assert embed_of(card).title == "***Flow*** Matching for Graphs"  # was "**\\*Flow**\\* …": bold "*Flow", then "*"

    card = await world.alice.slash(world.channel, "paper show", paper="Sparse Transport Plans")
    assert embed_of(card).title == "*Sparse **Transport*** Plans"  # was "*Sparse \\*\\*Transport*\\*\\* Plans"


async def test_a_result_lists_headings_are_plain_text(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="optimal transport graphs")

    headings = [line for line in (embed_of(result).description or "").splitlines() if line.startswith("**")]
    assert {heading.split(". ", 1)[1] for heading in headings} == {"Flow Matching for Graphs**",  # was "\\*Flow\\* …"
                                                                   "Sparse Transport Plans**"}, headings
