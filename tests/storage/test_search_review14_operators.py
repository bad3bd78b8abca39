"""A word to leave out, typed as other search engines take it ("attention -transformer", "attention NOT transformer"),
leaves out the papers writing it, on a real temporary SQLite file (session 14's review). The minus and "NOT" were
read as nothing and as the word "not": `/paper search attention -transformer` put the papers on transformers first,
the opposite of what was asked, and "-transformer" alone listed them. A hyphen inside a word ("Multi-Agent") and
"NOT" in a query typed in capitals only (a title) are read as before."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.search import EmptyQueryError, SearchEngine
from tests.storage.conftest import Records, engine_over

TAIL = " Experiments on public benchmarks support the analysis."
RECORDS: Records = [
    {"title": "Attention Heads in Transformers", "abstract": "We study attention heads inside transformers." + TAIL},
    {"title": "Hard Attention Against Forgetting", "abstract": "Hard attention masks keep earlier tasks." + TAIL},
    {"title": "A Tabular Transformer", "abstract": "A transformer for tables pools its rows by attention." + TAIL},
    {"title": "Multi-Agent Reinforcement Learning", "abstract": "Agents learn with one multi-agent critic." + TAIL},
    {"title": "Reinforcement Learning for Robot Arms", "abstract": "Reinforcement learning moves robot arms." + TAIL},
    *({"title": f"A Survey of {topic}", "abstract": f"A survey of {topic} across regions and decades." + TAIL}
      for topic in ("Glaciers", "Violins", "Volcanoes", "Beehives")),
]


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    return await engine_over(db, tmp_path, {"papers.json": RECORDS})


async def titles(engine: SearchEngine, typed: str) -> list[str]:
    """The titles a search lists, best first."""
    return [hit.paper.title for hit in (await engine.search(typed)).hits]


@pytest.mark.parametrize(("typed", "left"), [
    ("attention -transformer", ["Hard Attention Against Forgetting"]),
    ("attention NOT transformers", ["Hard Attention Against Forgetting"]),
    ("reinforcement learning -multi-agent", ["Reinforcement Learning for Robot Arms"]),
    ("attention -hard -heads", ["A Tabular Transformer"]),
])
async def test_a_word_to_leave_out_leaves_out_the_papers_writing_it(engine: SearchEngine, typed: str,
                                                                    left: list[str]) -> None:
    assert await titles(engine, typed) == left
    assert (await engine.search(typed)).total == len(left)
    assert [suggestion.label for suggestion in await engine.autocomplete(typed)] == left


async def test_only_words_to_leave_out_is_told_to_say_what_to_search_for(engine: SearchEngine) -> None:
    with pytest.raises(EmptyQueryError, match="“transformer” is left out"):
        await engine.search("-transformer")
    assert await engine.autocomplete("-transformer") == []


async def test_a_hyphen_inside_a_word_or_not_in_a_title_in_capitals_is_read_as_before(engine: SearchEngine) -> None:
    assert (await titles(engine, "Multi-Agent Reinforcement"))[0] == "Multi-Agent Reinforcement Learning"
    shouted, quiet = await engine.search("ATTENTION NOT TRANSFORMERS"), await engine.search("attention transformers")
    assert shouted.total == quiet.total == 3
