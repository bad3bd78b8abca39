"""Exports of the open scholarly APIs operators fetch papers from, saved as those APIs give them."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from storage.parsing import parse_file


def _inverted(text: str) -> dict[str, list[int]]:
    index: dict[str, list[int]] = {}
    for at, word in enumerate(text.split()):
        index.setdefault(word, []).append(at)
    return index


def _work(title: str, abstract: str, authors: list[str]) -> dict[str, object]:
    """A work as OpenAlex's API gives it (fields trimmed)."""
    return {"id": "https://openalex.org/W2741809807", "doi": "https://doi.org/10.7717/peerj.4375", "title": title,
            "display_name": title, "publication_year": 2024,
            "authorships": [{"author_position": "first" if n == 0 else "middle",
                             "author": {"id": f"https://openalex.org/A{n}", "display_name": name, "orcid": None},
                             "institutions": [{"display_name": "MIT"}], "raw_author_name": name}
                            for n, name in enumerate(authors)],
            "abstract_inverted_index": _inverted(abstract), "cited_by_count": 3}


def test_an_openalex_page_of_works_gives_its_abstracts_and_authors(tmp_path: Path, abstracts: list[str]) -> None:
    # OpenAlex gives an abstract only as an inverted index (word -> positions), and a page of works as
    # {"meta", "results", "group_by"}: the file was "not a corpus" (two lists), and a work alone "no abstract".
    one_line = [" ".join(abstract.split()) for abstract in abstracts[:3]]  # the index keeps words, not line breaks
    page = {"meta": {"count": 2, "page": 1, "per_page": 25}, "group_by": [],
            "results": [_work("One", one_line[0], ["Ada Lovelace", "Alan Turing"]), _work("Two", one_line[1], [])]}
    path = tmp_path / "openalex.json"
    path.write_text(json.dumps(page))
    single = tmp_path / "W2741809807.json"  # one work, as /works/W2741809807 gives it
    single.write_text(json.dumps(_work("Three", one_line[2], ["Grace Hopper"])))
    result, alone = parse_file(path), parse_file(single)
    assert result.problems == alone.problems == []
    assert [(r.title, r.abstract, r.authors) for r in [*result.records, *alone.records]] == [
        ("One", one_line[0], ("Ada Lovelace", "Alan Turing")), ("Two", one_line[1], ()),
        ("Three", one_line[2], ("Grace Hopper",))]


def test_an_inverted_index_reads_in_position_order_and_ignores_what_is_no_position(
        tmp_path: Path, abstracts: list[str]) -> None:
    words = abstracts[0].split()
    index = _inverted(" ".join(words))
    # JSON objects have no order to rely on
    shuffled: dict[str, list[object]] = {word: list(at) for word, at in reversed(index.items())}
    shuffled["stray"] = ["x", None]  # not positions: no word of the text
    path = tmp_path / "works.jsonl"
    path.write_text(json.dumps({"title": "One", "abstract_inverted_index": shuffled}) + "\n"
                    + json.dumps({"title": "Empty", "abstract_inverted_index": {}}) + "\n")
    result = parse_file(path)
    assert [r.abstract for r in result.records] == [" ".join(words)]
    assert [str(p) for p in result.problems] == [f"{path}:line 2: no abstract; skipped"]


async def test_semantic_scholars_open_research_corpus_loads(db: aiosqlite.Connection, tmp_path: Path,
                                                            abstracts: list[str]) -> None:
    # Its records name the abstract "paperAbstract": every one was "no abstract; skipped".
    lines = [{"id": f"{n:040x}", "title": f"Paper {n}", "paperAbstract": abstracts[n], "year": 2019,
              "authors": [{"name": "Ada Lovelace", "ids": ["1"]}], "venue": "ICML", "pdfUrls": []} for n in range(2)]
    path = tmp_path / "s2-corpus-000.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    report = await load_corpus(db, [path])
    assert (report.added, report.problems) == (2, [])
    async with db.execute("SELECT title, venue, authors FROM papers ORDER BY num") as cursor:
        assert [tuple(row) for row in await cursor.fetchall()] == [
            ("Paper 0", "ICML", '["Ada Lovelace"]'), ("Paper 1", "ICML", '["Ada Lovelace"]')]
