"""An acronym of three or four words typed finds the papers that only spell it out, on a real temporary SQLite
file (session 11's review): the index's acronym -> phrase table held acronyms of two words only (the index knew
which words stand side by side, not which three do), so "GAN" did not find a paper that writes "generative
adversarial networks" and never "GAN", nor "MDP" one on "Markov decision processes"; and "reinforcement learning
from human feedback (RLHF)" was no definition at all, its stop word "from" having no letter in the acronym.

The words must stand in that order, side by side (stop words aside): a paper writing "generative adversarial" and
"adversarial networks" apart is not about GANs."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage._search_text import acronyms
from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled

TAIL = " Experiments on standard benchmarks support the analysis."
DEFINES = "Training Generators with Critics"
SPELLS = "Mode Coverage in Generative Adversarial Networks"
APART = "Robust Classifiers under Attack"
DEFINES_MDP = "Planning with Options"
SPELLS_MDP = "Regret of Markov Decision Processes with Long Horizons"
DEFINES_RLHF = "Aligning Assistants to Raters"
SPELLS_RLHF = "Reward Hacking in Reinforcement Learning from Human Feedback"
DEFINES_SVGD = "Particle Methods for Posteriors"
SPELLS_SVGD = "Convergence of Stein Variational Gradient Descent"
RECORDS: Records = [
    {"title": DEFINES,
     "abstract": "Generative adversarial networks (GANs) pit a generator against a critic; we train GANs whose "
                 "critic is regularised, and our GAN matches the data better." + TAIL},
    {"title": SPELLS,
     "abstract": "We measure how many modes a generative adversarial network covers, and show that a wider "
                 "discriminator covers more modes of the data." + TAIL},
    {"title": APART,  # "generative adversarial" and "adversarial networks", never the three side by side
     "abstract": "Generative adversarial examples fool classifiers; we make adversarial networks of defenders "
                 "robust to such attacks on image classifiers." + TAIL},
    {"title": DEFINES_MDP,
     "abstract": "Markov decision processes (MDPs) with options let a planner act over long horizons; we plan in "
                 "such an MDP with learned options." + TAIL},
    {"title": SPELLS_MDP,
     "abstract": "We bound the regret of learning in a Markov decision process whose horizon is long, and match "
                 "the bound from below." + TAIL},
    {"title": DEFINES_RLHF,
     "abstract": "Reinforcement learning from human feedback (RLHF) aligns assistants with raters; we study how "
                 "RLHF trades helpfulness for agreement." + TAIL},
    {"title": SPELLS_RLHF,
     "abstract": "Policies trained by reinforcement learning from human feedback exploit their reward model; we "
                 "detect such reward hacking early." + TAIL},
    {"title": DEFINES_SVGD,
     "abstract": "Stein variational gradient descent (SVGD) moves particles towards a posterior; we give SVGD "
                 "a kernel that adapts to the posterior." + TAIL},
    {"title": SPELLS_SVGD,
     "abstract": "We prove that Stein variational gradient descent converges in kernel discrepancy with finitely "
                 "many particles." + TAIL},
    *({"title": f"A Survey of {topic}", "abstract": f"A survey of {topic} across regions and decades." + TAIL}
      for topic in ("Glaciers", "Violins", "Volcanoes", "Beehives", "Canals")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


async def _found(engine: SearchEngine, query: str) -> list[str]:
    return [hit.paper.id for hit in (await engine.search(query)).hits]


@pytest.mark.parametrize(("typed", "defines", "spells"), [
    ("GAN", DEFINES, SPELLS), ("GANs", DEFINES, SPELLS), ("gan", DEFINES, SPELLS),  # three words
    ("MDP", DEFINES_MDP, SPELLS_MDP),
    ("SVGD", DEFINES_SVGD, SPELLS_SVGD),  # four words
    ("RLHF", DEFINES_RLHF, SPELLS_RLHF),  # four, and a stop word between them
])
async def test_an_acronym_finds_the_papers_that_only_spell_it_out(engine: SearchEngine, db: aiosqlite.Connection,
                                                                  typed: str, defines: str, spells: str) -> None:
    found = await _found(engine, typed)
    assert set(found[:2]) == {await paper_titled(db, defines), await paper_titled(db, spells)}


async def test_the_words_apart_are_not_the_acronym(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    found = await _found(engine, "GAN")
    assert {await paper_titled(db, DEFINES), await paper_titled(db, SPELLS)} <= set(found)  # the search found some
    assert await paper_titled(db, APART) not in found
    assert set(await engine.matching_ids("GANs")) == {await paper_titled(db, DEFINES), await paper_titled(db, SPELLS)}


def test_a_definition_may_have_stop_words_the_acronym_leaves_out() -> None:
    assert acronyms("reinforcement learning from human feedback (RLHF)") == {
        "rlhf": ["reinforcement", "learning", "from", "human", "feedback"]}
    assert acronyms("mixture of experts (MoE)") == {"moe": ["mixture", "of", "experts"]}  # as before: "of" is the o
    assert acronyms("we use the human feedback (RLHF)") == {}  # too few words: no definition


def test_a_phrase_of_words_the_corpus_met_late_is_found_too() -> None:
    # Past 65,535 terms the build keeps a word's id apart from the two bytes it keeps for most words: a phrase whose
    # words came after that many others is found as any other.
    from storage._search_index import IndexDoc, SearchIndex

    filler = " ".join(f"w{n}x" for n in range(66_000))
    docs = [IndexDoc("filler", "Many words", (), (), filler),
            IndexDoc("defines", "Particle methods", (), (),
                     "Quasar variational gradient descent (QVGD) moves particles; our QVGD adapts its kernel."),
            IndexDoc("spells", "Convergence of particles", (), (),
                     "We prove that quasar variational gradient descent converges with finitely many particles."),
            IndexDoc("apart", "Quasar kernels", (), (),
                     "A quasar variational study; gradient descent on kernels of many particles.")]
    index = SearchIndex.build(docs)
    quasar = index.term_id("quasar")
    assert quasar is not None
    assert quasar >= 0xFFFF
    assert {index.ids[p] for p in index.rank("QVGD").order} == {"defines", "spells"}
