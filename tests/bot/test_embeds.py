"""Unit tests of the card builder and the truncation helpers: always inside Discord's limits."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

import discord
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot import limits
from bot.embeds import ResultLine, paper_embed, results_embed
from bot.limits import one_line, truncate
from bot.views import RandomButton, SimilarButton, paper_card_view
from storage.models import Paper


def make_paper(**fields: Any) -> Paper:
    """A paper with an id, a title and an abstract, and the given fields (Paper's keywords)."""
    values: dict[str, Any] = {"id": "abc123", "title": "A paper", "abstract": "Some words.",
                              "abstract_raw": "Some words."}
    values.update(fields)
    return Paper(**values)


def custom_ids(view: discord.ui.View) -> list[str]:
    """The custom id of each of a card's buttons (each a DynamicItem around its discord.ui.Button)."""
    ids: list[str] = []
    for item in view.children:
        assert isinstance(item, discord.ui.DynamicItem), item
        ids.append(item.custom_id)
    return ids


def assert_within_limits(embed_dict: Mapping[str, Any], total: int) -> None:
    """An embed's payload (`Embed.to_dict()`) within each of Discord's limits, and `total` (`len(embed)`) too."""
    assert len(embed_dict.get("title", "")) <= limits.EMBED_TITLE
    assert len(embed_dict.get("description", "")) <= limits.EMBED_DESCRIPTION
    for field in embed_dict.get("fields", []):
        assert len(field["name"]) <= limits.EMBED_FIELD_NAME
        assert 0 < len(field["value"]) <= limits.EMBED_FIELD_VALUE
    assert len(embed_dict.get("footer", {}).get("text", "")) <= limits.EMBED_FOOTER
    assert len(embed_dict.get("author", {}).get("name", "")) <= limits.EMBED_AUTHOR
    assert total <= limits.EMBED_TOTAL


def test_short_paper_is_shown_whole() -> None:
    paper = make_paper(title="Graph networks", abstract="We study graphs. " * 10, venue="ICML 2025",
                       keywords=("graphs", "networks"), names=("GNN",), links=("https://github.com/a/b",),
                       pdf="https://example.org/p.pdf", url="https://example.org/p")
    embed = paper_embed(paper, heading="Paper of the day")
    data = embed.to_dict()
    assert data["title"] == "Graph networks"
    assert data["description"] == paper.abstract.strip()
    assert data["url"] == "https://example.org/p"
    assert data["author"]["name"] == "Paper of the day"
    assert data["footer"]["text"] == "id abc123"
    fields = {f["name"]: f["value"] for f in data["fields"]}
    assert fields == {"Keywords": "graphs, networks", "Methods": "GNN", "Venue": "ICML 2025",
                      "Code": "https://github.com/a/b\n[PDF](https://example.org/p.pdf)"}


def test_twenty_thousand_character_abstract_is_cut_to_fit() -> None:
    abstract = ("Long abstracts keep going and going with many words. " * 400)[:20_000]
    embed = paper_embed(make_paper(abstract=abstract, keywords=tuple(f"kw{i}" for i in range(200))))
    assert_within_limits(embed.to_dict(), len(embed))
    assert embed.description is not None
    assert embed.description.endswith("…")
    assert len(embed.description) > limits.EMBED_DESCRIPTION - 60  # the abstract gets nearly all the room
    assert abstract.startswith(embed.description[:-1].rstrip())


def test_everything_oversized_still_fits_six_thousand() -> None:
    paper = make_paper(
        title="T" * 900, abstract="word " * 5000, authors=tuple(f"Author Number {i}" for i in range(300)),
        keywords=tuple(f"keyword {i}" for i in range(300)), names=tuple(f"NAME{i}" for i in range(300)),
        venue="V" * 2000, links=tuple(f"https://github.com/org/repo{i}" for i in range(50)))
    embed = paper_embed(paper, heading="H" * 1000)
    data = embed.to_dict()
    assert_within_limits(data, len(embed))
    fields = {f["name"]: f["value"] for f in data["fields"]}
    assert fields["Authors"].endswith("more)")
    assert fields["Keywords"].startswith("keyword 0, keyword 1")
    assert fields["Code"].count("https://") == 3  # at most three code links, whole ones only


def test_bad_urls_are_not_used_as_links() -> None:
    paper = make_paper(url="javascript:alert(1)", pdf="not a url", links=("ftp://x", "https://gitlab.com/ok/code"))
    data = paper_embed(paper).to_dict()
    assert "url" not in data
    assert {f["name"]: f["value"] for f in data["fields"]}["Code"] == "https://gitlab.com/ok/code"


def test_retired_paper_says_so_in_the_footer() -> None:
    data = paper_embed(make_paper(active=False)).to_dict()
    assert data["footer"]["text"] == "id abc123 · no longer in the current corpus"


def test_results_page_with_huge_snippets_fits() -> None:
    lines = [ResultLine(n, make_paper(id=f"id{n}", title="Title " * 100, venue="ICML"), "**snip** " * 2000)
             for n in range(1, 6)]
    embed = results_embed("Search: " + "q" * 500, lines, footer="Page 1/9")
    assert_within_limits(embed.to_dict(), len(embed))
    assert embed.description is not None
    for n in range(1, 6):
        assert f"**{n}. Title" in embed.description
        assert f"`id{n}`" in embed.description


@pytest.mark.parametrize("limit", [1, 2, 5, 50, 100, 1024])
def test_truncate_never_exceeds_the_limit_and_keeps_bold_balanced(limit: int) -> None:
    rng = random.Random(limit)
    words = ["alpha", "**beta**", "gamma", "delta**", "**eps", "ζήτα", "a" * 40, " ", "\n"]
    for _ in range(200):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 80)))
        cut = truncate(text, limit)
        assert len(cut) <= limit
        if len(text) <= limit:
            assert cut == text
        elif limit > 1:
            assert cut.endswith("…")
            if text.count("**") % 2 == 0:
                assert cut.count("**") % 2 == 0


def test_truncate_prefers_a_word_boundary() -> None:
    assert truncate("the quick brown fox jumps", 18) == "the quick brown…"
    assert truncate("abcdefghijklmnopqrstuvwxyz", 10) == "abcdefghi…"
    assert truncate("short", 10) == "short"
    assert truncate("anything", 0) == ""


@pytest.mark.parametrize(("text", "limit", "shown"), [
    ("*Fast learning of many things*", 15, "*Fast learnin*…"),  # closed before the "…"
    ("***Flow Matching for Graphs***", 14, "***Flow Ma***…"),  # HTML's bold italics: both closed
    ("a _long italic words_ b", 14, "a _long ital_…"),
    ("use `x = y + z` here", 12, "use `x = y`…"),
    ("a ~~struck out words~~ b", 14, "a ~~struck~~…"),
    ("a ||secret spoiler words|| b", 16, "a ||secret sp||…"),
    ("word **bold words here**", 10, "word…"),  # no room to close: cut before the mark
    (r"We study A\*-search and more words", 12, "We study A…"),  # never half an escape
    (r"A\* and \_x\_ are not marks in this long title", 16, r"A\* and \_x\_…"),
    ("see [the paper](https://x.org/p) now and then", 20, "see…"),  # never half a link
    ("read https://x.org/a_b_c/d now", 16, "read…"),  # a link's "_" is no mark
    ("an ``unclosed quote'' in TeX and more words", 20, "an ``unclosed quote…"),  # backticks never closed: as written
])
def test_truncate_closes_the_markdown_open_at_the_cut(text: str, limit: int, shown: str) -> None:
    assert truncate(text, limit) == shown


def test_one_line_cuts_plain_text_as_written() -> None:
    assert one_line("A*-search meets B*-trees in long titles", 20) == "A*-search meets B*-…"  # a label: no "*" added
    assert one_line(r"*Fast* A\*-search meets B\*-trees", 20, markdown=True) == r"*Fast* A\*-search…"
    assert one_line("*Fast* A*-search meets B*-trees", 20, markdown=True) == "*Fast* A*-search*…"  # Discord's italics


def test_one_line_collapses_whitespace() -> None:
    assert one_line("a\n\n b\t c", 100) == "a b c"
    assert len(one_line("x " * 200, 100)) <= 100


def test_card_buttons_are_keyed_by_paper_id_and_fit_custom_id_limits() -> None:
    view = paper_card_view("k2j4abcd", random_button=True, topic="graph neural networks " * 20)
    ids = custom_ids(view)
    assert ids[0] == "paper:similar:k2j4abcd"
    assert ids[1].startswith("paper:random:k2j4abcd:graph neural networks")
    assert all(len(custom_id) <= limits.CUSTOM_ID for custom_id in ids)
    assert view.timeout is None


def test_card_without_random_button_has_only_similar() -> None:
    view = paper_card_view("k2j4abcd")
    assert custom_ids(view) == ["paper:similar:k2j4abcd"]


def test_dynamic_item_templates_round_trip() -> None:
    similar = SimilarButton("abc234")
    match = SimilarButton.__discord_ui_compiled_template__.fullmatch(similar.custom_id)
    assert match is not None
    assert match["id"] == "abc234"
    rnd = RandomButton("abc234", "diffusion models")
    match = RandomButton.__discord_ui_compiled_template__.fullmatch(rnd.custom_id)
    assert match is not None
    assert (match["id"], match["topic"]) == ("abc234", "diffusion models")


# --- any paper, any topic (Hypothesis) ------------------------------------------------------------

_any_text = st.text(max_size=300) | st.text(alphabet="*_`~|>#\\[]() \n", max_size=300) | \
    st.builds(lambda word, n: word * n, st.text(min_size=1, max_size=5), st.integers(0, 5000))
_urls = st.none() | st.text(max_size=40) | st.builds("https://x.org/{}".format, st.text(max_size=600))
_papers = st.builds(
    Paper, id=st.text(alphabet="abcdefghijklmnopqrstuvwxyz234567", min_size=10, max_size=10), title=_any_text,
    abstract=_any_text, abstract_raw=st.just(""), authors=st.lists(_any_text, max_size=400).map(tuple),
    venue=st.none() | _any_text, keywords=st.lists(_any_text, max_size=50).map(tuple),
    names=st.lists(_any_text, max_size=50).map(tuple), links=st.lists(_urls.filter(bool), max_size=10).map(tuple),
    url=_urls, pdf=_urls, active=st.booleans())



@given(_papers, st.none() | _any_text)
def test_any_paper_card_fits_discords_limits(paper: Paper, heading: str | None) -> None:
    embed = paper_embed(paper, heading=heading)
    data = embed.to_dict()
    assert_within_limits(data, len(embed))
    assert data["title"].strip()  # Discord rejects an empty title or description
    assert data["description"].strip()
    assert len(data.get("fields", [])) <= limits.EMBED_FIELDS
    assert data["footer"]["text"].startswith(f"id {paper.id}")



@given(st.lists(st.tuples(_papers, _any_text), min_size=1, max_size=10), _any_text)
def test_any_results_page_fits_discords_limits(found: list[tuple[Paper, str]], query: str) -> None:
    lines = [ResultLine(n, paper, snippet) for n, (paper, snippet) in enumerate(found, 1)]
    embed = results_embed(f"Search: {query}", lines, footer="Page 1/1")
    assert_within_limits(embed.to_dict(), len(embed))
    for line in lines:  # every result keeps its number and the id people can pass to /paper show
        assert f"`{line.paper.id}`" in (embed.description or "")


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz234567", min_size=10, max_size=10), st.none() | st.text())
def test_any_card_buttons_fit_custom_id_limits(paper_id: str, topic: str | None) -> None:
    view = paper_card_view(paper_id, random_button=True, topic=topic)
    assert all(len(custom_id) <= limits.CUSTOM_ID for custom_id in custom_ids(view))


# --- any markdown cut (Hypothesis) -----------------------------------------------------------------

_word = st.text(alphabet="abcxyz", min_size=1, max_size=8)
_leaf = (_word | st.sampled_from([r"\*", r"\_", r"\~", r"\|", r"\`", "\\\\", r"A\*-search", r"x\_1"])
         | st.builds("https://x.org/{}_{}".format, _word, _word)
         | st.builds("[{}](https://x.org/{})".format, _word, _word)
         | st.builds("`{}`".format, st.text(alphabet="ab *_~|", min_size=1, max_size=10)))
_MARKS = ("***", "**", "*", "__", "_", "~~", "||")
# Text as the corpus stores it: its own marks escaped, its emphasis, code, strikethrough and spoilers closed.


def _span(mark: str, parts: list[str]) -> str:
    """`parts` in `mark`s, a word between a mark of theirs and the span's own: "***a***" nested in "*" is read
    "*", "**a**", "***": not balanced, but a run of marks the corpus never writes."""
    inner = " ".join(parts)
    return f"{mark}{'w ' * (inner[0] in '*_~|')}{inner}{' w' * (inner[-1] in '*_~|')}{mark}"


_markdown = st.recursive(_leaf, lambda inner: st.builds(_span, st.sampled_from(_MARKS), st.lists(inner, min_size=1,
                                                                                                 max_size=4)),
                         max_leaves=30)
_markdown_text = st.builds(lambda parts, times: " ".join(parts * times), st.lists(_markdown, min_size=1, max_size=12),
                           st.integers(1, 60))
# Read left to right as Discord reads it: an escape, a link, a code span (no marks inside), or a mark.
_SHOWN_AS_WRITTEN = re.compile(r"\\\S|\[[^\]\n]*\]\([^()\s]*\)|https://x\.org/[a-z]*(?:_[a-z]+)?|(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)"
                               r"|(?P<mark>\*\*|\*|__|_|~~|\|\||`)", re.DOTALL)
_A_LINK = re.compile(r"https://x\.org/[a-z]*(?:_[a-z]*)?")


def open_marks(text: str) -> list[str]:
    """The marks `text` leaves open: each counted outside escapes, links and code, a backtick never closed too."""
    counts = Counter(piece["mark"] for piece in _SHOWN_AS_WRITTEN.finditer(text) if piece["mark"])
    return sorted(mark for mark, count in counts.items() if count % 2)


@given(_markdown_text, st.integers(2, 400))
def test_any_markdown_cut_keeps_its_marks_closed_and_whole(text: str, limit: int) -> None:
    shown = truncate(text, limit)
    assert len(shown) <= limit
    if len(text) <= limit:
        assert shown == text
        return
    assert shown.endswith("…")
    assert not open_marks(shown), shown
    body = shown.removesuffix("…").rstrip("*_~|`")  # what the cut kept, before the marks that close it
    assert text.startswith(body)
    assert "\\" not in re.sub(r"\\\S", "", shown), shown  # never half an escape
    assert body.count("[") == body.count("](https://"), shown  # never half a link
    assert set(_A_LINK.findall(shown)) <= set(_A_LINK.findall(text)), shown


_emphasised_papers = st.builds(
    Paper, id=st.just("abcdefghij"), title=_markdown_text, abstract=_markdown_text, abstract_raw=st.just(""),
    venue=st.none() | _markdown_text, keywords=st.lists(_word, max_size=20).map(tuple))


@given(_emphasised_papers)
def test_any_emphasised_card_shows_its_marks_closed_within_limits(paper: Paper) -> None:
    embed = paper_embed(paper)
    data = embed.to_dict()
    assert_within_limits(data, len(embed))
    assert not open_marks(data["title"]), data["title"]
    assert not open_marks(data["description"]), data["description"][-200:]

