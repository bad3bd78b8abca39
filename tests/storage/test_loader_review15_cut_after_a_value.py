"""A JSON corpus file cut off just after a `"`, `}` or `]` (session 15). Session 13 kept the papers of a file
that ends part way, but told one only by its last character: a JSON Lines file or objects one after another
ending in `"` or `}`, or a list ending in `]`, passed for whole. A copy cut off after a record's title, its
list of authors or a nested object retired every paper not written yet, unsaid. Whether the file ends inside
its last record is now asked of the JSON reader itself, which names that record."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.parsing import parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")
Records = list[dict[str, object]]
CUT_SHORT_NOTE = ("the file ends part way through (a copy still being written, a download cut short?): its papers "
                  "are kept until it is whole")
CUT_RECORD = "the file ends part way through this record; skipped"

FORMATS: dict[str, tuple[str, Callable[[Records], str]]] = {
    "a JSON list": ("papers.json", lambda records: json.dumps(records, indent=2)),
    "a JSON list on one line": ("papers.json", lambda records: json.dumps(records)),
    "JSON Lines": ("papers.jsonl", lambda records: "".join(json.dumps(record) + "\n" for record in records)),
    "objects over many lines": ("papers.json", lambda records: "\n".join(json.dumps(r, indent=2) for r in records)),
}
# Where the copy stops, in the sixth record: each just after a `"`, a `]` or a `}`.
CUTS = {
    "after its title's closing quote": '"Order 5"',
    "after its list of authors": '"Author 5b"]',
    "after a nested object": '"Extra 5"}',
    "after its abstract's closing quote": 'Case 5."',
}


WHOLE = json.dumps({"title": "A", "abstract": ABSTRACT})


def _records(count: int) -> Records:
    return [{"title": f"Order {n}", "authors": [f"Author {n}a", f"Author {n}b"], "extra": {"note": f"Extra {n}"},
             "abstract": f"{ABSTRACT} Case {n}."} for n in range(count)]


def _cut(text: str, after: str) -> str:
    """`text` up to just after `after`, as written without spaces or with json.dumps's indentation."""
    indented = (after.replace('"]', f'"\n{spaces}]').replace('"}', f'"\n{spaces}}}') for spaces in ("  ", "    "))
    for written in (after, *indented):
        if written in text:
            return text[:text.index(written) + len(written)]
    raise AssertionError(f"{after!r} is not in the text")


def _where_cut(name: str, text: str) -> str:
    line = text.count("\n") + 1
    return f"line {line}" if name.endswith(".jsonl") else f"record 6 (line {line})"


async def _active_titles(db: aiosqlite.Connection) -> set[str]:
    async with db.execute("SELECT title FROM papers WHERE active = 1") as cursor:
        return {row[0] for row in await cursor.fetchall()}


@pytest.mark.parametrize("cut", CUTS)
@pytest.mark.parametrize("form", FORMATS)
async def test_a_file_cut_after_a_value_keeps_its_papers_and_says_where(db: aiosqlite.Connection, tmp_path: Path,
                                                                        form: str, cut: str) -> None:
    name, written = FORMATS[form]
    path = tmp_path / name
    path.write_text(written(_records(10)))
    assert (await load_corpus(db, [path])).active == 10
    renamed = [{**record, "title": "Renamed 0"} if n == 0 else record for n, record in enumerate(_records(10))]
    text = _cut(written(renamed), CUTS[cut])
    path.write_text(text)

    report = await load_corpus(db, [path])
    assert (report.retired, report.active) == (0, 10)  # before: 5 retired
    assert [str(p) for p in report.problems] == [f"{path}:{_where_cut(name, text)}: {CUT_RECORD}",
                                                 f"{path}: {CUT_SHORT_NOTE}"]
    assert "Renamed 0" in await _active_titles(db)  # every whole record loads
    assert report.records == 5


@pytest.mark.parametrize("form", FORMATS)
async def test_the_same_file_whole_is_not_taken_for_one_cut_short(db: aiosqlite.Connection, tmp_path: Path,
                                                                  form: str) -> None:
    name, written = FORMATS[form]
    path = tmp_path / name
    path.write_text(written(_records(10)))
    await load_corpus(db, [path])
    path.write_text(written(_records(9)))  # whole, one paper fewer: that one retires
    report = await load_corpus(db, [path])
    assert (report.retired, report.active, report.problems) == (1, 9, [])


@pytest.mark.parametrize(("text", "where"), [
    (WHOLE + '\n{"title": "B", "abstract": "x",}\n', "line 2"),  # a comma too many
    ("[" + WHOLE + ', {"title": "B" "abstract": "x"}]', "record 2 (line 1)"),  # a comma too few
    (WHOLE + "\n{\"title\": \"B\", 'abstract': 'x'}\n", "line 2"),  # Python's quotes
])
def test_a_malformed_last_record_in_a_whole_file_is_not_a_cut(tmp_path: Path, text: str, where: str) -> None:
    path = tmp_path / ("papers.jsonl" if text.startswith("{") else "papers.json")
    path.write_text(text)
    problems = parse_file(path).problems
    assert len(problems) == 1
    assert problems[0].where == where
    assert problems[0].message.startswith("malformed JSON")
    assert parse_file(path).cut_short == []

