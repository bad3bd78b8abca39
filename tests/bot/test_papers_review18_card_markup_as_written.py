"""Discord's markup in a corpus's title, abstract, authors, keywords or venue shows on the card as written (session
18's review).

A card escaped a corpus's markdown only where it means none (its emphasis is the paper's), and Discord's own markup
not at all: a title or abstract holding "<t:0:R>" showed "55 years ago", "<@&123>" a role's chip, "<#123>" a channel
link and "@everyone" a highlighted mention, from a JSON export nobody vetted. Each now has a backslash before it, as
what people type has (`as_typed`), while the emphasis stays; the escaped text is cut to each part's limit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import limits
from storage.enrich import paper_id
from tests.bot.conftest import World, field_value
from tests.bot.test_papers import embed_of

TITLE = "Clocks <t:0:R> for **everyone**: @everyone meets <@&123>"
ABSTRACT = ("We propose *Chronos*, a method that tells <t:0:R> from <t:1:F> in <#123> and pings nobody: @here and "
            "@everyone stay text, and so does </paper show:1>. It learns from <@42> and \\<@43> alike.")
# Long enough, once escaped, to be cut at every limit of the card.
LONG_TITLE = "Markup " + "<@&1> @everyone " * 30
LONG_ABSTRACT = "We study markup in abstracts. " + "Since <t:0:R> the readers of <@&1> and @here ask about it. " * 80


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "export.json"
    path.write_text(json.dumps([
        {"title": TITLE, "abstract": ABSTRACT, "authors": ["Ada @here Lovelace", "<@99> Babbage"],
         "venue": "<#7> Workshop"},
        {"title": LONG_TITLE, "abstract": LONG_ABSTRACT, "authors": ["<@1> Name"] * 40, "venue": "@everyone " * 30},
    ]), encoding="utf-8")
    return (path,)


async def test_discord_markup_in_a_corpus_paper_shows_on_its_card_as_written(world: World) -> None:
    card = embed_of(await world.alice.slash(world.channel, "paper show", paper=paper_id(ABSTRACT)))

    # The emphasis stays emphasis; the markup shows as written (a backslash before each, which Discord hides).
    assert card.title == r"Clocks \<t:0:R> for **everyone**: \@everyone meets \<@&123>", card.title
    assert card.description == (
        r"We propose *Chronos*, a method that tells \<t:0:R> from \<t:1:F> in \<#123> and pings nobody: \@here and "
        r"\@everyone stay text, and so does \</paper show:1>. It learns from \<@42> and \\\<@43> alike."
    ), card.description
    assert field_value(card, "Authors") == r"Ada \@here Lovelace, \<@99> Babbage"
    assert field_value(card, "Venue") == r"\<#7> Workshop"


async def test_a_card_of_markup_is_cut_to_its_limits_after_the_escapes(world: World) -> None:
    card = embed_of(await world.alice.slash(world.channel, "paper show", paper=paper_id(LONG_ABSTRACT)))

    title, description = card.title or "", card.description or ""
    assert title.startswith(r"Markup \<@&1> \@everyone \<@&1>"), title
    assert title.endswith("…"), title
    assert len(title) <= limits.EMBED_TITLE, len(title)
    assert description.startswith(r"We study markup in abstracts. Since \<t:0:R> the readers of \<@&1> and \@here"), \
        description[:80]
    assert description.endswith("…"), description[-80:]
    assert len(description) <= limits.EMBED_DESCRIPTION, len(description)
    assert not title.endswith("\\…")  # cut between escapes, never inside one
    assert not description.endswith("\\…")
    assert all(len(field.value or "") <= limits.EMBED_FIELD_VALUE for field in card.fields)
    assert field_value(card, "Authors").startswith(r"\<@1> Name, \<@1> Name")
    assert field_value(card, "Venue").startswith(r"\@everyone \@everyone")
    assert len(card) <= limits.EMBED_TOTAL, len(card)
