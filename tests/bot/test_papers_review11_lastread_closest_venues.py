"""A venue typed that the corpus does not have gets the venues it most likely meant first, when there are more than
the reply shows: with 8 venues, "ICML 2019" was told the five with most papers (other conferences), not ICML 2018 or
ICML 2017, which the command line (`paperbot search --venue`) already names (found by helper-58's last read)."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.errors import UserFacingError
from bot.views import VENUES_SHOWN
from tests.bot.conftest import World, expect_errors
from tests.storage.conftest import write_json

# The big venues have the most papers; the two ICMLs the fewest.
VENUES = {"NeurIPS 2023": 6, "AAAI 2024": 5, "CVPR 2024": 5, "ACL 2024": 4, "KDD 2024": 4, "UAI 2024": 3,
          "ICML 2018": 1, "ICML 2017": 1}
TOPICS = ("kernel methods", "graph networks", "bandit feedback", "sparse coding", "policy gradients", "causal effects")


def records() -> list[dict[str, object]]:
    found: list[dict[str, object]] = []
    for venue, count in VENUES.items():
        for number in range(count):
            topic = TOPICS[number % len(TOPICS)]
            found.append({"title": f"A study of {topic} number {number} at {venue}",
                          "abstract": f"We study {topic} in setting {number} for {venue}, with theory and "
                                      f"experiments on {len(found)} benchmarks of several sizes.",
                          "venue": venue})
    return found


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "venues.json", records()),)


async def test_an_unknown_venue_lists_the_closest_venues_first(simcord_env: simcord.Env, world: World) -> None:
    assert len(VENUES) > VENUES_SHOWN
    result = await world.alice.slash(world.channel, "paper search", query="kernel", venue="ICML 2019")

    assert result.ephemeral
    assert result.response is not None
    text = result.response.content
    assert text.startswith("There is no venue “ICML 2019” here. Venues: **ICML 201")
    first_two = text.split("Venues: ", 1)[1].split(", ")[:2]
    assert sorted(first_two) == ["**ICML 2017** (1)", "**ICML 2018** (1)"]
    assert "and 3 more" in text
    expect_errors(simcord_env, UserFacingError)
