"""Discord's markup inside a corpus paper's code spans shows on its card exactly as written (session 19's review).

Session 18 put a backslash before every mention, timestamp and "@everyone" of a card's title and abstract, so
Discord shows them as typed. Inside a code span Discord renders no markup, and shows every backslash: an abstract's
"`<@1>`" read "`\\<@1>`" on the card. Code spans, inline and fenced, are now left as written; the same markup outside
them is still escaped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from storage.enrich import paper_id
from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

TITLE = "Pinging `@everyone` safely: `<@1>` stays text, and so does @here"
ABSTRACT = ("Chat bots must not ping `<@1>` or `@everyone`, nor render `<t:0:R>` as a date, while <@2> and @everyone "
            "outside code are escaped. A span of two backticks, ``a ` <#3>``, is code too; an unclosed ` before <@4> "
            "is no code span.\n\n"
            "Our filter reads:\n```\nallow(<@&5>) unless @here\n```\nand nothing else mentions <t:1:F>.")


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "export.json"
    path.write_text(json.dumps([{"title": TITLE, "abstract": ABSTRACT, "authors": ["Ada Lovelace"]}]),
                    encoding="utf-8")
    return (path,)


async def test_markup_inside_code_spans_shows_as_written_and_outside_them_escaped(world: World) -> None:
    card = embed_of(await world.alice.slash(world.channel, "paper show", paper=paper_id(ABSTRACT)))

    assert card.title == r"Pinging `@everyone` safely: `<@1>` stays text, and so does \@here", card.title
    assert card.description == (
        r"Chat bots must not ping `<@1>` or `@everyone`, nor render `<t:0:R>` as a date, while \<@2> and \@everyone "
        r"outside code are escaped. A span of two backticks, ``a ` <#3>``, is code too; an unclosed ` before \<@4> "
        "is no code span.\n\n"
        r"Our filter reads: ``` allow(<@&5>) unless @here ``` and nothing else mentions \<t:1:F>."
    ), card.description
