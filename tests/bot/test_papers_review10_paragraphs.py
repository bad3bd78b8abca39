"""A paper card shows an abstract written in paragraphs as paragraphs (SimCord, end to end).

Before, display text collapsed all whitespace, so a JSON or CSV abstract with blank lines between its
paragraphs, or an HTML/JATS one in <p>s, was one run-on block on the card.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import simcord

from bot import limits
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

FIRST = "We study how readers meet long abstracts on cards, where a run-on block hides the structure."
SECOND = "We propose ParaKeep, which keeps the paragraphs\nof an abstract apart on the card."
LONG = "\n\n".join(f"Paragraph {n} says a little about the method and its results in plain words, "
                   "again and again, to fill a card." for n in range(60))
RECORDS = [
    {"title": "Paragraphs on a card", "abstract": f"{FIRST}\n\n\n{SECOND}\n"},
    {"title": "Paragraphs in HTML",
     "abstract": f"<jats:p>{FIRST}</jats:p><jats:p>{SECOND.replace('ParaKeep', 'HtmlKeep')}</jats:p>"},
    {"title": "A long abstract in paragraphs", "abstract": LONG},
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "paragraphs.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return (path,)


async def test_a_card_keeps_an_abstracts_paragraphs(simcord_env: simcord.Env, world: World) -> None:
    expected = f"{FIRST}\n\n{SECOND.replace(chr(10), ' ')}"  # one blank line between; a line break inside joined
    for title, name in (("Paragraphs on a card", "ParaKeep"), ("Paragraphs in HTML", "HtmlKeep")):
        card = embed_of(await world.alice.slash(world.channel, "paper show", paper=title))
        # Before: "…hides the structure. We propose ParaKeep, …", one block.
        assert card.description == expected.replace("ParaKeep", name), title


async def test_a_long_abstract_in_paragraphs_is_cut_at_a_word_within_discords_limit(
        simcord_env: simcord.Env, world: World) -> None:
    card = embed_of(await world.alice.slash(world.channel, "paper show", paper="A long abstract in paragraphs"))
    description = card.description or ""
    assert len(description) <= limits.EMBED_DESCRIPTION
    assert len(card) <= limits.EMBED_TOTAL
    assert description.startswith("Paragraph 0 says")
    assert description.endswith("…")
    shown = description.removesuffix("…")
    assert LONG.startswith(shown)
    assert LONG[len(shown)] in " \n", shown[-40:]  # cut after a whole word, no blank tail
    assert "\n\nParagraph 5 says" in description
    assert "\n\n\n" not in description
