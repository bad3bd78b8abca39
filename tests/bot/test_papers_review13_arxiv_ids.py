"""An arXiv identifier in /paper show and /paper search (session 13's review, SimCord).

`/paper show 2407.00001` (an identifier the corpus lacks) answered "There is no paper titled “2407.00001”", and a
paper no longer in the corpus was not found by its identifier at all (its page's link found it): the database
lookup for a retired paper's link read web addresses only. Now the reply names an arXiv identifier, and a retired
paper's identifier opens its card, as its link does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.errors import PaperNotFoundError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
KEPT = {"title": "Sparse Attention for Long Documents", "url": "https://arxiv.org/abs/2401.01234",
        "abstract": "We make attention sparse so that long documents fit in memory." + TAIL}
LEFT_OUT = {"title": "Graph Kernels Revisited", "url": "https://arxiv.org/abs/2312.07654v2",
            "abstract": "We revisit graph kernels and find them competitive with graph networks." + TAIL}


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "icml2024.json", [KEPT, LEFT_OUT]),)


@pytest.mark.parametrize("typed", ["2407.00001", "arXiv:2407.00001v2"])
async def test_an_unknown_arxiv_identifier_is_named_as_one(simcord_env: simcord.Env, world: World, typed: str) -> None:
    result = await world.alice.slash(world.channel, "paper show", paper=typed)

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content.startswith(f"There is no paper with the arXiv identifier “{typed}”."), \
        result.response.content
    expect_errors(simcord_env, PaperNotFoundError)


@pytest.mark.parametrize(("command", "option"), [("paper show", "paper"), ("paper search", "query")])
async def test_a_retired_papers_arxiv_identifier_opens_its_card(
        world: World, tmp_path: Path, restart: Any, command: str, option: str) -> None:
    await restart(corpus_paths=(write_json(tmp_path / "icml2024.json", [KEPT]),))  # the graph kernels paper retires

    result = await world.alice.slash(world.channel, command, **{option: "arXiv:2312.07654"})

    assert not result.ephemeral, result.response
    card = embed_of(result)
    assert card.title == "Graph Kernels Revisited"
    assert (card.footer.text or "").endswith(" · no longer in the current corpus")
