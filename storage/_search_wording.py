"""The words of a "did you mean" suggestion as the corpus writes them: "Bernhard Schölkopf", not the folded
"bernhard scholkopf" the index compares (accents stripped, letters made small).

The index keeps folded words only: keeping each word's written forms would cost every corpus load, for the few
searches that get a suggestion. A suggestion's words are looked up instead, in a few of the papers that have them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from storage._search_index import SearchIndex
from storage._search_text import STOPWORDS, fold, visible

PAPERS_READ = 3  # papers read for each word of a suggestion: a word's usual spelling shows in any few of them
_BEYOND_ASCII = re.compile(r"[^\W_\x00-\x7f]+")  # letters and digits beyond ASCII
_ANY_WORD = re.compile(r"[^\W_]+")
_SEPARATORS = " -/"  # between a suggestion's words: a space, or the hyphen or slash the query joined them with
_SEPARATED = re.compile(r"([ /-])")


def papers_to_read(index: SearchIndex, suggestions: Sequence[str]) -> list[str]:
    """The ids of the papers whose text tells how the corpus writes the words of `suggestions` (not stop words)."""
    found = {index.ids[position]: None for word in _words_of(suggestions) if word not in STOPWORDS
             for position in index.papers_writing(word, PAPERS_READ)}
    return list(found)


def as_written(suggestions: Sequence[str], texts: Iterable[tuple[str, str]]) -> list[str]:
    """`suggestions` (folded words, a space, hyphen or slash apart) with each word as the corpus writes it most often
    in `texts` (each paper's abstract and its authors' names): its capital opening a sentence tells nothing, so a word
    seen only there is written in small letters ("learning", not "Learning"; "Gaussian" elsewhere keeps its capital);
    a word the texts do not have stays as it is."""
    wanted = set(_words_of(suggestions)) - STOPWORDS  # "of", "a": in small letters, and everywhere to look for
    written: dict[str, Counter[str]] = {word: Counter() for word in wanted}
    opening: dict[str, Counter[str]] = {word: Counter() for word in wanted}  # forms seen only opening sentences
    plain = [word for word in wanted if word.isascii()]
    for abstract, authors in texts:
        for text, in_sentences in ((visible(abstract), True), (visible(authors), False)):
            for start, token in _candidates(text, plain):
                key = token.lower() if token.isascii() else fold(token)
                if key in wanted and not _piece_of_a_name(text, start, token):
                    opens = in_sentences and _opens_a_sentence(text, start)
                    (opening if opens else written)[key][token.lower() if opens else token] += 1
    wording = {word: max(counts, key=lambda form: (counts[form], form == word)) for word in wanted
               if (counts := written[word] or opening[word])}
    return list(dict.fromkeys("".join(wording.get(part, part) for part in _SEPARATED.split(suggestion))
                              for suggestion in suggestions))


def _candidates(text: str, plain: Sequence[str]) -> list[tuple[int, str]]:
    """Where each of the folded ASCII words `plain` stands in `text` as a word, as written there, and every word with a
    letter beyond ASCII ("Schölkopf", to fold): found with str.find on the text in small letters, a scan in C, where
    folding each word of each text cost 5 ms a suggestion."""
    lower = text.lower()
    if len(lower) != len(text):  # a letter whose small form is longer ("İ"): read word by word
        return [(found.start(), found.group()) for found in _ANY_WORD.finditer(text)]
    found = []
    for word in plain:
        start = lower.find(word)
        while start >= 0:
            end = start + len(word)
            if not (start and _in_word(lower[start - 1])) and not (end < len(lower) and _in_word(lower[end])):
                found.append((start, text[start:end]))
            start = lower.find(word, end)
    return found if text.isascii() else found + _words_beyond_ascii(text)


def _words_beyond_ascii(text: str) -> list[tuple[int, str]]:
    """Where each word with a letter beyond ASCII stands in `text`, and the word: from each run of such letters (few in
    an abstract, where a pattern for the whole word tried every word), out to the word's ends."""
    found, last = [], 0
    for run in _BEYOND_ASCII.finditer(text):
        start, end = run.span()
        if start < last:
            continue  # a second run inside the same word
        while start > 0 and _in_word(text[start - 1]):
            start -= 1
        while end < len(text) and _in_word(text[end]):
            end += 1
        found.append((start, text[start:end]))
        last = end
    return found


def _piece_of_a_name(text: str, start: int, token: str) -> bool:
    """Whether `token`, at `start` in `text`, is written in a name's mixed capitals ("TILe") and joined by a hyphen to
    the name's other capitalised part ("TILe-Rep"): a piece of that name, not how the corpus writes the word, which
    "Did you mean" showed as "TILe generation"."""
    if token.islower() or token.isupper() or token.istitle():
        return False
    end = start + len(token)
    after, before = _NAME_PART_AFTER.match(text, end), _NAME_PART_BEFORE.search(text, 0, start)
    return after is not None or (before is not None and before.end() == start)


_NAME_PART_AFTER = re.compile(r"[-‐‑][A-Z]")
_NAME_PART_BEFORE = re.compile(r"[A-Z][^\W_]*[-‐‑]$")


def _in_word(char: str) -> bool:
    return char.isalnum()


def _opens_a_sentence(text: str, start: int) -> bool:
    """Whether the word at `start` opens a sentence, where a capital tells nothing of how the word is written."""
    before = text[max(0, start - 3):start].rstrip()
    return before[-1:] in (".", "!", "?") or (not before and start < 3)


def _words_of(suggestions: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(word for suggestion in suggestions for word in _SEPARATED.split(suggestion)
                              if word and word not in _SEPARATORS))
