"""A title's own asterisks and underscores are escaped in its display text, and the title is still found
(session 15's review), on a real temporary database.

"A*-search meets B*-trees" and "Q_learning and V_functions" were stored as written, and a title's display text is
Discord markdown (the card shows it as it is): "*-search meets B*" and "learning and V" showed in italics. The
stored title now escapes them ("A\\*-search"), while what LaTeX renders as markup on purpose ("\\textit{FedOne}" is
*FedOne*), HTML's emphasis ("<b>All</b>" is **All**) and math's own escapes ("$k^*$" is "k\\*") are left as they
were, not escaped twice.
"""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import SearchEngine, plain_title
from tests.storage.conftest import engine_over, surveys

TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."
# As the corpus writes each title, and as its display text (the card's title) must read.
TITLES = {
    "A*-search meets B*-trees": r"A\*-search meets B\*-trees",
    "Q_learning and V_functions": r"Q\_learning and V\_functions",
    r"Q\_functions in \textit{FedOne}": r"Q\_functions in *FedOne*",  # LaTeX's underscore; italics asked for
    r"Learning $k^*$ experts with $\ell_1$ penalties": r"Learning k\* experts with ℓ₁ penalties",  # escaped once
    r"\emph{Pareto} fronts of *SEM": r"*Pareto* fronts of \*SEM",
    "<b>All</b> you need is A*-search": r"**All** you need is A\*-search",  # HTML's emphasis stays emphasis
}


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    records = [{"title": title, "abstract": f"We study topic number {n} with a new method." + TAIL}
               for n, title in enumerate(TITLES)]
    return await engine_over(db, tmp_path, {"papers.json": [*records, *surveys()]})


async def stored_titles(db: aiosqlite.Connection) -> set[str]:
    return {str(row[0]) for row in await db.execute_fetchall("SELECT title FROM papers")}


async def test_a_titles_own_asterisks_and_underscores_are_escaped_once(engine: SearchEngine,
                                                                       db: aiosqlite.Connection) -> None:
    assert set(TITLES.values()) <= await stored_titles(db)


# Not math, escaped before too; not HTML, which nobody types.
@pytest.mark.parametrize("written", [title for title in TITLES if "$" not in title and "<" not in title])
async def test_an_escaped_title_is_found_as_written_and_as_shown(engine: SearchEngine, db: aiosqlite.Connection,
                                                                written: str) -> None:
    rows = list(await db.execute_fetchall("SELECT id FROM papers WHERE title = ?", (TITLES[written],)))
    assert len(rows) == 1  # was stored unescaped

    assert await engine.titled(written) == [rows[0][0]]  # as a conference's page writes it
    assert await engine.titled(plain_title(TITLES[written])) == [rows[0][0]]  # as the card shows it
