"""Search as a reader meets it on a corpus the team never saw: LaTeX in abstracts and queries,
authors, long titles (session 8's review)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import aiosqlite
import pytest

from storage._search_index import IndexDoc, SearchIndex
from storage._search_text import words
from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import assert_all_loaded, engine_over, write_seed_file


async def test_a_snippet_keeps_the_subscripts_the_card_shows(db: aiosqlite.Connection, tmp_path: Path) -> None:
    # Display text writes a subscript left as such escaped, "x\_T"; the snippet read the two escaped
    # underscores of "x\_T | x\_S" as one italic run and showed "p(x\T | x\S)".
    abstract = ("Masked models learn conditionals $p(x_T \\mid x_S)$ for subsets $S$ and $T$ of the "
                "observed variables, and we ask when such conditionals are consistent with one joint.")
    assert_all_loaded(await load_corpus(db, [write_seed_file(tmp_path / "x.txt", [abstract])]), 1)
    engine = await SearchEngine.open(db, meaning=False)
    hit = (await engine.search("consistent conditionals")).hits[0]
    assert "x\\_T | x\\_S" in hit.paper.abstract  # the card: x_T | x_S
    assert "x\\_T \\| x\\_S" in hit.snippet, hit.snippet  # the result list: the same, its pipe escaped


# --- authors -------------------------------------------------------------------------------------

PAPERS_WITH_AUTHORS = [
    {"title": "QLoRA: Efficient Finetuning of Quantized LLMs",
     "author": "Tim Dettmers; Artidoro Pagnoni; Luke Zettlemoyer",
     "abstract": "We present QLoRA, an efficient finetuning approach that reduces memory usage enough to finetune a "
                 "65B parameter model on a single GPU by backpropagating through a frozen 4-bit quantized model."},
    {"title": "Mamba: Linear-Time Sequence Modeling with Selective State Spaces", "author": "Albert Gu; Tri Dao",
     "abstract": "Structured state space models with input-dependent parameters select what to remember along the "
                 "sequence, giving linear-time sequence modeling that matches attention on language."},
    {"title": "FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision",
     "author": "Jay Shah; Ganesh Bikshandi; Vijay Thakkar; Tri Dao",
     "abstract": "We speed up attention on Hopper GPUs with warp specialisation, interleaved matmul and softmax, and "
                 "FP8 low-precision block quantization, reaching 740 TFLOPs/s in FP16."},
    {"title": "Trying Tricks for Tries", "author": "Ana Ruiz; Sam Prefix",
     "abstract": "We try tries and other prefix trees for string dictionaries, trying many tricks on the way."},
]


async def _engine_over(db: aiosqlite.Connection, tmp_path: Path,
                       records: Sequence[Mapping[str, object]]) -> SearchEngine:
    """A words-only engine over `records` as one venue's file: the shared `engine_over`, which fails the test unless
    every record loads (a paper skipped as too short passed a test looking for it as "not found")."""
    return await engine_over(db, tmp_path, {"neurips2024.json": records})


async def test_an_authors_surname_finds_their_papers(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _engine_over(db, tmp_path, PAPERS_WITH_AUTHORS)
    found = (await engine.search("Dettmers")).hits
    assert [hit.paper.title[:5] for hit in found] == ["QLoRA"]
    found = (await engine.search("Tri Dao")).hits
    assert {hit.paper.title[:5] for hit in found[:2]} == {"Mamba", "Flash"}  # before the paper about "trying"


async def test_a_paper_found_by_its_author_says_so_in_its_snippet(db: aiosqlite.Connection, tmp_path: Path) -> None:
    # Its abstract's snippet cannot show why it matched: the list names the matched authors in bold, where they
    # stand among the first ones (session 11: no longer moved first, where they read as the first author).
    engine = await _engine_over(db, tmp_path, PAPERS_WITH_AUTHORS)
    hits = (await engine.search("Tri Dao")).hits
    assert hits[0].snippet.startswith("By Albert Gu, **Tri Dao** — ")
    assert hits[1].snippet.startswith("By Jay Shah, Ganesh Bikshandi, …, **Tri Dao** — ")
    assert len(hits) == 2  # "trying" alone is no paper of Tri Dao's (session 15)
    assert not (await engine.search("trying")).hits[0].snippet.startswith("By ")  # no author matched
    assert not (await engine.search("quantized finetuning")).hits[0].snippet.startswith("By ")
    # A surname that is also a word of the paper is no reason to name its author: the words say why.
    hits = (await engine.search("prefix trees for strings")).hits
    assert hits[0].paper.title.startswith("Trying Tricks")
    assert not hits[0].snippet.startswith("By ")


async def test_a_misspelt_or_half_typed_surname_finds_them_too(db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _engine_over(db, tmp_path, PAPERS_WITH_AUTHORS)
    results = await engine.search("Dettmres")
    assert results.hits[0].paper.title.startswith("QLoRA")
    assert results.suggestions == ["Dettmers"]
    suggestions = await engine.autocomplete("Zettlem")
    assert [s.label[:5] for s in suggestions] == ["QLoRA"]


def _doc(doc_id: str, abstract: str, authors: tuple[str, ...] = ()) -> IndexDoc:
    return IndexDoc(doc_id, "", (), (), abstract, authors)


def test_many_authors_do_not_make_a_paper_rank_lower() -> None:
    # BM25 scores a match lower in a longer paper; a long author list is no more text about the topic.
    topic = "Graph neural networks for molecular property prediction with message passing."
    other = "Kernel methods for time series and their message passing approximations."
    few = SearchIndex.build([_doc("a", topic, ("Ann Lee",)), _doc("b", other)])
    many = SearchIndex.build([_doc("a", topic, tuple(f"Author{i} Surname{i}" for i in range(120))), _doc("b", other)])
    assert few.score(few.query_terms("message passing"))[0] == many.score(many.query_terms("message passing"))[0]


def test_papers_are_similar_by_topic_not_by_shared_authors() -> None:
    authors = ("Ada Quixote", "Bram Zylstra")
    index = SearchIndex.build([
        _doc("a", "Graph neural networks predict molecular properties by message passing.", authors),
        _doc("b", "A survey of reinforcement learning for robot locomotion.", authors),
        _doc("c", "Message passing graph networks for molecules and their properties.", ("Cy Young",)),
    ])
    similar = index.similar_to(_doc("a", "Graph neural networks predict molecular properties by message passing.",
                                    authors), limit=1)
    assert [index.ids[int(p)] for p in similar] == ["c"]


# --- Greek letters and LaTeX in queries ----------------------------------------------------------

GREEK_PAPERS = [
    {"title": r"$\alpha$-Divergence Variational Inference Meets Importance Weighted Auto-Encoders",
     "abstract": r"Algorithms built on the Variational R\'enyi bound minimise an $\alpha$-divergence between a target "
                 "posterior and a variational distribution; we study the VR-IWAE bound and its asymptotics."},
    {"title": "Beyond Reverse KL: Preference Optimization with Diverse Divergence Constraints",
     "abstract": "Preference optimization under a divergence constraint: forward divergence, reverse divergence "
                 "and Jensen-Shannon divergence all keep the reward and the optimal policy simply related."},
    {"title": r"Tight Regret for $\epsilon$-Greedy Exploration in Linear Bandits",
     "abstract": r"We revisit $\varepsilon$-greedy exploration for linear contextual bandits and prove tight regret "
                 "bounds for a decaying exploration rate."},
    {"title": "Greedy Coordinate Descent, Accelerated",
     "abstract": "Greedy coordinate descent picks the greedy coordinate; we accelerate greedy rules in theory and "
                 "practice for greedy selection."},
]


@pytest.mark.parametrize(("query", "wanted"), [
    ("\\alpha-divergence", "α-Divergence"),  # as written in LaTeX
    ("$\\alpha$-divergence", "α-Divergence"),
    ("α-divergence", "α-Divergence"),
    ("alpha divergence", "α-Divergence"),  # the letter's name
    ("epsilon greedy", "Tight Regret"),
    ("\\epsilon-greedy exploration", "Tight Regret"),
    ("ϵ-greedy", "Tight Regret"),  # the lunate form, as \epsilon prints
])
async def test_a_greek_letter_typed_any_way_finds_the_paper(
        db: aiosqlite.Connection, tmp_path: Path, query: str, wanted: str) -> None:
    engine = await _engine_over(db, tmp_path, GREEK_PAPERS)
    assert (await engine.search(query)).hits[0].paper.title.startswith(wanted)


async def test_show_finds_a_title_with_a_greek_letter_as_the_conference_writes_it(
        db: aiosqlite.Connection, tmp_path: Path) -> None:
    engine = await _engine_over(db, tmp_path, GREEK_PAPERS)
    stored = "α-Divergence Variational Inference Meets Importance Weighted Auto-Encoders"  # as the card shows it
    found = await engine.by_title(stored)
    assert found is not None
    assert await engine.by_title(str(GREEK_PAPERS[0]["title"])) == found  # "$\alpha$-Divergence …"
    spelled = "alpha-Divergence Variational Inference Meets Importance Weighted Auto-Encoders"
    assert await engine.by_title(spelled) == found


def test_greek_words_stay_words() -> None:
    # Only a Greek letter standing alone as a symbol is read as its name; Greek text is matched as written.
    assert words("λόγος and α-stable") == ["λογοσ", "and", "alpha", "stable"]  # casefolded: final ς is σ


# --- autocomplete ------------------------------------------------------------------------------

def test_two_words_being_typed_as_the_name_the_corpus_joins_find_it() -> None:
    # "flash att" is "FlashAttention" being typed: the abstract writes the name as one word, which no
    # completion of "att" alone reaches, and "flash" is no word of the corpus at all.
    index = SearchIndex.build([
        _doc("fa3", "FlashAttention-3 speeds up attention on Hopper GPUs with asynchrony and low precision."),
        *(_doc(f"att{i}", f"Attention mechanisms for task {i}: attention weights and attributes.") for i in range(3)),
        *(_doc(f"other{i}", f"Graph kernels and message passing for molecules, study {i}.") for i in range(6)),
    ])
    completed = SearchEngine._complete(index, "flash att", 25)
    assert index.ids[completed[0]] == "fa3"
    assert len(completed) > 1  # the papers about attention still follow


def test_typing_more_of_a_title_word_never_loses_the_paper() -> None:
    # "grounding d" and "grounding din" put Grounding DINO first, "grounding di" did not: "di" has more
    # completions than are tried, and the most used of them ("different", "distribution" …) left out "dino".
    common = ["different", "distribution", "discrete", "direct", "diverse", "dimension", "disease", "digital",
              "diagonal", "dictionary", "diffusion", "diameter", "dialogue", "dirichlet", "divergence",
              "dilated", "display", "distance", "district", "digit", "diet", "diagram", "dialect", "diamond",
              "dice", "differ", "difficult", "dig", "dinner", "dip", "diploma", "dirt", "disc", "dish",
              "disk", "dismiss", "disorder", "dispatch", "dispute", "dissolve", "distant", "distinct"]
    docs = [_doc(f"c{i}{copy}", f"Grounded models for {word} data, study {copy}.")
            for i, word in enumerate(common) for copy in "ab"]  # each in two papers: more used than "dino"
    docs.append(IndexDoc("dino", "Grounding DINO: Marrying DINO with Grounded Pre-Training", ("Grounding DINO",), (),
                         "An open-set object detector marrying a detector with grounded pre-training."))
    index = SearchIndex.build(docs)
    assert len(index._completions("di")) < len([w for w in index.sorted_words if w.startswith("di")])
    for typed in ("grounding din", "grounding di"):
        assert index.ids[SearchEngine._complete(index, typed, 25)[0]] == "dino", typed
