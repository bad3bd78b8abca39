"""Properties that must hold for any input, checked on generated text (Hypothesis).

The example-based tests pin down what known inputs give; these look for the input nobody thought
of: an abstract made of real sentences interleaved with LaTeX, Markdown, URLs, emoji and random
characters; a corpus file of arbitrary text in every supported format; a query of any characters.
The Hypothesis profile (examples per property, derandomised in CI) is set in tests/conftest.py.
"""

from __future__ import annotations

import asyncio
import functools
import re
import shutil
import tempfile
from pathlib import Path

import aiosqlite
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storage._search_index import IndexDoc, SearchIndex
from storage._search_snippet import SNIPPET_CHARS, plain, snippet
from storage.db import open_database
from storage.enrich import ID_LENGTH, MAX_TITLE_CHARS, enrich, paper_id
from storage.loader import load_corpus
from storage.models import Paper, RawRecord
from storage.parsing import MAX_ABSTRACT_CHARS, SUPPORTED_SUFFIXES, abstract_problem, parse_text
from storage.search import LABEL_CHARS, SearchEngine, _rank_or_complete, label
from tests.storage.conftest import BUNDLED

SEED_HEADER = "ICML 2025 Papers"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@functools.cache
def seed_sentences() -> tuple[str, ...]:
    """The sentences of the bundled corpus: real abstract prose to build abstracts from."""
    found: list[str] = []
    for path in sorted(BUNDLED.glob("*.txt")):
        paragraphs = path.read_text(encoding="utf-8").split("\n\n")[1:]
        for paragraph in paragraphs:
            found.extend(s for s in _SENTENCE_END.split(" ".join(paragraph.split())) if s)
    return tuple(found)


# The remnants the corpus really carries, and some it might.
REMNANTS = (
    r"$\widetilde{\mathcal{O}}(\log^2 d)$", r"\textit{FedOne}", "``Clinical Graph of Thoughts\"", "**MA-DT**",
    "${MorphKV}$", r"\%", "*token*", "https://github.com/example/repo.", "(https://x.io/a_b)", "~", "{", "}",
    "$", "$$", r"\(", r"\)", "_", "^", "—", "--", "😀", "中文摘要", "Ω(n)", "\u200b", "\t", "\n", "\\", "`",
    "We propose", "In this paper, we", "(DSDA)", "ShadowKV", "e.g.,", "et al.", "[1]", "#", ">", "|",
)
abstract_parts = st.one_of(
    st.sampled_from(seed_sentences()),
    st.sampled_from(REMNANTS),
    st.text(max_size=40),
)
abstracts = st.lists(abstract_parts, min_size=1, max_size=30).map(" ".join)
# What the parser lets through to enrichment (at least 12 words, mostly prose, at most 20,000 characters).
accepted_abstracts = abstracts.filter(lambda text: abstract_problem(text) is None)
whitespace = st.sampled_from([" ", "  ", "\n", "\t", " \n  "])



def _record(abstract: str) -> RawRecord:
    return RawRecord(abstract=abstract, source_file="corpus.txt", source_ref="paragraph 1 (line 3)")


# --- enrichment -----------------------------------------------------------------------------------

@given(accepted_abstracts)
def test_any_abstract_enriches_within_discords_limits(abstract: str) -> None:
    paper = enrich(_record(abstract))
    assert len(paper.id) == ID_LENGTH
    assert paper.id.isalnum()
    assert paper.id == paper.id.lower()
    assert len(paper.title) <= MAX_TITLE_CHARS
    assert "\n" not in paper.title
    assert not re.match(r"(?i)(?:in this (?:paper|work)|here),? we\b", paper.title)
    assert not re.search(r"(?i)\b(?:we|they)$|\b[a-z]+eding\b", paper.title)  # "… we", "Conducteding"
    assert not re.search(r"[,;:]$|\b(?:i\.e|e\.g)\.?$", paper.title)
    assert len(paper.keywords) <= 8
    assert all(k.strip() for k in paper.keywords)
    assert all(name.strip() for name in paper.names)
    assert all(link.startswith(("http://", "https://", "www.")) for link in paper.links)
    assert paper.abstract_raw == abstract


@given(abstracts, st.data())
def test_the_id_ignores_how_whitespace_is_laid_out(abstract: str, data: st.DataObject) -> None:
    relaid = "".join(word + data.draw(whitespace) for word in abstract.split())
    assert paper_id(relaid) == paper_id(abstract)
    assert paper_id("  \n" + abstract + "\n\n") == paper_id(abstract)


@given(abstracts)
def test_enrichment_is_deterministic(abstract: str) -> None:
    assert enrich(_record(abstract)) == enrich(_record(abstract))


# --- parsing --------------------------------------------------------------------------------------

one_line_paragraphs = abstracts.map(lambda text: " ".join(text.split())).filter(bool)
seed_files = st.lists(one_line_paragraphs, max_size=4).map(lambda paragraphs: "\n\n".join([SEED_HEADER, *paragraphs]))
corpus_text = st.one_of(st.text(max_size=600), seed_files)


@given(corpus_text, st.sampled_from(sorted(SUPPORTED_SUFFIXES)))
def test_any_file_content_parses_to_records_or_located_problems(text: str, suffix: str) -> None:
    records, problems = parse_text(f"corpus{suffix}", text, suffix)
    for record in records:
        assert record.abstract.strip()
        assert len(record.abstract) <= MAX_ABSTRACT_CHARS
        assert record.source_file == f"corpus{suffix}"
        assert record.source_ref
    for problem in problems:
        assert problem.source_file == f"corpus{suffix}"
        assert problem.message


@given(seed_files)
def test_no_paragraph_of_a_seed_file_is_lost_silently(text: str) -> None:
    records, problems = parse_text("corpus.txt", text, ".txt")
    paragraphs = text.split("\n\n")[1:]
    whole_file = [problem for problem in problems if not problem.where]  # "empty", "not a corpus"
    if whole_file:  # then it is the only word, and nothing was taken from the file
        assert len(problems) == 1
        assert records == []
    else:  # each paragraph became a record or a problem that names it
        assert len(records) + len(problems) == len(paragraphs)
        assert all(problem.where.startswith("paragraph ") for problem in problems)
    assert all(record.venue == "ICML 2025" for record in records)


# --- search ---------------------------------------------------------------------------------------

@functools.cache
def bundled_papers() -> tuple[Paper, ...]:
    """The bundled corpus, enriched as the loader would (once)."""
    records, _ = parse_text("seeds.txt", "\n\n".join(
        p.read_text(encoding="utf-8") for p in sorted(Path(BUNDLED).glob("*.txt"))), ".txt")
    return tuple(enrich(record) for record in records)


@functools.cache
def bundled_index() -> SearchIndex:
    """The search index over the bundled corpus (built once)."""
    return SearchIndex.build(IndexDoc(p.id, p.title, p.names, p.keywords, p.abstract) for p in bundled_papers())


_BOLD_OR_ESCAPE = re.compile(r"\*\*|\\(?=.)")


queries = st.one_of(
    st.text(min_size=1, max_size=200),
    st.lists(st.one_of(st.sampled_from(seed_sentences()), st.sampled_from(REMNANTS),
                       st.sampled_from(['"', "*", "-", ":", "^", "(", ")", "NEAR", "AND", "OR", "NOT"])),
             min_size=1, max_size=8).map(" ".join),
)


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(queries.filter(str.strip))
def test_any_query_ranks_snippets_and_completes_without_error(query: str) -> None:
    index = bundled_index()
    text = query.strip()
    ranking = _rank_or_complete(index, text, 30)
    assert len(ranking.order) == len(ranking.scores) <= 30
    assert list(ranking.scores) == sorted(ranking.scores, reverse=True)
    assert ranking.total >= len(ranking.order) or ranking.total == 0
    matched = index.matched_stems(ranking.terms)
    abstracts = {paper.id: paper.abstract for paper in bundled_papers()}
    for position in ranking.order[:3]:
        abstract = plain(abstracts[index.ids[int(position)]])
        shown = snippet(abstract, matched)
        # without its bold and escapes, a snippet is a stretch of the abstract, at most SNIPPET_CHARS long
        text = _BOLD_OR_ESCAPE.sub("", shown).strip("…")
        assert text in abstract
        assert len(text) <= SNIPPET_CHARS
    for suggestion in index.did_you_mean(text, ranking.terms, found=ranking.total > 0):
        assert suggestion.strip()
    completed = SearchEngine._complete(index, query, 25)
    assert len(completed) == len(set(completed)) <= 25
    assert all(0 < len(label(index.titles[p])) <= LABEL_CHARS for p in completed)


# --- loading ---------------------------------------------------------------------------------------

file_bytes = st.one_of(
    st.binary(max_size=400),
    st.text(max_size=400).map(lambda text: text.encode("utf-8", "surrogatepass")),
    corpus_text.map(lambda text: text.encode("utf-8", "surrogatepass")),
)


async def _active_ids(conn: aiosqlite.Connection) -> set[str]:
    async with conn.execute("SELECT id FROM papers WHERE active = 1") as cursor:
        return {row[0] for row in await cursor.fetchall()}


async def _load_then_break(content: bytes, suffix: str, overwrite: bool) -> None:
    """Load the bundled corpus, then reload it with `content` either beside it in a new file or in
    place of one of its files; check what a broken file may and may not do to the papers."""
    with tempfile.TemporaryDirectory(prefix="paperbot-property-") as tmp:
        folder = Path(tmp) / "corpus"
        shutil.copytree(BUNDLED, folder)
        conn = await open_database(Path(tmp) / "papers.db")
        try:
            await load_corpus(conn, [folder])
            before = await _active_ids(conn)
            target = sorted(folder.glob("*.txt"))[0] if overwrite else folder / f"zz-other{suffix}"
            kept = before if not overwrite else before - await _ids_from(conn, target.name)
            target.write_bytes(content)
            text = content.decode("utf-8", "replace")
            gives_nothing = not parse_text(target.name, text, target.suffix)[0]
            report = await load_corpus(conn, [folder])
            after = await _active_ids(conn)
            assert kept <= after  # no other file's paper is ever lost
            if gives_nothing:  # a file that gives nothing at all keeps what it held
                assert after == before
                assert report.retired == 0
            assert all(problem.source_file == str(target) for problem in report.problems)
        finally:
            await conn.close()


async def _ids_from(conn: aiosqlite.Connection, file_name: str) -> set[str]:
    async with conn.execute("SELECT id FROM papers WHERE active = 1 AND source LIKE ?", (f"{file_name},%",)) as cur:
        return {row[0] for row in await cur.fetchall()}


@given(file_bytes, st.sampled_from(sorted(SUPPORTED_SUFFIXES)), st.booleans())
def test_a_broken_file_never_costs_the_corpus_a_paper(content: bytes, suffix: str, overwrite: bool) -> None:
    asyncio.run(_load_then_break(content, suffix, overwrite))
