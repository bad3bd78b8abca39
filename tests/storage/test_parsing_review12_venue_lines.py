"""A venue wrapped over lines is one venue (session 12, found by helper-64): a BibTeX `booktitle` wrapped over
two lines, or a spreadsheet cell with a line break, was stored as written, so the same conference written on one
line in one file and wrapped in another was two venues (in `/paper search`'s venue choices, `paperbot stats`),
and a card showed it on two lines."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite

from storage.loader import corpus_stats, load_corpus
from storage.parsing import parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")


async def test_a_wrapped_venue_is_the_venue_on_one_line(db: aiosqlite.Connection, tmp_path: Path) -> None:
    bib = tmp_path / "anthology.bib"
    bib.write_text("@inproceedings{one,\n  title = {One},\n  booktitle = {Proceedings of the 62nd Annual Meeting\n"
                   "      of the Association for Computational Linguistics},\n  year = {2024},\n"
                   f"  abstract = {{{ABSTRACT}}}\n}}\n", encoding="utf-8")
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps([{"title": "Two", "abstract": ABSTRACT.replace("order", "choice"),
                                   "venue": "Proceedings of the 62nd Annual Meeting of the Association for "
                                            "Computational Linguistics\t2024"},
                                  {"title": "Three", "abstract": ABSTRACT.replace("order", "size"),
                                   "venue": "Proceedings of the 62nd Annual Meeting of the Association for\r\n"
                                            "Computational Linguistics 2024"}]), encoding="utf-8")
    venue = "Proceedings of the 62nd Annual Meeting of the Association for Computational Linguistics 2024"
    assert [r.venue for r in parse_file(bib).records + parse_file(listed).records] == [venue] * 3
    await load_corpus(db, [tmp_path])
    stats = await corpus_stats(db)
    assert stats.venues == [(venue, 3)]
