"""A URL whose host name text extraction broke over a line (or a space) at a dot that is not the one before
its top-level domain is one link again, and two real sentences are never joined into one."""

from __future__ import annotations

from pathlib import Path

import aiosqlite

from bot.embeds import paper_embed
from storage.enrich import links_in
from storage.loader import load_corpus
from storage.papers import PaperRepository
from tests.storage.conftest import write_json


def test_a_host_broken_before_its_other_labels_is_one_link() -> None:
    # Before: https://www.cs, https://sites and no link at all for the bare code host.
    assert links_in("Code: https://www.cs. toronto.edu/~x/code.") == ("https://www.cs.toronto.edu/~x/code",)
    assert links_in("Code at www.cs.\ntoronto.edu/~x/code and data") == ("https://www.cs.toronto.edu/~x/code",)
    assert links_in("Videos: https://sites.\ngoogle.com/view/x.") == ("https://sites.google.com/view/x",)
    assert links_in("See https://people.csail.\nmit.edu/x/ for more.") == ("https://people.csail.mit.edu/x/",)
    assert links_in("Code: https://cs.ox.\nac.uk/people/x/code.") == ("https://cs.ox.ac.uk/people/x/code",)
    assert links_in("Code: github. com/a/b.") == ("https://github.com/a/b",)
    assert links_in("Weights: huggingface.\nco/org/model, code: gitlab. com/g/p") == (
        "https://huggingface.co/org/model", "https://gitlab.com/g/p")


def test_two_sentences_are_not_joined_into_one_link() -> None:
    # The next sentence is prose, in capitals or without a host and path.
    assert links_in("see www.example. Then we go to toronto.edu/x") == ("https://www.example",)
    assert links_in("see https://www.example. then we go on.") == ("https://www.example",)
    assert links_in("see https://x.example. toronto is a city/place") == ("https://x.example",)
    # Another link, or a host already ending on a generic top-level domain, starts anew.
    assert links_in("at https://x.example. github.com/a/b is ours") == (
        "https://x.example", "https://github.com/a/b")
    assert links_in("at https://lab.org. arxiv.org/abs/1234.5678 has it") == ("https://lab.org",)
    assert links_in("at https://a.example. www.b.example/c too") == ("https://a.example", "https://www.b.example/c")
    # A broken code host inside a word, or a path, is no code host.
    assert links_in("see mygithub. com/a/b or x/github. com/a/b") == ()


async def test_the_card_links_the_whole_url(db: aiosqlite.Connection, tmp_path: Path) -> None:
    abstract = ("We study text extraction from conference PDFs and how it breaks the links readers follow. "
                "Our code is at https://www.cs. toronto.edu/~someone/tool and runs on any laptop.")
    await load_corpus(db, [write_json(tmp_path / "a.json", [{"title": "Broken hosts", "abstract": abstract}])])
    papers = PaperRepository(db)
    paper = await papers.by_id((await papers.active_ids())[0])
    assert paper is not None
    fields = {field.name: field.value for field in paper_embed(paper).fields}
    assert fields["Links"] == "https://www.cs.toronto.edu/~someone/tool"  # before: "https://www.cs"
