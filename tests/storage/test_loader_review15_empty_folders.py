"""A subfolder of the corpus that holds no corpus file now (session 15): an unmounted share leaves its mount
point an empty folder, and every paper it gave was retired without a word, while a path given but missing (a
broken link to the share, a CORPUS_PATH entry) keeps its papers and is named. Such a folder now keeps the papers
it gave and is named at every load; removing the folder itself retires them, as a file taken out does."""

from __future__ import annotations

import shutil
from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from tests.storage.conftest import write_json

ABSTRACT = "We measure how often retrieval-augmented models quote their sources word for word, and why (case {})."


def _papers(folder: Path, name: str, first: int, count: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return write_json(folder / name, [{"title": f"Quoting sources {n}", "abstract": ABSTRACT.format(n)}
                                      for n in range(first, first + count)])


def _kept(folder: Path, count: int) -> str:
    kept = "the paper it gave before is kept (remove the folder to retire it)" if count == 1 else \
        f"the {count} papers it gave before are kept (remove the folder to retire them)"
    return f"{folder}: folder has no corpus files now (a share not mounted?); {kept}"


async def test_an_emptied_subfolder_keeps_its_papers_and_is_named_until_it_is_removed(
        db: aiosqlite.Connection, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    _papers(corpus, "local.json", 0, 1)
    share = corpus / "share"  # a mount point
    _papers(share, "papers.json", 10, 3)
    assert (await load_corpus(db, [corpus])).active == 4
    (share / "papers.json").unlink()  # unmounted: the folder is there, empty

    report = await load_corpus(db, [corpus])
    assert (report.retired, report.active) == (0, 4)  # before: 3 retired, not a word
    assert [str(p) for p in report.problems] == [_kept(share, 3)]
    again = await load_corpus(db, [corpus])  # every start says it
    assert again.skipped_unchanged
    assert [str(p) for p in again.problems] == [_kept(share, 3)]

    share.rmdir()  # gone for good: removing the folder retires its papers
    removed = await load_corpus(db, [corpus])
    assert (removed.retired, removed.active, removed.problems) == (3, 1, [])


async def test_a_share_mounted_again_is_whole_again(db: aiosqlite.Connection, tmp_path: Path) -> None:
    corpus, share = tmp_path / "corpus", tmp_path / "corpus" / "shares" / "nas"
    _papers(corpus, "local.json", 0, 1)
    papers = _papers(share, "papers.json", 10, 2)
    await load_corpus(db, [corpus])
    held = papers.read_bytes()
    papers.unlink()
    (share / ".hidden").write_text("what an unmounted mount point may hold")  # no corpus file all the same

    report = await load_corpus(db, [corpus])
    assert [str(p) for p in report.problems] == [_kept(share, 2)]  # the innermost folder: the mount point
    papers.write_bytes(held)
    back = await load_corpus(db, [corpus])
    assert (back.retired, back.reactivated, back.active, back.problems) == (0, 0, 3, [])


async def test_one_paper_kept_folders_that_never_gave_papers_and_a_file_taken_out(db: aiosqlite.Connection,
                                                                                  tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    _papers(corpus, "local.json", 0, 1)
    (corpus / "scratch").mkdir()  # never held a paper: nothing to say
    (corpus / "figures").mkdir()
    (corpus / "figures" / "plot.png").write_bytes(b"\x89PNG")
    moved = _papers(corpus / "2024", "papers.json", 10, 1)
    _papers(corpus / "sub", "a.json", 20, 1)
    taken_out = _papers(corpus / "sub", "b.json", 30, 2)
    first = await load_corpus(db, [corpus])
    assert (first.active, first.problems) == (5, [])
    shutil.move(moved, tmp_path / "elsewhere.json")
    taken_out.unlink()  # its folder still gives papers: a file taken out retires its papers, as before

    report = await load_corpus(db, [corpus])
    assert [str(p) for p in report.problems] == [_kept(corpus / "2024", 1)]
    assert (report.retired, report.active) == (2, 3)
