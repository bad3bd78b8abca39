"""`/paper search` with a venue: "Did you mean" offers the venue's words, end to end through SimCord (session 11's
review: "ganking" in AISTATS 2025 was answered "Did you mean **ranking**?", a word only ICML 2025's papers write,
and the suggestion searched in the venue found nothing; "banking", as close, is the venue's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

TAIL = " Experiments on public data confirm what the theory predicts."


def _papers(topic: str, count: int) -> list[dict[str, object]]:
    return [{"title": f"Studies of {topic} number {n}",
             "abstract": f"We study {topic} in setting {n}, with bounds on {topic} errors and a new estimator." + TAIL}
            for n in range(count)]


def _write(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """ICML 2025: six papers on ranking, two on graphons; AISTATS 2025: two on banking, three on kernels."""
    folder = tmp_path / "venues"
    folder.mkdir()
    return (_write(folder / "icml2025.json", _papers("ranking", 6) + _papers("graphons", 2)),
            _write(folder / "aistats2025.json", _papers("banking", 2) + _papers("kernels", 3)))


async def test_a_typo_within_a_venue_is_corrected_to_the_venues_word(world: World) -> None:
    everywhere = await world.alice.slash(world.channel, "paper search", query="ganking")
    assert everywhere.response is not None
    assert everywhere.response.content == "Did you mean **ranking**?"

    within = await world.alice.slash(world.channel, "paper search", query="ganking", venue="AISTATS 2025")

    assert within.response is not None
    assert within.response.content == "Did you mean **banking**?"
    assert "Studies of banking number" in (embed_of(within).description or "")


async def test_nothing_in_the_venue_suggests_no_other_venues_word(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="grahpons", venue="AISTATS 2025")

    assert result.response is not None
    assert result.response.content.startswith("No papers from AISTATS 2025 match “grahpons”.")
    assert "graphons" not in result.response.content
