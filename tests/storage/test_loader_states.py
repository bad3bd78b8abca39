"""Corpus loads over any sequence of edits (a Hypothesis state machine, on a real SQLite file).

Files of a corpus folder are written (seed text or JSON with titles), emptied of some abstracts,
broken (binary, or a file that gives no record), deleted and fixed again, with a load after each
edit. A small model says what must hold after every load:

- nothing is ever lost: every paper ever loaded keeps its row;
- the active papers are exactly those of the files that give records, plus those whose file is
  broken now (a broken file keeps its papers); a load that finds no record at all changes nothing;
- the report's added / retired / reactivated / duplicates counts are what happened.
"""

from __future__ import annotations

import asyncio
import functools
import os
import shutil
import tempfile
from pathlib import Path

import aiosqlite
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from storage.db import open_database
from storage.enrich import paper_id
from storage.loader import load_corpus
from tests.storage.conftest import seed_paragraphs, write_json, write_seed_file

NAMES = ("a.txt", "b.txt", "c.json", "d.txt")
BROKEN = (b"\x00\x01\x02 not a corpus \xff\xfe", b"Only A Header Line\n", b"[{\"abstract\": 3}]", b"")


@functools.cache
def pool() -> tuple[str, ...]:
    """Real abstracts (the bundled seeds), a dozen of them: enough to overlap between files."""
    return tuple(seed_paragraphs()[:12])


class CorpusEdits(RuleBasedStateMachine):
    """A corpus folder, its database, and what the model expects of them."""

    def __init__(self) -> None:
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp(prefix="paperbot-states-"))
        self.folder = self.tmp / "corpus"
        self.folder.mkdir()
        self.loop = asyncio.new_event_loop()
        self.conn: aiosqlite.Connection = self.loop.run_until_complete(open_database(self.tmp / "papers.db"))
        self.files: dict[str, list[str] | None] = {}  # name -> its abstracts, or None when broken
        self.ever: set[str] = set()
        self.active: set[str] = set()
        self.source: dict[str, str] = {}  # id -> the file it was last seen in (its first one)

    def teardown(self) -> None:
        self.loop.run_until_complete(self.conn.close())
        self.loop.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    # --- edits ------------------------------------------------------------------------------------

    @rule(name=st.sampled_from(NAMES), picks=st.lists(st.integers(0, 11), min_size=1, max_size=6))
    def write(self, name: str, picks: list[int]) -> None:
        abstracts = [pool()[i] for i in picks]
        path = self.folder / name
        if name.endswith(".json"):
            write_json(path, [{"title": f"Paper {i}", "abstract": a} for i, a in zip(picks, abstracts, strict=True)])
        else:
            write_seed_file(path, abstracts)
        self._touch(path)
        self.files[name] = abstracts

    @rule(name=st.sampled_from(NAMES), content=st.sampled_from(BROKEN))
    def break_file(self, name: str, content: bytes) -> None:
        path = self.folder / name
        path.write_bytes(content)
        self._touch(path)
        self.files[name] = None

    @precondition(lambda self: bool(self.files))
    @rule(data=st.data())
    def delete(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(sorted(self.files)))
        (self.folder / name).unlink()
        del self.files[name]

    @staticmethod
    def _touch(path: Path) -> None:
        """A new modification time even within the file system's timestamp resolution."""
        stamp = path.stat().st_mtime_ns + 1_000_000_000
        os.utime(path, ns=(stamp, stamp))

    # --- the load and what it must do ----------------------------------------------------------------

    @rule()
    def load(self) -> None:
        seen: dict[str, str] = {}  # id -> first file (in sorted order) that has it
        occurrences = 0
        for name in sorted(self.files):
            for abstract in self.files[name] or []:
                occurrences += 1
                seen.setdefault(paper_id(abstract), name)
        report = self.loop.run_until_complete(load_corpus(self.conn, [self.folder]))
        if not seen:  # no record anywhere: nothing changes
            assert report.added == report.retired == report.reactivated == 0
            return
        broken = {name for name, abstracts in self.files.items() if abstracts is None}
        kept = {pid for pid in self.active - seen.keys() if self.source.get(pid) in broken}
        expected = set(seen) | kept
        assert report.added == len(seen.keys() - self.ever)
        assert report.retired == len(self.active - expected)
        assert report.reactivated == len((seen.keys() & self.ever) - self.active)
        assert report.duplicates == occurrences - len(seen)
        assert report.records == occurrences
        self.ever |= seen.keys()
        self.active = expected
        self.source.update(seen)

    @invariant()
    def database_matches_the_model(self) -> None:
        rows = self.loop.run_until_complete(self._rows())
        assert set(rows) == self.ever  # nothing lost, nothing invented
        assert {pid for pid, active in rows.items() if active} == self.active

    async def _rows(self) -> dict[str, bool]:
        async with self.conn.execute("SELECT id, active FROM papers") as cursor:
            return {row[0]: bool(row[1]) for row in await cursor.fetchall()}


_PROFILE = settings.default  # the "paperbot" profile tests/conftest.py loads
assert _PROFILE is not None
CorpusEdits.TestCase.settings = settings(
    _PROFILE, max_examples=max(5, _PROFILE.max_examples // 6), stateful_step_count=12)
test_corpus_edits = CorpusEdits.TestCase
