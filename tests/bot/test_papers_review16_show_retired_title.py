"""/paper show opens a paper no longer in the corpus by its title, as `paperbot show` does (session 16's review,
SimCord).

A retired paper's card opened by its id, footer or link, but its title (an old daily card's, pasted after a corpus
reload retired the paper), alone or cited with its venue, answered "There is no paper titled …", while
`paperbot show "<title>"` showed it. Both now look the title up alike (SearchEngine.titled_or_retired): a current
paper of the title first, a venue cited after it that the current one is not from names the retired paper.
Autocomplete still offers current papers only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
import simcord

from bot.client import PaperBot
from bot.embeds import RETIRED
from bot.errors import PaperNotFoundError
from tests.bot.conftest import World, expect_errors
from tests.bot.test_papers import embed_of
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
KERNELS = "Graph Kernels Revisited"
QPOTS = "$q\\texttt{POTS}$: Efficient Batch Multiobjective Optimization"  # shown as "q`POTS`: …", typed "qPOTS: …"
OLD = [{"title": KERNELS, "venue": "ICML 2024",
        "abstract": "We revisit graph kernels and find them competitive." + TAIL},
       {"title": QPOTS, "venue": "AISTATS 2025",
        "abstract": "We pick batches on the Pareto front by Thompson sampling from Gaussian processes." + TAIL},
       *({"title": "Bandits Revisited", "venue": venue,
          "abstract": f"We revisit bandits, as presented at {venue}, with tighter regret bounds." + TAIL}
         for venue in ("UAI 2023", "COLT 2023"))]
CURRENT = [{"title": "Sparse Attention for Long Documents", "venue": "ICML 2025",
            "abstract": "We make attention sparse so that long documents fit in memory." + TAIL},
           {"title": KERNELS, "venue": "ICML 2025", "abstract": "Graph kernels, revisited again in 2025." + TAIL}]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return write_json(tmp_path / "current.json", CURRENT), write_json(tmp_path / "old.json", OLD)


@pytest.fixture
async def reloaded(bot: PaperBot, corpus_paths: tuple[Path, ...],
                   restart: Callable[..., Awaitable[PaperBot]]) -> dict[str, str]:
    """The bot after a corpus reload without old.json (its papers retired): the retired papers' ids by venue."""
    retired = {paper.venue or "": paper.id for paper in await bot.papers.by_ids(await bot.papers.active_ids())
               if paper.venue in ("ICML 2024", "AISTATS 2025", "UAI 2023", "COLT 2023")}
    await restart(corpus_paths=corpus_paths[:1])
    return retired


@pytest.mark.parametrize(("typed", "venue"), [
    ("qPOTS: Efficient Batch Multiobjective Optimization", "AISTATS 2025"),  # as its card showed it
    (QPOTS, "AISTATS 2025"),  # as the conference's page writes it
    ("qpots - efficient batch multiobjective optimization (AISTATS 2025)", "AISTATS 2025"),
    ("Graph Kernels Revisited - ICML 2024", "ICML 2024"),  # a current namesake from ICML 2025
    ("Graph Kernels Revisited (ICML 2024)", "ICML 2024"),
])
async def test_a_retired_papers_title_opens_its_card(world: World, reloaded: dict[str, str], typed: str,
                                                     venue: str) -> None:
    result = await world.alice.slash(world.channel, "paper show", paper=typed)

    assert not result.ephemeral, result.response  # was "There is no paper titled …"
    assert embed_of(result).footer.text == f"id {reloaded[venue]} · {RETIRED}"


async def test_two_retired_papers_of_a_title_one_card_names_the_other(world: World,
                                                                       reloaded: dict[str, str]) -> None:
    result = await world.alice.slash(world.channel, "paper show", paper="Bandits Revisited")

    embed = embed_of(result)
    assert embed.footer.text == f"id {reloaded['UAI 2023']} · {RETIRED}"  # the first loaded
    assert (f"Another paper has this title: {reloaded['COLT 2023']} (COLT 2023, {RETIRED}). "
            "Give its id to /paper show.") in (embed.description or "")  # not "or pick it from the suggestions"


@pytest.mark.parametrize("typed", [KERNELS, "Graph Kernels Revisited - ICML 2025"])
async def test_the_current_paper_of_the_title_comes_first(world: World, reloaded: dict[str, str],
                                                          typed: str) -> None:
    result = await world.alice.slash(world.channel, "paper show", paper=typed)

    footer = embed_of(result).footer.text or ""
    assert RETIRED not in footer
    assert footer.removeprefix("id ") not in reloaded.values()


async def test_autocomplete_offers_current_papers_only(world: World, reloaded: dict[str, str]) -> None:
    choices = await world.alice.autocomplete(world.channel, "paper show", "paper", "qPOTS Efficient Batch")
    assert reloaded["AISTATS 2025"] not in [choice["value"] for choice in choices]


async def test_a_title_no_paper_ever_had_is_still_unknown(simcord_env: simcord.Env, world: World,
                                                         reloaded: dict[str, str]) -> None:
    result = await world.alice.slash(world.channel, "paper show", paper="qPOTS: Efficient Batch Optimization")

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content.startswith("There is no paper titled “qPOTS: Efficient Batch Optimization”.")
    expect_errors(simcord_env, PaperNotFoundError)
