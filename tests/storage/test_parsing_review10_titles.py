"""A record's given title costs little to read whatever its length.

An abstract over the limit is refused before its markup is read; a title had no limit at all, so a hostile
20,000-character marked-up title was read whole (and the markup reader looked back over everything read so far
at every heading it closed), then rendered whole by enrichment. A title longer than any real one is now cut at
a word before it is read; a real title is stored whole, as before, and cut at a word only where it is shown.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from bot import limits
from bot.embeds import paper_embed
from storage import parsing
from storage.loader import load_corpus
from storage.papers import PaperRepository
from storage.parsing import MAX_TITLE_CHARS, parse_file, readable
from tests.storage.conftest import write_json

ABSTRACT = ("We study how a corpus file with a very long title field is read, stored and shown on a card, "
            "so that hostile input never costs the load more than a real record does.")


def _title_of(tmp_path: Path, title: str) -> str | None:
    result = parse_file(write_json(tmp_path / "titles.json", [{"title": title, "abstract": ABSTRACT}]))
    assert [str(problem) for problem in result.problems] == []
    [record] = result.records
    return record.title


def test_a_hostile_marked_up_title_is_cut_before_its_markup_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[int] = []

    def reading(text: str) -> str:
        read.append(len(text))
        return readable(text)

    monkeypatch.setattr(parsing, "readable", reading)
    title = "<jats:title>Section</jats:title> a <i>word</i> " * 500  # 24,000 characters

    stored = _title_of(tmp_path, title)

    assert read, "the title is marked up: it is read"
    assert max(read) <= 2 * MAX_TITLE_CHARS  # before: the whole 24,000 characters
    assert stored is not None
    assert len(stored) <= MAX_TITLE_CHARS
    assert stored.startswith("Section: a *word*")
    assert "<" not in stored  # no tag cut in half is left as text


def test_a_plain_title_longer_than_any_real_one_is_cut_at_a_word(tmp_path: Path) -> None:
    stored = _title_of(tmp_path, "Learning " + "ever longer titles " * 1100)  # 20,909 characters
    assert stored is not None
    assert len(stored) <= MAX_TITLE_CHARS
    assert stored.endswith(("titles…", "ever…", "longer…"))  # a whole word, then "…"


def test_a_real_title_is_stored_whole(tmp_path: Path) -> None:
    long_real = ("A Very Long but Real Title " * 11).strip()  # 296 characters, longer than a card shows
    assert _title_of(tmp_path, long_real) == long_real
    assert _title_of(tmp_path, f"<i>{long_real}</i> &amp; more") == f"*{long_real}* & more"


async def test_a_hostile_title_loads_and_its_card_fits(db: aiosqlite.Connection, tmp_path: Path) -> None:
    title = "<title>Abstract</title>" + "<b>Bold</b> <sub>2</sub> " * 800
    await load_corpus(db, [write_json(tmp_path / "t.json", [{"title": title, "abstract": ABSTRACT}])])
    papers = PaperRepository(db)
    paper = await papers.by_id((await papers.active_ids())[0])
    assert paper is not None
    assert len(paper.title) <= MAX_TITLE_CHARS
    card = paper_embed(paper)
    assert (card.title or "").startswith("**Bold** ₂ **Bold**")
    assert len(card.title or "") <= limits.EMBED_TITLE


@pytest.mark.parametrize(("marked", "text"), [
    # Which heading counts as the text's first (an "Abstract" heading before any text is dropped): as before.
    ("<title>Abstract</title><title>Summary</title><p>We study x.</p>", "We study x."),
    ("<p> </p><jats:title>Abstract</jats:title><jats:p>Text here.</jats:p>", "Text here."),
    ("<p>Intro.</p><title>Abstract</title><p>Text.</p>", "Intro.\n\nAbstract: Text."),
    ("<i><title>Abstract</title></i>text", "text"),
    ("<title>Abstract<i>x</i></title>text", "Abstract*x*: text"),
    ("<title>Background</title><p>a</p><title>Abstract</title><p>b</p>", "Background: a\n\nAbstract: b"),
    ("<i>x<title>Abstract</title>y</i>", "x\n\nAbstract: y"),
    ("<title>Abstract</title>Summary<title>Methods</title>m", "Summary\n\nMethods: m"),
    ("<br/><title>Summary.</title>z", "z"),
    ("&nbsp;<title>Abstract</title>z", "Abstract: z"),
    ("<i> </i><title>Abstract</title>z", "z"),
    ("<title><title>Abstract</title></title>z", "z"),
])
def test_an_abstract_heading_is_dropped_only_before_any_text(marked: str, text: str) -> None:
    assert readable(marked) == text
