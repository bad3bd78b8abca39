"""`/paper search` and `/paper random` within one venue ("papers from AISTATS 2025 about bandits"), end to end
through SimCord, on a corpus of three venues from small JSON files."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

import discord
import pytest
import simcord

from bot import limits
from bot.client import PaperBot
from bot.errors import UserFacingError
from bot.views import PAGE_SIZE
from tests.bot.conftest import World, answer, expect_errors
from tests.bot.test_papers import buttons, embed_of, embed_of_message

LONG_VENUE = ("Proceedings of the Forty-Second International Workshop on Sequential Decision Making "
              "and Bandit Feedback 2025")
LONG_TOPIC = "multi armed bandit regret bounds arms learner feedback round study bandits theory"
AISTATS_BANDITS = 12  # more than two pages
ICML_BANDITS = 20


def _abstract(subject: str, n: int) -> str:
    return (f"Study {n} of {subject}: multi-armed bandit regret bounds for bandit feedback with arms chosen by "
            f"the learner in round {n}. Experiments confirm what the theory says.")


def _write(path: Path, records: Sequence[Mapping[str, object]]) -> Path:
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """AISTATS 2025 (12 bandit papers, 3 on kernels), ICML 2025 (20 bandit papers, more than AISTATS in all)
    and one paper of a venue with a very long name."""
    folder = tmp_path / "venues"
    folder.mkdir()
    aistats = [{"title": f"AISTATS bandits {n}", "abstract": _abstract("stochastic bandits", n)}
               for n in range(AISTATS_BANDITS)]
    aistats += [{"title": f"Kernel tests {n}", "abstract": f"Kernel two-sample tests for distribution shift, "
                 f"case {n}, with a permutation test and a study of power. Experiments confirm the theory."}
                for n in range(3)]
    icml = [{"title": f"ICML bandits {n}", "abstract": _abstract("contextual bandits", n + 100)}
            for n in range(ICML_BANDITS)]
    long = [{"title": "Bandits of a long venue", "abstract": _abstract("adversarial bandits", 999),
             "venue": LONG_VENUE}]
    return (_write(folder / "aistats2025.json", aistats), _write(folder / "icml2025.json", icml),
            _write(folder / "workshop.json", long))


async def _venue_of_card(bot: PaperBot, embed: discord.Embed) -> str | None:
    paper = await bot.papers.by_id((embed.footer.text or "").removeprefix("id "))
    assert paper is not None
    return paper.venue


async def test_the_venue_option_suggests_the_corpus_venues_with_their_counts(world: World) -> None:
    for command in ("paper search", "paper random"):
        choices = await world.alice.autocomplete(world.channel, command, "venue", "")
        assert [c["name"] for c in choices][:2] == ["ICML 2025 · 20 papers", "AISTATS 2025 · 15 papers"]
        assert len(choices) == 3
        assert all(len(c["name"]) <= limits.CHOICE_NAME and len(c["value"]) <= limits.CHOICE_VALUE
                   for c in choices)
        assert choices[2]["name"].endswith(" · 1 paper")

    assert [c["value"] for c in await world.alice.autocomplete(world.channel, "paper search", "venue", "aiSTA")] == [
        "AISTATS 2025"]
    assert await world.alice.autocomplete(world.channel, "paper search", "venue", "neurips") == []


async def test_the_query_suggestions_follow_the_venue_chosen_first(world: World, bot: PaperBot) -> None:
    within = await world.alice.autocomplete(world.channel, "paper search", "query", "bandit", venue="AISTATS 2025")

    assert within
    assert all(c["name"].startswith("AISTATS bandits") for c in within)
    everywhere = await world.alice.autocomplete(world.channel, "paper search", "query", "bandit")
    assert any(not c["name"].startswith("AISTATS") for c in everywhere)


async def test_search_within_a_venue_lists_its_papers_and_pages_keep_it(world: World, bot: PaperBot) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="bandit regret", venue="aistats2025")

    first = embed_of(result)
    assert first.title == "Search: bandit regret · AISTATS 2025"
    pages = -(-AISTATS_BANDITS // PAGE_SIZE)
    assert (first.footer.text or "").startswith(f"Page 1/{pages} · {AISTATS_BANDITS} papers match")
    message = answer(result).message
    seen = [o["value"] for c in buttons(answer(result)).values() if c.get("type") == 3 for o in c["options"]]
    for page in range(2, pages + 1):
        await world.alice.click(message, label="▶")
        shown = embed_of_message(world, message.id)
        assert shown.title == "Search: bandit regret · AISTATS 2025"
        assert (shown.footer.text or "").startswith(f"Page {page}/{pages} · {AISTATS_BANDITS} papers match")
        seen += [line.split("`")[1] for line in (shown.description or "").splitlines() if line.count("`") >= 2]

    assert len(seen) == len(set(seen)) == AISTATS_BANDITS
    venues = {paper.venue for paper in await bot.papers.by_ids(seen)}
    assert venues == {"AISTATS 2025"}


async def test_a_venue_that_matches_nothing_says_so_with_the_venue(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="kernel two sample", venue="ICML 2025")

    assert result.response is not None
    assert result.response.content.startswith("No papers from ICML 2025 match “kernel two sample”.")


@pytest.mark.parametrize("command", ["paper search", "paper random"])
async def test_an_unknown_venue_gets_a_private_list_of_the_venues_there_are(
        simcord_env: simcord.Env, world: World, command: str) -> None:
    options = {"query": "bandits"} if command == "paper search" else {}
    result = await world.alice.slash(world.channel, command, venue="NeurIPS 2024", **options)

    assert result.ephemeral
    assert result.response is not None
    text = result.response.content
    assert text.startswith("There is no venue “NeurIPS 2024” here. Venues: **ICML 2025** (20), **AISTATS 2025** (15)")
    assert "Pick one of the option's suggestions." in text
    expect_errors(simcord_env, UserFacingError)


async def test_random_within_a_venue_and_another_random_keep_it(world: World, bot: PaperBot) -> None:
    result = await world.alice.slash(world.channel, "paper random", topic="kernel", venue="AISTATS 2025")

    card = embed_of(result)
    assert card.author.name == "A random paper from AISTATS 2025 about “kernel”"
    assert await _venue_of_card(bot, card) == "AISTATS 2025"
    message = answer(result).message
    for _ in range(4):
        again = await world.bob.click(message, label="Another random")
        assert again.ephemeral
        shown = embed_of(again)
        assert shown.author.name == "A random paper from AISTATS 2025 about “kernel”"
        assert await _venue_of_card(bot, shown) == "AISTATS 2025"
        assert "kernel" in (shown.title or "").lower()
        message = answer(again).message


async def test_random_within_a_venue_without_a_topic(world: World, bot: PaperBot) -> None:
    for _ in range(4):
        result = await world.alice.slash(world.channel, "paper random", venue="icml 2025")
        card = embed_of(result)
        assert card.author.name == "A random paper from ICML 2025"
        assert await _venue_of_card(bot, card) == "ICML 2025"


async def test_another_random_keeps_a_long_venue_and_a_long_topic_within_the_custom_id(
        world: World, bot: PaperBot) -> None:
    picked = await world.alice.autocomplete(world.channel, "paper random", "venue", "forty-second")
    assert len(picked) == 1
    result = await world.alice.slash(world.channel, "paper random", topic=LONG_TOPIC, venue=picked[0]["value"])
    card = embed_of(result)
    assert card.author.name == f"A random paper from {LONG_VENUE} about “{LONG_TOPIC}”"
    custom_ids = [item["custom_id"] for item in buttons(answer(result)).values()]
    assert all(len(custom_id) <= limits.CUSTOM_ID for custom_id in custom_ids)

    again = await world.bob.click(answer(result).message, label="Another random")

    # The venue's only paper: "another" within it would be the same card, and the reply says which venue.
    assert again.ephemeral
    assert again.response is not None
    assert again.response.content.startswith(f"This is the only paper from {LONG_VENUE} about “")


async def test_another_random_on_a_card_from_before_venues_still_works(world: World) -> None:
    first = await world.alice.slash(world.channel, "paper random", topic="bandit")
    again = await world.bob.click(answer(first).message, label="Another random")

    assert embed_of(again).author.name == "A random paper about “bandit”"
