"""/paper search with a word of the language one edit from the word the corpus writes after the word before it, as a
reader meets it (session 16's review), end to end through SimCord: "reinforcement lean" listed every paper writing
"reinforcement" and offered nothing. It now lists the papers on reinforcement learning and offers the fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

RECORDS = [
    *({"title": f"Reinforcement Learning for Games {n}", "author": "Ana Silva",
       "abstract": f"We study reinforcement learning in board game {n}, where an agent learns a policy from rewards "
                   "given at the end of each game only."} for n in range(3)),
    {"title": "Reinforcement of Concrete Beams", "author": "Bo Chen",
     "abstract": "Steel reinforcement keeps concrete beams from cracking; we measure how much load each layout holds "
                 "before the first crack."},
    {"title": "Learning to Count Sheep", "author": "Bo Chen",
     "abstract": "We learn to count sheep from the photographs that drones take over the hills, flock by flock."},
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "icml2025.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return (path,)


async def test_a_word_beside_the_word_it_usually_follows_is_corrected(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="reinforcement lean")
    assert result.response is not None
    assert result.response.content == "Did you mean **reinforcement learn**?"
    listing = embed_of(result).description or ""
    assert listing.startswith("**1. Reinforcement Learning for Games"), listing
    assert "Concrete" not in listing.split("**4.")[0], listing
