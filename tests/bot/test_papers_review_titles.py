"""/paper show by title, typed as people have it: copied from the card, or from the conference's page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.client import PaperBot
from bot.settings import BUNDLED_CORPUS
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

QPOTS = ("$q\\texttt{POTS}$: Efficient Batch Multiobjective Bayesian Optimization via Pareto Optimal "
         "Thompson Sampling")
RIEMANN = "Riemann$^2$: Learning Riemannian Submanifolds from Riemannian Data"


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """The bundled corpus plus two papers whose given titles hold LaTeX."""
    records = [
        {"title": QPOTS, "venue": "AISTATS 2025",
         "abstract": "We propose a batch multiobjective Bayesian optimization method that samples Pareto optimal "
                     "points from Thompson samples of Gaussian process posteriors, and scales to many objectives."},
        {"title": RIEMANN, "venue": "AISTATS 2025",
         "abstract": "We learn Riemannian submanifolds from data that itself lives on a Riemannian manifold, "
                     "with a wrapped Gaussian process latent variable model."},
    ]
    extra = tmp_path / "aistats.json"
    extra.write_text(json.dumps(records), encoding="utf-8")
    return (BUNDLED_CORPUS, extra)


@pytest.mark.parametrize(("typed", "stored"), [
    # As the card shows it (its title renders `POTS` as code; copying it gives the letters).
    ("qPOTS: Efficient Batch Multiobjective Bayesian Optimization via Pareto Optimal Thompson Sampling", "q`POTS`: "),
    ("Riemann2: Learning Riemannian Submanifolds from Riemannian Data", "Riemann²: "),
    # As the conference lists it.
    (QPOTS, "q`POTS`: "),
    (RIEMANN, "Riemann²: "),
])
async def test_show_finds_a_paper_by_its_title_as_people_copy_it(
        world: World, bot: PaperBot, typed: str, stored: str) -> None:
    papers = await bot.papers.by_ids(await bot.papers.active_ids())
    paper = next(p for p in papers if p.title.startswith(stored))  # made readable when loaded

    result = await world.alice.slash(world.channel, "paper show", paper=typed)

    assert not result.ephemeral, result.response
    assert embed_of(result).footer.text == f"id {paper.id}"
