"""A link several papers share opens one card that names the others (session 13's review, SimCord).

A lab's code repository is often the code link of several of its papers. Pasted into /paper show or /paper search,
such a link showed the first paper's card and nothing said that others have it (paperbot show lists them all). The
card's note now names the others, with id and venue.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
SHARED = "https://github.com/lab/shared-lib"
RECORDS = [{"title": f"Bandit Study {n}", "venue": venue, "github": SHARED,
            "abstract": f"Contextual bandits with delayed feedback, setting {n}." + TAIL}
           for n, venue in enumerate(("ICML 2025", "AISTATS 2025", "AISTATS 2025"))]
RECORDS.append({"title": "Graph Kernels Revisited", "venue": "ICML 2025", "github": "https://github.com/lab/kernels",
                "abstract": "We revisit graph kernels and find them competitive with graph networks." + TAIL})


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "papers.json", RECORDS),)


def _note(description: str | None) -> str:
    return (description or "").split("\n\n")[0]


@pytest.mark.parametrize(("command", "option"), [("paper show", "paper"), ("paper search", "query")])
@pytest.mark.parametrize("typed", [SHARED, "github.com/lab/shared-lib", f"<{SHARED}/>"])
async def test_a_shared_link_names_the_other_papers_that_have_it(
        world: World, command: str, option: str, typed: str) -> None:
    card = embed_of(await world.alice.slash(world.channel, command, **{option: typed}))

    assert (card.title or "").startswith("Bandit Study ")
    note = _note(card.description)
    assert note.startswith("*2 other papers have this link: ")
    assert note.count(" (AISTATS 2025)") + note.count(" (ICML 2025)") == 2
    assert note.endswith(". Give one's id to /paper show.*")


async def test_a_link_of_one_paper_has_no_note(world: World) -> None:
    card = embed_of(await world.alice.slash(world.channel, "paper show", paper="https://github.com/lab/kernels"))

    assert card.title == "Graph Kernels Revisited"
    assert (card.description or "").startswith("We revisit graph kernels")
