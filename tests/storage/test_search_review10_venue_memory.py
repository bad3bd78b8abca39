"""Review 10: the venue table of a corpus naming many venues holds a few bytes a paper, not a mask per venue.

Searching within a venue masks the index's papers; the table kept one boolean mask (a byte a paper) for every
venue, so its size grew with papers × venues: a Semantic Scholar or OpenAlex export names a journal or
conference for each paper, thousands of them in 100,000 papers, and the table took gigabytes at every load.
"""

from __future__ import annotations

import tracemalloc

import numpy as np

from storage._search_venue import VenueTable

PAPERS, VENUES = 20_000, 2_000


def test_a_table_of_many_venues_holds_their_papers_positions_only() -> None:
    positions = [(position, f"Journal of Things {position % VENUES}") for position in range(PAPERS)]
    tracemalloc.start()
    try:
        table = VenueTable.build(positions, PAPERS)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()

    assert len(table.venues) == VENUES
    # Before: 2,000 masks of 20,000 bytes, 40 MB kept; now the 20,000 positions, the names and keys.
    assert held < 8 * 1024 * 1024
    venue = table.find("journal of things 7")
    assert venue is not None
    assert venue.papers == PAPERS // VENUES
    assert np.flatnonzero(table.mask(venue)).tolist() == list(range(7, PAPERS, VENUES))
