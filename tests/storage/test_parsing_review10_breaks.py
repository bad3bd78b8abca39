"""A web export that spaces its paragraphs with two line breaks (<br><br>) keeps them as paragraphs.

readable kept a <br> as a line break and dropped the empty line between two, so "a<br><br>b" read "a\\nb", and
the card, which joins single line breaks (text extracted from a PDF breaks lines anywhere), showed one block.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.papers import PaperRepository
from storage.parsing import readable
from tests.storage.conftest import write_json

FIRST = "We study how web exports space the paragraphs of an abstract with line breaks instead of paragraph tags."
SECOND = "We show that readers find the second paragraph where the authors put it, on its own."


@pytest.mark.parametrize(("marked", "text"), [
    ("a<br><br>b", "a\n\nb"), ("<p>a<br/> <br />b<br>c</p>", "a\n\nb\nc"), ("<br><br>a<br><br><br>b<br>", "a\n\nb"),
    # One <br> is a line break, as before.
    ("a<br>b", "a\nb"), ("<p>a</p><br><br><p>b</p>", "a\n\nb"),
])
def test_two_line_breaks_end_a_paragraph(marked: str, text: str) -> None:
    assert readable(marked) == text


async def test_a_card_shows_the_paragraphs_a_web_export_spaced_with_line_breaks(
        db: aiosqlite.Connection, tmp_path: Path) -> None:
    abstract = f"<div>{FIRST}<br><br>{SECOND}</div>"
    await load_corpus(db, [write_json(tmp_path / "web.json", [{"title": "Line breaks", "abstract": abstract}])])
    papers = PaperRepository(db)
    paper = await papers.by_id((await papers.active_ids())[0])
    assert paper is not None
    assert paper.abstract == f"{FIRST}\n\n{SECOND}"  # before: "… instead of paragraph tags. We show …"
