"""A JSON corpus file read while it is being written (session 13): the bot starting while `cp` or a download
still writes `papers.json`, or a script rewriting it in place. The records written so far loaded, and every paper
of the part not yet written was retired (out of search until the next load, the bot's next start). A JSON list
or object left open, or a JSON Lines file whose last line is no whole object, now loads what it holds, says the
file ends part way, and keeps its other papers."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")
Records = list[dict[str, str]]
CUT_SHORT_NOTE = ("the file ends part way through (a copy still being written, a download cut short?): its papers "
                  "are kept until it is whole")

FORMATS: dict[str, tuple[str, Callable[[Records], str]]] = {
    "a JSON list": ("papers.json", lambda records: json.dumps(records, indent=2)),
    "a JSON list on one line": ("papers.json", lambda records: json.dumps(records)),
    "JSON Lines": ("papers.jsonl", lambda records: "".join(json.dumps(record) + "\n" for record in records)),
    "objects over many lines": ("papers.json", lambda records: "\n".join(json.dumps(r, indent=2) for r in records)),
}


def _records(count: int) -> Records:
    return [{"title": f"Order {n}", "abstract": f"{ABSTRACT} Case {n}."} for n in range(count)]


async def _active_titles(db: aiosqlite.Connection) -> set[str]:
    async with db.execute("SELECT title FROM papers WHERE active = 1") as cursor:
        return {row[0] for row in await cursor.fetchall()}


@pytest.mark.parametrize("form", FORMATS)
async def test_a_file_being_written_loads_what_it_holds_and_keeps_the_rest(db: aiosqlite.Connection,
                                                                           tmp_path: Path, form: str) -> None:
    name, written = FORMATS[form]
    path = tmp_path / name
    path.write_text(written(_records(10)))
    assert (await load_corpus(db, [path])).active == 10
    renamed = [{**record, "title": f"Renamed {n}"} if n == 0 else record for n, record in enumerate(_records(10))]
    text = written(renamed)
    path.write_text(text[:text.index("Case 5")])  # the new version, written up to the middle of its sixth paper

    report = await load_corpus(db, [path])
    assert (report.retired, report.active) == (0, 10)  # before: 5 retired
    assert f"{path}: {CUT_SHORT_NOTE}" in [str(p) for p in report.problems]
    assert "Renamed 0" in await _active_titles(db)  # what it holds loads
    path.write_text(written(renamed[:9]))  # written whole, one paper fewer: that one retires
    whole = await load_corpus(db, [path])
    assert (whole.retired, whole.active, whole.problems) == (1, 9, [])


@pytest.mark.parametrize("text", [
    json.dumps(_records(2)),  # no line break at the end
    json.dumps(_records(2)) + "\n\n  \n",
    "".join(json.dumps(record) + "\n" for record in _records(2)).rstrip("\n"),
    json.dumps(_records(1)[0]),  # one paper's object
])
async def test_a_whole_file_is_not_taken_for_one_cut_short(db: aiosqlite.Connection, tmp_path: Path,
                                                            text: str) -> None:
    path = tmp_path / ("papers.jsonl" if text.startswith("{") and "\n" in text else "papers.json")
    path.write_text(text)
    report = await load_corpus(db, [path])
    assert (report.problems, report.active) == ([], text.count('"abstract"'))
