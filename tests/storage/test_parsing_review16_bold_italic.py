"""A title in bold italics as HTML gives it shows in bold italics (session 16's review), on a real temporary database.

"<b><i>x</i></b>" (or "<i><b>x</b></i>", "<strong><em>x</em></strong>") is read as "***x***", which the title's
display text took for bold "*x" followed by a star of the title's own: stored "**\\*x**\\*", the card showed a bold
"*x" then "*", and autocomplete and the result lists "*x*". The title's emphasis is now read as Discord reads it, one
kind inside the other too: the card shows bold italic x, and plain text has no marks.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.enrich import display_abstract, display_title
from storage.loader import load_corpus
from storage.parsing import readable
from storage.search import SearchEngine, label, plain_title
from tests.storage.conftest import write_json

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."


@pytest.mark.parametrize(("given", "shown", "plain"), [
    ("<b><i>Flow</i></b> Matching", "***Flow*** Matching", "Flow Matching"),
    ("<i><b>Flow</b></i> Matching", "***Flow*** Matching", "Flow Matching"),
    ("<strong><em>Flow</em></strong> Matching", "***Flow*** Matching", "Flow Matching"),
    ("<b><i>A*</i></b>-search", r"***A\****-search", "A*-search"),  # its own star, escaped inside (eb7ce60)
    ("<b>Fast <i>and</i> Exact</b> Search", "**Fast *and* Exact** Search", "Fast and Exact Search"),
    ("<i>Fast <b>and</b></i> Exact", "*Fast **and*** Exact", "Fast and Exact"),
    ("<b><i>Fast</i> and</b> Exact", "***Fast* and** Exact", "Fast and Exact"),
    ("<i><b>Fast</b> and</i> Exact", "***Fast** and* Exact", "Fast and Exact"),
])
def test_emphasis_inside_emphasis_is_shown_as_given(given: str, shown: str, plain: str) -> None:
    title = display_title(readable(given))

    assert title == shown  # "<b><i>Flow</i></b>" was "**\\*Flow**\\*": bold "*Flow", then "*"
    assert plain_title(title) == label(title) == plain


@pytest.mark.parametrize(("typed", "shown", "plain"), [
    ("A*-search meets B*-trees", r"A\*-search meets B\*-trees", "A*-search meets B*-trees"),  # escaped, as before
    ("Stars *** in a row", r"Stars \*\*\* in a row", "Stars *** in a row"),  # was "Stars *\\** …": an italic "*"
    ("*SEM and **bold**", r"\*SEM and **bold**", "*SEM and bold"),  # was "*SEM and \\*\\*bold*\\*"
])
def test_a_titles_own_stars_are_still_its_own(typed: str, shown: str, plain: str) -> None:
    assert display_title(typed) == shown
    assert plain_title(shown) == plain


def test_an_abstracts_bold_italics_from_html_are_shown_as_given() -> None:
    assert display_abstract(readable("We study <b><i>flow</i></b> matching.")) == "We study ***flow*** matching."


async def test_a_bold_italic_html_title_is_stored_shown_and_found(db: aiosqlite.Connection, tmp_path: Path) -> None:
    records: list[dict[str, object]] = [{"title": "<b><i>Flow</i></b> Matching for Graphs",
                                         "abstract": "We match flows on graphs with optimal transport." + TAIL}]
    await load_corpus(db, [write_json(tmp_path / "papers.json", records)])
    [(paper_id, title)] = await db.execute_fetchall("SELECT id, title FROM papers")

    assert title == "***Flow*** Matching for Graphs"
    engine = await SearchEngine.open(db, meaning=False)
    [suggestion] = await engine.autocomplete("Flow Matching for Gr")
    assert (suggestion.id, suggestion.label) == (paper_id, "Flow Matching for Graphs")
    assert await engine.titled("Flow Matching for Graphs") == [paper_id]
