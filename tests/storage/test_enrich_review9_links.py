"""Code and project links as real abstracts write them: where a link ends, links that are one."""

from __future__ import annotations

import json
import time
from pathlib import Path

import aiosqlite
import pytest

from bot.embeds import paper_embed
from storage import _corpus_build, loader
from storage import enrich as enrich_module
from storage._search_snippet import plain, snippet
from storage.enrich import ENRICH_VERSION, enrich, links_in
from storage.loader import load_corpus
from storage.models import RawRecord
from storage.papers import PaperRepository
from storage.search import SearchEngine
from tests.storage.conftest import SHARED_DATASETS, write_json

DGM = "https://github.com/yannxiaoyanhu/dgm-online-eval"


def _aistats_record(marker: str) -> dict[str, str]:
    records = json.loads((SHARED_DATASETS / "aistats2025.json").read_text(encoding="utf-8"))
    return next(record for record in records if marker in record["abstract"])


# --- where a link ends -------------------------------------------------------------------------------

def test_a_markdown_link_gives_its_address_and_the_card_links_it() -> None:
    # aistats2025: "The project code is available at [https://github.com/…/dgm-online-eval](https://…)."
    record = _aistats_record("dgm-online-eval")
    paper = enrich(RawRecord(abstract=record["abstract"], source_file="aistats2025.json", source_ref="record 128"))
    assert paper.links == (DGM,)
    code = next(field for field in paper_embed(paper).fields if field.name == "Code")
    assert code.value == DGM
    assert links_in("see [the code](https://github.com/a/b) and [https://x.org/p](https://x.org/p)") == (
        "https://github.com/a/b", "https://x.org/p")


def test_brackets_a_url_opens_are_kept_a_bracket_opened_before_it_is_not() -> None:
    assert links_in("at https://github.com/a/b_(c).") == ("https://github.com/a/b_(c)",)
    assert links_in("(see https://github.com/a/b_(c)).") == ("https://github.com/a/b_(c)",)
    assert links_in("(code: https://github.com/a/b), and") == ("https://github.com/a/b",)
    assert links_in("[code at https://github.com/a/b]") == ("https://github.com/a/b",)
    assert links_in("https://en.wikipedia.org/wiki/Foo_(bar)_baz and more") == (
        "https://en.wikipedia.org/wiki/Foo_(bar)_baz",)
    assert links_in("https://x.org/data?rows=[1].") == ("https://x.org/data?rows=[1]",)


def test_closing_quotes_bold_and_punctuation_end_a_link() -> None:
    for written in ("“https://github.com/a/b”.", "‘https://github.com/a/b’,", "«https://github.com/a/b»",
                    "**https://github.com/a/b**.", "（https://github.com/a/b）。", "<https://github.com/a/b>.",
                    '"https://github.com/a/b";', "https://github.com/a/b…", "https://github.com/a/b:"):
        assert links_in(f"Code: {written} Then") == ("https://github.com/a/b",), written


def test_a_url_broken_over_a_line_is_one_link() -> None:
    # icml2018: "Visit https://sites.google. com/view/upn-public/home for video highlights." linked https://sites.google
    records = json.loads((SHARED_DATASETS / "icml2018.json").read_text(encoding="utf-8"))
    abstract = next(record["abstract"] for record in records if "upn-public" in record["abstract"])
    assert links_in(abstract) == ("https://sites.google.com/view/upn-public/home",)
    # As text extracted from a PDF breaks them.
    assert links_in("Code: https://github.com/foo/\nbar.") == ("https://github.com/foo/bar",)
    assert links_in("Code: https://github.com/foo/\nbar_baz and the data") == ("https://github.com/foo/bar_baz",)
    assert links_in("Code: https://github.com/foo/bar-\nbaz, data") == ("https://github.com/foo/bar-baz",)
    assert links_in("Code: https://github.\ncom/x/y.") == ("https://github.com/x/y",)
    # Prose after a link, or another link, is no part of it.
    assert links_in("See https://x.org/\nfor details.") == ("https://x.org/",)
    assert links_in("See https://x.org. And then https://y.org. and/or") == ("https://x.org", "https://y.org")
    assert links_in("https://x.org/a/\nhttps://y.org/b") == ("https://x.org/a/", "https://y.org/b")


async def test_a_reload_re_enriches_links_stored_by_the_old_version(
        db: aiosqlite.Connection, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = write_json(tmp_path / "aistats.json", [_aistats_record("dgm-online-eval")])
    with monkeypatch.context() as old:
        for module in (loader, _corpus_build, enrich_module):
            old.setattr(module, "ENRICH_VERSION", ENRICH_VERSION - 1)
        await load_corpus(db, [corpus])
    await db.execute("UPDATE papers SET links = ?", (json.dumps([f"{DGM}]({DGM}"]),))  # as the old version had it
    await db.commit()
    report = await load_corpus(db, [corpus])
    assert (report.updated, report.skipped_unchanged) == (1, False)
    papers = PaperRepository(db)
    paper = await papers.by_id(next(iter(await papers.active_ids())))
    assert paper is not None
    assert paper.links == (DGM,)


# --- links in search snippets ------------------------------------------------------------------------

async def test_a_snippet_shows_a_link_as_written(db: aiosqlite.Connection, tmp_path: Path) -> None:
    # aistats2025: "Code is publicly available: \url{https://github.com/LucileTerminassian/causal_prospective_merge}."
    # The snippet read "_prospective_" as italics ("…/causalprospectivemerge") and bolded the matched word inside
    # the link: Discord linked "https://github.com/**LucileTerminassian**/causalprospectivemerge".
    corpus = write_json(tmp_path / "aistats.json", [_aistats_record("causal_prospective_merge")])
    await load_corpus(db, [corpus])
    hit = (await (await SearchEngine.open(db, meaning=False)).search("LucileTerminassian")).hits[0]
    assert "https://github.com/LucileTerminassian/causal_prospective_merge." in hit.snippet, hit.snippet


def test_underscores_in_words_and_links_are_characters_not_emphasis() -> None:
    text = "Code at https://github.com/a/b_(c) for snake_case_names and _emphasis_ in x\\_T."
    assert plain(text) == "Code at https://github.com/a/b_(c) for snake_case_names and emphasis in x_T."
    shown = snippet(text, frozenset({"code", "snake"}))
    assert shown == "**Code** at https://github.com/a/b_(c) for **snake**\\_case\\_names and emphasis in x\\_T."


def test_a_snippet_shows_a_link_whole_or_not_at_all() -> None:
    link = "https://github.com/some-lab/a_long_repository_name"
    text = f"We study pruning of wide networks. Code: {link} and more words follow after the link here."
    for width in range(30, len(text)):
        shown = snippet(text, frozenset({"prune"}), width=width)
        bare = shown.removesuffix("…").rstrip()
        assert link in shown or "https" not in shown, (width, shown)
        assert not bare.endswith(link) or shown == bare or shown.endswith(f"{link} …"), (width, shown)


# --- links written without their scheme ---------------------------------------------------------------

def test_a_code_link_written_without_its_scheme_is_a_link() -> None:
    assert links_in("Code: github.com/x/y_z. Data: (huggingface.co/datasets/a/b).") == (
        "https://github.com/x/y_z", "https://huggingface.co/datasets/a/b")
    assert links_in("clone git@github.com:x/y or see mygithub.com/x") == ()
    # icml2018 gives the lola paper's code as "github.com/alshedivat/lola" and its abstract as https://…: one link
    record = RawRecord(abstract="Our code is available at https://github.com/alshedivat/lola.", source_file="a.json",
                       source_ref="record 1", code_url="github.com/alshedivat/lola")
    assert enrich(record).links == ("https://github.com/alshedivat/lola",)


async def test_a_records_code_field_without_its_scheme_shows_on_the_card(
        db: aiosqlite.Connection, tmp_path: Path) -> None:
    record = _aistats_record("dgm-online-eval") | {"github": "gitlab.com/group/project"}
    await load_corpus(db, [write_json(tmp_path / "aistats.json", [record])])
    papers = PaperRepository(db)
    paper = await papers.by_id(next(iter(await papers.active_ids())))
    assert paper is not None
    code = next(field for field in paper_embed(paper).fields if field.name == "Code")
    assert code.value == f"https://gitlab.com/group/project\n{DGM}"


# --- one repository, one link -------------------------------------------------------------------------

def test_one_repository_written_several_ways_is_one_link() -> None:
    assert links_in("Code: https://github.com/x/y (clone https://github.com/x/y.git; mirror http://www.GitHub.com/"
                    "x/y/) and https://github.com/x/z.") == ("https://github.com/x/y", "https://github.com/x/z")
    assert links_in("See https://x.org/ and www.x.org.") == ("https://x.org/",)
    record = RawRecord(abstract="Code: https://github.com/x/y/. Page: https://x.org/p.", source_file="a.json",
                       source_ref="record 1", code_url="http://github.com/x/y.git")
    assert enrich(record).links == ("http://github.com/x/y.git", "https://x.org/p")  # the record's own first


def test_an_anonymised_repository_is_code() -> None:
    # aistats2025: "The code is available at https://anonymous.4open.science/r/SAMA/."; the card lists code first
    abstract = "Videos at https://sites.google.com/view/p. The code is at https://anonymous.4open.science/r/SAMA/."
    assert enrich(RawRecord(abstract=abstract, source_file="a.json", source_ref="record 1")).links == (
        "https://anonymous.4open.science/r/SAMA/", "https://sites.google.com/view/p")


def test_latex_escapes_in_a_url_are_its_characters_in_the_text_and_the_link() -> None:
    # "\~" in a URL rendered as an accent: the card's text linked https://x.org/ũser/a; "\#" cut the link short
    abstract = r"Code: \url{https://x.org/\~me/a\_b\#c}; data: \href{https://y.org/d\%20e\&f=1}{here}."
    paper = enrich(RawRecord(abstract=abstract, source_file="a.json", source_ref="record 1"))
    assert paper.abstract == "Code: https://x.org/~me/a_b#c; data: here (https://y.org/d%20e&f=1)."
    assert paper.links == ("https://x.org/~me/a_b#c", "https://y.org/d%20e&f=1")
    assert links_in(r"Code: github.com/a/b\_c.") == ("https://github.com/a/b_c",)


def test_a_code_link_on_the_line_after_a_url_is_another_link() -> None:
    # "https://my.site/<newline>github.com/a/b" read as one URL broken over a line: the card linked
    # https://my.site/github.com/a/b, a page that does not exist, beside the repository
    assert links_in("Page https://my.site/\ngithub.com/a/b") == ("https://my.site/", "https://github.com/a/b")
    assert links_in("Page: https://my.site/\n  huggingface.co/a/b.") == ("https://my.site/", "https://huggingface.co/a/b")
    assert links_in("Page: https://my.site/\nwww.x.org/a") == ("https://my.site/", "https://www.x.org/a")
    assert links_in("Code: https://github.com/foo/\ngithub_tools.") == ("https://github.com/foo/github_tools",)


def test_a_snippets_emphasis_is_read_fast_at_any_length() -> None:
    """Markers with no closing one ("*a *a *a …") made every opening marker read on to the text's end:
    1.3 s of a search's time for one 20,000-character abstract. A 300-character bound kept that fast but left a
    longer stretch's marks in the snippet (session 18); the card's reading finds each closing by bisection."""
    assert plain("a *short emphasis* here") == "a short emphasis here"
    for length in (299, 301, 5000):
        assert plain(f"*{'x' * length}*") == "x" * length
    started = time.process_time()
    assert plain("*a " * 2000) == ("*a " * 2000).strip()
    assert time.process_time() - started < 0.3
