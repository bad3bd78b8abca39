"""A corpus path that goes missing is never an "unchanged" corpus (session 14). The unchanged-corpus skip
compared a hash of the files read only: a path that gave no file before and is missing now (a typo added to
CORPUS_PATH, a share unmounted under a link to an empty folder) hashed the same, so the load was skipped and the
path never named; and a path taken out of CORPUS_PATH kept its old "no such file" line at every start."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from tests.storage.conftest import write_json

ABSTRACT = "We measure how often retrieval-augmented models quote their sources word for word, and why."


def _corpus_file(folder: Path) -> Path:
    return write_json(folder / "papers.json", [{"title": "Quoting sources", "abstract": ABSTRACT}])


async def test_a_path_added_to_the_corpus_that_does_not_exist_is_named(db: aiosqlite.Connection,
                                                                        tmp_path: Path) -> None:
    papers = _corpus_file(tmp_path)
    await load_corpus(db, [papers])

    report = await load_corpus(db, [papers, tmp_path / "more_papers.json"])  # before: skipped, no problem
    assert not report.skipped_unchanged
    assert [str(p) for p in report.problems] == [f"{tmp_path / 'more_papers.json'}: no such file or folder"]
    assert (report.unchanged, report.retired, report.active) == (1, 0, 1)
    again = await load_corpus(db, [papers, tmp_path / "more_papers.json"])  # the skip still works, and says it
    assert again.skipped_unchanged
    assert again.problems == report.problems


async def test_a_path_taken_out_of_the_corpus_is_no_longer_reported_missing(db: aiosqlite.Connection,
                                                                            tmp_path: Path) -> None:
    papers = _corpus_file(tmp_path)
    first = await load_corpus(db, [papers, tmp_path / "typo.json"])
    assert len(first.problems) == 1

    report = await load_corpus(db, [papers])  # before: skipped, repeating "typo.json: no such file or folder"
    assert report.problems == []
    assert report.active == 1


async def test_a_link_to_a_share_that_gave_no_file_is_named_once_unmounted(db: aiosqlite.Connection,
                                                                            tmp_path: Path) -> None:
    corpus, share = tmp_path / "corpus", tmp_path / "share"
    corpus.mkdir()
    share.mkdir()
    (share / "notes.md").write_text("the datasets are copied here on Mondays")
    _corpus_file(corpus)
    (corpus / "shared").symlink_to(share, target_is_directory=True)
    await load_corpus(db, [corpus])
    share.rename(tmp_path / "unmounted")

    report = await load_corpus(db, [corpus])  # before: skipped as unchanged, and not a word about the share
    assert [str(p) for p in report.problems] == [
        f"{corpus / 'shared'}: broken symbolic link: {share} is missing; the papers it gave before are kept"]
    assert (report.retired, report.active) == (0, 1)
