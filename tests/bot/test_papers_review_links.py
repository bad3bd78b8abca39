"""A paper's link pasted where people look for a paper: the card's own title link, its OpenReview PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.client import PaperBot
from bot.cogs.papers import NO_SUCH_LINK
from bot.errors import PaperNotFoundError, UserFacingError
from bot.settings import BUNDLED_CORPUS
from storage.models import Paper
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json
from tests.storage.test_search_links import DELAY, SNAP


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """The bundled corpus plus two papers with their pages, one with a PDF and code link too."""
    return (BUNDLED_CORPUS, write_json(tmp_path / "papers.json", [SNAP, DELAY]))


async def snap(bot: PaperBot) -> Paper:
    papers = await bot.papers.by_ids(await bot.papers.active_ids())
    return next(p for p in papers if p.title == SNAP["title"])


@pytest.mark.parametrize("link", ["https://openreview.net/forum?id=0gEjlLdjK9",
                                  "<https://openreview.net/pdf?id=0gEjlLdjK9>"])
async def test_a_papers_link_pasted_into_search_opens_its_card(world: World, bot: PaperBot, link: str) -> None:
    paper = await snap(bot)
    card = await world.alice.slash(world.channel, "paper show", paper=paper.id)
    assert embed_of(card).url == SNAP["site"]  # the card's title links there: what people copy

    result = await world.alice.slash(world.channel, "paper search", query=link)

    # Before, the link's words were searched: "Did you mean **https openreview net form id 0gejlldjk9**?"
    # over a list of papers that merely mention "https" or "nets".
    assert not result.ephemeral
    assert embed_of(result).footer.text == f"id {paper.id}"


async def test_a_papers_link_pasted_into_show_opens_its_card(world: World, bot: PaperBot) -> None:
    paper = await snap(bot)

    result = await world.alice.slash(world.channel, "paper show", paper="https://openreview.net/pdf?id=0gEjlLdjK9")

    # Before: "There is no paper with the id “https://openreview.net/pdf?id=0gEjlLdjK9”."
    assert not result.ephemeral, result.response
    assert embed_of(result).footer.text == f"id {paper.id}"


@pytest.mark.parametrize(("command", "option", "prefix"), [("paper show", "paper", ""),
                                                            ("paper search", "query", "id:")])
async def test_autocomplete_offers_the_paper_of_a_pasted_link(
        world: World, bot: PaperBot, command: str, option: str, prefix: str) -> None:
    paper = await snap(bot)

    choices = await world.alice.autocomplete(world.channel, command, option, SNAP["site"])

    assert choices == [{"name": SNAP["title"], "value": prefix + paper.id}]


@pytest.mark.parametrize(("command", "option", "error"), [("paper search", "query", UserFacingError),
                                                          ("paper show", "paper", PaperNotFoundError)])
async def test_a_link_of_no_paper_here_says_so_privately(
        simcord_env: simcord.Env, world: World, command: str, option: str, error: type[Exception]) -> None:
    link = "https://openreview.net/forum?id=NotHere123"  # a paper of another conference

    result = await world.alice.slash(world.channel, command, **{option: link})

    # Before, /paper search listed, for everyone in the channel, papers that merely mention "https" or
    # "nets" under "Did you mean **https openreview net form id nothere123**?"; /paper show answered
    # "There is no paper with the id “https://openreview.net/forum?id=NotHere123”".
    assert result.ephemeral
    assert result.response is not None
    assert result.response.content == NO_SUCH_LINK
    expect_errors(simcord_env, error)


@pytest.mark.parametrize(("command", "option"), [("paper show", "paper"), ("paper search", "query")])
async def test_autocomplete_offers_nothing_for_a_link_of_no_paper_here(
        world: World, command: str, option: str) -> None:
    choices = await world.alice.autocomplete(world.channel, command, option,
                                             "https://openreview.net/forum?id=NotHere123")

    # Before, papers matching the link's words ("https", "nets", "forum"): one picked in the belief that
    # it was the linked paper posted an unrelated card.
    assert choices == []
