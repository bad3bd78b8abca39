"""Search as a reader meets it on a corpus the team never saw: LaTeX in abstracts and queries,
authors, long titles (session 8's review)."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import write_seed_file


async def test_a_snippet_keeps_the_subscripts_the_card_shows(db: aiosqlite.Connection, tmp_path: Path) -> None:
    # Display text writes a subscript left as such escaped, "x\_T"; the snippet read the two escaped
    # underscores of "x\_T | x\_S" as one italic run and showed "p(x\T | x\S)".
    abstract = ("Masked models learn conditionals $p(x_T \\mid x_S)$ for subsets $S$ and $T$ of the "
                "observed variables, and we ask when such conditionals are consistent with one joint.")
    await load_corpus(db, [write_seed_file(tmp_path / "x.txt", [abstract])])
    engine = await SearchEngine.open(db, meaning=False)
    hit = (await engine.search("consistent conditionals")).hits[0]
    assert "x\\_T | x\\_S" in hit.paper.abstract  # the card: x_T | x_S
    assert "x\\_T \\| x\\_S" in hit.snippet, hit.snippet  # the result list: the same, its pipe escaped
