"""/paper search for a person's name and for C++ as a reader meets them (session 15's review), end to end through
SimCord: "Max Welling" listed his papers, then the papers that merely write "max" (min-max); "C++" every paper
writing a lone "c". Each now lists what was asked for only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

HIS = ["Attention-based Deep Multiple Instance Learning", "BOCK: Bayesian Optimization with Cylindrical Kernels"]
RECORDS = [
    {"title": HIS[0], "author": "Maximilian Ilse; Jakub Tomczak; Max Welling",
     "abstract": "Multiple instance learning with a bag of instances and one label per bag, where a neural network "
                 "weighs each instance by attention and the weights show which instances are key."},
    {"title": HIS[1], "author": "ChangYong Oh; Efstratios Gavves; Max Welling",
     "abstract": "Bayesian optimization in high dimensions suffers from the boundary issue; a cylindrical "
                 "transformation of the search space and kernels fixes it and scales to many dimensions."},
    *({"title": f"Min-Max Games {n}", "author": "Ana Silva",
       "abstract": f"We solve min-max problems, taking the max over the adversary's moves at every round {n} of a "
                   "game, with rates of convergence for convex-concave costs."} for n in range(3)),
    {"title": "A Fast Sampler Library", "author": "Ana Silva",
     "abstract": "Our sampler for hierarchical Bayesian models is a software library written in C++ with Python "
                 "bindings, faster than general-purpose probabilistic programming systems."},
    *({"title": f"Constants in Bounds {n}", "author": "Ana Silva",
       "abstract": f"We prove a generalization bound with a constant c and a c-approximation of the optimum for the "
                   f"setting number {n}, tight up to that constant."} for n in range(3)),
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "icml2025.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return (path,)


async def test_a_persons_name_lists_their_papers_only(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="Max Welling")
    listing = embed_of(result).description or ""
    assert {line.split("**")[1].split(". ", 1)[1] for line in listing.splitlines() if line.startswith("**")} == set(HIS)
    assert "Min-Max" not in listing, listing


async def test_cpp_lists_the_paper_about_cpp_only(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="C++")
    listing = embed_of(result).description or ""
    assert listing.startswith("**1. A Fast Sampler Library**"), listing
    assert "**2." not in listing, listing
    assert "**C++**" in listing, listing
