"""An acronym finds the papers that spell it out in any of the corpus's wordings of its one meaning, and acronyms of
five and six words too, on a real temporary SQLite file (session 12's review).

The index kept one spelling per acronym, the one most definitions use, and only of two to four words: on the ICML 2018
+ AISTATS 2025 corpus, "DP" (defined as "differential privacy" three times, "differentially private" once) missed the
10 papers that write "differentially private" and never "DP"; "VAE" the papers writing "variational auto-encoders"
(the corpus's definitions mostly write "autoencoders"), "LDP" those on "local differential privacy", "GAN" one on
"generative adversarial nets"; "LOOCV" (leave-one-out cross-validation) found only the papers writing "LOOCV".

A wording of another meaning is not the acronym's: "DP" defined as "dynamic programming" once does not make every
paper on dynamic programming one about differential privacy."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine
from tests.storage.conftest import Records, engine_over, paper_titled

TAIL = " Experiments on public benchmarks support the analysis."


def _paper(title: str, abstract: str) -> dict[str, object]:
    return {"title": title, "abstract": abstract + TAIL}


RECORDS: Records = [
    _paper("Private Medians",
           "Differential privacy (DP) bounds what a release tells of anyone; our DP median is exact."),
    _paper("Private Means", "Differential privacy (DP) costs accuracy; we give a DP mean with optimal error."),
    _paper("Private Sketches", "Differentially private (DP) sketches answer counting queries; DP noise is added once."),
    _paper("Releasing Histograms", "We release histograms with a differentially private mechanism of low error."),
    _paper("Private Data and Differential Equations",  # both words, never side by side
           "We solve differential equations whose coefficients are learned from private records."),
    _paper("Planning by Recursion", "Dynamic programming (DP) solves the planning problem; our DP table is small."),
    _paper("Shortest Paths", "We speed up dynamic programming for shortest paths on sparse graphs."),
    _paper("Amortised Inference", "Variational autoencoders (VAEs) amortise inference; our VAE has a flow prior."),
    _paper("Posterior Collapse", "Variational autoencoders (VAEs) may ignore their latent code; we keep VAE codes on."),
    _paper("Hierarchical Latents", "A variational auto-encoder (VAE) with many layers; the VAE learns a hierarchy."),
    _paper("Disentangled Codes", "We train variational auto-encoders whose latent factors are disentangled."),
    _paper("Mode Coverage", "Generative adversarial networks (GANs) drop modes; our GAN keeps them."),
    _paper("Critic Design", "Generative adversarial networks (GANs) need a critic; we regularise the GAN critic."),
    _paper("Adversarial Games", "Generative adversarial nets (GANs) are games; each GAN player best responds."),
    _paper("Image Translation", "We analyse image translation with generative adversarial nets and cycle losses."),
    _paper("Model Selection by Resampling",
           "Leave-one-out cross-validation (LOOCV) selects the ridge penalty; we compute LOOCV in closed form."),
    _paper("Approximate Validation", "We approximate leave-one-out cross-validation for generalised linear models."),
    _paper("Finding Dense Regions",
           "Density-based spatial clustering of applications with noise (DBSCAN) finds dense regions; DBSCAN is fast."),
    _paper("Clusters in Streams",
           "We adapt density-based spatial clustering of applications with noise to evolving streams."),
    *(_paper(f"A Survey of {topic}", f"A survey of {topic} across regions and decades.")
      for topic in ("Glaciers", "Violins", "Volcanoes", "Beehives", "Canals", "Lagoons", "Orchards")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


async def _titles(engine: SearchEngine, query: str) -> set[str]:
    return {hit.paper.title for hit in (await engine.search(query, limit=20)).hits}


@pytest.mark.parametrize(("typed", "spelled_otherwise", "defined_so"), [
    ("DP", "Releasing Histograms", "Private Sketches"),  # "differentially private" beside "differential privacy"
    ("VAE", "Disentangled Codes", "Hierarchical Latents"),  # "auto-encoders" beside "autoencoders"
    ("GAN", "Image Translation", "Adversarial Games"),  # "nets" beside "networks"
])
async def test_an_acronym_finds_a_paper_spelling_it_out_in_its_second_wording(
        engine: SearchEngine, typed: str, spelled_otherwise: str, defined_so: str) -> None:
    found = await _titles(engine, typed)
    assert {spelled_otherwise, defined_so} <= found
    assert await paper_titled_in(engine, typed, spelled_otherwise)


async def paper_titled_in(engine: SearchEngine, topic: str, title: str) -> bool:
    """Whether the topic filter (/paper random's topic, a subscription's) has the paper too."""
    ids = await engine.matching_ids(topic)
    hits = (await engine.search(title, limit=1)).hits
    return bool(hits) and hits[0].paper.id in ids


@pytest.mark.parametrize(("typed", "defines", "spells"), [
    ("LOOCV", "Model Selection by Resampling", "Approximate Validation"),  # five words
    ("DBSCAN", "Finding Dense Regions", "Clusters in Streams"),  # six, two stop words between them
])
async def test_an_acronym_of_five_or_six_words_finds_the_papers_spelling_it_out(
        engine: SearchEngine, db: aiosqlite.Connection, typed: str, defines: str, spells: str) -> None:
    hits = (await engine.search(typed)).hits
    assert {hit.paper.id for hit in hits[:2]} == {await paper_titled(db, defines), await paper_titled(db, spells)}


async def test_the_words_of_another_meaning_or_apart_are_not_the_acronym(engine: SearchEngine) -> None:
    found = await _titles(engine, "DP")
    assert "Shortest Paths" not in found  # dynamic programming: DP's other, rarer meaning here
    assert "Private Data and Differential Equations" not in found  # the words, not side by side
    assert "Planning by Recursion" in found  # it writes "DP" itself
