"""A retired paper's id or card footer pasted into /paper search opens its card, as /paper show does (session 11's
review as users: after the ICML 2018 + AISTATS 2025 sets were reloaded to ICML 2018 alone, /paper show m3xgwefdww
showed the AISTATS paper's card, 'id m3xgwefdww · no longer in the current corpus', while /paper search with the
same id, or the footer of that day's card, answered 'No papers match “m3xgwefdww”. Try fewer or different
words', as if no such paper had ever been)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.client import PaperBot
from bot.settings import BUNDLED_CORPUS
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of


@pytest.mark.parametrize("typed", ["{id}", "id {id} · paper of the day 2026-01-01",
                                   "id {id} · no longer in the current corpus"])
async def test_a_retired_papers_id_pasted_into_search_opens_its_card(
        world: World, bot: PaperBot, restart: Callable[..., Awaitable[PaperBot]], typed: str) -> None:
    first_file, _ = sorted(BUNDLED_CORPUS.glob("*.txt"))
    before = await bot.papers.active_ids()
    smaller = await restart(corpus_paths=(first_file,))  # the second file's papers retire
    active = set(await smaller.papers.active_ids())
    retired = next(p for p in await smaller.papers.by_ids(before) if p.id not in active)

    result = await world.alice.slash(world.channel, "paper search", query=typed.format(id=retired.id))

    assert not result.ephemeral
    assert embed_of(result).footer.text == f"id {retired.id} · no longer in the current corpus"


async def test_a_word_that_names_no_paper_still_matches_nothing(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="zxqvwk")

    assert result.response is not None
    assert result.response.content.startswith("No papers match “zxqvwk”.")
