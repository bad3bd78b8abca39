"""A retired paper named in the note of a shared link's card says it is retired (session 14's review, SimCord).

A card opened by a link several papers have names the others in its note (session 13). One of them a corpus change
had retired was named like the current ones, "vpy6ggzpem (AISTATS 2025)": a reader who looked for it in /paper search
found nothing, as search has the current papers only. It is now named as its own card's footer names it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.client import PaperBot
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.bot.test_papers_review13_shared_link import RECORDS, SHARED
from tests.storage.conftest import write_json

RETIRED_TITLE = "Bandit Study 2"  # AISTATS 2025; "Bandit Study 0" (ICML 2025) is the card, "Bandit Study 1" kept


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "papers.json", RECORDS),)


@pytest.mark.parametrize(("command", "option"), [("paper show", "paper"), ("paper search", "query")])
async def test_a_retired_paper_sharing_the_link_is_named_as_retired(
        world: World, bot: PaperBot, restart: Callable[..., Awaitable[PaperBot]], tmp_path: Path,
        command: str, option: str) -> None:
    ids = {paper.title: paper.id for paper in await bot.papers.by_ids(await bot.papers.active_ids())}
    await restart(corpus_paths=(write_json(tmp_path / "fewer.json",
                                           [r for r in RECORDS if r["title"] != RETIRED_TITLE]),))

    card = embed_of(await world.alice.slash(world.channel, command, **{option: SHARED}))

    assert card.title == "Bandit Study 0"
    note = (card.description or "").split("\n\n")[0]
    assert note == (f"*2 other papers have this link: {ids['Bandit Study 1']} (AISTATS 2025), "
                    f"{ids[RETIRED_TITLE]} (AISTATS 2025, no longer in the current corpus). "  # was "(AISTATS 2025)"
                    "Give one's id to /paper show.*")
