"""The heading of a Similar papers list for a paper whose title is longer than a heading allows (SimCord)."""

from __future__ import annotations

import simcord

from bot import limits
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.bot.test_papers_review_reader import LONG_TITLE, corpus_paths

__all__ = ["corpus_paths"]  # the reader's corpus: a title of 280 characters among a few related papers


async def test_a_long_title_in_the_similar_papers_heading_is_cut_inside_its_quotes(
        simcord_env: simcord.Env, world: World) -> None:
    card = await world.alice.slash(world.channel, "paper show", paper=LONG_TITLE)
    assert card.response is not None

    similar = await world.alice.click(card.response.message, label="Similar papers")

    heading = embed_of(similar).title or ""
    assert len(heading) <= limits.EMBED_TITLE
    # Before, the whole line was cut at 256 characters: "Papers similar to “Scaling … Across Numerous…",
    # its closing quote lost with the end of the title.
    assert heading.startswith("Papers similar to “Scaling Instruction-Finetuned Language Models")
    assert heading.endswith("…”"), heading
