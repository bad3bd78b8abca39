"""An abstract written in paragraphs keeps them on the card (JSON, CSV, JSON Lines, HTML/JATS <p>).

Display text collapsed every run of whitespace, so a three-paragraph abstract read as one run-on block.
Paragraphs now stay a blank line apart; single line breaks (text extracted from a PDF) are still joined,
and what is read from the text (id, headline, names, keyphrases, snippets) is what it was.
"""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite
import pytest

from storage import _corpus_build, loader
from storage import enrich as enrich_module
from storage.enrich import ENRICH_VERSION, display_abstract, enrich, paper_id
from storage.loader import load_corpus
from storage.models import Paper, RawRecord
from storage.papers import PaperRepository
from storage.search import SearchEngine
from tests.storage.conftest import SHARED_DATASETS, write_json

FIRST = ("We study how a reader meets a long abstract on a small screen, where every line counts and a "
         "run-on block of text hides the structure the authors gave it.")
SECOND = ("We propose ParaKeep, a method that keeps the paragraphs of an abstract apart while joining the "
          "line breaks that PDF extraction leaves inside them.")
THIRD = "Experiments on $\\ell_2$-regularised models show that readers find the contribution faster."
SHOWN = (f"{FIRST}\n\n{SECOND}\n\n"
         "Experiments on ℓ₂-regularised models show that readers find the contribution faster.")


def _record(abstract: str) -> RawRecord:
    return RawRecord(abstract=abstract, source_file="papers.json", source_ref="record 1")


async def _stored(db: aiosqlite.Connection) -> list[Paper]:
    papers = PaperRepository(db)
    return await papers.by_ids(sorted(await papers.active_ids()))


async def test_paragraphs_of_json_csv_and_html_abstracts_stay_apart(db: aiosqlite.Connection, tmp_path: Path) -> None:
    broken = SECOND.replace(" the ", " the\n", 1)  # a line break inside a paragraph
    written = f"  {FIRST}\n\n{broken}\r\n \t\r\n\n\n{THIRD}\n\n"
    json_file = write_json(tmp_path / "a.json", [{"title": "From JSON", "abstract": written}])
    csv_file = tmp_path / "b.csv"
    csv_file.write_text('title,abstract\nFrom CSV,"' + written.replace("ParaKeep", "CsvKeep") + '"\n',
                        encoding="utf-8")
    html = f"<p>{FIRST}</p><p>{SECOND.replace('ParaKeep', 'HtmlKeep')}</p>\n<p>{THIRD}</p>"
    html_file = write_json(tmp_path / "c.json", [{"title": "From HTML", "abstract": html}])

    await load_corpus(db, [json_file, csv_file, html_file])

    by_title = {paper.title: paper for paper in await _stored(db)}
    assert by_title["From JSON"].abstract == SHOWN  # before: one paragraph, "…gave it. We propose …"
    assert by_title["From CSV"].abstract == SHOWN.replace("ParaKeep", "CsvKeep")
    assert by_title["From HTML"].abstract == SHOWN.replace("ParaKeep", "HtmlKeep")
    # The id is the abstract's, whitespace aside: the same as the one-line text's.
    assert by_title["From JSON"].id == paper_id(" ".join(written.split()))


def test_what_is_read_from_the_text_is_what_its_one_line_form_gives() -> None:
    paragraphs = enrich(_record(f"{FIRST}\n\n{SECOND}\n\n{THIRD}"))
    one_line = enrich(_record(f"{FIRST} {SECOND} {THIRD}"))
    assert paragraphs.abstract == SHOWN
    assert (paragraphs.id, paragraphs.title, paragraphs.names, paragraphs.keywords) == (
        one_line.id, one_line.title, one_line.names, one_line.keywords)
    assert paragraphs.title.startswith("ParaKeep")


def test_single_line_breaks_are_joined_and_a_title_is_one_line() -> None:
    # PDF-extracted text: lines broken anywhere, words broken by a hyphen at a line's end.
    assert display_abstract("We propose a bidi-\nrected\nmethod for\n  graphs.\n\nIt\nworks.") == (
        "We propose a bidirected method for graphs.\n\nIt works.")
    assert display_abstract("\n\n  \n") == ""
    paper = enrich(RawRecord(abstract=f"{FIRST}\n\n{SECOND}", source_file="a.json", source_ref="record 1",
                             title="A title\n\nover two paragraphs"))
    assert paper.title == "A title over two paragraphs"


def test_every_multi_paragraph_dev_abstract_reads_as_before_once_on_one_line() -> None:
    records = json.loads((SHARED_DATASETS / "aistats2025.json").read_text(encoding="utf-8"))
    multi = [record["abstract"] for record in records if "\n\n" in record["abstract"].replace("\n \n", "\n\n")]
    assert len(multi) >= 10
    for abstract in multi:
        shown = enrich(_record(abstract)).abstract
        assert "\n\n" in shown
        assert not any(spacing in shown for spacing in ("\n\n\n", " \n", "\n "))
        assert shown.replace("\n\n", " ") == enrich_module.display_text(abstract)


async def test_a_snippet_stays_on_one_line(db: aiosqlite.Connection, tmp_path: Path) -> None:
    await load_corpus(db, [write_json(tmp_path / "a.json", [{"abstract": f"{FIRST}\n\n{SECOND}"}])])
    hit = (await (await SearchEngine.open(db, meaning=False)).search("structure ParaKeep")).hits[0]
    assert "gave it. We propose **ParaKeep**" in hit.snippet, hit.snippet


async def test_a_corpus_stored_by_the_old_version_gets_its_paragraphs_on_reload(
        db: aiosqlite.Connection, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = write_json(tmp_path / "a.json", [{"title": "Kept", "abstract": f"{FIRST}\n\n{SECOND}"}])
    with monkeypatch.context() as old:
        for module in (loader, _corpus_build, enrich_module):
            old.setattr(module, "ENRICH_VERSION", ENRICH_VERSION - 1)
        await load_corpus(db, [corpus])
    await db.execute("UPDATE papers SET abstract = replace(abstract, char(10) || char(10), ' ')")  # as stored before
    await db.commit()

    report = await load_corpus(db, [corpus])

    assert (report.updated, report.skipped_unchanged) == (1, False)
    [paper] = await _stored(db)
    assert paper.abstract == f"{FIRST}\n\n{SECOND}"
