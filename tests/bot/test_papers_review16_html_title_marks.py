"""A title given as HTML with an asterisk inside its italics shows on its card as written (session 16's review,
SimCord).

"<i>A*-search</i> meets B*-trees" was stored as "*A*-search* …": Discord showed an italic "A", then "-search*". The
card's title now shows the italic A*-search, its asterisk as written; autocomplete offers it as plain text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    records = [{"title": "<i>A*-search</i> meets B*-trees",
                "abstract": "We study heuristic planning with <i>A*-search</i> over trees." + TAIL}]
    return (write_json(tmp_path / "papers.json", records),)


async def test_the_card_shows_the_italic_title_with_its_asterisk(world: World) -> None:
    choices = await world.alice.autocomplete(world.channel, "paper show", "paper", "A*-search")
    assert choices[0]["name"] == "A*-search meets B*-trees"  # plain text

    card = await world.alice.slash(world.channel, "paper show", paper="A*-search meets B*-trees")
    assert not card.ephemeral, card.response
    embed = embed_of(card)
    assert embed.title == r"*A\*-search* meets B\*-trees"  # was "*A*-search\* meets B\*-trees": italic "A" only
    assert (embed.description or "").startswith(r"We study heuristic planning with *A\*-search* over trees.")
