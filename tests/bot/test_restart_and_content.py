"""Persistent card buttons across restarts, and hostile corpus content (huge abstracts, mentions)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import discord
import pytest
import simcord

from bot import limits
from bot.client import PaperBot
from bot.settings import BUNDLED_CORPUS
from tests.bot.conftest import World

HUGE_ABSTRACT_MARKER = "Gigantic abstract about zebrafish retina"
MENTION_MARKER = "Mention stress test about axolotl regeneration"


def _huge_abstract() -> str:
    sentence = "We study the zebrafish retina under many, many different experimental conditions. "
    text = f"{HUGE_ABSTRACT_MARKER}. " + sentence * 300
    return text[:20_000]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """The bundled corpus plus a file with a 20,000-character abstract and one full of mentions."""
    folder = tmp_path / "extra"
    folder.mkdir()
    mentions = (f"{MENTION_MARKER}: @everyone and @here should read this, and so should <@&{{role}}> "
                "and <@{user}>. We show that axolotl limbs regenerate after amputation in twelve distinct "
                "experimental settings, with careful controls.")
    (folder / "hostile.txt").write_text(
        f"Hostile Workshop 2026 Papers\n\n{_huge_abstract()}\n\n{mentions}\n", encoding="utf-8")
    return (BUNDLED_CORPUS, folder)


def card_id(result: simcord.InteractionResult) -> str:
    assert result.response is not None
    return (result.response.embeds[0].footer.text or "").removeprefix("id ")


async def _find(bot: PaperBot, marker: str) -> str:
    ids = await bot.search_engine.matching_ids(marker.split()[-1])
    papers = await bot.papers.by_ids(ids)
    return next(p.id for p in papers if marker in p.abstract)


# --- restarts ---------------------------------------------------------------------------------

async def test_card_buttons_keep_working_after_a_restart(
        world: World, restart: Callable, simcord_env: simcord.Env) -> None:
    posted = await world.alice.slash(world.channel, "paper random", topic="learning")
    assert posted.response is not None
    old_message = posted.response.message
    old_id = card_id(posted)

    new_bot = await restart()
    assert isinstance(new_bot, PaperBot)

    similar = await world.bob.click(old_message, label="Similar papers")
    assert similar.ephemeral
    assert similar.response is not None
    expected = await new_bot.search_engine.similar(old_id, limit=5)
    assert [f"`{p.id}`" in (similar.response.embeds[0].description or "") for p in expected] == [True] * len(expected)

    another = await world.bob.click(old_message, label="Another random")
    assert another.ephemeral
    assert card_id(another) != old_id
    assert card_id(another) in await new_bot.search_engine.matching_ids("learning")  # the topic survived


async def test_today_is_stable_across_a_restart(world: World, restart: Callable) -> None:
    before = await world.alice.slash(world.channel, "paper today")
    await restart()
    after = await world.bob.slash(world.channel, "paper today")
    assert card_id(after) == card_id(before)


# --- hostile content --------------------------------------------------------------------------

async def test_twenty_thousand_character_abstract_is_shown_within_limits(world: World, bot: PaperBot) -> None:
    paper_id = await _find(bot, HUGE_ABSTRACT_MARKER)
    paper = await bot.papers.by_id(paper_id)
    assert paper is not None
    assert len(paper.abstract_raw) == 20_000

    result = await world.alice.slash(world.channel, "paper show", paper=paper_id)

    assert result.response is not None
    embed = result.response.embeds[0]
    assert len(embed) <= limits.EMBED_TOTAL
    assert embed.description is not None
    assert len(embed.description) <= limits.EMBED_DESCRIPTION
    assert embed.description.endswith("…")


async def test_mentions_in_a_paper_ping_nobody(simcord_env: simcord.Env, world: World, bot: PaperBot) -> None:
    role = world.guild.create_role("Readers", permissions=discord.Permissions.none())
    paper_id = await _find(bot, MENTION_MARKER)

    result = await world.alice.slash(world.channel, "paper show", paper=paper_id)

    assert result.response is not None
    assert "@everyone" in (result.response.embeds[0].description or "")
    stored = simcord_env.backend.get_message(world.channel.id, result.response.id)
    assert stored.mention_everyone is False
    assert stored.ping_role_ids == []
    assert stored.ping_user_ids == []
    assert role.id not in stored.ping_role_ids
    callback = [r for r in simcord_env.http_requests if r.path.endswith("/callback")][-1]
    assert callback.json is not None
    assert callback.json["data"]["allowed_mentions"] == {"parse": []}


@pytest.mark.parametrize("words", ["zqxjvk", "axolotl"])  # the echo is in the content or the title
async def test_mentions_in_a_query_ping_nobody(simcord_env: simcord.Env, world: World, words: str) -> None:
    role = world.guild.create_role("Everyone-ish", permissions=discord.Permissions.none())
    query = f"@everyone @here <@&{role.id}> <@{world.bob.id}> {words}"

    result = await world.alice.slash(world.channel, "paper search", query=query)

    assert result.response is not None
    shown = result.response.content + " ".join(e.title or "" for e in result.response.embeds)
    assert "@everyone" in shown  # the query is echoed back...
    stored = simcord_env.backend.get_message(world.channel.id, result.response.id)
    assert stored.mention_everyone is False  # ...and pings nobody
    assert stored.ping_role_ids == []
    assert stored.ping_user_ids == []


async def test_cards_of_a_paper_retired_by_a_corpus_reload(
        world: World, bot: PaperBot, restart: Callable) -> None:
    paper_id = await _find(bot, MENTION_MARKER)
    card = await world.alice.slash(world.channel, "paper show", paper=paper_id)
    assert card.response is not None

    smaller = await restart(corpus_paths=(BUNDLED_CORPUS,))  # the hostile file is gone: its papers are retired
    assert paper_id not in await smaller.papers.active_ids()

    shown = await world.bob.slash(world.channel, "paper show", paper=paper_id)
    assert shown.response is not None
    assert shown.response.embeds[0].footer.text == f"id {paper_id} · no longer in the current corpus"

    similar = await world.bob.click(card.response.message, label="Similar papers")
    assert similar.ephemeral
    assert similar.response is not None
    listing = similar.response.embeds[0].description or ""
    expected = await smaller.search_engine.similar(paper_id, limit=5)
    assert expected
    assert {p.id for p in expected} <= set(await smaller.papers.active_ids())  # only current papers
    for number, paper in enumerate(expected, start=1):
        assert f"**{number}. " in listing
        assert f"`{paper.id}`" in listing
