"""`/paper search` end to end through SimCord (session 13's review): "Did you mean" shows the corpus's wording, and a
name the corpus lacks gets "No papers match" with no look-alike. "bernhard scholkpf" was answered "Did you mean
**bernhard scholkopf**?", the index's folded words; "Kaiming" "Did you mean **aiming**?" with the papers "aiming"
at something."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.storage.test_search_review13_suggestion_wording import RECORDS


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """ICML 2025: papers by Bernhard Schölkopf, on Bézier simplices, on "aiming" a controller, and others."""
    aiming = [{"title": f"Robust Control {n}", "author": "Ana Silva",
               "abstract": f"A controller aiming at safety in plant {n}, with guarantees on its aiming error."}
              for n in range(3)]
    path = tmp_path / "icml2025.json"
    path.write_text(json.dumps([*RECORDS, *aiming]), encoding="utf-8")
    return (path,)


@pytest.mark.parametrize(("typed", "shown"), [("bernhard scholkpf", "Bernhard Schölkopf"),
                                              ("Bezeir simplex", "Bézier simplex")])
async def test_did_you_mean_shows_the_corpus_wording(world: World, typed: str, shown: str) -> None:
    result = await world.alice.slash(world.channel, "paper search", query=typed)

    assert result.response is not None
    assert result.response.content == f"Did you mean **{shown}**?"


async def test_a_name_the_corpus_lacks_is_told_nothing_matches(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="Kaiming")

    assert result.response is not None
    assert result.response.content.startswith("No papers match “Kaiming”.")
    assert "Did you mean" not in result.response.content
