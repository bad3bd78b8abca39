"""A paper's id pasted as people copy it out of Discord opens its card (session 13's review, SimCord).

A result list's line under each title reads "ICML 2025 · gatyri3kke": copied whole (a triple click), it was
"There is no paper titled “ICML 2025 · gatyri3kke”". So was an id copied out of a sentence, "(gatyri3kke)" or
"gatyri3kke,", one typed in an East Asian keyboard's full-width letters, and one carrying a zero-width space that
another bot's message put in it; /paper search searched them as words. They now open the paper, in /paper show,
/paper search and the autocomplete of both, as the id alone does.
"""

from __future__ import annotations

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import PaperNotFoundError
from storage.models import Paper
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of

FULL_WIDTH = {code: code + 0xFEE0 for code in range(0x21, 0x7F)}  # "a" -> "ａ", "3" -> "３"
PASTED = ["{venue} · {id}", "({id})", "{id},", "[{id}]", "<{id}>!", "{id}\u200b", "{full_width}"]


async def _a_paper(bot: PaperBot) -> Paper:
    return next(paper for paper in await bot.papers.by_ids(await bot.papers.active_ids()) if paper.venue)


def _pasted(form: str, paper: Paper) -> str:
    return form.format(venue=paper.venue, id=paper.id, full_width=paper.id.translate(FULL_WIDTH))


@pytest.mark.parametrize("form", PASTED)
@pytest.mark.parametrize(("command", "option"), [("paper show", "paper"), ("paper search", "query")])
async def test_a_pasted_id_opens_the_paper(world: World, bot: PaperBot, form: str, command: str, option: str) -> None:
    paper = await _a_paper(bot)

    result = await world.alice.slash(world.channel, command, **{option: _pasted(form, paper)})

    assert not result.ephemeral, result.response
    assert embed_of(result).footer.text == f"id {paper.id}"


@pytest.mark.parametrize("form", PASTED)
async def test_autocomplete_offers_the_paper_of_a_pasted_id(world: World, bot: PaperBot, form: str) -> None:
    paper = await _a_paper(bot)

    choices = await world.alice.autocomplete(world.channel, "paper show", "paper", _pasted(form, paper))

    assert [choice["value"] for choice in choices] == [paper.id]


async def test_a_title_with_a_middle_dot_is_still_a_title(
        simcord_env: simcord.Env, world: World, bot: PaperBot) -> None:
    paper = await _a_paper(bot)

    result = await world.alice.slash(world.channel, "paper show", paper=f"Sparse · {paper.id[:4]}")

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content.startswith("There is no paper titled “Sparse · ")
    expect_errors(simcord_env, PaperNotFoundError)
