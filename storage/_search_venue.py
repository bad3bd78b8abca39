"""The venues of the active papers ("AISTATS 2025", "ICML 2025"), for searches and random picks within one.

A `VenueTable` is built beside each search index (the same refresh, the same positions): each venue's positions
in the index, made a boolean mask over its papers when a search asks for one, so a search within a venue zeroes
the others' scores before ranking, and the page counts are the venue's. A venue is named as people type it: case,
spacing and punctuation aside ("icml2025", "ICML 2025", "icml-2025" are one venue), or by its short key (what a
button's custom_id carries).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
from rapidfuzz import fuzz

from storage._search_text import name_key

# A venue's key is its folded letters and digits ("aistats2025"); a longer one is cut and given a hash of the
# whole, so the key fits a button's custom_id beside a paper id and a topic.
MAX_KEY_CHARS = 24
_HASH_CHARS = 8


class UnknownVenueError(ValueError):
    """No venue of the active papers is the one asked for; `venues` are those there are, most papers first."""

    def __init__(self, typed: str, venues: list[Venue]) -> None:
        super().__init__(f"no venue {typed!r} among the active papers")
        self.typed = typed
        self.venues = venues


@dataclass(frozen=True, slots=True)
class Venue:
    """One venue of the active papers: its name as the corpus writes it, its short key and how many papers."""

    name: str
    key: str
    papers: int


def closest_venues(typed: str, venues: Iterable[Venue], limit: int) -> list[Venue]:
    """The `limit` venues that `typed`, a venue none of them is, most likely meant: first those whose name holds
    it (case, spacing and punctuation aside: "icml" is every ICML), then the others by how alike their names are
    ("icml 2019" is nearest "ICML 2018"), more papers first among equals."""
    wanted = name_key(typed)

    def distance(venue: Venue) -> tuple[bool, float, int]:
        named = name_key(venue.name)
        return not (wanted and wanted in named), -fuzz.ratio(wanted, named), -venue.papers

    return sorted(venues, key=distance)[:max(0, limit)]


def venue_key(name: str) -> str:
    """The key a venue is known by, case, spacing and punctuation aside: "ICML 2025" -> "icml2025"; at most
    MAX_KEY_CHARS characters (a longer name's key ends with a hash of the whole)."""
    key = name_key(name)
    if key and len(key) <= MAX_KEY_CHARS:
        return key
    # A name of no letter or digit ("—") is known by the hash of its spelling, so a key is letters and digits only.
    digest = hashlib.blake2b((key or name.casefold().strip()).encode(), digest_size=_HASH_CHARS // 2).hexdigest()
    return key[: MAX_KEY_CHARS - _HASH_CHARS] + digest


@dataclass(frozen=True, slots=True)
class VenueTable:
    """The venues of an index's papers, most papers first, each with its papers' positions in the index."""

    venues: tuple[Venue, ...] = ()
    size: int = 0  # the index's papers: a mask's length
    # Positions, not masks: a mask is a byte for every paper of the index, so one kept for each venue grew with
    # papers × venues (a Semantic Scholar corpus of 100,000 papers names thousands of journals: gigabytes).
    _members: dict[str, np.ndarray] = field(default_factory=dict)

    @classmethod
    def build(cls, positions: Iterable[tuple[int, str | None]], size: int) -> VenueTable:
        """The table of (index position, venue) pairs over an index of `size` papers; papers with no venue are
        in none. Spellings of one venue ("ICML 2025", "icml 2025") are one, named as most of its papers write it."""
        members: dict[str, list[int]] = {}
        spellings: dict[str, Counter[str]] = {}
        for position, venue in positions:
            name = " ".join((venue or "").split())
            if not name:
                continue
            key = venue_key(name)
            members.setdefault(key, []).append(position)
            spellings.setdefault(key, Counter())[name] += 1
        venues = sorted((Venue(spellings[key].most_common(1)[0][0], key, len(found)) for key, found in members.items()),
                        key=lambda venue: (-venue.papers, venue.name.casefold()))
        return cls(tuple(venues), size, {key: np.asarray(found, np.int64) for key, found in members.items()})

    def find(self, typed: str) -> Venue | None:
        """The venue `typed` names (case, spacing and punctuation aside), or whose key it is; None if none."""
        wanted = venue_key(" ".join(typed.split()))
        for venue in self.venues:
            if venue.key == wanted or venue.key == typed.strip():
                return venue
        return None

    def matching(self, typed: str) -> list[Venue]:
        """The venues whose name contains what was typed (case, spacing and punctuation aside), most papers first."""
        wanted = name_key(typed)
        return [venue for venue in self.venues if wanted in name_key(venue.name)]

    def mask(self, venue: Venue) -> np.ndarray:
        """Which of the index's papers are of `venue` (a venue of this table), made for the one search asking."""
        mask = np.zeros(self.size, bool)
        mask[self._members[venue.key]] = True
        return mask
