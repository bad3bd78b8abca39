"""PaperRepository: reading papers back out of SQLite."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from random import Random

import aiosqlite

from storage.models import Paper

_COLUMNS = (
    "id, title, title_given, abstract, abstract_raw, authors, venue, keywords, names, links, "
    "url, pdf, source, active"
)


def paper_from_row(row: aiosqlite.Row | tuple) -> Paper:
    """Build a Paper from a row selected with `_COLUMNS`."""
    (pid, title, title_given, abstract, abstract_raw, authors, venue, keywords, names, links,
     url, pdf, source, active) = tuple(row)
    return Paper(
        id=pid,
        title=title,
        title_given=bool(title_given),
        abstract=abstract,
        abstract_raw=abstract_raw,
        authors=tuple(json.loads(authors)),
        venue=venue,
        keywords=tuple(json.loads(keywords)),
        names=tuple(json.loads(names)),
        links=tuple(json.loads(links)),
        url=url,
        pdf=pdf,
        source=source,
        active=bool(active),
    )


_ID_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz234567")  # storage.enrich.paper_id's base32
# An id as people paste it: a picked suggestion ("id:abc123"), a card's footer copied whole ("id abc123",
# "id abc123 · no longer in the current corpus", "id abc123 · paper of the day 2026-11-30"), quoted
# from a result list (`abc123`) or its line copied whole ("ICML 2025 · abc123"), or out of a sentence
# ("(abc123)", "abc123,").
_TYPED_ID = re.compile(r"(?:[^·]*·\s*)?(?:id(?::\s*|\s+))?[`'\"“”‘’(\[<{]*(?P<id>[a-z0-9]+)[`'\"“”‘’.,;!?)\]>}]*"
                       r"(?:\s*·.*)?", re.IGNORECASE | re.DOTALL)


def shaped_like_an_id(text: str) -> bool:
    """Whether `text` (case aside) could be an id `storage.enrich.paper_id` makes: ID_LENGTH of its base32
    characters. Any one word is shaped like an id to `pasted_id`, and "AlphaFold" is no unknown id."""
    from storage.enrich import ID_LENGTH  # here: enrichment's imports cost `paperbot show <id>` 50 ms at start

    return len(text) == ID_LENGTH and set(text.lower()) <= _ID_CHARACTERS


def written_as_id(typed: str) -> bool:
    """Whether `typed` names a paper by its id and by nothing else: a card's footer ("id abc…"), an id in backticks
    as result lists show ids, or an id's shape with a digit in it or after a result list's venue ("ICML 2025 · …").
    Any one word is an id to `pasted_id`, and a ten-letter one ("Tokenizers") may be a title."""
    paper_id = pasted_id(typed)
    if paper_id is None:
        return False
    if typed.strip().lower().startswith(("id ", "id:", "`")):
        return True
    return shaped_like_an_id(paper_id) and ("·" in typed or any(character.isdigit() for character in paper_id))


def looked_for(typed: str) -> str:
    """How a paper that `typed` names was looked for and not found, in the words of /paper show's and `paperbot
    show`'s "no paper …" (one wording for both): "with the id" only for what is written as one (`written_as_id`),
    "with the arXiv identifier" for one ("2401.01234", "arXiv:2401.01234v2"), "with the id or title" for what may
    be either (a ten-letter word, "quantizers"), else "titled": any one word is shaped like an id to `pasted_id`,
    and "AlphaFold" is a title's word, not an id."""
    if written_as_id(typed):
        return "with the id"
    from storage.search import arxiv_key  # here: `paperbot show <id>` needs none of the search's imports

    if arxiv_key(typed):
        return "with the arXiv identifier"
    paper_id = pasted_id(typed)
    return "with the id or title" if paper_id is not None and shaped_like_an_id(paper_id) else "titled"


def pasted_id(typed: str) -> str | None:
    """The id in what was typed when it is shaped like one (a picked suggestion, an id, or the card's
    footer copied: see `_TYPED_ID`), else None. The command line and the bot read ids alike."""
    if not typed.isascii():  # full-width letters and digits (an East Asian keyboard's), a zero-width space pasted in
        from storage._search_text import visible  # here: `paperbot show <id>` needs none of the search's imports

        typed = visible(unicodedata.normalize("NFKC", typed))
    match = _TYPED_ID.fullmatch(typed.strip())
    return match["id"] if match else None


class PaperRepository:
    """Read access to papers. Writes belong to the corpus loader."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def by_id(self, paper_id: str) -> Paper | None:
        """Return the paper with this id (active or retired), or None."""
        async with self._conn.execute(
            f"SELECT {_COLUMNS} FROM papers WHERE id = ?", (paper_id.strip().lower(),)
        ) as cursor:
            row = await cursor.fetchone()
        return paper_from_row(row) if row else None

    async def by_ids(self, paper_ids: Sequence[str]) -> list[Paper]:
        """Return the papers with these ids, in the order given; unknown ids are skipped."""
        if not paper_ids:
            return []
        placeholders = ",".join("?" * len(paper_ids))
        async with self._conn.execute(
            f"SELECT {_COLUMNS} FROM papers WHERE id IN ({placeholders})", tuple(paper_ids)
        ) as cursor:
            found = {row[0]: paper_from_row(row) for row in await cursor.fetchall()}
        return [found[pid] for pid in paper_ids if pid in found]

    async def active_ids(self) -> list[str]:
        """Return the ids of every active paper, sorted."""
        async with self._conn.execute("SELECT id FROM papers WHERE active = 1 ORDER BY id") as cursor:
            return [row[0] for row in await cursor.fetchall()]

    async def count(self, *, active: bool = True) -> int:
        """Count active (or retired) papers."""
        async with self._conn.execute(
            "SELECT count(*) FROM papers WHERE active = ?", (int(active),)
        ) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def random(self, rng: Random | None = None, among: Sequence[str] | None = None,
                     exclude: str | None = None) -> Paper | None:
        """A random active paper (among the given ids, if any), other than `exclude` when there is a choice.

        Without `among` the pick is one indexed row by offset: no list of every id is built.
        """
        rng = rng or Random()
        if among is not None:
            candidates = [pid for pid in among if pid != exclude] or list(among)
            return (await self.by_ids([rng.choice(candidates)]))[0] if candidates else None
        other = await self._random_active(rng, exclude) if exclude else None
        return other or await self._random_active(rng, None)

    async def _random_active(self, rng: Random, exclude: str | None) -> Paper | None:
        where, params = ("active = 1 AND id != ?", (exclude,)) if exclude else ("active = 1", ())
        async with self._conn.execute(f"SELECT count(*) FROM papers WHERE {where}", params) as cursor:
            row = await cursor.fetchone()
        total = int(row[0]) if row else 0
        if total == 0:
            return None
        async with self._conn.execute(
            f"SELECT {_COLUMNS} FROM papers WHERE {where} ORDER BY num LIMIT 1 OFFSET ?",
            (*params, rng.randrange(total)),
        ) as cursor:
            row = await cursor.fetchone()
        return paper_from_row(row) if row else None
