"""The card a corpus record gets: enriched as a load enriches it, then drawn as the bot draws it."""

from __future__ import annotations

from bot.embeds import paper_embed
from storage.enrich import enrich
from storage.models import RawRecord


def card_of(abstract: str, title: str) -> tuple[str, str]:
    """The card's (title, description) for a JSON record with `title` and `abstract`."""
    record = RawRecord(abstract=abstract, title=title, authors=(), venue="Test", url=None, pdf=None,
                       code_url=None, source_file="papers.json", source_ref="record 1")
    card = paper_embed(enrich(record))
    assert card.title is not None
    assert card.description is not None
    return card.title, card.description
