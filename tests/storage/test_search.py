"""Search on the bundled seed corpus, in a real temporary SQLite file: what people type, what they get."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import numpy as np
import pytest

from storage._search_index import IndexDoc, SearchIndex
from storage.loader import load_corpus
from storage.search import EmptyQueryError, SearchEngine, label
from tests.storage.conftest import BUNDLED, rows_of, scalar, write_seed_file


@pytest.fixture
async def engine(db: aiosqlite.Connection) -> SearchEngine:
    """A search engine over the bundled corpus (38 ICML 2025 abstracts)."""
    await load_corpus(db, [BUNDLED])
    return await SearchEngine.open(db)


async def paper_containing(db: aiosqlite.Connection, phrase: str) -> str:
    """The id of the one active paper whose abstract contains `phrase` (the answer key, from the text)."""
    rows = await rows_of(db, "SELECT id FROM papers WHERE active = 1 AND instr(abstract_raw, ?) > 0", (phrase,))
    assert len(rows) == 1, f"{phrase!r} is in {len(rows)} abstracts"
    return str(rows[0][0])


async def top_ids(engine: SearchEngine, query: str, n: int = 5) -> list[str]:
    """Ids of the first `n` hits."""
    return [hit.paper.id for hit in (await engine.search(query, limit=n)).hits]


# --- what people type ---------------------------------------------------------------------------

@pytest.mark.parametrize(("query", "phrase"), [
    ("ShadowKV", "We present ShadowKV"),
    ("shadowkv", "We present ShadowKV"),
    ("RE-IMAGINE", "RE-IMAGINE"),
    ("reimagine", "RE-IMAGINE"),
    ("Proxy-FDA", "Proxy-FDA"),
    ("proxy fda", "Proxy-FDA"),
    ("PANDAS", "PANDAS"),
    ("MorphKV", "MorphKV"),
    ("DSDA", "(DSDA)"),
    ("RepoAudit", "RepoAudit"),
])
async def test_a_method_name_ranks_its_paper_first(engine: SearchEngine, db: aiosqlite.Connection,
                                                   query: str, phrase: str) -> None:
    assert (await top_ids(engine, query))[0] == await paper_containing(db, phrase)


@pytest.mark.parametrize(("query", "phrase"), [
    ("Softmax is not Enough (for Sharp Size Generalisation)", "sharp decisions"),
    ("Dialogue Without Limits: Constant-Sized KV Caches for Extended Responses in LLMs", "MorphKV"),
    ("ShadowKV: KV Cache in Shadows for High-Throughput Long-Context LLM Inference", "We present ShadowKV"),
    ("Revisiting Unbiased Implicit Variational Inference", None),
])
async def test_a_real_title_finds_its_paper(engine: SearchEngine, db: aiosqlite.Connection,
                                            query: str, phrase: str | None) -> None:
    if phrase is None:  # a title of a paper that is not in the corpus: no error, nothing claimed
        assert isinstance((await engine.search(query)).hits, list)
        return
    assert (await top_ids(engine, query))[0] == await paper_containing(db, phrase)


@pytest.mark.parametrize(("typed", "phrase"), [
    ("shadwokv", "We present ShadowKV"),
    ("many shot jailbraking", "Many-shot jailbreaking"),
    ("halucination contrastive decodng", "SECOND"),
    ("Sofmtax is not Enuogh for Sharp Size Generalisation", "sharp decisions"),
])
async def test_typos_find_the_same_paper(engine: SearchEngine, db: aiosqlite.Connection,
                                         typed: str, phrase: str) -> None:
    assert (await top_ids(engine, typed))[0] == await paper_containing(db, phrase)


async def test_a_typo_gets_a_did_you_mean(engine: SearchEngine) -> None:
    results = await engine.search("many shot jailbraking")
    assert results.suggestions == ["many shot jailbreaking"]
    assert (await engine.search("many shot jailbreaking")).suggestions == []


@pytest.mark.parametrize(("topic", "stem"), [
    ("kv cache", "kv"),
    ("machine unlearning", "unlearn"),
    ("hallucination", "hallucinat"),
    ("jailbreak", "jailbreak"),
])
async def test_papers_about_a_topic_come_first(engine: SearchEngine, topic: str, stem: str) -> None:
    hits = (await engine.search(topic, limit=3)).hits
    assert len(hits) >= 2
    assert all(stem in hit.paper.abstract.lower() for hit in hits[:2])
    assert hits[0].score >= hits[1].score


async def test_both_kv_cache_papers_lead_kv_cache(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    expected = {await paper_containing(db, "We present ShadowKV"), await paper_containing(db, "MorphKV")}
    assert set(await top_ids(engine, "kv cache", 2)) == expected
    assert set(await engine.matching_ids("kv cache")) == expected
    assert set(await engine.matching_ids("KV cahce")) == expected  # typo forgiven


@pytest.mark.parametrize(("partial", "phrase"), [
    ("Shado", "We present ShadowKV"),
    ("jailbr", "Many-shot jailbreaking"),
    ("RepoA", "RepoAudit"),
    ("machine unlea", "source-free unlearning"),
    ("proxy-f", "Proxy-FDA"),
])
async def test_autocomplete_finds_half_typed_input_in_the_top_five(
        engine: SearchEngine, db: aiosqlite.Connection, partial: str, phrase: str) -> None:
    suggestions = await engine.autocomplete(partial)
    assert await paper_containing(db, phrase) in [s.id for s in suggestions[:5]]


@pytest.mark.parametrize(("partial", "phrase"), [
    ("RepoA", "RepoAudit"),
    ("find papers on jailbr", "Many-shot jailbreaking"),
])
async def test_a_search_sent_half_typed_finds_what_autocomplete_would(
        engine: SearchEngine, db: aiosqlite.Connection, partial: str, phrase: str) -> None:
    results = await engine.search(partial, limit=5)
    assert await paper_containing(db, phrase) in [hit.paper.id for hit in results.hits]


async def test_a_half_typed_search_does_not_override_whole_words(engine: SearchEngine) -> None:
    assert (await engine.search("zzzzqqq")).hits == []


async def test_autocomplete_labels_fit_discord(engine: SearchEngine) -> None:
    suggestions = await engine.autocomplete("learning", limit=25)
    assert 1 <= len(suggestions) <= 25
    assert len({s.id for s in suggestions}) == len(suggestions)
    assert all(0 < len(s.label) <= 100 and "\n" not in s.label for s in suggestions)
    assert await engine.autocomplete("   ") == []
    assert len(await engine.autocomplete("a", limit=3)) <= 3


async def test_autocomplete_puts_the_paper_of_a_half_typed_method_name_first(
        db: aiosqlite.Connection, tmp_path: Path) -> None:
    # Papers full of "max" and words starting with "r": what the words of "Max-R" match on their own.
    others = [f"We bound the max regret and the max reward of robust ranking rules in study {n}, with "
              "max recall, max risk and max return rates for randomised routing of requests." for n in range(8)]
    named = ("We propose Max-Rank, a multiple testing procedure for conformal prediction that controls "
             "the family-wise error rate across many candidate models at once.")
    await load_corpus(db, [write_seed_file(tmp_path / "names.txt", [*others, named])])
    engine = await SearchEngine.open(db)
    want = await paper_containing(db, "Max-Rank")
    for typed in ("Max-R", "max-ra", "MaxRan", "Max-Rank"):
        assert (await engine.autocomplete(typed))[0].id == want, typed
    # The name leads, and the papers the words themselves match still follow it.
    assert len(await engine.autocomplete("Max-R")) == 9


async def test_autocomplete_by_paper_id(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    paper_id = await paper_containing(db, "We present ShadowKV")
    assert (await engine.autocomplete(paper_id[:6]))[0].id == paper_id


def test_labels_are_cut_at_a_word_with_an_ellipsis() -> None:
    long = "A " + "verylongword " * 20
    cut = label(long)
    assert len(cut) <= 100
    assert cut.endswith("…")
    assert not cut[:-1].endswith("verylongwor")
    assert label("Short  title\n") == "Short title"


# --- snippets -----------------------------------------------------------------------------------

async def test_snippets_bold_the_matched_words(engine: SearchEngine) -> None:
    hit = (await engine.search("shadowkv throughput")).hits[0]
    assert "**ShadowKV**" in hit.snippet
    assert "**throughput**" in hit.snippet
    assert len(hit.snippet) <= 320


async def test_snippets_escape_the_abstract_markdown(db: aiosqlite.Connection, tmp_path: Path) -> None:
    abstract = ("We study forget_set pruning with a pipe | and `ticks` and ~~strikes~~ and > quotes, "
                "so that the **snippet** never garbles Discord formatting in any way at all.")
    await load_corpus(db, [write_seed_file(tmp_path / "x.txt", [abstract])])
    snippet = (await (await SearchEngine.open(db)).search("pruning")).hits[0].snippet
    assert "**pruning**" in snippet
    for raw in ("forget\\_set", "\\|", "\\`ticks\\`", "\\~\\~strikes", "\\> quotes"):
        assert raw in snippet, raw


# --- paging, totals, refresh --------------------------------------------------------------------

async def test_pages_follow_on_and_total_counts_them(engine: SearchEngine) -> None:
    everything = await engine.search("language models", limit=6)
    first = await engine.search("language models", limit=3, offset=0)
    second = await engine.search("language models", limit=3, offset=3)
    assert [h.paper.id for h in first.hits + second.hits] == [h.paper.id for h in everything.hits]
    assert everything.total >= len(everything.hits)
    assert (await engine.search("language models", offset=500)).hits == []


async def test_refresh_sees_a_new_load_and_drops_retired_papers(db: aiosqlite.Connection, tmp_path: Path) -> None:
    corpus = tmp_path / "c.txt"
    first = "We introduce ZetaNet, a network that counts zebras in aerial photographs with uncertainty."
    second = "We introduce OmegaFlow, a normalising flow for tabular data with missing entries and noise."
    await load_corpus(db, [write_seed_file(corpus, [first])])
    engine = await SearchEngine.open(db)
    assert (await engine.search("zetanet")).total == 1
    await load_corpus(db, [write_seed_file(corpus, [second])], force=True)
    assert (await engine.search("omegaflow")).total == 0  # not until refreshed
    await engine.refresh()
    assert (await engine.search("omegaflow")).total == 1
    assert (await engine.search("zetanet")).total == 0  # retired: no longer found


async def test_an_empty_corpus_finds_nothing_without_error(db: aiosqlite.Connection) -> None:
    engine = await SearchEngine.open(db)
    results = await engine.search("anything at all")
    assert (results.hits, results.total) == ([], 0)
    assert await engine.autocomplete("any") == []
    assert await engine.matching_ids("topic") == []


# --- similar and topics -------------------------------------------------------------------------

async def test_similar_papers_exclude_the_paper_itself(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    shadow = await paper_containing(db, "We present ShadowKV")
    similar = await engine.similar(shadow, limit=3)
    assert 1 <= len(similar) <= 3
    assert shadow not in [p.id for p in similar]
    assert similar[0].id == await paper_containing(db, "MorphKV")
    assert await engine.similar("nosuchid") == []


async def test_matching_ids_needs_every_word(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    unlearning = await engine.matching_ids("machine unlearning")
    assert await paper_containing(db, "source-free unlearning") in unlearning
    assert set(unlearning) <= set(await engine.matching_ids("unlearning"))
    assert await engine.matching_ids("zebra quasar") == []
    with pytest.raises(EmptyQueryError):
        await engine.matching_ids("  ")


# --- bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("blank", ["", " ", "\t\n  "])
async def test_an_empty_query_raises_a_readable_error(engine: SearchEngine, blank: str) -> None:
    with pytest.raises(EmptyQueryError, match="Type a few words"):
        await engine.search(blank)


@pytest.mark.parametrize("query", [
    '"', '""', "*", "-", ":", "^", "(", ")", "NEAR", "AND", "OR", "NOT", 'NEAR(kv cache, 2)',
    'kv AND NOT cache', 'title:shadowkv', '"unterminated phrase', "-cache ^kv*", "((((", "a OR",
    "🙂🚀", "机器学习 模型", "Привет мир", "$\\widetilde{\\mathcal{O}}(\\log d)$", "\\textit{FedOne}",
    "'; DROP TABLE papers; --", "\x00\x01", "ﬁne-tuning", "КV cache",
])
async def test_odd_queries_are_plain_text(engine: SearchEngine, query: str) -> None:
    results = await engine.search(query)
    assert results.total >= len(results.hits)
    assert await engine.autocomplete(query) is not None
    assert (await engine.search("ShadowKV")).total == 1  # and nothing was harmed


async def test_fts_operators_are_matched_as_words(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    assert (await top_ids(engine, 'NEAR("ShadowKV" OR NOT)'))[0] == await paper_containing(db, "We present ShadowKV")


async def test_latex_in_a_query_is_read_as_text(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    assert (await top_ids(engine, "\\textit{FedOne}"))[0] == await paper_containing(db, "FedOne")


async def test_a_six_thousand_character_query_works(engine: SearchEngine, db: aiosqlite.Connection) -> None:
    abstract = await scalar(db, "SELECT abstract FROM papers WHERE abstract_raw LIKE '%We present ShadowKV%'")
    query = (abstract + " ") * (6000 // len(abstract) + 1)
    results = await engine.search(query[:6000])
    assert results.hits[0].paper.id == await paper_containing(db, "We present ShadowKV")
    assert await engine.autocomplete(query[:6000])


async def test_a_query_matching_nothing_returns_nothing(engine: SearchEngine) -> None:
    results = await engine.search("xyzzyqq")
    assert (results.hits, results.total) == ([], 0)


async def test_limit_and_offset_are_clamped(engine: SearchEngine) -> None:
    assert len((await engine.search("learning", limit=-3)).hits) == 0
    assert len((await engine.search("learning", limit=10_000)).hits) <= 100
    assert (await engine.search("learning", offset=-5)).hits == (await engine.search("learning")).hits


# --- the index on its own -----------------------------------------------------------------------

def _index(*abstracts: str) -> SearchIndex:
    return SearchIndex.build(IndexDoc(f"p{i}", "", (), (), text) for i, text in enumerate(abstracts))


def test_a_word_written_apart_or_joined_finds_both_spellings() -> None:
    index = _index("A multi-agent system of many robots.", "A multiagent system of robots.",
                   "Agents of chaos in a single system.")
    for query in ("multi agent", "multiagent", "multi-agent"):
        assert set(index.rank(query).order[:2].tolist()) == {0, 1}, query


def test_typos_are_corrected_to_the_corpus_vocabulary_only_when_close() -> None:
    index = _index("Generalisation of transformers is hard though.", "Diffusion models for images.")
    term = index.resolve("transfomrers")
    assert term.corrected == "transformers"
    assert index.resolve("enough").corrected is None  # two edits from "though": not a typo of it
    assert index.rank("difusion modles").order[0] == 1


def test_british_and_american_spellings_meet() -> None:
    index = _index("Sharp size generalization of attention.", "Optimisation of the learning rate.")
    assert index.rank("generalisation").order[0] == 0
    assert index.rank("optimization").order[0] == 1


def test_a_method_name_typed_as_one_beats_the_common_word() -> None:
    index = SearchIndex.build([
        IndexDoc("trade", "TRADE: boundary value problems for flows", ("TRADE",), (),
                 "We present TRADE, which transfers distributions between external conditions."),
        IndexDoc("tradeoff", "", (), (),
                 "The trade-off between bias and variance; this trade-off and every trade we study."),
    ])
    assert index.ids[index.rank("TRADE: Transfer of Distributions").order[0]] == "trade"
    assert index.ids[index.rank("bias variance trade off").order[0]] == "tradeoff"


def test_swapped_letters_are_fixed_but_other_words_and_acronyms_are_not_invented() -> None:
    index = _index("Gradient coding for stragglers.", "Dense contrastive estimation with DCE.",
                   "Optical flow with low light.", "Model selection.", "Mode collapse.")
    assert index.resolve("ocidng").corrected == "coding"  # two swaps: the same letters
    assert index.resolve("cfe").alternatives == ()  # a short acronym is not a typo of "dce"
    assert index.resolve("lfow").corrected == "flow"  # four letters: swaps only, not "low"
    fixes = {index.term_names[tids[0]] for tids, _ in index.resolve("modle").alternatives}
    assert fixes == {"model", "mode"}  # both one edit away: the papers decide


async def test_nothing_found_suggests_look_alike_corpus_words(engine: SearchEngine) -> None:
    results = await engine.search("hallucinashun")
    assert results.hits == []
    assert results.suggestions[0] == "hallucination"
    assert (await engine.search(results.suggestions[0])).total >= 2  # the suggestion finds papers
    assert (await engine.search("zqxjvk wxqv")).suggestions == []  # nothing alike: no noise


async def test_building_and_searching_leave_the_event_loop_free(db: aiosqlite.Connection) -> None:
    await load_corpus(db, [BUNDLED])
    engine = SearchEngine(db)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    task = asyncio.create_task(ticker())
    try:
        await engine.refresh()
        built = ticks
        await engine.search("kv cache")
        await engine.autocomplete("Shado")
    finally:
        task.cancel()
    assert built > 1  # the loop kept running other work while the index was built in a thread
    assert ticks > built  # and while the searches ran
    assert engine.size == 38


def test_acronyms_an_abstract_defines_count_as_their_words() -> None:
    from storage._search_text import acronyms

    assert acronyms("Stein variational gradient descent (SVGD) and GANs (x).") == {
        "svgd": ["stein", "variational", "gradient", "descent"]}
    index = _index(
        "Generative adversarial networks (GANs) are hard to train. We make GANs stable; GANs converge.",
        "Adversarial networks, adversarial networks: generative models for adversarial networks of roads.",
    )
    assert index.rank("Generative Adversarial Networks").order[0] == 0


def test_a_title_spelling_out_an_acronym_finds_a_paper_that_only_abbreviates() -> None:
    index = _index(
        "Recurrent neural networks (RNNs) model sequences.",  # defines the acronym
        "We extract automata from a trained RNN, querying the RNN as an oracle.",  # only abbreviates
        "Neural networks for recurrent flows, recurrent neural signals and networks.",
    )
    ranked = index.rank("Extracting automata from recurrent neural networks").order.tolist()
    assert ranked[0] == 1
    assert set(index.rank("RNNs").order.tolist()) == {0, 1}  # an acronym's plural is the acronym


def test_two_words_typed_as_one_find_the_paper_writing_them_apart() -> None:
    index = _index("Good seedings for the quick shift clustering algorithm.", "A quick survey of shift operators.",
                   "Clustering with seedings.")
    assert index.rank("Quickshift clustering").order[0] == 0
    assert index.resolve("quickshift").alternatives  # no such word, but "quick" + "shift"
    assert index.resolve("zzshift").alternatives == ()  # not two words of the corpus


def test_an_unknown_word_finds_its_close_relatives() -> None:
    index = _index("Dynamics of microbial communities.", "Dynamics of galaxies.")
    assert index.rank("microbiome dynamics").order[0] == 0


def test_a_possessive_is_not_a_word_of_its_own() -> None:
    from storage._search_text import words

    assert words("Can Transformers Emulate Newton’s Method? Angluin's algorithm") == [
        "can", "transformers", "emulate", "newton", "method", "angluin", "algorithm"]
    index = _index("Transformers emulate Newton's method in context.", "Newtons and joules: units of force.")
    assert index.rank("How Well Can Transformers Emulate In-Context Newton's Method?").order[0] == 0


def test_a_word_pair_counts_by_how_much_rarer_it_is_than_its_words() -> None:
    from storage._search_index import pair_codes

    index = _index(
        "Neural networks for temporal alignment of videos.",
        "Neural networks with temporal models and an alignment loss.",
        "Neural networks: temporal structure, alignment of labels.",
        "Neural networks in the temporal domain; alignment is hard.",
        "Kernels for graphs.",
    )
    codes, weights = index.pair_query("neural networks temporal alignment", index.query_terms(
        "neural networks temporal alignment"))
    neural, networks, temporal, alignment = (index.term_id(w) for w in ("neural", "networks", "temporal", "alignment"))
    told = dict(zip(codes.tolist(), weights.tolist(), strict=True))
    pair = pair_codes(np.array([temporal], np.uint32), np.array([alignment], np.uint32))[0]
    common = pair_codes(np.array([neural], np.uint32), np.array([networks], np.uint32))[0]
    assert told.get(int(pair), 0) > 0  # the words are everywhere, side by side once: telling
    assert int(common) not in told  # always side by side: says nothing the words don't
    assert index.rank("temporal alignment").order[0] == 0


def test_a_word_written_like_a_name_is_a_name_even_when_not_listed() -> None:
    index = _index(
        "We study signSGD: it takes the sign of each gradient to compress it.",
        "Compressed optimisation of networks.",
        "Compressed sensing problems.",
        *(f"Kernel methods for graphs, part {i}." for i in range(40)),
    )
    assert index.names["signsgd"].tolist() == [0]
    assert index.rank("signSGD: Compressed Optimisation").order[0] == 0
    assert "compressed" not in index.names  # an ordinary word is no name


def test_explain_adds_up_to_the_ranking_score() -> None:
    index = SearchIndex.build([
        IndexDoc("a", "Temporal alignment", ("TACO",), ("task decomposition",),
                 "We present TACO: temporal alignment for task decomposition in control."),
        IndexDoc("b", "", (), (), "Temporal models; an alignment loss for control tasks."),
        IndexDoc("c", "", (), (), "Graph kernels."),
    ])
    query = "TACO: Learning Task Decomposition via Temporal Alignment for Control"
    ranking = index.rank(query)
    explained = index.explain(query, ranking.order.tolist())
    for parts, score in zip(explained, ranking.scores.tolist(), strict=True):
        assert sum(parts.values()) == pytest.approx(score, rel=1e-5)
    assert explained[0]["names"] > 0  # "a" introduces TACO
    assert explained[0]["pairs"] > 0  # and says "temporal alignment"
    assert ranking.order[0] == 0
