"""A card says how many links it leaves out (session 13's review, SimCord).

The card's Code/Links field shows at most three links (and the PDF); a paper whose abstract gives five showed three, as
if it had no more, where every other list on the card (authors, keywords, methods) ends in "… (+N more)". It now says
"… (+2 more)" after the links it shows, before the PDF's line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import World, field_value
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " We evaluate it on four benchmarks and find it faster than the baselines at equal accuracy."
REPOSITORIES = [f"https://github.com/lab/tool-{n}" for n in range(5)]
RECORDS = [
    {"title": "Five Tools for Sparse Training", "pdf": "https://example.org/five.pdf", "github": REPOSITORIES[0],
     "abstract": "We release a toolkit for sparse training: " + ", ".join(REPOSITORIES[1:]) + "." + TAIL},
    {"title": "Three Tools for Dense Training", "github": REPOSITORIES[0],
     "abstract": "We release a toolkit for dense training: " + ", ".join(REPOSITORIES[1:3]) + "." + TAIL},
    {"title": "Four Tools Without a PDF", "github": REPOSITORIES[0],
     "abstract": "We release a toolkit for pruning: " + ", ".join(REPOSITORIES[1:4]) + "." + TAIL},
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "icml2024.json", RECORDS),)


async def _code_field(world: World, title: str) -> str:
    shown = await world.alice.slash(world.channel, "paper show", paper=title)
    return field_value(embed_of(shown), "Code")


async def test_the_links_left_out_are_counted_before_the_pdf(world: World) -> None:
    assert await _code_field(world, "Five Tools for Sparse Training") == "\n".join(
        [*REPOSITORIES[:3], "… (+2 more)", "[PDF](https://example.org/five.pdf)"])


async def test_without_a_pdf_the_count_ends_the_field(world: World) -> None:
    assert await _code_field(world, "Four Tools Without a PDF") == "\n".join([*REPOSITORIES[:3], "… (+1 more)"])


async def test_three_links_are_all_shown_with_no_count(world: World) -> None:
    assert await _code_field(world, "Three Tools for Dense Training") == "\n".join(REPOSITORIES[:3])
