"""Enrichment: from a RawRecord to a Paper (id, readable text, title, names, keywords, links).

Pure and deterministic: the same record gives the same Paper on every machine. Bump
`ENRICH_VERSION` whenever the output changes, so the loader re-enriches an unchanged corpus.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from storage._corpus_text import (
    NOT_A_CONTRIBUTION_VERBS,
    STOPWORDS,
    clause_cut,
    contribution_sentence,
    gerund,
    keywords_for,
    names_for,
    sentences,
    strip_markdown,
    wordset,
)
from storage.models import Paper, RawRecord

ENRICH_VERSION = 79
ID_LENGTH = 10
MAX_TITLE_CHARS = 100
# The id is the first ID_LENGTH characters of the digest in lower-case base32 (RFC 4648): 5 bits each,
# taken two characters (10 bits) at a time from the digest's leading bits.
_BASE32 = "abcdefghijklmnopqrstuvwxyz234567"
_BASE32_PAIRS = tuple(first + second for first in _BASE32 for second in _BASE32)
_ID_BITS = ID_LENGTH * 5
_ID_SHIFTS = tuple(range(_ID_BITS - 10, -1, -10))
assert ID_LENGTH % 2 == 0, "ids are made two base32 characters at a time"

_WHITESPACE = re.compile(r"\s+")
# A URL: from its scheme (or "www.") to its last character that is no punctuation of the sentence around it.
# Brackets inside it are kept in balanced pairs only ("…/Foo_(bar)"): a ")" or "]" closing one opened before
# the URL ends it, as "](" ends the first half of a Markdown link "[url](url)". Quotes (straight, curly,
# guillemets) and CJK punctuation are never part of one, nor a closing "*" of Markdown bold.
_URL_CHAR = r"""[^\s<>"'`\\{}()\[\]“”‘’«»‹›（）【】「」、。，；：！？]"""
_URL_BRACKETS = rf"\({_URL_CHAR}*\)|\[{_URL_CHAR}*\]"
_URL_LAST = r"""[^\s<>"'`\\{}()\[\]“”‘’«»‹›（）【】「」、。，；：！？.,;:!?*…]"""
_URL_BODY = rf"(?:{_URL_CHAR}|{_URL_BRACKETS})*(?:{_URL_LAST}|{_URL_BRACKETS})"
# Public: a search snippet (storage._search_snippet) keeps the URLs it finds whole.
URL = re.compile(rf"(?:https?://|www\.){_URL_BODY}")
# A code host's link is written without its scheme too ("Code: github.com/x/y"); so are some records' code fields.
_BARE_CODE_HOSTS = ("github.com/", "gitlab.com/", "bitbucket.org/", "codeberg.org/", "huggingface.co/")
_LINK_START = rf"https?://|www\.|{'|'.join(map(re.escape, _BARE_CODE_HOSTS))}"  # what a link opens with
# (Any lookbehind here would make the regex engine try every position of the text: see _bare_in_a_word.)
_LINK = re.compile(rf"(?:{_LINK_START}){_URL_BODY}")
# LaTeX's escapes in a URL ("\url{https://x.org/\~me/a\_b\#c}", as \href needs them) are its characters.
_ESCAPED_URL = re.compile(rf"""(?:{_LINK_START})(?:[^\s<>"'`\\{{}}]|\\[_%~#&])+""")
_URL_ESCAPE = re.compile(r"\\([_%~#&])")
_HOST_AND_PATH = re.compile(r"www\.|[\w-]+(?:\.[\w-]+)+/")
# A URL broken over a line, as text extracted from a PDF has it: after a "/", "-" or "_" at a line's end
# ("https://github.com/foo/\nbar"), or after a dot of its host name, even at a space ("https://sites.google.
# com/view/…", icml2018). The rest is taken when it reads as a URL's: with a URL's punctuation or a digit in
# it, or ending the sentence ("…/foo/\nbar."), not when prose goes on ("https://x.org/\nfor details").
_URL_REST = re.compile(_URL_BODY)
_LINE_BREAK = re.compile(rf"[ \t]*\r?\n[ \t]*(?!{_LINK_START})")  # a link on the next line is another link
_TOP_LEVEL = r"(?:com|org|net|edu|gov|info|io|ai|[a-z]{2})"
_HOST_BREAK = re.compile(rf"\.\s+(?={_TOP_LEVEL}[/.])")  # a top-level domain
# Or at a dot before other labels of the host ("https://www.cs. toronto.edu/~x/"): the rest is taken only as a
# host name in lower case that reaches its top-level domain and a path (the next sentence of prose does not:
# "see www.example. Then we …"), never another link ("… x.org. github.com/a/b"), and not after a host that
# already ends on a generic top-level domain ("… x.org. arxiv.org/abs/…" ends a sentence with one link).
_LABELS_BREAK = re.compile(rf"\.\s+(?=(?!{_LINK_START})[a-z\d-]+(?:\.[a-z\d-]+)*\.{_TOP_LEVEL}/)")
_GENERIC_TOP_LEVEL = re.compile(r"\.(?:com|org|net|edu|gov|info|io|ai)$", re.IGNORECASE)
# A bare code host broken at its dot ("github.\ncom/x/y", "huggingface. co/…"): only a host's own top-level domain.
_BROKEN_TOP_LEVEL = re.compile(r"\.\s+(?:com?|org)/")
_BROKEN_CODE_HOST = re.compile(r"(?:(github|gitlab)\.\s+(com)|(huggingface)\.\s+(co)|(bitbucket|codeberg)\.\s+(org))/")
_URL_PUNCTUATION = re.compile(r"[/._\-=?#&%~\d]")
_SENTENCE_END = re.compile(r"""(?:[.,;:!?)\]}"'”’»]+(?:\s|$)|$)""")
# anonymous.4open.science: a repository anonymised for review, as papers under review link their code.
_CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "huggingface.co", "github.io", "codeberg.org",
               "anonymous.4open.science")
# What dehyphenate looks for before it does anything: a hyphen before a line break or a space. Python's
# `"- " in text` skips at most three characters a step (a whole abstract's 2-3 µs); the pattern's search, opened by
# the literal "-", jumps from hyphen to hyphen.
_HYPHEN_AT_A_BREAK = re.compile(r"-[ \t\r\n]")
_TWO_HYPHENS = re.compile("--")
# A word broken over a line by a hyphen, as in text extracted from PDFs ("bidi-\nrected").
# From a word's start only (a match from inside a word would also match from its start, further
# left): otherwise every position of every word is tried, each backtracking over the word's rest.
_BROKEN_WORD = re.compile(r"(?<!\w)(\w+)-(?:[ \t]*\r?\n[ \t]*|[ \t]+)(\w+)")
# ",? that|which|to … this gap" at the end. Opened by one character class (a comma or a space, each
# alternative checking which): the regex engine skips to those instead of trying every position.
_ANAPHORIC_TAIL = re.compile(
    r"[,\s](?:(?<=,)\s+|(?<=\s)\s*)(?:that|which|to)\s+(?:\w+\s+){0,2}?"
    r"(?:this|these|such|the above|the aforementioned)\s+"
    r"(?:\w+\s+)?(?:gap|issue|issues|problem|problems|challenge|challenges|limitation|limitations|"
    r"question|questions|phenomenon|setting|task|goal|shortcoming|shortcomings|bottleneck|dilemma)$",
    re.IGNORECASE)
# "In this paper, we", "Here we", "In this work,": the opening of a sentence, not what it says.
_BOILERPLATE_OPENING = re.compile(
    r"^(?:(?:in\s+this\s+(?:paper|work|article|study|note)|here(?:in)?)\b\s*,?\s*)(?P<we>we\b\s*)?", re.IGNORECASE)
_LEADING_VERB = re.compile(r"[a-z]+(?=\s)")
MIN_OPENING_WORDS = 3
# _TIE, _BRACED_WORDS, _CASE_BRACES, _DASH_BETWEEN_WORDS and _BARE_SUPERSCRIPT open with their character and look
# behind it after: a pattern opening with a look-behind is tried at every position of the text (45-275 µs an abstract).
_TIE = re.compile(r"~(?<=[\w.,$}]~)(?=[\w($\\])(?![^\s]{0,300}\.[a-z]{2,}/)")  # not in a URL ("~user/…")
_TEX_QUOTES = re.compile(r"``(.+?)(?:''|\"|”)", re.DOTALL)
_HALF_TEX_QUOTES = re.compile(r"(?<![\w\"'])\"([^\"\n]{1,300}?)''(?!')")
# TeX's single quotes ("`easy'"): a backtick opening a word, closed by an apostrophe no letter follows. Not a code
# span ("`FedAvg`", "q`POTS`", "`Fed-UCBVI`'s"): no backtick between them, none before.
_TEX_SINGLE_QUOTES = re.compile(r"`(?<![\w`]`)(?=[^\W_])([^`'\n]{1,300}?(?:'\w[^`'\n]{0,300}?)*)'(?![\w'])")
# BibTeX-style braces left around one accented letter or dash ("Nystr{ö}m", "Polyak–{Ł}ojasiewicz", "{—}").
# ("\ue010" and "\ue011" in these patterns: an asterisk and an underscore held while the text is rendered, as
# _LITERAL_MARKS_HELD: "Sigma_{XX}" and "x^{*}" keep their braces, "A* ." loses its space.)
_BRACED_CHARACTER = re.compile(r"\{([^\x00-\x7f{}\ue010\ue011][\u0300-\u036f]*)\}")
# Braces that only group plain words in prose ("{low test error}"), not a set, a subscript or math.
_BRACED_WORDS = re.compile(r"\{(?<![\w^_\\}\ue011]\{)\s*([A-Za-z][A-Za-z -]*[A-Za-z])\s*\}(?![\w^_])")
# BibTeX's case-keeping braces opening or inside a word ("{B}ayesian", "{GP}s", "Ro{BERT}a"), or around one of
# letters and digits ("{3D}", "{GPT4}"): not a script's group ("x^{ab}c", "f_{t}x"), one a macro or an escaped brace
# left, nor an argument closing a word ("O(1/SQRT{T})").
_CASE_BRACES = re.compile(r"\{(?:(?<![\d_^\\}\ue011]\{)([A-Za-z0-9]+)\}(?=[A-Za-z])"
                          r"|(?<![\w^_\\}\ue011]\{)((?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]+)\}(?![\w^_]))")
# A space before a comma, full stop or semicolon that ends a word ("than SGD . We", "[2010] , with", or left by
# a dropped \cite): none in print. Not before ".5", ".NET" or "...", nor after a URL's "/".
_SPACE_THEN_PUNCTUATION = re.compile(r" [,.;]")
_SPACE_BEFORE_PUNCTUATION = re.compile(r"(?<=[\w)\]}’”*\ue010\ue011])\s+([,.;])(?=\s|$)")
_TEX_DASHES = ((re.compile(r"(?<!-)---(?!-)"), "—"), (re.compile(r"(?<=\s)--(?=\s)"), "–"))
# LaTeX's en dash between two words or numbers ("Metropolis--Hastings", "(ODE)--based", "pages 10--20"): not in a link
# or a path ("x.org/a--b").
_DASH_BETWEEN_WORDS = re.compile(r"--(?<=(?:[^\W_]|\))--)(?=[^\W_]|\()")
# LaTeX pieces worth handing to pylatexenc: math, macros with their arguments, escapes.
# Math is bounded in length: an unclosed "$" or "\(" must not send every later one scanning to the end.
_DOLLAR_MATH = (
    r"\$\$.{1,2000}?\$\$"
    # not "$2.54 per …", a price; but "$2 \times 2$" and "$0 \leq p$" are math
    r"|\$(?!\d[\d.,]*\s+(?![\\=<>+\-^_×·≤≥≠∈]))(?:[^$\\]|\\.){1,2000}?\$"
)
_PARENTHESIS_MATH = r"|\\\(.{1,2000}?\\\)"
_OTHER_LATEX_PIECES = (
    # an old-style font switch and what it sets: "{\\em missing at random}", "{\\bf all}" (not in math: matched above)
    r"|\{\\(?:em|it|itshape|sl|slshape|bf|bfseries|tt|ttfamily|rm|rmfamily|sf|sffamily|sc|scshape|normalfont|upshape)"
    r"(?![A-Za-z])[^{}$]{0,2000}\}"
    r"|\\[A-Za-z]+\*?(?:\s*(?:\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}|\[[^\]]*\]))*"
    r"|\\[%&_#${} ,;!]"
    # accents: Schr\"odinger, \'{e}; on a dotless i or j, as BibTeX writes Mart{\'\i}nez and Garc\'{\i}a
    r"|\\[\"'`^~=.](?:\{[A-Za-z]\}|[A-Za-z]|\\[ij](?![A-Za-z])|\{\\[ij]\})"
)
_LATEX_SEGMENT = re.compile(_DOLLAR_MATH + _PARENTHESIS_MATH + _OTHER_LATEX_PIECES, re.DOTALL)
# The same without "\(…\)", for a text with no "\)" to close one: each "\(" read 2,000 characters on for its close,
# ~165 ms for a paragraph of 10,000 of them (none of them matches; the other pieces are looked for in the same order).
_LATEX_SEGMENT_BUT_PARENTHESIS_MATH = re.compile(_DOLLAR_MATH + _OTHER_LATEX_PIECES, re.DOTALL)


def _latex_segments_in(text: str, start: int = 0, end: int | None = None) -> re.Pattern[str]:
    r"""_LATEX_SEGMENT for text[start:end]: without its "\(…\)" alternative where that has no "\)", which none can
    match (only the part is looked at: a paragraph's pieces between links are read one part at a time)."""
    return _LATEX_SEGMENT if text.find("\\)", start, len(text) if end is None else end) >= 0 \
        else _LATEX_SEGMENT_BUT_PARENTHESIS_MATH


# Macros pylatexenc's parser does not know, respelled as ones it does; \hyperlink{target}{text} keeps its text.
_MACRO_SPELLING = {"dfrac": "\\frac", "tfrac": "\\frac", "bm": "\\mathbf"}
_MACRO_SPELLINGS = re.compile(r"\\(dfrac|tfrac|bm)(?![A-Za-z])|\\hyperlink\{[^{}]*\}")
# \href{url}{text} reads "text (url)"; pylatexenc parses only its first argument.
_HREF = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_MACRO_BEFORE_GROUP = re.compile(r"\\([A-Za-z]+)(?=\{[^}])")
# Capitals with a modifier letter in Unicode too ("$R^D$" reads Rᴰ, "$\\Lambda^A_t$" Λᴬₜ; none for C, F, Q, S, X, Y, Z).
_SUPERSCRIPT_FROM = "0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW*"
_SUPERSCRIPT_TO = "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ*"
_SUBSCRIPT_FROM, _SUBSCRIPT_TO = "0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"
_SUPERSCRIPTS = str.maketrans(_SUPERSCRIPT_FROM, _SUPERSCRIPT_TO)
_SUBSCRIPTS = str.maketrans(_SUBSCRIPT_FROM, _SUBSCRIPT_TO)
# "\ue010" is an asterisk held while the text is rendered (_LITERAL_MARKS_HELD): "x^{*}" outside math reads x\*, as
# "$x^*$" does.
_SUPERSCRIPTABLE = frozenset(_SUPERSCRIPT_FROM) | {"\ue010"}
_SUBSCRIPTABLE = frozenset(_SUBSCRIPT_FROM)
# Spaces are not part of math: "$(1 + 1/\gamma )$" reads (1 + 1/γ), not (1 + 1/γ ).
_BRACKET_SPACE = re.compile(r"([(\[{])\s+|\s+([)\]}])")
_RELATION = re.compile(r"\s*(:=|=:|[∈∉≤≥≠≈→←⇒⇔⊂⊆⊃⊇∪∩=<>±∼≍≲≳])\s*")  # ":=" is one ("D := d", not "D : = d")
_SCRIPT_SPACE = re.compile(r"([\^_]) +")
# A script: a group, one character ("x^+" too: "$\\text{OFUL}^+$"), or a symbol raised already or by a letter
# (_RAISED_SYMBOLS: "$V^\\top$" reads Vᵀ, "$\\pi^{\\dagger}$" π†; pylatexenc wrote V^⊤, π^†).
_SCRIPT = re.compile(r"(\\[A-Za-z]+)?([\^_])(?:\{([^{}\\]*)\}|([A-Za-z0-9*+])"
                     r"|(?<=\^)(\{)?\\(top|intercal|dagger|ddagger|prime|star)(?(5)\}|(?![A-Za-z])))")
_RAISED_SYMBOLS = {"top": "ᵀ", "intercal": "ᵀ", "dagger": "†", "ddagger": "‡", "prime": "′", "star": "⋆"}


def collapse_whitespace(text: str) -> str:
    """`" ".join(text.split())`: runs of whitespace made one space, none at the ends. Most abstracts
    are so already, and telling that (for ASCII text) costs a tenth of splitting and joining. Other text
    (a fifth of abstracts: "–", "é", "α") is told by `isprintable`, false for every whitespace character but
    the ASCII space: a third of splitting and joining it."""
    if text.isascii():
        if "  " not in text and not (
                "\n" in text or "\t" in text or "\r" in text or "\x0b" in text or "\x0c" in text
                or "\x1c" in text or "\x1d" in text or "\x1e" in text or "\x1f" in text) \
                and not text[:1].isspace() and not text[-1:].isspace():
            return text
    elif text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " ":
        return text
    return " ".join(text.split())


def normalised(text: str) -> str:
    """The text an id is computed from: Unicode NFKC, case-folded, whitespace collapsed."""
    if not unicodedata.is_normalized("NFKC", text):  # the check is much cheaper than normalising
        text = unicodedata.normalize("NFKC", text)
    return collapse_whitespace(text).casefold()


def paper_id(abstract: str) -> str:
    """A stable short id: the same abstract (up to whitespace and case) gives the same id anywhere."""
    digest = hashlib.sha256(normalised(abstract).encode("utf-8")).digest()
    # The same characters as base64.b32encode(digest)[:ID_LENGTH].lower(), without its pure-Python
    # encoder (which costs more than the hash): the leading bits, looked up 10 at a time.
    bits = int.from_bytes(digest[: -(-_ID_BITS // 8)], "big") >> (-_ID_BITS % 8)
    pairs = _BASE32_PAIRS
    return "".join([pairs[bits >> shift & 1023] for shift in _ID_SHIFTS])


# --- display text ------------------------------------------------------------------------------------

def dehyphenate(text: str) -> str:
    """Join words split by a hyphen at a line end ("bidi-\nrected" -> "bidirected"), or at what was a
    line end before the text was reflowed ("recogni- tion"), unless the hyphen belongs to the word."""
    if _HYPHEN_AT_A_BREAK.search(text) is None:  # one search: four `"- " in text` tests cost eight times as much
        return text
    flat = " ".join(text.split())

    def join(match: re.Match[str]) -> str:
        left, right = match.group(1), match.group(2)
        if right.lower() in _AFTER_A_SUSPENDED_HYPHEN:  # "intra- and inter-class"
            return match.group()
        if _keeps_hyphen(left, right, flat):
            return f"{left}-{right}"
        return left + right

    return _each_broken_word(text, join)


def _each_broken_word(text: str, replace: Callable[[re.Match[str]], str]) -> str:
    """`_BROKEN_WORD.sub(replace, text)`, its matches looked for only at the hyphens before a break (_sub_at_words)."""
    return _sub_at_words(_BROKEN_WORD, _HYPHEN_AT_A_BREAK, _is_word_character, text, replace)


def _is_word_character(char: str) -> bool:
    return char.isalnum() or char == "_"  # what \w matches


def _sub_at_words(pattern: re.Pattern[str], anchors: re.Pattern[str], in_word: Callable[[str], bool], text: str,
                  replace: Callable[[re.Match[str]], str]) -> str:
    """`pattern.sub(replace, text)` for a pattern whose match is a word (characters `in_word`, from the first of them:
    a look-behind before it) ending where `anchors` finds a hyphen or a dash, and what follows: each match looked for
    only at those. Such a pattern opens with its word, so the regex engine tried it at every position of the text
    (~45 µs an abstract with one such hyphen or dash)."""
    parts: list[str] = []
    at = 0  # where the last match ended: the next one starts there or after
    for anchor in anchors.finditer(text):
        start = anchor.start()
        while start > 0 and in_word(text[start - 1]):  # back to the word's start
            start -= 1
        if start < at or start == anchor.start():  # a word begun in the last match, or none
            continue
        match = pattern.match(text, start)
        if match is not None:
            parts += (text[at:start], replace(match))
            at = match.end()
    return "".join(parts) + text[at:] if parts else text


_AFTER_A_SUSPENDED_HYPHEN = wordset("and or to nor versus vs as")
_COMPOUND_HEADS = wordset(
    "score data state non multi self cross task model well high low long short real time fine "
    "two three one open free semi pre post co sub end large small human domain"
)
_COMPOUND_TAILS = wordset(
    "based scale level wise free aware specific driven like end order dimensional time world art agnostic "
    "efficient related dependent independent invariant guided oriented annotated trained supervised tuned "
    "shot step sized grained constrained conditioned regularized valued layer case linear convex"
)


def _keeps_hyphen(left: str, right: str, flat: str) -> bool:
    """Whether a hyphen at a (former) line end belongs to the word ("score-maximizing") or only to the break."""
    if f"{left}-{right}" in flat:
        return True
    if f"{left}{right}" in flat:
        return False
    if right[:1].isupper() or any(ch.isdigit() for ch in left + right) or left.isupper():
        return True
    if left.endswith("ly") or right.lower() in _COMPOUND_TAILS:  # "noisily-annotated", "gradient-based"
        return True
    return left.lower() in _COMPOUND_HEADS and len(right) > 3


def display_text(raw: str) -> str:
    """Readable Discord text, on one line, from a text with LaTeX/Markdown remnants (a title; an abstract's
    paragraph); the raw text is kept elsewhere."""
    return _rendered(collapse_whitespace(dehyphenate(raw)))


def display_title(raw: str) -> str:
    """A title's display text (display_text), Discord markdown as every display text is, with its own asterisks and
    underscores escaped: "A*-search meets B*-trees" and "Q_learning and V_functions" showed in italics on the card
    ("*-search meets B*", "learning and V"). Markup on purpose is left as it is: what its LaTeX renders
    ("\\textit{FedOne}" is *FedOne*; math escapes its own, "$k^*$" is "k\\*") and emphasis its HTML gave
    ("<b>all</b>" is **all**: a pair of asterisks as plain_title reads one, `title_emphasis`). LaTeX's "\\_" is an
    underscore, escaped too, and so is a mark escaped for markdown already ("A\\*"), once. A link is left as written."""
    if "*" not in raw and "_" not in raw:
        return display_text(raw)
    if "****" in raw:  # "****four**": a bold "four" after two stars, as an abstract's (_doubled_stars_dropped)
        raw = _doubled_stars_dropped(raw, _without_verbatim(raw))[0]
    held = _own_marks_held(raw, title_emphasis(raw))
    return _held_marks_escaped(display_text(held))


def _display_paragraph(text: str) -> str:
    """An abstract's paragraph (its whitespace collapsed) as display text, its own asterisks and underscores escaped
    as a title's are (display_title): "the A* algorithm", "Q_learning", "x_1 and x_2" are no markdown. Emphasis it
    uses is: *token*, **MA-DT**, **WE**ighted (bold inside a word, as Discord reads it), _patch_."""
    if "*" not in text and "_" not in text:
        return _rendered(text)
    prose = _without_verbatim(text)
    if "*" not in prose and "_" not in prose:  # marks of math and links only (most abstracts with a mark): as they are
        return _rendered(text)
    if "****" in prose:
        text, prose = _doubled_stars_dropped(text, prose)
    held = _own_marks_held(text, _emphasis_marks(_ABSTRACT_EMPHASIS, prose))
    return _held_marks_escaped(_rendered(held))


# Bold inside bold is bold: Discord shows "****four****" as a bold "four" and "*****five*****" in bold italics, no star
# shown. The card shows them so, as "**four**" and "***five***" (it showed "***\\*four****", a star of it escaped), and
# so do a search snippet and a headline: the stars beyond the last two (three, of an odd run) of each run are dropped,
# in runs around a stretch with no star (read up to the next star: hostile runs stay fast). Runs two or more stars
# apart in length ("****four**", "**four****", a converter's slip) pair as many stars as the shorter has, next to the
# text, and show the others as written, outside the emphasis: a bold "four" after "**" (it showed a bold "**four"
# in an abstract and a title, and a bold "four**" in a title). Runs one star apart are left to the emphasis patterns:
# "***a** b*" is italics around bold.
_STARS_AROUND = re.compile(r"(?<![\\*])(\*{2,})(?=[^\s*])[^*]+(?<=[^\s\\])(\*{2,})(?!\*)")


def _doubled_stars_dropped(text: str, prose: str) -> tuple[str, str]:
    """`text` and its `prose` (_without_verbatim: the same length) with the runs of stars around a stretch that
    `_STARS_AROUND` finds in the prose evened out (`_evened_runs`): the same edits in both, so they stay aligned."""
    edits = [edit for pair in _STARS_AROUND.finditer(prose) for edit in _evened_runs(pair)]
    if not edits:
        return text, prose
    return _edited(text, edits), _edited(prose, edits)


def _evened_runs(pair: re.Match[str]) -> list[tuple[int, int, str]]:
    """(start, end, replacement) of the opening and closing runs of `pair`: the stars both runs have, next to the text
    (the last two of four or more, three of an odd number: bold inside bold is bold), and the longer run's others
    held as literal stars (_LITERAL_MARKS_HELD) outside them; none for runs that show as they are."""
    opening, closing = len(pair[1]), len(pair[2])
    shared = min(opening, closing)
    if abs(opening - closing) < 2 and (opening != closing or shared < 4):
        return []
    kept = "*" * (shared if shared < 4 else 3 if shared % 2 else 2)
    literal = _LITERAL_MARKS_HELD["*"]
    return [(*pair.span(1), literal * (opening - shared) + kept), (*pair.span(2), kept + literal * (closing - shared))]


def _edited(text: str, edits: Sequence[tuple[int, int, str]]) -> str:
    """`text` with each (start, end, replacement) of `edits` (in order, none overlapping) made."""
    parts, at = [], 0
    for start, end, replacement in edits:
        parts += [text[at:start], replacement]
        at = end
    parts.append(text[at:])
    return "".join(parts)


def _headline_markdown(plain: str) -> str:
    """Plain text (a headline made of an abstract's words, its markdown stripped but for "_" emphasis, which
    strip_markdown leaves) as display text: its own asterisks and underscores escaped ("B\\_K", "A\\*"), its
    "_batch-and-match_" kept, links left as written."""
    if "*" not in plain and "_" not in plain:
        return plain
    emphasis = _emphasis_marks((_UNDERSCORE_EMPHASIS,), plain) if "_" in plain else set()
    return _held_marks_escaped(_own_marks_held(plain, emphasis, _held_between))


# A title's or an abstract's own "*" and "_" (one escaped for markdown or LaTeX, "\\_", included) stand in for
# themselves as these while its LaTeX is rendered, and are escaped after: rendering makes markup of its own
# ("*FedOne*"), not to escape.
_LITERAL_MARK = re.compile(r"\\?([*_])")
_LITERAL_MARKS_HELD = {"*": "\ue010", "_": "\ue011"}
# Emphasis in a title, as storage.search.plain_title reads it too: "*sparse*", "**all**", one in the other ("***x***",
# "**a *b* c**", "*a **b***": HTML's <i> and <b>, as parsing's `readable` writes them), not the "*" of "A*-search" or
# "*SEM". Opened where no word or backslash is before it, closed where no word or star is after; italics hold stars
# in pairs only (bold inside), as Discord reads them. A pair may be as long as the title: its closing is found in the
# title's closings listed once (`_TitleMarks`), not by reading on from each opening, as a title of marks is read at
# every load (a pattern reading up to 300 characters from each left a longer title's "***…***" escaped).
# A run of stars, where a pair may open in its first three: a hostile title's thousand stars in a row, or a star after
# each word, are tried at three places, not at each. A run may open right after an escaped star, as Discord reads
# "\\*\\***four**" (a bold "four" after two stars as written: _doubled_stars_dropped's "****four**").
_TITLE_OPENING = re.compile(r"(?<![\\\w*])\*+|(?<=(?<!\\)\\\*)\*+")
_STAR_RUN = re.compile(r"\*+")
# Where bold may close: "**" after neither a space nor a backslash, and before neither a word nor a star.
_BOLD_CLOSING = re.compile(r"(?<=[^\s\\])\*(?=\*(?![\w*]))")
_BACKSLASHES = re.compile(r"\\+")
_SPACE_OR_BACKSLASH = re.compile(r"[\s\\]")
_WORD_OR_STAR = re.compile(r"[\w*]")
EmphasisPair = tuple[int, int, int, int]  # where its opening starts, its text starts, its text ends, its closing ends


def _first_from(positions: Sequence[int], at: int) -> int | None:
    """The first of the sorted `positions` at or after `at`, if any."""
    index = bisect.bisect_left(positions, at)
    return positions[index] if index < len(positions) else None


class _TitleMarks:
    """A title's places where its emphasis may end, listed once: where bold may close, and where italics' text
    stops, at the last star of a run left alone once the run's stars are read in pairs (italics hold no lone star:
    there they close, or do not)."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.bold_closings = [closing.start() for closing in _BOLD_CLOSING.finditer(title)]
        # A backslash escapes the character after it, and a pair of them is one backslash: an odd run escapes.
        self.escaped = escaped = {run.end() for run in _BACKSLASHES.finditer(title) if len(run[0]) % 2}
        runs = [run.span() for run in _STAR_RUN.finditer(title)]
        self.run_starts, self.run_ends = [start for start, _ in runs], [end for _, end in runs]
        # Each run's stars read in pairs from its first one not escaped: an odd number leaves its last one alone.
        self.lone_stars = [end - 1 for start, end in runs if (end - start - (start in escaped)) % 2]

    def run_end(self, at: int, end: int) -> int:
        """Where the run of stars from `at` on ends in title[:end] (`at` itself when no star is there)."""
        index = bisect.bisect_right(self.run_starts, at) - 1
        return min(self.run_ends[index], end) if index >= 0 and self.run_ends[index] > at else at

    def italics(self, at: int, end: int) -> EmphasisPair | None:
        """The italics opening at `at` in title[:end], if any (the pattern "*text*" read lazily, as Discord does)."""
        title, text = self.title, at + 1
        if text >= end or title[text].isspace():
            return None
        own_run_end = self.run_end(text, end)  # stars right after the opening: its text's, read in pairs
        stop = own_run_end - 1 if (own_run_end - text) % 2 else self._lone_star(own_run_end, end)
        if stop is None or stop <= text or _SPACE_OR_BACKSLASH.match(title, stop - 1):
            return None
        if _WORD_OR_STAR.match(title, stop + 1, end):
            return None
        return at, text, stop, stop + 1

    def _lone_star(self, after: int, end: int) -> int | None:
        """The first lone star from `after` on in title[:end]: the run `end` cuts is read up to `end`."""
        star = _first_from(self.lone_stars, after)
        if star is not None and star < end:
            return star
        if end <= after or self.title[end - 1] != "*":
            return None
        index = bisect.bisect_right(self.run_starts, end - 1) - 1
        cut_run = self.run_starts[index] + (self.run_starts[index] in self.escaped)
        return end - 1 if cut_run >= after and (end - cut_run) % 2 else None

    def bold(self, at: int, end: int) -> EmphasisPair | None:
        """The bold opening at `at` in title[:end], if any (the pattern "**text**" read lazily, as Discord does)."""
        title, text = self.title, at + 2
        if text >= end or title[at + 1] != "*" or title[text].isspace():
            return None
        closing = _first_from(self.bold_closings, text + 1)
        if closing is not None and closing + 2 < end:
            return at, text, closing, closing + 2
        last = end - 2  # a closing that `end` cuts the title after, whatever came after it
        if last > text and title[last:end] == "**" and not _SPACE_OR_BACKSLASH.match(title, last - 1):
            return at, text, last, end
        return None


def title_emphasis(title: str, start: int = 0, end: int | None = None) -> set[int]:
    """The positions of the marks of `title`'s emphasis, in title[start:end]: at each run of stars a pair may open at,
    the longest pair (`_title_pair`), then the pairs inside it (a stack, not recursion: pairs may nest deep)."""
    marks: set[int] = set()
    found = _TitleMarks(title)
    ranges = [(start, len(title) if end is None else end)]
    while ranges:
        start, end = ranges.pop()
        at = start
        while True:
            # A pair's text may open with stars right after the pair's own ("***x***", "***x* y**"): a run of its own.
            if at == start > 0 and found.run_end(at, end) > at:
                run = (at, found.run_end(at, end))
            elif opening := _TITLE_OPENING.search(title, at, end):
                run = opening.span()
            else:
                break
            pair = _title_pair(found, run, end)
            if pair is None:
                at = run[1]
                continue
            pair_start, text, text_end, closing_end = pair
            marks.update(range(pair_start, text), range(text_end, closing_end))
            ranges.append((text, text_end))
            at = closing_end
    return marks


def _title_pair(found: _TitleMarks, run: tuple[int, int], end: int) -> EmphasisPair | None:
    """The emphasis pair opening at the first of the first three stars of `run` (start, end) where one opens: the
    longest there (italics on a tie: "***x***" is italics around bold, as Discord reads it)."""
    for at in range(run[0], min(run[1], run[0] + 3)):
        pairs = [pair for pair in (found.italics(at, end), found.bold(at, end)) if pair]
        if pairs:
            return max(pairs, key=lambda pair: pair[3])  # max keeps the first of equals: italics
    return None


# Emphasis in an abstract, as Discord shows it: bold anywhere ("**WE**ighted **G**aussian", "gr**A**dient"); italics,
# with "*", "_" or "__", only opened after a space, a bracket or a dash before a word (Discord reads no "_" inside a
# word), and closed at a word's end ("*n*²" too), "_" only before a space or punctuation: in "x^{*} and 3 * 4 and
# f* = 0" or "|x|_G = inf{… sum_{i}" no italics are meant. A pair may be as long as its paragraph (a key claim of a
# sentence or two in bold): its closing is found among the paragraph's closings listed once (`_LazyPairs`), as a
# title's are, not by reading on from each opening, as every abstract with a mark is read so at every load (patterns
# reading up to 300 characters from each opening left a longer stretch's marks escaped, "\\*\\*…\\*\\*").
_NOT_BEFORE_ITALICS = r"[^\s(\[“\"‘'/—–-]"
_ITALICS_FIRST = r"(?=[^\W_]|[(\[“\"‘'$\\`])"
_SCRIPTS = re.escape((_SUPERSCRIPT_TO + _SUBSCRIPT_TO).replace("*", ""))
_UNDERSCORE_CLOSINGS = {mark: rf"(?<=[^\s\\_]){mark}(?=$|[\s.,;:!?)\]”\"’'…—–/-]|[{_SCRIPTS}])"
                        for mark in ("_", "__")}  # "_" closes "_" and "__" closes "__"
# One emphasis right inside another, as Discord reads it: italics whose mark touches the outer pair's ("**_x_**",
# "_**x**_", "*__x__ y*", "***a* b**") open after that mark and close before it (a "_" only next to a "*" and a "*"
# next to a "_", as in "f_*(x)" no italics are meant), and italics may close right after bold ("*a **b***"); the
# inner opens where the outer may have.
_OUTER_OPENING = rf"(?<!{_NOT_BEFORE_ITALICS})"
_STAR_ITALICS_OPENING = (rf"(?:(?<!{_NOT_BEFORE_ITALICS}\*)|(?<={_OUTER_OPENING}_\*)|(?<={_OUTER_OPENING}__\*)"
                         rf"|(?<={_OUTER_OPENING}\*\*\*))")
_STAR_ITALICS_FIRST = r"(?=[^\W_]|[(\[“\"‘'$\\`]|__?[^\W_])"
_NESTED_UNDERSCORE_CLOSINGS = {mark: rf"(?<=[^\s\\_]){mark}(?=$|[\s.,;:!?)\]”\"’'…—–/*-]|[{_SCRIPTS}])"
                               for mark in ("_", "__")}  # before a "*" too: "**_x_**"


class _LazyPairs:
    """Emphasis pairs as the pattern OPENING(?P<text>.+?)CLOSING finds them, its text ending at the first closing
    after it (Discord's lazy reading), found without reading on from each opening: the places each closing matches
    at are listed once per text (where one opens), and an opening's closing is the first of them after its text's
    first character (bisection). `closings` maps what an opening matched ("_", "__") to the closing it needs."""

    def __init__(self, opening: str, closings: dict[str, str]) -> None:
        self.opening = re.compile(opening)
        # Each closing matched at its first mark, consuming that mark only, so that closings overlapping in a run of
        # marks ("a****") are all listed; the look-behind around it makes the regex engine skip from mark to mark.
        self.closings = {mark: re.compile(rf"{re.escape(mark[0])}(?<=(?={closing}){re.escape(mark[0])})")
                         for mark, closing in closings.items()}

    def pairs(self, text: str) -> list[EmphasisPair]:
        """The pairs in `text`, in order, none inside another (as re.finditer finds a pattern's matches)."""
        listed: dict[str, list[int]] = {}
        newlines = [at for at, char in enumerate(text) if char == "\n"] if "\n" in text else []
        found: list[EmphasisPair] = []
        at = 0
        while opening := self.opening.search(text, at):
            mark, text_start = opening.group(), opening.end()
            if mark not in listed:
                listed[mark] = [closing.start() for closing in self.closings[mark].finditer(text)]
            closing = _first_from(listed[mark], text_start + 1)
            line_end = _first_from(newlines, text_start)  # "." reads no line break
            if closing is None or (line_end is not None and line_end < closing):
                at = opening.start() + 1
                continue
            found.append((opening.start(), text_start, closing, closing + len(mark)))
            at = closing + len(mark)
        return found

    def mark_spans(self, text: str) -> list[tuple[int, int]]:
        """The spans of the marks of the pairs in `text`: each one's opening and closing."""
        spans = []
        for start, text_start, text_end, end in self.pairs(text):
            spans += [(start, text_start), (text_end, end)]
        return spans


class _PatternPairs:
    """Emphasis pairs as a pattern with a "text" group (and a "rest" group: what follows an inner pair's closing,
    before the outer one's) finds them; its text holds no mark of its own, so each opening reads on only up to the
    next mark."""

    def __init__(self, pattern: str) -> None:
        self.pattern = re.compile(pattern)

    def mark_spans(self, text: str) -> list[tuple[int, int]]:
        """The spans of the marks of the pairs in `text`: all of each match but its "text" and "rest"."""
        inside = [name for name in ("text", "rest") if name in self.pattern.groupindex]
        spans = []
        for pair in self.pattern.finditer(text):
            at = pair.start()
            for name in inside:
                spans.append((at, pair.start(name)))
                at = pair.end(name)
            spans.append((at, pair.end()))
        return spans


_UNDERSCORE_EMPHASIS = _LazyPairs(rf"_(?<!{_NOT_BEFORE_ITALICS}_)_?{_ITALICS_FIRST}", _UNDERSCORE_CLOSINGS)
_NESTED_UNDERSCORE_EMPHASIS = _LazyPairs(
    rf"_(?:(?<!{_NOT_BEFORE_ITALICS}_)|(?<={_OUTER_OPENING}\*_)|(?<={_OUTER_OPENING}\*\*_))_?"
    rf"(?=[^\W_]|[(\[“\"‘'$\\`]|\*\*?[^\s*])",
    _NESTED_UNDERSCORE_CLOSINGS)
_ABSTRACT_EMPHASIS: tuple[_LazyPairs | _PatternPairs, ...] = (
    _LazyPairs(r"\*\*\*(?<!\\\*\*\*)(?=\S)", {"***": r"(?<=[^\s\\])\*\*\*(?!\*)"}),  # HTML's <b><i>
    _LazyPairs(r"\*\*(?<!\\\*\*)(?=\S)", {"**": r"(?<=[^\s\\])\*\*"}),
    _LazyPairs(rf"\*{_STAR_ITALICS_OPENING}{_STAR_ITALICS_FIRST}",
               {"*": rf"(?:(?<=[^\s\\*])|(?<=\\\*)|(?<=[^\s\\*]\*\*))\*(?=$|[^\w*]|_+(?!\w)|[{_SCRIPTS}])"}),
    _NESTED_UNDERSCORE_EMPHASIS,
    # "***a** b*": italics around bold that closes first. Found apart, the bold would open on the first two stars.
    _PatternPairs(rf"\*\*\*(?<!{_NOT_BEFORE_ITALICS}\*\*\*)(?=[^\s*])(?P<text>[^*]+?)(?<=[^\s\\])\*\*(?!\*)"
                  rf"(?P<rest>[^*]+?)(?<=[^\s\\])\*(?=$|[^\w*]|[{_SCRIPTS}])"),
    # "___a___": italics and underline, whose closing the "_" and "__" patterns both find too soon.
    _PatternPairs(rf"___(?<!{_NOT_BEFORE_ITALICS}___)(?=[^\W_])(?P<text>[^_]+?)(?<=[^\s\\])___"
                  rf"(?=$|[\s.,;:!?)\]”\"’'…—–/*-]|[{_SCRIPTS}])"),
)
# What is shown as written, its marks neither held nor escaped: a link (Discord links it as typed) and, in an
# abstract, a code span ("`foo_bar`"; not TeX's opening quotes "``").
_CODE_SPAN = re.compile(r"(?<!`)`(?!`)[^`\n]{1,300}?`(?!`)")


def _verbatim_pieces(text: str) -> list[re.Match[str]]:
    """The links (one with LaTeX's escapes, "https://x.org/a\\_b", as _render_latex reads it) and code spans of `text`,
    in order, none inside another."""
    pieces = list(URL.finditer(text)) if "http" in text or "www." in text else []
    if "\\" in text and pieces:
        escaped = [link for link in _ESCAPED_URL.finditer(text) if "\\" in link.group()]
        pieces = [*escaped, *_outside_all(pieces, escaped)]
    if "`" in text:
        pieces += _outside_all(_CODE_SPAN.finditer(text), pieces)
    return sorted(pieces, key=lambda piece: piece.start())


def _outside_all(pieces: Iterable[re.Match[str]], others: Sequence[re.Match[str]]) -> list[re.Match[str]]:
    """The `pieces` that begin inside none of `others`. By bisection over the others' starts, each with the furthest
    end reached so far: a paragraph of thousands of links and code spans took each piece past every other (quadratic,
    a tenth of a second for 20,000 characters)."""
    spans = sorted((other.start(), other.end()) for other in others)
    starts = [start for start, _ in spans]
    furthest = list(itertools.accumulate((end for _, end in spans), max))
    kept = []
    for piece in pieces:
        before = bisect.bisect_right(starts, piece.start())  # the others beginning at or before it
        if not before or furthest[before - 1] <= piece.start():
            kept.append(piece)
    return kept


def _held_marks_escaped(text: str) -> str:
    """`text` with its held marks (_LITERAL_MARKS_HELD) escaped for markdown: "\\*", "\\_"."""
    return text.replace("\ue010", "\\*").replace("\ue011", "\\_")  # str.translate reads it a character at a time


def _without_verbatim(text: str) -> str:
    """`text` with its LaTeX pieces, links and code spans blanked out (as "x"s, so positions stay), where emphasis is
    looked for: an asterisk of math ("$x^*$") or of a link closes no italics opened in prose."""
    latex = _latex_segments_in(text).finditer(text) if "\\" in text or "$" in text else ()
    pieces = [*_verbatim_pieces(text), *(piece for piece in latex if piece.group() != "\\_")]  # LaTeX's "_" is one
    if not pieces:
        return text
    # One pass over the pieces' spans in order, overlapping ones merged (rebuilding the text once per piece was
    # quadratic: a paragraph of thousands of links).
    at, parts = 0, []
    for start, end in sorted((piece.start(), piece.end()) for piece in pieces):
        if end <= at:
            continue
        start = max(start, at)
        parts += [text[at:start], "x" * (end - start)]
        at = end
    parts.append(text[at:])
    return "".join(parts)


def _emphasis_marks(finders: Sequence[_LazyPairs | _PatternPairs], text: str) -> set[int]:
    """The positions in `text` of the marks of its emphasis pairs, as `finders` find them."""
    marks: set[int] = set()
    for finder in finders:
        for start, end in finder.mark_spans(text):
            marks.update(range(start, end))
    return marks


def displayed_emphasis(display: str) -> set[int]:
    """The positions of the emphasis marks in an abstract's display text (its own marks escaped), read as the card
    reads an abstract's (`_ABSTRACT_EMPHASIS`): a pair as long as its paragraph, one inside another, hostile runs of
    marks fast. A search snippet shows the words without these marks, and escapes any other."""
    if "*" not in display and "_" not in display:
        return set()
    return _emphasis_marks(_ABSTRACT_EMPHASIS, _without_verbatim(display))


def _own_marks_held(raw: str, emphasis: set[int],
                    hold: Callable[[str, int, int, set[int]], str] | None = None) -> str:
    """`raw` with its own asterisks and underscores held (_LITERAL_MARKS_HELD): those outside its links, code spans,
    LaTeX pieces and `emphasis` (the positions of emphasis marks in `raw`). `hold` holds those of a stretch between
    links and code spans: _literal_marks_held (LaTeX pieces kept as they are) unless told."""
    hold = hold or _literal_marks_held
    at, parts = 0, []
    for piece in _verbatim_pieces(raw):
        parts += [hold(raw, at, piece.start(), emphasis), piece.group()]
        at = piece.end()
    parts.append(hold(raw, at, len(raw), emphasis))
    return "".join(parts)


def _literal_marks_held(raw: str, start: int, end: int, emphasis: set[int]) -> str:
    """raw[start:end] (no link in it), its asterisks and underscores outside its LaTeX pieces and its `emphasis` (the
    positions of emphasis marks in `raw`) held (_LITERAL_MARKS_HELD)."""
    at, parts = start, []
    for piece in _latex_segments_in(raw, start, end).finditer(raw, start, end):
        parts += [_held_between(raw, at, piece.start(), emphasis),
                  _LITERAL_MARKS_HELD["_"] if piece.group() == "\\_" else piece.group()]
        at = piece.end()
    parts.append(_held_between(raw, at, end, emphasis))
    return "".join(parts)


def _held_between(raw: str, start: int, end: int, emphasis: set[int]) -> str:
    """raw[start:end], LaTeX-free, its asterisks and underscores held but for the emphasis marks."""
    at, parts = start, []
    for mark in _LITERAL_MARK.finditer(raw, start, end):
        if mark.start(1) not in emphasis:
            parts += [raw[at:mark.start()], _LITERAL_MARKS_HELD[mark.group(1)]]
            at = mark.end()
    parts.append(raw[at:end])
    return "".join(parts)


# A blank line (or more) between two paragraphs, as JSON, CSV and marked-up abstracts (readable's "\n\n") have them.
_PARAGRAPH_BREAK = re.compile(r"\n[^\S\n]*\n\s*")


def display_abstract(raw: str) -> str:
    """An abstract's display text: its paragraphs a blank line apart, each as display_text makes it, its own "*" and
    "_" escaped (_display_paragraph; any other line break joined: text extracted from a PDF breaks its lines anywhere;
    no piece of LaTeX spans two)."""
    text = dehyphenate(raw)  # over the whole text: a hyphen's word is looked for in every paragraph
    if "\n" in text and _PARAGRAPH_BREAK.search(text):
        paragraphs = (_display_paragraph(collapse_whitespace(part)) for part in _PARAGRAPH_BREAK.split(text))
        return "\n\n".join(filter(None, paragraphs))
    return _display_paragraph(collapse_whitespace(text))


def display_name(name: str) -> str:
    """A name (an author's, a venue's) as people read it, from one written in LaTeX, as BibTeX files and corpora
    made from them write names: "Sch{\\"o}lkopf" and "Sch\\"olkopf" read "Schölkopf", "Ma\\~{n}as" "Mañas",
    "D.~E. Knuth" "D. E. Knuth"; BibTeX's braces, which only keep letters as they are ("{Barnes and Noble}",
    "Ro{BERT}a"), go. Only a name with a backslash, a brace or a tie is read (the authors of every record are read at
    every load), and only as LaTeX: a name has none of the prose display_text mends (quotes, dashes, hyphens)."""
    if "\\" not in name and "{" not in name and "~" not in name:
        return name
    return _rendered_name(name)


# An author is named on many papers of a corpus. Only names written in LaTeX are kept: a cache of every name read (a
# BibTeX file's authors all go through display_name) held 65,536 of them for the life of the bot, ~10 MB.
@lru_cache(maxsize=1 << 14)
def _rendered_name(name: str) -> str:
    text = collapse_whitespace(name)
    if "~" in text:
        text = _TIE.sub(" ", text)
    if "\\" in text:
        text = _render_latex(text)
    if "{" in text or "}" in text:
        text = collapse_whitespace(text.replace("{", "").replace("}", ""))
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def one_paragraph(text: str) -> str:
    """Display text on one line, as names, keyphrases and the headline read it."""
    return text.replace("\n\n", " ") if "\n" in text else text


def _rendered(text: str) -> str:
    """Display text from a text with its whitespace collapsed."""
    if "~" in text:  # LaTeX's non-breaking space, as in "identification~(PFI)" or "Fig.~3"
        text = _TIE.sub(" ", text)
    if "`" in text and "``" in text:
        text = _TEX_QUOTES.sub(r"“\1”", text)
    if "`" in text and "'" in text:
        text = _TEX_SINGLE_QUOTES.sub(r"‘\1’", text)
    # Opened with a straight quote, closed as TeX closes one: "attention span''. (A test for one character first:
    # a two-character one reads the whole text at a few characters a step, 3.5 µs for an abstract.)
    if "'" in text and "''" in text:
        text = _HALF_TEX_QUOTES.sub(r"“\1”", text)
    if "\\" in text or "$" in text:
        text = _render_latex(text)
    if "{" in text:
        text = _CASE_BRACES.sub(_case_braced, _BRACED_WORDS.sub(r"\1", _BRACED_CHARACTER.sub(r"\1", text)))
    if _TWO_HYPHENS.search(text):  # a two-character `in` test steps a few characters at a time: 3 times dearer
        for dashes, dash in _TEX_DASHES:
            text = dashes.sub(dash, text)
        text = _DASH_BETWEEN_WORDS.sub(_en_dash_unless_in_a_link, text)
    if _SPACE_THEN_PUNCTUATION.search(text):  # one search: three `" ," in text` tests cost six times as much
        text = _SPACE_BEFORE_PUNCTUATION.sub(r"\1", text)
    if "^" in text:
        text = _BARE_SUPERSCRIPT.sub(_bare_superscript, text)
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


# A superscript written as plain text, outside LaTeX math, as abstracts typed into a web form or copied from a PDF
# write them ("O(n^2)", "10^33", "O((log n)^2)", "n^{-1/4}", a rate in "X^te"): the base a word's character or a
# bracket's close; what follows the caret a group, or a number (a minus before it; "H^2.5" is left so: no
# superscript full stop) or letters that end there ("n^2k" is left: n²k or n^(2k)?). Read after the LaTeX is
# rendered: what that left with a caret ("x^(1-α)", "R^CL") has no Unicode form, so stays as it is.
_BARE_SUPERSCRIPT = re.compile(
    r"\^(?<=(?:[^\W_]|[)\]|])\^)(?:\{([^{}]{1,60})\}|(-?[0-9]+(?:\.[0-9]+)?|[A-Za-z]+)(?![^\W_]))")


def _bare_superscript(match: re.Match[str]) -> str:
    """A plain-text superscript in Unicode when it has every character ("n^2" -> n², "n^{-1}" -> n⁻¹), else
    as rendered LaTeX reads it: a group of more than one term bracketed ("n^{-1/4}" -> n^(-1/4)), one term bare;
    as written inside a link."""
    script = match.group(1) if match.group(1) is not None else match.group(2)
    if _in_a_link(match.string, match.start()):
        return match.group()
    if script and all(char in _SUPERSCRIPTABLE for char in script):
        return script.translate(_SUPERSCRIPTS)
    return f"^({script})" if _more_than_one_term(script) else f"^{script}"


def _in_a_link(text: str, at: int) -> bool:
    """Whether `at` is inside a link: its word has a scheme or a "/" after a host name ("x.org/a^b"; not "1/n^2",
    "O(n^2/m)")."""
    word = _word_around(text, at, at)
    return "://" in word or ("/" in word and _HOST_NAME.search(word.partition("/")[0]) is not None)


_HOST_NAME = re.compile(r"[A-Za-z]\.[A-Za-z]")


def _word_around(text: str, start: int, end: int) -> str:
    """The word holding text[start:end], less that piece, in text whose whitespace is collapsed: looked for within
    300 characters (no hostile run of "a--a--a…" scans the whole text at each of its matches)."""
    before, after = text[max(0, start - 300):start], text[end:end + 300]
    return before[before.rfind(" ") + 1:] + after.partition(" ")[0]


def _en_dash_unless_in_a_link(match: re.Match[str]) -> str:
    """An en dash for LaTeX's "--" between two words, kept as written in a link or a path (a word with a "/")."""
    word = _word_around(match.string, match.start(), match.end())
    return "--" if "/" in word or "www." in word else "–"


def _case_braced(match: re.Match[str]) -> str:
    return match.group(1) or match.group(2)


# A URL is set aside while the LaTeX is rendered, as private-use marks around its number (pylatexenc
# gives up on a control character such as NUL, which left "\\href{…}{code}" unrendered).
_URL_MARK = "\ue00f"
_PROTECTED_URL = re.compile(f"{_URL_MARK}(\\d+){_URL_MARK}")


def _render_latex(text: str) -> str:
    """Render only the LaTeX pieces, leaving URLs and plain prose untouched (and fast).

    `text` comes with its whitespace collapsed (display_text does that first)."""
    urls: list[str] = []

    def protect(match: re.Match[str]) -> str:
        urls.append(match.group())
        return f"{_URL_MARK}{len(urls) - 1}{_URL_MARK}"

    if "http" in text or "www." in text:  # what the URL pattern needs
        text = URL.sub(protect, _unescaped_urls(text) if "\\" in text else text)  # no escape, nothing to take off
    text = _latex_segments_in(text).sub(lambda m: latex_segment(m.group()), text)
    # A rendered piece has single spaces only (latex_segment sees to it), so the text needs collapsing
    # again only where a piece rendered as nothing (a dropped \cite) or at an end.
    if "  " in text or text[:1] == " " or text[-1:] == " ":
        text = " ".join(text.split())
    return _PROTECTED_URL.sub(lambda m: urls[int(m.group(1))], text) if urls or _URL_MARK in text else text


@lru_cache(maxsize=1)
def _converter() -> object:
    from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

    db = get_default_latex_context_db().filter_context()
    plain = ("mathcal", "mathrm", "mathit", "mathsf", "mathscr", "mathfrak", "mathbf", "boldsymbol",
             "text", "textrm", "textnormal", "operatorname", "mbox", "textsc", "textsf", "mathtt")
    accents = {"widetilde": "\u0303", "tilde": "\u0303", "widehat": "\u0302", "hat": "\u0302",
               "bar": "\u0304", "overline": "\u0304", "vec": "\u20d7", "dot": "\u0307", "ddot": "\u0308"}
    specs = [MacroTextSpec(name, simplify_repl="%s") for name in plain]
    specs += [MacroTextSpec(name, simplify_repl="%s" + mark) for name, mark in accents.items()]
    specs += [
        MacroTextSpec("epsilon", simplify_repl="ε"),  # pylatexenc's ϵ (lunate) reads oddly in prose
        MacroTextSpec("textit", simplify_repl=f"{_ITALIC}%s{_ITALIC}"),
        MacroTextSpec("emph", simplify_repl=f"{_ITALIC}%s{_ITALIC}"),
        MacroTextSpec("textsl", simplify_repl=f"{_ITALIC}%s{_ITALIC}"),
        MacroTextSpec("textbf", simplify_repl=f"{_BOLD}%s{_BOLD}"),
        MacroTextSpec("texttt", simplify_repl="`%s`"),
        MacroTextSpec("url", simplify_repl="%s"),
        *(MacroTextSpec(name, simplify_repl=_operator_name) for name in _OPERATOR_NAMES),
        MacroTextSpec("frac", simplify_repl=_fraction),
        MacroTextSpec("nicefrac", simplify_repl=_fraction),
        MacroTextSpec("footnote", simplify_repl=" (%s)"),
        MacroTextSpec("cite", discard=True),
        MacroTextSpec("citep", discard=True),
        MacroTextSpec("citet", discard=True),
    ]
    specs += [MacroTextSpec(name, discard=True) for name in _LAYOUT_MACROS]
    db.add_context_category("paperbot", macros=specs, prepend=True)
    db.set_unknown_macro_spec(MacroTextSpec("", simplify_repl=_unknown_macro))
    return LatexNodes2Text(latex_context=db, math_mode="text", strict_latex_spaces=False)


@lru_cache(maxsize=1)
def _parsing_context() -> object:
    """The macro table pylatexenc parses with (which macros take arguments), built once: given none, each piece's
    parser builds its own (~55 µs, ~8 % of enriching a real abstract with LaTeX in it, whose pieces repeat little)."""
    from pylatexenc.latexwalker import get_default_latex_context_db

    return get_default_latex_context_db()


# Operator names: "\alpha\log n" is α log n, "\log\log n" log log n (pylatexenc wrote αlog n, loglog n).
_OPERATOR_NAMES = ("log", "ln", "lg", "exp", "sin", "cos", "tan", "sinh", "cosh", "tanh", "arg", "max", "min", "sup",
                   "inf", "lim", "limsup", "liminf", "det", "dim", "ker", "deg", "gcd", "Pr", "argmax", "argmin")


def _operator_name(node: object, macroname: str) -> str:
    """An operator's name, a space before it when it follows a symbol, a number or a bracket's close (not after
    an opening bracket, a bar or a script: "O(log n)", "|log x|", "λ_max")."""
    source = getattr(getattr(node, "parsing_state", None), "s", "")
    before = source[:getattr(node, "pos", 0) or 0].rstrip()[-1:]
    return f" {macroname}" if before and (before.isalnum() or before in ")]}") else macroname


def _fraction(node: object, l2tobj: object) -> str:
    """\frac{a}{b} as "a/b", a part of more than one term in brackets ("(a+b)/c", "x/(y+1)")."""
    arguments = [argument for argument in getattr(getattr(node, "nodeargd", None), "argnlist", None) or ()
                 if argument is not None]
    parts = [l2tobj.nodelist_to_text([argument]).strip() for argument in arguments[-2:]]  # type: ignore[attr-defined]
    return "/".join(f"({part})" if _more_than_one_term(part) else part for part in parts)


# Emphasis the LaTeX asks for (\textit, \emph, \textbf) stands in for Discord's markers while a piece is
# rendered: in math ("$\textit{simulator-free}$") every literal "*" is escaped ("μ\*"), these are not.
_ITALIC, _BOLD = "\ue000", "\ue001"
_EMPHASIS_MARKS = str.maketrans({_ITALIC: "*", _BOLD: "**"})

# Sizing, spacing and old-style font switches: they shape the text, they are not part of it.
_LAYOUT_MACROS = ("left", "right", "middle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
                  "biggl", "biggr", "Biggl", "Biggr", "em", "it", "rm", "bf", "sf", "tt", "sl", "sc", "cal",
                  "displaystyle", "textstyle", "scriptstyle", "nonumber", "noindent", "label")


def _unknown_macro(node: object, macroname: str) -> str:
    """A macro pylatexenc does not know, usually the paper's own (`\\curv`), reads as its name, so
    "1/\\curv_f" reads "1/curv_f" instead of losing the symbol. (One wrapping a group, `\\method{X}`,
    was unwrapped before: see `_unwrap_unknown`.)"""
    return macroname


def _unwrap_unknown(source: str) -> str:
    """Drop the name of an unknown macro that wraps a group (`\\method{ShadowKV}` -> `{ShadowKV}`): it is
    the paper's own formatting, and the parser would not know the group is its argument."""
    context = _converter().latex_context  # type: ignore[attr-defined]
    unknown = context.unknown_macro_spec

    def unwrap(match: re.Match[str]) -> str:
        return "" if context.get_macro_spec(match.group(1)) is unknown else match.group()

    return _MACRO_BEFORE_GROUP.sub(unwrap, source)


@lru_cache(maxsize=65_536)
def latex_segment(segment: str) -> str:
    """Render one LaTeX piece ("$\\log^2 d$", "\\textit{FedOne}", "\\%") as readable Unicode."""
    is_math = segment.startswith(("$", "\\("))
    source = _SCRIPT.sub(_script, segment) if is_math else _font_switched(segment) if segment[0] == "{" else segment
    if is_math and "frac" in source and _FRACTION_SCRIPT.search(source):  # "x^\frac{2}{5}" is x^{\frac{2}{5}}
        source = _FRACTION_SCRIPT.sub(r"\1{\2}", source)
    if is_math and ("^{" in source or "_{" in source):
        source = _grouped_scripts(source)
    if "\\href" in source:
        source = _HREF.sub(r"\2 (\1)", source)
    if "frac" in source or "\\bm" in source or "\\hyperlink" in source:
        source = _MACRO_SPELLINGS.sub(lambda m: _MACRO_SPELLING.get(m.group(1) or "", ""), source)
    if "{" in source:
        source = _unwrap_unknown(source)
    if is_math and _PLAIN_MATH.fullmatch(source):
        rendered = source[1:-1]  # what pylatexenc gives for it, at a fiftieth of the cost
    elif is_math and _SYMBOL_MATH.fullmatch(source) and (symbols := _symbols_rendered(source[1:-1])) is not None:
        rendered = symbols
    else:
        try:
            rendered = _converter().latex_to_text(source, latex_context=_parsing_context())  # type: ignore[attr-defined]
        except Exception:  # pylatexenc is lenient, but a malformed piece must never lose the abstract
            rendered = segment.strip("$")
    rendered = unicodedata.normalize("NFC", _WHITESPACE.sub(" ", rendered))
    if is_math:
        rendered = _BRACKET_SPACE.sub(r"\1\2", _RELATION.sub(r" \1 ", rendered))
        if "^ " in rendered or "_ " in rendered:  # a script's own space ("\\Delta_{\\rm AMP}"): none in the text
            rendered = _SCRIPT_SPACE.sub(r"\1", rendered)
        rendered = rendered.replace("*", "\\*").replace("_", "\\_").replace("  ", " ").strip()
    return rendered.translate(_EMPHASIS_MARKS) if _ITALIC in rendered or _BOLD in rendered else rendered


# Math with nothing for pylatexenc to do ("$k$", "$n = 5$", "$O(n)$", "$10⁴$" once its script is Unicode): no macro,
# group, script or escape, none of its special characters ("~", "&", "%", "#", "`") or ligatures ("--", "''"), no
# control character; pylatexenc gives its text as it is (checked on every piece of the bundled seeds and dev datasets
# and on random ones: tests/storage/test_enrich_review16_fast_paths.py).
_PLAIN_MATH_CHAR = r"""[A-Za-z0-9 =<>+*/()\[\],.;:|!?"@\x80-\U0010ffff]|-(?!-)|'(?!')"""
_PLAIN_MATH = re.compile(rf"\$(?:{_PLAIN_MATH_CHAR})*\$")
# The same with symbols, macros taking no argument ("$\alpha \in (0,1)$", "$n \times n$", "$\epsilon\le 1$"):
# rendered as pylatexenc renders them (_symbols_rendered) when each one is a plain symbol (_plain_symbol).
_SYMBOL_MATH = re.compile(rf"\$(?:{_PLAIN_MATH_CHAR}|\\[A-Za-z])*\$")
# A macro's name and the space after it, which LaTeX takes. pylatexenc reads letters of any script into the name
# ("\inα" is one unknown macro), as `[^\W\d_]` does (and a few characters more, "²": no symbol has them in its name).
_MATH_MACRO = re.compile(r"\\([^\W\d_]+)(\s*)")


def _symbols_rendered(body: str) -> str | None:
    """Math of plain characters and symbols (_SYMBOL_MATH, without its "$"s) as pylatexenc renders it: each symbol
    its text, the space after one kept only before characters (not before another symbol or the end), the text
    before the first one dropped if it is only space, the whole stripped. None if a macro is no plain symbol."""
    pieces = _MATH_MACRO.split(body)  # text, (macro name, space after it, text)*
    parts = [pieces[0] if pieces[0].strip() else ""]
    for at in range(1, len(pieces), 3):
        symbol = _plain_symbol(pieces[at])
        if symbol is None:
            return None
        parts.append(symbol)
        if pieces[at + 2]:
            parts += (pieces[at + 1], pieces[at + 2])
    return "".join(parts).strip()


@lru_cache(maxsize=1024)
def _plain_symbol(name: str) -> str | None:
    """What pylatexenc writes for the macro `name` standing alone when it takes no argument and its text is fixed
    ("alpha": "α", "in": "∈", "left": ""), else None (an argument, an operator's name, an unknown macro)."""
    parsing = _parsing_context().get_macro_spec(name)  # type: ignore[attr-defined]
    if parsing is not None and getattr(parsing.args_parser, "argspec", None) != "":
        return None
    text = getattr(_converter().latex_context.get_macro_spec(name), "simplify_repl", "")  # type: ignore[attr-defined]
    if not text:
        return ""  # discarded ("\\left", "\\big")
    return text if isinstance(text, str) and "%" not in text else None


_FONT_SWITCH = re.compile(r"\{\\([a-z]+)\s*(.*)\}", re.DOTALL)
_SWITCHED = {"em": "\\emph", "it": "\\emph", "itshape": "\\emph", "sl": "\\emph", "slshape": "\\emph",
             "bf": "\\textbf", "bfseries": "\\textbf", "tt": "\\texttt", "ttfamily": "\\texttt"}


def _font_switched(segment: str) -> str:
    """"{\\em x}" as "\\emph{x}" (rendered *x*), "{\\bf x}" as "\\textbf{x}", "{\\rm x}" as x: a font switch sets
    the rest of its group, and alone it is dropped, which left the group's braces ("{ x}") and lost the emphasis."""
    switch = _FONT_SWITCH.fullmatch(segment)
    if switch is None:
        return segment
    command, words = switch.group(1), switch.group(2).strip()
    space = " " if switch.group(2)[-1:].isspace() else ""  # "{\\sl slanted }word": the space stays a space
    return f"{_SWITCHED[command]}{{{words}}}{space}" if command in _SWITCHED and words else words + space


_SCRIPT_GROUP = re.compile(r"[\^_]\{")
# A fraction as a script's argument, without braces around it ("(…)^\frac{2}{5}", which pylatexenc wrote "^2/5").
_FRACTION_SCRIPT = re.compile(r"([\^_])\s*(\\[dt]?frac\s*\{(?:[^{}]|\{[^{}]*\})*\}\s*\{(?:[^{}]|\{[^{}]*\})*\})")
_FONT_SWITCH_IN_MATH = re.compile(r"\\(?:rm|it|bf|sf|tt|sl|sc|cal|em)(?![A-Za-z])\s*")
# What makes a fraction's part or a script's group more than one term once it is written on one line, so it needs
# brackets ("\\frac{1}{1-\\nu}" is 1/(1-ν), not 1/1-ν; "n^{-1/4}" n^(-1/4)): an operator or a space outside any
# bracket ("(1-γ)⁴τ²" is one term, and "*" is no operator: ν* is a superscript star), in LaTeX an operator's or a
# relation's macro, or a bar that pairs with no other ("x|y"; "|x|" is one term).
_TERM_SEPARATORS = frozenset(" +-−±/·×=<>,;")
_MACRO_SEPARATOR = re.compile(
    r"\\(?:[dt]?frac|cdot|times|pm|mp|leq?|geq?|neq|in|notin|to|mid|cup|cap|setminus)(?![A-Za-z])")


def _grouped_scripts(source: str) -> str:
    """A super- or subscript of more than one term keeps its grouping in brackets: "n^{-1/4}" reads n^(-1/4) and
    "T^{\\frac{1}{2+\\beta}}" T^(1/(2+β)), where pylatexenc, dropping the braces, wrote n^-1/4 and T^1/2+β. One term
    stays as it is ("\\lambda_{\\max}", "x^{(k)}"); what Unicode has scripts for was made so before (see _script)."""
    pieces: list[str] = []
    cursor = 0
    for match in _SCRIPT_GROUP.finditer(source):
        opening = match.end() - 1
        if opening < cursor:  # inside a group bracketed already
            continue
        closing = _closing_brace(source, opening)
        if closing is not None and _more_than_one_term(source[opening + 1:closing]):
            pieces += [source[cursor:opening + 1], "(", source[opening + 1:closing], ")"]
            cursor = closing
    return "".join(pieces) + source[cursor:] if pieces else source


def _closing_brace(source: str, opening: int) -> int | None:
    """Where the group opened at `opening` closes (escaped braces aside), or None."""
    depth = 0
    index = opening
    while index < len(source):
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return None


def _more_than_one_term(text: str) -> bool:
    """Whether a fraction's part, as rendered ("a+b", "α² ε²"), or a script's group, as LaTeX ("a \\cdot b"), is more
    than one term: see _TERM_SEPARATORS. A font switch is no part of it ("\\Delta_{\\rm AMP}" is one term)."""
    if "\\" in text:
        text = _FONT_SWITCH_IN_MATH.sub("", text)
        if _MACRO_SEPARATOR.search(text):
            return True
    depth = bars = 0
    for char in text.strip():
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0:
            if char in _TERM_SEPARATORS:
                return True
            bars += char == "|"
    return bars % 2 == 1


def _script(match: re.Match[str]) -> str:
    """x^{2} -> x², x_i -> xᵢ when Unicode has every character; otherwise left for pylatexenc.

    After a macro the script is kept apart by "{}": "\\alphaₖ" would read as one unknown macro (a
    subscript letter is a letter), "\\alpha{}ₖ" reads αₖ."""
    macro, kind = match.group(1) or "", match.group(2)
    if symbol := match.group(6):
        return f"{macro}{{}}" * bool(macro) + _RAISED_SYMBOLS[symbol]
    body = match.group(3) if match.group(3) is not None else match.group(4)
    allowed = _SUPERSCRIPTABLE if kind == "^" else _SUBSCRIPTABLE
    if body and all(ch in allowed for ch in body):
        return f"{macro}{{}}" * bool(macro) + body.translate(_SUPERSCRIPTS if kind == "^" else _SUBSCRIPTS)
    return match.group()


# --- links, title, the Paper ------------------------------------------------------------------------

def links_in(raw: str) -> tuple[str, ...]:
    """Code / project links found in the text, in order, without duplicates."""
    found: dict[str, str] = {}
    # Most abstracts have no link (the unescaping below makes none). Only a link on a host alone has no "/",
    # and most abstracts have none: the cheapest test first. ".co", ".org/" stand for _BARE_CODE_HOSTS.
    if "www." not in raw and ("/" not in raw or ("http" not in raw and ".co" not in raw and ".org/" not in raw
                                                  and not _broken_code_host_in(raw))):
        return ()
    text = _unescaped_urls(raw) if "\\" in raw else raw
    if _broken_code_host_in(text):
        text = _BROKEN_CODE_HOST.sub(_code_host_joined, text)
    for match in _LINK.finditer(text):
        if _bare_in_a_word(text, match.start()):
            continue
        url = with_scheme(_rejoined(match.group(), text, match.end()).rstrip("}"))
        found.setdefault(_link_key(url), url)
    return tuple(found.values())


def _broken_code_host_in(text: str) -> bool:
    """Whether `text` has a bare code host broken at its dot (_BROKEN_CODE_HOST). A top-level domain after a dot and
    a space is looked for first: that search is 40 times cheaper than the pattern's, which every abstract with a
    "/" would pay (its alternatives are tried at every position)."""
    return _BROKEN_TOP_LEVEL.search(text) is not None and _BROKEN_CODE_HOST.search(text) is not None


def _code_host_joined(match: re.Match[str]) -> str:
    """A bare code host broken at its dot, joined ("github.com/"); one inside a word as it is ("mygithub. com/")."""
    if _bare_in_a_word(match.string, match.start()):
        return match.group()
    return ".".join(part for part in match.groups() if part) + "/"


def _bare_in_a_word(text: str, start: int) -> bool:
    """Whether a link found without its scheme at `start` is part of something else ("mygithub.com/x",
    "git@github.com:x", a path)."""
    return start > 0 and not text.startswith(("http", "www."), start) and (
        text[start - 1].isalnum() or text[start - 1] in "_.@/-")


def _link_key(url: str) -> str:
    """What tells two links apart: not their scheme, "www.", case of the host, a trailing "/" or ".git" (as
    "http://github.com/x/y.git" and "https://github.com/x/y/", the same repository)."""
    host, _, path = url.partition("://")[2].partition("/")
    key = f"{host.lower().removeprefix('www.')}/{path.rstrip('/')}".rstrip("/")
    return key.removesuffix(".git")


def _unescaped_urls(text: str) -> str:
    """`text` with LaTeX's escapes inside its URLs taken off (see _ESCAPED_URL)."""
    return _ESCAPED_URL.sub(lambda m: _URL_ESCAPE.sub(r"\1", m.group()), text)


def _rejoined(url: str, text: str, end: int) -> str:
    """`url`, found in `text` up to `end`, with the rest of it a line break or a space after a host's dot cut
    off (see _LINE_BREAK, _HOST_BREAK)."""
    while True:
        host_only = "/" not in url.partition("//")[2] if "//" in url else "/" not in url
        gap = _LINE_BREAK.match(text, end) if url[-1] in "/-_" else _host_break(url, text, end) if host_only else None
        rest = _URL_REST.match(text, gap.end()) if gap else None
        if rest is None or not (url[-1] in "-_" or _URL_PUNCTUATION.search(rest.group())
                                or _SENTENCE_END.match(text, rest.end())):
            return url
        url, end = url + ("." if text[end] == "." else "") + rest.group(), rest.end()


def _host_break(url: str, text: str, end: int) -> re.Match[str] | None:
    """The gap after a host name `url` broken at a dot, if the host goes on after it (see _HOST_BREAK)."""
    if (gap := _HOST_BREAK.match(text, end)) or _GENERIC_TOP_LEVEL.search(url):
        return gap
    return _LABELS_BREAK.match(text, end)


def with_scheme(url: str) -> str:
    """"github.com/x/y" and "www.x.org/p" as the links they name, https://…; anything else as it is."""
    return url if url.startswith(("http://", "https://")) or not _HOST_AND_PATH.match(url) else f"https://{url}"


def is_code_link(url: str) -> bool:
    """Whether a link points at code (GitHub, GitLab, Hugging Face …) rather than a paper or a page."""
    return any(host in url for host in _CODE_HOSTS)


def paper_links(abstract: str, code_url: str | None) -> tuple[str, ...]:
    """The record's code link and the links in its text, code links first."""
    links = links_in(abstract)
    code_url = with_scheme(code_url.strip()) if code_url else code_url
    if code_url:  # the record's own spelling of it first
        links = (code_url, *(link for link in links if _link_key(link) != _link_key(code_url)))
    return tuple(sorted(links, key=lambda url: not is_code_link(url))) if links else links


def source_of(record: RawRecord) -> str:
    """Where a record came from, for people: "file.txt, paragraph 3 (line 17)"."""
    return f"{_file_name(record.source_file)}, {record.source_ref}"


@lru_cache(maxsize=256)  # a corpus has few files and many records per file; a Path costs microseconds
def _file_name(source_file: str) -> str:
    return Path(source_file).name


def headline(text: str, names: tuple[str, ...]) -> str:
    """A title of at most 100 characters for an abstract that has none."""
    title = _headline(text, names)
    return _without_inner_novelty(title) if "novel" in title or "new" in title else title


def _headline(text: str, names: tuple[str, ...]) -> str:
    plain = strip_markdown(text)
    sentence_list = sentences(plain)
    contribution = contribution_sentence(sentence_list, names)
    if contribution is not None:
        name, description = contribution
        if " by " in description or " through " in description:
            description = _means_of_closing_a_gap(description)
        if name:
            name = _capitalise(name)  # "max-rank, a novel correction …" -> "Max-rank: …"
            titled = f"{name}: {_capitalise(description)}" if description else name
            return _without_novelty(_without_anaphora(clause_cut(titled, MAX_TITLE_CHARS)), f"{name}: ")
        # a claim "that when …, …" says its main clause; with none to tell, the opening sentence stands in
        said = _what_it_says(description)
        if said is not None:
            said = _named_briefly(_standing_alone(said))
            return _without_novelty(_without_anaphora(clause_cut(_capitalise(said), MAX_TITLE_CHARS)))
    opening = _standing_alone(_opening(sentence_list or (plain,)))
    return _without_novelty(clause_cut(_capitalise(opening), MAX_TITLE_CHARS))


# A headline's opening words that point back to a sentence its reader never saw: "Such exponential concentration …"
# (the one the sentence before described), "This is a theoretical study of …". "Such" qualifies a noun that stands
# without it; "This is a …" says what the paper is, and "A …" says it alone.
_POINTING_OPENING = re.compile(r"(?:such|(?:this|these)\s+(?:is|are)(?=\s+(?:a|an|the)\s))\s+(?=[\w(\"“])",
                               re.IGNORECASE)
# What a sentence opens with when what it stands for is in the sentence before: "It", "They", "This shows …".
_POINTING_WORDS = wordset("it its they their them he she his her this these that those such")


def _standing_alone(text: str) -> str:
    """`text` without an opening that points back: "Such exponential concentration …" -> "Exponential concentration
    …", "This is a theoretical study …" -> "A theoretical study …"."""
    pointing = _POINTING_OPENING.match(text)
    return _capitalise(text[pointing.end():]) if pointing else text


# "over a broader class of parameter spaces called CAT(κ) spaces": in a claim too long for a headline, the name says
# what the words before it describe ("… can be achieved over CAT(κ) spaces").
_DESCRIBED_THEN_CALLED = re.compile(r"\b(?:an?|the)\s+(?:[\w-]+\s+){1,8}?(?:called|termed|dubbed)\s+(?=[A-Z])")


def _named_briefly(text: str) -> str:
    """A text over a headline's length with "a … called X" read as X: "over a broader class of parameter spaces
    called CAT(κ) spaces, …" -> "over CAT(κ) spaces, …"."""
    if len(text) <= MAX_TITLE_CHARS or (" called " not in text and " termed " not in text and " dubbed " not in text):
        return text
    return _DESCRIBED_THEN_CALLED.sub("", text, count=1)


# "A novel"/"A new" opening a headline: every paper's contribution is new, so the words say nothing and take the
# room of those that do. "A novel, tractable scheme", "a new and robust approach", "a novel, and effective, approach"
# lose the adjective's company too.
# Taken off the headline once it is cut, so that it is cut where it was ("A novel distributional regression loss",
# not "Distributional regression loss, and similarly find it …", which the 8 characters freed would let in).
_NOVELTY = re.compile(r"(?P<article>an?\s+)?(?:novel|new)(?:,\s*and\s+(?P<other>[\w-]+),\s*|\s*,\s*|\s+and\s+|\s+)"
                      r"(?=[\w\"“])", re.IGNORECASE)
# Heads that read as a title only with their article: "A framework for …", "A class of …", not "Framework for …".
_HEADS_WITH_ARTICLE = wordset("approach method methodology algorithm framework technique way class set family model "
                              "procedure paradigm strategy scheme perspective tool system measure kind type variant "
                              "version form view theory notion idea connection")


def _without_novelty(title: str, name: str = "") -> str:
    """The headline without its opening "A novel"/"A new" (after its `name`, "Name: "): "A new covariance attack
    which …" -> "Covariance attack which …"; "A novel framework for X" -> "A framework for X". Kept when nothing but
    a head noun would be left ("A novel algorithm") and before a name ("New York …")."""
    if name and title.startswith(name):
        return name + _without_novelty(title[len(name):])
    novelty = _NOVELTY.match(title)
    if novelty is None:
        return title
    rest = title[novelty.end():]
    if novelty.group("other"):  # "a novel, and effective, approach" -> "effective approach"
        rest = f"{novelty.group('other')} {rest}"
    head = rest.split(" ", 1)[0].rstrip(",…").lower()
    if " " not in rest.rstrip(". …") or head in ("and", "or") or (not novelty.group("article") and rest[0].isupper()):
        return title
    if novelty.group("article") and head in _HEADS_WITH_ARTICLE:
        return f"{'An' if head[0] in 'aeiou' else 'A'} {rest}"
    return _capitalise(rest)


# ", a novel zero-shot framework" after a name and what it stands for: "novel" says nothing there either. So it is
# with nothing but a head noun after it (", a novel framework", "Smoothed Bellman Error Embedding: A new algorithm"),
# which then says nothing at all.
_INNER_NOVELTY = re.compile(r"(?:,\s+an?|: An?)\s+(?:novel|new)(?:\s*,\s*|\s+and\s+|\s+)(?=[\w\"“])")


def _without_inner_novelty(title: str) -> str:
    """The headline without a "novel"/"new" after its opening: "AGLO: Action Generalization from Limited
    Observations, a novel zero-shot framework" -> "…, a zero-shot framework"; "HPEC: Hyperbolic Prototypical
    Entailment Cones, a novel framework" -> "HPEC: Hyperbolic Prototypical Entailment Cones"."""
    novelty = _INNER_NOVELTY.search(title)
    if novelty is None:
        return title
    before, rest = title[:novelty.start()], title[novelty.end():]
    if " " not in rest.strip():  # nothing but the noun: the name and its expansion say what it is
        # (an acronym alone says too little: "Robust-TD: A novel algorithm" stays)
        return before if novelty.group().startswith(",") or " " in before else title
    if novelty.group().startswith(":"):  # "Name: A novel X Y" is _without_novelty's
        return title
    article = "an" if rest[0].lower() in "aeio" or rest.lower().startswith("un") else "a"
    return f"{before}, {article} {rest}"


def _opening(sentence_list: Sequence[str]) -> str:
    """The first sentence that says something once "In this paper, we" is taken off it: the headline
    when no contribution could be read, so it never starts with the boilerplate. A sentence opening with a
    subordinate clause says its main clause, or is passed over when that cannot be told."""
    for sentence in sentence_list:
        main = _what_it_says(sentence)
        if main is None:
            continue
        said = _without_boilerplate(main.rstrip("."))
        if len(said.split()) >= MIN_OPENING_WORDS and not _points_back(said):
            return said
    return _without_boilerplate(sentence_list[0].rstrip(".")) or sentence_list[0]


# Words opening a subordinate clause: "When tasks reoccur – as they do in natural environments –" says when, not
# what; alone it is a fragment, no headline. "By" only before a gerund ("by equipping … agents with a synaptic model,
# catastrophic forgetting can be mitigated"): "By contrast, …" opens a main clause with its adverb, read whole.
_SUBORDINATORS = wordset("when whenever although though while whilst whereas if unless since because once by")
# Where a subordinate clause closes: the first comma outside brackets ("Although X, Y"), or, with none, the second of
# a pair of dashes around an aside ("When tasks reoccur – as they do in natural environments – meta-learning agents …").
_CLAUSE_COMMA = re.compile(r",\s+(?![^()\[\]]*[)\]])")
_ASIDE_DASHES = re.compile(r"\s[–—]\s[^–—]+?\s[–—]\s")


def _what_it_says(text: str) -> str | None:
    """`text`, or its main clause when it opens with a subordinate one; None when that cannot be told."""
    return _main_clause(text) if _opens_subordinate(text) else text


def _opens_subordinate(text: str) -> bool:
    """Whether `text` opens with a subordinate clause ("When …", "Although …", "By equipping …")."""
    first, _, rest = text.partition(" ")
    if first.lower() not in _SUBORDINATORS:
        return False
    return first.lower() != "by" or rest.split(" ", 1)[0].endswith("ing")


def _main_clause(text: str) -> str | None:
    """The main clause after the subordinate one `text` opens with, capitalised ("When tasks reoccur – as they do in
    natural environments – meta-learning agents must explore again …" -> "Meta-learning agents must explore again
    …"); None when none can be told, or it is too short or opens pointing back ("Since …, it …")."""
    text = text.replace(", if any,", "")  # "While many estimators exist, few, if any, come with …": the subject stays
    start = next((comma.end() for comma in _CLAUSE_COMMA.finditer(text) if _opens_a_main_clause(text, comma.end())),
                 None)
    if start is None:
        aside = _ASIDE_DASHES.search(text) if "," not in text else None
        if aside is None:
            return None
        start = aside.end()
    main = text[start:].lstrip()
    if main.lower().startswith("then "):  # "If …, then …"
        main = main[5:]
    if len(main.split()) < MIN_OPENING_WORDS + 1 or _points_back(main) or _opens_subordinate(main):
        return None
    return _capitalise(main)


# Words a main clause does not open with: a relative or subordinate clause's ("…, which remains the gold standard,
# …", "…, whether it involves …"), a preposition's or an aside's ("…, with and without DP, …", "…, especially those
# involving …, have been proposed"), a verb's.
_NO_MAIN_CLAUSE_OPENING = wordset(
    "which where whether who whom whose when whenever while whilst whereas if unless since because although though "
    "once especially including namely notably particularly e.g. i.e. and or but nor yet with without on in of for to "
    "at by from as than via through into over under between among are is was were be been has have had can could will "
    "would may might must should do does did")
_MIN_CLAUSE_WORDS = 4  # "…, expressivity or separability, there remains …": a list's last items, no clause


def _opens_a_main_clause(text: str, at: int) -> bool:
    """Whether the words after a comma at `at` can open the main clause: not a word that leads on, and not a list's
    item (a few words before the next comma)."""
    words = text[at:at + 200].split(",", 1)[0].split()
    if not words or words[0].lower() in _NO_MAIN_CLAUSE_OPENING:
        return False
    return len(words) >= _MIN_CLAUSE_WORDS or "," not in text[at:]


def _points_back(sentence: str) -> bool:
    """Whether a sentence opens with a word standing for what the one before it said ("It", "These methods"), which
    no headline can open with, unless its opening reads without it ("Such …", "This is a …")."""
    return sentence.split(None, 1)[0].lower() in _POINTING_WORDS and _POINTING_OPENING.match(sentence) is None


def _without_boilerplate(sentence: str) -> str:
    """The sentence without its "In this paper, we" opening; "we argue that …" reads "Arguing that …"."""
    opening = _BOILERPLATE_OPENING.match(sentence)
    if not opening:
        return sentence
    rest = sentence[opening.end():]
    if not opening.group("we"):
        return rest
    verb = _LEADING_VERB.match(rest)
    if verb is None or verb.group() in NOT_A_CONTRIBUTION_VERBS or verb.group().endswith("ly"):
        return sentence[opening.start("we"):]  # "we can resort to …", "we briefly …": keep the subject
    return f"{gerund(verb.group())}{rest[verb.end():]}"


# "Addressing this gap by examining …", "Tackling this challenge by establishing …", "Overcoming these limitations by
# formulating …": what the gap is was said in the sentences before, which a headline lacks; the means is the
# contribution, and it stands alone ("Examining …").
_CLOSING_A_GAP = re.compile(
    r"(?:Taking a (?:first )?step towards? )?(?:address|bridg|fill|tackl|overcom|clos|resolv)ing\s+"
    r"(?:this|these|that|those|such)\s+(?:\w+\s+)?(?:gap|gaps|issue|issues|challenge|challenges|problem|problems|"
    r"limitation|limitations|question|questions|shortcoming|shortcomings|bottleneck|need)\b[^,;]*?\s+(?:by|through)\s+"
    r"(?=[a-z]+ing\s)", re.IGNORECASE)


def _means_of_closing_a_gap(description: str) -> str:
    """A description that closes a gap the headline cannot name, as its means: "Addressing this gap by examining the
    role of graph convolution …" -> "Examining the role of graph convolution …"."""
    closing = _CLOSING_A_GAP.match(description)
    return _capitalise(description[closing.end():]) if closing else description


def _without_anaphora(description: str) -> str:
    """Drop a closing clause that only points back ("… that bridges this gap"): a title stands alone."""
    cut = description.rstrip(". ")
    if not _may_point_back(cut):
        return cut
    cut = _ANAPHORIC_TAIL.sub("", cut)
    if cut == description.rstrip(". "):
        return cut
    cut = clause_cut(cut, MAX_TITLE_CHARS)  # what led into the dropped clause goes too ("… that aims")
    return cut if len(cut) >= 25 else description


_ANAPHORIC_NOUNS = wordset("gap issue issues problem problems challenge challenges limitation limitations question "
                           "questions phenomenon setting task goal shortcoming shortcomings bottleneck dilemma")


def _may_point_back(text: str) -> bool:
    """Whether _ANAPHORIC_TAIL can match `text`: its last word one of the pattern's nouns, case aside (told without the
    pattern; a word not in ASCII is left to it: "ſ" is an "s" to it)."""
    words = text.rsplit(None, 1)
    last = words[-1] if words else ""
    return not last.isascii() or last.lower() in _ANAPHORIC_NOUNS


def _capitalise(text: str) -> str:
    """A headline's first letter in upper case, unless its first word is written so whatever opens it: a letter that
    names a symbol ("f-divergence", "k-means", "p-values", "α-divergence"; a Greek capital would read as a Latin one)
    or a word with a capital inside ("mRNA", "t-SNE", "qPOTS")."""
    if not text or not text[0].islower() or text[0] > "\u024f":  # not a Latin letter in lower case: as it is
        return text
    first = text[:text.find(" ")] if " " in text else text
    if (len(first) > 1 and not first[1].isalpha()) or any(ch.isupper() for ch in first[1:]):
        return text
    return text[0].upper() + text[1:]


# An en dash between two words in small letters: a compound ("question–answer pairs", "encoder–decoder") when the
# words on both sides of the second are content words, a dash setting off a clause otherwise ("models–based on
# graph networks–which implement", "unbiased–it preserves").
_SMALL_EN_DASH = re.compile(r"(?<![\w–-])([a-z]+)–([a-z]+)(?![\w–-])(?:\s+([A-Za-z]+))?")
_DASHED_WORD = re.compile(r"[^\W_][\w-]*–[\w–-]*[^\W_]")
_EN_DASH = re.compile("–")


def keyphrases(plain: str, names: tuple[str, ...]) -> tuple[str, ...]:
    """The abstract's keyphrases, a word joined by an en dash written so ("question–answer pairs").

    The keyphrase reader's words hold hyphens, not en dashes: a compound in small letters fell apart into its
    two words ("question answer pairs"), and a name kept its words joined by a hyphen ("Kullback-Leibler").
    """
    if "–" not in plain:
        return keywords_for(plain, names)
    phrases = keywords_for(_sub_at_words(_SMALL_EN_DASH, _EN_DASH, _is_small_letter, plain, _as_hyphen), names)
    dashed = {word.replace("–", "-"): word for word in _dashed_words(plain)}
    return tuple(" ".join(dashed.get(word, word) for word in phrase.split(" ")) for phrase in phrases)


def _is_small_letter(char: str) -> bool:
    return "a" <= char <= "z"


def _dashed_words(plain: str) -> list[str]:
    """`_DASHED_WORD.findall(plain)`, looked for only at the en dashes: the pattern opens with a word, so the regex
    engine tried it from every letter of the text (~70 µs an abstract with an en dash). A match opens at the first
    letter or digit of the word (letters, digits, "_" and "-") before the first dash it has, or after the last match."""
    words: list[str] = []
    at = 0  # where the last match ended: the next one starts there or after
    for dash in _EN_DASH.finditer(plain):
        if dash.start() < at:  # inside the last match ("Fenchel–Young–Lagrange")
            continue
        start = dash.start()
        while start > at and (_is_word_character(plain[start - 1]) or plain[start - 1] == "-"):
            start -= 1
        while start < dash.start() and plain[start] in "_-":  # the match opens with a letter or a digit
            start += 1
        match = _DASHED_WORD.match(plain, start) if start < dash.start() else None
        if match is not None:
            words.append(match.group())
            at = match.end()
    return words


def _as_hyphen(match: re.Match[str]) -> str:
    """A compound's en dash as the hyphen the keyphrase reader joins words with; a clause's dash left."""
    second, after = match.group(2), match.group(3)
    if second in STOPWORDS or (after is not None and after.lower() in STOPWORDS):
        return match.group()
    return match.group().replace("–", "-", 1)


def enrich(record: RawRecord) -> Paper:
    """Turn one RawRecord into a Paper; pure, deterministic, no I/O."""
    text = display_abstract(record.abstract)
    flat = one_paragraph(text)  # paragraph breaks are the card's: names, keyphrases and headline read sentences
    plain = strip_markdown(flat)
    if "http" in plain or "www." in plain:
        plain = URL.sub(" ", plain)  # a URL's words are not the paper's topic
    names = names_for(plain, flat)
    title_given = bool(record.title)
    title = display_title(record.title) if record.title else _headline_markdown(headline(flat, names))
    return Paper(
        id=paper_id(record.abstract),
        title=title,  # whole, as a reload's record row stores it: every display cuts it at a word, with "…"
        abstract=text,
        abstract_raw=record.abstract,
        title_given=title_given,
        authors=record.authors,
        venue=record.venue,
        keywords=keyphrases(plain, names),
        names=names,
        links=paper_links(record.abstract, record.code_url),
        url=record.url,
        pdf=record.pdf,
        source=source_of(record),
    )
