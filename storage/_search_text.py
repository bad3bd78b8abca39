"""Text handling for search: normalising, tokenising and stemming the way the index does.

Everything here is pure and fast; the same functions prepare documents and queries, so a query
word and a document word meet on the same term.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import Stemmer  # PyStemmer: Snowball (Porter2) stemming in C

# Letters and digits of any script; '_' is not part of a word. A programming language named by a letter and its signs
# ("C++", "C#", "F#") is a word of its own: read as the letter, "C++" found every abstract writing a variable "c".
LANGUAGE_NAME = r"(?i:c\+\+|[cf]#)(?![^\W\d_])"
_WORD = re.compile(rf"{LANGUAGE_NAME}|[^\W_]+")
# LaTeX macro names ("\\mathcal", "\\textit") are markup, not words of the text; a Greek letter's
# ("\\alpha") is the letter, which words read as its name (below). "$" only delimits LaTeX's math.
_LATEX_MACRO = re.compile(r"\\(?:var)?([A-Za-z]+)|\$")
# A Greek letter standing alone is a symbol, read as its name, so "α-divergence", "\\alpha-divergence" and
# "alpha divergence" meet ("ϵ", "\\varepsilon" and "epsilon" too: NFKC and casefold make variants one
# letter first). A run of Greek letters is Greek text, matched as written.
_GREEK_NAMES = dict(zip("αβγδεζηθικλμνξοπρστυφχψω", [
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu", "nu",
    "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega"], strict=True))
_GREEK_MACROS = frozenset(_GREEK_NAMES.values())
_GREEK_LETTER = re.compile("(?<![α-ω])[α-ω](?![α-ω])")  # U+03B1-U+03C9: the 24 letters and final sigma
# A possessive "'s" is not a word: "Newton's method" is about Newton, not "newton" + "s".
_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b")
# A person's initials ("Y. Bengio", "J.-P. Vert", "Desi R. Ivanova", "Bengio, Y."): a letter alone says
# nothing of whom, and as a query word it matched every abstract writing "y" or "d" (d-dimensional) more
# than the surname matched the authors. Capital letters (any script: "É. Moulines", "Ł. Kaiser"; see
# _initials_dropped) and full stops, before a name or ending "Surname, Y.".
_INITIALS = re.compile(r"(?<![\w.])(?:[^\W\d_]\.[\s‐‑-]*)+(?=[^\W\d_])|(?<=,)\s*(?:[^\W\d_]\.\s*)+$")
# A citation's "et al." and its year ("Bengio et al.", "(Vaswani et al., 2017)"): typed after a surname, they
# matched the abstracts that cite someone, and the year those that name it, above the author's papers.
_ET_AL = re.compile(r"(?<!\w)et\.?\s*al(?!\w)\.?(?:[\s,;(]*(?:19|20)\d\d[a-z]?(?!\w)\)?)?", re.IGNORECASE)
# Runs of text holding a hyphen or slash, where joined words hide ("Proxy-FDA", "RE-IMAGINE").
_COMPOUND = re.compile(r"(?<!\w)\w+(?:[-‐‑/]\w+)+")
# Characters nobody sees that join a word or hint a break inside it: a zero-width space (what pages put inside long
# words, bots after "@"), a word joiner, a zero-width no-break space (the byte order mark), a soft hyphen. Text copied
# from a page, a PDF or a message may hold them; a word read with one is the word, not two (bot.limits.visible is
# this one, for the bot's echo). Not the zero-width joiner and non-joiner: emoji and some scripts need them.
INVISIBLE = "\u00ad\u200b\u2060\ufeff"
_INVISIBLE = re.compile(f"[{INVISIBLE}]")
# Combining marks left by NFKD: stripping them turns "é" into "e".
_COMBINING = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
# British spellings the English stemmer leaves apart from the American ones: -ise ("optimise", "tokeniser",
# "generalisation") and -yse ("analysed"; not "analyses", the plural of analysis). Which -ise words are
# British is told by the letters before "is" (_is_british_ise): every form of a word goes the same way.
_ISE_FORM = re.compile(r"is(?=(?:e|ed|es|ing|er|ers|ation|ations|ational|able|ability)$)")
_YSE_FORM = re.compile(r"(?<=..)ys(?=(?:e|ed|ing|er|ers)$)")
# Other British spellings the stemmer keeps apart, with their American form: behaviour, neighbour, colour,
# tumour; centre(d), fibre, metre; defence, licence; dialogue, catalogue, analogue; haemorrhage, paediatric,
# anaemia, oedema, oesophagus, foetal, diarrhoea; judgement, grey(scale), artefact, programme, sceptical.
_SPELLINGS = tuple((re.compile(british), american) for british, american in (
    (r"(behavi|neighb|harb|flav|endeav|splend|col|fav|lab|tum|hum|hon|vap|rum|arm|od|vig|rig|sav|cand|val|parl|clam)"
     r"our", r"\1or"),
    (r"(cent|fib|lit|met|theat|spect|calib|lust|somb|tit)re(s?)$", r"\1er\2"),
    (r"(cent|fib)r(ed|ing)$", r"\1er\2"),
    (r"(defen|licen|offen|preten)ce(s?)$", r"\1se\2"),
    (r"logue(s?)$", r"log\1"),
    (r"(h|p|an|leuk|isch|gyn)ae(?=[mdsc])", r"\1e"),
    (r"(?<![a-z])f?oe(?=soph|dem|str|tus|tal)", lambda found: found.group()[:-2] + "e"),
    (r"(rrh|pn)oea", r"\1ea"),
    (r"judgement", "judgment"), (r"^grey", "gray"), (r"artefact", "artifact"), (r"^programme(s?)$", r"program\1"),
    (r"scept", "skept"),
))
# What every word above holds (one test of literal strings, 5 times cheaper than trying the patterns on
# every word of the vocabulary; most words hold none of these).
_SPELLING_HINT = re.compile("iour|bour|lour|vour|mour|nour|dour|gour|apour|centr|fibr|litre|metre|theatre|spectre|"
                            "calibre|lustre|sombre|titre|fence|licence|pretence|logue|aem|paed|anaes|gynae|oesoph|"
                            "oedem|oestr|foet|rrhoea|pnoea|judgement|grey|artefact|programme|scept")

# Function words only: words like "without", "beyond" or "again" carry meaning in titles, and
# BM25's IDF already discounts what is merely common.
_STOPWORD_TEXT = """
    a about after also an and any are as at be been being both but by can could did do does each etc
    for from had has have he her here him his how i if in into is it its itself just may me might must
    my of on onto or our ours ourselves per she should so some such than that the their them
    themselves then there these they this those thus to too upon us using very via was we were what
    when where whether which while who whom why will with would yet you your
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())

_stemmer = Stemmer.Stemmer("english")
_VOWELS = frozenset("aeiouy")


def fold(text: str) -> str:
    """Lower-case `text` and strip diacritics, so "Café" and "cafe" meet (NFKC first: ligatures, widths)."""
    text = unicodedata.normalize("NFKC", text).casefold()
    if text.isascii():
        return text
    text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    return _GREEK_LETTER.sub(_greek_name, text) if _GREEK_LETTER.search(text) else text


def _greek_name(letter: re.Match[str]) -> str:
    return _GREEK_NAMES.get(letter.group(), letter.group())  # final sigma: casefold made it σ already


def _macro(macro: re.Match[str]) -> str:
    """A LaTeX macro's replacement: a Greek letter's name ("\\alpha", "\\varepsilon"), else a space."""
    name = macro.group(1)
    return name.lower() if name and name.lower() in _GREEK_MACROS else " "


def visible(text: str) -> str:
    """`text` without the invisible characters that join a word or hint a break inside it (_INVISIBLE): a word
    pasted with one reads as the word (the bot's echo of a query drops them too, bot.limits.visible)."""
    return text if text.isascii() else _INVISIBLE.sub("", text)


def _as_read(query: str) -> str:
    """A query as its letters read, before the steps that look at how it was typed (capitals, initials, names):
    without invisible characters, and in Unicode NFKC, so that full-width letters (an East Asian keyboard's
    "ＴＲＡＤＥ"), circled ones ("ⓈⓅⒶⓇⓈⒺ") and ligatures ("ﬁne") are the plain letters, as `fold` makes them for
    the words themselves."""
    return query if query.isascii() else visible(unicodedata.normalize("NFKC", query))


def scripts_apart(query: str) -> str:
    """`query` with a space where a Latin word meets Chinese, Japanese or Korean inside a run of letters: those
    scripts are written without spaces between words, so a Latin word typed among them ran into them ("用attention机制",
    "transformer는", "attention注意力"), one word no paper has. Documents are read as written."""
    return query if query.isascii() else _SCRIPTS_MEET.sub(" ", query)


# Kana, CJK ideographs (and extension A), Hangul syllables; Latin letters and digits, full-width ones too.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_LATIN = "A-Za-z0-9\u00c0-\u024f\uff10-\uff19\uff21-\uff3a\uff41-\uff5a"
_SCRIPTS_MEET = re.compile(f"(?<=[{_LATIN}])(?=[{_CJK}])|(?<=[{_CJK}])(?=[{_LATIN}])")


# A search engine's field filter typed before the words ("title:attention", "author: Welling", "intitle:"): this search
# has no fields to filter by, for it ranks every field at once (a title's words weigh most, an author's name finds
# the author's papers), so the words after it are the query; read as a word, "title" (which few abstracts write) was
# taken for a typo of the corpus's "TILe" and offered as "Did you mean **TILe attention**?".
_FIELD_FILTER = re.compile(r"(?<![\w.:/-])(?:all)?(?:in)?(?:title|author|abstract|keyword)s?\s*:(?!//)", re.IGNORECASE)


def without_field_filters(query: str) -> str:
    """`query` without the field filters typed in it (`_FIELD_FILTER`): "title:attention" is "attention"."""
    return _FIELD_FILTER.sub(" ", query) if ":" in query else query


# A word to leave out, as other search engines take it: "-transformer" (a minus before a word, not inside one:
# "Self-Attention", "t-SNE") or "NOT transformer" in capitals. Read as a word, the minus was dropped and the word
# searched for: "attention -transformer" put the papers on transformers first.
_MINUS = re.compile(r"(?<!\S)-(?=[^\W\d_])(\S+)")
_MINUS_OR_NOT = re.compile(r"(?<!\S)(?:-|NOT\s+)(?=[^\W\d_])(\S+)")


def excluded_words(query: str) -> tuple[str, list[list[str]]]:
    """The query without the words it asks to leave out ("-transformer", "NOT transformer"), and the folded words
    of each ("-multi-agent": multi, agent); the query as typed and none when it leaves out nothing. "NOT" in a query
    typed in capitals only is a word of it (a title: "WHY NOT …")."""
    if "-" not in query and "NOT" not in query:
        return query, []
    pattern = _MINUS_OR_NOT if any(char.islower() for char in query) else _MINUS
    excluded = [found for found in (words(token) for token in pattern.findall(query)) if found]
    return (pattern.sub(" ", query), excluded) if excluded else (query, [])


def _plain(text: str) -> str:
    """`text` without invisible characters, LaTeX macro names and possessive endings."""
    text = visible(text)
    if "\\" in text or "$" in text:
        text = _LATEX_MACRO.sub(_macro, text)
    return _POSSESSIVE.sub("", text) if "'" in text or "’" in text else text


def words(text: str) -> list[str]:
    """The folded words of `text`, in order (no stemming, stop words kept)."""
    return _WORD.findall(fold(_plain(text)))


def query_words(text: str) -> list[str]:
    """The folded words of a query, in order, without name initials and a citation's "et al." and year."""
    text = _as_read(text)
    if "." in text:
        text = _INITIALS.sub(_initials_dropped, text)
    if "al" in text or "AL" in text or "Al" in text:
        text = _ET_AL.sub(" ", text)
    return words(text)


def shaped_like_a_name(text: str) -> bool:
    """Whether a query is typed with a person's name in it (`typed_name`)."""
    return bool(typed_name(text))


def typed_name(text: str) -> list[str]:
    """The folded words of the person's name a query is typed with, or []: two to MAX_NAME_WORDS words (initials,
    "et al.", particles such as "van" or "de" aside), each a capital and small letters ("Kaiming He", "Yoshua
    Bengio", "Fei-Fei Li", "LeCun"), the whole query or its start or end, its other words in small letters (a topic:
    "Kaiming He residual", "attention Yoshua Bengio"); nothing but letters, spaces, hyphens, apostrophes, full stops
    and commas ("QuACK: A Queuing Algorithm" is a title), quotes or brackets around it and a question mark after it
    aside ("“Kaiming He”", "Kaiming He?"). A lone word is not: a phone capitalises the first word of anything typed."""
    text = _as_read(text).strip().strip(_AROUND_A_NAME)
    if _NOT_IN_A_NAME.search(text):
        return []
    if "." in text:
        text = _INITIALS.sub(_initials_dropped, text)
    if "al" in text or "AL" in text or "Al" in text:
        text = _ET_AL.sub(" ", text)
    typed = [word for word in _WORD.findall(_plain(text)) if len(word) > 1]
    kinds = "".join("p" if word in _NAME_PARTICLES else "C" if word.isalpha() and word[0].isupper()
                    and word[1].islower() else "s" if word.islower() else "x" for word in typed)
    found = _NAME_RUN.fullmatch(kinds)
    if found is None or not 2 <= found.group(1).count("C") <= MAX_NAME_WORDS or 0 < found.start(1) < found.end(1) < len(
            kinds):
        return []
    return [fold(word) for word in typed[found.start(1):found.end(1)]]


def acronym_plurals(text: str) -> dict[str, str]:
    """The plurals of two-letter acronyms a query types ("GPs", "LMs": two capitals and a small "s"), folded, each to
    its singular: `stem` keeps a word of three letters as written, so "gps" is no form of "gp" to the index, while
    "GCNs" is GCN. "GPS" in capitals is no plural."""
    if "s" not in text:
        return {}
    text = _as_read(text)
    return {fold(found) + "s": fold(found) for found in _ACRONYM_PLURAL.findall(text)}


_ACRONYM_PLURAL = re.compile(r"(?<!\w)([A-Z]{2})s(?!\w)")


def typed_as_acronyms(text: str) -> set[str]:
    """The folded words of `text` typed with two capitals or more, as acronyms are ("MAML", "YOLO", "t-SNE"'s "SNE",
    "ViT")."""
    return {fold(word) for word in _WORD.findall(_plain(_as_read(text))) if sum(char.isupper() for char in word) >= 2}


def typed_in_capitals(text: str) -> set[str]:
    """The folded words of `text` typed in capitals only ("GPS", "MAML"; not "GPs")."""
    return {fold(word) for word in _WORD.findall(_plain(_as_read(text))) if word.isupper()}


def is_name_particle(word: str) -> bool:
    """Whether a folded word joins a person's names in small letters ("Guy Van den Broeck", "Marco di Renzo")."""
    return word in _NAME_PARTICLES


MAX_NAME_WORDS = 3
# Kinds of a query's words (typed_name): C capitalised, p a particle, s small letters, x anything else. A name is a run
# of capitalised words (particles between them) that is the whole query, its start or its end, with small-letter
# words around it only.
_NAME_RUN = re.compile(r"[sp]*(C(?:p*C)+)[sp]*")
_AROUND_A_NAME = "\"“”‘’«»„()[]?! "
_NOT_IN_A_NAME = re.compile(r"[^\w\s.,'’‐‑-]|[\d_]")
_NAME_PARTICLES = frozenset(("al", "bin", "da", "das", "de", "del", "della", "den", "der", "di", "dos", "du", "el",
                             "la", "le", "ten", "ter", "van", "von", "zu"))


def content_words(text: str) -> list[str]:
    """The folded words of a query that carry meaning, in order (stop words left out; see query_words)."""
    return [word for word in query_words(text) if word not in STOPWORDS]


def _initials_dropped(initials: re.Match[str]) -> str:
    """A run of initials as a query reads it: nothing, unless one of its letters is small ("e.g. Transformers")."""
    run = initials.group()
    return " " if all(letter.isupper() for letter in run if letter.isalpha()) else run


def joined_words(query: str) -> dict[tuple[str, str], str]:
    """The pairs of folded words the query joins by a hyphen or a slash ("multi-agent": ("multi", "agent") -> "-")."""
    if "-" not in query and "/" not in query and "‐" not in query and "‑" not in query:
        return {}
    return {(first, second): "/" if joint == "/" else "-" for run in _COMPOUND.findall(fold(_plain(_as_read(query))))
            for first, joint, second in _JOINT.findall(run)}


_JOINT = re.compile(r"([^\W_]+)([-‐‑/])(?=([^\W_]+))")


def compounds(text: str) -> list[str]:
    """Joined forms of hyphenated words: "Proxy-FDA" gives "proxyfda"."""
    return _joined(fold(_plain(text)))


def name_joined_words(text: str) -> list[str]:
    """The folded words of a name with each hyphenated word written joined, in order: "Fei-Fei Li" is feifei li, as
    people also type it ("Feifei Li"); [] for a name with no hyphenated word."""
    folded = fold(_plain(text))
    if not _COMPOUND.search(folded):
        return []
    return _WORD.findall(_COMPOUND.sub(lambda run: "".join(_WORD.findall(run.group())), folded))


def _joined(folded: str) -> list[str]:
    return ["".join(_WORD.findall(run)) for run in _COMPOUND.findall(folded)]


def analyse(text: str) -> tuple[list[str], list[str]]:
    """All folded words of `text` in order, and the joined forms of its hyphenated words."""
    folded = fold(_plain(text))
    return _WORD.findall(folded), _joined(folded) if "-" in folded or "/" in folded or "‐" in folded else []


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """The index term of a folded word: its Snowball stem, British spellings made American."""
    if not word.isascii() or len(word) <= 3:
        return word
    if word[-1] == "s" and not _VOWELS.intersection(word[:-1]):
        return word[:-1]  # an acronym's plural: "GCNs" is "GCN", "LLMs" "LLM"
    british = _ISE_FORM.search(word)
    if british and _is_british_ise(word[:british.start()]):
        word = word[:british.start()] + "iz" + word[british.end():]
    elif "ys" in word:
        word = _YSE_FORM.sub("yz", word)
    if _SPELLING_HINT.search(word):
        for british_spelling, american in _SPELLINGS:
            word = british_spelling.sub(american, word)
    return str(_stemmer.stemWord(word))


def _is_british_ise(root: str) -> bool:
    """Whether a word made of `root` + "is" + an -ise ending is a British spelling of an -ize word.

    Words spelt -ise everywhere must keep all their forms on one stem: "noise" was made "noize", stem
    "noiz", while "noises" kept "nois"; "supervised" became "superv" and "supervision" "supervis".
    """
    if len(root) < 3:
        return False  # rise, wise, arise, raise, noise
    last, before = root[-1], root[-2]
    if last in "lnsdg":
        return True  # normalise, tokenise, emphasise, standardise, apologise
    if last in "rt":
        return before in _VOWELS  # summarise, prioritise; not comprise, surprise, advertise, expertise
    if last == "c":
        return before == "i"  # criticise; not precise, concise, exercise
    if last == "m":
        return before in "ioy" and not root.endswith("prom")  # optimise, economise, anonymise; not promise
    return False  # advise, supervise, denoise, cruise, franchise, despise, pairwise


def is_stopword(word: str) -> bool:
    """Whether a folded word carries no topic on its own ("the", "of", "we")."""
    return word in STOPWORDS


# A word typed as a name: two capitals or more ("TRADE", "ShadowKV", "BudgetIV", "RE-IMAGINE").
_NAME_LIKE = re.compile(r"(?:.*[A-Z]){2}")
_RAW_COMPOUND = re.compile(r"(?<!\w)\w+(?:[-‐‑/]\w+)*")


def name_keys(text: str) -> list[tuple[str, bool]]:
    """Each word or hyphenated word of `text` as a name key ("Proxy-FDA" -> "proxyfda"), and whether
    it was typed like a name (two capitals or more). In words typed without a small letter (caps lock on, a
    title copied from a page that sets titles in capitals) capitals tell no name from a word: only a lone word
    ("TRADE", "RE-IMAGINE") is then typed like a name."""
    text = _as_read(text)
    runs = _RAW_COMPOUND.findall(_plain(text))
    shouted = len(runs) > 1 and not any(char.islower() for char in text)
    found = []
    for run in runs:
        key = "".join(words(run))
        if key:
            found.append((key, not shouted and bool(_NAME_LIKE.match(run))))
    return found


def name_key(name: str) -> str:
    """The lookup key of a method name: its folded words joined ("MODEL SELECTOR" -> "modelselector")."""
    return "".join(words(name))


# An acronym in brackets, "(GANs)": the words before it may spell it out.
_BRACKETED_ACRONYM = re.compile(r"\(\s*([A-Z][A-Za-z0-9]*[A-Z][a-z]?)\s*\)")


def acronyms(text: str) -> dict[str, list[str]]:
    """Acronyms `text` defines, folded, with the folded words they stand for.

    "Stein variational gradient descent (SVGD)" gives {"svgd": ["stein", "variational", "gradient",
    "descent"]}: the last words before the brackets whose initials spell the acronym (a plural "s"
    and hyphenated parts allowed), or whose words but the stop words between them do ("reinforcement
    learning from human feedback (RLHF)": "from" has no letter in it, while "of" has one in "MoE").
    """
    found: dict[str, list[str]] = {}
    for match in _BRACKETED_ACRONYM.finditer(text):
        acronym = fold(match.group(1))
        letters = acronym[:-1] if acronym.endswith("s") and len(acronym) > 2 else acronym
        before = words(text[max(0, match.start() - 12 * len(letters) - 24): match.start()])
        spelled = None
        for size in range(min(len(letters), len(before)), 1, -1):
            tail = before[-size:]
            if "".join(word[0] for word in tail) == letters[:size] and size >= len(letters) - 1:
                spelled = tail
                break
        spelled = spelled or _spelled_past_stopwords(before, letters)
        if spelled:
            found[acronym] = spelled
            if letters != acronym:
                found[letters] = spelled
    return found


def _spelled_past_stopwords(before: list[str], letters: str) -> list[str] | None:
    """The last words of `before` whose initials, stop words left out, are `letters`, every one of them (three at
    least), or None."""
    if len(letters) < 3 or not before or before[-1] in STOPWORDS:
        return None
    content = 0
    for start in range(len(before) - 1, -1, -1):
        if before[start] in STOPWORDS:
            continue
        content += 1
        if content == len(letters):
            tail = before[start:]
            return tail if "".join(word[0] for word in tail if word not in STOPWORDS) == letters else None
    return None
