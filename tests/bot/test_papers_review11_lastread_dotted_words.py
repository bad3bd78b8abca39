"""Words written with dots and a slash ("TensorFlow.js/WebGL", "ASP.NET/Core", "model.pt/onnx") are searched as
words. Since links without their scheme name their paper (ca5bd40), such words were read as a link and refused
with "That link is not the page, PDF or code of a paper I have", in /paper search and /paper show, and autocomplete
offered nothing (found by helper-58's last read). A web address without its scheme of no paper here
("openreview.net/forum?id=…") is still refused: its words would only match unrelated papers."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.client import PaperBot
from bot.cogs.papers import NO_SUCH_LINK
from bot.errors import UserFacingError
from bot.settings import BUNDLED_CORPUS
from storage.search import written_as_link
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

WEBGL_TITLE = "Running Vision Transformers in the Browser with TensorFlow.js/WebGL"
WEBGL = {"title": WEBGL_TITLE,
         "abstract": "We port vision transformers to TensorFlow.js/WebGL and measure their latency in web browsers "
                     "on phones and laptops, with kernels that fuse attention into two shader passes.",
         "authors": ["Ada Lovelace"]}


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (BUNDLED_CORPUS, write_json(tmp_path / "browser.json", [WEBGL]))


async def test_dotted_words_with_a_slash_are_searched(world: World, bot: PaperBot) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="TensorFlow.js/WebGL")

    assert result.response is not None
    assert result.response.content != NO_SUCH_LINK
    assert not result.ephemeral
    assert WEBGL_TITLE in (embed_of(result).description or "")


async def test_dotted_words_with_a_slash_are_offered_while_typing(world: World, bot: PaperBot) -> None:
    choices = await world.alice.autocomplete(world.channel, "paper search", "query", "TensorFlow.js/WebGL")

    assert WEBGL_TITLE in [choice["name"] for choice in choices]


async def test_a_web_address_without_its_scheme_of_no_paper_is_still_refused(
        simcord_env: simcord.Env, world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="openreview.net/forum?id=NotHere123")

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content == NO_SUCH_LINK
    expect_errors(simcord_env, UserFacingError)


@pytest.mark.parametrize(("typed", "link"), [
    ("TensorFlow.js/WebGL", False), ("ASP.NET/Core", False), ("model.pt/onnx", False), ("Node.js/Deno", False),
    ("openreview.net/forum?id=x1", True), ("Openreview.net/forum?id=x1", True), ("github.com/owner/repo", True),
    ("www.example.org/paper", True), ("http://localhost/x", True), ("<proceedings.mlr.press/v80/a18a.pdf>", True),
    ("hello world", False),
])
def test_what_is_a_web_address_for_sure(typed: str, link: bool) -> None:
    assert written_as_link(typed) is link
