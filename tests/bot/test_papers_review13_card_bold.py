"""A card opened from a result list bolds the authors the list bolds (session 13's review, SimCord).

The card worked its matched authors out again from the query (`bot.embeds.searched_stems`), in a worker thread before
it answered, without the list's venue: `/paper search Berg venue:ICML 2024` listed the one ICML paper, by Hans
Bergmann, with "By **Hans Bergmann**" (nothing in the venue has the word "berg", so the list read it as half-typed,
within the venue), and the card opened from it showed "Hans Bergmann, Lena Brandt", nobody in bold. The list now hands
the card the stems it bolded: no search work before the card answers (one read of the database, as /paper show).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.client import PaperBot
from tests.bot.conftest import World, field_value
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
RECORDS = [{"title": "Kernel Methods for Tides", "author": "Hans Bergmann; Lena Brandt", "venue": "ICML 2024",
            "abstract": "Kernel regression predicts tides along coastlines." + TAIL},
           *({"title": f"Bandit Study {n}", "author": f"Anna Berg; Tom Lee{n}", "venue": "AISTATS 2025",
              "abstract": f"Contextual bandits with delayed feedback, setting {n}." + TAIL} for n in range(3))]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "papers.json", RECORDS),)


async def _authors_on_the_card(world: World, bot: PaperBot, **options: str) -> tuple[str, str]:
    """The first paper's "By …" line in the result list of `options`, and the Authors field of its card."""
    listing = await world.alice.slash(world.channel, "paper search", **options)
    assert listing.response is not None
    first = (embed_of(listing).description or "").split("\n")[2]
    venue = bot.search_engine.venue(options["venue"]) if "venue" in options else None
    hit = (await bot.search_engine.search(options["query"], venue=venue.key if venue else None)).hits[0]
    card = embed_of(await world.alice.select(listing.response.message, [hit.paper.id]))
    return first, field_value(card, "Authors")


@pytest.mark.parametrize("venue", ["ICML 2024", "icml2024"])
async def test_a_venues_list_and_its_card_bold_the_same_author(world: World, bot: PaperBot, venue: str) -> None:
    listed, card = await _authors_on_the_card(world, bot, query="Berg", venue=venue)

    assert listed.startswith("By **Hans Bergmann**, Lena Brandt")
    assert card == "**Hans Bergmann**, Lena Brandt"


async def test_without_the_venue_the_card_bolds_the_author_the_list_does(world: World, bot: PaperBot) -> None:
    listed, card = await _authors_on_the_card(world, bot, query="Berg")

    assert listed.startswith("By **Anna Berg**, Tom Lee")
    assert card.startswith("**Anna Berg**, Tom Lee")


async def test_the_card_answers_without_searching_again(
        world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    listing = await world.alice.slash(world.channel, "paper search", query="Berg", venue="ICML 2024")
    assert listing.response is not None
    paper_id = (await bot.search_engine.search("Berg", venue="ICML 2024")).hits[0].paper.id

    def searched(*_: object, **__: object) -> None:
        raise AssertionError("the card searched the query again before it answered")

    monkeypatch.setattr(bot.search_engine.index, "query_terms", searched)
    opened = await world.alice.select(listing.response.message, [paper_id])

    assert not opened.ephemeral, opened.response
    assert field_value(embed_of(opened), "Authors").startswith("**Hans")
