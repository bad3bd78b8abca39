"""A venue's name in `/paper random`'s replies is shown as written (SimCord).

The venue is whatever the corpus names: "*SEM 2024" (the Joint Conference on Lexical and Computational
Semantics) rendered as italics in "This is the only paper from *SEM 2024", and a venue field a misread CSV
column filled with a paragraph made a reply longer than Discord's 2,000 characters, which it refuses.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import simcord

from bot.errors import UserFacingError
from tests.bot.conftest import World, answer, expect_errors
from tests.bot.test_papers import embed_of

STARSEM = "*SEM 2024"
RUN_ON = "Proceedings " + " ".join(f"of the workshop number {n}" for n in range(400))  # ~10,000 characters


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """One paper from *SEM 2024, one from a venue with a run-on name, two from ICML 2025."""
    records = [
        {"title": "Lexical semantics of verbs", "venue": STARSEM,
         "abstract": "We study the lexical semantics of motion verbs with a new annotated corpus and a parser."},
        {"title": "A run-on venue", "venue": RUN_ON,
         "abstract": "We study venue fields filled by a misread column, with a benchmark of broken exports."},
        {"title": "Bandits one", "venue": "ICML 2025",
         "abstract": "Multi-armed bandit regret bounds for bandit feedback with arms chosen by the learner."},
        {"title": "Bandits two", "venue": "ICML 2025",
         "abstract": "Contextual bandit regret bounds when the learner sees side information each round."},
    ]
    path = tmp_path / "papers.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return (path,)


async def test_another_random_names_a_venue_as_written(world: World) -> None:
    card = await world.alice.slash(world.channel, "paper random", venue=STARSEM)
    assert embed_of(card).title == "Lexical semantics of verbs"

    again = await world.bob.click(answer(card).message, label="Another random")

    assert again.ephemeral
    assert again.response is not None
    assert again.response.content == ("This is the only paper from \\*SEM 2024. "
                                      "Try another venue, or leave it out.")  # before: "from *SEM 2024"


async def test_a_topic_no_paper_of_the_venue_has_names_it_as_written_and_short(
        simcord_env: simcord.Env, world: World) -> None:
    starsem = await world.alice.slash(world.channel, "paper random", topic="bandits", venue=STARSEM)
    assert starsem.response is not None
    assert starsem.response.content.startswith("No papers from \\*SEM 2024 match the topic “bandits”.")

    picked = await world.alice.autocomplete(world.channel, "paper random", "venue", "proceedings")
    run_on = await world.alice.slash(world.channel, "paper random", topic="bandits", venue=picked[0]["value"])

    assert run_on.ephemeral  # before: ~10,000 characters, which Discord refuses
    assert run_on.response is not None
    assert run_on.response.content.startswith("No papers from Proceedings of the workshop number 0")
    assert len(run_on.response.content) <= 2000
    expect_errors(simcord_env, UserFacingError, UserFacingError)
