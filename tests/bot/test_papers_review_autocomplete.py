"""Autocomplete as people type: a word finished with a space is a whole word, not the start of others."""

from __future__ import annotations

from bot.client import PaperBot
from storage._search_text import words
from storage.models import Paper
from tests.bot.conftest import World


async def test_a_word_finished_with_a_space_is_not_completed_to_longer_words(world: World, bot: PaperBot) -> None:
    # "art" starts "artificial", "article", …; typed "art " it is the word itself ("state of the art").
    half_typed = await world.alice.autocomplete(world.channel, "paper search", "query", "art")
    assert any("art" not in _words_of(paper) for paper in await _papers(bot, half_typed))  # completions count

    finished = await world.alice.autocomplete(world.channel, "paper search", "query", "art ")

    papers = await _papers(bot, finished)
    assert papers
    assert [paper.id for paper in papers if "art" not in _words_of(paper)] == []


async def _papers(bot: PaperBot, choices: list[dict]) -> list[Paper]:
    return await bot.papers.by_ids([choice["value"].removeprefix("id:") for choice in choices])


def _words_of(paper: Paper) -> set[str]:
    return set(words(" ".join([paper.title, paper.abstract, *paper.keywords, *paper.names])))
