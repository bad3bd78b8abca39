"""A retired paper's link opens its card, as its id does (session 12, reported by helper-64): after a corpus
reload left a paper out, /paper show and /paper search with its id showed its card ("no longer in the current
corpus"), but with its page's link answered "That link is not the page, PDF or code of a paper I have": the
search index holds only the current papers' links. `paperbot show` already found it in the database."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import PaperNotFoundError, UserFacingError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of

STAYS = {"title": "Sparse Attention for Long Documents", "url": "https://openreview.net/forum?id=StAy12345",
         "abstract": "We make attention sparse over long documents, keeping only the tokens that matter for each "
                     "query, and match dense attention's accuracy at a tenth of its memory on six benchmarks."}
LEAVES = {"title": "Tabular Transformers Revisited", "url": "https://openreview.net/forum?id=LeAvEs678",
          "pdf": "https://openreview.net/pdf?id=LeAvEs678",
          "abstract": "We revisit transformers for tabular data and find that a careful choice of feature "
                      "embeddings closes most of the gap to gradient boosted trees on forty datasets."}


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    folder = tmp_path / "corpus"
    folder.mkdir()
    for name, record in (("stays.json", STAYS), ("leaves.json", LEAVES)):
        (folder / name).write_text(json.dumps([record]), encoding="utf-8")
    return (folder / "stays.json", folder / "leaves.json")


@pytest.mark.parametrize("command", ["paper show", "paper search"])
@pytest.mark.parametrize("typed", ["https://openreview.net/forum?id=LeAvEs678", "openreview.net/pdf?id=LeAvEs678",
                                   "<https://openreview.net/forum?id=LeAvEs678>"])
async def test_a_retired_papers_link_opens_its_card(world: World, bot: PaperBot, corpus_paths: tuple[Path, ...],
                                                    restart: Callable[..., Awaitable[PaperBot]], command: str,
                                                    typed: str) -> None:
    [leaving] = [p for p in await bot.papers.by_ids(await bot.papers.active_ids()) if p.title == LEAVES["title"]]
    await restart(corpus_paths=corpus_paths[:1])  # leaves.json is gone from the corpus: its paper retires

    option = "paper" if command == "paper show" else "query"
    result = await world.alice.slash(world.channel, command, **{option: typed})

    assert not result.ephemeral
    card = embed_of(result)
    assert card.title == LEAVES["title"]
    assert card.footer.text == f"id {leaving.id} · no longer in the current corpus"


async def test_a_link_no_paper_ever_had_is_still_told_so(world: World, bot: PaperBot,
                                                         simcord_env: simcord.Env) -> None:
    for command, option in (("paper show", "paper"), ("paper search", "query")):
        result = await world.alice.slash(world.channel, command,
                                         **{option: "https://openreview.net/forum?id=NeVeR0000"})
        assert result.ephemeral, command
        assert result.response is not None
        assert result.response.content.startswith("That link is not the page, PDF or code of a paper I have"), command
    expect_errors(simcord_env, PaperNotFoundError, UserFacingError)
