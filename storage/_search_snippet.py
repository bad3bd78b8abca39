"""Search snippets: the stretch of an abstract that best matches a query, matched words in bold.

The output is Discord markdown: matched words in **bold**, every other markdown character
escaped, so an abstract's own asterisks or underscores never garble the result list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from storage._search_text import fold, stem

SNIPPET_CHARS = 240
_WORD = re.compile(r"[^\W_]+")
# Emphasis the display text already carries (*FedOne*, **MA-DT**, _x_): dropped, the words kept. An
# escaped marker is a character, not emphasis: "p(x\_T | x\_S)" is two subscripts, not "_T | x\_" in italics.
_EMPHASIS = re.compile(r"(?<!\\)(\*\*|__|\*|_)(?=\S)(.+?)(?<=[^\s\\])\1")
_ESCAPED = re.compile(r"\\([\\*_~`|>\[\]#])")
_MARKDOWN = re.compile(r"([\\*_~`|>\[\]#])")
_SPACE = re.compile(r"\s+")


def plain(text: str) -> str:
    """Display text without its markdown emphasis or escapes, on one line."""
    return _SPACE.sub(" ", unescape(_EMPHASIS.sub(r"\2", text))).strip()


def unescape(text: str) -> str:
    """Display text's escaped markdown characters ("\\_", "\\*") as the characters themselves."""
    return _ESCAPED.sub(r"\1", text)


def escape(text: str) -> str:
    """Escape Discord markdown characters so they show as themselves."""
    return _MARKDOWN.sub(r"\\\1", text)


def snippet(text: str, matched: frozenset[str], *, width: int = SNIPPET_CHARS) -> str:
    """The window of `text` with the most distinct matched stems, at most `width` characters."""
    text = plain(text)
    spans = [(m.start(), m.end(), _is_match(m.group(), matched)) for m in _WORD.finditer(text)]
    start, end = _best_window(text, spans, width)
    parts: list[str] = ["…" if start > 0 else ""]
    cursor = start
    for word_start, word_end, hit in spans:
        if word_start < start or word_end > end or not hit:
            continue
        parts.append(escape(text[cursor:word_start]))
        parts.append(f"**{escape(text[word_start:word_end])}**")
        cursor = word_end
    parts.append(escape(text[cursor:end]))
    parts.append("…" if end < len(text) else "")
    return "".join(parts)


def by_line(authors: Sequence[str], matched: frozenset[str], text: str = "", *, shown: int = 3) -> str:
    """"By A, **B** et al. — " naming the authors a query matched (in bold, first), or "" when it matched
    none: a paper found by its author's name says why, since its abstract's snippet cannot. A matched
    word that `text` (the title and abstract) has too is no reason: "long context" does not name Long Chen."""
    if not authors:
        return ""
    told = {fold(word) for word in _WORD.findall(text) if _is_match(word, matched)}
    hits = [name for name in authors
            if any(_is_match(word, matched) and fold(word) not in told for word in _WORD.findall(name))]
    if not hits:
        return ""
    named = [f"**{escape(name)}**" for name in hits[:shown]]
    named += [escape(name) for name in authors if name not in hits][: max(0, shown - len(named))]
    more = " et al." if len(authors) > len(named) else ""
    return f"By {', '.join(named)}{more} — "


def _is_match(word: str, matched: frozenset[str]) -> bool:
    folded = fold(word)
    return folded in matched or stem(folded) in matched


def _best_window(text: str, spans: list[tuple[int, int, bool]], width: int) -> tuple[int, int]:
    """Character bounds of the window, cut at word boundaries, that holds the most matched words."""
    if len(text) <= width:
        return 0, len(text)
    hits = [(s, e, fold(text[s:e])) for s, e, hit in spans if hit]
    best_start, best_score = 0, -1
    for index, (first, _, _) in enumerate(hits):
        inside = {word for s, e, word in hits[index:] if e - first <= width}
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
