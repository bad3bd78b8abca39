"""The in-memory search index: compact inverted lists in numpy arrays, BM25F scoring, fuzzy terms.

Built once per corpus load (in a worker thread) from the active papers. A query is scored
against every paper at once with vectorised array arithmetic, so a search over 100,000 papers
costs a few milliseconds instead of a Python loop per paper. The best few hundred are then
re-ranked by how many of the query's word pairs they contain side by side (`rank`); storage/search.py
then re-orders the best few by meaning (`fuse_meaning`), with the abstracts' stored embeddings.
"""

from __future__ import annotations

import bisect
import contextlib
import ctypes
import functools
import heapq
import itertools
import re
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import Stemmer
from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from storage._search_encoder import language_words
from storage._search_text import (
    MAX_NAME_WORDS,
    STOPWORDS,
    acronym_plurals,
    acronyms,
    analyse,
    compounds,
    content_words,
    fold,
    is_name_particle,
    joined_words,
    name_joined_words,
    name_key,
    name_keys,
    query_words,
    stem,
    typed_as_acronyms,
    typed_in_capitals,
    typed_name,
    words,
)

# BM25 saturation and length normalisation (the usual values).
K1 = 1.2
B = 0.75
# How much one occurrence in each field counts, relative to one in the abstract (BM25F).
FIELD_WEIGHTS = {"title": 2.0, "names": 4.0, "keywords": 1.5, "abstract": 1.0, "authors": 1.0}
# Fields that make a paper no longer for BM25's length normalisation: a paper with 120 authors is no
# less about its topic than one with 3.
_UNMEASURED = frozenset({"authors"})
_HALF_UNITS = {name: round(weight * 2) for name, weight in FIELD_WEIGHTS.items()}
# An author's word that the stemmer makes another word ("Welling" "well", "Levine" "levin") is also indexed as
# written, as a term of its own under this prefix (no stem holds it): typed, a surname finds its author's
# papers, not every abstract that does something "as well as" another.
_AS_WRITTEN = "="
# Discounts for query words that matched only approximately.
TYPO_FACTOR = (1.0, 0.95, 0.85)  # by edit distance 0, 1, 2: corrections are strict, so trusted
PREFIX_FACTOR = 0.8  # a half-typed last word expanded to the words it starts
RELATIVE_FACTOR = 0.7  # a morphological relative the stemmer keeps apart ("dimensions" ~ "dimensional")
# Re-ranking: a query word pair found side by side in a paper adds this times the rarer word's IDF.
PAIR_WEIGHT = 1.0
RERANK_CANDIDATES = 200
# A paper scoring below this share of the best one is noise, not a match (it doesn't count in `total`).
RELEVANCE_FLOOR = 0.15
MAX_QUERY_WORDS = 48  # a 6,000-character paste is cut to its first distinct words
MAX_FUZZY_WORDS = 8  # typo look-ups per query, the costly part
MAX_NAME_PARTICLES = 2  # "van der", "van den": beside MAX_NAME_WORDS in a name typed in small letters
MAX_NAME_SPELLINGS = 64  # a misspelt name's words' fixes put together, each looked up among the authors' names
MAX_PREFIX_EXPANSIONS = 40
TITLE_COMPLETION_PAPERS = 20  # a half-typed word is also completed by words of these papers' titles
MAX_ACRONYM_WORDS = 6
# An acronym typed also finds the papers writing out the words it stands for, up to this many ("SVGD": Stein
# variational gradient descent; "DBSCAN": density-based spatial clustering of applications with noise), side by side
# in that order (stop words aside), in up to MAX_SPELLINGS wordings of its meaning ("differential privacy",
# "differentially private").
MAX_PHRASE_WORDS = MAX_ACRONYM_WORDS
MAX_SPELLINGS = 3
SPLIT_FACTOR = 0.5  # an unknown word read as two indexed words run together, each counting half
MIN_SPLIT_PART = 3
UNKNOWN_RELATIVES = True  # longest run of query words looked up as an acronym's spelled-out form
LONG_WORD = 8
# A word the corpus lacks is a typo, one edit off, of a word the corpus writes after the word before it in at least
# 1 / this of the papers writing that word (_usual_after): "reinforcement lean" is reinforcement learning.
USUAL_PAIR_SHARE = 10
MIN_TYPO_WORD = 4  # shorter words are never typo-corrected; four-letter ones only for swapped letters
MIN_RELATIVE_STEM = 5
_STEMMED_FROM = 3  # stem() leaves words of this many letters or fewer as typed
# IDF flattened (raised to this power): a title's words all count, and in a corpus of a few
# thousand papers a word is often rare by chance; plain IDF lets one such word outvote the rest.
IDF_POWER = 0.6
NAME_WEIGHT = 1.0  # a method-name hit counts this times log(1 + papers): more than any one word
# A word an abstract writes like a name ("signSGD", "ShadowKV": two capitals and a small letter, not
# an acronym's plural) names a method even when enrichment did not list it, if few papers use it.
_TYPED_NAME = re.compile(
    r"(?<![\w-])(?=[A-Za-z0-9]*[a-z])(?![A-Z]+s\b)[A-Za-z0-9]*[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*(?![\w-])")
MAX_TYPED_NAME_PAPERS = 3
# Autocomplete: a single half-typed word that starts a method name ("Contex", "QuA") puts the papers
# introducing such names first, at most this many, so the words' own matches stay in view.
MIN_NAME_PREFIX = 3
NAME_COMPLETIONS = 5
SIMILAR_TERMS = 16  # words of a paper used to find papers like it
# Meaning (storage/search.py): the best few candidates are re-ranked by the cosine between the
# query's and each abstract's sentence embedding, which adds this times the best score times the
# cosine. Words decide which papers are candidates; meaning only orders the closest ones. Any weight
# from 1.0 to 2.0 ranked the dev sets' titles within a few of each other (bench/search_quality.py
# --meaning-weight): a plateau, not a value fitted to them.
SEMANTIC_WEIGHT = 1.3
SEMANTIC_CANDIDATES = 30
_PAIR_MULTIPLIER = 0x9E3779B1  # Knuth's multiplicative hash: word pairs as 32-bit codes
_LAST_WORD = re.compile(r"(\w+)\W*$")  # a query's last word, what follows it aside


def _may_name_someone(word: str) -> bool:
    """Whether a folded word may be one of `SearchIndex.author_pairs`: letters, no initial, no stop word."""
    return len(word) > 1 and word.isalpha() and word not in STOPWORDS


@dataclass(frozen=True, slots=True)
class IndexDoc:
    """The searchable text of one paper."""

    id: str
    title: str
    names: Sequence[str]
    keywords: Sequence[str]
    abstract: str
    authors: Sequence[str] = ()  # a surname finds its papers; no part of what a paper is about


Alternative = tuple[tuple[int, ...], float]  # index terms whose scores add up, times a factor


@dataclass(frozen=True, slots=True)
class QueryTerm:
    """One query word (or joined pair of words) and the index terms it may stand for."""

    word: str
    alternatives: tuple[Alternative, ...]
    corrected: str | None = None  # the vocabulary word a typo was taken for
    primary: int | None = None  # the term used for word-pair matching
    # An acronym's words written out ("MoE": mixture, expert) and what they count for: an alternative that counts
    # only where they are written side by side, in order (a paper with "mixture" alone is not about MoE).
    # One per wording of the acronym's meaning the corpus defines it with ("differential privacy", "differentially
    # private").
    spelled: tuple[Alternative, ...] = ()
    # Typed in a person's name (SearchIndex._typed_as_a_name): its typo fix stands only as a whole name (_whole_name).
    name: bool = False

    @property
    def every_alternative(self) -> tuple[Alternative, ...]:
        """The alternatives, and the written-out words when there are some."""
        return (*self.alternatives, *self.spelled) if self.spelled else self.alternatives


@dataclass(slots=True)
class Ranking:
    """Scored papers for one query: positions into the index's document table, best first."""

    order: np.ndarray  # document positions, best first (only the top candidates)
    scores: np.ndarray  # their scores
    total: int
    terms: list[QueryTerm] = field(default_factory=list)
    partial: bool = False  # the last word was read as half-typed
    # The folded words of the one author's name the query names, particles aside, when it names one the corpus has
    # (SearchIndex._part_of_a_name): a result's authors bold that author's name, not a co-author's sharing a word.
    person: tuple[str, ...] = ()
    # How many papers at the head of `order` are listed first whatever their scores (NameReading.first: the papers
    # co-authors wrote together, an author named whole): a re-ranking by meaning keeps them there.
    leading: int = 0


@dataclass(frozen=True, slots=True)
class NameReading:
    """A query read as people's names (SearchIndex._part_of_a_name): the words of the one author's name it names
    (`person`, particles aside), the papers it leaves out as no paper of theirs (`others`), the papers listed before
    the others (`first`: co-authors' joint papers, an author whose name has the words whole where another's has them
    only in a hyphenated word), and whether it names `coauthors` by their surnames."""

    person: tuple[str, ...] = ()
    others: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    first: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint32))
    coauthors: bool = False


def fuse_meaning(ranking: Ranking, cosines: np.ndarray) -> Ranking:
    """Re-order the ranking's head (one cosine per head paper) by word score plus closeness in meaning.

    The bonus is relative to the best score, so it weighs the same for a two-word query as for a
    long title; it is never negative, so the re-ordered head stays above the rest. The papers listed first
    (`Ranking.leading`) are re-ordered among themselves, and stay first.
    """
    head = min(len(cosines), len(ranking.order))
    if head == 0:
        return ranking
    order, scores = ranking.order, ranking.scores
    best = float(scores.max()) if ranking.leading else float(scores[0])  # the first ones may score less
    bonus = SEMANTIC_WEIGHT * best * np.maximum(cosines[:head], 0)
    fused = scores[:head] + bonus.astype(np.float32)
    resorted = np.lexsort((order[:head], -fused, np.arange(head) >= ranking.leading))
    return replace(ranking, order=np.concatenate((order[:head][resorted], order[head:])),
                   scores=np.concatenate((fused[resorted], scores[head:])))


def _fields(doc: IndexDoc) -> tuple[tuple[str, str], ...]:
    return (
        ("title", doc.title),
        ("names", " ; ".join(doc.names)),
        ("keywords", " ; ".join(doc.keywords)),
        ("abstract", doc.abstract),
        ("authors", " ; ".join(doc.authors)),
    )


def pair_codes(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """32-bit codes of (term, next term) pairs; a rare collision only nudges a re-ranking bonus."""
    return first.astype(np.uint32) * np.uint32(_PAIR_MULTIPLIER) + second.astype(np.uint32)


def phrase_code(tids: Sequence[int]) -> int:
    """The 32-bit code of a run of terms, each folded in as `pair_codes` folds the second: a pair's is its pair code."""
    code = int(tids[0]) if tids else 0
    for tid in tids[1:]:
        code = (code * _PAIR_MULTIPLIER + int(tid)) & 0xFFFF_FFFF
    return code


class SearchIndex:
    """Inverted lists over the active papers, with the vocabulary for typo and prefix matching."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.titles: list[str] = []
        self.terms: dict[str, int] = {"": 0}  # term 0: the field separator, never a posting
        self.words: dict[str, int] = {}  # folded surface word -> how many papers use it
        self._word_terms: dict[str, int] = {}  # folded surface word -> term id (its stem's)
        # The arrays below are laid out by finish(); empty until then.
        self.df = self.post_docs = self.pair_codes = np.zeros(0, np.uint32)
        self.post_tf = np.zeros(0, np.uint8)
        self.idf = self.norm = np.zeros(0, np.float32)
        self.offsets = self.pair_offsets = np.zeros(1, np.int64)
        # Word pairs found in two papers or more (codes sorted), and in how many: a pair not listed is in one.
        self.pair_df_codes = self.pair_df = np.zeros(0, np.uint32)
        self._builder: _Builder | None = _Builder(self)
        self._positions: dict[str, int] = {}
        self.names: dict[str, np.ndarray] = {}  # method name key -> positions of the papers introducing it
        self.acronyms: dict[str, int] = {}  # spelled-out words (_meaning_key) -> the acronym's term
        # The other way: an acronym's term -> the terms of its two to MAX_PHRASE_WORDS words, and what they count for
        # (at most the acronym's IDF over theirs: the words count no more than the acronym would); one alternative
        # per wording of its meaning, the one most definitions use first.
        self.spelled_out: dict[int, tuple[Alternative, ...]] = {}
        self.phrase_papers: dict[int, np.ndarray] = {}  # those words' phrase_code -> the papers writing them so
        # Titles made only of stop words ("Are We There Yet?"): no term of theirs is indexed, so words
        # cannot find them. Title key (name_key) -> positions; a handful of papers in any corpus.
        self.stopword_titles: dict[str, tuple[int, ...]] = {}
        self._term_names: list[str] | None = None
        self.sorted_ids: list[str] = []
        self.sorted_names: list[str] = []
        self.author_df = array("I")  # term id -> how many papers' authors write it (see _without_initials)
        # Two words side by side in one author's name ("max welling"), as (first << 32 | next) of their terms as
        # written (`_name_term`), sorted: a query's words that are a name of the corpus are read as that person's.
        self.author_pairs = np.zeros(0, np.uint64)
        # The papers of each, sorted (of author_pairs[n]: author_pair_papers[offsets[n]:offsets[n + 1]]): "Thomas
        # Laurent" is the papers one author so named wrote, not Thomas Moreau's with Laurent Oudre.
        self.author_pair_offsets = np.zeros(1, np.int64)
        self.author_pair_papers = np.zeros(0, np.uint32)
        # The last word of each author's name (its term as written, `_name_term`), sorted, and the papers of each
        # laid out as author_pair_papers: "Tomczak Welling" is the papers Jakub Tomczak and Max Welling wrote
        # together (`_joint_papers`), not the one citing "(Tomczak and Welling, 2018)".
        self.author_surnames = np.zeros(0, np.uint64)
        self.author_surname_offsets = np.zeros(1, np.int64)
        self.author_surname_papers = np.zeros(0, np.uint32)
        # The author_pairs a paper has only by splitting an author's hyphenated word, laid out as author_pairs: "jun
        # zhu" of Jun-Yan Zhu, "li fei" of Li Fei-Fei (their names read whole are "junyan zhu", "li feifei"), where
        # no author of the paper has the pair whole. "Jun Zhu" is Jun Zhu's papers first, then Jun-Yan Zhu's.
        self.hyphen_part_pairs = np.zeros(0, np.uint64)
        self.hyphen_part_offsets = np.zeros(1, np.int64)
        self.hyphen_part_papers = np.zeros(0, np.uint32)

    @classmethod
    def build(cls, docs: Iterable[IndexDoc]) -> SearchIndex:
        """An index over `docs`, finished and ready to query."""
        index = cls()
        index.add_all(docs)
        index.finish()
        return index

    @property
    def size(self) -> int:
        """How many papers are indexed."""
        return len(self.ids)

    # --- building -------------------------------------------------------------------------

    def add_all(self, docs: Iterable[IndexDoc]) -> None:
        """Add papers to an index that is still being built."""
        if self._builder is None:
            raise RuntimeError("the index is finished; build a new one")
        for doc in docs:
            self.ids.append(doc.id)
            self.titles.append(doc.title)
            self._builder.add(doc)

    def finish(self) -> None:
        """Lay out the arrays; after this the index is read-only and safe to share between threads."""
        if self._builder is not None:
            self._builder.finish()
            self._builder = None
        self._index_vocabulary()
        language_words()  # read once, here in the building thread, not by the first search with a typo
        self._positions = {pid: position for position, pid in enumerate(self.ids)}
        self.sorted_ids = _sorted_gently(self.ids)
        self.sorted_names = sorted(self.names)

    def titled_in_stopwords(self, query: str) -> list[int]:
        """Positions of the papers whose title is `query`, case, spacing and punctuation aside, when every
        word of it is a stop word ("are we there yet"): the one way to find such a paper by its title."""
        if not self.stopword_titles or content_words(query):
            return []
        return list(self.stopword_titles.get(name_key(query), ()))

    def ids_starting(self, prefix: str, limit: int) -> list[int]:
        """Positions of papers whose id starts with `prefix` (at least 3 characters, no spaces)."""
        if len(prefix) < 3 or not prefix.isalnum():
            return []
        start = bisect.bisect_left(self.sorted_ids, prefix)
        found = []
        for paper_id in self.sorted_ids[start: start + limit]:
            if not paper_id.startswith(prefix):
                break
            found.append(self._positions[paper_id])
        return found

    def names_starting(self, prefix: str, limit: int) -> list[int]:
        """Positions of the papers introducing a method name that starts with `prefix` (a name key,
        at least MIN_NAME_PREFIX characters): the closest completions first ("contex" finds
        ContextNet before ContextualBandits), then by position."""
        if len(prefix) < MIN_NAME_PREFIX:
            return []
        start, end = _prefix_range(self.sorted_names, prefix)
        positions: dict[int, None] = {}
        for key in sorted(self.sorted_names[start:end], key=len):
            positions.update(dict.fromkeys(int(p) for p in self.names[key]))
            if len(positions) >= limit:
                break
        return list(positions)[:limit]

    def position(self, paper_id: str) -> int | None:
        """Where a paper sits in the index, or None when it isn't indexed (unknown or retired)."""
        return self._positions.get(paper_id)

    def word_term(self, word: str) -> int:
        """The term id of a folded word, adding the word (and its stem) to the vocabulary if new."""
        tid = self._word_terms.get(word)
        if tid is None:
            tid = self.terms.setdefault(stem(word), len(self.terms))
            self._word_terms[word] = tid
        return tid

    def _index_vocabulary(self) -> None:
        """Sorted words for prefix look-ups; words grouped by length for typo look-ups."""
        self.sorted_words = _sorted_gently(self.words)
        self.by_length: dict[int, list[str]] = {}
        for word in self.sorted_words:
            self.by_length.setdefault(len(word), []).append(word)
        self.sorted_stems = _sorted_gently(self.terms)
        self._initial_completions: dict[str, list[str]] = {}  # see _completions

    # --- query terms ----------------------------------------------------------------------

    def term_id(self, word: str) -> int | None:
        """The index term of a folded word, or None when no paper has it. A word of three letters or fewer, which
        stemming leaves as typed, that no paper writes is no other word's stem ("tri" is not "tries", stem tri),
        but an acronym whose plural only is written ("vae" for "VAEs")."""
        tid = self._word_terms.get(word)
        if tid is None and (len(word) > _STEMMED_FROM or word + "s" in self._word_terms):
            tid = self.terms.get(stem(word))
        return tid if tid else None

    def resolve(self, word: str, *, partial: bool = False, lone: bool = False, name: bool = False,
                typos: bool = True, fixes: list[tuple[str, int]] | None = None, names: bool = True) -> QueryTerm:
        """The index terms a query word may stand for: itself, a typo fix, or a prefix's completions (`lone`: the
        query's only word, which half-typed may be a method name being typed: "IMPA" is IMPALA, not "impact").
        `name`: part of a person's name, which is no two words run together nor a relative of a word (`_whole_name`
        says whether its typo fix stands); `typos=False`: no typo fix at all; `fixes`: `correct(word)`, when known;
        `names=False`: a half-typed word is not completed into a word the corpus writes mostly in authors' names."""
        alternatives: dict[int, float] = {}
        # A word of a name matches as written, or as a name the stemmer makes another word: "Tri" (Tri Dao) is no
        # form of "tries", whose stem it is.
        exact = self.term_id(word) if not name or word in self.words else self._surname_term(word)
        corrected = None
        primary = exact
        if exact is not None:
            # A surname that the stemmer makes another word ("Welling", stem well) is the person, not that word: the
            # papers doing something "as well as" another are no match of it, not even a weaker one.
            surname = self._surname_term(word)
            if surname is None:
                alternatives[exact] = 1.0
            else:
                alternatives[surname] = 1.0
            # A relative counts no more than the word typed would: "graph" is not "graphon", the rarer word.
            for relative in self._relatives(word):
                alternatives.setdefault(relative, RELATIVE_FACTOR * self._no_rarer(relative, exact))
        # A lone letter is left as typed: as the first key of a search it would cost the most and tell nothing.
        completing = partial and (len(word) >= 2 or not lone)
        completions = [(completion, tid) for completion in self._completions(word)
                       if (tid := self.term_id(completion)) is not None
                       and (names or not self._mostly_a_name(completion))] if completing else []
        completed = bool(completions)
        if completions:
            # After other words, each completion weighs at most what the most used completion does: "reinforcement
            # lear" is "learning" being typed far more often than "learnt" or "learning-augmented", whose rarity put
            # their papers above every paper on reinforcement learning. Those papers are still found, as the common
            # word's are. So does the word typed, when it is a word already: "Bayesian dro" is "dropout" being
            # typed more often than DRO, and "Probabilistic G" a word starting with G, not the letter G.
            most_used_word, most_used = max(completions, key=lambda found: self.words[found[0]])
            if exact is not None and self.words.get(word, 0) >= self.words[most_used_word]:
                most_used = exact
            if exact is not None and not lone and most_used != exact:
                alternatives[exact] *= PREFIX_FACTOR * self._no_rarer(exact, most_used)
            for completion, tid in completions:
                if (surname := self._surname_term(completion)) is not None:
                    alternatives.setdefault(surname, PREFIX_FACTOR)  # the person, as typed whole (above)
                else:
                    alternatives.setdefault(tid, PREFIX_FACTOR * (1.0 if lone else self._no_rarer(tid, most_used)))
        if exact is None and typos:
            for fix, distance in self.correct(word) if fixes is None else fixes:
                if not name and self._another_persons(word, fix):
                    continue  # a word of a name typed whole is fixed only into a name the corpus has (_whole_name)
                if completed and not fix.startswith(word):
                    # A half-typed word that starts words is being typed, not misspelt: "bandi" is "bandit" on its
                    # way, not a typo of the name Andi, whose rarity would outweigh every paper on bandits.
                    continue
                tid = self.term_id(fix)
                if tid is not None:
                    alternatives.setdefault(self._surname_term(fix) or tid, TYPO_FACTOR[distance])
                    if corrected is None:
                        corrected, primary = fix, tid
        found: list[Alternative] = [((tid,), f) for tid, f in alternatives.items()]
        if exact is None and not partial and not name:
            found += self._split(word)
        if exact is None and corrected is None and not name:
            found += [((tid,), RELATIVE_FACTOR) for tid in self._relatives(word)]
        # An acronym written out ("MoE": mixture of experts); not a half-typed word ("vi" may be "via" being typed).
        spelled = self.spelled_out.get(exact, ()) if exact is not None and not partial else ()
        return QueryTerm(word, tuple(found), corrected, primary, spelled, name)

    def _no_rarer(self, tid: int, than: int) -> float:
        """The share of its own weight that term `tid` keeps so as to weigh no more than term `than` (IDF)."""
        return min(1.0, float(self.idf[than]) / max(float(self.idf[tid]), 1e-6))

    def _surname_term(self, word: str) -> int | None:
        """The term of `word` as written in authors' names (`_AS_WRITTEN`), when the corpus writes it mostly as
        a name: "welling" is Max Welling, while "vary", also somebody's name, is mostly the word."""
        tid = self.terms.get(_AS_WRITTEN + word)
        return tid if tid is not None and 2 * int(self.df[tid]) >= self.words.get(word, 0) else None

    def _mostly_a_name(self, word: str) -> bool:
        """Whether the corpus writes `word` mostly in authors' names: "bengio", "levine"; not "transport"."""
        tid = self.term_id(word)
        authors = self.author_df[tid] if tid is not None and tid < len(self.author_df) else 0
        return authors > 0 and 2 * authors >= int(self.df[tid])

    def _split(self, word: str) -> list[Alternative]:
        """An unknown word that is two indexed words run together ("quickshift" -> "quick shift"); not two names,
        which are a name the corpus lacks ("Kaiming" is neither a Kai's nor a Ming's papers)."""
        best: tuple[int, int, int] | None = None
        for cut in range(MIN_SPLIT_PART, len(word) - MIN_SPLIT_PART + 1):
            first, second = word[:cut], word[cut:]
            if first in STOPWORDS or second in STOPWORDS or (
                    first in self.words and second in self.words and self._mostly_a_name(first)
                    and self._mostly_a_name(second)):
                continue
            a, b = self.words.get(first, 0), self.words.get(second, 0)
            if a and b and (best is None or min(a, b) > best[0]):
                tids = (self.term_id(first), self.term_id(second))
                if tids[0] and tids[1] and tids[0] != tids[1]:
                    best = (min(a, b), tids[0], tids[1])
        return [] if best is None else [((best[1], best[2]), SPLIT_FACTOR)]

    def _relatives(self, word: str) -> list[int]:
        """Terms whose stem extends this word's stem by a little, or is it cut short (dimens ~ dimension)."""
        base = stem(word)
        if len(base) < MIN_RELATIVE_STEM or not base.isascii():
            return []
        found = []
        start = bisect.bisect_left(self.sorted_stems, base)
        for other in self.sorted_stems[start:start + 8]:
            if not other.startswith(base):
                break
            if other != base and len(other) - len(base) <= 3:
                found.append(self.terms[other])
        for cut in range(len(base) - 1, max(MIN_RELATIVE_STEM, len(base) - 3) - 1, -1):
            shorter = self.terms.get(base[:cut])
            if shorter:
                found.append(shorter)
                break
        return found

    def _completions(self, prefix: str) -> list[str]:
        """The most used vocabulary words that start with `prefix`."""
        if len(prefix) == 1 and prefix in self._initial_completions:
            return self._initial_completions[prefix]  # a letter starts a tenth of the vocabulary: sorted once
        start, end = _prefix_range(self.sorted_words, prefix)
        found = self.sorted_words[start:end]
        if len(found) > MAX_PREFIX_EXPANSIONS:
            found = sorted(found, key=lambda w: -self.words[w])[:MAX_PREFIX_EXPANSIONS]
        if len(prefix) == 1:
            self._initial_completions[prefix] = found
        return found

    def correct(self, word: str) -> list[tuple[str, int]]:
        """Vocabulary words a misspelt word may be, nearest first, by edit distance (a swap counts one).

        One edit for most words. Two for long words, or when the two edits only reorder the letters
        (two swaps: "oCidng" is "coding"), since letters swapped are the commonest typo and "enough"
        must not become "though". Every word at the nearest distance is kept (up to 3, most used
        first): "lfow" may be "flow" or "low", and the papers decide. A word of the language
        (`language_words`) is a typo only of its letters reordered.
        """
        limit = typo_edits(word)
        if not limit:
            return []
        candidates: list[tuple[int, bool, int, str]] = []
        for length in range(len(word) - limit, len(word) + limit + 1):
            bucket = self.by_length.get(length)
            if not bucket:
                continue
            for match, distance, _ in process.extract(word, bucket, scorer=OSA.distance,
                                                      score_cutoff=limit, limit=8):
                if is_typo(word, match, int(distance)):
                    candidates.append((int(distance), sorted(match) != sorted(word), -self.words[match], match))
        if candidates and word in language_words():
            # A word of the language that the corpus lacks is meant as typed ("title", "flash"), not another word a
            # letter off ("tile", "flaws"): that found the other word's few papers and offered "Did you mean **TILe
            # generation**?". Its letters swapped are still a typo ("casual" is "causal").
            candidates = [candidate for candidate in candidates if not candidate[1]]
        if not candidates:
            return []
        candidates.sort()
        nearest = candidates[0][0]
        return [(match, distance) for distance, _, _, match in candidates if distance == nearest][:3]

    def _another_persons(self, typed: str, name: str) -> bool:
        """Whether the vocabulary word `name`, which the corpus writes mostly in authors' names, is another person's
        name than the word `typed` alone rather than a misspelling of it: a letter of it replaced by another (Kaiming
        is not Kaiqing, Zhong not Zhang; a name typo that drops, adds or swaps letters, "Courvile", "Bengoi", still
        finds the name), unless the letter is one without an accent to strip, typed as its plain letter ("Zolna" is
        Żołna). Typed with the rest of the name, the whole name tells (`_whole_name`: "Kaiqing Zhong" is Kaiqing
        Zhang)."""
        if len(typed) != len(name) or sorted(typed) == sorted(name) or not self._mostly_a_name(name):
            return False
        return typed != name.translate(_PLAIN_LETTERS)

    def query_terms(self, query: str, *, partial: bool = False) -> list[QueryTerm]:
        """The query's words as resolved terms (stop words dropped unless nothing else is left)."""
        folded = words(query)
        last = folded[-1] if folded and partial else None
        fixes: dict[str, list[tuple[str, int]]] = {}  # the typo look-ups made (the costly part), each made once
        content = list(content_words(query)) or folded
        fixes |= self._fixed_beside(content, last, fixes)
        content, named = self._without_initials(content, last, fixes)
        if named and last in content:
            last = None  # a surname typed after its initial is typed whole: "T Dao" is no Daolang
        unique = list(dict.fromkeys(content))[:MAX_QUERY_WORDS]
        resolved: dict[str, QueryTerm] = {}
        fuzzy_budget = MAX_FUZZY_WORDS
        name = self._typed_as_a_name(query, unique, last, fixes)
        for word in unique:
            if self.term_id(word) is None and word != last:
                if fuzzy_budget <= 0:
                    continue
                fuzzy_budget -= 1
            resolved[word] = self.resolve(word, partial=word == last, lone=len(unique) == 1, name=word in name,
                                          fixes=fixes.get(word))
        plurals = acronym_plurals(query)
        for plural, singular in plurals.items():
            if plural in resolved and plural != last:
                resolved[plural] = self._with_other_number(resolved[plural], singular)
        resolved = self._with_defined_numbers(query, resolved, skipped={*plurals, last})
        if name:
            resolved = self._whole_name(name, self._fixed_into_one_name(name, resolved, fixes, last), last)
        resolved = self._without_letters_of_unknown_names(query, content, resolved)
        if last in resolved and any(not term.alternatives for word, term in resolved.items() if word != last):
            resolved[last] = self._completed_beside_nothing(last, named=last in name)
        if last in resolved and len(resolved) > 1:
            resolved[last] = self._complete_from_titles(resolved, last)
        return self._join_compounds(content, resolved, query, last)

    def _fixed_beside(self, content: list[str], last: str | None, fixes: dict[str, list[tuple[str, int]]]
                      ) -> dict[str, list[tuple[str, int]]]:
        """The words of the query the corpus lacks and `correct` fixes into none (each look-up kept in `fixes`) that
        are a word one edit off which the corpus writes after the word before them often (`_usual_after`), each to
        that word: "reinforcement lean" is reinforcement learning, though "lean" is a word of the language, taken as
        typed alone, and of four letters, which alone are typos only of their letters swapped. Not the half-typed
        `last`."""
        fixed: dict[str, list[tuple[str, int]]] = {}
        for before, word in itertools.pairwise(content[:MAX_QUERY_WORDS]):
            if word == last or word in fixes or not word.isalpha() or not typo_edits(word) \
                    or self.term_id(word) is not None or len(fixes) >= MAX_FUZZY_WORDS:
                continue
            found = fixes[word] = self.correct(word)
            usual = None if found else self._usual_after(before, word)
            if usual is not None:
                fixed[word] = [(usual, 1)]
        return fixed

    def _usual_after(self, before: str, word: str) -> str | None:
        """The word one edit from `word` (no letters before it: "Kaiming" is no "aiming") that the corpus writes right
        after `before` most, when it does so in two papers or more and in a tenth of the papers writing `before` at
        least: a phrase of that word, as "reinforcement learning" is in nearly all of them."""
        first = self.term_id(before)
        if first is None:
            return None
        best: tuple[int, str] | None = None
        for length in range(len(word) - 1, len(word) + 2):
            for match, _, _ in process.extract(word, self.by_length.get(length, []), scorer=OSA.distance,
                                               score_cutoff=1, limit=None):
                tid = self.term_id(match)
                if tid is None or _letters_before(word, match) or _digits(word) != _digits(match):
                    continue
                papers = self._papers_with_pair(first, tid)
                if papers >= 2 and papers * USUAL_PAIR_SHARE >= int(self.df[first]) and (
                        best is None or papers > best[0]):
                    best = (papers, match)
        return None if best is None else best[1]

    def _papers_with_pair(self, first: int, second: int) -> int:
        """How many papers write the term `first` right before the term `second`, when two or more do; else 0."""
        return int(self._papers_with_pairs(first, [second])[0])

    def _papers_with_pairs(self, first: int, seconds: Sequence[int]) -> np.ndarray:
        """How many papers write the term `first` right before each of the terms `seconds` (0 where fewer than two
        do: `pair_df` keeps the pairs of two papers or more)."""
        if not len(self.pair_df_codes) or not len(seconds):
            return np.zeros(len(seconds), np.int64)
        codes = pair_codes(np.full(len(seconds), first, np.uint32), np.asarray(seconds, np.uint32))
        where = np.minimum(np.searchsorted(self.pair_df_codes, codes), len(self.pair_df_codes) - 1)
        return np.where(self.pair_df_codes[where] == codes, self.pair_df[where], 0)

    def _completed_beside_nothing(self, last: str, *, named: bool) -> QueryTerm:
        """The half-typed `last` word of a query another word of which matches nothing (a name the corpus lacks,
        "Tri Dao", "Dao, Tri"), whose completions alone would be what is found: not into the words the corpus writes
        mostly in authors' names, somebody else's (Daolang Huang's); nor at all when it is a word of that name
        (`named`: Tri is no Trifon), or a letter or two ("Dao T", as citations write a first name)."""
        whole = named or len(last) < MIN_NAME_PREFIX
        return self.resolve(last, partial=not whole, name=named, typos=not named, names=False)

    def _with_other_number(self, term: QueryTerm, other: str) -> QueryTerm:
        """A two-letter acronym typed in one number as the other too: its plural ("GPs") as its singular ("GP", and
        the words it stands for), or the other way, with what writes the form typed."""
        acronym = self.resolve(other)
        if not acronym.alternatives:
            return term
        alternatives = tuple(dict.fromkeys((*acronym.alternatives, *term.alternatives)))
        return replace(term, alternatives=alternatives, primary=term.primary or acronym.primary,
                       spelled=tuple(dict.fromkeys((*acronym.spelled, *term.spelled))))

    def _with_defined_numbers(self, query: str, resolved: dict[str, QueryTerm], *, skipped: Collection[str | None]
                              ) -> dict[str, QueryTerm]:
        """The query's two-letter acronyms, each with its other number when the corpus defines both with one meaning
        ("Gaussian process (GP)", "Gaussian processes (GPs)"): "GP" also finds the papers that write only "GPs", and
        "gps" in small letters what "GPs" finds. Not "GPS" typed in capitals, an acronym of its own, nor `skipped`
        words (a half-typed one, plurals already read so by how they were typed: `acronym_plurals`)."""
        shouted: set[str] | None = None
        for word, term in resolved.items():
            if word in skipped or not 2 <= len(word) <= 3 or not word.isalpha():
                continue
            other = word + "s" if len(word) == 2 else word[:2] if word[2] == "s" else None
            if other is None or not self._one_meaning(word, other):
                continue
            if len(word) == 3:
                shouted = typed_in_capitals(query) if shouted is None else shouted
                if word in shouted:
                    continue
            resolved = {**resolved, word: self._with_other_number(term, other)}
        return resolved

    def _one_meaning(self, acronym: str, other: str) -> bool:
        """Whether the corpus spells out two acronyms with one wording at least (a singular and its plural)."""
        first, second = self.term_id(acronym), self.term_id(other)
        if first is None or second is None or first == second:
            return False
        wordings = {words for words, _ in self.spelled_out.get(first, ())}
        return any(words in wordings for words, _ in self.spelled_out.get(second, ()))

    def _without_letters_of_unknown_names(self, query: str, content: list[str], resolved: dict[str, QueryTerm]
                                          ) -> dict[str, QueryTerm]:
        """The query's words, a letter hyphenated to a word that matched nothing ("t-SNE", "k-NN" where the corpus
        writes neither) matching nothing either: it is a letter of a name the corpus lacks, not the variable "t" that
        every other abstract writes, which listed those abstracts as the name's papers. A word still being typed
        matched nothing when no word starts with it either."""
        for joined in compounds(query):
            if self.term_id(joined) is not None:
                continue
            run = _split_of(joined, content)
            letters = [word for word in run if len(word) == 1 and word.isalpha() and word in resolved]
            if letters and any(len(word) > 1 and not (word in resolved and resolved[word].alternatives)
                               for word in run):
                resolved = {**resolved, **{letter: QueryTerm(letter, ()) for letter in letters}}
        return resolved

    def _name_typed(self, query: str, fixed: Callable[[str], Sequence[str]]) -> list[str]:
        """The folded words of the person's name the query is typed with: capitalised (`typed_name`) unless its words
        are authors' words of the corpus but of no one author's name (`_words_of_several_authors`), or, typed in any
        case, a name the corpus's authors have, its words side by side in one author's name (`_corpus_name`).
        `fixed`: the typo fixes of a word the corpus lacks."""
        typed = typed_name(query)
        if typed and not self._words_of_several_authors(typed, fixed):
            return typed
        return self._corpus_name(words(query), fixed)

    def _words_of_several_authors(self, typed: list[str], fixed: Callable[[str], Sequence[str]]) -> bool:
        """Whether the words of a capitalised name are each written in authors' names of the corpus (as typed, or as
        a typo fix of a word the corpus lacks), but nowhere side by side in one author's name, nor each the surname
        of a co-author of one paper (`_joint_papers`): "Frank Wolfe" where Frank Hutter and Philip Wolfe wrote a
        paper together is the Frank-Wolfe algorithm, typed with capitals as people do, not the one paper they share;
        "Hutter Wolfe", their two surnames, is that paper. A name with a word the corpus has in no author's name
        ("Kaiming He", a stop word; a surname no author has) is a name the corpus lacks, still read as a name."""
        kept = [word for word in typed if len(word) > 1 and word not in STOPWORDS]
        spellings = [self._name_spellings(word, fixed) for word in kept]
        if len(kept) < 2 or not all(spellings):
            return False
        return not any(self._side_by_side_in_a_name(run) or len(self._joint_papers(run))
                       for run in itertools.product(*spellings))

    def _corpus_name(self, folded: list[str], fixed: Callable[[str], Sequence[str]]) -> list[str]:
        """The two to MAX_NAME_WORDS words that are the whole query, or its start or end, when they stand side by side
        in one author's name ("max welling", people type names in small letters too) or are each the surname of a
        co-author of one paper ("tomczak welling", `_joint_papers`), a word the corpus lacks as one of its typo fixes
        (`fixed`: "max weling", as "Max Weling" is); else []. Two words of a topic are no author's
        first name and surname ("graph neural", "reinforcement lerning"), so a topic typed so is not read as a name."""
        if len(folded) < 2 or not len(self.author_pairs):
            return []
        # Particles are no name words of their own, as typed_name counts them: "guy van den broeck" is one name.
        for size in range(min(MAX_NAME_WORDS + MAX_NAME_PARTICLES, len(folded)), 1, -1):
            for run in (folded[:size], folded[-size:]):
                if not all(map(_may_name_someone, run)):
                    continue  # initials and stop words are no words of author_pairs
                if sum(not is_name_particle(word) for word in run) > MAX_NAME_WORDS:
                    continue
                spellings = [self._name_spellings(word, fixed) for word in run]
                if all(spellings) and any(self._side_by_side_in_a_name(spelt) or len(self._joint_papers(spelt))
                                          for spelt in itertools.product(*spellings)):
                    return run
        return []

    def _name_spellings(self, word: str, fixed: Callable[[str], Sequence[str]]) -> Sequence[str]:
        """The folded word as typed when authors' names write it, else its typo `fixed` (none when the corpus has
        the word elsewhere)."""
        return [word] if self._name_term(word) is not None else fixed(word)

    def _side_by_side_in_a_name(self, run: Sequence[str]) -> bool:
        """Whether each word of `run` follows the one before it in an author's name of the corpus, or each precedes
        it: a name typed surname first ("Welling, Max", as reference lists write it) is that person too (initials and
        stop words are none of its words)."""
        if not all(map(_may_name_someone, run)):
            return False
        return self._name_rows(run) is not None or self._name_rows(run[::-1]) is not None

    def papers_named(self, run: Sequence[str], *, whole: bool = False) -> np.ndarray:
        """The papers, sorted, one of whose authors' names has the folded words of `run` side by side, in this order
        or the reverse (see `_side_by_side_in_a_name`): "thomas laurent" is Thomas Laurent's papers, not the one by
        Thomas Moreau and Laurent Oudre. Particles aside: "Guy Van den Broeck" is also the papers writing Guy Broeck
        (`_note_name_pairs`). `whole`: only those where the name is read with no hyphenated word split
        (`hyphen_part_pairs`): "jun zhu" is Jun Zhu's, not Jun-Yan Zhu's."""
        unjoined = [word for word in run if not is_name_particle(word)]
        run = unjoined if len(unjoined) > 1 else run
        found = []
        for ordered in (run, run[::-1]):
            rows = self._name_rows(ordered) if all(map(_may_name_someone, ordered)) else None
            if rows is not None:
                papers = _papers_of_every(rows, self.author_pair_offsets, self.author_pair_papers)
                found.append(np.setdiff1d(papers, self._split_for(ordered), assume_unique=True) if whole else papers)
        return np.unique(np.concatenate(found)) if found else np.zeros(0, np.uint32)

    def _split_for(self, run: Sequence[str]) -> np.ndarray:
        """The papers having a pair of `run`'s words (side by side, in this order) only by splitting an author's
        hyphenated word (`hyphen_part_pairs`)."""
        tids = [self._name_term(word) for word in run]
        codes = [(first << 32) | second for first, second in itertools.pairwise(tids)
                 if first is not None and second is not None]
        keys, offsets, papers = self.hyphen_part_pairs, self.hyphen_part_offsets, self.hyphen_part_papers
        rows = np.searchsorted(keys, np.asarray(codes, np.uint64))
        found = [papers[offsets[row]:offsets[row + 1]] for row, code in zip(rows.tolist(), codes, strict=True)
                 if row < len(keys) and int(keys[row]) == code]
        return np.unique(np.concatenate(found)) if found else np.zeros(0, np.uint32)

    def _joint_papers(self, run: Sequence[str]) -> np.ndarray:
        """The papers, sorted, in which each folded word of `run` (two or more, particles aside, each once) is the
        surname of one of the authors (`author_surnames`): "tomczak welling" is the paper Jakub Tomczak and Max
        Welling wrote together. None for a run with a word that is no author's surname, and for one word alone
        (that is the person's papers)."""
        rows = self._surname_rows(run)
        if rows is None:
            return np.zeros(0, np.uint32)
        return _papers_of_every(rows, self.author_surname_offsets, self.author_surname_papers)

    def _papers_of_each(self, run: Sequence[str]) -> np.ndarray:
        """The papers, sorted, in which one folded word of `run` at least is the surname of one of the authors, for a
        `run` of co-authors' surnames (`_joint_papers`): "tomczak welling" is also Tomczak's papers without Welling,
        and Welling's without Tomczak."""
        rows = self._surname_rows(run)
        if rows is None:
            return np.zeros(0, np.uint32)
        offsets, papers = self.author_surname_offsets, self.author_surname_papers
        return np.unique(np.concatenate([papers[offsets[row]:offsets[row + 1]] for row in rows]))

    def _surname_rows(self, run: Sequence[str]) -> list[int] | None:
        """Where each folded word of `run` (two or more, particles aside, each once) is in `author_surnames`, or None
        when one is no author's surname, or only one word is."""
        surnames = list(dict.fromkeys(word for word in run if not is_name_particle(word)))
        tids = [self._name_term(word) if _may_name_someone(word) else None for word in surnames]
        if len(tids) < 2 or None in tids:
            return None
        return _rows_holding(self.author_surnames, np.asarray(tids, np.uint64))

    def _name_rows(self, run: Sequence[str]) -> list[int] | None:
        """Where each word of `run` and the next are in `author_pairs` (side by side in an author's name, in this
        order), or None when some are not."""
        tids = [tid for word in run if (tid := self._name_term(word)) is not None]
        if len(tids) < max(len(run), 2):
            return None
        codes = np.asarray([(first << 32) | second for first, second in itertools.pairwise(tids)], np.uint64)
        return _rows_holding(self.author_pairs, codes)

    def _name_term(self, word: str) -> int | None:
        """The term of a folded word as authors' names write it (see author_pairs), or None when none does."""
        return self.terms.get(_AS_WRITTEN + word if stem(word) != word else word)

    def _typo_fixes(self, last: str | None, fixes: dict[str, list[tuple[str, int]]]) -> Callable[[str], list[str]]:
        """The typo fixes of a word of the query that the corpus lacks (none for the half-typed `last`: it is being
        typed), each looked up once (kept in `fixes`)."""
        def fixed(word: str) -> list[str]:
            if word == last or not word.isalpha() or self.term_id(word) is not None:
                return []
            if word not in fixes:
                fixes[word] = self.correct(word)
            return [fix for fix, _ in fixes[word]]
        return fixed

    def _typed_as_a_name(self, query: str, content: list[str], last: str | None,
                         fixes: dict[str, list[tuple[str, int]]]) -> list[str]:
        """The words of the person's name the query is typed with (`typed_name`: all of it, or its start or end
        before or after a topic in small letters: "Kaiming He residual"), when the corpus does not read them as
        words, else []: none of them is a word the corpus writes outside authors' names, and one at least is surely
        a name: a surname or first name its authors have, a capitalised stop word ("Kaiming He"), or an unknown word
        that no ordinary word is a typo of (not the half-typed `last`: it is being typed). A title typed in capitals
        with every word misspelt ("Nueral Estimaton") is words: each is a typo of an ordinary word. The typo
        look-ups made are kept in `fixes`."""
        typed = self._name_typed(query, self._typo_fixes(last, fixes)) if content else []
        if not typed:
            return []
        surely = bool(STOPWORDS.intersection(typed))
        for word in dict.fromkeys(typed):
            if is_name_particle(word) or word in STOPWORDS or word not in content:
                continue
            if word in self.words:  # written as such: "Tri" only shares its stem with "tries", "trying"
                if not self._mostly_a_name(word):
                    return []
                surely = True
            elif word != last:
                if word not in fixes:
                    fixes[word] = self.correct(word)
                surely = surely or all(self._mostly_a_name(fix) for fix, _ in fixes[word])
        return typed if surely else []

    def _fixed_into_one_name(self, name: list[str], resolved: dict[str, QueryTerm],
                             fixes: dict[str, list[tuple[str, int]]], last: str | None) -> dict[str, QueryTerm]:
        """The words of a `name` typed with typos, each fixed only into the words that make the name one author's of
        the corpus (`_side_by_side_in_a_name`), when some fixes do: "Chiarg Modi" is Chirag Modi, not also every
        Chiara's and Chiang's papers, the other names a letter off "chiarg". Unchanged otherwise, and the half-typed
        `last` word (being typed, it is not misspelt)."""
        run = list(dict.fromkeys(name))
        if len(run) < 2 or not all(word in resolved and _may_name_someone(word) for word in run):
            return resolved
        spellings = [[fix for fix, _ in self._fixes_of(word, fixes)] if resolved[word].corrected else [word]
                     for word in run]
        meant: list[set[str]] = [set() for _ in run]
        for spelt in itertools.islice(itertools.product(*spellings), MAX_NAME_SPELLINGS):
            if self._side_by_side_in_a_name(spelt):
                for kept, word in zip(meant, spelt, strict=True):
                    kept.add(word)
        narrowed = dict(resolved)
        for word, kept, spelled in zip(run, meant, spellings, strict=True):
            if kept and len(kept) < len(spelled) and word != last:
                narrowed[word] = self.resolve(word, name=True, fixes=[
                    (fix, distance) for fix, distance in self._fixes_of(word, fixes) if fix in kept])
        return narrowed

    def _fixes_of(self, word: str, fixes: dict[str, list[tuple[str, int]]]) -> list[tuple[str, int]]:
        """`correct(word)`, looked up once (kept in `fixes`)."""
        if word not in fixes:
            fixes[word] = self.correct(word)
        return fixes[word]

    def _whole_name(self, name: list[str], resolved: dict[str, QueryTerm], last: str | None
                    ) -> dict[str, QueryTerm]:
        """The words of a `name` with their typos fixed when the name so fixed is one the corpus has whole: every
        word found, and some paper has them all ("Yoshua Bengoi" is Yoshua Bengio; "Bengio Attenton", typed as a
        name, Bengio's papers on attention); otherwise as typed, unfixed: "Kaiming He" is not "aiming", "Ilya
        Sutskever" not the "Ilya Yurtsever" no paper has, "Andrej Karpathy" no "Andrew". A stop word is never
        indexed: a name with one ("He", "Do", "An") cannot be told to be the corpus's, and is left as typed."""
        named = {word: term for word, term in resolved.items() if word in name}
        if not any(term.corrected for term in named.values()):
            return resolved
        terms = [term for word, term in named.items() if not is_name_particle(word)]
        found = [term.primary for term in terms if term.primary is not None]
        if (not STOPWORDS.intersection(name) and all(term.alternatives for term in terms)
                and self._has_all(found).any()):
            return resolved
        return {word: self.resolve(word, partial=word == last, name=True, typos=False)
                if word in named and term.corrected else term for word, term in resolved.items()}

    def _without_initials(self, content: list[str], last: str | None = None,
                          fixes: dict[str, list[tuple[str, int]]] | None = None) -> tuple[list[str], bool]:
        """The query's words without its lone letters when another word is an author's surname: "bengio y" is
        Y. Bengio as reference lists write him, the full stop left out, and the letter, rarer than the surname,
        found every abstract writing a variable "y" before his papers ("transport of y" keeps its letter). So too
        when every other word is a name the corpus lacks (`_unknown_names`; then also True): "Dao T", as citations
        write Tri Dao, is nobody's papers in a corpus without him, not every abstract writing a "t"."""
        if len(content) < 2 or not any(len(word) == 1 and word.isalpha() for word in content):
            return content, False
        others = [word for word in content if len(word) > 1 or not word.isalpha()]
        if any(len(word) > 1 and (self._mostly_a_name(word) or self._surname_term(word) is not None)
               for word in others):
            return others, False
        if self._unknown_names(others, last, fixes):
            return others, True
        return content, False

    def _unknown_names(self, typed: list[str], last: str | None, fixes: dict[str, list[tuple[str, int]]] | None
                       ) -> bool:
        """Whether the words `typed` (a few) are all names the corpus lacks: no paper writes them and no ordinary
        word is a typo of them, nor, for the half-typed `last`, starts with it (the typo look-ups made are kept in
        `fixes`)."""
        if not typed or len(typed) > MAX_NAME_WORDS:
            return False
        for word in typed:
            if not word.isalpha() or self.term_id(word) is not None:
                return False
            if word == last:
                if not all(self._mostly_a_name(completion) for completion in self._completions(word)):
                    return False
                continue
            found = self.correct(word) if fixes is None or word not in fixes else fixes[word]
            if fixes is not None:
                fixes[word] = found
            if not all(self._mostly_a_name(fix) for fix, _ in found):
                return False
        return True

    def _complete_from_titles(self, resolved: dict[str, QueryTerm], last: str) -> QueryTerm:
        """The half-typed last word, also completed by the words of the titles the other words find first.

        A short prefix has more completions than are tried (the most used ones): "grounding di" tried
        "different", "distribution" … and lost Grounding DINO, which "grounding d" and "grounding din"
        both put first. Someone typing a title types a word of it.
        """
        start, end = _prefix_range(self.sorted_words, last)
        term = resolved[last]
        if end - start <= MAX_PREFIX_EXPANSIONS:
            return term  # every completion is tried already
        others = [t for word, t in resolved.items() if word != last and t.alternatives]
        if not others or self.size == 0:
            return term
        scores = self.score(others)
        keep = min(TITLE_COMPLETION_PAPERS, self.size)
        top = np.argpartition(-scores, keep - 1)[:keep]
        tried = {tid for tids, _ in term.alternatives for tid in tids}
        found = [tid for position in top if scores[position] > 0 for word in words(self.titles[int(position)])
                 if word.startswith(last) and (tid := self.term_id(word)) is not None and tid not in tried]
        if not found:
            return term
        extra = tuple(((tid,), PREFIX_FACTOR) for tid in dict.fromkeys(found))
        return replace(term, alternatives=term.alternatives + extra)

    def _join_compounds(self, content: list[str], resolved: dict[str, QueryTerm], query: str,
                        partial: str | None = None) -> list[QueryTerm]:
        """Group adjacent words that the corpus also writes as one ("multi agent" / "multiagent").

        The group scores the better of the joined word and its parts, so a query written either way
        finds a paper written either way, and a hyphenated name isn't counted twice. With `partial`,
        the half-typed last word, a pair ending in it may be the start of a joined word ("flash att"
        is "FlashAttention" being typed).
        """
        joined_forms = dict.fromkeys(compounds(query))
        for first, second in itertools.pairwise(content):
            joined_forms.setdefault(first + second)
        grouped, used = self._group_acronyms(content, resolved)
        for joined in joined_forms:
            tid = self.term_id(joined)
            factor = 1.0
            if tid is None and partial and joined.endswith(partial) and len(joined) > len(partial):
                tid, factor = self._completed_term(joined), PREFIX_FACTOR
            if tid is None:  # checked first: finding the words that spell it is the slow part
                continue
            run = [word for word in _split_of(joined, content) if word in resolved]
            if len(run) < 2 or used.intersection(run):
                continue
            parts = tuple(t for word in run for t in _exact_ids(resolved[word]))
            alternatives: list[Alternative] = [((tid,), factor)]
            if factor != 1.0:  # guessed from a half-typed word: worth no more than the words it completes
                guessed = [t for t in (*parts, self._completed_term(partial or "")) if t is not None]
                worth = float(self.idf[guessed].sum() / max(float(self.idf[tid]), 1e-6))
                alternatives = [((tid,), factor * min(1.0, worth))]
            elif len(parts) == len(run):
                # The joined spelling is rare because it is a spelling, not because the idea is:
                # it scores no more than the words written apart would.
                worth = float(self.idf[list(parts)].sum() / max(float(self.idf[tid]), 1e-6))
                alternatives = [((tid,), min(1.0, worth)), (parts, 1.0)]
            grouped.append(QueryTerm(joined, tuple(alternatives), None, None))
            if factor == 1.0:  # a joined word only guessed from a half-typed one leaves its words scoring too
                used.update(run)
        singles = [term for word, term in resolved.items() if word not in used]
        return singles + grouped

    def _completed_term(self, prefix: str) -> int | None:
        """The term of the most used vocabulary word that starts with `prefix`, if any."""
        completions = self._completions(prefix)
        best = max(completions, key=lambda word: self.words[word], default=None)
        return self.term_id(best) if best is not None else None

    def _group_acronyms(self, content: list[str], resolved: dict[str, QueryTerm]) -> tuple[list[QueryTerm], set[str]]:
        """Group query words that spell out an acronym some abstract defines ("generative adversarial
        networks" -> "gan"), so a paper that only writes the acronym matches them.

        The group scores the better of its words and the acronym; the acronym counts as much as
        the words it stands for, since it says all of them at once.
        """
        grouped: list[QueryTerm] = []
        used: set[str] = set()
        if not self.acronyms:
            return grouped, used
        content = content[:MAX_QUERY_WORDS * 4]  # a pasted page: its first words are the query
        ids = [_exact_ids(resolved[word]) if word in resolved else () for word in content]
        start = 0
        while start < len(content):
            for size in range(min(MAX_ACRONYM_WORDS, len(content) - start), 1, -1):
                run = ids[start:start + size]
                if not all(len(tids) == 1 for tids in run):
                    continue
                parts = tuple(tids[0] for tids in run)
                acronym = self.acronyms.get(_meaning_key(parts))
                if acronym is None or acronym in parts or not self.df[acronym]:
                    continue
                words_run = content[start:start + size]
                if used.intersection(words_run) or len(set(words_run)) < size:
                    continue
                worth = float(self.idf[list(parts)].sum() / max(float(self.idf[acronym]), 1e-6))
                alternatives: tuple[Alternative, ...] = ((parts, 1.0), ((acronym,), worth))
                grouped.append(QueryTerm(" ".join(words_run), alternatives, None, None))
                used.update(words_run)
                start += size - 1
                break
            start += 1
        return grouped, used

    def pair_query(self, query: str, terms: Sequence[QueryTerm]) -> tuple[np.ndarray, np.ndarray]:
        """Codes of the query's adjacent content-word pairs, with what each pair tells beyond its words.

        A pair counts by how much rarer it is than its rarer word: "temporal alignment" side by
        side says more than "temporal" and "alignment" apart, while "neural networks" says no more
        than "neural" does.
        """
        by_word = {term.word: term.primary for term in terms}
        sequence = [by_word.get(word) or self.term_id(word) for word in content_words(query)]
        pairs = {(a, b) for a, b in itertools.pairwise(sequence) if a and b and a != b}
        if not pairs:
            return np.zeros(0, np.uint32), np.zeros(0, np.float32)
        first = np.array([a for a, _ in pairs], np.uint32)
        second = np.array([b for _, b in pairs], np.uint32)
        codes = pair_codes(first, second)
        excess = self._pair_idf(codes) - np.minimum(self.idf[first], self.idf[second])
        keep = excess > 0
        return codes[keep], excess[keep].astype(np.float32)

    def _pair_idf(self, codes: np.ndarray) -> np.ndarray:
        """IDF (flattened like a word's) of word pairs, from how many papers have each side by side."""
        where = np.clip(np.searchsorted(self.pair_df_codes, codes), 0, max(len(self.pair_df_codes) - 1, 0))
        found = self.pair_df_codes[where] == codes if len(self.pair_df_codes) else np.zeros(len(codes), bool)
        df = np.where(found, self.pair_df[where] if len(self.pair_df) else 0, 1).astype(np.float64)
        return (np.log1p((self.size - df + 0.5) / (df + 0.5)) ** IDF_POWER).astype(np.float32)

    # --- scoring --------------------------------------------------------------------------

    def score(self, terms: Sequence[QueryTerm]) -> np.ndarray:
        """BM25F score of every paper for the resolved query terms."""
        scores = np.zeros(self.size, np.float32)
        for term in terms:
            if term.alternatives:
                scores += self._term_scores(term)
        return scores

    def _term_scores(self, term: QueryTerm) -> np.ndarray:
        """One query word's score for every paper: the best of its alternatives."""
        if len(term.alternatives) == 1 and len(term.alternatives[0][0]) == 1 and not term.spelled:
            (tid,), factor = term.alternatives[0]
            best = np.zeros(self.size, np.float32)
            docs, weights = self._postings(tid)
            best[docs] = weights * factor
            return best
        best = np.zeros(self.size, np.float32)
        for tids, factor in term.alternatives:
            summed = np.zeros(self.size, np.float32) if len(tids) > 1 else best
            for tid in tids:
                docs, weights = self._postings(tid)
                if len(tids) > 1:
                    summed[docs] += weights * factor
                else:
                    best[docs] = np.maximum(best[docs], weights * factor)
            if len(tids) > 1:
                np.maximum(best, summed, out=best)
        for tids, factor in term.spelled:
            summed = np.zeros(self.size, np.float32)
            for tid in tids:
                docs, weights = self._postings(tid)
                summed[docs] += weights * factor
            np.maximum(best, np.where(self._side_by_side(tids), summed, np.float32(0)), out=best)
        return best

    def _postings(self, tid: int) -> tuple[np.ndarray, np.ndarray]:
        start, end = self.offsets[tid], self.offsets[tid + 1]
        docs = self.post_docs[start:end]
        tf = self.post_tf[start:end].astype(np.float32)
        tf *= np.float32(0.5)  # stored in half units
        return docs, self.idf[tid] * np.float32(K1 + 1) * tf / (tf + self.norm[docs])

    def pair_bonus(self, candidates: np.ndarray, codes: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """For each candidate paper, the summed IDF of query word pairs it has side by side."""
        if not len(codes) or not len(candidates):
            return np.zeros(len(candidates), np.float32)
        doc_codes, owner = self._pairs_of(candidates)
        order = np.argsort(codes)
        where = np.clip(np.searchsorted(codes[order], doc_codes), 0, len(codes) - 1)
        hit = codes[order][where] == doc_codes
        gains = np.where(hit, weights[order][where], 0.0).astype(np.float32)
        return np.bincount(owner, weights=gains, minlength=len(candidates)).astype(np.float32)

    def surnames_written_beside(self, candidates: np.ndarray, query: str, terms: Sequence[QueryTerm]) -> np.ndarray:
        """For each candidate paper, what a query word read as a surname (`_surname_term`: "wolfe" as Philip Wolfe's
        name, no paper's "wolf") adds as the word the paper writes, where the paper writes it beside the word typed
        next to it, in the order typed: "Frank Wolfe" is the Frank–Wolfe algorithm in the papers writing
        "Frank–Wolfe", which the surname alone missed, so the one paper Frank Hutter and Philip Wolfe wrote together,
        found by both words in its authors' names, came first. A word scores once, as the better of the two readings.
        Not for a query naming a person the corpus has (`Ranking.person`): there the surname is that person."""
        added = np.zeros(len(candidates), np.float32)
        by_word = {term.word: term for term in terms}
        sequence = [by_word.get(word) for word in content_words(query)]
        for term in dict.fromkeys(term for term in sequence if term is not None and self._read_as_a_surname(term)):
            assert term.primary is not None  # _read_as_a_surname
            beside = self._written_beside(candidates, term.primary, sequence, term)
            if not beside.any():
                continue
            as_written = np.zeros(self.size, np.float32)
            docs, weights = self._postings(term.primary)
            as_written[docs] = weights
            gain = np.maximum(as_written[candidates] - self._term_scores(term)[candidates], 0)
            added += np.where(beside, gain, np.float32(0))
        return added

    def _read_as_a_surname(self, term: QueryTerm) -> bool:
        """Whether the query word stands for a surname as written only, not for the word its stem is (`resolve`)."""
        surname = self._surname_term(term.corrected or term.word)
        return surname is not None and term.primary is not None and term.primary != surname \
            and all(term.primary not in tids for tids, _ in term.alternatives)

    def _written_beside(self, candidates: np.ndarray, tid: int, sequence: Sequence[QueryTerm | None],
                        term: QueryTerm) -> np.ndarray:
        """Which candidate papers write the term `tid` (the query word `term`) side by side with the word typed before
        or after it, in that order."""
        pairs = [(before.primary, tid) for before, this in itertools.pairwise(sequence)
                 if this is term and before is not None and before is not term and before.primary is not None]
        pairs += [(tid, after.primary) for this, after in itertools.pairwise(sequence)
                  if this is term and after is not None and after is not term and after.primary is not None]
        if not pairs:
            return np.zeros(len(candidates), bool)
        codes = np.unique(pair_codes(np.array([a for a, _ in pairs], np.uint32), np.array([b for _, b in pairs],
                                                                                          np.uint32)))
        doc_codes, owner = self._pairs_of(candidates)
        return np.bincount(owner[np.isin(doc_codes, codes)], minlength=len(candidates)) > 0

    def typing_pair_bonus(self, candidates: np.ndarray, query: str, terms: Sequence[QueryTerm]) -> np.ndarray:
        """For each candidate paper, what the pair of the word before the half-typed last word and a word starting
        with it, side by side ("Thompson Sampl": "Thompson sampling"), adds: its best such pair, PREFIX_FACTOR of
        what `pair_query` gives a pair typed whole. Without it the word being typed, where a cut falls in two titles
        typed half-way in three, told nothing of the order of the words typed.

        The pair codes are (word before) * multiplier + next word, so the next word of each of the candidates' pairs
        is read back from the code (a code of another first word reads back as no term, but once in 10,000 at most)."""
        bonus = np.zeros(len(candidates), np.float32)
        content = content_words(query)
        if len(content) < 2 or words(query)[-1] != content[-1] or not len(candidates):
            return bonus
        fragment = content[-1]
        by_word = {term.word: term.primary for term in terms}
        before = by_word.get(content[-2]) or self.term_id(content[-2])
        as_typed = by_word.get(fragment) or self.term_id(fragment) or 0  # a word already: its pair is pair_query's
        if not before:
            return bonus
        doc_codes, owner = self._pairs_of(candidates)
        nexts = doc_codes - pair_codes(np.asarray([before], np.uint32), np.zeros(1, np.uint32))
        read = np.flatnonzero((nexts < len(self.idf)) & (nexts != 0) & (nexts != before) & (nexts != as_typed))
        names = self.term_names
        typing = read[[_starts_as_typed(names[int(tid)], fragment) for tid in nexts[read].tolist()]]
        if not len(typing):
            return bonus
        excess = self._pair_idf(doc_codes[typing]) - np.minimum(self.idf[before], self.idf[nexts[typing]])
        np.maximum.at(bonus, owner[typing], PREFIX_FACTOR * np.maximum(excess, 0).astype(np.float32))
        return bonus

    def _pairs_of(self, candidates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The codes of the candidate papers' word pairs, one paper after another, and which candidate (its place
        in `candidates`) each code is of."""
        starts, ends = self.pair_offsets[candidates], self.pair_offsets[candidates + 1]
        lengths = ends - starts
        gathered = np.repeat(starts - np.concatenate(([0], np.cumsum(lengths)[:-1])), lengths)
        gathered += np.arange(int(lengths.sum()))
        return self.pair_codes[gathered], np.repeat(np.arange(len(candidates)), lengths)

    def rank(self, query: str, *, partial: bool = False, candidates: int = RERANK_CANDIDATES,
             within: np.ndarray | None = None) -> Ranking:
        """Score every paper by words, re-rank the best `candidates` by word pairs, best first; only the papers
        `within` marks (a venue's mask), when given: the others score nothing before the cut and the count."""
        typed_partial = partial
        query, partial = self._name_completed(query, partial)
        terms = self.query_terms(query, partial=partial)
        if within is not None:
            terms = [self._corrected_within(term, within) if term.corrected else term for term in terms]
        empty = Ranking(np.zeros(0, np.int64), np.zeros(0, np.float32), 0, terms, typed_partial)
        if not any(term.alternatives for term in terms) or self.size == 0:
            return empty
        scores = self.score(terms)
        self._name_bonus(query, scores)
        if within is not None:
            scores *= within
        reading = self._part_of_a_name(query, terms)
        scores[reading.others] = 0
        top = float(scores.max())
        if top <= 0:
            return empty
        kept = scores >= top * RELEVANCE_FLOOR
        first = _first_found(reading.first, scores, self.size)
        if first is not None:
            kept |= first
        total = int(np.count_nonzero(kept))
        keep = min(candidates, total)
        chosen = scores if first is None else scores + top * first  # the first ones are candidates before any other
        part = np.argpartition(-chosen, keep - 1)[:keep] if keep < self.size else np.arange(self.size)
        part = part[kept[part]]
        codes, weights = self.pair_query(query, terms)
        final = scores[part] + PAIR_WEIGHT * self.pair_bonus(part, codes, weights)
        if not reading.person:
            final += self.surnames_written_beside(part, query, terms)
        if partial:
            final += PAIR_WEIGHT * self.typing_pair_bonus(part, query, terms)
        if first is None:
            order, leading = np.lexsort((part, -final)), 0
        else:
            order, leading = np.lexsort((part, -final, ~first[part])), int(np.count_nonzero(first[part]))
        return Ranking(part[order], final[order], total, terms, typed_partial, reading.person, leading)

    def _name_completed(self, query: str, partial: bool) -> tuple[str, bool]:
        """The query with its last word completed into the one name word that follows the word before it in the
        authors' names of the corpus and starts so ("Max Wel" is Max Welling being typed), and False: read as typed
        whole, his papers lead, not those writing "max". Only a word the corpus lacks, or one being typed (`partial`),
        only a name (the completion, or the word before it, written mostly in authors' names), and not where the
        papers write the word before it followed by a word that starts so ("deep lea" is deep learning being typed
        even in a corpus with an author Deep Lear). Otherwise the query and `partial` as they came."""
        folded = words(query)
        if len(folded) < 2 or not folded[-1].isalpha() or (not partial and self.term_id(folded[-1]) is not None):
            return query, partial
        before, start = folded[-2], folded[-1]
        following = self._name_words_after(before, start)
        if len(following) != 1 or following[0] == start:
            return query, partial
        completion = following[0]
        if not (self._mostly_a_name(completion) or self._surname_term(completion) is not None
                or self._mostly_a_name(before)) or self._written_after(before, start):
            return query, partial
        typed = _LAST_WORD.search(query)
        if typed is None or fold(typed.group(1)) != start:
            return query, partial
        if typed.group(1)[:1].isupper():
            completion = completion.capitalize()
        return query[:typed.start(1)] + completion + query[typed.end(1):], False

    def _name_words_after(self, before: str, start: str) -> list[str]:
        """The words that follow the word `before` in authors' names of the corpus and start with `start`."""
        tid = self._name_term(before) if len(before) > 1 and before not in STOPWORDS else None
        if tid is None:
            return []
        low, high = np.searchsorted(self.author_pairs, np.asarray([tid << 32, (tid + 1) << 32], np.uint64))
        names = self.term_names
        following = (names[int(code) & 0xFFFFFFFF].removeprefix(_AS_WRITTEN)
                     for code in self.author_pairs[low:high].tolist())
        return [word for word in following if word.startswith(start)]

    def _written_after(self, before: str, start: str) -> bool:
        """Whether two papers or more write the word `before` followed by one of the most used words starting with
        `start` (a word being typed after it)."""
        first = self.term_id(before)
        if first is None:
            return False
        nexts = [tid for word in self._completions(start) if (tid := self.term_id(word)) is not None]
        return bool(self._papers_with_pairs(first, nexts).any())

    def _part_of_a_name(self, query: str, terms: Sequence[QueryTerm]) -> NameReading:
        """The papers that have some words of the person's name the query is typed with (`typed_name`: "Max Welling",
        alone or beside a topic) but not that name, when the corpus has it whole: each word written in authors' names,
        one mostly so, and some paper has them all. They are no papers of that person: "Max Welling" listed his 3
        papers, then 20 that write "max" (min-max). Where one author's name has the words (`papers_named`), a paper
        with them in two authors' names is none either: "Thomas Laurent" is not Thomas Moreau with Laurent Oudre; and
        then the name's words are returned too (Ranking.person), and the papers where an author has the name whole,
        to be listed first (`papers_named(whole=True)`: "Jun Zhu" is Jun Zhu's, then Jun-Yan Zhu's). A particle of the
        name is such a word: "Guy Van den Broeck" is not Benjamin Van Roy. Co-authors' surnames ("Tomczak Welling")
        leave out the papers none of them wrote, and list their joint papers first. No words and no papers when the
        query names nobody the corpus has."""
        nobody = NameReading()
        corrected = {term.word: [term.corrected] for term in terms if term.corrected}
        typed = self._name_typed(query, lambda word: corrected.get(word, []))
        name = [word for word in typed if not is_name_particle(word)]
        if len(name) < 2 or STOPWORDS.intersection(name):
            return nobody
        by_word = {term.word: term for term in terms}
        typed, by_word = self._joined_name(typed, by_word)
        name = [word for word in typed if not is_name_particle(word)]
        tids = self._name_terms(name, by_word)
        if tids is None:
            return nobody
        postings = [self.post_docs[self.offsets[tid]:self.offsets[tid + 1]] for tid in tids]
        spelt = [(corrected.get(word) or [word])[0] for word in typed]
        whole, first, coauthors = self.papers_named(spelt), np.zeros(0, np.uint32), False
        person = tuple(word for word in spelt if not is_name_particle(word)) if len(whole) else ()
        if len(whole):
            first = self.papers_named(spelt, whole=True)
        elif len(joint := self._joint_papers(spelt)):  # co-authors' surnames ("Tomczak Welling"), no citing paper
            whole, first, coauthors = self._papers_of_each(spelt), joint, True
        else:  # a name no author's has side by side ("Fei-Fei Li"): the papers with every word
            whole = functools.reduce(np.intersect1d, postings)
        if not len(whole):
            return nobody
        # Whatever a word of the name found (its other forms, "Benjamini" for "Benjamin"; a particle) is no paper of
        # the person's either, unless it is one of theirs.
        found = [self._postings_of(by_word[word]) for word in dict.fromkeys(typed) if word in by_word]
        others = np.setdiff1d(np.unique(np.concatenate([*postings, *found])), whole, assume_unique=True)
        return NameReading(person, others, first if len(first) < len(whole) else np.zeros(0, np.uint32), coauthors)

    def _joined_name(self, typed: list[str], by_word: dict[str, QueryTerm]) -> tuple[list[str], dict[str, QueryTerm]]:
        """The words of a typed name with its hyphenated words joined as the query terms group them
        (`_joined_as_grouped`), and the terms by word, a word the joined one also holds given its own: "Li-Jia Li"
        is lijia li, its "li" grouped into "lijia" alone."""
        joined = _joined_as_grouped(typed, by_word)
        if joined == typed:
            return typed, by_word
        alone = {word: self.resolve(word, name=True, typos=False) for word in joined if word not in by_word}
        return joined, by_word | alone

    def _name_terms(self, name: Sequence[str], by_word: Mapping[str, QueryTerm]) -> list[int] | None:
        """The term of each word of a typed `name` (particles aside) as authors' names write it, when each is written
        in authors' names and one at least is surely a name (a surname, or a word written mostly in names); else
        None."""
        tids, surely = [], False
        for word in name:
            term = by_word.get(word)
            # A hyphenated name's joined word ("feifei") is a group of the words it joins, with no primary term.
            if term is None:
                return None
            primary = term.primary if term.primary is not None else self.term_id(word)
            if primary is None or primary >= len(self.author_df) or not self.author_df[primary]:
                return None
            written = term.corrected or word
            surname = self._surname_term(written)
            surely = surely or surname is not None or self._mostly_a_name(written)
            tids.append(surname or primary)
        return tids if surely else None

    def _postings_of(self, term: QueryTerm) -> np.ndarray:
        """The papers having any term the query term stands for."""
        tids = {tid for tids, _ in term.every_alternative for tid in tids}
        return np.concatenate([self.post_docs[self.offsets[tid]:self.offsets[tid + 1]] for tid in sorted(tids)]
                              or [np.zeros(0, self.post_docs.dtype)])

    def _corrected_within(self, term: QueryTerm, within: np.ndarray) -> QueryTerm:
        """The term with its typo read as the nearest word that the papers `within` marks use (a venue's), or as
        none: "ganking" searched in a venue that writes "banking" but not the corpus's commoner "ranking" is
        "banking", so "did you mean" and the meaning of the query are the venue's."""
        if term.primary is not None and self._used_within(term.primary, within):
            return term
        if term.name:  # a name's fix stands only as a whole the corpus has (_whole_name)
            return replace(term, corrected=None, primary=None)
        for fix, _distance in self.correct(term.word):
            tid = self.term_id(fix)
            if tid is not None and self._used_within(tid, within) and not self._another_persons(term.word, fix):
                return replace(term, corrected=fix, primary=tid)
        return replace(term, corrected=None, primary=None)

    def _used_within(self, tid: int, within: np.ndarray) -> bool:
        """Whether any paper `within` marks has the term."""
        return bool(within[self.post_docs[self.offsets[tid]:self.offsets[tid + 1]]].any())

    @staticmethod
    def meaning_text(query: str, terms: Sequence[QueryTerm]) -> str:
        """The query as the sentence encoder should read it: its words, typos corrected ("Grpah"
        means "graph"), so a typo does not cost the meaning too."""
        fixes = {term.word: term.corrected for term in terms if term.corrected}
        return " ".join(fixes.get(word, word) for word in words(query)[:MAX_QUERY_WORDS * 4])

    def explain(self, query: str, positions: Sequence[int]) -> list[dict[str, float]]:
        """For each given paper, what its score for `query` is made of: each query word's share, the
        method-name bonus ("names"), the word-pair bonus ("pairs") and what surnames written beside their query
        neighbour add as words ("surnames as words"). A query read as people's names (`_part_of_a_name`) adds its
        reading (`_name_reading_parts`). For diagnostics."""
        terms = self.query_terms(query)
        chosen = np.asarray(positions, np.int64)
        parts: list[dict[str, float]] = [{} for _ in positions]
        for term in terms:
            if term.alternatives:
                for row, value in zip(parts, self._term_scores(term)[chosen].tolist(), strict=True):
                    row[term.word] = value
        names = np.zeros(self.size, np.float32)
        self._name_bonus(query, names)
        codes, weights = self.pair_query(query, terms)
        pairs = PAIR_WEIGHT * self.pair_bonus(chosen, codes, weights)
        reading = self._part_of_a_name(query, terms)
        beside = (np.zeros(len(chosen), np.float32) if reading.person
                  else self.surnames_written_beside(chosen, query, terms))
        for row, name, pair, written in zip(parts, names[chosen].tolist(), pairs.tolist(), beside.tolist(),
                                            strict=True):
            row["names"], row["pairs"], row["surnames as words"] = name, pair, written
        if reading.person or reading.coauthors:
            _name_reading_parts(reading, chosen, parts)
        return parts

    def _name_bonus(self, query: str, scores: np.ndarray) -> None:
        """Lift the papers that introduce a method name the query spells out.

        A name typed like one ("TRADE", "ShadowKV") or a name no ordinary word shares counts as
        much as the rarest word there is: "TRADE: Transfer of Distributions" must find TRADE even
        though "trade" is a common word, while "second order" stays clear of the paper "SECOND".
        """
        if not self.names:
            return
        bonus = NAME_WEIGHT * float(np.log1p(self.size))
        keys = name_keys(query)
        joined = [(a + b, False) for (a, _), (b, _) in itertools.pairwise(keys)]
        for key, typed_as_name in [*keys, *joined][:MAX_QUERY_WORDS]:
            docs = self.names.get(key)
            if docs is None and typed_as_name and key.endswith("s"):
                docs = self.names.get(key[:-1])  # an acronym's plural, "MoEs": the papers introducing MoE
            if docs is not None and (typed_as_name or self.words.get(key, 0) <= len(docs)):
                scores[docs] += bonus

    def matching(self, topic: str) -> np.ndarray:
        """Positions of the papers that match every word of `topic`, best first."""
        terms = [term for term in self.query_terms(topic) if term.alternatives]
        if not terms or self.size == 0 or len(terms) < len(self.query_terms(topic)):
            return np.zeros(0, np.int64)
        scores = np.zeros(self.size, np.float32)
        every = np.ones(self.size, bool)
        for term in terms:
            every &= self._has_term(term)
            scores += self._term_scores(term)
        found = np.flatnonzero(every)
        return found[np.lexsort((found, -scores[found]))]

    def _has_term(self, term: QueryTerm) -> np.ndarray:
        """Which papers have one of the term's alternatives whole. A phrase the query's words were grouped
        into ("reinforcement learning", with the corpus's acronym RL as the other alternative) needs every
        one of its words: its score sums them, so a paper with "learning" alone scores too."""
        has = np.zeros(self.size, bool)
        for tids, _factor in term.alternatives:
            has |= self._has_all(tids)
        for tids, _factor in term.spelled:
            has |= self._side_by_side(tids)
        return has

    def _side_by_side(self, tids: Sequence[int]) -> np.ndarray:
        """Which papers write an acronym's words side by side, in this order (stop words between them aside)."""
        found = np.zeros(self.size, bool)
        found[self.phrase_papers.get(phrase_code(tids), np.zeros(0, np.int64))] = True
        return found

    def _has_all(self, tids: Sequence[int]) -> np.ndarray:
        """Which papers have every one of the terms."""
        whole = np.ones(self.size, bool)
        for tid in tids:
            with_word = np.zeros(self.size, bool)
            with_word[self.post_docs[self.offsets[tid]:self.offsets[tid + 1]]] = True
            whole &= with_word
        return whole

    def similar_to(self, doc: IndexDoc, *, limit: int) -> np.ndarray:
        """Positions of the papers most like `doc` (its most telling words as the query), itself left out."""
        counts: Counter[int] = Counter()
        for name, text in _fields(doc):
            if name in _UNMEASURED:  # shared authors make papers alike in who wrote them, not in topic
                continue
            all_words, joined = analyse(text)
            for word in [*all_words, *joined]:
                tid = self.term_id(word) if word not in STOPWORDS else None
                if tid:
                    counts[tid] += 1
        telling = sorted(counts, key=lambda tid: -counts[tid] ** 0.5 * float(self.idf[tid]))[:SIMILAR_TERMS]
        terms = [QueryTerm(self.term_names[tid], (((tid,), 1.0),)) for tid in telling]
        scores = self.score(terms)
        own = self.position(doc.id)
        if own is not None:
            scores[own] = 0
        keep = min(limit, int(np.count_nonzero(scores)))
        if keep <= 0:
            return np.zeros(0, np.int64)
        top = np.argpartition(-scores, keep - 1)[:keep]
        return top[np.lexsort((top, -scores[top]))]

    @property
    def term_names(self) -> list[str]:
        """Stems by term id (built once, on first use)."""
        if self._term_names is None:
            self._term_names = list(self.terms)
        return self._term_names

    def papers_writing(self, word: str, limit: int) -> list[int]:
        """Positions of up to `limit` papers with the folded `word` (its term's, or its term as written in authors'
        names when the stemmer makes it another word: "welling"), in index order; [] for a word no paper has."""
        tid = self.terms.get(_AS_WRITTEN + word) or self.term_id(word)
        if tid is None:
            return []
        start = int(self.offsets[tid])
        return [int(p) for p in self.post_docs[start:min(start + limit, int(self.offsets[tid + 1]))]]

    def without(self, excluded: Sequence[Sequence[str]]) -> np.ndarray:
        """Which papers write none of the `excluded` runs of folded words (a run: all of its words; each word by its
        term, so "transformer" leaves out "transformers" too, or as a surname written, "welling"); a run with a
        word no paper writes leaves out none."""
        kept = np.ones(self.size, bool)
        for run in excluded:
            tids = [self._surname_term(word) or self.term_id(word) for word in run]
            if tids and all(tid is not None for tid in tids):
                kept &= ~self._has_all([tid for tid in tids if tid is not None])
        return kept

    def matched_stems(self, terms: Sequence[QueryTerm]) -> frozenset[str]:
        """The stems a query matched, for bolding them in snippets; a surname the stemmer makes another word as
        written ("cooijmans", "welling": the name bold, not every "well")."""
        names = self.term_names
        return frozenset(names[tid].removeprefix(_AS_WRITTEN) for term in terms for tids, _ in term.every_alternative
                         for tid in tids)

    def did_you_mean(self, query: str, terms: Sequence[QueryTerm], *, found: bool,
                     within: np.ndarray | None = None) -> list[str]:
        """The query with its typos fixed; when nothing was found, close vocabulary words too. `within` (a venue's
        mask, the one `rank` was given): only words its papers use, so that a suggestion searched there finds some.

        A typo that found its word through the word's stem ("reinforcment", stem reinforc) is shown as the corpus
        writes the word; when papers were found by the other words, a word too far from any to be a typo ("deep
        lernnig") is shown as its closest look-alike."""
        fixes = {term.word: term.corrected for term in terms if term.corrected}
        named = {term.word for term in terms if term.name}  # a look-alike of a name is somebody else
        fixes |= self._spelt_as_written(query, fixes, named=named)
        if found:
            fixes |= self._unmatched_look_alikes(query, terms, fixes, within, named=named)
        typed_words = query_words(query)
        typed = " ".join(typed_words)
        suggestions = []
        if fixes:  # not "y bengio" for "Y. Bengoi": searched, the letter y would count
            suggestions.append(_joined_as_typed([fixes.get(word, word) for word in typed_words], typed_words,
                                                joined_words(query)))
        if not found:
            # Nor for an acronym the corpus lacks: "MAML" is no "male", "YOLO" no "polo" (as beside found words); one
            # with its number has the same without it ("GPT5": "gpt"). Nor for a word too short to be corrected
            # (`typo_edits`): mostly an acronym or a name, "tri dao" was offered "trim", "train" and "DAMO".
            acronyms_typed = {word for word in typed_as_acronyms(query)
                              if len(word) <= MIN_TYPO_WORD and word.isalpha()}
            unknown = [w for w in content_words(query) if len(w) >= 3 and (typo_edits(w) or not w.isalpha())
                       and w not in named and w not in acronyms_typed and not self._known_within(w, within)][:3]
            for word in unknown:
                suggestions += self._look_alikes(word, within=within)
        return list(dict.fromkeys(s for s in suggestions if s and s != typed))[:5]

    def _spelt_as_written(self, query: str, fixes: dict[str, str], *, named: Collection[str] = ()) -> dict[str, str]:
        """The query's misspelt words that the index matched through their stem, each to the most used word of
        that stem it is a typo of: "reinforcment" (stem reinforc) is "reinforcement". Not another form of the
        word ("learnings", "modelling", "optimisation"): those are meant as typed; a word of a name (`named`), only
        as a word the corpus writes mostly as a name."""
        spelt: dict[str, str] = {}
        for word in dict.fromkeys(content_words(query)):
            tid = None if word in fixes or word in self.words else self.term_id(word)
            if tid is None or not (edits := typo_edits(word)):
                continue
            written = [match for length in range(len(word) - edits, len(word) + edits + 1)
                       for match, _, _ in process.extract(word, self.by_length.get(length, []), scorer=OSA.distance,
                                                          score_cutoff=edits, limit=None)
                       if self.term_id(match) == tid and misspelt(word, match) and not _another_form(word, match)
                       and (word not in named or self._mostly_a_name(match))]
            if written:
                spelt[word] = max(written, key=lambda match: (self.words[match], match))
        return spelt

    def _unmatched_look_alikes(self, query: str, terms: Sequence[QueryTerm], fixes: dict[str, str],
                               within: np.ndarray | None, *, named: Collection[str] = ()) -> dict[str, str]:
        """Each query word that matched nothing at all ("lernnig": too far from any word to be a typo), to its
        closest look-alike, for a query that found papers by its other words. Not a short word, which may be an
        acronym the corpus lacks, nor a word with a number, which is meant as typed, nor a word of a name
        (`named`)."""
        content = content_words(query)
        matched = {word for term in terms if term.alternatives
                   for word in (term.word.split() if " " in term.word else _split_of(term.word, content))}
        unmatched = [word for word in dict.fromkeys(content) if word not in matched and word not in fixes
                     and word not in named and len(word) > MIN_TYPO_WORD and word.isalpha()
                     and self.term_id(word) is None][:3]
        return {word: alike[0] for word in unmatched if (alike := self._look_alikes(word, within=within))}

    def _known_within(self, word: str, within: np.ndarray | None) -> bool:
        """Whether some paper has the word (some paper `within` marks, when given)."""
        tid = self.term_id(word)
        return tid is not None and (within is None or self._used_within(tid, within))

    def _look_alikes(self, word: str, limit: int = 3, *, within: np.ndarray | None = None) -> list[str]:
        """Indexed words that look like `word` (for "did you mean" when nothing matched), most used first; with
        its number or none ("gpt" for "gpt5", not "gpt4"); only words of the papers `within` marks, when given. A
        look-alike starts with the letter typed first, which people rarely get wrong: without it, a word the corpus
        lacks, a person's name most often ("Kaiming"), was offered whatever looked like its other letters ("aiming",
        "aiding", "taming"); nor is it a word the corpus writes mostly in authors' names: a look-alike of a name is
        somebody else. Nor has a word of the language (`language_words`) that the corpus lacks one: it is meant as
        typed, and "flash" is no "flaws" ("Tri Dao flash attention" was offered "tri dao flaws attention")."""
        if word in language_words() and self.term_id(word) is None:
            return []
        found: list[tuple[float, int, str]] = []
        digits = _digits(word)
        looked = limit if within is None else 8 * limit  # some of the closest may be other venues' words
        for length in range(max(1, len(word) - 2), len(word) + 3):
            for match, score, _ in process.extract(word, self.by_length.get(length, []), scorer=fuzz.ratio,
                                                   score_cutoff=70, limit=looked):
                if (match not in STOPWORDS and match[0] == word[0] and _digits(match) in (digits, "")
                        and not self._mostly_a_name(match) and self._known_within(match, within)):
                    found.append((-score, -self.words[match], match))
        return [match for _, _, match in sorted(found)[:limit]]


def _name_reading_parts(reading: NameReading, chosen: np.ndarray, parts: list[dict[str, float]]) -> None:
    """Add to each explained paper (`parts`, one per paper `chosen`) how the query's reading as people's names ranks
    it: as no paper of theirs, whatever its words add up to ("no paper of the named authors": minus the rest, the
    nothing the ranking gives it), and, where the reading lists some papers first, whether it is one of them (1 or 0,
    an order, not a score: "their joint paper, listed first" for co-authors' surnames, "named whole, listed first"
    for an author's name that another's has only in a hyphenated word)."""
    left_out = np.isin(chosen, reading.others)
    listed_first = np.isin(chosen, reading.first) if len(reading.first) else None
    first_key = "their joint paper, listed first" if reading.coauthors else "named whole, listed first"
    for at, row in enumerate(parts):
        row["no paper of the named authors"] = -sum(row.values()) if left_out[at] else 0.0
        if listed_first is not None:
            row[first_key] = float(listed_first[at])


def _first_found(first: np.ndarray, scores: np.ndarray, size: int) -> np.ndarray | None:
    """Which papers of the index (a mask of `size`) are listed first (NameReading.first) among those found (a score
    above nothing), or None when there are none."""
    if not len(first):
        return None
    mask = np.zeros(size, bool)
    mask[first] = scores[first] > 0
    return mask if mask.any() else None


def _joined_as_typed(shown: Sequence[str], typed: Sequence[str], joins: dict[tuple[str, str], str]) -> str:
    """The words `shown` for the query's words `typed`, each two joined as the query joined them (`joins`: a hyphen or
    a slash, "multi-agnet" shown "multi-agent"), else by a space."""
    parts = list(shown[:1])
    for at in range(1, len(shown)):
        parts.append(joins.get((typed[at - 1], typed[at]), " ") + shown[at])
    return "".join(parts)


def typo_edits(word: str) -> int:
    """How many edits (a swap counts one) a misspelling of the word meant may make of it, by the length of
    `word` as typed: none under MIN_TYPO_WORD letters (short words are mostly acronyms: "CFE" is not a typo
    of "DCE"), one in a four-letter word, two in longer ones."""
    if len(word) < MIN_TYPO_WORD:
        return 0
    return 1 if len(word) == MIN_TYPO_WORD else 2


def is_typo(typed: str, meant: str, distance: int) -> bool:
    """Whether `typed`, `distance` edits from the vocabulary word `meant`, may be a misspelling of it: within
    `typo_edits`; an edit that does more than reorder the letters only in words over four letters, and two
    such edits only in long words ("oCidng" is "coding", "enough" is not "though"). A number is meant as
    typed: a typo may move a digit, never change, add or drop one ("resnet152" is not "resnet101")."""
    if distance > typo_edits(typed) or _digits(typed) != _digits(meant) or _letters_before(typed, meant):
        return False
    if sorted(typed) == sorted(meant):
        return True
    return len(typed) > MIN_TYPO_WORD and (distance <= 1 or len(typed) >= LONG_WORD)


def _letters_before(typed: str, meant: str) -> bool:
    """Whether `typed` is the word `meant` with letters before it: another word ("unlearning" is not "learning") or a
    name ("Kaiming" is not "aiming"), for a key pressed before a word's first one is a typo nobody makes. Its first
    key pressed twice is one ("ddiffusion" is "diffusion")."""
    return len(typed) > len(meant) and typed.endswith(meant) and typed != meant[:1] + meant


# The letters that NFKD leaves as they are (no accent to strip: `fold` keeps them), as they are typed in plain letters.
_PLAIN_LETTERS = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "ı": "i", "ħ": "h", "ŧ": "t"})


def _digits(word: str) -> str:
    """The digits of a word, sorted ("" for most words)."""
    return "".join(sorted(char for char in word if char.isdigit())) if not word.isalpha() else ""


def misspelt(typed: str, meant: str) -> bool:
    """Whether `typed` is a misspelling of the other word `meant` as typo correction (`SearchIndex.correct`)
    reads one."""
    edits = typo_edits(typed)
    return edits > 0 and typed != meant and is_typo(typed, meant, int(OSA.distance(typed, meant,
                                                                                    score_cutoff=edits)))


_DOUBLED = re.compile(r"(.)\1")
_SNOWBALL = Stemmer.Stemmer("english")  # stemming without the British spellings made American


def _another_form(typed: str, meant: str) -> bool:
    """Whether `typed`, which has the stem of the other word `meant`, is another form of it rather than a typo of
    it: another ending ("learnings", "studied"), a letter doubled or not ("modelling"), or a British spelling that
    stemming makes American ("optimisation")."""
    shared = sum(1 for _ in itertools.takewhile(lambda pair: pair[0] == pair[1], zip(typed, meant, strict=False)))
    if shared >= min(len(typed), len(meant)) - 2:
        return True
    if _DOUBLED.sub(r"\1", typed) == _DOUBLED.sub(r"\1", meant):
        return True
    return bool(_SNOWBALL.stemWord(typed) != stem(typed))


def _same_meaning(one: Sequence[str], other: Sequence[str]) -> bool:
    """Whether two wordings of an acronym (their stems) say one meaning: a word written in two ("auto-encoder",
    "autoencoder"), or the same words but for their endings ("differential privacy", "differentially private": privaci,
    privat) or one shortened ("nets", "networks"). Not "dynamic programming" for "differential privacy", nor
    "self-supervised" for "semi-supervised": each word must be the other's."""
    if "".join(one) == "".join(other):
        return True
    return len(one) == len(other) and all(_same_word(a, b) for a, b in zip(one, other, strict=True))


def _same_word(one: str, other: str) -> bool:
    """Whether two stems are one word worded otherwise: one starts the other ("net", "network"), or they share five
    letters at least ("privaci", "privat"; "convex" and "convolut" share four)."""
    shorter, longer = sorted((one, other), key=len)
    if len(shorter) >= 3 and longer.startswith(shorter):
        return True
    return sum(1 for _ in itertools.takewhile(lambda pair: pair[0] == pair[1], zip(one, other, strict=False))) >= 5


def _meaning_key(term_ids: Iterable[int]) -> str:
    """The key of a sequence of terms in the acronym table: their ids, comma-separated."""
    return ",".join(map(str, term_ids))


def _split_of(joined: str, content: list[str]) -> list[str]:
    """The run of consecutive query words that, put together, spell `joined`."""
    for start in range(len(content)):
        run, spelled = [], ""
        for word in content[start:]:
            spelled += word
            run.append(word)
            if spelled == joined:
                return run
            if not joined.startswith(spelled):
                break
    return []


def _joined_as_grouped(typed: list[str], by_word: Mapping[str, QueryTerm]) -> list[str]:
    """The words of a typed name with each run the query terms group as one joined word (`_join_compounds`: "Fei-Fei",
    "Jean Philippe") written as that word, as `author_pairs` has a hyphenated name joined too: "Fei-Fei Li" is
    feifei li."""
    for joined in [word for word in by_word if word not in typed]:
        for start in range(len(typed) - 1):
            end = next((end for end in range(start + 2, len(typed) + 1)
                        if "".join(typed[start:end]) == joined), None)
            if end is not None:
                typed = [*typed[:start], joined, *typed[end:]]
                break
    return typed


def _starts_as_typed(stem: str, typed: str) -> bool:
    """Whether a word with this stem may be the one whose first letters were typed: the stem starts with them, or
    they run past a stem long enough to tell ("studie" is "studies", stem "studi")."""
    return stem.startswith(typed) or (len(stem) >= MIN_RELATIVE_STEM and typed.startswith(stem))


def _exact_ids(term: QueryTerm) -> tuple[int, ...]:
    return term.alternatives[0][0] if term.alternatives and term.alternatives[0][1] == 1.0 else ()


def _prefix_range(sorted_words: Sequence[str], prefix: str) -> tuple[int, int]:
    """Where the words that start with `prefix` lie in `sorted_words`: the start and end of their slice."""
    start = bisect.bisect_left(sorted_words, prefix)
    return start, bisect.bisect_left(sorted_words, prefix + "\U0010ffff", lo=start)


class _Builder:
    """Accumulates papers in chunks of compact arrays, then lays the postings out by term.

    Chunks keep the peak memory near the size of the finished index: no Python object per
    posting, and the final term sort is a counting sort, chunk by chunk.
    """

    CHUNK = 4096

    def __init__(self, index: SearchIndex) -> None:
        _large_allocations_from_mmap()
        self.index = index
        self.word_df: Counter[str] = Counter()
        self.lengths = array("f")
        self.chunks: list[tuple[int, np.ndarray, np.ndarray, np.ndarray]] = []  # first doc, per doc, terms, tf
        self.pair_chunks: list[np.ndarray] = []
        self.pair_counts = array("I")
        self.author_pairs = array("Q")  # see SearchIndex.author_pairs
        self.author_pair_owners = array("I")  # the paper of each of author_pairs
        self.hyphen_part_pairs = array("Q")  # see SearchIndex.hyphen_part_pairs
        self.hyphen_part_owners = array("I")  # the paper of each of hyphen_part_pairs
        self.author_surnames = array("Q")  # see SearchIndex.author_surnames
        self.author_surname_owners = array("I")  # the paper of each of author_surnames
        self.name_entries: dict[str, array[int]] = {}  # method name key -> papers introducing it
        self.typed_names: dict[str, array[int]] = {}  # name key of a word typed like a name -> papers using it
        self.stopword_titles: dict[str, list[int]] = {}  # see SearchIndex.stopword_titles
        # Spelled-out words (term ids) -> acronym term -> how many abstracts define it so.
        self.acronym_entries: defaultdict[str, Counter[int]] = defaultdict(Counter)
        # Each chunk's title and abstract terms in order (0 between fields; `_packed`), where each paper starts and
        # which paper it is: the acronyms and the words they stand for are known only once every paper is in, so
        # the papers writing phrases of three words or more are found then (the pairs' codes tell two words only).
        self.sequences: list[tuple[tuple[np.ndarray, np.ndarray], np.ndarray, np.ndarray]] = []
        self.df = np.zeros(0, np.int64)
        self._reset()

    def _reset(self) -> None:
        self.terms, self.per_doc, self.tf = array("I"), array("I"), array("I")
        self.sequence, self.seq_owner = array("I"), array("I")

    def add(self, doc: IndexDoc) -> None:
        """Tokenise one paper into the current chunk."""
        position = len(self.lengths)
        counts: Counter[int] = Counter()  # term id -> weighted frequency, in half units
        unmeasured = 0  # half units of the fields left out of the paper's length
        surface: set[str] = set()
        word_term, known = self.index.word_term, self.index._word_terms.get
        for name, text in _fields(doc):
            if not text:
                continue
            all_words, joined = analyse(text) if name != "authors" else self._authors_words(doc.authors, position)
            surface.update(all_words)
            surface.update(joined)
            ids = [known(w) or word_term(w) for w in all_words if w not in STOPWORDS]
            if name == "title" and not ids and all_words:  # all_words joined is the title's name_key
                self.stopword_titles.setdefault("".join(all_words), []).append(position)
            field_counts = Counter(ids)
            joined_ids = [known(j) or word_term(j) for j in joined]
            if name == "authors":
                field_counts.update(self._as_written(all_words))
                # A hyphenated name joined ("schmidthieber", Schmidt-Hieber) is a name too: no look-alike of one.
                self._count_authors_words(ids + joined_ids)
            if joined_ids:
                field_counts.update(joined_ids)
            if name == "abstract" and "(" in text:
                self._spell_out_acronyms(text, all_words, field_counts)
            weight = _HALF_UNITS[name]
            if name in _UNMEASURED:
                unmeasured += weight * sum(field_counts.values())
            if weight == 2:
                counts.update(field_counts)
                counts.update(field_counts)
            else:
                for tid, tf in field_counts.items():
                    counts[tid] += tf * weight
            if name in ("title", "abstract"):
                self.sequence.extend(ids)
                self.sequence.append(0)  # no pair across fields
                self.seq_owner.extend([position] * (len(ids) + 1))
        self.word_df.update(surface)
        listed = {name_key(name) for name in doc.names}
        for key in listed:
            if key:
                self.name_entries.setdefault(key, array("I")).append(position)
        for key in {name_key(token) for token in _TYPED_NAME.findall(doc.abstract)} - listed:
            self.typed_names.setdefault(key, array("I")).append(position)
        self.lengths.append((sum(counts.values()) - unmeasured) / 2)
        self.terms.extend(counts.keys())
        self.per_doc.append(len(counts))
        self.tf.extend(counts.values())
        if (position + 1) % self.CHUNK == 0:
            self._flush()

    def _authors_words(self, authors: Sequence[str], position: int) -> tuple[list[str], list[str]]:
        """The folded words of the authors' names and the joined forms of their hyphenated words, as `analyse` gives
        them for the names one after another, each name's words side by side noted in `author_pairs` as the paper's
        at `position`."""
        all_words: list[str] = []
        joined: list[str] = []
        whole: set[int] = set()  # the pairs of names read whole: "jun zhu" of Jun Zhu, "junyan zhu" of Jun-Yan Zhu
        parts: set[int] = set()  # those read only by splitting a hyphenated word: "jun zhu", "yan zhu" of Jun-Yan Zhu
        for author in authors:
            name_words, name_joined = analyse(author)
            all_words += name_words
            joined += name_joined
            pairs = self._note_name_pairs(name_words, position)
            if name_joined:  # "Feifei Li", as "Fei-Fei Li" is typed too, is her name side by side
                whole_pairs = self._note_name_pairs(name_joined_words(author), position)
                parts |= pairs - whole_pairs
                pairs = whole_pairs
            whole |= pairs
        for code in parts - whole:
            self.hyphen_part_pairs.append(code)
            self.hyphen_part_owners.append(position)
        return all_words, joined

    def _note_name_pairs(self, name_words: list[str], position: int) -> set[int]:
        """Note the words of one author's name that stand side by side, initials and stop words left out ("Chris J.
        Oates" is "chris oates"), as the paper's at `position`; those of the name without its particles: "Guy Van
        den Broeck" is the Guy Broeck other papers write too; and its first name beside its last, its middle names
        left out, as people type a name: "Elias Wirth" is Elias Samuel Wirth. The pairs' codes noted."""
        kept = [word for word in name_words if len(word) > 1 and word not in STOPWORDS]
        unjoined = [word for word in kept if not is_name_particle(word)]
        noted: set[int] = set()
        for run in (kept, unjoined) if 1 < len(unjoined) < len(kept) else (kept,):
            noted.update(self._note_side_by_side(run, position))
        if len(unjoined) > 2:
            noted.update(self._note_side_by_side([unjoined[0], unjoined[-1]], position))
        if unjoined and unjoined[-1] == name_words[-1]:  # "Kaiming He": a stop word is no term; nor "kaiming" his
            self.author_surnames.append(self._name_term(unjoined[-1]))
            self.author_surname_owners.append(position)
        return noted

    def _note_side_by_side(self, run: list[str], position: int) -> list[int]:
        """Note each word of `run` and the next as side by side in an author's name of the paper at `position`; the
        pairs' codes."""
        if len(run) < 2:
            return []
        tids = [self._name_term(word) for word in run]
        codes = [(first << 32) | second for first, second in itertools.pairwise(tids)]
        self.author_pairs.extend(codes)
        self.author_pair_owners.extend([position] * len(codes))
        return codes

    def _name_term(self, word: str) -> int:
        """The term of a word of an author's name as written (SearchIndex._name_term), added if new."""
        terms = self.index.terms
        return terms.setdefault(_AS_WRITTEN + word, len(terms)) if stem(word) != word else self.index.word_term(word)

    def _count_authors_words(self, ids: list[int]) -> None:
        """Count the paper for each term its authors' names write (SearchIndex.author_df)."""
        author_df = self.index.author_df
        if len(author_df) < len(self.index.terms):
            author_df.frombytes(bytes(author_df.itemsize * (len(self.index.terms) - len(author_df))))
        for tid in set(ids):
            author_df[tid] += 1

    def _as_written(self, names: list[str]) -> list[int]:
        """The terms of the words of authors' names that the stemmer makes other words, as written (see
        _AS_WRITTEN)."""
        terms = self.index.terms
        return [terms.setdefault(_AS_WRITTEN + word, len(terms)) for word in names
                if word not in STOPWORDS and stem(word) != word]

    def _spell_out_acronyms(self, text: str, all_words: list[str], counts: Counter[int]) -> None:
        """Count each use of an acronym the abstract defines as a use of the words it stands for.

        An abstract that defines "generative adversarial networks (GANs)" and then speaks of GANs
        is about generative adversarial networks as often as it says "GANs": a title that spells
        them out should find it as readily as one that abbreviates.
        """
        used = Counter(all_words)
        by_meaning: dict[tuple[str, ...], int] = {}
        word_term = self.index.word_term
        for acronym, spelled_out in acronyms(text).items():
            key = tuple(spelled_out)
            by_meaning[key] = by_meaning.get(key, 0) + used.get(acronym, 0)
            spelled_terms = _meaning_key(word_term(word) for word in spelled_out if word not in STOPWORDS)
            self.acronym_entries[spelled_terms][word_term(acronym)] += 1
        for meaning, uses in by_meaning.items():
            if uses <= 1:  # the definition itself is one use
                continue
            for word in meaning:
                if word not in STOPWORDS:
                    counts[word_term(word)] += uses - 1

    def _flush(self) -> None:
        if not self.tf:
            return
        terms = np.frombuffer(self.terms, np.uint32).copy()
        first_doc = len(self.lengths) - len(self.per_doc)
        self.chunks.append((first_doc, np.frombuffer(self.per_doc, np.uint32).copy(), terms,
                            np.minimum(np.frombuffer(self.tf, np.uint32), 255).astype(np.uint8)))
        self.df = _add_counts(self.df, np.bincount(terms))
        sequence, owner = np.frombuffer(self.sequence, np.uint32), np.frombuffer(self.seq_owner, np.uint32)
        self._flush_pairs(sequence, owner)
        if len(sequence):
            starts = np.flatnonzero(np.concatenate(([True], owner[1:] != owner[:-1])))
            self.sequences.append((_packed(sequence), starts, owner[starts].copy()))
        self._reset()

    def _flush_pairs(self, sequence: np.ndarray, owner: np.ndarray) -> None:
        """Each paper's distinct (word, next word) codes, grouped by paper."""
        first_doc = len(self.pair_counts)
        last_doc = len(self.lengths)
        keep = (sequence[:-1] != 0) & (sequence[1:] != 0)
        codes = pair_codes(sequence[:-1][keep], sequence[1:][keep])
        owners = owner[:-1][keep].astype(np.uint64)
        keyed = np.sort((owners << np.uint64(32)) | codes.astype(np.uint64))
        unique = keyed[np.concatenate(([True], keyed[1:] != keyed[:-1]))] if len(keyed) else keyed
        self.pair_chunks.append((unique & np.uint64(0xFFFFFFFF)).astype(np.uint32))
        per_doc = np.bincount((unique >> np.uint64(32)).astype(np.int64) - first_doc,
                              minlength=last_doc - first_doc)
        self.pair_counts.extend(per_doc.astype(np.uint32).tolist())

    def finish(self) -> None:
        """Lay out the postings by term and compute every posting's BM25 weight."""
        self._flush()
        index = self.index
        index.words = self.word_df  # a Counter is a dict: no copy
        index.author_pairs, index.author_pair_offsets, index.author_pair_papers = _papers_by_pair(
            np.frombuffer(self.author_pairs, np.uint64), np.frombuffer(self.author_pair_owners, np.uint32))
        self.author_pairs, self.author_pair_owners = array("Q"), array("I")
        index.hyphen_part_pairs, index.hyphen_part_offsets, index.hyphen_part_papers = _papers_by_pair(
            np.frombuffer(self.hyphen_part_pairs, np.uint64), np.frombuffer(self.hyphen_part_owners, np.uint32))
        self.hyphen_part_pairs, self.hyphen_part_owners = array("Q"), array("I")
        index.author_surnames, index.author_surname_offsets, index.author_surname_papers = _papers_by_pair(
            np.frombuffer(self.author_surnames, np.uint64), np.frombuffer(self.author_surname_owners, np.uint32))
        self.author_surnames, self.author_surname_owners = array("Q"), array("I")
        for key, papers in self.typed_names.items():
            if len(papers) <= MAX_TYPED_NAME_PAPERS and key not in self.name_entries:
                self.name_entries[key] = papers
        self.typed_names = {}
        index.names = {key: np.frombuffer(docs, np.uint32) for key, docs in self.name_entries.items()}
        index.acronyms = {meaning: counts.most_common(1)[0][0] for meaning, counts in self.acronym_entries.items()}
        spellings = self._spellings()
        self.acronym_entries.clear()
        # Before the postings are laid out, so the kept sequences are gone by then (the build's peak memory).
        phrases = _papers_with_phrases(self.sequences, [words for wordings in spellings.values() for words in wordings
                                                        if len(words) > 2], len(self.index.terms))
        self.sequences = []
        _give_back_freed_memory()
        self.name_entries = {}
        index.stopword_titles = {key: tuple(papers) for key, papers in self.stopword_titles.items()}
        self.stopword_titles = {}
        vocabulary = len(index.terms)
        df = _add_counts(self.df, np.zeros(vocabulary, np.int64))
        offsets = np.zeros(vocabulary + 1, np.int64)
        np.cumsum(df, out=offsets[1:])
        post_docs = np.zeros(int(offsets[-1]), np.uint32)
        post_tf = np.zeros(int(offsets[-1]), np.uint8)
        cursor = offsets[:-1].copy()
        while self.chunks:
            first_doc, per_doc, terms, tf = self.chunks.pop(0)
            docs = np.repeat(np.arange(first_doc, first_doc + len(per_doc), dtype=np.uint32), per_doc)
            order = np.argsort(terms, kind="stable")
            terms = terms[order]
            counts = np.bincount(terms, minlength=vocabulary)
            group_start = np.concatenate(([0], np.cumsum(counts)[:-1]))
            dest = cursor[terms] + (np.arange(len(terms)) - group_start[terms])
            post_docs[dest] = docs[order]
            post_tf[dest] = tf[order]
            cursor += counts
        self._weights(df, offsets, post_docs, post_tf)
        self._pairs()
        idf = index.idf
        index.spelled_out = {acronym: tuple(
            (words, min(1.0, float(idf[acronym] / max(float(idf[list(words)].sum()), 1e-6)))) for words in wordings)
            for acronym, wordings in spellings.items()}
        pairs = _papers_with_pairs(index, [words for wordings in spellings.values() for words in wordings
                                           if len(words) == 2])
        index.phrase_papers = {**pairs, **phrases}

    def _spellings(self) -> dict[int, list[tuple[int, ...]]]:
        """Each defined acronym's term -> the terms of the words (two to MAX_PHRASE_WORDS) most definitions spell it
        out with, then those of its other wordings of that meaning (`_same_meaning`), most used first: "DP" defined as
        "differential privacy" and as "differentially private" is both, while its rarer "dynamic programming" is
        another meaning, whose papers are not about DP."""
        defined: defaultdict[int, list[tuple[int, tuple[int, ...]]]] = defaultdict(list)
        for meaning, counts in self.acronym_entries.items():
            words = tuple(int(tid) for tid in meaning.split(",") if tid)
            if not 2 <= len(words) <= MAX_PHRASE_WORDS:
                continue
            for acronym, times in counts.items():
                if acronym not in words:
                    defined[acronym].append((times, words))
        stems: dict[int, str] = {}
        if any(len(wordings) > 1 for wordings in defined.values()):
            wanted = {tid for wordings in defined.values() if len(wordings) > 1
                      for _, words in wordings for tid in words}
            stems = {tid: term for term, tid in self.index.terms.items() if tid in wanted}
        spellings: dict[int, list[tuple[int, ...]]] = {}
        for acronym, wordings in defined.items():
            # Most used first; of as many definitions, the first met (sorted() is stable), as before.
            ranked = [words for _, words in sorted(wordings, key=lambda wording: -wording[0])]
            best = ranked[0]
            spellings[acronym] = [best, *[words for words in ranked[1:] if _same_meaning(
                [stems[tid] for tid in best], [stems[tid] for tid in words])]][:MAX_SPELLINGS]
        return spellings

    def _weights(self, df: np.ndarray, offsets: np.ndarray, post_docs: np.ndarray, post_tf: np.ndarray) -> None:
        index = self.index
        size = max(len(self.lengths), 1)
        index.df = df.astype(np.uint32)
        index.offsets = offsets
        index.post_docs = post_docs
        index.idf = (np.log1p((size - df + 0.5) / (df + 0.5)) ** IDF_POWER).astype(np.float32)
        lengths = np.frombuffer(self.lengths, np.float32)
        average = float(lengths.mean()) if len(lengths) else 1.0
        index.norm = (K1 * (1 - B + B * lengths / max(average, 1e-9))).astype(np.float32)
        index.post_tf = post_tf

    def _pairs(self) -> None:
        index = self.index
        index.pair_codes = np.concatenate(self.pair_chunks) if self.pair_chunks else np.zeros(0, np.uint32)
        self.pair_chunks.clear()
        index.pair_offsets = np.zeros(len(self.pair_counts) + 1, np.int64)
        np.cumsum(np.frombuffer(self.pair_counts, np.uint32), out=index.pair_offsets[1:])
        index.pair_df_codes, index.pair_df = _shared_pairs(index.pair_codes)


def _papers_with_pairs(index: SearchIndex, pairs: Iterable[tuple[int, ...]], chunk: int = 1 << 20
                       ) -> dict[int, np.ndarray]:
    """The papers that have each (term, next term) pair side by side, by the pair's code: one pass over every
    paper's pairs at build time (in slices: the index's peak memory stays its own), so a query only reads them."""
    listed = list(pairs)
    if not listed or not len(index.pair_codes):
        return {}
    first, second = (np.array([pair[n] for pair in listed], np.uint32) for n in (0, 1))
    wanted = np.unique(pair_codes(first, second))
    found = []
    for start in range(0, len(index.pair_codes), chunk):
        part = index.pair_codes[start:start + chunk]
        found.append(start + np.flatnonzero(wanted[np.minimum(np.searchsorted(wanted, part), len(wanted) - 1)] == part))
    where = np.concatenate(found)
    papers = np.searchsorted(index.pair_offsets, where, side="right") - 1
    codes = index.pair_codes[where]
    order = np.argsort(codes, kind="stable")
    codes, papers = codes[order], papers[order]
    if not len(codes):
        return {}
    starts = np.flatnonzero(np.concatenate(([True], codes[1:] != codes[:-1])))
    return {int(code): part for code, part in zip(codes[starts].tolist(), np.split(papers, starts[1:]), strict=True)}


def _rows_holding(keys: np.ndarray, codes: np.ndarray) -> list[int] | None:
    """Where each of `codes` stands in the sorted `keys` (author_pairs, author_surnames), or None when one is not
    there."""
    if not len(keys):
        return None
    where = np.minimum(np.searchsorted(keys, codes), len(keys) - 1)
    return [int(row) for row in where.tolist()] if np.all(keys[where] == codes) else None


def _papers_of_every(rows: Sequence[int], offsets: np.ndarray, papers: np.ndarray) -> np.ndarray:
    """The papers, sorted, listed for every one of `rows` (see `_papers_by_pair`: row n's are papers[offsets[n]:
    offsets[n + 1]])."""
    return functools.reduce(np.intersect1d, [papers[offsets[row]:offsets[row + 1]] for row in rows])


def _papers_by_pair(codes: np.ndarray, papers: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct codes, sorted, with where each one's papers start and end in the third array (one more offset
    than codes) and those papers, each once and sorted: `papers[n]` is the paper of `codes[n]`."""
    if not len(codes):
        return np.zeros(0, np.uint64), np.zeros(1, np.int64), np.zeros(0, np.uint32)
    order = np.lexsort((papers, codes))
    codes, papers = codes[order], papers[order]
    distinct = np.concatenate(([True], (codes[1:] != codes[:-1]) | (papers[1:] != papers[:-1])))
    codes, papers = codes[distinct], papers[distinct]
    starts = np.flatnonzero(np.concatenate(([True], codes[1:] != codes[:-1])))
    offsets = np.append(starts, len(codes)).astype(np.int64)
    return codes[starts], offsets, papers.copy()


def _packed(sequence: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Term ids in two bytes each: those under _WIDE as they are, the others (rarer words, whose ids came later) as
    _WIDE, with their ids beside in order: kept for every paper until the build's end, at four bytes a word the
    sequences (43 MB at 100,000 papers) made the build's peak memory higher; at two they stay under it."""
    return np.minimum(sequence, _WIDE).astype(np.uint16), sequence[sequence >= _WIDE].copy()


def _unpacked(packed: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The term ids `_packed` packed."""
    narrow, wide = packed
    sequence = narrow.astype(np.uint32)
    sequence[narrow == _WIDE] = wide
    return sequence


_WIDE = 0xFFFF


def _papers_with_phrases(sequences: Iterable[tuple[tuple[np.ndarray, np.ndarray], np.ndarray, np.ndarray]],
                         phrases: Iterable[tuple[int, ...]], vocabulary: int) -> dict[int, np.ndarray]:
    """The papers that write each phrase (three terms or more) side by side in this order, by its `phrase_code`: one
    pass over the kept sequences (`_Builder.sequences`: a chunk's terms, where each paper starts, which paper), from
    the places where a phrase's first word stands only (a few in a hundred), each run coded a word at a time and left
    once it crossed a field's end or is longer than the longest phrase its first word opens."""
    listed = [tuple(phrase) for phrase in phrases]
    if not listed:
        return {}
    wanted = {length: np.unique(np.array([phrase_code(p) for p in listed if len(p) == length], np.uint32))
              for length in {len(phrase) for phrase in listed}}
    reach = np.zeros(vocabulary, np.uint8)  # a term -> the length of the longest phrase it opens (0: none)
    np.maximum.at(reach, np.array([phrase[0] for phrase in listed], np.int64),
                  np.array([len(phrase) for phrase in listed], np.uint8))
    opens = reach > 0
    multiplier = np.uint32(_PAIR_MULTIPLIER)
    found_codes, found_papers = [], []
    for packed, starts, papers in sequences:
        sequence = _unpacked(packed)
        at = np.flatnonzero(opens[sequence])
        codes, whole, reaches = sequence[at], np.ones(len(at), bool), reach[sequence[at]]
        for length in range(2, max(wanted) + 1):
            if length > 2:  # runs broken or past their longest phrase need no more words
                going = whole & (reaches >= length)
                at, codes, whole, reaches = at[going], codes[going], whole[going], reaches[going]
            following = at + (length - 1)
            whole &= following < len(sequence)
            word = sequence[np.minimum(following, len(sequence) - 1)]
            whole &= word != 0  # a run over a field's end is no phrase
            codes = codes * multiplier + word
            listed_codes = wanted.get(length)
            if listed_codes is None:
                continue
            where = np.minimum(np.searchsorted(listed_codes, codes), len(listed_codes) - 1)
            hits = np.flatnonzero(whole & (listed_codes[where] == codes))
            found_codes.append(codes[hits])
            found_papers.append(papers[np.searchsorted(starts, at[hits], side="right") - 1])
    if not sum(map(len, found_codes)):
        return {}
    keyed = np.unique((np.concatenate(found_codes).astype(np.uint64) << np.uint64(32))
                      | np.concatenate(found_papers).astype(np.uint64))
    codes, owners = keyed >> np.uint64(32), (keyed & np.uint64(0xFFFF_FFFF)).astype(np.int64)
    starts = np.flatnonzero(np.concatenate(([True], codes[1:] != codes[:-1])))
    return {int(code): part for code, part in zip(codes[starts].tolist(), np.split(owners, starts[1:]), strict=True)}


def _shared_pairs(codes: np.ndarray, parts: int = 16) -> tuple[np.ndarray, np.ndarray]:
    """The codes that occur more than once (sorted), and how often; in slices by the codes' top
    bits, so the temporary arrays stay a small fraction of the index."""
    found_codes, found_counts = [], []
    shift = np.uint32(32 - parts.bit_length() + 1)
    top = codes >> shift
    for part in range(parts):
        unique, counts = np.unique(codes[top == part], return_counts=True)
        shared = counts > 1
        found_codes.append(unique[shared])
        found_counts.append(counts[shared].astype(np.uint32))
    return np.concatenate(found_codes), np.concatenate(found_counts)


def _sorted_gently(items: Iterable[str], run: int = 4096) -> list[str]:
    """sorted(items), but in short runs merged lazily: one sorted() of 100,000 strings holds the
    GIL for tens of milliseconds, and the bot's event loop would stall that long meanwhile."""
    pending = list(items)
    runs = [sorted(pending[start:start + run]) for start in range(0, len(pending), run)]
    return list(heapq.merge(*runs)) if len(runs) > 1 else (runs[0] if runs else [])


def _large_allocations_from_mmap() -> None:
    """Have glibc serve every allocation over 256 KB from mmap, so freed build buffers go back to the OS.

    By default glibc raises this threshold as big blocks are freed, and the index build's many
    chunk arrays end up on the heap, where freeing them leaves the memory held (RSS ~90 MB over
    the finished index at 100,000 papers). No effect, and no error, on other C libraries.
    """
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").mallopt(_M_MMAP_THRESHOLD, 256 * 1024)


_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter number


def _give_back_freed_memory() -> None:
    """Have glibc return the free pages inside its heap to the OS (malloc_trim), before the postings are laid out.

    The kept word sequences' small arrays (each chunk's paper starts, its rarer words) sit on the heap among
    longer-lived objects; freed, they left holes that raised the build's peak by ~6 MB at 100,000 papers. No
    effect, and no error, on other C libraries.
    """
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def _add_counts(total: np.ndarray, more: np.ndarray) -> np.ndarray:
    """Element-wise sum of two count vectors of possibly different lengths."""
    if len(more) > len(total):
        total, more = more, total
    total = total.astype(np.int64, copy=True)
    total[: len(more)] += more
    return total
