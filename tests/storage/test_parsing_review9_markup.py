"""Abstracts and titles marked up as JATS XML (Crossref's API, and Zotero, Semantic Scholar and scrapers that take
abstracts from it) or HTML (web exports) are read as the text they mark up; plain text is left as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import aiosqlite
import pytest

from storage import parsing
from storage.loader import load_corpus
from storage.papers import PaperRepository
from storage.parsing import parse_file
from tests.storage.conftest import scalar, write_json

# As api.crossref.org/works/<doi> gives it: a JATS "Abstract" heading, then paragraphs over indented lines.
CROSSREF_ABSTRACT = (
    "<jats:title>Abstract</jats:title>\n        <jats:p>We study <jats:italic>sparse</jats:italic> models of "
    "H<jats:sub>2</jats:sub>O &amp; CO<jats:sub>2</jats:sub> absorption in the upper atmosphere, with errors\n"
    "          of 10<jats:sup>−3</jats:sup> and a runtime that scales as <jats:italic>n</jats:italic>"
    "<jats:sup>2</jats:sup>.</jats:p>\n        <jats:p>Our results hold across <jats:bold>all</jats:bold> the "
    "regimes we consider, and the authors&#8217; code is public.</jats:p>")
CROSSREF_TEXT = (
    "We study *sparse* models of H₂O & CO₂ absorption in the upper atmosphere, with errors of 10⁻³ and a runtime "
    "that scales as *n*².\n\nOur results hold across **all** the regimes we consider, and the authors’ code is public.")
# A structured abstract: each section's heading leads into its paragraph.
STRUCTURED_ABSTRACT = (
    '<jats:sec id="sec1"><jats:title>Background</jats:title><jats:p>Sparse attention cuts the memory of long '
    "contexts but loses accuracy on retrieval tasks.</jats:p></jats:sec>\n<jats:sec><jats:title>Methods"
    "</jats:title><jats:p>We learn a router over blocks x<jats:sub>i,j</jats:sub> and train it with a "
    "distillation loss.</jats:p></jats:sec>")
STRUCTURED_TEXT = (
    "Background: Sparse attention cuts the memory of long contexts but loses accuracy on retrieval tasks.\n\n"
    "Methods: We learn a router over blocks x_{i,j} and train it with a distillation loss.")
WEB_ABSTRACT = (
    '<p>We present a solver that is <strong>ten times</strong> faster than prior work on graphs with 10<sup>6</sup>'
    " nodes.<br>It uses the authors&#8217; new <span class=\"method\">Krylov</span> scheme&nbsp;and runs &lt; 1 s "
    "per graph, <em> without </em>tuning.</p>")
WEB_TEXT = ("We present a solver that is **ten times** faster than prior work on graphs with 10⁶ nodes.\n"
            "It uses the authors’ new Krylov scheme and runs < 1 s per graph, *without* tuning.")
# Plain abstracts whose "<", ">" and "&" are the text's own: none of them is markup.
PLAIN_ABSTRACTS = (
    "We show the bound is tight for $p < 2$ and that x<y implies a loss below the baseline on every task we try.",
    "For all x<b and y>c the estimator converges, which R&D teams at AT&T; and elsewhere can use directly today.",
    "Transitions (i.e., tuples < s, a, s', r >) are replayed & reweighted by a learned prior over many episodes.",
    "Our model reads HTML such as <p> and <b> tags & entities like &amp without them being part of any text.",
)


def _records(path: Path) -> dict[str, tuple[str | None, str]]:
    result = parse_file(path)
    assert [str(problem) for problem in result.problems] == []
    return {record.source_ref: (record.title, record.abstract) for record in result.records}


def test_a_crossref_record_reads_as_text(tmp_path: Path) -> None:
    path = write_json(tmp_path / "crossref.json", [
        {"title": "Sparse models of H<jats:sub>2</jats:sub>O in <jats:italic>vivo</jats:italic>",
         "abstract": CROSSREF_ABSTRACT, "author": [{"given": "Ada", "family": "Lovelace"}]},
        {"title": "Routing sparse attention", "abstract": STRUCTURED_ABSTRACT},
    ])
    assert _records(path) == {"record 1": ("Sparse models of H₂O in *vivo*", CROSSREF_TEXT),
                              "record 2": ("Routing sparse attention", STRUCTURED_TEXT)}


def test_a_web_export_reads_as_text_in_csv_and_json_lines(tmp_path: Path) -> None:
    csv_path = tmp_path / "export.csv"
    csv_path.write_text('title,abstract\n"Learning <em>fast</em> solvers &amp; more","'
                        + WEB_ABSTRACT.replace('"', '""') + '"\n', encoding="utf-8")
    assert _records(csv_path) == {"record 1 (line 2)": ("Learning *fast* solvers & more", WEB_TEXT)}
    jsonl_path = tmp_path / "export.jsonl"
    jsonl_path.write_text(json.dumps({"title": "Fast solvers", "abstract": WEB_ABSTRACT}) + "\n", encoding="utf-8")
    assert _records(jsonl_path) == {"line 1": ("Fast solvers", WEB_TEXT)}


def test_plain_abstracts_keep_their_own_angle_brackets_and_ampersands(tmp_path: Path) -> None:
    """Beside a marked-up record in the same file, every plain one is left exactly as written; so is prose
    that only looks like a tag inside a marked-up one ("x<b and y>c")."""
    marked = "<p>For all x<b and y>c the <i>estimator</i> converges, which teams can use directly in practice.</p>"
    path = write_json(tmp_path / "mixed.json", [{"abstract": marked},
                                                *({"abstract": text} for text in PLAIN_ABSTRACTS)])
    abstracts = [abstract for _, abstract in _records(path).values()]
    assert abstracts == ["For all x<b and y>c the *estimator* converges, which teams can use directly in practice.",
                         *PLAIN_ABSTRACTS]


def test_entities_alone_are_unescaped_and_the_text_keeps_its_line_breaks(tmp_path: Path) -> None:
    abstract = ("Caf&eacute; owners &amp; baristas rate the authors&#x2019; espresso model on twelve cities.\n\n"
                "A second paragraph keeps its own place in the abstract of this paper.")
    path = write_json(tmp_path / "entities.json", [{"title": "Coffee &amp; models", "abstract": abstract}])
    assert _records(path) == {"record 1": (
        "Coffee & models",
        "Café owners & baristas rate the authors’ espresso model on twelve cities.\n\n"
        "A second paragraph keeps its own place in the abstract of this paper.")}


async def test_a_loaded_crossref_record_shows_and_indexes_clean_text(db: aiosqlite.Connection, tmp_path: Path) -> None:
    path = write_json(tmp_path / "crossref.json", [
        {"title": "Sparse models of H<jats:sub>2</jats:sub>O", "abstract": CROSSREF_ABSTRACT},
        {"abstract": WEB_ABSTRACT},
    ])
    report = await load_corpus(db, [path])
    assert (report.added, report.problems) == (2, [])
    papers = PaperRepository(db)
    stored = {paper.abstract_raw: paper for paper in await papers.by_ids(await papers.active_ids())}
    crossref, web = stored[CROSSREF_TEXT], stored[WEB_TEXT]
    assert crossref.title == "Sparse models of H₂O"
    assert crossref.abstract == CROSSREF_TEXT  # its two <jats:p> paragraphs a blank line apart on the card
    assert web.abstract == WEB_TEXT.replace("\n", " ")
    assert not web.title_given
    assert "10⁶ nodes" in web.title  # the headline made from the text, without its markup
    assert [mark for mark in ("<", "*", "strong", "sup", "&") if mark in web.title] == []
    markup_words = {"jats", "italic", "bold", "sub", "sup", "title", "abstract", "strong", "span", "class", "nbsp",
                    "lt", "br", "amp", "em", "p", "8217"}
    for paper in (crossref, web):
        words = {word.lower() for keyword in paper.keywords for word in keyword.split()}
        assert words, paper.keywords
        assert not words & markup_words, paper.keywords
    assert await scalar(db, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH 'jats OR italic OR strong'") == 0


class _CountedSearches:
    """A pattern that counts its searches (and otherwise is the pattern it wraps)."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.searches = pattern, 0

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        self.searches += 1
        return self.pattern.search(text, *args)


@pytest.mark.parametrize(("text", "expected"), [
    (WEB_ABSTRACT, WEB_TEXT),                                       # tags
    ("Caf&eacute; &amp; x < y, and 3 > 2", "Café & x < y, and 3 > 2"),  # an entity, and "<" that is no tag
    (PLAIN_ABSTRACTS[0], PLAIN_ABSTRACTS[0]),                       # "<" and nothing else
])
def test_a_text_is_searched_for_tags_once(monkeypatch: pytest.MonkeyPatch, text: str, expected: str) -> None:
    """readable() asked has_markup() whether the text had tags, then searched it again to tell tags from
    entities: every marked-up abstract and title was scanned twice."""
    counted = _CountedSearches(parsing._MARKUP)
    monkeypatch.setattr(parsing, "_MARKUP", counted)
    assert parsing.readable(text) == expected
    assert counted.searches == 1
