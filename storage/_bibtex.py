"""BibTeX entries as the fields `storage.parsing` makes records of (`parse_bibtex`).

A `.bib` file is split into blocks by bibtexparser (its splitter only: values are read here, so a
string's `#` joins are resolved and nothing is decoded twice). Each entry with an abstract becomes
a mapping of the fields record_from_mapping reads: title and abstract with BibTeX's case-keeping
braces taken off (LaTeX left for enrichment to render), authors as "First Last" in Unicode, venue
from booktitle or journal (with the year when its name has none), url, doi, an arXiv eprint.
"""

from __future__ import annotations

import gc
import logging
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, AnyStr

from storage.enrich import display_name
from storage.models import Problem

# bibtexparser logs every block it cannot read as a warning of its own, which the bot would log beside the
# Problem that names the file; the Problems are what is said.
_LOG = logging.getLogger("bibtexparser")
_LOG.addHandler(logging.NullHandler())
_LOG.propagate = False

_MONTHS = {name: name.capitalize() for name in ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
                                                "oct", "nov", "dec")}
# A pair of braces around plain text keeps its letters as they are ("{BERT}", "{B}ayesian", "Ro{BERT}a"): no part
# of the words. Not a macro's argument ("\\textit{x}", "\\'{e}"), a script's ("x^{2}"), a second argument
# ("\\frac{a}{b}") or a group holding LaTeX ("{\\"o}"): those are enrichment's to render. Math is left whole.
_PROTECTING_BRACES = re.compile(r"(\$[^$]*\$)|(\\(?:[A-Za-z]+|[^A-Za-z])\s*|[\^_}])?\{([^{}\\$]*)\}")
_BRACE_LEVELS = 4  # "{{BERT}}" is two; no title or name needs more
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
_YEAR = re.compile(r"\b(?:1[89]|20)\d\d\b")
_DIGITS = re.compile(r"\d+")


@dataclass(slots=True)
class BibEntries:
    """What a .bib file holds, counted as its pieces are read: how many entries there are, and where the entries
    without an abstract are (told in one line, not one each)."""

    without_abstract: list[str] = field(default_factory=list)
    entries: int = 0


Items = list[tuple[str, Any]]  # each entry with an abstract as (where, fields), or ("", a Problem), in file order
# A file's bytes decoded whole as any corpus file is (`storage.parsing.decode`): its text (None: binary) and what is
# said of its encoding.
Decoder = Callable[[bytes], tuple[str | None, Problem | None]]


def bibtex_entries(name: str, text: str | bytes, found: BibEntries, decode_whole: Decoder) -> Iterator[Items]:
    """The entries of a BibTeX file's text, a piece of the file at a time (see _chunks), so a large file's first
    papers are enriched while the rest is read; `found` counts them. A block bibtexparser cannot read is a Problem
    naming its line, and the entries after it still load; an entry the end of the file cuts is CUT_OFF_ENTRY (see
    _cut_by_the_end). `text` may be the file's
    bytes (see utf8_pieces): each piece is decoded as it is read, and once one is not UTF-8, the rest of the file as
    `decode_whole` reads it."""
    import bibtexparser  # here: 30 ms to import, for files few corpora have
    from bibtexparser import model

    strings = _Strings(allowance=max(len(text), _LEAST_ALLOWANCE))
    for piece in (_byte_chunks(text, decode_whole) if isinstance(text, bytes) else _chunks(text)):
        if isinstance(piece, Problem):  # what decode_whole says of the file's encoding
            yield [("", piece)]
            continue
        first_line, chunk, next_block = piece
        items: Items = []
        try:
            library = bibtexparser.parse_string(chunk + next_block, parse_stack=[])
        except Exception as exc:  # its splitter raises only on a state it calls its own bug: no entry lost silently
            where = f"lines {first_line + 1}-{first_line + chunk.count(chr(10)) + 1}"
            items.append(("", Problem(name, where, f"cannot read as BibTeX ({type(exc).__name__}: {exc}); "
                                                   "skipped")))
            yield items
            continue
        _add_blocks(name, found, items, (chunk, next_block, first_line), library.blocks, strings, model)
        del library
        # bibtexparser's blocks and fields hold reference cycles (~19,000 objects a piece), which only the cyclic
        # collector frees, and a load pauses it (storage._corpus_build._gc_paused): 50,000 entries kept ~500 MB
        # of them. The youngest generation is what this piece made: collecting it costs this piece's objects.
        gc.collect(0)
        yield items


def _add_blocks(name: str, found: BibEntries, items: Items, piece: tuple[str, str, int], blocks: list[Any],
                strings: _Strings, model: Any) -> None:
    """What the blocks of one piece (its text, the start of the next block, its first line) add. A function of
    its own, so that no block outlives it: a block holds a cycle of the piece's others (see bibtex_entries)."""
    chunk, next_block, first_line = piece
    for at, line, block in _block_lines(chunk + next_block, first_line, blocks):
        if next_block and at >= len(chunk):  # the block after the piece is the next piece's
            continue
        if not next_block and _cut_by_the_end(block, model):
            found.entries += 1
            items.append(("", Problem(name, _failed_where(block, f"line {line}"), CUT_OFF_ENTRY)))
        else:
            _add_block(name, found, items, block, f"line {line}", strings, model)


# What is said of the entry a file ends part way through (a copy still being written, a download cut short). It
# starts as storage.parsing's problem of a JSON record or a paragraph the end of its file cuts, by which the file is
# told to end part way, and its papers are kept.
CUT_OFF_ENTRY = "the file ends part way through this entry; skipped"
_ENDS_INSIDE = "Unexpectedly reached end of file."  # bibtexparser's reason for a block the end of its text is inside
_KEY = re.compile(r"@\w*[ \t]*[{(]\s*([^\s,{}()\"#=]+)\s*,")  # an entry's key, the comma after it written


def _cut_by_the_end(block: Any, model: Any) -> bool:
    """Whether `block` is one the file ends inside (the last): an entry a copy still being written stops in,
    anywhere, also right after a line break with only its closing brace to come. A whole file whose last entry
    lacks a brace (its writer's slip) reads the same, and is taken as cut too: its papers are kept and the entry
    named, where taking a cut file as whole retired the papers not copied yet."""
    return isinstance(block, model.ParsingFailedBlock) and getattr(block.error, "abort_reason", "") == _ENDS_INSIDE


def _failed_where(block: Any, line: str) -> str:
    """Where a block that could not be read is: its entry's key when its comma was written, and its line."""
    key = _KEY.match((block.raw or "").lstrip())
    return f"entry {key.group(1)} ({line})" if key else f"entry ({line})"


def _block_lines(text: str, first_line: int, blocks: list[Any]) -> Iterator[tuple[int, int, Any]]:
    """(where in `text` it starts, its line in the file, the block) for each block of `text`, a piece of the file
    whose first line is the file's `first_line` + 1. Lines are counted here: the splitter's start_line does not
    count a line break after a backslash (LaTeX's "\\\\" ending a line of an abstract), and every block after one was
    said to be a line early."""
    pos, counted, line = 0, 0, first_line + 1
    for block in blocks:
        raw = block.raw or ""
        at = text.find(raw, pos) if raw else -1
        if at == -1:  # no block's text is missing from its piece; if one were, it is placed after the one before
            yield pos, line, block
            continue
        line += text.count("\n", counted, at)
        counted, pos = at, at + len(raw)
        yield at, line, block


# A file is read a few megabytes at a time, each piece ending before a line that starts a block ("@article{"): the
# splitter keeps a copy of every block's text and objects for its fields, and 150 MB of BibTeX (the ACL Anthology's
# 100,000 entries) held 1.4 GB at once. The splitter ends a block at any such start, so the pieces read as the whole
# when each is read with the start of the next block after it (an entry left open says so, not "end of file").
_CHUNK_CHARS = 1 << 22
_BLOCK_AT_A_LINES_START = re.compile(r"\n(@\w*[ \t]*[{(])")


_BLOCK_AT_A_LINES_START_BYTES = re.compile(rb"\n(@\w*[ \t]*[{(])")


def _byte_chunks(data: bytes, decode_whole: Decoder) -> Iterator[tuple[int, str, str] | Problem]:
    """_chunks of a file's bytes, each piece decoded as UTF-8 only as it is read: the file's text whole held 4 bytes
    a character once one character needed it (an emoji, a mathematical letter), 600 MB for the ACL Anthology's
    150 MB; the bytes are held instead, and a piece at a time is text. A piece ends before a line starting a block,
    which no UTF-8 character spans.

    From the first piece that is not UTF-8 on (another encoding, a stray byte), the pieces are those of the file
    decoded whole by `decode_whole`, after what it says of it. The pieces before are read the same in that text:
    it is UTF-8 with the stray bytes kept apart, or when the file has no UTF-8 character at all, a code page that
    reads ASCII as ASCII. (The file was once decoded piece by piece to check it before being read so: a second
    decoding of every piece, 0.3 s of CPU for 150 MB.)"""
    read = 0  # characters of the pieces read, the same in the text decoded whole
    for lines, chunk, next_block in _pieces(data, _BLOCK_AT_A_LINES_START_BYTES, b"\n"):
        try:
            piece = lines, chunk.decode("utf-8"), next_block.decode("utf-8")
        except UnicodeDecodeError:
            text, problem = decode_whole(data)
            if problem:
                yield problem
            if text is not None:
                yield from _pieces(text, _BLOCK_AT_A_LINES_START, "\n", start=read, lines=lines)
            return
        read += len(piece[1])
        yield piece


def utf8_pieces(data: bytes) -> bytes | None:
    """The bytes of a BibTeX file to read a piece at a time (_byte_chunks), its UTF-8 byte order mark taken off;
    None for a file in UTF-16 or UTF-32, or not text, which is decoded whole, as any corpus file is."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in data[:8192]:  # a UTF-16/32 mark; or without one
        return None
    return data


def _chunks(text: str) -> Iterator[tuple[int, str, str]]:
    """(the number of lines before it, a piece of `text` ending with a line break, the start of the block after it
    or "" for the last piece), in order."""
    return _pieces(text, _BLOCK_AT_A_LINES_START, "\n")


def _pieces(text: AnyStr, block: re.Pattern[AnyStr], newline: AnyStr, *, start: int = 0,
            lines: int = 0) -> Iterator[tuple[int, AnyStr, AnyStr]]:
    """_chunks of a file's text or of its bytes (_byte_chunks): each piece ends before the first line starting a
    block (`block`) once it holds _CHUNK_CHARS characters or bytes. `start`: where the first piece starts, after
    `lines` lines."""
    while start < len(text):
        cut = block.search(text, start + _CHUNK_CHARS)
        end = cut.start(1) if cut else len(text)
        chunk = text[start:end]
        yield lines, chunk, cut.group(1) if cut else text[:0]
        lines += chunk.count(newline)
        start = end


# What the @string names of a file may stand for, in all: as much text as the file has (1 M characters at least). A
# file of a few lines can name a value twice over, line after line ("@string{b = a # a}"): 25 such lines stood for
# 840 M characters and held 1.6 GB, 30 would have taken 50 GB. A real bibliography's names (a proceedings' title on
# each of its papers) stand for a fraction of its size.
_LEAST_ALLOWANCE = 1 << 20


class _TooMuchTextError(Exception):
    """The file's @string names stand for more text than its allowance (see _Strings)."""


class _Strings:
    """A file's @string values by name, and how much text their names may still stand for (each use counts)."""

    def __init__(self, *, allowance: int) -> None:
        self.values: dict[str, str] = {}
        self.allowance = self.left = allowance

    def named(self, raw: str) -> str | None:
        value = self.values.get(raw.lower())
        if value is not None:
            self.spend(len(value))
        return value

    def spend(self, characters: int) -> None:
        self.left -= characters
        if self.left < 0:
            raise _TooMuchTextError(f"the @string names used up to here stand for over {self.allowance:,} characters "
                               "(a file's names may stand for as much text as the file has, 1 M characters at "
                               "least); skipped")


def _add_block(name: str, found: BibEntries, items: Items, block: Any, line: str, strings: _Strings,
               model: Any) -> None:
    """What one block of the file adds: a @string's value, an entry, or a Problem (`model`: bibtexparser.model)."""
    if isinstance(block, model.DuplicateBlockKeyBlock) and block.ignore_error_block is not None:
        # An entry's key used before (two versions of a paper; the loader tells a repeated abstract), or a @string
        # named again (it names the new value from here on): each read as the block it is, as a file read in pieces
        # (see _chunks), whose pieces cannot see each other's keys, reads it.
        block = block.ignore_error_block
    try:
        _read_block(name, found, items, block, line, strings, model)
    except _TooMuchTextError as exc:
        if isinstance(block, model.String):
            where = f"@string {block.key} ({line})"
        else:
            where = _where(getattr(block, "ignore_error_block", None) or block, line)
        items.append(("", Problem(name, where, str(exc))))


def _read_block(name: str, found: BibEntries, items: Items, block: Any, line: str, strings: _Strings,
                model: Any) -> None:
    if isinstance(block, model.String):
        strings.values[str(block.key).lower()] = _value(str(block.value), strings)
    elif isinstance(block, model.Entry):
        found.entries += 1
        _add_entry(found, items, block, line, strings)
    elif isinstance(block, model.DuplicateFieldKeyBlock) and isinstance(block.ignore_error_block, model.Entry):
        found.entries += 1  # BibTeX itself takes a field's first value and warns; so here
        entry = block.ignore_error_block
        keys = Counter(str(item.key).lower() for item in entry.fields)
        twice = sorted(key for key, count in keys.items() if count > 1)
        items.append(("", Problem(name, _where(entry, line), f"{_listed(twice)} given twice; the first is read")))
        _add_entry(found, items, entry, line, strings)
    elif isinstance(block, model.ParsingFailedBlock):
        items.append(("", Problem(name, line, _failure(block))))


def _add_entry(found: BibEntries, items: Items, entry: Any, line: str, strings: _Strings) -> None:
    fields: dict[str, str] = {}
    for item in entry.fields:
        fields.setdefault(str(item.key).lower(), str(item.value))
    where = _where(entry, line)
    abstract = _unbraced(_value(fields["abstract"], strings)).strip() if "abstract" in fields else ""
    if not abstract:
        found.without_abstract.append(where)
        return
    record: dict[str, Any] = {"abstract": abstract}
    if "title" in fields:
        record["title"] = _unbraced(_value(fields["title"], strings))
    if "author" in fields:
        record["authors"] = bibtex_names(_value(fields["author"], strings))
    if venue := _venue(fields, strings):
        record["venue"] = venue
    for key in ("url", "doi", "pdf"):
        if key in fields:
            record[key] = _value(fields[key], strings).strip()
    archive = _value(fields.get("archiveprefix") or fields.get("eprinttype") or "", strings)
    if archive.strip().lower() == "arxiv" and "eprint" in fields:
        record["arxiv_id"] = _value(fields["eprint"], strings).strip()  # arXiv's own BibTeX
    items.append((where, record))


def _where(entry: Any, line: str) -> str:
    return f"entry {entry.key} ({line})" if entry.key else f"entry ({line})"


def _failure(block: Any) -> str:
    """What a malformed block is and why bibtexparser stopped reading it."""
    raw = (block.raw or "").strip()
    head = raw.split(",", 1)[0].split("\n", 1)[0][:60]
    reason = getattr(block.error, "abort_reason", "") or str(block.error) or type(block.error).__name__
    return f"malformed BibTeX entry {head!r} ({' '.join(str(reason).split())}); skipped"


def _listed(keys: list[str]) -> str:
    quoted = [f"'{key}'" for key in keys]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} and {quoted[-1]}"


def _value(raw: str, strings: _Strings) -> str:
    """A field's value as text: its braces or quotes taken off, a number as it is, a @string's name (or a month's,
    "jun") as what it names, pieces joined by "#" joined. _TooMuchTextError when the names used so far stand for more
    text than the file's allowance (_Strings)."""
    raw = raw.strip()
    if "#" in raw:
        pieces = _top_level_pieces(raw)
        if len(pieces) > 1:
            return "".join(_value(piece, strings) for piece in pieces)
    if len(raw) >= 2 and (raw[0], raw[-1]) in (("{", "}"), ('"', '"')):
        return raw[1:-1]
    if _DIGITS.fullmatch(raw):
        return raw
    named = strings.named(raw)
    return named if named is not None else _MONTHS.get(raw.lower(), raw)


def _top_level_pieces(raw: str) -> list[str]:
    """`raw` split at its "#" outside braces and quotes ('acl # " 2019"'); a "#" inside a value ("{C# code}")
    splits nothing."""
    pieces: list[str] = []
    depth, quoted, start = 0, False, 0
    for at, char in enumerate(raw):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == "#" and depth == 0 and not quoted:
            pieces.append(raw[start:at])
            start = at + 1
    return [*pieces, raw[start:]]


def _unbraced(text: str) -> str:
    """The text without the braces BibTeX uses to keep letters as they are ("{BERT}", "{B}ayesian"); see
    _PROTECTING_BRACES. Nested ones ("{{BERT}}") are taken off from the inside out, a few levels deep: each level is
    a pass over the text, and a hostile field of 20,000 nested pairs took 17 s (deeper braces are left as written)."""
    for _ in range(_BRACE_LEVELS):
        if "{" not in text:
            break
        unbraced = _PROTECTING_BRACES.sub(_kept_or_unbraced, text)
        if unbraced == text:
            break
        text = unbraced
    return text


def _kept_or_unbraced(match: re.Match[str]) -> str:
    return match.group() if match.group(1) or match.group(2) else match.group(3)


def bibtex_names(text: str) -> list[str]:
    """The names of a BibTeX author list ("Sch{\\"o}lkopf, Bernhard and Smola, Alexander J. and others") as a card
    shows them: "First Last" (from "Last, First", and "von Last, Jr, First" as "First von Last Jr"), in Unicode.
    A name in braces is one name ("{Barnes and Noble}"), and "others" (et al.) none."""
    names = []
    for part in _top_level_split(" ".join(text.split()), _AND):
        pieces = [piece.strip() for piece in _top_level_split(part, re.compile(","))]
        if len(pieces) == 2:
            part = f"{pieces[1]} {pieces[0]}"
        elif len(pieces) >= 3:
            part = " ".join(piece for piece in (pieces[2], pieces[0], pieces[1]) if piece)
        if part.strip().lower() != "others" and (shown := display_name(part.strip())):
            names.append(shown)
    return names


def _top_level_split(text: str, separator: re.Pattern[str]) -> list[str]:
    """`text` split where `separator` matches outside braces."""
    if "{" not in text:
        return separator.split(text)
    pieces: list[str] = []
    start = depth_at = depth = 0
    for match in separator.finditer(text):
        depth += text.count("{", depth_at, match.start()) - text.count("}", depth_at, match.start())
        depth_at = match.start()
        if depth <= 0:
            pieces.append(text[start:match.start()])
            start = match.end()
    return [*pieces, text[start:]]


def _venue(fields: Mapping[str, str], strings: _Strings) -> str | None:
    """Where the paper appeared, as people read it: its booktitle (a conference's proceedings) or journal, with
    the year when the name has none ("Transactions of the Association for Computational Linguistics 2020"), so one
    year's papers are one venue, as a conference's are."""
    raw = fields.get("booktitle") or fields.get("journal")
    if raw is None:
        return None
    venue = display_name(_unbraced(_value(raw, strings)).strip())
    if not venue:
        return None
    year = _value(fields.get("year", ""), strings).strip()
    return f"{venue} {year}" if _YEAR.fullmatch(year) and not _YEAR.search(venue) else venue


def without_abstract_note(name: str, found: BibEntries) -> Iterator[Problem]:
    """One line for the entries without an abstract (a bibliography lists many: proceedings volumes, talks, papers
    it has no abstract of), not one per entry."""
    missing = found.without_abstract
    if not missing:
        return
    count = f"{len(missing):,} {'entry has' if len(missing) == 1 else 'entries have'}"
    yield Problem(name, "", f"{count} no abstract and {'was' if len(missing) == 1 else 'were'} skipped "
                            f"(the first: {missing[0]})")
