"""Plain data types shared by the parser, the loader, search and the bot."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class RawRecord:
    """One abstract as read from a corpus file, before enrichment."""

    abstract: str
    source_file: str
    source_ref: str  # "paragraph 3 (line 17)" or "record 12"
    title: str | None = None
    authors: tuple[str, ...] = ()
    venue: str | None = None
    url: str | None = None
    pdf: str | None = None
    code_url: str | None = None


@dataclass(frozen=True, slots=True)
class Problem:
    """A piece of input that could not be used, with where it is and why."""

    source_file: str
    where: str  # "line 12", "record 7", "" for the whole file
    message: str

    def __str__(self) -> str:
        location = f"{self.source_file}:{self.where}" if self.where else self.source_file
        return f"{location}: {self.message}"


@dataclass(frozen=True, slots=True)
class Paper:
    """An enriched paper, as stored in SQLite and shown to people."""

    id: str
    title: str
    abstract: str  # readable display text (Discord markdown)
    abstract_raw: str
    title_given: bool = False
    authors: tuple[str, ...] = ()
    venue: str | None = None
    keywords: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # method names / acronyms the abstract introduces
    links: tuple[str, ...] = ()  # code / project links
    url: str | None = None
    pdf: str | None = None
    source: str = ""  # "file.txt, paragraph 3 (line 17)"
    active: bool = True


@dataclass(slots=True)
class LoadReport:
    """What a corpus load did; printed by `paperbot ingest` and logged at start-up."""

    skipped_unchanged: bool = False
    files: list[str] = field(default_factory=list)
    records: int = 0
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    retired: int = 0
    reactivated: int = 0
    duplicates: int = 0
    duplicate_notes: list[str] = field(default_factory=list)  # "b.txt, paragraph 2 repeats a.txt, paragraph 5"
    active: int = 0
    problems: list[Problem] = field(default_factory=list)
    seconds: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)  # seconds per stage: parse, enrich, write, index

    @property
    def gave_nothing(self) -> bool:
        """Whether the load found no usable paper at all (and so changed nothing): not one unchanged or new."""
        return not self.skipped_unchanged and self.added + self.updated + self.unchanged + self.reactivated == 0


def counted(n: int, noun: str) -> str:
    """ "1 record", "3,301 records": a count and its noun, in the singular for one."""
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"
