"""Autocomplete tells apart the papers whose choices would read the same (session 13's review, SimCord).

Discord shows an autocomplete choice's name alone, and the name was the paper's title: one paper in two venues'
corpora (a workshop's and a conference's version), or two long titles alike up to the cut at 100 characters, were two
identical choices, and picking one was a coin toss. The venue now follows such a title ("… · AISTATS 2025"), or
the id when the venue is the same too; other choices are unchanged.

`/paper show Diffusion Models for Tabular Data`, typed whole, showed one of the two papers, and nothing said there was
another: the card now names the other papers of its title (id and venue) in its note. And a title cited with its
venue ("Diffusion Models for Tabular Data (AISTATS 2025)") was no title: it is that title, that venue's paper.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot import limits
from bot.client import PaperBot
from bot.errors import PaperNotFoundError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
LONG = ("Scalable Bayesian Optimisation of Expensive Black-Box Functions with Many Noisy Constraints and Sparse "
        "Gaussian Processes, Part {}")
RECORDS = [
    *({"title": "Diffusion Models for Tabular Data", "venue": venue,
       "abstract": f"A diffusion model generates tables, as presented at {venue}." + TAIL}
      for venue in ("ICML 2025", "AISTATS 2025")),
    *({"title": "A Note on Dueling Bandits", "venue": "ICML 2025",
       "abstract": f"Dueling bandits with {kind} feedback, and regret bounds for them." + TAIL}
      for kind in ("delayed", "noisy", "adversarial")),
    *({"title": LONG.format(part), "venue": "ICML 2025",
       "abstract": f"Constrained Bayesian optimisation, its part {part}, with sparse processes." + TAIL}
      for part in ("One", "Two")),
    {"title": "Diffusion Policies for Robot Control", "venue": "ICML 2025",
     "abstract": "A diffusion policy controls a robot arm from camera images." + TAIL},
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "papers.json", RECORDS),)


async def _names(world: World, typed: str, command: str = "paper show", option: str = "paper") -> dict[str, str]:
    choices = await world.alice.autocomplete(world.channel, command, option, typed)
    assert all(len(choice["name"]) <= limits.CHOICE_NAME for choice in choices)
    return {choice["value"]: choice["name"] for choice in choices}


@pytest.mark.parametrize(("command", "option"), [("paper show", "paper"), ("paper search", "query")])
async def test_one_title_in_two_venues_is_two_choices_named_by_their_venue(
        world: World, command: str, option: str) -> None:
    names = await _names(world, "Diffusion Models for Tabular", command, option)

    assert {"Diffusion Models for Tabular Data · ICML 2025", "Diffusion Models for Tabular Data · AISTATS 2025"} <= \
        set(names.values()), names
    assert "Diffusion Policies for Robot Control" in names.values()  # a title of its own is shown as it was


async def test_one_title_twice_in_one_venue_is_named_by_the_ids(world: World, bot: PaperBot) -> None:
    names = await _names(world, "A Note on Dueling Bandits")

    ids = [paper_id for paper_id, name in names.items() if name.startswith("A Note on Dueling Bandits")]
    assert len(ids) == 3
    assert {names[paper_id] for paper_id in ids} == {f"A Note on Dueling Bandits · {paper_id}" for paper_id in ids}


async def test_long_titles_alike_up_to_the_cut_are_told_apart(world: World) -> None:
    names = [name for name in (await _names(world, "Scalable Bayesian Optimisation")).values()
             if name.startswith("Scalable Bayesian")]

    assert len(names) == 2
    assert len(set(names)) == 2, names


async def test_a_title_typed_whole_names_the_other_paper_of_that_title(world: World, bot: PaperBot) -> None:
    both = {paper.venue: paper.id for paper in await bot.papers.by_ids(await bot.papers.active_ids())
            if paper.title == "Diffusion Models for Tabular Data"}

    card = embed_of(await world.alice.slash(world.channel, "paper show", paper="Diffusion Models for Tabular Data"))

    shown = (card.footer.text or "").removeprefix("id ")
    (other_venue, other), = ((venue, paper_id) for venue, paper_id in both.items() if paper_id != shown)
    assert (card.description or "").startswith(
        f"*Another paper has this title: {other} ({other_venue}). Give its id to /paper show, or pick it from the "
        "suggestions.*\n\n")


async def test_a_title_three_papers_have_names_the_two_others(world: World) -> None:
    card = embed_of(await world.alice.slash(world.channel, "paper show", paper="A Note on Dueling Bandits"))

    note = (card.description or "").split("\n\n")[0]
    assert note.startswith("*2 other papers have this title: ")
    assert note.count(" (ICML 2025)") == 2
    assert note.endswith(". Give one's id to /paper show, or pick it from the suggestions.*")


async def test_a_title_of_its_own_has_no_note(world: World) -> None:
    card = embed_of(await world.alice.slash(world.channel, "paper show", paper="Diffusion Policies for Robot Control"))

    assert (card.description or "").startswith("A diffusion policy controls")


TABULAR, POLICIES = "Diffusion Models for Tabular Data", "Diffusion Policies for Robot Control"


@pytest.mark.parametrize(("typed", "title", "venue"), [
    (f"{TABULAR} (AISTATS 2025)", TABULAR, "AISTATS 2025"),
    (f"{TABULAR} (ICML 2025)", TABULAR, "ICML 2025"),
    (f"{TABULAR.lower()} [aistats2025].", TABULAR, "AISTATS 2025"),
    (f"{POLICIES} (ICML 2025)", POLICIES, "ICML 2025"),
])
async def test_a_title_cited_with_its_venue_shows_that_venues_paper(
        world: World, bot: PaperBot, typed: str, title: str, venue: str) -> None:
    card = embed_of(await world.alice.slash(world.channel, "paper show", paper=typed))

    shown = await bot.papers.by_id((card.footer.text or "").removeprefix("id "))
    assert shown is not None
    assert (shown.title, shown.venue) == (title, venue)


async def test_a_venue_the_corpus_lacks_is_no_title(simcord_env: simcord.Env, world: World) -> None:
    result = await world.alice.slash(world.channel, "paper show", paper=f"{POLICIES} (NeurIPS 2024)")

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content.startswith(f"There is no paper titled “{POLICIES} (NeurIPS 2024)”.")
    expect_errors(simcord_env, PaperNotFoundError)
