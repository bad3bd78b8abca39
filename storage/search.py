"""Search: find the paper a person means from a title, a method name, a topic, typos and half-typed words.

`SearchEngine` keeps an in-memory index of the active papers (storage/_search_index.py: inverted
lists in numpy arrays, BM25F over title, method names, keywords and abstract, typo correction
against the corpus vocabulary, prefix completion of a half-typed last word, re-ranking by word
pairs), then re-orders the closest few by meaning: the cosine between the query's sentence embedding
(storage/_search_encoder.py) and their abstracts' (stored in SQLite by storage/vectors.py). Every
CPU-heavy step runs in a worker thread, so the event loop is never held for more than the time it
takes to hand work over and read a few rows from SQLite.

Call `refresh()` after a corpus load; searches keep using the previous index until the new one
is complete.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

import aiosqlite
import numpy as np

from storage._search_encoder import SentenceEncoder, load_encoder
from storage._search_index import (
    NAME_COMPLETIONS,
    RERANK_CANDIDATES,
    SEMANTIC_CANDIDATES,
    IndexDoc,
    QueryTerm,
    Ranking,
    SearchIndex,
    fuse_meaning,
    misspelt,
)
from storage._search_snippet import by_line, snippet, unescape
from storage._search_text import excluded_words, name_key, scripts_apart, stem, without_field_filters, words
from storage._search_venue import UnknownVenueError as UnknownVenueError
from storage._search_venue import Venue as Venue
from storage._search_venue import VenueTable, venue_key
from storage._search_venue import closest_venues as closest_venues
from storage._search_wording import as_written, papers_to_read
from storage.enrich import display_text, title_emphasis
from storage.models import Paper
from storage.papers import PaperRepository
from storage.parsing import ARXIV_IDENTIFIER  # the one rule, which records' ids are read by too
from storage.vectors import vectors_for

MAX_QUERY_CHARS = 10_000  # longer input is cut before any work; only its first words count anyway
MAX_LIMIT = 100
LABEL_CHARS = 100  # Discord's limit for an autocomplete choice
_REFRESH_BATCH = 2_000
_TITLE_CANDIDATES = 5  # a title typed whole puts its paper first; a few more for titles that differ little
_CUT_TITLE_KEPT = 40  # letters and digits of a title cut with "…" that name it (a card keeps 255 characters)
# A title cited with its venue after it, in brackets: "Diffusion Models for Tabular Data (AISTATS 2025)"; or after a
# dash or a bar, as pages and reading lists write it: "… - ICML 2025", "… — ICML 2025", "… | ICML 2025" (a hyphen only
# with a space before it: "Multi-Task" is a word). The venue is what follows the last of them.
_VENUE_AFTER_TITLE = re.compile(r"(?P<title>.*?\S)\s*[(\[](?P<venue>[^()\[\]]+)[)\]][\s.]*", re.DOTALL)
_DASH_BEFORE_VENUE = re.compile(r"(?:\s+-|\s*[–—|])\s*")
# A link as people paste it: one URL, maybe in the <…> that keeps Discord from previewing it, or quoted,
# or ending a sentence (stripped first: a pattern that left them to a lazy match took quadratic time).
_AROUND_LINK = "<>\"'“”‘’.,;"
_PASTED_LINK = re.compile(r"https?://[^\s<>\"]+", re.IGNORECASE)
# The same link written without its scheme, as people type links in chat and some records give code links
# ("openreview.net/forum?id=…", "github.com/owner/repo"): a host with a top-level domain, then a path.
_BARE_LINK = re.compile(r"(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?/[^\s<>\"]*", re.IGNORECASE)
# The top-level domains that links to papers, their pages and code end in (openreview.net, github.com, icml.cc,
# proceedings.mlr.press, a lab's page at ethz.ch): written without a scheme, a host in small letters ending in one
# is a web address; a dotted word with another ending ("TensorFlow.js/WebGL", "model.pt/onnx") may be words.
_WEB_TOP_LEVEL = frozenset(("com", "org", "net", "edu", "gov", "io", "ai", "cc", "press", "dev", "app", "co", "info",
                            "science", "uk", "de", "fr", "ch", "nl", "ca", "jp"))
# A URL's parts (urllib's urlsplit costs 3 times as much, at every link of every paper on a refresh).
_LINK_PARTS = re.compile(r"https?://(?:[^@/?#]*@)?(?P<host>[^@/?#:\[\]]+)(?::\d*)?(?P<path>[^?#]*)"
                         r"(?:\?(?P<query>[^#]*))?(?:#.*)?", re.IGNORECASE)
# What display text makes of a title's LaTeX \texttt, also inside a word: "q`POTS`". Its *italics* (\emph) and **bold**
# (\textbf), and HTML's, are storage.enrich.title_emphasis's to find; an asterisk inside a word ("x*y") is a character.
_CODE_SPAN = re.compile(r"`([^`]+)`")
_OPENREVIEW_ID = re.compile(r"(?:^|&)id=(?P<id>[^&]+)")
# arXiv's abstract and PDF pages of a paper, any version: "/abs/2401.01234v2", "/pdf/2401.01234.pdf".
# An arXiv identifier as people cite or paste it: "2401.01234", "arXiv:2401.01234v2", "arXiv 2401.01234",
# "math.AG/0406123" (before 2007), or its DOI ("10.48550/arXiv.2401.01234", at https://doi.org/): the paper
# with that arXiv page.
_ARXIV_ID = re.compile(r"(?:(?:https?://(?:dx\.)?doi\.org/)?10\.48550/arxiv\.|arxiv\s*:?\s*)?"
                       rf"(?P<id>{ARXIV_IDENTIFIER})(?:v\d+)?", re.IGNORECASE)
_ARXIV_PAGE = re.compile(rf"/(?:abs|pdf)/(?P<id>{ARXIV_IDENTIFIER})(?:v\d+)?(?:\.pdf)?", re.IGNORECASE)


class EmptyQueryError(ValueError):
    """The query was empty or only whitespace."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message or "Type a few words to search for: a paper title, a method name or a topic.")


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One result: the paper, its score, and a short snippet with the matched words in **bold**."""

    paper: Paper
    score: float
    snippet: str


@dataclass(slots=True)
class SearchResults:
    """One page of results, how many papers matched in all, and "did you mean" suggestions."""

    hits: list[SearchHit] = field(default_factory=list)
    total: int = 0
    suggestions: list[str] = field(default_factory=list)
    by_meaning: bool = False  # the best candidates were re-ordered by meaning (see SearchEngine.search)
    # The stems the query matched, as the snippets and "By …" lines bold them (within the venue searched, a half-typed
    # last word completed when nothing matched it whole): a card opened from the list bolds the same authors.
    matched: frozenset[str] = frozenset()
    # The folded words of the one author's name the query names, when it names one the corpus has: the "By …" lines
    # (and a card opened from the list) bold that author, not a co-author sharing a word of the name.
    person: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Suggestion:
    """An autocomplete choice: the paper id and a label of at most 100 characters."""

    id: str
    label: str


def clean_query(query: str) -> str:
    """The query as searched: cut to MAX_QUERY_CHARS, stripped; EmptyQueryError when nothing is left."""
    text = (query or "")[:MAX_QUERY_CHARS].strip()
    if not text:
        raise EmptyQueryError()
    return text


def as_displayed(typed: str) -> str:
    """What was typed, its LaTeX rendered as enrichment renders a paper's display text, which the index reads:
    "$\\ell_1$" is "ℓ₁", "Schr\\"odinger" "Schrödinger", "$O(\\log n)$" "O(log n)" (a title copied from BibTeX
    or a paper's source); a trailing space, which ends the last word, is kept. A Latin word typed into Chinese,
    Japanese or Korean is a word of its own ("用attention机制": `scripts_apart`)."""
    typed = scripts_apart(without_field_filters(typed))
    if "\\" not in typed and "$" not in typed:
        return typed
    return display_text(typed) + " " * typed[-1:].isspace()


def plain_title(title: str) -> str:
    """A stored title (Discord markdown: "q`POTS`", "*Pareto*", "\\_") as plain text, for the places that show
    text as typed (autocomplete choices, menu options) or escape it (a result list's heading)."""
    if not any(mark in title for mark in "`*\\"):
        return title
    if "*" in title:  # emphasis as the card shows it, one kind in the other too: "***x***", "*a **b***"
        code = _CODE_SPAN.sub(lambda span: "`" + "x" * len(span[1]) + "`", title) if "`" in title else title
        emphasis = title_emphasis(code)  # a code span's stars are its text
        title = "".join(char for at, char in enumerate(title) if at not in emphasis)
    return unescape(_CODE_SPAN.sub(r"\1", title) if "`" in title else title)


def label(title: str, limit: int = LABEL_CHARS) -> str:
    """A one-line label of at most `limit` characters (markup aside), cut at a word boundary with "…"."""
    text = " ".join(plain_title(title).split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut[limit // 2:]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:-–—") + "…"


def cited_venues(typed: str) -> list[tuple[str, str]]:
    """The ways `typed` reads as a title cited with a venue after it, (title, venue), in brackets
    (`_VENUE_AFTER_TITLE`: "… (AISTATS 2025)") or after the last dash or bar (`_DASH_BEFORE_VENUE`: "… - ICML 2025");
    whether the venue is one is the caller's to say."""
    typed = typed.strip()
    cited = [(match["title"], match["venue"]) for match in [_VENUE_AFTER_TITLE.fullmatch(typed)] if match]
    dashes = list(_DASH_BEFORE_VENUE.finditer(typed))  # the venue follows the last: "A – B – ICML 2025"
    if dashes and dashes[-1].start() > 0:
        cited.append((typed[:dashes[-1].start()], typed[dashes[-1].end():].rstrip(" .")))
    return [(title, venue) for title, venue in cited if venue]


class SearchEngine:
    """Ranked search, autocomplete, similar papers and topic matching over the active papers."""

    def __init__(self, conn: aiosqlite.Connection, *, meaning: bool = True) -> None:
        self._conn = conn
        self._meaning = meaning  # False: rank by words only, even with the encoder and stored vectors
        self._encoder: SentenceEncoder | None = None
        self._papers = PaperRepository(conn)
        self._index = SearchIndex.build([])
        self._links = _LinkTable.build(self._index, [])
        self._venues = VenueTable()
        self._refreshing = asyncio.Lock()

    @classmethod
    async def open(cls, conn: aiosqlite.Connection, *, meaning: bool = True) -> SearchEngine:
        """An engine over the papers in the database behind `conn`, index built (`meaning`: see __init__)."""
        engine = cls(conn, meaning=meaning)
        await engine.refresh()
        return engine

    @property
    def size(self) -> int:
        """How many papers the current index holds."""
        return self._index.size

    @property
    def encoder(self) -> SentenceEncoder | None:
        """The sentence encoder searches use for meaning (None: words only); it also embeds the abstracts."""
        return self._encoder

    @property
    def index(self) -> SearchIndex:
        """The index searches use now (read-only; for benchmarks and diagnostics)."""
        return self._index

    def holds(self, paper_id: str) -> bool:
        """Whether the index holds this paper (an active one; case and spaces aside), without reading SQLite."""
        return self._index.position(paper_id.strip().lower()) is not None

    async def refresh(self) -> None:
        """Rebuild the index from the active papers (after a corpus load); searches go on meanwhile."""
        async with self._refreshing:
            if self._meaning and self._encoder is None:
                self._encoder = await asyncio.to_thread(load_encoder)  # loaded once per process
            index = SearchIndex()
            async with self._conn.execute(
                "SELECT id, title, names, keywords, abstract, authors FROM papers WHERE active = 1 ORDER BY num"
            ) as cursor:
                while rows := await cursor.fetchmany(_REFRESH_BATCH):
                    # Decoding rows (JSON) is CPU work too: it happens in the worker thread.
                    await asyncio.to_thread(index.add_all, map(_index_doc, rows))
            await asyncio.to_thread(index.finish)
            links = await self._link_table(index)
            venues = await self._venue_table(index)
            # Together: the tables hold positions in this index.
            self._index, self._links, self._venues = index, links, venues

    async def _link_table(self, index: SearchIndex) -> _LinkTable:
        """The links of the active papers (page, PDF, code), for `by_url`."""
        async with self._conn.execute(
            "SELECT id, url, pdf, links FROM papers WHERE active = 1 AND (url != '' OR pdf != '' OR links != '[]')"
        ) as cursor:
            rows = [tuple(row) for row in await cursor.fetchall()]
        return await asyncio.to_thread(_LinkTable.build, index, rows)

    async def _venue_table(self, index: SearchIndex) -> VenueTable:
        """The venues of the active papers, each with its mask over `index` (see storage/_search_venue.py)."""
        async with self._conn.execute("SELECT id, venue FROM papers WHERE active = 1") as cursor:
            rows = [(str(row[0]), row[1]) for row in await cursor.fetchall()]
        found = ((index.position(paper_id), venue) for paper_id, venue in rows)
        return await asyncio.to_thread(
            VenueTable.build, [(position, venue) for position, venue in found if position is not None], index.size)

    def venues(self, typed: str = "") -> list[Venue]:
        """The venues of the active papers whose name contains `typed` (case and spacing aside), most papers first."""
        return self._venues.matching(typed)

    def venue(self, typed: str) -> Venue | None:
        """The venue of the active papers that `typed` names, case, spacing and punctuation aside ("icml2025" is
        "ICML 2025"), or whose key it is (`Venue.key`); None for none."""
        return self._venues.find(typed)

    def _within(self, venue: str | None) -> np.ndarray | None:
        """The mask of `venue` over the current index (None: every paper); UnknownVenueError for a venue the
        active papers do not have."""
        table = self._venues
        if venue is None:
            return None
        found = table.find(venue)
        if found is None:
            raise UnknownVenueError(venue, list(table.venues))
        return table.mask(found)

    def by_url(self, typed: str) -> str | None:
        """The id of the active paper that `typed`, a pasted link, leads to (its page, PDF or code link;
        see `link_key`) or whose arXiv page an arXiv identifier or DOI names ("arXiv:2401.01234v2"), without reading
        SQLite; None for anything else, or a link several papers share."""
        index, links = self._index, self._links
        for key in (link_key(typed), arxiv_key(typed)):  # an arXiv DOI's link is both
            position = links.find(key) if key else None
            if position is not None:
                return index.ids[position]
        return None

    async def search(self, query: str, *, limit: int = 10, offset: int = 0, meaning: bool = True,
                     venue: str | None = None) -> SearchResults:
        """The papers best matching `query`, `limit` of them from `offset`, with snippets and suggestions.

        `venue` (a name or key, see `venue`) ranks only that venue's papers, so totals and pages are its own;
        UnknownVenueError when the active papers have no such venue.

        `meaning=False` ranks by words only. A later page of a list whose first page came back
        without `by_meaning` asks for that: the abstracts' vectors may have been stored meanwhile (the
        background embedding after a load), and the order by meaning would move papers across pages.
        """
        text = clean_query(query)
        limit, offset = max(0, min(limit, MAX_LIMIT)), max(0, offset)
        index = self._index
        within = self._within(venue)  # with the index, no await between: a refresh swaps both at once
        linked = self._linked(index, text, within)
        text, within = _without_excluded(index, as_displayed(text), within)
        ranking = linked if linked is not None else await asyncio.to_thread(
            _rank_or_complete, index, text, RERANK_CANDIDATES, wanted=offset + limit, within=within)
        by_words = ranking
        if meaning and linked is None:  # the one paper a link names has nothing to be re-ordered against
            ranking = await self._rerank_by_meaning(index, text, ranking)
        page = [(index.ids[p], float(score)) for p, score in
                zip(ranking.order[offset: offset + limit], ranking.scores[offset: offset + limit], strict=True)]
        papers = {paper.id: paper for paper in await self._papers.by_ids([pid for pid, _ in page])}
        scored = [(papers[pid], score) for pid, score in page if pid in papers]
        hits, suggestions, matched = await asyncio.to_thread(self._present, index, text, ranking, scored, within)
        if suggestions:
            suggestions = await self._as_written(index, suggestions)
        return SearchResults(hits, ranking.total, suggestions, by_meaning=ranking is not by_words, matched=matched,
                             person=ranking.person)

    async def _as_written(self, index: SearchIndex, suggestions: list[str]) -> list[str]:
        """The suggestions in the corpus's own wording ("Bernhard Schölkopf"), from a few papers having their words
        (storage/_search_wording.py)."""
        papers = await self._papers.by_ids(papers_to_read(index, suggestions))
        texts = [(paper.abstract, " ".join(paper.authors)) for paper in papers]
        return await asyncio.to_thread(as_written, suggestions, texts)

    def _linked(self, index: SearchIndex, text: str, within: np.ndarray | None = None) -> Ranking | None:
        """The paper a pasted link or arXiv identifier names (`by_url`) as the one result: its words ("https",
        "arxiv", "org", the identifier's digits) would find other papers or none. Searched within a venue,
        a paper of another venue is no result."""
        paper_id = self.by_url(text)
        position = index.position(paper_id) if paper_id else None
        if position is None:
            return None
        if within is not None and not within[position]:
            return Ranking(np.zeros(0, np.int64), np.zeros(0, np.float32), 0)
        return Ranking(np.asarray([position], np.int64), np.ones(1, np.float32), 1)

    async def _rerank_by_meaning(self, index: SearchIndex, text: str, ranking: Ranking) -> Ranking:
        """Re-order the best SEMANTIC_CANDIDATES by word score plus the cosine of the query's and each
        abstract's embedding, once all of them are embedded (storage/vectors.py runs in the
        background): a bonus for only some would favour them for having been embedded first.
        A half-typed last word has no meaning yet: such a ranking stays as the words made it."""
        encoder = self._encoder
        if encoder is None or ranking.partial or not len(ranking.order):
            return ranking
        head = [index.ids[position] for position in ranking.order[:SEMANTIC_CANDIDATES]]
        stored = await vectors_for(self._conn, head)
        if len(stored) < len(head):
            return ranking
        # One step after the other: reading and embedding side by side (asyncio.gather) made
        # SimCord's bot_load benchmark (100+ concurrent searches) never settle.
        query = await _query_vector(encoder, index, text, ranking.terms)
        return fuse_meaning(ranking, np.stack([stored[paper_id] for paper_id in head]) @ query)

    async def cosines(self, text: str, paper_ids: Sequence[str]) -> dict[str, float]:
        """The cosine between the query's embedding (typos corrected) and each given paper's stored
        one, for the papers that have one; {} without an encoder. For diagnostics."""
        encoder, index = self._encoder, self._index
        stored = await vectors_for(self._conn, paper_ids)
        if encoder is None or not stored:
            return {}
        query = await _query_vector(encoder, index, text, index.query_terms(clean_query(text)))
        return {paper_id: float(vector @ query) for paper_id, vector in stored.items()}

    @staticmethod
    def _present(index: SearchIndex, text: str, ranking: Ranking, scored: Sequence[tuple[Paper, float]],
                 within: np.ndarray | None = None) -> tuple[list[SearchHit], list[str], frozenset[str]]:
        matched = index.matched_stems(ranking.terms)
        hits = [SearchHit(paper, round(score, 4), by_line(paper.authors, matched, f"{paper.title} {paper.abstract}",
                                                          person=ranking.person)
                          + snippet(paper.abstract, matched)) for paper, score in scored]
        return hits, index.did_you_mean(text, ranking.terms, found=ranking.total > 0, within=within), matched

    async def autocomplete(self, partial: str, *, limit: int = 25, venue: str | None = None) -> list[Suggestion]:
        """Up to `limit` papers for what has been typed so far (the last word may be half-typed); only `venue`'s
        when it names a venue of the active papers (a venue it does not name is left aside: suggestions never fail)."""
        text = as_displayed((partial or "")[:MAX_QUERY_CHARS])
        if not text.strip():
            return []
        limit = max(0, min(limit, 25))
        index = self._index
        found = self._venues.find(venue) if venue else None
        try:
            text, within = _without_excluded(index, text, self._venues.mask(found) if found else None)
        except EmptyQueryError:
            return []  # suggestions never fail: the words to search for are still to be typed
        positions = await asyncio.to_thread(self._complete, index, text, limit, within)
        return [Suggestion(index.ids[p], label(index.titles[p])) for p in positions]

    @staticmethod
    def _complete(index: SearchIndex, text: str, limit: int, within: np.ndarray | None = None) -> list[int]:
        typed = text.strip()
        by_id = index.ids_starting(typed.lower(), limit)
        by_name = index.names_starting(name_key(typed), NAME_COMPLETIONS) if _one_word(typed) else []
        titled = index.titled_in_stopwords(typed)  # a title words cannot find (see _rank_or_complete)
        # Words only: while typing, the words so far decide; meaning would cost time on every key.
        partial = not text[-1].isspace()
        ranking = index.rank(text, partial=partial, candidates=limit, within=within)
        ranked = _opening_first(index, words(typed), [int(p) for p in ranking.order], partial=partial)
        found = dict.fromkeys([*titled, *by_id, *by_name, *ranked])
        return [p for p in found if within is None or within[p]][:limit]

    async def by_title(self, typed: str) -> str | None:
        """The id of the active paper whose title is `typed` (the first of `titled`), or None."""
        found = await self.titled(typed)
        return found[0] if found else None

    async def titled(self, typed: str) -> list[str]:
        """The ids of the active papers whose title is `typed` (see `_titled_as_typed`), best match first: several
        when one title is in two venues' corpora. A title cited with a venue of theirs after it, in brackets
        ("Diffusion Models for Tabular Data (AISTATS 2025)") or after a dash ("… - AISTATS 2025"), is that title,
        that venue's paper (all of the title's when the venue has none)."""
        found = await self._titled_as_typed(typed)
        cited = None if found else self._cited_venue(typed)
        if cited is None:
            return found
        found = await self._titled_as_typed(cited[0])
        index, venue = self._index, self._venues.find(cited[1])  # no await between: swapped together
        if venue is None:  # a corpus reload just took it away
            return found
        mask = self._venues.mask(venue)
        there = [paper_id for paper_id in found if (at := index.position(paper_id)) is not None and mask[at]]
        return there or found

    async def titled_or_retired(self, typed: str) -> list[str]:
        """The ids of the papers whose title is `typed`, the one to show first: the current ones, as `titled` finds
        them; else the retired ones (`retired_titled`), which /paper show and `paperbot show` open too (a daily card's
        title pasted after a corpus reload). A venue cited after the title that none of the current ones is from
        ("… - ICML 2024") names that venue's retired paper of the title, when it has one."""
        current = await self.titled(typed)
        if current and not await self._cites_another_venue(typed, current):
            return current
        return await retired_titled(self._conn, typed) or current

    async def _cites_another_venue(self, typed: str, paper_ids: Sequence[str]) -> bool:
        """Whether `typed` may cite a title with a venue none of `paper_ids` is from: `titled` gives all of a title's
        current papers when the venue cited has none of them. Their rows are read only for a title so cited."""
        cited = cited_venues(typed)
        if not cited:
            return False
        theirs = {venue_key(paper.venue) for paper in await self._papers.by_ids(paper_ids) if paper.venue}
        return any(venue_key(venue) not in theirs for _, venue in cited)

    def _cited_venue(self, typed: str) -> tuple[str, str] | None:
        """The title and the venue of a title cited with a venue of the corpus after it (`cited_venues`); None when
        `typed` has no such venue."""
        return next(((title, venue) for title, venue in cited_venues(typed) if self._venues.find(venue) is not None),
                    None)

    async def _titled_as_typed(self, typed: str) -> list[str]:
        """The ids of the active papers whose title is `typed`, case, spacing, punctuation and markup aside
        (the card's "q`POTS`: …" is "qPOTS: …" copied from it and "$q\\texttt{POTS}$: …" from a
        conference's page), best match first; none when no title is. The candidates are autocomplete's best few.
        A title typed with other spellings or typos is that title too (`_same_title`), and so is its head, the part
        before its colon, when only one candidate's title has that head; and a title cut with "…" where it was shown
        (a card's title, at 256 characters), when only one candidate's title opens with what was kept."""
        typed = as_displayed(typed[:MAX_QUERY_CHARS])
        wanted = name_key(typed)  # folded letters and digits, LaTeX macro names and markup left out
        if not wanted:
            return []
        index = self._index
        positions = await asyncio.to_thread(self._complete, index, typed, _TITLE_CANDIDATES)
        typed_words = words(typed)
        titles = [(index.ids[p], index.titles[p]) for p in positions]
        # A paper is also cited by its title's head, the part before the colon ("Obfuscated Gradients Give a
        # False Sense of Security", "GraphRNN"): that names it when only one candidate's title has that head.
        heads = [(paper_id, title.split(":")[0]) for paper_id, title in titles if ":" in title]
        for spelt in (False, True):  # as typed first (case, spacing, punctuation aside), then spelt otherwise
            for candidates in (titles, heads):
                found = list(dict.fromkeys(paper_id for paper_id, text in candidates if (
                    _same_title(index, typed_words, words(text)) if spelt else name_key(text) == wanted)))
                if found:
                    return found if candidates is titles or len(found) == 1 else []
        return _cut_title_of(titles, typed)

    async def similar(self, paper_id: str, *, limit: int = 5) -> list[Paper]:
        """Up to `limit` active papers most like the given one (not itself); [] for an unknown id."""
        paper = await self._papers.by_id(paper_id)
        if paper is None:
            return []
        index = self._index
        doc = IndexDoc(paper.id, paper.title, paper.names, paper.keywords, paper.abstract, paper.authors)
        positions = await asyncio.to_thread(index.similar_to, doc, limit=max(0, limit))
        return await self._papers.by_ids([index.ids[p] for p in positions])

    async def matching_ids(self, topic: str, *, venue: str | None = None) -> list[str]:
        """Ids of the active papers about `topic` (every word of it matches, typos forgiven), best first; only
        `venue`'s when given (UnknownVenueError for a venue the active papers do not have)."""
        text = as_displayed(clean_query(topic))
        index = self._index
        within = self._within(venue)
        positions = await asyncio.to_thread(index.matching, text)
        if within is not None:
            positions = positions[within[positions]]
        return [index.ids[p] for p in positions]

    def venue_ids(self, venue: str) -> list[str]:
        """Ids of the active papers of `venue` (a name or key, see `venue`); UnknownVenueError for none."""
        index, within = self._index, self._within(venue)
        return [index.ids[p] for p in np.flatnonzero(within)] if within is not None else list(index.ids)


def written_as_link(typed: str) -> bool:
    """Whether `typed` is a web address for sure, so one of no paper here is refused rather than searched (its
    words, "https", "openreview", "forum", find unrelated papers): a link with its scheme or "www.", or a host in
    small letters ending in a web top-level domain ("openreview.net/forum?id=…"). Other text shaped like a link
    without its scheme ("TensorFlow.js/WebGL", "ASP.NET/Core") names a paper when one has that link (`link_key`),
    and is searched as words otherwise."""
    key = link_key(typed)
    if key is None:
        return False
    typed = typed.strip().strip(_AROUND_LINK)
    if typed[:4].lower() == "http" or typed[:4].lower() == "www.":
        return True
    written = typed.split("/", 1)[0]
    written = written[:1].lower() + written[1:]  # a phone's keyboard capitalises the first letter: "Openreview.net"
    return written.islower() and key.split("/", 1)[0].rsplit(".", 1)[-1] in _WEB_TOP_LEVEL


def link_key(typed: str) -> str | None:
    """What names a link however it was copied, or None when `typed` is not one link: the scheme, "www.",
    a trailing slash, the fragment and the <…> that stops Discord's preview aside; a forum and a PDF page
    of OpenReview for one paper are one link, so are arXiv's abstract and PDF pages of any version."""
    typed = typed.strip().strip(_AROUND_LINK)
    pasted = _PASTED_LINK.fullmatch(typed) or _BARE_LINK.fullmatch(typed)
    if pasted and not pasted.group().lower().startswith("http"):
        pasted = _PASTED_LINK.fullmatch("https://" + typed)
    parts = _LINK_PARTS.fullmatch(pasted.group()) if pasted else None
    if parts is None:
        return None
    host, path, query = parts["host"].lower().removeprefix("www."), parts["path"].rstrip("/"), parts["query"] or ""
    openreview = _OPENREVIEW_ID.search(query) if host == "openreview.net" and path in ("/forum", "/pdf") else None
    if openreview:
        path, query = "/forum", "id=" + openreview["id"]  # the paper, not one of its comments (&noteId=)
    elif host == "arxiv.org" and (arxiv := _ARXIV_PAGE.fullmatch(path)):
        path, query = "/abs/" + arxiv["id"], ""
    return f"{host}{path}?{query}" if query else f"{host}{path}"


async def papers_with_link(conn: aiosqlite.Connection, typed: str) -> list[tuple[str, str | None]]:
    """(id, venue) of the papers, current first, a link of which (page, PDF or code) is the one `typed`, read as
    `link_key` reads it; none when `typed` is no link. The index knows the current papers' links only: this finds
    a retired paper's, or every paper sharing one. The rows holding the key's last part are read (SQLite's
    instr, one pass over the table: a lookup only when the index had no paper for the link), then each of their
    links is compared. An arXiv identifier alone ("2401.01234") is its arXiv page's link, as `SearchEngine.by_url`
    reads it."""
    key = link_key(typed) or arxiv_key(typed)
    if key is None:
        return []
    tail = re.split(r"[/?=&]", key)[-1] or key
    query = ("SELECT id, venue, url, pdf, links FROM papers WHERE instr(lower(coalesce(url, '') || ' ' || "
             "coalesce(pdf, '') || ' ' || links), ?) ORDER BY active DESC, num")
    async with conn.execute(query, (tail.lower(),)) as cursor:
        rows = await cursor.fetchall()
    return [(row[0], row[1]) for row in rows
            if any(link_key(link) == key for link in (row[2], row[3], *json.loads(row[4] or "[]")) if link)]


async def retired_titled(conn: aiosqlite.Connection, typed: str) -> list[str]:
    """The ids of the retired papers whose title is `typed`, case, spacing, punctuation and markup aside (as
    `SearchEngine.titled` compares: "qPOTS: …" copied from its card is "q`POTS`: …" stored), oldest first; a title
    cited with its venue ("… - ICML 2024", "… (ICML 2024)", as `titled` reads a current one), that venue's. The index
    that finds titles holds the current papers only: these are read by their key (`papers.title_key`, migration 0007),
    one indexed read each."""
    found = await _retired_titles(conn, typed)
    if found:
        return [paper_id for paper_id, _ in found]
    for title, venue in cited_venues(typed):
        there = [paper_id for paper_id, its_venue in await _retired_titles(conn, title)
                 if venue_key(its_venue or "") == venue_key(venue)]
        if there:
            return there
    return []


async def _retired_titles(conn: aiosqlite.Connection, typed: str) -> list[tuple[str, str | None]]:
    """(id, venue) of the retired papers whose title is `typed` (see `retired_titled`): those keyed so, and those a
    load has not keyed yet (retired before the key was kept), compared one by one."""
    wanted = name_key(as_displayed(typed[:MAX_QUERY_CHARS]))  # LaTeX rendered: "\\texttt" is no word of the title
    if not wanted:
        return []
    # INDEXED BY: the planner, without statistics, would walk every retired paper by `active` instead.
    columns = "SELECT num, id, venue, title_key, title FROM papers INDEXED BY papers_retired_title WHERE active = 0"
    query = f"{columns} AND title_key = ? UNION ALL {columns} AND title_key IS NULL ORDER BY num"
    async with conn.execute(query, (wanted,)) as cursor:
        rows = await cursor.fetchall()
    return [(row[1], row[2]) for row in rows if (row[3] if row[3] is not None else name_key(row[4])) == wanted]


def arxiv_key(typed: str) -> str | None:
    """The link key of the arXiv page that `typed`, an arXiv identifier and nothing else, names (any version);
    None for anything else."""
    arxiv = _ARXIV_ID.fullmatch(typed.strip().strip(_AROUND_LINK))
    return f"arxiv.org/abs/{arxiv['id']}" if arxiv else None


@dataclass(frozen=True, slots=True)
class _LinkTable:
    """Paper positions by the hash of their links' keys: sorted numpy arrays, a few MB at 100,000 papers,
    where a dict of the link strings would take tens."""

    hashes: np.ndarray  # uint64, sorted
    positions: np.ndarray  # int64: the paper's position in the index, same order

    @classmethod
    def build(cls, index: SearchIndex, rows: Iterable[tuple[str, str | None, str | None, str]]) -> _LinkTable:
        """The table of `rows` (id, url, pdf, JSON list of code links), for the papers `index` holds.
        A link that several papers share (a library's repository) leads to none of them."""
        found: dict[int, int] = {}
        shared: set[int] = set()
        for paper_id, url, pdf, code in rows:
            position = index.position(paper_id)
            if position is None:
                continue
            for link in {url or "", pdf or "", *json.loads(code or "[]")}:
                key = link_key(link) if link else None
                if key is None:
                    continue
                hashed = _link_hash(key)
                if found.setdefault(hashed, position) != position:
                    shared.add(hashed)
        for hashed in shared:
            del found[hashed]
        hashes = np.fromiter(found.keys(), np.uint64, len(found))
        order = np.argsort(hashes)
        return cls(hashes[order], np.fromiter(found.values(), np.int64, len(found))[order])

    def find(self, key: str) -> int | None:
        """The position of the paper with the link `key`, if one paper has it."""
        hashed = np.uint64(_link_hash(key))
        at = int(np.searchsorted(self.hashes, hashed))
        return int(self.positions[at]) if at < len(self.hashes) and self.hashes[at] == hashed else None


def _link_hash(key: str) -> int:
    """64 bits of `key`: Python's own string hash, the same everywhere in this process (the table is built
    and read in it, never stored)."""
    return hash(key) & 0xFFFF_FFFF_FFFF_FFFF


async def _query_vector(encoder: SentenceEncoder, index: SearchIndex, text: str,
                        terms: Sequence[QueryTerm]) -> np.ndarray:
    """The query's embedding, its typos corrected first, made in a worker thread."""
    return (await asyncio.to_thread(encoder.encode, [index.meaning_text(text, terms)]))[0]


def _without_excluded(index: SearchIndex, text: str, within: np.ndarray | None) -> tuple[str, np.ndarray | None]:
    """The query without the words it leaves out ("attention -transformer", "attention NOT transformer"), and
    `within` (the papers searched, None: all) without the papers writing them; EmptyQueryError when it is only
    words to leave out ("-transformer")."""
    kept, excluded = excluded_words(text)
    if not excluded:
        return text, within
    if not words(kept):
        left_out = ", ".join(f"“{' '.join(run)}”" for run in excluded)
        raise EmptyQueryError(f"Nothing is left to search for once {left_out} is left out: type the words to search "
                              "for too, as in `attention -transformer`.")
    allowed = index.without(excluded)
    return kept, allowed if within is None else within & allowed


def _index_doc(row: aiosqlite.Row | tuple) -> IndexDoc:
    paper_id, title, names, keywords, abstract, authors = tuple(row)
    return IndexDoc(paper_id, title, tuple(json.loads(names)), tuple(json.loads(keywords)), abstract,
                    tuple(json.loads(authors)))


def _cut_title_of(titles: Sequence[tuple[str, str]], typed: str) -> list[str]:
    """The id of the one title of (id, title) `titles` that `typed`, a title cut with "…" as a card shows one over
    256 characters, opens (case, spacing, punctuation and markup aside): copied from the card, it was no paper's
    title. [] for anything else, or for too short a part (a word or two would open many titles)."""
    kept = typed.rstrip()
    if not kept.endswith(("…", "...")):
        return []
    opening = name_key(kept.rstrip(".…"))
    if len(opening) < _CUT_TITLE_KEPT:
        return []
    found = list(dict.fromkeys(paper_id for paper_id, title in titles if name_key(title).startswith(opening)))
    return found if len(found) == 1 else []


def _same_title(index: SearchIndex, typed: list[str], title: list[str]) -> bool:
    """Whether the words of a typed title are those of `title` but for spelling: word for word, the same
    word (one stem: "Minimisation", "Minimization"; "Structures", "Structure") or a misspelling of it that
    the corpus does not know ("Latnet", "Tseting"). A word the corpus knows is no typo: "Minimization" typed
    is not "Maximization", and a title with a word more or less is another title."""
    return len(typed) == len(title) and all(
        mine == theirs or stem(mine) == stem(theirs) or (index.term_id(mine) is None and misspelt(mine, theirs))
        for mine, theirs in zip(typed, title, strict=True))


def _opening_first(index: SearchIndex, typed: list[str], ranked: list[int], *, partial: bool) -> list[int]:
    """The ranked papers whose title opens with the words typed (the last one maybe half-typed) first, each group in
    the ranking's order: a title is typed from its start, so "Thompson Sampling for Co" is "Thompson Sampling for
    Combinatorial Semi-Bandits" before "Racing Thompson", which says "Thompson sampling" more often."""
    if len(typed) < 2:  # a word opens many titles; typed alone, it may be a name or acronym ("DRO", not "Dropout")
        return ranked
    opening = [p for p in ranked if _may_open(index.titles[p], typed[0][0])
               and _opens_with(words(index.titles[p]), typed, partial=partial)]
    return list(dict.fromkeys([*opening, *ranked]))


def _may_open(title: str, letter: str) -> bool:
    """Whether a title may open with a word starting with `letter` (folded), read without folding it, at every key
    typed: its first letter, past markup, is that letter in either case, or one folding may make it."""
    first = title.lstrip("`*_$\\([{\"'“‘ ")[:1]
    return not first.isascii() or first.lower() == letter


def _opens_with(title: list[str], typed: list[str], *, partial: bool) -> bool:
    """Whether the words of a title open with the words typed, the last one only begun when `partial`."""
    if not typed or len(title) < len(typed) or title[:len(typed) - 1] != typed[:-1]:
        return False
    return title[len(typed) - 1].startswith(typed[-1]) if partial else title[len(typed) - 1] == typed[-1]


def _one_word(typed: str) -> bool:
    """Whether what was typed is a single word (hyphens allowed: "Max-R"), as a method name is."""
    return len(typed.split()) == 1


def _rank_or_complete(index: SearchIndex, text: str, candidates: int, *, wanted: int = 0,
                      within: np.ndarray | None = None) -> Ranking:
    """Rank `text` as typed (the best `candidates` ordered by word pairs, and the `wanted` first papers at
    least: see `_rank_pages`); when nothing matches, read its last word as half-typed ("RepoA").

    People press Enter before finishing a word as often as they pick a suggestion; a search
    that autocomplete would have answered should not come back empty. A title made only of stop
    words ("Are We There Yet?"), typed whole, is the paper: words alone would find none of it.
    `within`: only the papers it marks (a venue's).
    """
    titled = [p for p in index.titled_in_stopwords(text) if within is None or within[p]]
    if titled:
        return Ranking(np.asarray(titled, np.int64), np.ones(len(titled), np.float32), len(titled))
    ranking = _rank_pages(index, text, candidates, wanted, within=within)
    if ranking.total == 0 and text and not text[-1].isspace():
        ranking = _rank_pages(index, text, candidates, wanted, partial=True, within=within)
    return ranking


def _rank_pages(index: SearchIndex, text: str, candidates: int, wanted: int, *, partial: bool = False,
                within: np.ndarray | None = None) -> Ranking:
    """The ranking every page of a result list is cut from: the best `candidates` as `rank` orders them,
    then, when more are wanted, all the others in one order that does not depend on the page.

    `rank` orders only its candidates (by word pairs, ties at the cut broken anyhow), so ranking again
    with more candidates for each later page moved papers across page boundaries: paging to the end of
    420 results showed 56 of them twice and 56 never.
    """
    head = index.rank(text, partial=partial, candidates=candidates, within=within)
    if wanted <= len(head.order) or len(head.order) >= head.total:
        return head
    whole = index.rank(text, partial=partial, candidates=head.total, within=within)
    rest = ~np.isin(whole.order, head.order)
    return replace(head, order=np.concatenate((head.order, whole.order[rest])),
                   scores=np.concatenate((head.scores, whole.scores[rest])), leading=whole.leading)
