"""A title's asterisks and underscores show on its card as written (session 15's review, SimCord).

"A*-search meets B*-trees" showed on its card as "A" "-search meets B" in italics "-trees", and "Q_learning and
V_functions" as "Q" "learning and V" in italics "functions": the card's title is the stored display text, Discord
markdown, which escaped math's asterisks but not a title's own. Italics a title asks for in LaTeX
("\\textit{FedOne}") stay italics.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."
# As the corpus writes each title, and as the card's title must be written to show it so.
CARD_TITLES = {
    "A*-search meets B*-trees": r"A\*-search meets B\*-trees",
    "Q_learning and V_functions": r"Q\_learning and V\_functions",
    r"\textit{FedOne}: query-efficient federated prompts": "*FedOne*: query-efficient federated prompts",
    r"Learning $k^*$ experts": r"Learning k\* experts",  # math escapes its own asterisk: not twice
}


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    records = [{"title": title, "abstract": f"We study heuristic planning problem number {n} with trees." + TAIL}
               for n, title in enumerate(CARD_TITLES)]
    return (write_json(tmp_path / "papers.json", records),)


async def test_a_card_shows_each_title_as_written(world: World) -> None:
    shown = {}
    for written in CARD_TITLES:
        card = await world.alice.slash(world.channel, "paper show", paper=written)
        assert not card.ephemeral, card.response
        shown[written] = embed_of(card).title

    assert shown == CARD_TITLES  # was each title unescaped: italics where it had none


async def test_a_list_and_a_suggestion_show_it_as_written_too(world: World) -> None:
    card = await world.alice.slash(world.channel, "paper show", paper="A*-search meets B*-trees")
    assert embed_of(card).title == r"A\*-search meets B\*-trees"  # was "A*-search meets B*-trees": italics

    listed = await world.alice.slash(world.channel, "paper search", query="heuristic planning")
    listing = embed_of(listed).description or ""
    assert r"A\*-search meets B\*-trees**" in listing, listing  # escaped once, not "A\\\*"
    assert r"Q\_learning and V\_functions**" in listing, listing
    choices = await world.alice.autocomplete(world.channel, "paper show", "paper", "A*-search")
    assert choices[0]["name"] == "A*-search meets B*-trees"  # plain text: no backslashes
