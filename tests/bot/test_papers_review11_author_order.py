"""A paper found by an author's name keeps its authors' order in the result list (session 11's review): since
99277ca the matched author was moved first, 'By **Yoshua Bengio**, Mohamed Ishmael Belghazi, Aristide Baratin
et al.' for a paper whose fifth author he is, which reads as if he were its first author. The line now names the
first authors, "…" for those skipped, and the matched ones in bold where they stand, end to end through SimCord."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import limits
from tests.bot.conftest import World, field_value
from tests.bot.test_papers import embed_of

MINE_AUTHORS = ["Mohamed Ishmael Belghazi", "Aristide Baratin", "Sai Rajeswar", "Sherjil Ozair", "Yoshua Bengio",
                "Aaron Courville", "R Devon Hjelm"]
# A 25-author paper: the one a query names is its 22nd author, another its 2nd.
LARGE_AUTHORS = ["Rami Al-Rfou", "Guillaume Alain", "Amjad Almahairi", "Christof Angermueller", "Dzmitry Bahdanau",
                 "Nicolas Ballas", "Frédéric Bastien", "Justin Bayer", "Anatoly Belikov", "Alexander Belopolsky",
                 "Arnaud Bergeron", "James Bergstra", "Valentin Bisson", "Josh Bleecher Snyder", "Nicolas Bouchard",
                 "Nicolas Boulanger-Lewandowski", "Xavier Bouthillier", "Alexandre de Brébisson", "Olivier Breuleux",
                 "Pierre-Luc Carrier", "Kyunghyun Cho", "Yoshua Bengio", "Jan Chorowski", "Paul Christiano",
                 "Tim Cooijmans"]
RECORDS = [
    {"title": "Mutual Information Neural Estimation", "author": "; ".join(MINE_AUTHORS),
     "abstract": "We argue that the estimation of mutual information between high dimensional continuous random "
                 "variables can be achieved by gradient descent over neural networks, linearly scalable in "
                 "dimensionality and in sample size, trainable through back-propagation, and strongly consistent."},
    {"title": "Theano: A Python Framework for Fast Computation of Mathematical Expressions",
     "author": "; ".join(LARGE_AUTHORS),
     "abstract": "Theano is a Python library that allows to define, optimize, and evaluate mathematical expressions "
                 "involving multi-dimensional arrays efficiently, compiling them for central and graphics units."},
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """A 7-author and a 25-author paper that share an author."""
    path = tmp_path / "icml2016.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return (path,)


async def _listing(world: World, query: str) -> str:
    result = await world.alice.slash(world.channel, "paper search", query=query)
    assert not result.ephemeral
    listing = embed_of(result).description or ""
    assert len(listing) <= limits.EMBED_DESCRIPTION
    return listing


async def test_the_matched_author_is_bold_where_they_stand_after_the_first_authors(world: World) -> None:
    listing = await _listing(world, "Bengio")

    assert "By Mohamed Ishmael Belghazi, Aristide Baratin, …, **Yoshua Bengio** et al. — " in listing, listing
    assert "By Rami Al-Rfou, Guillaume Alain, …, **Yoshua Bengio** et al. — " in listing, listing
    assert "By **Yoshua Bengio**" not in listing  # he is the first author of neither


async def test_a_matched_author_among_the_first_ones_is_bold_in_place(world: World) -> None:
    listing = await _listing(world, "Guillaume Alain")

    assert "By Rami Al-Rfou, **Guillaume Alain**, Amjad Almahairi et al. — " in listing, listing


async def test_two_matched_authors_keep_their_order_too(world: World) -> None:
    listing = await _listing(world, "Courville Bengio")

    assert "By Mohamed Ishmael Belghazi, …, **Yoshua Bengio**, **Aaron Courville** et al. — " in listing, listing


async def test_the_last_author_matched_needs_no_et_al(world: World) -> None:
    listing = await _listing(world, "Cooijmans")

    assert "By Rami Al-Rfou, Guillaume Alain, …, **Tim Cooijmans** — " in listing, listing


async def test_the_card_lists_the_authors_in_their_order(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper show", paper="Mutual Information Neural Estimation")

    authors = field_value(embed_of(result), "Authors")
    assert authors == ", ".join(MINE_AUTHORS)
