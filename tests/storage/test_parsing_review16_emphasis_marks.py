"""An asterisk or underscore inside HTML emphasis is the text's own (session 16's review), on a real temporary
database.

"<i>A*-search</i>" was read as "*A*-search*": its own asterisk closed the italics, so the card showed an italic "A"
then "-search*". The emphasis's text now has its marks escaped ("*A\\*-search*"), and the card shows the italic
A*-search with its asterisk; so does an abstract.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.parsing import readable
from storage.search import SearchEngine, plain_title
from tests.storage.conftest import write_json

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."


@pytest.mark.parametrize(("marked", "read"), [
    ("<i>A*-search</i> meets B*-trees", r"*A\*-search* meets B*-trees"),  # B*: the title's own, display escapes it
    ("<i>A*</i>-search", r"*A\**-search"),
    ("<b>Q_learning</b> and <em>V_functions</em>", r"**Q\_learning** and *V\_functions*"),
    (r"<i>a\*b</i>", r"*a\*b*"),  # escaped already: once
])
def test_marks_inside_html_emphasis_are_escaped(marked: str, read: str) -> None:
    assert readable(marked) == read


async def test_an_html_title_with_a_star_in_its_italics_is_stored_and_found_as_written(db: aiosqlite.Connection,
                                                                                     tmp_path: Path) -> None:
    records: list[dict[str, object]] = [
        {"title": "<i>A*-search</i> meets B*-trees",
         "abstract": "We study heuristic <i>A*-search</i> on trees." + TAIL}]
    await load_corpus(db, [write_json(tmp_path / "papers.json", records)])
    [(paper_id, title, abstract)] = await db.execute_fetchall("SELECT id, title, abstract FROM papers")

    assert title == r"*A\*-search* meets B\*-trees"  # was "*A*-search\* …": italic "A", then "-search*"
    assert str(abstract).startswith(r"We study heuristic *A\*-search* on trees.")
    assert plain_title(str(title)) == "A*-search meets B*-trees"  # autocomplete, menus
    engine = await SearchEngine.open(db, meaning=False)
    assert await engine.titled("A*-search meets B*-trees") == [paper_id]
