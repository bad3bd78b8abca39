"""Search snippets: the stretch of an abstract that best matches a query, matched words in bold.

The output is Discord markdown: matched words in **bold**, every other markdown character
escaped, so an abstract's own asterisks or underscores never garble the result list.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from storage._search_text import INVISIBLE, LANGUAGE_NAME, compounds, fold, stem, visible
from storage.enrich import URL as LINK  # the links enrichment finds are the ones a snippet keeps whole
from storage.enrich import displayed_emphasis

SNIPPET_CHARS = 240
NAME_CHARS = 60  # an author's name in a result's "By …" line (real ones are shorter)
ELLIPSIS = "…"
# A word, an invisible character inside it aside ("atten\u00adtion" with a soft hyphen, as PDFs and pages hyphenate
# long words): the index reads it as the word (storage._search_text.visible), so its snippet bolds it whole.
_WORD = re.compile(rf"{LANGUAGE_NAME}|[^\W_]+(?:[{INVISIBLE}]+[^\W_]+)*")  # "C++" a word (storage._search_text)
# Words joined by hyphens or slashes ("K-means", "Q-learning"), which the index also reads joined ("kmeans"): a query
# that matched the joined form ("kmeans", "Qlearning") matched those words.
_JOINED = re.compile(r"(?<![^\W_])[^\W_]+(?:[-‐‑/][^\W_]+)+")
# Emphasis the display text carries (*FedOne*, **MA-DT**, _x_, a key claim of two sentences in bold): dropped, the
# words kept, its marks read as the card reads them (storage.enrich.displayed_emphasis: no bound on a pair's length, a
# pair inside another, a paragraph of 20,000 marks in a moment). An escaped marker is a character, not emphasis:
# "p(x\_T | x\_S)" is two subscripts; and so is an underscore inside a word, as Discord shows it:
# "causal_prospective_merge" is no "causal*prospective*merge".
_ESCAPED = re.compile(r"\\([\\*_~`|>\[\]#])")
_MARKDOWN = re.compile(r"([\\*_~`|>\[\]#])")
_SPACE = re.compile(r"\s+")


def plain(text: str) -> str:
    """Display text without its markdown emphasis or escapes, on one line."""
    marks = displayed_emphasis(text)
    if marks:
        text = "".join(char for at, char in enumerate(text) if at not in marks)
    return _SPACE.sub(" ", unescape(text)).strip()


def unescape(text: str) -> str:
    """Display text's escaped markdown characters ("\\_", "\\*") as the characters themselves."""
    return _ESCAPED.sub(r"\1", text)


def escape(text: str) -> str:
    """Escape Discord markdown characters so they show as themselves."""
    return _MARKDOWN.sub(r"\\\1", text)


def snippet(text: str, matched: frozenset[str], *, width: int = SNIPPET_CHARS) -> str:
    """The window of `text` with the most distinct matched stems, at most `width` characters.

    A link is one piece, whole or left out, as written: Discord links a URL as typed, so an escape ("b\\_c")
    or bold inside one, or half of one, would link another address."""
    text = plain(text)
    links = [m.span() for m in LINK.finditer(text)] if "http" in text or "www." in text else []
    spans = [(m.start(), m.end(), _is_match(m.group(), matched)) for m in _WORD.finditer(text)]
    spans = _with_links_whole(_with_joined_words(text, spans, matched), links)
    start, end = _best_window(text, spans, width)
    parts: list[str] = ["…" if start > 0 else ""]
    cursor = start
    for word_start, word_end, hit in spans:
        if word_start < start or word_end > end or not hit or (word_start, word_end) in links:
            continue
        parts.append(_escape_but_links(text[cursor:word_start]))
        parts.append(f"**{escape(text[word_start:word_end])}**")
        cursor = word_end
    parts.append(_escape_but_links(text[cursor:end]))
    if end < len(text):  # a link's last character would take in the "…" ("https://x.org/b…")
        parts.append(" …" if "://" in text[start:end].rsplit(None, 1)[-1:][0] else "…")
    return "".join(parts)


def _with_links_whole(spans: list[tuple[int, int, bool]], links: list[tuple[int, int]]
                      ) -> list[tuple[int, int, bool]]:
    """The words, each link's words made one, matched when any of them is."""
    for link_start, link_end in links:
        inside = [span for span in spans if link_start <= span[0] < link_end]
        spans = [span for span in spans if not link_start <= span[0] < link_end]
        spans.append((link_start, link_end, any(hit for _, _, hit in inside)))
    return sorted(spans) if links else spans


def _with_joined_words(text: str, spans: list[tuple[int, int, bool]], matched: frozenset[str]
                       ) -> list[tuple[int, int, bool]]:
    """The words, those of a hyphenated run whose joined form the query matched ("K-means" for "kmeans") matched."""
    if "-" not in text and "/" not in text and "‐" not in text and "‑" not in text:
        return spans
    runs = [found.span() for found in _JOINED.finditer(text)
            if _is_match("".join(_WORD.findall(found.group())), matched)]
    if not runs:
        return spans
    return [(start, end, hit or any(first <= start and end <= last for first, last in runs))
            for start, end, hit in spans]


def _escape_but_links(text: str) -> str:
    """escape(text), its http(s) links left as written (Discord links them; "www." it shows as text)."""
    if "http" not in text:
        return escape(text)
    parts, cursor = [], 0
    for match in LINK.finditer(text):
        if match.group().startswith("http"):
            parts += [escape(text[cursor:match.start()]), match.group()]
            cursor = match.end()
    return "".join([*parts, escape(text[cursor:])])


def by_line(authors: Sequence[str], matched: frozenset[str], text: str = "", *, shown: int = 3,
            person: Sequence[str] = ()) -> str:
    """"By A, B, …, **E** et al. — " naming the authors a query matched (in bold), or "" when it matched
    none: a paper found by its author's name says why, since its abstract's snippet cannot.

    The authors keep their order, as a citation's: the first one always, the matched ones (up to `shown`)
    where they stand, the first ones after it up to `shown` names; "…" stands for those skipped between
    two shown, "et al." for those after the last. A matched author moved first read as the first author.
    `person`: the words of the one author's name the query named (see matched_authors)."""
    hits = matched_authors(authors, matched, text, person)
    if not hits:
        return ""
    kept = _first_ones({0, *hits[:shown]}, len(authors), shown)
    named = cited_authors({at: escape(_short(authors[at])) for at in kept}, hits)
    more = " et al." if max(kept) < len(authors) - 1 else ""
    return f"By {', '.join(named)}{more} — "


def matched_authors(authors: Sequence[str], matched: frozenset[str], text: str = "", person: Sequence[str] = ()
                    ) -> list[int]:
    """The positions of the authors whose name has a word a query matched (`matched`: its stems). A matched
    word that `text` (the title and abstract) has too is no reason: "long context" does not name Long Chen.
    A query naming one author (`person`: the folded words of the name, SearchIndex ranking's `person`) names that
    author alone where the paper has them: "Song Han" is not also Han Cai, his co-author."""
    if not authors or not matched:
        return []
    named = [at for at, name in enumerate(authors) if _is_named(name, person)] if person else []
    if named:
        return named
    told = {_folded(word) for word in _WORD.findall(text) if _is_match(word, matched)}
    return [at for at, name in enumerate(authors)
            if any(_is_match(word, matched) and _folded(word) not in told for word in _WORD.findall(name))]


def _is_named(name: str, person: Sequence[str]) -> bool:
    """Whether an author's `name` has every word of the `person` a query named (folded, or their stems alike)."""
    # A hyphenated name is named joined too: "Fei-Fei Li" is the person feifei li (SearchIndex.author_pairs).
    words = {_folded(word) for word in _WORD.findall(name)} | set(compounds(name))
    stems = {stem(word) for word in words}
    return all(word in words or stem(word) in stems for word in person)


def cited_authors(names: Mapping[int, str], hits: Collection[int]) -> list[str]:
    """The authors to show (`names`: by position, written as shown) in their order, those at `hits` in bold, and
    "…" for the authors skipped between two shown (and before the first, when it is not the first author)."""
    cited, last = [], -1
    for at in sorted(names):
        if at > last + 1:
            cited.append(ELLIPSIS)
        cited.append(f"**{names[at]}**" if at in hits else names[at])
        last = at
    return cited


def _first_ones(kept: set[int], count: int, shown: int) -> set[int]:
    """`kept` with the first authors not in it added, in order, until it holds `shown` of the `count`."""
    for at in range(count):
        if len(kept) >= shown:
            break
        kept.add(at)
    return kept


def _short(name: str) -> str:
    """A name of at most NAME_CHARS characters: a whole line of names cannot push the matched one out of a result
    list's line, whatever a corpus calls a name."""
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1].rstrip() + ELLIPSIS


def _is_match(word: str, matched: frozenset[str]) -> bool:
    folded = _folded(word)
    return folded in matched or stem(folded) in matched


def _folded(word: str) -> str:
    """A word as the index reads it: folded, without the invisible characters inside it."""
    return fold(visible(word))


def _best_window(text: str, spans: list[tuple[int, int, bool]], width: int) -> tuple[int, int]:
    """Character bounds of the window, cut at word boundaries, that holds the most matched words."""
    if len(text) <= width:
        return 0, len(text)
    hits = [(s, e, _folded(text[s:e])) for s, e, hit in spans if hit]
    best_start, best_score = 0, -1
    for index, (first, _, _) in enumerate(hits):
        # The words are in order: the window's end is reached once, not read on to the text's end from each word
        # (a 20,000-character abstract repeating a matched word took 0.7 s).
        last = index
        while last < len(hits) and hits[last][1] - first <= width:
            last += 1
        inside = {word for _, _, word in hits[index:last]}
        if len(inside) > best_score:
            best_start, best_score = first, len(inside)
    # Start a little before the first matched word, at a word boundary, for context.
    lead = max(0, best_start - width // 5)
    starts = [s for s, _, _ in spans if s >= lead]
    start = starts[0] if starts and best_start > 0 else 0
    if start > 0 and len(text) - start < width:
        start = max(0, len(text) - width)
        start = next((s for s, _, _ in spans if s >= start), start)
    ends = [e for _, e, _ in spans if e - start <= width]
    end = ends[-1] if ends else min(len(text), start + width)
    end = _through_punctuation(text, end, start + width)
    return start, end


def _through_punctuation(text: str, end: int, limit: int) -> int:
    """Extend the cut over closing punctuation right after the last word ("ShadowKV)." stays whole)."""
    while end < len(text) and end < limit and not text[end].isspace() and not text[end].isalnum():
        end += 1
    return end
