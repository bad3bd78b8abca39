"""A paper's link typed or copied without its scheme ("openreview.net/forum?id=…", "github.com/owner/repo"), as
people write links in chat and as the ICML 2018 records themselves give some code links, names the paper as the
whole link does (session 11's review as users: "/paper search openreview.net/forum?id=…" listed 128 unrelated
papers under "Did you mean **openreview net form id …**?", and /paper show said "There is no paper titled …")."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.client import PaperBot
from bot.cogs.papers import NO_SUCH_LINK
from bot.errors import PaperNotFoundError, UserFacingError
from bot.settings import BUNDLED_CORPUS
from storage.models import Paper
from storage.search import link_key
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json
from tests.storage.test_search_links import DELAY, SNAP


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """The bundled corpus plus a paper with its OpenReview page, and one with a page, a PDF and code."""
    return (BUNDLED_CORPUS, write_json(tmp_path / "papers.json", [SNAP, DELAY]))


async def titled(bot: PaperBot, title: object) -> Paper:
    papers = await bot.papers.by_ids(await bot.papers.active_ids())
    return next(p for p in papers if p.title == title)


@pytest.mark.parametrize(("link", "record"), [
    ("openreview.net/forum?id=0gEjlLdjK9", SNAP),
    ("www.openreview.net/pdf?id=0gEjlLdjK9", SNAP),
    ("icml.cc/virtual/2018/poster/2143", DELAY),
    ("github.com/example/dave-pg", DELAY),
    ("<proceedings.mlr.press/v80/mishchenko18a/mishchenko18a.pdf>", DELAY),
])
@pytest.mark.parametrize(("command", "option"), [("paper show", "paper"), ("paper search", "query")])
async def test_a_link_without_its_scheme_opens_its_papers_card(
        world: World, bot: PaperBot, link: str, record: dict[str, object], command: str, option: str) -> None:
    paper = await titled(bot, record["title"])

    result = await world.alice.slash(world.channel, command, **{option: link})

    assert not result.ephemeral, result.response
    assert embed_of(result).footer.text == f"id {paper.id}"


@pytest.mark.parametrize(("command", "option", "error"), [("paper search", "query", UserFacingError),
                                                          ("paper show", "paper", PaperNotFoundError)])
async def test_a_link_without_its_scheme_of_no_paper_here_says_so(
        simcord_env: simcord.Env, world: World, command: str, option: str, error: type[Exception]) -> None:
    result = await world.alice.slash(world.channel, command, **{option: "openreview.net/forum?id=NotHere123"})

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content == NO_SUCH_LINK
    expect_errors(simcord_env, error)


async def test_autocomplete_offers_the_paper_of_a_link_without_its_scheme(world: World, bot: PaperBot) -> None:
    paper = await titled(bot, SNAP["title"])

    choices = await world.alice.autocomplete(world.channel, "paper show", "paper", "openreview.net/forum?id=0gEjlLdjK9")

    assert choices == [{"name": SNAP["title"], "value": paper.id}]


@pytest.mark.parametrize("typed", ["e.g./i.e.", "Node.js", "AUC/ROC", "arXiv.org", "1.5/2.0 bits per weight",
                                   "x.y/z", "best-of-n/2"])
def test_words_with_dots_and_slashes_are_not_links(typed: str) -> None:
    assert link_key(typed) is None
