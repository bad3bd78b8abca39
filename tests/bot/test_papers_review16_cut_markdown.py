"""A card's title or abstract cut for Discord's limits keeps its emphasis closed (session 16's review, SimCord).

Only bold was balanced where a cut fell: a title over 256 characters in italics ("*Italic … word35…") kept its opening
"*" and lost its closing one, so Discord showed a stray star and no italics; an abstract cut inside italics, inline
code, strikethrough or a spoiler left it open at the "…".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of
from tests.storage.conftest import Records, write_json

WORDS = " ".join(f"word{n}" for n in range(60))  # about 400 characters
TAIL = " Experiments on public benchmarks confirm what the analysis predicts, and the code is released."
SPANS = {"italic": ("*", "*"), "underscore": ("_", "_"), "code": ("`", "`"), "strike": ("~~", "~~"),
         "spoiler": ("||", "||"), "bold": ("**", "**")}


def _abstract(kind: str, shift: int) -> str:
    """Thousands of characters, nearly all inside short spans of `kind`: wherever the card cuts, it is in one."""
    opening, closing = SPANS[kind]
    span = f"{opening}{' '.join(f'{kind}{n}' for n in range(20))}{closing}"
    return "x" * shift + f" Abstract about {kind}. " + " and ".join([span] * 60) + TAIL


RECORDS: Records = [
    {"title": f"<i>Italic {WORDS[:270]}</i>", "abstract": "We study long italic titles." + TAIL},
    {"title": f"<b><i>Bold italic {WORDS[:270]}</i></b>", "abstract": "We study long bold italic titles." + TAIL},
    {"title": f"*Fast* {WORDS}", "abstract": "We study fast titles." + TAIL},
    *({"title": f"Cut {kind} {shift}", "abstract": _abstract(kind, shift)}
      for kind in SPANS for shift in range(0, 60, 13)),
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    return (write_json(tmp_path / "papers.json", RECORDS),)


_ESCAPE = re.compile(r"\\.", re.DOTALL)
_CODE = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.DOTALL)
_MARKER = re.compile(r"\*\*|\*|__|_|~~|\|\|")


def open_markers(text: str) -> list[str]:
    """The emphasis markers of `text` left open (escapes and code spans aside), and a backtick left open."""
    text = _CODE.sub("", _ESCAPE.sub("", text))
    counts: dict[str, int] = {}
    for marker in _MARKER.findall(text):
        counts[marker] = counts.get(marker, 0) + 1
    return sorted(marker for marker, count in counts.items() if count % 2) + (["`"] if "`" in text else [])


async def test_a_long_emphasised_title_is_closed_before_the_ellipsis(world: World) -> None:
    shown = {}
    for record in RECORDS[:3]:
        plain = re.sub(r"<[^>]+>|\*", "", str(record["title"]))
        card = await world.alice.slash(world.channel, "paper show", paper=plain)
        assert not card.ephemeral, card.response
        shown[plain[:12]] = embed_of(card).title or ""
    for title in shown.values():
        assert len(title) <= 256
        assert title.endswith("…"), title
        assert not open_markers(title), title
    assert shown["Italic word0"].startswith("*Italic word0 word1")
    assert shown["Italic word0"].endswith("*…")
    assert shown["Bold italic "].startswith("***Bold italic word0")
    assert shown["Bold italic "].endswith("***…")
    assert shown["Fast word0 w"].startswith("*Fast* word0 word1")
    assert re.search(r" word\d+…$", shown["Fast word0 w"])


@pytest.mark.parametrize("kind", SPANS)
async def test_an_abstract_cut_inside_markup_closes_it(world: World, kind: str) -> None:
    for shift in range(0, 60, 13):
        card = await world.alice.slash(world.channel, "paper show", paper=f"Cut {kind} {shift}")
        assert not card.ephemeral, card.response
        description = embed_of(card).description or ""
        assert description.endswith("…"), description[-80:]
        assert len(description) <= 4096
        assert not open_markers(description), (shift, description[-80:])
