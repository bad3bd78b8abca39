"""Review 11, last read: a BibTeX file's @string names cannot stand for more text than the file has.

A name may be defined by joining names before it ("@string{b = a # a}"), so each line can double a value: a file of
a few hundred bytes stood for hundreds of megabytes (25 lines: 840 M characters, 1.6 GB held; 30 lines would have
asked for 50 GB and taken the machine down). The names of a file now stand for as much text as the file has (1 M
characters at least): past that, the @string or entry using them is a problem naming its line, and the file's
other entries still load.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from storage.parsing import parse_file

ABSTRACT = ("We study how a doubling chain of string macros in a bibliography can exhaust the memory of a reader, "
            "and show that a budget on what the names stand for keeps the reading bounded.")


def _doubling_file(path: Path, lines: int) -> Path:
    """`lines` @string lines, each naming twice the one before (50 characters doubled `lines` - 1 times), an entry
    whose abstract is the last name, then an ordinary entry."""
    text = ['@string{s0 = "' + "x" * 50 + '"}']
    text += [f"@string{{s{i} = s{i - 1} # s{i - 1}}}" for i in range(1, lines)]
    text.append(f"@article{{bomb, title = {{Bomb}}, abstract = s{lines - 1}}}")
    text.append(f"@article{{plain, title = {{A Plain Entry}}, abstract = {{{ABSTRACT}}}}}")
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return path


def test_doubling_string_names_are_stopped_and_named(tmp_path: Path) -> None:
    # 22 lines would stand for 50 * 2**21 = 105 M characters: small enough to run on the old code, which held them
    path = _doubling_file(tmp_path / "bomb.bib", 22)
    tracemalloc.start()
    try:
        result = parse_file(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    records, problems = result.records, result.problems

    assert peak < 20 * 2**20, f"{peak:,} bytes held at once"
    assert [record.title for record in records] == ["A Plain Entry"]
    over = [problem for problem in problems if "@string names" in problem.message]
    assert over, problems
    assert over[0].where == "@string s14 (line 15)"  # 50 * (2**15 - 2) characters named by then, past 1 M
    assert "stand for over 1,048,576 characters" in over[0].message
    assert any(problem.where == "entry bomb (line 23)" for problem in over), over


def test_a_file_whose_names_stand_for_less_than_it_holds_is_read_whole(tmp_path: Path) -> None:
    # The names of a real bibliography: a proceedings' title on each of its papers, joined with the year.
    entries = [f"@inproceedings{{p{i}, title = {{Paper {i}}}, booktitle = wmt # \" 2019\", abstract = {{{ABSTRACT} "
               f"Paper {i}.}}}}" for i in range(2_000)]
    path = tmp_path / "wmt.bib"
    path.write_text("@string{wmt = {Proceedings of the Fourth Conference on Machine Translation}}\n"
                    + "\n".join(entries) + "\n", encoding="utf-8")

    result = parse_file(path)
    records, problems = result.records, result.problems

    assert problems == []
    assert len(records) == 2_000
    assert {record.venue for record in records} == {"Proceedings of the Fourth Conference on Machine Translation 2019"}
