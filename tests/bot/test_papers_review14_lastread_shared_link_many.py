"""Review 14 (last read): a link many papers share opens a card whose note names whole ids (SimCord).

A lab's or a benchmark's repository can be the code link of a dozen papers. The card's note named every other paper
with its venue, and the card cuts a note at 300 characters: "11 other papers have this link: …, 7tkqj…" ended in half
an id, and without "Give one's id to /paper show", what the note is for.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.client import PaperBot
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

SHARED = "https://github.com/big-lab/benchmark-suite"
VENUE = "NeurIPS 2024 Datasets and Benchmarks Track"
RECORDS = [{"title": f"Benchmark Study {n}", "venue": VENUE, "github": SHARED,
            "abstract": f"We evaluate offline reinforcement learning on a new benchmark, setting {n}. "
                        "We release the code and data for others to build on."}
           for n in range(12)]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "papers.json", RECORDS),)


async def test_a_link_of_twelve_papers_names_whole_ids_and_says_what_to_do(world: World, bot: PaperBot) -> None:
    card = embed_of(await world.alice.slash(world.channel, "paper show", paper=SHARED))

    note = (card.description or "").split("\n\n")[0]
    assert note.startswith("*11 other papers have this link: ")
    assert note.endswith(". Give one's id to /paper show.*")  # before: cut at 300 characters, mid-id
    named = re.findall(r"(\w+) \(" + re.escape(VENUE) + r"\)", note)
    ids = {paper.id for paper in await bot.papers.by_ids(named)}
    assert named
    assert ids == set(named)  # every id named is whole: a paper's
    assert f"(+{11 - len(named)} more)" in note
