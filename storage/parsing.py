"""Reading corpus files into RawRecords: seed text, JSON, JSON Lines, CSV and BibTeX.

Pure functions: the only I/O is reading the files named. Every problem becomes a `Problem`
naming the file and the line or record, and every good record is still returned.
"""

from __future__ import annotations

import ast
import codecs
import csv
import errno
import functools
import gzip
import html
import html.entities
import io
import itertools
import json
import math
import os
import re
import unicodedata
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote

from storage._bibtex import BibEntries, bibtex_entries, utf8_pieces, without_abstract_note
from storage.enrich import display_name
from storage.models import Problem, RawRecord, counted

MAX_ABSTRACT_CHARS = 20_000
MIN_ABSTRACT_WORDS = 12
MAX_HEADER_CHARS = 200
# A given title longer than this is cut at a word before it is read (no paper's title is near it: every display
# cuts one to at most 256 characters), so a hostile 20,000-character title costs what a real one does.
MAX_TITLE_CHARS = 1_000
# A line this long is a whole abstract rather than one hard-wrapped line of one (those are ~70-120).
ABSTRACT_LINE_CHARS = 300
TEXT_SUFFIXES = frozenset({".txt"})
JSON_SUFFIXES = frozenset({".json"})
JSONL_SUFFIXES = frozenset({".jsonl", ".ndjson"})
CSV_SUFFIXES = frozenset({".csv", ".tsv"})  # a header row names the separator: tab, comma or ;
BIBTEX_SUFFIXES = frozenset({".bib"})  # entries with an abstract: the ACL Anthology's anthology+abstracts.bib
SUPPORTED_SUFFIXES = TEXT_SUFFIXES | JSON_SUFFIXES | JSONL_SUFFIXES | CSV_SUFFIXES | BIBTEX_SUFFIXES
SUPPORTED_NAMES = ".txt, .json, .jsonl, .ndjson, .csv, .tsv or .bib"  # for messages
GZIP_SUFFIX = ".gz"  # any of them compressed, as datasets ship them: papers.jsonl.gz
ZIP_SUFFIX = ".zip"  # an archive of them, as a dataset is downloaded

_FIELD_ALIASES: dict[str, tuple[str, ...]] = {
    "title": ("title",),
    # Zotero's CSV and JSON; Semantic Scholar's Open Research Corpus
    "abstract": ("abstract", "summary", "abstract note", "abstractnote", "paperabstract"),
    "authors": ("authors", "author", "authorships"),  # OpenAlex's: [{"author": {"display_name": ...}}, ...]
    "url": ("url", "site"),
    "pdf": ("pdf",),
    "code_url": ("github", "code", "code_url"),
    "venue": ("venue", "conference"),
}
# A spreadsheet's column named in the language of the people who made it: the languages of the places whose Excel
# saves "CSV" with ";" (which parse_csv reads), and those of other scripts whose sheets are saved as CSV UTF-8 or
# Unicode Text (Russian, Ukrainian, Czech, Turkish, Greek, Chinese, Japanese, Korean): their names for the three
# fields every corpus has, accents aside ("Résumé", "Título", "Περίληψη"). Read after the English names: a sheet
# with both reads the English column.
_LOCALISED_NAMES = {
    "title": "titel titre titulo titolo tytuł название заглавие заголовок назва název başlık τίτλος "
             "标题 標題 题名 題名 篇名 论文标题 論文標題 タイトル 表題 論文名 제목 논문제목",
    "abstract": "zusammenfassung kurzfassung resume resumen resumo riassunto sommario samenvatting sammanfattning "
                "sammendrag abstrakt streszczenie аннотация реферат резюме анотація анотация souhrn özet περίληψη "
                "摘要 论文摘要 論文摘要 要旨 抄録 概要 アブストラクト 초록 요약 국문초록 영문초록",
    "authors": "autoren autor auteurs auteur autores autori autore forfattere forfatter forfattare autorzy авторы "
               "автор автори autoři yazarlar yazar συγγραφείς συγγραφέας 作者 著者 著者名 저자 저자명",
}


def _without_accents(text: str) -> str:
    """`text` with its letters' accents taken off ("Résumé" -> "Resume", "Περίληψη" -> "Περιληψη")."""
    if text.isascii():
        return text
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


_LOCALISED_COLUMNS = {_without_accents(alias): field_name for field_name, aliases in _LOCALISED_NAMES.items()
                      for alias in aliases.split()}
# A note after a column's name says which one, not what it is: "Abstract (English)", "Title [EN]", "Authors:",
# "摘要（英文）", "要旨【英語】", "著者："
_COLUMN_NOTE = re.compile(r"(?:\([^()]*\)|\[[^\[\]]*\]|（[^（）]*）|【[^【】]*】|[:：])$")
_COLUMN_NOTE_ENDS = ")]:）】："
_COLUMN_NAME_CHARS = 100  # a header's cell is short; the rows read to find the header may hold whole abstracts
_COLUMN_NAMES = frozenset(alias for aliases in _FIELD_ALIASES.values() for alias in aliases)
_FIELD_OF = {alias: field_name for field_name, aliases in _FIELD_ALIASES.items() for alias in aliases}
# OpenAlex gives a work's abstract only as its words' positions: {"Despite": [0], "growing": [1], ...}.
_INVERTED_ABSTRACT = "abstract_inverted_index"
_ABSTRACT_KEYS = frozenset({*_FIELD_ALIASES["abstract"], _INVERTED_ABSTRACT})  # a record's keys naming its abstract
_HEADER_SUFFIX = re.compile(r"\s+(?:accepted\s+)?(?:papers|abstracts|proceedings)\s*$", re.IGNORECASE)
_VENUE_FROM_NAME = re.compile(r"^([A-Za-z]+)[-_ ]?((?:19|20)\d\d)$")
# Lone surrogates: undecodable bytes kept by surrogateescape (U+DC80-U+DCFF), or half a pair from a
# JSON escape such as "\\ud83d". SQLite cannot store either, so a record holding one is skipped.
_BAD_CHAR = re.compile("[\ud800-\udfff]")
_NOT_ASCII_PROSE = re.compile(r"[^A-Za-z \n]+")
_ASCII_PROSE_BYTES = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz \n"
_AUTHOR_SEPARATOR = re.compile(r"\s*;\s*")
_AUTHOR_AND = re.compile(r",?\s+and\s+")  # "A. One, B. Two and C. Three", "Lovelace, Ada and Turing, Alan"
_AUTHOR_COMMA = re.compile(r"\s*,\s*")
_BRACKET = re.compile(r"([()])")
_ROWS_ABOVE_HEADER = 9  # a CSV's rows read to find its header: a title, a date, blank rows above a table
_SEPARATOR_LINE = re.compile(r"sep=([^\r\n])\r?\n", re.IGNORECASE)
# "Jr.", "Sr.", "III"; a numeral in capitals, as suffixes are written: "Chen, Xi" and "Nguyen, Vi" name a first name.
_NAME_SUFFIX = re.compile(r"(?i:jr|sr)\.?|I{2,3}|IV|VI{1,3}")
_ET_AL = re.compile(r"et\.? al\.?", re.IGNORECASE)
# A DOI ("10.1145/3292500.3330701"), bare or as a link or as cited ("doi:10.…"); Crossref's rule: a prefix of
# 10. and digits, a slash, then anything.
_DOI = re.compile(r"(?:https?://(?:dx\.)?doi\.org/|doi:\s*)?(10\.\d{4,9}/\S+)", re.IGNORECASE)
# An arXiv identifier, version aside (case ignored): "2401.01234" (since 2007: year, month 01-12, a number of
# 4 or 5 digits) or "math.AG/0406123" (before: archive, maybe a subject class, year, month, number); "1234.5678"
# (month 34) is none. The one rule: a record's id made its links here, and storage.search reads identifiers
# typed and arXiv's page links with it, so the two agree.
ARXIV_IDENTIFIER = (r"(?:\d\d(?:0[1-9]|1[0-2])\.\d{4,5}"
                    r"|[a-z]+(?:-[a-z]+)?(?:\.[a-z]{2})?/\d\d(?:0[1-9]|1[0-2])\d{3})")
# A record's arXiv identifier, as arXiv's metadata ("id") and Papers with Code ("arxiv_id") give it, any version.
_ARXIV_ID = re.compile(rf"(?:arxiv:)?({ARXIV_IDENTIFIER}(?:v\d+)?)", re.IGNORECASE)


@dataclass(slots=True)
class ParseResult:
    """What reading some paths produced: records, problems and the files actually read."""

    records: list[RawRecord] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    unreadable: list[Path] = field(default_factory=list)  # files that could not be read at all
    cut_short: list[Path] = field(default_factory=list)  # files that end part way (CUT_SHORT_NOTE)

    def extend(self, other: ParseResult) -> None:
        """Append another result to this one."""
        self.records.extend(other.records)
        self.problems.extend(other.problems)
        self.files.extend(other.files)
        self.unreadable.extend(other.unreadable)
        self.cut_short.extend(other.cut_short)


def expand_paths(paths: Iterable[Path], empty: list[Path] | None = None) -> tuple[list[Path], list[Problem]]:
    """Turn files and folders into the list of corpus files, folders in stable (sorted) order.

    `empty` receives the subfolders of the folders given that hold no corpus file (an unmounted share's mount
    point): the loader keeps the papers such a folder gave before, as those of a path given but missing.
    """
    files: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir():
            found = _corpus_files_in(path, problems, [] if empty is None else empty)
            if not found:
                problems.append(Problem(_shown(path), "", f"folder has no corpus files ({SUPPORTED_NAMES})"))
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            problems.append(Problem(_shown(path), "", _missing_path_message(path)))
    # Each file's name once, and no `path not in named` over a list: that was 50 million comparisons for 10,000 files.
    shown = [(path, _shown(path)) for path in files]
    problems += [Problem(text, "", "the file name is not UTF-8 (an old zip archive may leave names so); "
                                   "rename the file to load it") for path, text in shown if text != str(path)]
    return _unique([path for path, text in shown if text == str(path)]), problems


def _missing_path_message(path: Path) -> str:
    """ "no such file or folder", with the separator to use when the path is several joined the wrong way.

    CORPUS_PATH lists paths like PATH does (':' on Linux); "a.json,b.json" is one name that does not
    exist, and the bare message would send the user looking for a typo in a file name that is right.
    """
    if path.is_symlink():
        return _broken_link_message(path)
    text = str(path)
    for wrong in (separator for separator in ",;" if separator != os.pathsep):
        parts = [Path(part.strip()).expanduser() for part in text.split(wrong) if part.strip()]
        if len(parts) > 1 and any(part.exists() for part in parts):
            return f"no such file or folder; to name several, separate them with '{os.pathsep}', not '{wrong}'"
    return "no such file or folder"


def _shown(path: Path) -> str:
    """The path as text that can be printed and stored: a byte of a name that is not UTF-8 as U+FFFD."""
    text = str(path)
    return text if text.isascii() else text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _corpus_files_in(folder: Path, problems: list[Problem], empty: list[Path]) -> list[Path]:
    """The supported files under `folder`, sorted; hidden files and folders skipped.

    Symlinked subfolders are followed (Path.rglob does not, so a dataset linked into the corpus
    folder was silently left out and its papers retired), each real folder once, so a link to an
    enclosing folder cannot loop. A folder that cannot be listed (permission denied) and a link whose target is
    gone (a share not mounted) are `problems`, which keep the papers they gave before: they were left out
    unsaid, and their papers retired. So is an archive of a kind not read (.tar.gz, .7z, .json.bz2), as in a
    zip archive. The subfolders that hold no corpus file, at any depth, go to `empty`.
    """
    found: list[Path] = []
    walked: set[str] = set()
    roots: list[str] = []  # the folders walked (each real one once), as the walk names them

    def unlisted(error: OSError) -> None:
        problems.append(Problem(_shown(Path(error.filename)), "", f"cannot read the folder: "
                                f"{error.strerror or error}; the papers it gave before are kept"))

    for root, folders, names in os.walk(folder, followlinks=True, onerror=unlisted):
        real = os.path.realpath(root)
        if real in walked:
            folders.clear()
            continue
        walked.add(real)
        roots.append(root)
        folders[:] = [name for name in folders if not name.startswith(".")]
        present = set(names)
        for name in sorted(names):  # problems in a stable order too
            path = Path(root, name)
            if name.startswith(".") or _unpacked_beside(name, present):
                continue
            if (corpus_suffix(path) in SUPPORTED_SUFFIXES or path.suffix.lower() == ZIP_SUFFIX) and path.is_file():
                found.append(path)
            elif not path.exists() and path.is_symlink():  # os.walk lists a link to a folder that is gone as a file
                problems.append(Problem(_shown(path), "", _broken_link_message(path)))
            elif _unread_packing(name) not in (None, ZIP_SUFFIX):  # a dataset.tar.gz dropped in: say it is not read
                problems.append(Problem(_shown(path), "", _unread_archive_note(name)))
    empty += _without_corpus_files(roots, {str(path.parent) for path in found})
    return sorted(found)


def _without_corpus_files(roots: list[str], holding: set[str]) -> list[Path]:
    """The folders walked (`roots`, as os.walk names them, the folder given first) that hold no corpus file at
    any depth, given the folders that hold one themselves; not the folder given, which has a problem of its own."""
    for folder in list(holding):
        while (parent := os.path.dirname(folder)) != folder and parent not in holding:
            holding.add(parent)
            folder = parent
    return [Path(root) for root in roots[1:] if root not in holding]


def _broken_link_message(link: Path) -> str:
    """What to say of a symbolic link that leads to no file or folder."""
    try:
        link.stat()
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "symbolic link loop (it leads back to itself); the papers it gave before are kept"
    return f"broken symbolic link: {_shown(Path(os.readlink(link)))} is missing; the papers it gave before are kept"


def corpus_suffix(path: Path) -> str:
    """The suffix naming a file's format, lowercased: '.json' for papers.json, and for papers.json.gz."""
    suffix = path.suffix.lower()
    return Path(path.stem).suffix.lower() if suffix == GZIP_SUFFIX else suffix


def _unpacked_beside(name: str, names: set[str]) -> bool:
    """Whether `name` is gzipped and its unpacked copy is among `names`, the files of its folder (`gunzip -k`
    keeps both: loading both, every paper was reported a duplicate of itself). A set: a dataset of 10,000
    gzipped parts took 0.6 s of CPU to list with a list, at every start and `ingest`, unchanged or not."""
    return name.lower().endswith(GZIP_SUFFIX) and name[:-len(GZIP_SUFFIX)] in names


def _unique(files: list[Path]) -> list[Path]:
    seen: set[Path] = set()
    unique = []
    for path in files:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


def parse_paths(paths: Sequence[Path]) -> ParseResult:
    """Read every corpus file under `paths` (files or folders)."""
    files, problems = expand_paths(paths)
    result = ParseResult(problems=problems)
    for path in files:
        result.extend(parse_file(path))
    return result


def parse_file(path: Path) -> ParseResult:
    """Read one corpus file, choosing the format from its extension."""
    result = ParseResult()
    for piece in parse_file_in_pieces(path):
        result.extend(piece)
    return result


def parse_file_in_pieces(path: Path) -> Iterator[ParseResult]:
    """parse_file's result a piece at a time: a BibTeX file's records as each few megabytes of it are read (a
    large one takes seconds to split, and its first papers can be enriched meanwhile), a zip archive's one file
    at a time; one piece for the other formats. The first piece of each file names it."""
    if path.suffix.lower() == ZIP_SUFFIX:
        yield from _archive_in_pieces(path)
        return
    suffix = corpus_suffix(path)
    gzipped = path.suffix.lower() == GZIP_SUFFIX
    if suffix not in SUPPORTED_SUFFIXES:
        shown = "".join(path.suffixes[-2:]).lower() if gzipped else suffix
        expected = f"{SUPPORTED_NAMES}{', gzipped or not' if gzipped else ''}, or a .zip of them"
        yield ParseResult(files=[path], problems=[
            Problem(str(path), "", f"unsupported file type {shown or '(none)'!r}; expected {expected}")])
        return
    try:
        data, cut = _gunzipped_file(path) if gzipped else (path.read_bytes(), False)
    except _NotReadError as exc:
        yield _unreadable(path, str(exc))
        return
    except OSError as exc:
        yield _unreadable(path, f"cannot read {'the gzip ' if gzipped else ''}file: {exc.strerror or exc}")
        return
    yield from _bytes_in_pieces(path, data, suffix, cut=cut)


# What a gzipped file, or a file in a zip archive, is unpacked to at most. A few kilobytes can unpack to gigabytes (a
# "decompression bomb"), and the unpacked bytes are held whole: one in the corpus folder took all the bot's memory
# at start-up. Far above any packed corpus we know (the ACL Anthology's BibTeX, the largest we load, is 150 MB);
# a larger one is refused with this said, and loads once unpacked (a plain file has no limit: its size is on disk).
MAX_UNPACKED_BYTES = 1 << 30
_UNPACK_READ = 1 << 20  # read a megabyte at a time, so no more than the limit is ever unpacked


class _NotReadError(Exception):
    """A file (or a file in an archive) that cannot be read; its message says why, for the file's Problem."""


def _unpacked(stream: IO[bytes] | io.BufferedIOBase, what: str) -> bytes:
    """All that `stream` (a file being unpacked) gives, up to MAX_UNPACKED_BYTES; past that, _NotReadError."""
    pieces: list[bytes] = []
    _unpack_into(pieces, stream.read, what)
    return b"".join(pieces)


def _unpack_into(pieces: list[bytes], read: Callable[[int], bytes], what: str) -> None:
    """Append to `pieces` what `read` gives, up to MAX_UNPACKED_BYTES; past that, _NotReadError. What was read
    stays in `pieces` when `read` raises: the whole part of a gzip file cut short."""
    limit = MAX_UNPACKED_BYTES  # read at each call: a test lowers it
    size = 0
    while piece := read(min(_UNPACK_READ, limit + 1 - size)):
        size += len(piece)
        if size > limit:
            raise _NotReadError(f"cannot read {what}: it unpacks to more than {_amount(limit)}, the most a packed "
                                "file is unpacked to (a guard against decompression bombs); unpack it to load it")
        pieces.append(piece)


def _amount(size: int) -> str:
    """A number of bytes as people read it: "1,024 MB", "1,000 bytes"."""
    return f"{size / (1 << 20):,.0f} MB" if size >= 1 << 20 else counted(size, "byte")


def _gunzipped(packed: IO[bytes] | io.BufferedIOBase) -> tuple[bytes, bool]:
    """The bytes a gzip stream unpacks to (see _unpacked), and whether the stream is cut short (a download or copy
    that stopped): then the bytes are those it held before the cut. _NotReadError when it is not gzip data, or
    corrupt, or cut before any byte of text."""
    pieces: list[bytes] = []
    try:
        with gzip.GzipFile(fileobj=packed, mode="rb") as unpacking:
            # read1: each piece as it is unpacked, so those before the cut are kept (read() drops a part-read one)
            _unpack_into(pieces, unpacking.read1, "the gzip file")
    except EOFError:  # "Compressed file ended before the end-of-stream marker was reached"
        if not any(piece.strip() for piece in pieces):
            raise _NotReadError(_GZIP_CUT_BEFORE_TEXT) from None
        return b"".join(pieces), True
    except (OSError, zlib.error) as exc:  # not gzip data, corrupt; a disk's read error
        raise _NotReadError(f"cannot read the gzip file: {getattr(exc, 'strerror', None) or exc}") from None
    return b"".join(pieces), False


_GZIP_CUT_BEFORE_TEXT = ("cannot read the gzip file: it ends part way through, before any of its text (a copy still "
                         "being written, a download cut short?); the papers it gave before are kept")


def _gunzipped_file(path: Path) -> tuple[bytes, bool]:
    """The bytes a gzipped file unpacks to, read from the file as they are unpacked, and whether it is cut short
    (see _gunzipped)."""
    with path.open("rb") as packed:
        return _gunzipped(packed)


def _bytes_in_pieces(path: Path, data: bytes, suffix: str, *, cut: bool = False) -> Iterator[ParseResult]:
    """A corpus file's records and problems from its (unpacked) bytes (see parse_file_in_pieces); `cut`: the bytes
    are those of a gzip file cut short, read before the cut."""
    result = ParseResult(files=[path])
    name = str(path)
    if cut:
        data = _whole_characters(data)
    data, padding = _without_nul_padding(data)
    if padding:  # said once; the file's papers are kept, as those of one cut short
        result.extend(ParseResult(cut_short=[path], problems=[Problem(name, "", _nul_padding_note(padding))]))
    if suffix in BIBTEX_SUFFIXES and _has_text(data) and (utf8 := utf8_pieces(data)) is not None:
        del data
        yield result
        yield from _bibtex_in_pieces(path, utf8, cut=cut, padding=padding)  # decoded a piece at a time
        return
    text, problem = decode(name, data)
    del data  # a large file's bytes are not held while its text is read
    if problem:
        result.problems.append(problem)
        if text is None:
            result.unreadable.append(path)
            yield result
            return
    assert text is not None
    if suffix in BIBTEX_SUFFIXES and _has_text(text):
        yield result
        yield from _bibtex_in_pieces(path, text, cut=cut, padding=padding)
        return
    records, problems = parse_text(name, text, suffix, cut=cut)
    result.records.extend(records)
    result.problems.extend(problems)
    # A file that gives nothing keeps its papers anyway: the note only for one that gives some, or is known cut.
    if (cut or (records and _ends_part_way(text, suffix, problems))) and not padding:
        result.extend(_cut_short(path))
    yield result


def _bibtex_in_pieces(path: Path, content: str | bytes, *, cut: bool, padding: int) -> Iterator[ParseResult]:
    """A BibTeX file's records and problems a piece at a time, then the note of a file that ends part way: one
    known cut (`cut`), or one that ends inside an entry as a copy still being written does. Not when NUL bytes
    after its text (`padding`) were said to be there: that note keeps its papers already."""
    ends_part_way = cut
    for records, problems in parse_bibtex_in_pieces(str(path), content):
        ends_part_way = ends_part_way or _names_a_cut(problems)
        yield ParseResult(records=records, problems=problems)
    if ends_part_way and not padding:
        yield _cut_short(path)


def _without_nul_padding(data: bytes) -> tuple[bytes, int]:
    """The file's bytes without the NUL bytes after its text, and how many there were. A copy or download that
    stopped part way leaves them (the space it set aside, never written): read with them, a seed text's last
    paragraph was skipped for a NUL byte, and a small file was "binary". UTF-16 and UTF-32 files, whose characters
    end in NULs, are left as they are; so are files of NULs alone, and those with a NUL further in (binary)."""
    if not data.endswith(b"\x00") or encoding_by_byte_order_mark(data):
        return data, 0
    text = data.rstrip(b"\x00")
    if not _has_text(text) or b"\x00" in text[:8192]:
        return data, 0
    return text, len(data) - len(text)


def _nul_padding_note(count: int) -> str:
    return (f"ends in {counted(count, 'NUL byte')} after its text, as a copy or download that stopped part way "
            "leaves a file (space set aside, never written): they are ignored, and the papers it gave before are "
            "kept while they are there")


def _cut_short(path: Path) -> ParseResult:
    """The note of a file that ends part way, which keeps the papers it gave before."""
    return ParseResult(cut_short=[path], problems=[Problem(str(path), "", CUT_SHORT_NOTE)])


def _whole_characters(data: bytes) -> bytes:
    """The bytes of a file cut short without the character the cut splits: UTF-8's last one, if its bytes are not
    all there, or the odd bytes past UTF-16's or UTF-32's last whole character. Read with them, the file said "not
    UTF-8 text" (or was read as Windows-1252) for the cut alone."""
    encoding = encoding_by_byte_order_mark(data)
    if encoding:
        width = 4 if encoding == "UTF-32" else 2
        return data[:len(data) - len(data) % width]
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte < 0x80:  # ASCII: no character is split
            return data
        if byte >= 0xC0:  # the first byte of a character of 2 (0xC0-0xDF), 3 (0xE0-0xEF) or 4 bytes
            length = 2 if byte < 0xE0 else 3 if byte < 0xF0 else 4
            return data[:-back] if back < length else data
    return data


CUT_SHORT_NOTE = ("the file ends part way through (a copy still being written, a download cut short?): its papers "
                  "are kept until it is whole")
_TAIL_CHARS = 4096  # a file's end is read past this much whitespace: no file is cut short so


def _ends_part_way(text: str, suffix: str, problems: Sequence[Problem] = ()) -> bool:
    """Whether a JSON or JSON Lines file stops before its end, as one being copied or downloaded does: a list left
    open, or a last record the end of the file cuts off (the reader said so among `problems`). The records before
    load; the loader keeps the file's other papers (they retired until the next load, the bot's next start).

    The last character alone cannot tell: a copy cut off just after a record's title (`"`), its list of authors
    (`]`) or a nested object (`}`) ends as a whole file does, and retired the papers not written yet, unsaid.
    """
    if _names_a_cut(problems):
        return True
    if suffix not in JSON_SUFFIXES | JSONL_SUFFIXES or not _has_text(text):
        return False
    first, last = text[_after_whitespace(text, 0)], text[-_TAIL_CHARS:].rstrip()[-1:]
    if first == "[":
        return last != "]"
    # objects one after another or a line each: one cut short ends inside one, not after an object or a string (a
    # note after the records, `"a note"`, is a problem of its own)
    return first == "{" and last not in ("}", '"', "")


def _names_a_cut(problems: Iterable[Problem]) -> bool:
    """Whether one of the problems names a record, a paragraph or an entry the end of the file cuts."""
    return any(problem.message.startswith(_CUT_OFF) for problem in problems)


def _has_text(content: str | bytes) -> bool:
    """Whether a file's text or bytes hold more than whitespace, without the copy `.strip()` makes of a file of
    hundreds of megabytes."""
    return bool(content) and not content.isspace()


def _unreadable(path: Path, message: str) -> ParseResult:
    return ParseResult(files=[path], unreadable=[path], problems=[Problem(str(path), "", message)])


def _archive_in_pieces(path: Path, opened: io.BytesIO | None = None) -> Iterator[ParseResult]:
    """The corpus files in a zip archive (a dataset as it is downloaded), each read as it would be unpacked, in
    the order of their names; each is named `archive.zip/its/name.json`, so a problem says where it is and the
    papers of a file that cannot be read are kept, as those of an unpacked one are. What a folder leaves out is
    left out: other files, hidden ones, macOS's `__MACOSX/` copies, a gzipped file whose unpacked copy is there.
    A zip archive in it is read too (`opened`: its bytes), as datasets are zipped again to be shared
    (`dataset.zip/part1.zip/papers.json`); an archive in that one, or of a kind not read (.tar.gz, .7z), is named
    in a note rather than left out unsaid."""
    try:
        archive = zipfile.ZipFile(opened or path)
    except (OSError, zipfile.BadZipFile) as exc:
        yield _unreadable(path, f"cannot read the zip archive: {getattr(exc, 'strerror', None) or exc}")
        return
    with archive:
        members, unread = _corpus_members(archive, zips=opened is None)
        if unread:
            yield ParseResult(problems=[Problem(str(Path(path, name)), "", _unread_archive_note(name))
                                        for name in unread])
        if not members:
            yield _unreadable(path, f"zip archive has no corpus files ({SUPPORTED_NAMES})")
            return
        for member in members:
            yield from _member_in_pieces(path, archive, member)


def _member_in_pieces(path: Path, archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> Iterator[ParseResult]:
    """One file of a zip archive, read as it would be unpacked (see _archive_in_pieces)."""
    inside = Path(path, member.filename)
    packing = inside.suffix.lower()
    try:
        with archive.open(member) as stream:
            data, cut = _gunzipped(stream) if packing == GZIP_SUFFIX else \
                (_unpacked(stream, "it from the zip archive"), False)
    except _NotReadError as exc:
        yield _unreadable(inside, str(exc))
        return
    except (OSError, EOFError, zipfile.BadZipFile, zlib.error, NotImplementedError, RuntimeError) as exc:
        # a damaged or cut-short archive, a compression zipfile lacks, an encrypted file (RuntimeError)
        yield _unreadable(inside, f"cannot read it from the zip archive: {exc}")
        return
    if packing == ZIP_SUFFIX:
        yield from _archive_in_pieces(inside, io.BytesIO(data))
    else:
        yield from _bytes_in_pieces(inside, data, corpus_suffix(inside), cut=cut)


def _corpus_members(archive: zipfile.ZipFile, *, zips: bool) -> tuple[list[zipfile.ZipInfo], list[str]]:
    """The archive's corpus files (and its zip archives, with `zips`), sorted by name; and the names of the
    archives and packed files in it that are not read (`_unread_packing`)."""
    names = set(archive.namelist())
    read: list[zipfile.ZipInfo] = []
    unread: list[str] = []
    for member in archive.infolist():
        name = member.filename
        if member.is_dir() or any(part.startswith((".", "__MACOSX")) for part in name.split("/")) \
                or _unpacked_beside(name, names):
            continue
        if corpus_suffix(Path(name)) in SUPPORTED_SUFFIXES or (zips and name.lower().endswith(ZIP_SUFFIX)):
            read.append(member)
        elif _unread_packing(name):
            unread.append(name)
    return sorted(read, key=lambda member: member.filename), sorted(unread)


_OTHER_ARCHIVES = frozenset({ZIP_SUFFIX, ".tar", ".tgz", ".7z", ".rar"})  # a zip archive: two levels in
_OTHER_PACKINGS = frozenset({GZIP_SUFFIX, ".bz2", ".xz", ".zst"})


def _unread_packing(name: str) -> str | None:
    """How a file in a zip archive is packed when it is an archive or a packed corpus file this does not read
    ('.tar.gz', '.7z', '.json.bz2', '.zip' two levels in), else None (a README, an image: left out unsaid)."""
    path = Path(name.lower())
    inner = Path(path.stem).suffix
    if path.suffix in _OTHER_PACKINGS and inner in SUPPORTED_SUFFIXES | {".tar"}:
        return inner + path.suffix
    return path.suffix if path.suffix in _OTHER_ARCHIVES else None


def _unread_archive_note(name: str) -> str:
    packing = _unread_packing(name)
    if packing == ZIP_SUFFIX:  # only in a zip archive that is in another
        return "a zip archive in a zip archive in another is not read (one level in is); unpack it to load it"
    return f"packed as {packing}, which is not read (a corpus file as it is, gzipped or in a zip archive is); " \
        "unpack it to load it"


# UTF-32's marks come first: its little-endian one (FF FE 00 00) begins with UTF-16's (FF FE), so a
# UTF-32 file checked the other way round was read as UTF-16 full of NULs.
_BYTE_ORDER_MARKS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
                     (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


def encoding_by_byte_order_mark(data: bytes) -> str | None:
    """'UTF-32' or 'UTF-16' when `data` starts with that encoding's byte order mark (Windows' "Unicode"
    and PowerShell's `>` write UTF-16 so), else None; Python's codec of that name reads the mark."""
    return next((encoding for mark, encoding in _BYTE_ORDER_MARKS if data.startswith(mark)), None)


# A character UTF-8 writes in two to four bytes (as the codec reads them: no overlong form, no surrogate).
_UTF8_MULTIBYTE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}"
                             rb"|\xed[\x80-\x9f][\x80-\xbf]|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}"
                             rb"|\xf4[\x80-\x8f][\x80-\xbf]{2}")
# Three bytes above ASCII in a row: words of Cyrillic, Greek, Hebrew, Arabic or Thai in their Windows code
# pages, or of CJK in theirs; Windows-1252 text has its accented letters among ASCII ones ("ção", "Größe").
_NON_ASCII_RUN = re.compile(rb"[\x80-\xff]{3}")
# Letters of other code pages that Windows-1252 reads as symbols (or capitals) inside a word: Central
# European (Windows-1250) "Wroc³aw" (ł), "D¹browski" (ą), "Ró¿ewicz" (ż); Mac Roman, as Excel for Mac
# saves "CSV", "rŽsumŽ" (é), "MŸller" (ü), "M‡laga" (á), "S‹o" (ã) (read as Mac Roman: `_as_mac_roman`).
# Not the apostrophe, dashes or š ž œ, which Windows-1252 text has inside words ("l’été", "Lennard–Jones",
# "Dušan", "œuvre").
_SYMBOL_IN_A_WORD = re.compile(r"(?<=[^\W\d_])[£¥¯³¹¼¾¿€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘“”•˜™›Ÿ](?=[^\W\d_])"
                               # Mac Roman's dashes and quotes after a small letter: "LennardÐJones" (–), "donÕt"
                               # (’); a capital so is no word's ("ESPAÑA", "INFORMAÇÕES" have capitals before)
                               r"|(?<=[a-zß-öø-ÿ])[ÐÑÒÓÔÕ](?=[^\W\d_])"
                               # and its accented letters at a word's end or start: "JosŽ" (é), "†ber" (Ü), "€rger" (Ä)
                               r"|(?<=[a-zß-öø-ÿ])[ŠŒŽŸ]|(?<![^\W\d_])[€†](?=[a-zß-öø-ÿ])")
WINDOWS_1252_NOTE = "not UTF-8; read as Windows-1252 (Excel's CSV export)"


def _as_windows_1252(data: bytes) -> str | None:
    """The text of a file Excel (or Notepad's "ANSI") saved on Windows in Western Europe or the Americas,
    Windows-1252 (Latin-1 reads the same), or None when the bytes do not look like that.

    Called only on bytes that are not UTF-8. A file with a character written as UTF-8 is a UTF-8 file
    with some bad bytes (records holding them are skipped, as before: read as Windows-1252, its UTF-8
    would be mojibake). So is one with a byte Windows-1252 has no character for, or with letters of
    other code pages (runs of bytes above ASCII; Central European or Mac Roman letters read as symbols).
    """
    if _UTF8_MULTIBYTE.search(data) or _NON_ASCII_RUN.search(data):
        return None
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:  # 0x81, 0x8d, 0x8f, 0x90, 0x9d: no character in Windows-1252
        return None
    return None if _SYMBOL_IN_A_WORD.search(text) else text


MAC_ROMAN_NOTE = "not UTF-8; read as Mac Roman (Excel for Mac's CSV export)"
_BESIDE_A_LETTER = re.compile(r"(?<=[^\W\d_])[^\x00-\x7f]|[^\x00-\x7f](?=[^\W\d_])")
_BETWEEN_LETTERS = re.compile(r"([^\W\d_])([^\x00-\x7f])([^\W\d_])")
_BESIDE_A_LETTER_TOO = frozenset("’‘“”–—…")  # "l’été", "Lennard–Jones", "“Word”": no letters, but at home there


def _as_mac_roman(data: bytes) -> str | None:
    """The text of a file Excel for Mac saved as "CSV" (Mac Roman), or None when the bytes do not look like that.

    Called only on bytes that are neither UTF-8 nor Windows-1252 (`_as_windows_1252`), which reads Mac Roman's
    accented letters as symbols inside words ("rŽsumŽ", "MŸller", "M‡laga"): taken when every character beyond
    ASCII beside a letter reads as a letter, a quote, a dash or an ellipsis in Mac Roman. Another code page's
    letters read so as symbols ("Wroc≥aw", Windows-1250's ł) or come in runs (Cyrillic, CJK): those files are
    refused, as before.
    """
    if _UTF8_MULTIBYTE.search(data) or _NON_ASCII_RUN.search(data):
        return None
    text = data.decode("mac_roman")  # every byte is a character of it
    beside = set(_BESIDE_A_LETTER.findall(text))
    if not beside or not all(char.isalpha() or char in _BESIDE_A_LETTER_TOO for char in beside):
        return None
    for before, char, after in _BETWEEN_LETTERS.findall(text):  # a word's letters agree in case: Windows-1252's
        around = before + after  # "ŽIŽEK" reads "éIéEK" so
        if (around.isupper() and char.islower()) or (around.islower() and char.isupper()):
            return None
    return text


# Mac Roman's ö, û and ú are Windows-1252's š, ž and œ, letters both: "Möller" reads "Mšller". Found between two
# letters, with what is before and after.
_MAC_VOWEL_AS_WINDOWS_LETTER = re.compile(r"([^\W\d_])([šžœ])(?=([^\W\d_]))")
_WINDOWS_ACCENTED_LETTER = re.compile(r"[À-ÏÖØ-öø-ÿ]")  # Latin-1's; not Ð-Õ, which Mac Roman's quotes read as


def _mac_roman_read_as_windows_1252(data: bytes, windows: str) -> str | None:
    """The Mac Roman text of a file that also reads as Windows-1252 (`windows`), when that reading's only accented
    letters are those Mac Roman's ö, û and ú are to it, š, ž and œ, each between two consonants as those vowels sit
    in names ("Mšller", "Schršdinger", "Jšrg"), where Windows-1252 text has its š, ž and œ beside a vowel
    ("Dušan", "Žižek", "cœur"); else None (read as Windows-1252, as before)."""
    found = _MAC_VOWEL_AS_WINDOWS_LETTER.findall(windows)
    if not found or not all(_consonant(before) and _consonant(after) for before, _, after in found):
        return None
    if _WINDOWS_ACCENTED_LETTER.search(windows):  # é, ü, ñ as Windows-1252 writes them: no Mac Roman file
        return None
    return _as_mac_roman(data)


def _consonant(letter: str) -> bool:
    return letter.isascii() and letter.lower() not in "aeiouy"


def _utf16_without_mark(data: bytes) -> str | None:
    """The text of UTF-16 written without a byte order mark (iconv's and .NET's UTF-16LE, SQL Server's
    `bcp -w`), else None: it has a NUL in every other byte where it writes ASCII, which made it "binary".
    Told by where the NULs are: in one lane of byte pairs (at least half of its bytes, as an English text
    has them), never in the other; a binary file has them in both."""
    sample = data[:8192 - 8192 % 2]
    for encoding, text_lane, zero_lane in (("utf-16-le", 0, 1), ("utf-16-be", 1, 0)):
        zeros = sample[zero_lane::2].count(0)
        if sample[text_lane::2].count(0) == 0 and zeros * 2 >= len(sample) // 2:
            try:
                return data.decode(encoding)
            except UnicodeDecodeError:
                return None
    return None


def decode(name: str, data: bytes) -> tuple[str | None, Problem | None]:
    """Decode file bytes as UTF-8 (or UTF-16 or UTF-32 with its byte order mark, or Windows-1252 when
    the whole file reads as that and not as UTF-8, with a note saying so); binary files give None,
    bad UTF-8 bytes are kept as surrogates."""
    if not _has_text(data):
        return "", None
    encoding = encoding_by_byte_order_mark(data)
    if encoding:
        try:
            return data.decode(encoding), None
        except UnicodeDecodeError as exc:
            return None, Problem(name, "", f"not valid {encoding} text ({exc.reason} at byte {exc.start}); "
                                           "save the file as UTF-8")
    if b"\x00" in data[:8192]:
        if text := _utf16_without_mark(data):
            return text, None
        return None, Problem(name, "", "binary file, not a text corpus")
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        if (windows := _as_windows_1252(data)) is not None:  # every record loads, its accents as written
            if (mac := _mac_roman_read_as_windows_1252(data, windows)) is not None:
                return mac, Problem(name, "", MAC_ROMAN_NOTE)
            return windows, Problem(name, "", WINDOWS_1252_NOTE)
        if (mac := _as_mac_roman(data)) is not None:
            return mac, Problem(name, "", MAC_ROMAN_NOTE)
        line = data.count(b"\n", 0, exc.start) + 1
        message = (f"not UTF-8 text (byte 0x{data[exc.start]:02x} at line {line}); "
                   "records with undecodable bytes are skipped, save the file as UTF-8")
        return data.decode("utf-8-sig", errors="surrogateescape"), Problem(name, f"line {line}", message)


def parse_text(name: str, text: str, suffix: str, *, cut: bool = False) -> tuple[list[RawRecord], list[Problem]]:
    """Parse decoded file text in the format implied by `suffix`; `cut`: the text is known to stop part way (a gzip
    file cut short), so its last record, unless it is seen to end, is skipped as one the cut may shorten."""
    if not _has_text(text):
        return [], [Problem(name, "", "empty file")]
    if suffix in JSON_SUFFIXES:  # the JSON readers tell a record the end of the text cuts off themselves
        return parse_json(name, text)
    if suffix in JSONL_SUFFIXES:
        return parse_json(name, text) if _json_over_lines(text) else parse_jsonl(name, text)
    if suffix in BIBTEX_SUFFIXES:
        return parse_bibtex(name, text)
    if suffix in CSV_SUFFIXES or _starts_with_a_table_header(text):
        return parse_csv(name, text, cut=cut)
    return parse_seed_text(name, text, cut=cut)


def _starts_with_a_table_header(text: str) -> bool:
    """Whether a .txt file is a table: its first line names an abstract column among others, separated by
    tabs or commas. Excel saves its "Unicode Text" (UTF-16) and "Text (Tab delimited)" so, as .txt; read
    as seed text, the whole table was one abstract under a venue named "Title Abstract Authors"."""
    first = text[:4096].partition("\n")[0]
    for separator in ("\t", ","):
        cells = _column_names([cell.strip().strip('"') for cell in first.split(separator)])
        if len(cells) > 1 and _names_an_abstract(cells):
            return True
    return False


def _column_names(cells: list[str]) -> list[str]:
    """A header row's cells as the names the fields are looked up by: lowercased, and the name of a column written
    in another language or with a note (see _LOCALISED_COLUMNS, _COLUMN_NOTE) as the English one. A field's column
    named in English is read before one with a note, and that before one in another language, whatever their order:
    a column that would so give a field already given keeps its own name ("Abstract (German)" after "Abstract
    (English)"; "Zusammenfassung" beside "Abstract (English)" or "Summary": a bilingual sheet's English abstract)."""
    names = [cell.strip().lower() for cell in cells]
    given = {_FIELD_OF[name] for name in names if name in _FIELD_OF}
    renamed = [(localised, at, name) for at, written in enumerate(names) if written not in _FIELD_OF
               for name, localised in [_column_name(written)] if name != written]
    for _, at, name in sorted(renamed):
        if _FIELD_OF[name] not in given:
            names[at] = name
            given.add(_FIELD_OF[name])
    return names


def _column_name(written: str) -> tuple[str, bool]:
    """The English name of a column written otherwise (lowercased), or the name as written; whether it was written
    in another language."""
    if len(written) > _COLUMN_NAME_CHARS:
        return written, False
    bare = _without_accents(_COLUMN_NOTE.sub("", written).rstrip() if written[-1:] in _COLUMN_NOTE_ENDS else written)
    if bare in _LOCALISED_COLUMNS:
        return _LOCALISED_COLUMNS[bare], True
    return (bare if bare in _COLUMN_NAMES else written), False


# --- seed text: a header line naming the collection, then one abstract per paragraph ---------------

def _paragraphs(text: str) -> Iterator[tuple[int, str]]:
    """Yield (first line number, paragraph text) for blank-line separated paragraphs."""
    start, lines = 0, list[str]()
    for number, line in _numbered_lines(text):
        if line := line.rstrip():
            if not lines:
                start = number
            lines.append(line)
        elif lines:
            yield start, "\n".join(lines)
            lines = []
    if lines:
        yield start, "\n".join(lines)


def _numbered_lines(text: str) -> Iterable[tuple[int, str]]:
    """The text's lines, each with the number editors, grep and sed give it.

    str.splitlines() also ends a line at a form feed (pdftotext ends each page with one), U+2028, U+2029,
    U+0085 and a few control characters, which those do not count: every line after one was reported a
    line too far. Such breaks still end a line here; only the numbering follows "\n" (and "\r").
    """
    lines = text.splitlines()
    if len(lines) == text.count("\n") + (not text.endswith("\n")):  # line breaks are "\n" or "\r\n" only
        return enumerate(lines, start=1)
    return _lines_numbered_by_break(text)


def _lines_numbered_by_break(text: str) -> Iterator[tuple[int, str]]:
    number = 1
    for line in text.splitlines(keepends=True):
        yield number, line  # its line break is whitespace, which the caller strips
        if line[-1] in "\r\n":
            number += 1


def looks_like_header(line: str) -> bool:
    """Whether a first line names a collection ("ICML 2025 Papers") rather than starting an abstract."""
    stripped = line.strip()
    return 0 < len(stripped) <= MAX_HEADER_CHARS and len(stripped.split()) < MIN_ABSTRACT_WORDS


def venue_from_header(line: str) -> str | None:
    """'ICML 2025 Papers' -> 'ICML 2025'."""
    venue = _HEADER_SUFFIX.sub("", line.strip()).strip(" #:-")
    return venue or None


def parse_seed_text(name: str, text: str, *, cut: bool = False) -> tuple[list[RawRecord], list[Problem]]:
    """Parse the seed format: header line, blank line, abstracts separated by blank lines. `cut`: the text stops
    part way (see parse_text), so a last paragraph no blank line ends is skipped."""
    problems: list[Problem] = []
    paragraphs = list(_paragraphs(text))
    first_line_no, first = paragraphs[0]
    header, _, rest = first.partition("\n")
    venue: str | None = None
    if looks_like_header(header):
        venue = venue_from_header(header)
        paragraphs[0] = (first_line_no + 1, rest)
        if not rest.strip():
            paragraphs.pop(0)
    else:
        problems.append(Problem(name, f"line {first_line_no}",
                                "no header line naming the collection; venue unknown"))
    if not paragraphs:
        return [], [*problems, Problem(name, "", "header only: no abstracts after the header line")]
    records: list[RawRecord] = []
    rejected: list[Problem] = []
    cut_reason = _CUT_OFF_PARAGRAPH if cut and not _ends_a_paragraph(text) else \
        _STOPS_MID_SENTENCE if _stops_mid_sentence(text) else None  # the last paragraph's, the cut may shorten it
    for number, (line_no, paragraph) in enumerate(paragraphs, start=1):
        where = f"paragraph {number} (line {line_no})"
        reason = cut_reason if cut_reason and number == len(paragraphs) else abstract_problem(paragraph)
        if reason:
            if len(paragraph) > MAX_ABSTRACT_CHARS and "\n" in paragraph and (lines := _abstract_long_lines(paragraph)):
                # a corpus of one abstract a line (`jq -r '.[].abstract'`): say so, not only that it is too long
                reason = (f"{_over_the_limit(len(paragraph)).removesuffix('; skipped')}: {lines} lines as long as "
                          "whole abstracts with no blank line between them; if each line is an abstract, put a "
                          "blank line between them; skipped")
            rejected.append(Problem(name, where, reason))
            continue
        records.append(RawRecord(abstract=paragraph, source_file=name, source_ref=where, venue=venue))
        if "\n" in paragraph and (lines := _abstract_long_lines(paragraph)):
            problems.append(Problem(name, where, f"{lines} lines as long as whole abstracts with no blank line "
                                                 "between them, read as one abstract; if each line is an "
                                                 "abstract, put a blank line between them"))
    if not records and rejected and all("too short" in p.message or "not prose" in p.message
                                        for p in rejected):
        return [], [*problems, Problem(name, "", "not a corpus: no paragraph looks like an abstract "
                                                 "(expected a header line, then abstracts separated "
                                                 "by blank lines)")]
    return records, problems + rejected


def _ends_a_paragraph(text: str) -> bool:
    """Whether the text ends with a blank line, which ends its last paragraph: one line break after it may have been
    followed by more of it."""
    tail = text[-_TAIL_CHARS:]
    breaks = tail[len(tail.rstrip()):].replace("\r\n", "\n")
    return breaks.count("\n") + breaks.count("\r") >= 2


def _stops_mid_sentence(text: str) -> bool:
    """Whether a seed text stops as a copy still being written does: no line break after its last line, which ends
    in a word, a number or a comma, not as an abstract does (".", ")", a link). Without a line break alone it is not
    so: an editor may save a hand-written file without one."""
    if text.endswith(("\n", "\r")):
        return False
    last = text[-_TAIL_CHARS:].rstrip(" \t")
    if not last or last[-1] in "\n\r" or not (last[-1].isalnum() or last[-1] in ",;-("):
        return False
    word = last.split()[-1]
    return "/" not in word and not word.lower().startswith("www.")  # "… is at github.com/org/code": whole


def _abstract_long_lines(paragraph: str) -> int:
    """How many lines the paragraph has when every one of them is as long as a whole abstract (0 when
    not): one abstract per line, as `jq -r '.[].abstract'` writes them, reads as a single paragraph in
    the seed format. Kept as one (an abstract may break a line of its own), but said."""
    lines = paragraph.split("\n")
    return len(lines) if all(len(line) >= ABSTRACT_LINE_CHARS for line in lines) else 0


def _bad_character(text: str) -> str | None:
    """What is wrong with the first character of `text` that cannot be stored as UTF-8, or is a NUL, if any.

    A NUL byte is binary data: a file with one in its first 8 KiB is a binary file (decode), and one further on, or
    written as JSON's "\\u0000", went into the database inside a title or abstract, unsaid.
    """
    if "\x00" in text:
        return "a NUL byte (binary data, not text)"
    bad = _BAD_CHAR.search(text)
    if not bad:
        return None
    code = ord(bad.group())
    if 0xDC80 <= code <= 0xDCFF:
        return f"not UTF-8: undecodable byte 0x{code - 0xDC00:02x}"
    return f"invalid character U+{code:04X} (half of a surrogate pair)"


def abstract_problem(abstract: str) -> str | None:
    """Why this text cannot be an abstract, or None when it can."""
    ascii_only = abstract.isascii()  # most abstracts: then the checks below have C-speed shortcuts
    bad = None if ascii_only and "\x00" not in abstract else _bad_character(abstract)  # undecodable: never ASCII
    if bad:
        return f"{bad}; skipped"
    length = len(abstract)
    if length > MAX_ABSTRACT_CHARS:
        return _over_the_limit(length)
    words = abstract.split(None, MIN_ABSTRACT_WORDS)  # enough words to tell, not every word
    if len(words) < MIN_ABSTRACT_WORDS:
        return f"too short for an abstract ({len(words)} word{'' if len(words) == 1 else 's'}); skipped"
    # Symbols: characters other than letters, spaces and line breaks. In ASCII the letters are
    # A-Z and a-z, so deleting those bytes leaves the symbols; otherwise a cheap first pass over
    # ASCII leaves only the rest (digits, punctuation, accents) to be looked at one by one.
    if ascii_only:
        symbols = len(abstract.encode("ascii").translate(None, _ASCII_PROSE_BYTES))
    else:
        symbols = sum(not ch.isalpha() for ch in "".join(_NOT_ASCII_PROSE.findall(abstract)))
    if symbols > 0.4 * length:
        return "not prose (mostly symbols, looks like code or data); skipped"
    return None


def _over_the_limit(length: int) -> str:
    return f"{length:,} characters, over the {MAX_ABSTRACT_CHARS:,} limit for one abstract; skipped"


# --- structured formats: JSON, JSON Lines, CSV -------------------------------------------------------

# Conferences that do not write their name in capitals, as paper lists name their files ("nips2024.json").
_VENUE_SPELLINGS = {"neurips": "NeurIPS", "corl": "CoRL", "siggraphasia": "SIGGRAPH Asia", "acmmm": "ACM MM",
                    "mlsys": "MLSys", "automl": "AutoML", "recsys": "RecSys", "interspeech": "Interspeech"}


def venue_from_file_name(name: str) -> str | None:
    """'icml2018.json' (or .json.gz) -> 'ICML 2018', 'nips2024.json' -> 'NeurIPS 2024', used when records carry
    no venue."""
    stem = Path(name).stem
    match = _VENUE_FROM_NAME.match(Path(stem).stem if name.lower().endswith(GZIP_SUFFIX) else stem)
    if not match:
        return None
    short, year = match.group(1).lower(), match.group(2)
    if short == "nips" and year >= "2018":
        short = "neurips"  # renamed in 2018; paper lists kept the old file names
    return f"{_VENUE_SPELLINGS.get(short, short.upper())} {year}"


def _field(obj: Mapping[str, Any], key: str) -> Any:
    for alias in _FIELD_ALIASES[key]:
        value = obj.get(alias)
        if value is None or value == "":
            continue
        if value.__class__ is dict and "value" in value:  # OpenReview's API 2 wraps each field so
            value = value["value"]
            if value is None or value == "":
                continue
        if value.__class__ is float and math.isnan(value):  # pandas' missing value, as json.dump writes it
            continue
        return value
    return None


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, dict):  # an object is no text: never its Python repr
        return None
    if isinstance(value, list | tuple):
        value = "; ".join(str(v) for v in value if not isinstance(v, dict))
    text = str(value).strip()
    return text or None


def _authors(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, dict):
        value = [value]
    if isinstance(value, str) and (text := value.strip()).startswith("[") and text.endswith("]"):
        value = _listed(text)
    parts = value if isinstance(value, list | tuple) else _author_names(str(value))
    names = tuple(a for a in ((p if isinstance(p, str) else _author_name(p)).strip() for p in parts) if a)
    return _in_unicode(names)


def _in_unicode(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names with their LaTeX rendered ("Sch{\\"o}lkopf" as "Schölkopf", see enrich.display_name): stored as
    written, a card showed the markup and the search "Schölkopf" or "Scholkopf" did not find the paper. One test
    of the joined names for most records (no backslash, brace or tie in any of them)."""
    joined = "".join(names)
    if "\\" not in joined and "{" not in joined and "~" not in joined:
        return names
    return tuple(name for name in map(display_name, names) if name)


def _listed(text: str) -> Any:
    """The list a text writes as JSON or as Python does ("['Ada Lovelace', 'Alan Turing']"), else the text.

    pandas' to_csv writes a column of lists so (a dataset read from JSON and saved as CSV): read as
    names separated by commas, its authors were "['Ada Lovelace'" and "'Alan Turing']".
    """
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        try:
            value = ast.literal_eval(text)  # literals only: never runs code
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return text
    return value if isinstance(value, list) else text


def _author_names(text: str) -> list[str]:
    """The names in one text listing authors: separated by ";", or as arXiv, spreadsheets and BibTeX
    write them ("A. One, B. Two and C. Three", "Lovelace, Ada and Turing, Alan").

    Read so only when every name it makes has two words or more: "Lovelace, Ada" (as "Ada Lovelace"),
    "Ada Lovelace, Jr." or "Research and Development Group" is one name.
    """
    # Runs of whitespace made one space first: at each space of a run, every pattern below read the whole run.
    text = " ".join(text.split())
    if ";" in text:
        names = _AUTHOR_SEPARATOR.split(text)
        return _first_name_first(names) if "," in text else names
    if "," not in text and " and " not in text:
        return [text]
    parts = _AUTHOR_AND.split(text.strip())
    if len(parts) > 1 and all(len(_comma_split(part)) == 2 for part in parts):  # BibTeX's "Last, First"
        return [_bibtex_name(*_comma_split(part)) for part in parts]
    names = [name for part in parts for name in _comma_split(part) if not _ET_AL.fullmatch(name)]
    if all(len(name.split()) > 1 for name in names):
        return names
    return _first_name_first([text]) if len(parts) == 1 else [text]  # "Lovelace, Ada", one name


def _comma_split(text: str) -> list[str]:
    """The text split at its commas and the spaces around them, but not at one inside an affiliation ("A. One
    (MIT, USA), B. Two"), whose next bracket closes one. Each stretch between brackets is split once, knowing
    the bracket after it: a lookahead at each comma for that read on to the next bracket every time, and a
    list of 100,000 characters took seconds."""
    if ")" not in text:  # the only bracket that keeps a comma whole
        return _AUTHOR_COMMA.split(text)
    names: list[str] = []
    name: list[str] = []
    stretches = _BRACKET.split(text)  # text, bracket, text, ..., text
    for at in range(0, len(stretches), 2):
        bracket = stretches[at + 1] if at + 1 < len(stretches) else ""
        pieces = [stretches[at]] if bracket == ")" else _AUTHOR_COMMA.split(stretches[at])
        name.append(pieces[0])
        if len(pieces) > 1:
            names += ["".join(name), *pieces[1:-1]]
            name = [pieces[-1]]
        name.append(bracket)
    return [*names, "".join(name)]


def _bibtex_name(last: str, first: str) -> str:
    """'Lovelace, Ada' as a card writes it, 'Ada Lovelace'; 'King, Jr.' names a suffix, not a first name, and
    reads 'King Jr.' (as 'Jr. King' it was no name, and kept with its comma a card's list read two people)."""
    return f"{last} {first}" if _NAME_SUFFIX.fullmatch(first) else f"{first} {last}"


def _first_name_first(names: list[str]) -> list[str]:
    """The names as 'Ada Lovelace' when every one is written last name first ('Lovelace, Ada; Turing, A.',
    as Zotero, Scopus and Web of Science list them): cards join names with commas, where 'Lovelace, Ada,
    Turing, A.' reads as four people. A list that mixes orders, or names a suffix ('King, Jr.'), is kept."""
    parts = [_comma_split(name.strip()) for name in names if name.strip()]
    if all(len(part) == 2 and part[0] and part[1] and not _NAME_SUFFIX.fullmatch(part[1]) for part in parts):
        return [f"{first} {last}" for last, first in parts]
    return names


def _author_name(author: Any) -> str:
    """One author's name: a string, an object as exports write them ({"name": ...}, {"given": ...,
    "family": ...}), or a list of name parts; never the Python text of an object ("{'name': ...}")."""
    if isinstance(author, dict):
        fields = {str(k).strip().lower(): v for k, v in author.items()}
        name = fields.get("name") or fields.get("display_name") or fields.get("full_name")
        if name:
            return _author_name(name)
        if isinstance(fields.get("author"), dict):  # an OpenAlex authorship: the author, institutions, position
            return _author_name(fields["author"])
        return " ".join(str(fields[k]).strip() for k in ("given", "first", "family", "last") if fields.get(k))
    if isinstance(author, list | tuple):
        return " ".join(str(part).strip() for part in author if part and not isinstance(part, dict | list))
    return str(author)


# --- abstracts and titles marked up as HTML or JATS XML (Crossref's API, web exports) -----------------

# Tags read as markup: HTML's for text and JATS's (Crossref writes "<jats:p>", "<jats:italic>"); any tag
# in the jats: or mml: (MathML) namespaces. A tag is whole ("<b>", "</b>", "<br/>", '<span class="x">',
# every attribute with a value), so prose such as "x<b and y>c" or "a < b" is never taken for one. A text
# is marked up when it closes such a tag, has a JATS or MathML one or a line break ("<br>"): one that only
# names tags ("HTML's <p> and <b> tags") is not.
_MARKUP_TAG_NAMES = (
    "p|br|div|span|i|b|em|strong|sub|sup|u|a|font|small|sc|tt|code|s|strike|hr|li|ul|ol|blockquote|section|"
    "h[1-6]|abstract|title|italic|bold|underline|monospace|sec|list|list-item|ext-link|inline-formula|"
    "tex-math|math|mi|mn|mo|ms|mtext|mrow|msub|msup|msubsup|mfrac|msqrt|mroot|mstyle|mspace|mpadded|mphantom|"
    "mfenced|menclose|munder|mover|munderover|mtable|mtr|mtd|alternatives|annotation|semantics|script|style")
_TAG = re.compile(r"<(/?)((?:jats:|mml:)?[A-Za-z][\w.-]*)"
                  r"((?:\s+[\w:.-]+\s*=\s*(?:\"[^\"<]*\"|'[^'<]*'|[^\s\"'<>=]+))*)\s*/?>")
_MARKUP = re.compile(rf"</(?:(?:jats|mml):[A-Za-z][\w.-]*|{_MARKUP_TAG_NAMES})\s*>"
                     r"|<(?:jats|mml):[A-Za-z][\w.-]*[\s/>]|<br\s*/?>", re.IGNORECASE)
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|([A-Za-z][A-Za-z0-9]{1,31}));")
_KNOWN_TAG = re.compile(rf"(?:(?:jats|mml):[\w.-]+|{_MARKUP_TAG_NAMES})", re.IGNORECASE)
_BLOCK_TAGS = frozenset({"p", "div", "li", "ul", "ol", "blockquote", "section", "abstract", "sec", "list",
                         "list-item"})
_EMPHASIS = {"i": "*", "em": "*", "italic": "*", "b": "**", "strong": "**", "bold": "**"}
_MARKDOWN_MARK = re.compile(r"(?<!\\)([*_])")  # an asterisk or underscore not escaped already
_HIDDEN_TAGS = frozenset({"script", "style", "annotation"})  # their text is no part of the abstract
# Breaks while the text is put together (its own whitespace is HTML's), and the end of a heading.
_PARAGRAPH, _LINE, _HEADING = "\ue010", "\ue011", "\ue012"
_AFTER_HEADING = re.compile(f"{_HEADING}[\\s{_PARAGRAPH}{_LINE}]*")
_HEADINGS = frozenset({"title", "h1", "h2", "h3", "h4", "h5", "h6"})
_BLANK = f"{_PARAGRAPH}{_LINE} \n\t\r"  # what may come before the heading a text opens with
_ABSTRACT_HEADING = re.compile(r"(?:abstract|summary)\s*[.:]?", re.IGNORECASE)
# Unicode has super- and subscripts for these: "H<sub>2</sub>O" reads H₂O, as display text renders "$H_2O$".
_SUPERSCRIPTS = str.maketrans("0123456789+-−=()abcdefghijklmnoprstuvwxyzT*",
                              "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᵀ*")
_SUBSCRIPTS = str.maketrans("0123456789+-−=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")
_SCRIPTABLE = {"sup": frozenset(map(chr, _SUPERSCRIPTS)), "sub": frozenset(map(chr, _SUBSCRIPTS))}
# Elements whose meaning is in the order of their children (MathML's scripts, fractions and roots; JATS's
# <alternatives>, the same formula as TeX and as MathML): read child by child, not as one run of text, which
# made "O(n<msup><mi>n</mi><mn>2</mn></msup>)" read "O(n2)" and an alternative formula appear twice.
_LAYOUTS = frozenset({"msup", "msub", "msubsup", "mfrac", "msqrt", "mroot", "alternatives"})
_MATHML = frozenset({"math", "mi", "mn", "mo", "ms", "mtext", "mrow", "msub", "msup", "msubsup", "mfrac", "msqrt",
                     "mroot", "mstyle", "mspace", "mpadded", "mphantom", "mfenced", "menclose", "munder", "mover",
                     "munderover", "mtable", "mtr", "mtd", "semantics", "annotation", "annotation-xml"})
_MATH_SPACED = re.compile(r"[=<>≤≥≠≈∼∈∉⊂⊆→↦⇒⇔]|[A-Za-z]{2,}")  # a relation, or a word: "log", "max", "softmax"
_SEVERAL_TERMS = re.compile(r"[\s+\-−±/=<>≤≥,·×]")
_MATH_SPACE_INSIDE = re.compile(r"(?<=[(\[{]) | (?=[)\]},;])")


@dataclass(slots=True)
class _Layout:
    """An open layout element: where its text begins in the pieces, where each child's begins, and its depth."""

    name: str
    start: int
    depth: int
    children: list[int] = field(default_factory=list)


def _laid_out_by_children(name: str) -> bool:
    """Whether an element is MathML (whose layouts are read by their children) or JATS's <alternatives>."""
    return name == "alternatives" or name in _MATHML


def _laid_out(name: str, children: list[str]) -> str:
    """A layout element as text from its children's ("" when they are not as many as it takes)."""
    if name == "alternatives":
        return children[0] if children else ""  # the same formula again, in another notation: read once
    if name in ("msqrt", "mroot") and children:
        radicand = children[0] if name == "mroot" else " ".join(children)  # <msqrt> holds any number
        index = _marked("sup", children[1], first=False) if name == "mroot" and len(children) == 2 else ""
        return f"{index}√{_grouped(radicand)}"
    if len(children) != (3 if name == "msubsup" else 2):
        return ""
    if name == "mfrac":
        return f"{_grouped(children[0])}/{_grouped(children[1])}"
    scripts = {"msup": ("sup",), "msub": ("sub",), "msubsup": ("sub", "sup")}[name]
    return children[0] + "".join(_marked(script, text, first=False)
                                 for script, text in zip(scripts, children[1:], strict=True))


def _grouped(term: str) -> str:
    """A fraction's part or a root's radicand, in brackets when it is a sum or a list ("(a+b)/2"), not one term
    ("1/√T", "n²/2")."""
    return f"({term})" if _SEVERAL_TERMS.search(term) and term[0] + term[-1] != "()" else term


def has_markup(text: str) -> bool:
    """Whether a record's text is marked up: a whole tag HTML or JATS uses, or a character entity ("&amp;")."""
    return ("<" in text and _MARKUP.search(text) is not None) or _has_entity(text)


def _has_entity(text: str) -> bool:
    """Whether the text has a character entity: numeric ("&#8217;") or one HTML names ("&amp;", not "AT&T;")."""
    if "&" not in text:
        return False
    return any(not entity.group(1) or f"{entity.group(1)};" in html.entities.html5 for entity in _ENTITY.finditer(text))


def readable(text: str) -> str:
    """Text as written, from HTML or JATS XML markup: tags removed, entities unescaped, paragraphs kept as
    blank lines, a leading "Abstract" heading dropped, emphasis as Markdown ("*sparse*", "**all**") and
    sub- and superscripts as Unicode ("H₂O", "n²"), or as LaTeX writes them ("x_{i,j}") where Unicode has
    none. Text that is not marked up (`has_markup`) is returned as it is."""
    if "<" in text and _MARKUP.search(text):  # searched once: a text of tags is read whole
        return _joined(_MarkupReader().read(text))
    return html.unescape(text) if _has_entity(text) else text  # entities only: the text's own line breaks stay


class _MarkupReader:
    """The pieces of marked-up text: its words, emphasis and scripts made plain, breaks as _PARAGRAPH/_LINE."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.open: list[tuple[str, int]] = []  # emphasis, sub/sup, title being read: (tag, where it began)
        self.opened: dict[str, list[int]] = {}  # each tag's places in self.open, so a closing tag finds its own
        self.hidden = 0
        self.blank = 0  # self.out[:self.blank] is breaks and whitespace only: what a heading looks back over
        self.elements: list[str] = []  # open MathML and <alternatives> elements
        self.element_starts: list[int] = []  # where each began in self.out
        self.layouts: list[_Layout] = []  # those of them read by their children
        self.math = 0  # open <math> elements: their source's whitespace between tags is no text

    def read(self, text: str) -> list[str]:
        pos = 0
        for tag in _TAG.finditer(text):
            self._text(text[pos:tag.start()])
            pos = tag.end()
            name = tag.group(2).lower()
            name = name.partition(":")[2] or name  # "jats:italic" -> "italic"
            if not _KNOWN_TAG.fullmatch(tag.group(2)):
                self._text(tag.group())  # not a tag of markup: text that looks like one
            elif tag.group(1):
                self._close_layout(name)
                self._close(name)
            elif not tag.group().endswith("/>"):
                self._open_layout(name)
                self._open(name)
            elif name == "br":
                self.out.append(_LINE)
            else:  # an empty element: "<mi/>" is still a script's base
                self._open_layout(name)
                self._close_layout(name)
        self._text(text[pos:])
        return self.out

    def _text(self, piece: str) -> None:
        if piece and not self.hidden and not (self.math and piece.isspace()):
            piece = html.unescape(piece) if "&" in piece else piece
            if ("*" in piece or "_" in piece) and self._in_emphasis():
                piece = _MARKDOWN_MARK.sub(r"\\\1", piece)
            self.out.append(piece)

    def _in_emphasis(self) -> bool:
        """Whether an emphasis element is open: its text's own "*" and "_" are escaped, so that "<i>A*-search</i>"
        reads *A\\*-search* (italic A*-search), not "*A*-search*", whose second "*" closed the italics."""
        return any(self.opened.get(tag) for tag in _EMPHASIS)

    def _open_layout(self, name: str) -> None:
        """Note where a MathML element (or JATS's <alternatives>) begins, and so where its layout's child does."""
        if not _laid_out_by_children(name):
            return
        if self.layouts and self.layouts[-1].depth == len(self.elements):
            self.layouts[-1].children.append(len(self.out))
        self.elements.append(name)
        self.element_starts.append(len(self.out))
        self.math += name == "math"
        if name in _LAYOUTS:
            self.layouts.append(_Layout(name, len(self.out), len(self.elements)))

    def _close_layout(self, name: str) -> None:
        """Read a closing MathML element: a layout from its children ("n", "2" -> "n²"), a word or a relation
        spaced ("n log n", "x = 1"), a whole formula without its source's spacing."""
        if not _laid_out_by_children(name) or name not in self.elements:
            return
        depth = len(self.elements) - self.elements[::-1].index(name) - 1  # those left open inside it close with it
        start = self.element_starts[depth]
        del self.elements[depth:], self.element_starts[depth:]
        self.math -= name == "math"
        while self.layouts and self.layouts[-1].depth > depth + 1:
            self.layouts.pop()
        inner = "".join(self.out[start:])
        if self.layouts and self.layouts[-1].depth == depth + 1:
            layout = self.layouts.pop()
            bounds = [*layout.children, len(self.out)]
            inner = _laid_out(name, ["".join(self.out[a:b]).strip() for a, b in itertools.pairwise(bounds)]) or inner
        elif name in ("mi", "mo") and _MATH_SPACED.fullmatch(inner.strip()):
            inner = f" {inner.strip()} "
        elif name == "math":
            inner = _MATH_SPACE_INSIDE.sub("", " ".join(inner.split()))
        self.out[start:] = [inner]

    def _open(self, name: str) -> None:
        if name in _HIDDEN_TAGS:
            self.hidden += 1
        elif name == "br":
            self.out.append(_LINE)
        elif name in _BLOCK_TAGS:
            self.out.append(_PARAGRAPH)
        elif name in _EMPHASIS or name in _HEADINGS or name in ("sub", "sup"):
            self.opened.setdefault(name, []).append(len(self.open))
            self.open.append((name, len(self.out)))

    def _close(self, name: str) -> None:
        if name in _HIDDEN_TAGS:
            self.hidden = max(0, self.hidden - 1)
        elif name in _BLOCK_TAGS:
            self.out.append(_PARAGRAPH)
        # Found without reading the open tags (a closing tag matching none of 10,000 read them all each time).
        if not (places := self.opened.get(name)):
            return
        started = places[-1]
        start = self.open[started][1]
        for closed, _ in self.open[started:]:  # this tag and those left open inside it: each closed once
            self.opened[closed].pop()
        del self.open[started:]
        first = name in _HEADINGS and self._nothing_before(start)
        self.out[start:] = [_marked(name, "".join(self.out[start:]), first)]
        self.blank = min(self.blank, start)

    def _nothing_before(self, start: int) -> bool:
        """Whether the text read before `start` is breaks and whitespace only. The stretch found so is kept: joining
        all that was read at every heading grew with the square of the text (100,000 characters of headings: 0.23 s)."""
        while self.blank < start and not self.out[self.blank].strip(_BLANK):
            self.blank += 1
        return self.blank >= start


def _marked(name: str, inner: str, first: bool) -> str:
    """What a closed element reads as: its text marked as Markdown or as scripts, a heading as a lead-in."""
    words = inner.strip()
    if not words:
        return inner
    lead, trail = inner[:len(inner) - len(inner.lstrip())], inner[len(inner.rstrip()):]
    if name in _HEADINGS:
        if first and _ABSTRACT_HEADING.fullmatch(words):
            return ""  # Crossref's "<jats:title>Abstract</jats:title>" before the text: no part of it
        # A structured abstract's "Methods", leading into its paragraph: "Methods: We ..."
        return f"{_PARAGRAPH}{words}{'' if words[-1] in '.:?!' else ':'}{_HEADING}"
    if name in _SCRIPTABLE:
        if all(ch in _SCRIPTABLE[name] for ch in words):
            return words.translate(_SUBSCRIPTS if name == "sub" else _SUPERSCRIPTS)
        return f"{'_' if name == 'sub' else '^'}{{{words}}}"
    if _PARAGRAPH in words or _LINE in words:
        return inner  # emphasis over a paragraph break is no Markdown
    mark = _EMPHASIS[name]
    return f"{lead}{mark}{words}{mark}{trail}"


def _joined(pieces: list[str]) -> str:
    """The pieces as text: HTML's whitespace collapsed, a line break kept, paragraphs a blank line apart."""
    whole = "".join(pieces)
    if _HEADING in whole:
        whole = _AFTER_HEADING.sub(" ", whole)
    paragraphs = []
    for paragraph in whole.split(_PARAGRAPH):
        lines = [" ".join(line.split()) for line in paragraph.split(_LINE)]
        # An empty line between two (<br><br>, as web pages space paragraphs) ends a paragraph; a <br> alone does not.
        for block in "\n".join(lines).split("\n\n"):
            if kept := "\n".join(line for line in block.split("\n") if line):
                paragraphs.append(kept)
    return "\n\n".join(paragraphs)


def record_from_mapping(name: str, where: str, obj: Any, default_venue: str | None
                        ) -> tuple[RawRecord | None, Problem | None]:
    """Turn one JSON object / CSV row into a RawRecord, or explain why it cannot be one."""
    if not isinstance(obj, Mapping):
        return None, Problem(name, where, f"expected an object with an 'abstract' field, got {type(obj).__name__}")
    lowered = {str(k).strip().lower(): v for k, v in obj.items() if k is not None}
    content = lowered.get("content")
    forum = None
    if isinstance(content, dict) and _field(lowered, "abstract") is None:  # an OpenReview note
        forum = lowered.get("forum")
        lowered |= {str(k).strip().lower(): v for k, v in content.items() if k is not None}
    abstract = _text(_field(lowered, "abstract"))
    if abstract is None and (index := lowered.get(_INVERTED_ABSTRACT)).__class__ is dict:
        abstract = _from_inverted_index(index)
    if abstract and ("<" in abstract or "&" in abstract):  # plain abstracts pay these two tests only
        if len(abstract) > 2 * MAX_ABSTRACT_CHARS:  # over the limit were half of it tags: refused unread
            return None, Problem(name, where, _over_the_limit(len(abstract)))
        abstract = readable(abstract)
    if not abstract:
        return None, Problem(name, where, _NO_ABSTRACT)
    reason = abstract_problem(abstract)
    if reason:
        return None, Problem(name, where, reason)
    fields = {key: _text(_field(lowered, key)) for key in ("title", "venue", "url", "pdf", "code_url")}
    if venue := fields["venue"]:  # one line: a .bib or a spreadsheet's cell may wrap it, each file elsewhere
        fields["venue"] = " ".join(venue.split())
    if (title := fields["title"]) and ("<" in title or "&" in title):
        fields["title"] = readable(_head_of_markup(title, 2 * MAX_TITLE_CHARS)) or None
    if (title := fields["title"]) and len(title) > MAX_TITLE_CHARS:
        fields["title"] = _cut_at_a_word(title, MAX_TITLE_CHARS)
    if not (fields["url"] and fields["pdf"]):
        _add_arxiv_links(fields, lowered)
    if not fields["url"] and "doi" in lowered:
        fields["url"] = _doi_link(lowered["doi"])
    if forum is not None:
        _add_openreview_links(fields, forum)
    authors = _authors(_field(lowered, "authors"))
    reason = _fields_problem(fields, authors)
    if reason:
        return None, Problem(name, where, reason)
    record = RawRecord(
        abstract=abstract,
        source_file=name,
        source_ref=where,
        title=fields["title"],
        authors=authors,
        venue=fields["venue"] or default_venue,
        url=fields["url"],
        pdf=fields["pdf"],
        code_url=fields["code_url"],
    )
    return record, None


def _from_inverted_index(index: dict[str, Any]) -> str | None:
    """The text of an abstract given as OpenAlex gives it, each word with its positions; every OpenAlex work
    was "no abstract; skipped". Words in position order, one space apart, as OpenAlex's own pages show it."""
    placed = sorted((at, word) for word, places in index.items() if isinstance(places, list)
                    for at in places if at.__class__ is int)
    return " ".join(word for _, word in placed).strip() or None


def _head_of_markup(text: str, limit: int) -> str:
    """The first `limit` characters of a marked-up text, without a tag the cut leaves open ("… <jats:ita")."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    return head[:head.rfind("<")] if head.rfind("<") > head.rfind(">") else head


def _cut_at_a_word(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, at a word when one ends near the cut, with "…"."""
    cut = text[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space >= limit * 0.8 else cut).rstrip() + "…"


def _add_arxiv_links(fields: dict[str, str | None], record: Mapping[str, Any]) -> None:
    """A missing url and pdf from the record's arXiv identifier ("id" in arXiv's own metadata, "arxiv_id" in
    Papers with Code's): its abstract page and PDF on arxiv.org, so the card links to the paper."""
    for key in ("arxiv_id", "id"):
        value = record.get(key)
        if isinstance(value, str) and (match := _ARXIV_ID.fullmatch(value.strip())):
            fields["url"] = fields["url"] or f"https://arxiv.org/abs/{match.group(1)}"
            fields["pdf"] = fields["pdf"] or f"https://arxiv.org/pdf/{match.group(1)}"
            return


def _doi_link(value: Any) -> str | None:
    """The page a record's DOI names, for a record with no URL: Zotero's CSV ("DOI" beside an often empty "Url"),
    OpenAlex ("doi": "https://doi.org/…") and Crossref give one, and their cards had no link to the paper."""
    match = _DOI.fullmatch(value.strip()) if isinstance(value, str) else None
    return f"https://doi.org/{quote(match.group(1), safe='/:;()._-')}" if match else None


def _add_openreview_links(fields: dict[str, str | None], forum: Any) -> None:
    """An OpenReview note's page (its forum) for a missing url, and its PDF made a whole link: notes give
    it as a path on openreview.net ("/pdf/1a2b.pdf"), which no card can show."""
    if not fields["url"] and isinstance(forum, str) and forum.strip():
        fields["url"] = f"https://openreview.net/forum?id={quote(forum.strip(), safe='')}"
    pdf = fields["pdf"]
    if pdf and pdf.startswith("/") and not pdf.startswith("//"):
        fields["pdf"] = f"https://openreview.net{pdf}"


def _fields_problem(fields: Mapping[str, str | None], authors: tuple[str, ...]) -> str | None:
    """Why a record's other fields cannot be stored (a character SQLite refuses), or None."""
    if _storable_ascii("".join([*authors, *(value for value in fields.values() if value)])):
        return None  # most records, at C speed
    for key, value in (*fields.items(), ("authors", "; ".join(authors))):
        bad = None if not value or _storable_ascii(value) else _bad_character(value)
        if bad:
            return f"{bad} in the {'code link' if key == 'code_url' else key}; skipped"
    return None


def _storable_ascii(text: str) -> bool:
    """Whether `text` is ASCII with no NUL in it: no character _bad_character would refuse, told at C speed."""
    return text.isascii() and "\x00" not in text


_NO_ABSTRACT = "no abstract; skipped"


def _collect(name: str, items: Iterable[tuple[str, Any]]) -> tuple[list[RawRecord], list[Problem]]:
    default_venue = venue_from_file_name(name)
    records: list[RawRecord] = []
    problems: list[Problem] = []
    unnamed: list[Mapping[str, Any]] = []  # records skipped with no field that could hold an abstract
    for where, obj in items:
        if isinstance(obj, Problem):
            problems.append(obj)
            continue
        record, problem = record_from_mapping(name, where, obj, default_venue)
        if record:
            records.append(record)
        if problem:
            problems.append(problem)
            if problem.message == _NO_ABSTRACT and not _has_abstract_field(obj):
                unnamed.append(obj)
    if not records and problems and len(unnamed) == len(problems):
        return [], [_no_abstract_field(name, unnamed[0])]
    return records, problems


def _has_abstract_field(obj: Mapping[str, Any]) -> bool:
    """Whether a record has a field the abstract is read from (maybe empty), an OpenReview note's included."""
    content = obj.get("content")
    keys = {str(k).strip().lower() for k in (*obj, *(content if isinstance(content, dict) else ()))}
    return bool(keys & _ABSTRACT_KEYS)


def _no_abstract_field(name: str, first: Mapping[str, Any]) -> Problem:
    """One line for a file whose records name their abstract some other way, saying what is read and what the
    file has: it was "record N: no abstract; skipped" for each of thousands of records, naming neither."""
    fields = [repr(str(key)) for key in first]
    shown = ", ".join(fields[:12]) + (", …" if len(fields) > 12 else "")
    return Problem(name, "", "not a corpus: no record has an 'abstract' field (or 'summary', 'Abstract Note', "
                             f"'paperAbstract'); {f'the first has {shown}' if fields else 'the first has no fields'}")


def parse_json(name: str, text: str) -> tuple[list[RawRecord], list[Problem]]:
    """Parse a JSON list of paper objects (or an object holding such a list under 'papers', or one
    paper's object); a .json file of JSON Lines is read as such, and one of objects one after another
    (each over many lines, as `jq '.[]'` writes them) object by object."""
    try:
        data = json.loads(text)
    except RecursionError:  # one record nested thousands deep: keep the records before it
        if text.lstrip().startswith("["):
            return _collect(name, _salvage_json_list(name, text))
        return [], [Problem(name, "", _TOO_DEEP)]
    except json.JSONDecodeError as exc:
        if text.lstrip().startswith("["):
            return _collect(name, _salvage_json_list(name, text))
        if text.lstrip().startswith("{") and (exc.msg == "Extra data" or _NEXT_TOP_LEVEL_OBJECT.search(text)):
            # One object, then more; or a malformed first object and more lines starting one.
            if _objects_are_lines(text):  # JSON Lines, as many datasets (arXiv's metadata among them) name it .json
                return parse_jsonl(name, text)
            return _collect(name, _json_values(name, text))  # `jq '.[]' papers.json`: objects over many lines
        return [], [_not_json(name, text) or Problem(name, f"line {exc.lineno}", "malformed JSON "
                                                     f"({_json_error(text, exc.msg, exc.pos, exc.colno)})")]
    if isinstance(data, dict) and (rows := _rows_of_columns(data)) is not None:
        data = rows
    elif isinstance(data, dict) and _is_one_paper(data):  # a file per paper, as scrapers and APIs save them
        data = [data]
    elif isinstance(data, dict) and _papers_by_key(data):  # {"<id>": {paper}, ...}, as scrapers save them
        data = list(data.values())
    elif isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        if len(lists) > 1:  # the one list of objects: OpenAlex's {"meta": {...}, "results": [...], "group_by": []}
            lists = [v for v in lists if v and isinstance(v[0], dict)]
        data = data.get("papers", lists[0] if len(lists) == 1 else None)
    if not isinstance(data, list):
        return [], [Problem(name, "", "not a corpus: expected a JSON list of objects with an 'abstract' field")]
    if not data:
        return [], [Problem(name, "", "empty JSON list: no records")]
    return _collect(name, ((f"record {i}", obj) for i, obj in enumerate(data, start=1)))


def _rows_of_columns(table: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The records of a table written column by column, as pandas' DataFrame.to_json() writes it unless
    told otherwise ({"title": {"0": ..., "1": ...}, "abstract": {"0": ..., "1": ...}}), or None when
    `table` is not one. Taken for one paper, such a file gave "record 1: no abstract; skipped"."""
    abstract = next((column for key, column in table.items() if str(key).strip().lower() in _FIELD_ALIASES["abstract"]
                     and column.__class__ is dict), None)
    if not abstract or "value" in abstract or not all(column.__class__ is dict for column in table.values()):
        return None  # "value": an OpenReview field, {"value": "..."}
    return [{key: column.get(row) for key, column in table.items()} for row in abstract]


def _papers_by_key(obj: dict[str, Any]) -> bool:
    """Whether a JSON object holds the papers as its values, each under its id, rather than a list of them:
    such a file said "not a corpus: expected a JSON list of objects"."""
    values = list(obj.values())
    return bool(values) and all(value.__class__ is dict for value in values) and _is_one_paper(values[0])


def _is_one_paper(obj: dict[str, Any]) -> bool:
    """Whether a JSON object is a paper record itself (its abstract, or an OpenReview note's content),
    rather than an object holding the list of papers."""
    if isinstance(obj.get("papers"), list):
        return False
    keys = {str(k).strip().lower() for k in obj}
    return bool(keys & _ABSTRACT_KEYS) or isinstance(obj.get("content"), dict)


_TOO_DEEP = "malformed JSON (nested too deeply to be a paper record)"
_CUT_OFF = "the file ends part way through this"  # how a problem of a record the end of the file cuts starts
# (a BibTeX entry's too: storage._bibtex.CUT_OFF_ENTRY)
_CUT_OFF_RECORD = f"{_CUT_OFF} record; skipped"
_CUT_OFF_PARAGRAPH = f"{_CUT_OFF} paragraph; skipped"
_STOPS_MID_SENTENCE = (f"{_CUT_OFF} paragraph, it seems: it stops mid-sentence, with no line break after it; skipped "
                       "(if the file is whole, end it with a line break)")


def _cut_off(text: str, msg: str, pos: int) -> bool:
    """Whether a JSON decoding error (`msg`, at `pos` in `text`) is the end of the text cutting a value off, as a
    copy still being written does, rather than a mistake in a whole value: the decoder wanted more and met only
    whitespace, or a string is left open (one that meets a line break is an "Invalid control character") and not by
    a backslash before its closing quote (`_escaped_closing_quote`)."""
    if msg.startswith("Unterminated string"):
        return _escaped_closing_quote(text, pos) is None
    return _after_whitespace(text, pos) >= len(text)


# A text's closing quote with a backslash before it, as a Windows path or LaTeX's \" leaves one ("C:\"): JSON
# structure follows it (the end of an object or a list, or the next text after a comma), where in prose a quoted
# word is followed by words ("the \"best\", we").
_ESCAPED_CLOSING_QUOTE = re.compile(r'\\"(?=\s*(?:[}\]]|,\s*"))')


def _escaped_closing_quote(text: str, start: int) -> int | None:
    """Where the closing quote of the text left open at `start` is, escaped by a backslash before it (the position
    of the backslash), or None. Such a text runs to the end of a file of one line: not a file cut short."""
    line_end = text.find("\n", start)
    found = _ESCAPED_CLOSING_QUOTE.search(text, start + 1, len(text) if line_end == -1 else line_end)
    return found.start() if found else None


def _malformed(text: str, msg: str, pos: int, column: int) -> str:
    """What is wrong with a JSON value that does not decode, in a problem's words."""
    if _cut_off(text, msg, pos):
        return _CUT_OFF_RECORD
    return f"malformed JSON ({_json_error(text, msg, pos, column)}); skipped"


def _json_error(text: str, msg: str, pos: int, column: int) -> str:
    """ "column N: what is wrong" for a JSON decoding error at `pos` (`column` on its line), in plain words."""
    if msg.startswith("Unterminated string") and (escaped := _escaped_closing_quote(text, pos)) is not None:
        return f"column {column + escaped - pos}: a backslash before a text's closing quote (\\\" leaves the text " \
               "open; JSON writes a backslash as \\\\)"
    return f"column {column}: {_json_reason(text, msg, pos)}"


def _json_reason(text: str, msg: str, pos: int) -> str:
    """JSONDecodeError's message, in plain words where json's own end mid-sentence ("Invalid control character
    at", "Unterminated string starting at": the place they point at is cut off)."""
    if msg.startswith("Unterminated string"):
        return "a text with no closing quote"
    if not msg.startswith("Invalid control character") or pos >= len(text):
        return msg
    char = text[pos]
    if char in "\r\n":
        return "a line break inside a text (a closing quote missing? JSON writes a line break in a text as \\n)"
    if char == "\t":
        return "a tab inside a text (JSON writes it as \\t)"
    return f"control character U+{ord(char):04X} inside a text"


_NEXT_OBJECT = re.compile(r"\n\s*\{|,\s*\{")
_LINE_STARTING_AN_OBJECT = re.compile(r"\n[ \t\r]*\{")  # a list's elements, indented or not


class _MalformedJSONError(Exception):
    """A JSON value that does not decode: JSONDecodeError's message and place in the whole text."""

    def __init__(self, msg: str, pos: int, lineno: int, colno: int) -> None:
        super().__init__(msg)
        self.msg, self.pos, self.lineno, self.colno = msg, pos, lineno, colno


class _Lines:
    """Line and column of positions met in increasing order in one text, each stretch counted once."""

    def __init__(self, text: str) -> None:
        self._text, self._counted, self._line, self._line_start = text, 0, 1, 0

    def at(self, pos: int) -> tuple[int, int]:
        """The line of `pos` (from 1) and its offset in that line (from 0); `pos` never goes back."""
        breaks = self._text.count("\n", self._counted, pos)
        if breaks:
            self._line += breaks
            self._line_start = self._text.rindex("\n", self._counted, pos) + 1
        self._counted = pos
        return self._line, pos - self._line_start


class _ValueReader:
    """`JSONDecoder.raw_decode(text, pos)` for values met in order, at a cost that does not grow with `pos`.

    On the whole text a malformed value costs the whole text before it: JSONDecodeError counts the
    lines from the start to say where (1,000 broken records among 100,000 took 19-30 s). So values
    are decoded in a window of the text (64 KiB or so: many records) that ends with a line break
    before a line `boundary` matches (a line starting a value). No JSON token holds a line break (a
    string may not, unescaped), so a window decodes exactly as the whole text does, except that an
    error at its very end may be only the window's: the value may go on, and a window twice as long
    is cut from it. A text with no boundary is its own window.
    """

    def __init__(self, text: str, boundary: re.Pattern[str], window_chars: int = 1 << 16) -> None:
        self._text, self._boundary, self._decoder = text, boundary, json.JSONDecoder()
        self._window_chars = window_chars
        self._start, self._window = 0, ""  # the window is text[_start:_start + len(_window)]

    def decode(self, pos: int, line: int, column: int) -> tuple[Any, int]:
        """The value at `pos` (on line `line`, `column` characters in) and the position after it.

        Raises _MalformedJSONError, placed as on the whole text, or RecursionError for a value nested too deep.
        """
        if not 0 <= pos - self._start < len(self._window):
            self._cut(pos, self._window_chars)
        while True:
            at = pos - self._start
            try:
                value, end = self._decoder.raw_decode(self._window, at)
            except json.JSONDecodeError as exc:
                cut_short = exc.pos >= len(self._window) and self._start + len(self._window) < len(self._text)
                if not cut_short:
                    raise self._placed(exc, at, line, column) from None
                self._cut(pos, 2 * (len(self._window) - at))
                continue
            return value, self._start + end

    def _cut(self, pos: int, chars: int) -> None:
        """Make the window run from `pos` to the line break before the first boundary `chars` on.

        With no boundary there, the window is the whole text itself, not a copy of its rest.
        """
        match = self._boundary.search(self._text, pos + max(chars, self._window_chars))
        if match is None:
            self._start, self._window = 0, self._text
        else:
            self._start, self._window = pos, self._text[pos:match.start() + 1]

    def _placed(self, exc: json.JSONDecodeError, at: int, line: int, column: int) -> _MalformedJSONError:
        """The decoder's error in the window, placed in the whole text (the value started at `at`)."""
        breaks = self._window.count("\n", at, exc.pos)
        return _MalformedJSONError(exc.msg, self._start + exc.pos, line + breaks,
                                   exc.colno if breaks else column + exc.pos - at + 1)


def _salvage_json_list(name: str, text: str) -> Iterator[tuple[str, Any]]:
    """Decode a JSON list element by element, so one malformed record does not lose the others."""
    reader, lines = _ValueReader(text, _LINE_STARTING_AN_OBJECT), _Lines(text)
    pos = text.index("[") + 1
    number = 0
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text) or text[pos] == "]":
            return
        number += 1
        line, column = lines.at(pos)
        try:
            obj, pos = reader.decode(pos, line, column)
        except RecursionError:
            yield "", Problem(name, f"record {number} (line {line})", f"{_TOO_DEEP}; skipped")
            return
        except _MalformedJSONError as exc:
            yield "", Problem(name, f"record {number} (line {exc.lineno})",
                              _malformed(text, exc.msg, exc.pos, exc.colno))
            resume = _next_element(text, pos, column, exc.pos)
            if resume is None:
                return
            pos = resume
            continue
        yield f"record {number} (line {line})", obj


def _next_element(text: str, pos: int, column: int, error_at: int) -> int | None:
    """Where the list element after the malformed one at `pos` (`column` characters into its line) starts.

    An element starting its line is followed by the next line starting "{" at the same indentation:
    the objects nested in it (a list of authors) are indented further, and the next element is found
    even when the malformed one swallowed it. In a list written on one line, the next "{" after the error.
    """
    indent = text[pos - column:pos]
    if not indent or indent.isspace():
        found = re.compile("\n" + re.escape(indent) + r"\{").search(text, pos + 1)
    else:
        found = _NEXT_OBJECT.search(text, max(error_at, pos + 1))
    return found.end() - 1 if found else None


_WHITESPACE = re.compile(r"[ \t\n\r]*")  # what JSON allows between values
_NEXT_TOP_LEVEL_OBJECT = re.compile(r"\n\{")  # a line starting with "{": pretty printers indent the nested ones


def _after_whitespace(text: str, pos: int) -> int:
    """The first position from `pos` on that is not whitespace between JSON values (len(text) at the end)."""
    match = _WHITESPACE.match(text, pos)
    return match.end() if match else pos


def _objects_are_lines(text: str) -> bool:
    """Whether the first JSON value of `text` that decodes, of its first two, is alone on its line: JSON Lines."""
    first = _after_whitespace(text, 0)
    second = _NEXT_TOP_LEVEL_OBJECT.search(text, first)
    return _value_is_a_line(text, first) or (second is not None and _value_is_a_line(text, second.end() - 1))


def _value_is_a_line(text: str, start: int) -> bool:
    """Whether the JSON value at `start` decodes and ends on its line, with nothing after it there."""
    try:
        _, end = json.JSONDecoder().raw_decode(text, start)
    except (json.JSONDecodeError, RecursionError):
        return False
    line_end = text.find("\n", start)
    return line_end != -1 and end <= line_end and not text[end:line_end].strip()


def _json_values(name: str, text: str) -> Iterator[tuple[str, Any]]:
    """Decode JSON values written one after another, whitespace between them, each one a record.

    Positions move forward through the one text, lines counted once and a malformed record read no
    further than the lines it is on (`_ValueReader`), so 100,000 records take linear time, broken or
    not; a malformed one is reported and reading goes on at the next line starting with "{".
    """
    reader, lines = _ValueReader(text, _NEXT_TOP_LEVEL_OBJECT), _Lines(text)
    pos, number = 0, 0
    while (pos := _after_whitespace(text, pos)) < len(text):
        number += 1
        line, column = lines.at(pos)
        try:
            obj, pos = reader.decode(pos, line, column)
        except RecursionError:
            problem = Problem(name, f"record {number} (line {line})", f"{_TOO_DEEP}; skipped")
        except _MalformedJSONError as exc:
            problem = Problem(name, f"record {number} (line {exc.lineno})",
                              _malformed(text, exc.msg, exc.pos, exc.colno))
        else:
            yield f"record {number} (line {line})", obj
            continue
        yield "", problem
        resume = _NEXT_TOP_LEVEL_OBJECT.search(text, pos)
        if not resume:
            return
        pos = resume.end() - 1


def _jsonl_items(name: str, text: str) -> Iterator[tuple[str, Any]]:
    # Lines end at "\n" only: str.splitlines() also breaks at U+2028, U+0085 and others, which JSON
    # strings may hold unescaped (json.dumps(..., ensure_ascii=False) writes them as they are).
    lines = text.split("\n")
    last = next((number for number in range(len(lines), 0, -1) if lines[number - 1].strip()), 0)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:  # a byte order mark starting a line: files joined (`cat a.jsonl b.jsonl`), one saved with one
            yield f"line {number}", json.loads(line if line[0] != "\ufeff" else line[1:])
        except RecursionError:
            yield "", Problem(name, f"line {number}", f"{_TOO_DEEP}; skipped")
        except json.JSONDecodeError as exc:  # only the last line can be one the end of the file cuts off
            message = f"malformed JSON ({_json_error(exc.doc, exc.msg, exc.pos, exc.colno)}); skipped"
            yield "", Problem(name, f"line {number}", _CUT_OFF_RECORD if number == last and _cut_off(
                exc.doc, exc.msg, exc.pos) else message)


def _json_over_lines(text: str) -> bool:
    """Whether a JSON Lines file holds a JSON list or objects written over many lines (`jq '.[]'`), not one
    object per line: read line by line, such a file gave a "malformed JSON" problem for every line and no
    paper. A first object that does not decode is left to the line-by-line reading, as before."""
    start = _after_whitespace(text, 0)
    if text.startswith("[", start):
        return True
    try:
        _, end = json.JSONDecoder().raw_decode(text, start)
    except (json.JSONDecodeError, RecursionError):
        return False
    return text.find("\n", start, end) != -1


def parse_jsonl(name: str, text: str) -> tuple[list[RawRecord], list[Problem]]:
    """Parse JSON Lines: one paper object per line."""
    records, problems = _collect(name, _jsonl_items(name, text))
    if not records and problems and all("malformed" in p.message for p in problems):
        if (not_json := _not_json(name, text)) is not None:  # a web page: one line, not one for each of its lines
            return [], [not_json]
        problems.append(Problem(name, "", "not a corpus: no line is a JSON object with an 'abstract'"))
    return records, problems


def _not_json(name: str, text: str) -> Problem | None:
    """One problem for a .json or .jsonl file that is no JSON at all, naming what it starts with; None for one
    that starts as JSON records do (a list, an object), whose records are told one by one.

    A web page saved in a dataset's place (a download that failed), or a table or notes given a .json name, was
    "malformed JSON (column 1: Expecting value)", and a .jsonl file had that line for each of its lines.
    """
    start = _after_whitespace(text, 0)
    if text.startswith(("[", "{"), start):
        return None
    end = text.find("\n", start)
    first = text[start:end if end != -1 else len(text)].strip()
    shown = first if len(first) <= _SHOWN_START else first[:_SHOWN_START] + "…"
    page = ", as a web page does (a download that failed?)" if first.startswith("<") else ""
    return Problem(name, f"line {text.count(chr(10), 0, start) + 1}", f"not JSON: it starts with {shown!r}{page}; "
                                                                      "expected a JSON list of paper objects, or one "
                                                                      "object per line")


_SHOWN_START = 60  # characters of a file's first line a problem shows


def parse_csv(name: str, text: str, *, cut: bool = False) -> tuple[list[RawRecord], list[Problem]]:
    """Parse CSV with a header row naming at least an 'abstract' column; `cut`: the text stops part way (see
    parse_text)."""
    # No cell is over the module's limit: a paper's full text beside its abstract (Kaggle's "NIPS Papers"
    # paper_text) passed 131,072 characters, and the row was lost, reading going on inside that cell line by
    # line. No cell can be longer than the text; an abstract over its own limit is told so by abstract_problem.
    csv.field_size_limit(max(csv.field_size_limit(), len(text) + 1))
    # Comma-separated, as the format promises: sniffing guesses wrong on prose full of commas and semicolons.
    # Only a header row that names no abstract column that way is read again with ";" and then a tab, as
    # Excel saves "CSV" where the decimal mark is a comma (most of Europe, South America).
    # A first line "sep=;" names the separator (Excel reads it, and exports made for Excel write it).
    hint = _SEPARATOR_LINE.match(text)
    header_at = "line 2" if hint else "line 1"
    first_row: list[str] | None = None
    malformed: Exception | None = None  # the first separator's error, told when no separator reads the header
    for delimiter in (hint.group(1),) if hint else (",", ";", "\t"):
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
        try:
            if hint:
                next(reader)
            cells = next(reader)
        except StopIteration as exc:
            return [], [Problem(name, header_at, f"malformed CSV header: {exc}")]
        except csv.Error as exc:  # '"Title";"Abstract"' read with ",": the next separator may read it
            malformed = malformed or exc
            continue
        header = _column_names(cells)
        first_row = first_row or [cell.strip().lower() for cell in cells]
        if not _names_an_abstract(header):
            header = _header_below(reader) or header
        if _names_an_abstract(header):
            break
    else:
        if first_row is None:
            return [], [Problem(name, header_at, f"malformed CSV header: {malformed}")]
        return [], [Problem(name, header_at, "no header row with an 'abstract' column "
                                             f"(first row: {', '.join(first_row)[:80]!r})")]
    records, problems = _collect(name, _csv_items(name, reader, header, text, cut=cut))
    if not records and not problems:
        problems.append(Problem(name, "", "header only: no records after the header row"))
    return records, problems


def parse_bibtex(name: str, text: str) -> tuple[list[RawRecord], list[Problem]]:
    """Parse a BibTeX file (storage._bibtex): each entry with an abstract is a record; those without one are told
    in one line; a malformed entry is a problem naming its line, and the others still load; an entry the text ends
    inside is the one a cut falls in (storage._bibtex._cut_by_the_end)."""
    records: list[RawRecord] = []
    problems: list[Problem] = []
    for piece_records, piece_problems in parse_bibtex_in_pieces(name, text):
        records += piece_records
        problems += piece_problems
    return records, problems


def parse_bibtex_in_pieces(name: str, text: str | bytes) -> Iterator[tuple[list[RawRecord], list[Problem]]]:
    """parse_bibtex's records and problems a piece of the file at a time; what is said of the whole file last."""
    found = BibEntries()
    loaded = False
    for items in bibtex_entries(name, text, found, functools.partial(decode, name)):
        records, problems = _collect(name, items)
        loaded = loaded or bool(records)
        yield records, problems
    if not found.entries:
        yield [], [Problem(name, "", "not BibTeX: no entry (such as @inproceedings{key, ...}) in it")]
    elif not loaded and len(found.without_abstract) == found.entries:
        none = "its one entry has no abstract" if found.entries == 1 else \
            f"none of its {found.entries:,} entries has an abstract"
        yield [], [Problem(name, "", f"not a corpus: {none}")]
    else:
        yield [], list(without_abstract_note(name, found))


def _names_an_abstract(row: list[str]) -> bool:
    return any(cell in _FIELD_ALIASES["abstract"] for cell in row)


def _header_below(reader: Any) -> list[str] | None:
    """The first of the next few rows that names an abstract column, lowercased, or None.

    A spreadsheet often has a title, a date or blank rows above its table, and saving it as CSV keeps
    them: the file said "no header row with an 'abstract' column" and loaded nothing.
    """
    for _ in range(_ROWS_ABOVE_HEADER):
        try:
            row = _column_names(next(reader))
        except (csv.Error, StopIteration):
            return None
        if _names_an_abstract(row):
            return row
    return None


def _csv_items(name: str, reader: Any, header: list[str], text: str, *, cut: bool) -> Iterator[tuple[str, Any]]:
    number = 0
    through_abstract = 1 + max(i for i, column in enumerate(header) if column in _FIELD_ALIASES["abstract"])
    base, skipped = 0, 0  # where in `text` the reader's lines start, and how many lines come before them
    # The line a row that no line break ends is on: the last, in a file that stops part way.
    unended = 0 if text.endswith(("\n", "\r")) else _line_count(text)
    while True:
        start = skipped + reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:  # the reader resumes on the next line, so later rows still load
            number += 1
            # The file ends inside a quoted cell, no line break after it: a copy stopped in that cell, and the
            # lines after its first are the cell's, not rows (a quote left open in a whole file is read again below).
            if (cut or unended) and str(exc) == _CSV_OPEN_AT_THE_END:
                yield "", Problem(name, f"record {number} (line {start})", _CUT_OFF_RECORD)
                return
            yield "", Problem(name, f"record {number} (line {start})", f"malformed CSV row ({exc}); skipped")
            if skipped + reader.line_num > start:
                # A quote left open took the lines after its row into its cell, looking for its closing quote (to
                # the end of the file, or a quoted cell far below): read them again, as rows.
                base = _line_after(text, base, start - skipped)
                reader = csv.reader(_lines_from(text, base), dialect=reader.dialect)
                skipped = start
            continue
        if not any(cell.strip() for cell in row):
            continue
        number += 1
        where = f"record {number} (line {start})"
        # The last row, no line break after it: with fewer cells than the header, the copy stopped in it.
        if skipped + reader.line_num == unended and len(row) <= len(header) and (cut or len(row) < len(header)):
            yield from _cut_row(name, where, row, header, through_abstract, last_whole=text.endswith('"'))
            return
        cells = row if len(row) == len(header) else _fitted_to_header(row, len(header), through_abstract)
        if cells is None:
            yield "", Problem(name, where, f"{counted(len(row), 'field')} but the header has {len(header)}; skipped")
            continue
        yield where, dict(zip(header, cells, strict=True))


_CSV_OPEN_AT_THE_END = "unexpected end of data"  # the csv reader's error for a file that ends inside a quoted cell


def _line_count(text: str) -> int:
    """How many lines `text` has, as a csv reader counts them (a line ends at "\n", "\r\n" or "\r")."""
    return text.count("\n") + text.count("\r") - text.count("\r\n") + (not text.endswith(("\n", "\r")))


def _cut_row(name: str, where: str, row: list[str], header: list[str], through_abstract: int, *, last_whole: bool
             ) -> Iterator[tuple[str, Any]]:
    """The row a file ends in part way: its last cell maybe cut, unless `last_whole` (its closing quote ends the file),
    and those after it missing. Skipped when a cell through the abstract's may be cut; else read without the cells
    that may be cut or missing (a link or a name cut short is no better than none), and said."""
    whole = len(row) if last_whole else len(row) - 1
    if whole < through_abstract:
        yield "", Problem(name, where, _CUT_OFF_RECORD)
        return
    yield where, dict(zip(header, row[:whole] + [""] * (len(header) - whole), strict=True))
    if whole < len(header):
        yield "", Problem(name, where, f"{_CUT_OFF} record: loaded without its cells from {header[whole]!r} on, "
                                       "which the end of the file cuts off")


_CSV_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")  # a line as io.StringIO(newline="") gives it


def _line_after(text: str, at: int, lines: int) -> int:
    """Where in `text` the line `lines` lines after the one starting at `at` starts (len(text) past the end)."""
    for count, line in enumerate(_CSV_LINE.finditer(text, at), start=1):
        if count == lines:
            return line.end()
    return len(text)


def _lines_from(text: str, at: int) -> Iterator[str]:
    """The lines of `text` from `at` on, for a csv reader, without copying the rest of a large file."""
    return (line.group() for line in _CSV_LINE.finditer(text, at))


def _fitted_to_header(row: list[str], width: int, least: int) -> list[str] | None:
    """The row with the header's number of cells, or None when that cannot be had without guessing.

    Excel leaves out the empty cells at the end of some rows and not others (it decides a chunk of rows
    at a time), and scripts end rows with a separator: cells missing at the end of a row that has its
    first `least` (through the abstract's) are empty ones, and empty cells past the header's are
    nothing. More cells holding text mean a separator too many somewhere in the row, and no one can
    tell where.
    """
    if least <= len(row) < width:
        return row + [""] * (width - len(row))
    return None if len(row) < width or any(cell.strip() for cell in row[width:]) else row[:width]
