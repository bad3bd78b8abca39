"""Authors written in LaTeX, as BibTeX files and the corpora made from them write names (session 11): stored as
written, a card read 'Bernhard Sch\\"olkopf' and searching 'Schölkopf' or 'Scholkopf' did not find the paper."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.parsing import parse_file
from storage.search import SearchEngine
from tests.storage.conftest import write_json

# As written in the corpus -> as a card shows it.
LATEX_NAMES = [
    (r'Bernhard Sch\"olkopf', "Bernhard Schölkopf"),
    (r'Bernhard Sch{\"o}lkopf', "Bernhard Schölkopf"),
    (r"G{\'e}rard Biau", "Gérard Biau"),
    (r"Ana Ma\~{n}as", "Ana Mañas"),
    (r"S{\o}ren Hauberg", "Søren Hauberg"),
    (r"Ana Mart{\'\i}nez", "Ana Martínez"),      # an accent on a dotless i, as BibTeX writes í
    (r"Luis Garc\'{\i}a", "Luis García"),
    (r"{\L}ukasz Kaiser", "Łukasz Kaiser"),
    (r"Paul Erd\H{o}s", "Paul Erdős"),
    (r"Antonín Dvo\v{r}\'ak", "Antonín Dvořák"),
    (r"D.~E. Knuth", "D. E. Knuth"),             # a tie between initials
    (r"{Google Research}", "Google Research"),   # braces that keep a name whole
]
# Names that are no LaTeX stay exactly as written.
PLAIN_NAMES = ["Jean-Pierre Vert", "Tim O'Reilly", "Éric Moulines", "Özgür Aslan", "Chen Wei (陈伟)",
               "Ludwig van Beethoven Jr.", "A. Turing", "~anonymous1"]


def test_a_json_corpus_gives_its_latex_authors_in_unicode(tmp_path: Path, abstracts: list[str]) -> None:
    records = [{"title": f"Paper {n}", "abstract": abstracts[n], "authors": [written, "Ada Lovelace"]}
               for n, (written, _) in enumerate(LATEX_NAMES)]
    result = parse_file(write_json(tmp_path / "papers.json", records))
    assert result.problems == []
    assert [record.authors for record in result.records] == [(shown, "Ada Lovelace") for _, shown in LATEX_NAMES]


def test_bibtex_style_author_text_in_a_spreadsheet(tmp_path: Path, abstracts: list[str]) -> None:
    # One cell listing the authors as BibTeX does, "Last, First and …", each in LaTeX.
    table = io.StringIO()
    csv.writer(table).writerows([
        ("Title", "Abstract", "Authors"),
        ("One", abstracts[0], r'Sch{\"o}lkopf, Bernhard and Mart{\'\i}nez, Ana and S{\o}rensen, S{\o}ren'),
        ("Two", abstracts[1], r"Ma\~{n}as, Ana; G{\'e}rard, Marie"),
    ])
    path = tmp_path / "sheet.csv"
    path.write_text(table.getvalue(), encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    assert [record.authors for record in result.records] == [
        ("Bernhard Schölkopf", "Ana Martínez", "Søren Sørensen"), ("Ana Mañas", "Marie Gérard")]


def test_names_without_latex_are_kept_as_written(tmp_path: Path, abstracts: list[str]) -> None:
    records = [{"abstract": abstracts[0], "authors": PLAIN_NAMES}]
    result = parse_file(write_json(tmp_path / "papers.json", records))
    assert result.records[0].authors == tuple(PLAIN_NAMES)


@pytest.mark.parametrize("typed", ["Schölkopf", "Scholkopf", "Bernhard Schölkopf", "Martínez", "Martinez"])
async def test_an_author_written_in_latex_is_found_by_name(db: aiosqlite.Connection, tmp_path: Path,
                                                           abstracts: list[str], typed: str) -> None:
    records = [{"title": "Kernel Mean Embeddings", "abstract": abstracts[0],
                "authors": [r'Bernhard Sch{\"o}lkopf', r"Ana Mart{\'\i}nez"]},
               *({"title": f"Other {n}", "abstract": abstracts[n], "authors": ["Ada Lovelace"]} for n in range(1, 6))]
    await load_corpus(db, [write_json(tmp_path / "papers.json", records)])
    async with db.execute("SELECT authors FROM papers WHERE title = 'Kernel Mean Embeddings'") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    assert json.loads(row[0]) == ["Bernhard Schölkopf", "Ana Martínez"]
    engine = await SearchEngine.open(db, meaning=False)
    results = await engine.search(typed)
    assert [hit.paper.title for hit in results.hits][:1] == ["Kernel Mean Embeddings"]
