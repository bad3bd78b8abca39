"""/paper search and show as a reader meets them on a corpus of another conference year, with authors,
LaTeX and long titles (session 8's review), end to end through SimCord."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import simcord

from bot import limits
from bot.errors import PaperNotFoundError
from tests.bot.conftest import World, answer, expect_errors
from tests.bot.test_papers import buttons, embed_of

ALPHA_TITLE = r"$\alpha$-Divergence Variational Inference Meets Importance Weighted Auto-Encoders"
LONG_TITLE = ("Scaling Instruction-Finetuned Language Models: Chain-of-Thought Data, Model Scale From Eighty Million "
              "to Five Hundred and Forty Billion Parameters, Held-Out Task Generalization, Multilingual Evaluation, "
              "and Responsible AI Benchmarks Across Numerous Suites of Tasks in Many Languages")
QPOTS_TITLE = r"$q\texttt{POTS}$: Efficient Batch Multiobjective Bayesian Optimization via \emph{Pareto} Sampling"
RECORDS = [
    {"title": QPOTS_TITLE,
     "abstract": "We propose a batch multiobjective Bayesian optimization method that samples Pareto optimal "
                 "points from Thompson samples of Gaussian process posteriors, and scales to many objectives."},
    {"title": LONG_TITLE, "author": "; ".join(f"Author{i} Surname{i}" for i in range(120)),
     "abstract": "Finetuning language models on a collection of datasets phrased as instructions improves model "
                 "performance and generalization to unseen tasks, more so with more tasks and chain-of-thought data."},
    {"title": "QLoRA: Efficient Finetuning of Quantized LLMs",
     "author": "Tim Dettmers; Artidoro Pagnoni; Luke Zettlemoyer",
     "abstract": "We present QLoRA, an efficient finetuning approach that reduces memory usage enough to finetune a "
                 "65B parameter model on a single GPU by backpropagating through a frozen 4-bit quantized model."},
    {"title": "Mamba: Linear-Time Sequence Modeling with Selective State Spaces", "author": "Albert Gu; Tri Dao",
     "abstract": "Structured state space models with input-dependent parameters select what to remember along the "
                 "sequence, giving linear-time sequence modeling that matches attention on language."},
    {"title": ALPHA_TITLE, "author": "Kamélia Daudel; Arnaud Doucet",
     "abstract": r"Algorithms built on the Variational R\'enyi bound minimise an $\alpha$-divergence between a target "
                 "posterior and a variational distribution; we study the VR-IWAE bound and its asymptotics."},
    {"title": "Beyond Reverse KL: Preference Optimization with Diverse Divergence Constraints",
     "abstract": "Preference optimization under a divergence constraint: forward divergence, reverse divergence "
                 "and Jensen-Shannon divergence all keep the reward and the optimal policy simply related."},
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """A small corpus of another conference year, with authors."""
    path = tmp_path / "neurips2024.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return (path,)


async def test_searching_an_authors_surname_lists_their_paper(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="Dettmers")

    assert not result.ephemeral
    listing = embed_of(result).description or ""
    assert listing.startswith("**1. QLoRA: Efficient Finetuning of Quantized LLMs**"), listing
    assert "By **Tim Dettmers**, Artidoro Pagnoni, Luke Zettlemoyer — " in listing
    assert "**2." not in listing


async def test_a_greek_letter_in_latex_finds_the_paper_in_search_and_show(world: World) -> None:
    result = await world.alice.slash(world.channel, "paper search", query="\\alpha-divergence")
    listing = embed_of(result).description or ""
    assert listing.startswith("**1. α-Divergence Variational Inference"), listing

    shown = await world.alice.slash(world.channel, "paper show", paper=ALPHA_TITLE)  # copied from the conference

    assert not shown.ephemeral, shown.response
    assert embed_of(shown).title == "α-Divergence Variational Inference Meets Importance Weighted Auto-Encoders"


async def test_a_title_longer_than_a_card_allows_is_cut_at_a_word_and_still_found_whole(world: World) -> None:
    assert len(LONG_TITLE) > limits.EMBED_TITLE

    shown = await world.alice.slash(world.channel, "paper show", paper=LONG_TITLE)  # pasted whole

    assert not shown.ephemeral, shown.response
    title = embed_of(shown).title or ""
    assert len(title) <= limits.EMBED_TITLE
    assert title.endswith("…"), title  # the stored title was cut at 256 characters, mid-word and unmarked
    kept = title.removesuffix("…").rstrip()
    assert LONG_TITLE.startswith(kept)
    assert LONG_TITLE[len(kept)] in " ,", title  # cut between words


async def test_a_title_that_is_no_papers_is_not_called_an_id(simcord_env: simcord.Env, world: World) -> None:
    shown = await world.alice.slash(world.channel, "paper show", paper="Attention Is All You Need")

    assert shown.ephemeral
    assert shown.response is not None
    assert shown.response.content.startswith("There is no paper titled “Attention Is All You Need”."), shown.response
    expect_errors(simcord_env, PaperNotFoundError)


async def test_plain_text_lists_show_a_title_without_its_markup(world: World) -> None:
    # The card's title renders "q`POTS`" as code and "*Pareto*" in italics; an autocomplete choice, a menu
    # option and a result list's heading showed those backticks and asterisks as characters.
    plain = "qPOTS: Efficient Batch Multiobjective Bayesian Optimization via Pareto Sampling"
    choices = await world.alice.autocomplete(world.channel, "paper search", "query", "qPOTS efficient batch")
    assert choices[0]["name"] == plain

    result = await world.alice.slash(world.channel, "paper search", query="multiobjective pareto thompson")

    listing = embed_of(result).description or ""
    assert listing.startswith(f"**1. {plain}**"), listing
    menu = next(c for c in buttons(answer(result)).values() if c.get("type") == 3)
    assert menu["options"][0]["label"] == f"1. {plain}"
    shown = await world.alice.slash(world.channel, "paper show", paper=choices[0]["value"])
    assert embed_of(shown).title == plain.replace("qPOTS", "q`POTS`").replace("Pareto", "*Pareto*")  # the card's markup
