"""Symbolic links in the corpus that lead nowhere (session 13). A corpus folder often links its datasets in from a
shared disk; with the share not mounted, the links were left out without a word and their papers retired. A
corpus path that is a link loop (`ln -s papers.json papers.json`) failed the whole load (Path.resolve raises on a
loop). Each is now a problem naming it, and the papers it gave stay."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from tests.storage.conftest import write_json

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it.")


def _records(*cases: str) -> list[dict[str, object]]:
    return [{"title": f"Order {case}", "abstract": f"{ABSTRACT} Case {case}."} for case in cases]


async def _titles(db: aiosqlite.Connection) -> list[str]:
    async with db.execute("SELECT title FROM papers WHERE active = 1 ORDER BY title") as cursor:
        return [row[0] for row in await cursor.fetchall()]


async def test_links_to_a_share_not_mounted_keep_their_papers(db: aiosqlite.Connection, tmp_path: Path) -> None:
    share, corpus = tmp_path / "share", tmp_path / "corpus"
    (share / "more").mkdir(parents=True)
    corpus.mkdir()
    write_json(share / "papers.json", _records("one", "two"))
    write_json(share / "more" / "extra.json", _records("three"))
    write_json(corpus / "local.json", _records("four"))
    (corpus / "papers.json").symlink_to(share / "papers.json")
    (corpus / "linked").symlink_to(share / "more", target_is_directory=True)
    assert (await load_corpus(db, [corpus])).active == 4
    share.rename(tmp_path / "unmounted")

    report = await load_corpus(db, [corpus])
    assert [str(p) for p in report.problems] == [
        f"{corpus / 'linked'}: broken symbolic link: {share / 'more'} is missing; the papers it gave before are kept",
        f"{corpus / 'papers.json'}: broken symbolic link: {share / 'papers.json'} is missing; the papers it gave "
        "before are kept"]
    assert (report.retired, report.active) == (0, 4)  # before: 3 retired, and not a word
    (tmp_path / "unmounted").rename(share)
    (share / "papers.json").write_text(json.dumps(_records("one")))  # back, with a paper taken out
    again = await load_corpus(db, [corpus])
    assert (again.problems, again.retired) == ([], 1)
    assert await _titles(db) == ["Order four", "Order one", "Order three"]


async def test_a_corpus_path_that_is_a_link_loop_is_a_problem_not_a_failed_load(db: aiosqlite.Connection,
                                                                                tmp_path: Path) -> None:
    good = write_json(tmp_path / "good.json", _records("one"))
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    in_folder = tmp_path / "corpus"
    in_folder.mkdir()
    (in_folder / "loop.json").symlink_to(in_folder / "loop.json")

    report = await load_corpus(db, [good, loop, in_folder])  # before: RuntimeError("Symlink loop from …")
    told = "symbolic link loop (it leads back to itself); the papers it gave before are kept"
    assert [str(p) for p in report.problems] == [f"{loop}: {told}", f"{in_folder / 'loop.json'}: {told}",
                                                 f"{in_folder}: folder has no corpus files (.txt, .json, .jsonl, "
                                                 ".ndjson, .csv, .tsv or .bib)"]
    assert await _titles(db) == ["Order one"]
