"""Cards of papers whose page or PDF link Discord does not take as a link (SimCord, and the card builder).

Discord refuses a whole message whose embed `url` it finds "not a well formed URL" (400, Invalid Form Body):
a host without a top-level domain (`http://localhost/…`, `http://paperserver:8000/…`), an underscore in the
host name, no host at all, a port that is no port. Such a paper's card, `/paper today`'s included, then
failed for everyone with "Something went wrong on my side". SimCord does not check URLs, so these tests
look at the card as it is sent.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import simcord

from bot.embeds import paper_embed
from storage.models import Paper
from tests.bot.conftest import World, field_value
from tests.bot.test_papers import embed_of

ABSTRACT = ("We study how {} papers are linked from the cards that show them to readers, with page and PDF links "
            "of every shape a corpus may hold.")
RECORDS = [
    {"title": "A paper on a local server", "abstract": ABSTRACT.format("local"),
     "site": "http://localhost:8000/forum?id=local", "pdf": "https://proceedings.example.org/local.pdf"},
    {"title": "A paper on a lab host", "abstract": ABSTRACT.format("lab"),
     "site": "https://my_lab.example.org/paper", "pdf": "http://paperserver/lab.pdf"},
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "links.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return (path,)


async def test_a_card_links_its_title_only_to_a_url_discord_accepts(simcord_env: simcord.Env, world: World) -> None:
    local = await world.alice.slash(world.channel, "paper show", paper="A paper on a local server")
    lab = await world.alice.slash(world.channel, "paper show", paper="A paper on a lab host")

    # Before, the title linked to http://localhost:8000/… and https://my_lab.example.org/…: refused by Discord.
    assert embed_of(local).url == "https://proceedings.example.org/local.pdf"  # the PDF, which Discord takes
    assert embed_of(lab).url is None
    assert "paperserver" not in str(embed_of(lab).to_dict())  # nor a PDF link nobody could open


def card_url(url: str) -> str | None:
    return paper_embed(Paper(id="abc123", title="A paper", abstract="Words.", abstract_raw="Words.", url=url)).url


@pytest.mark.parametrize("url", ["http://localhost/paper", "https://paperserver:8000/p", "https://my_lab.org/p",
                                 "https:///p", "https://example.org:99999/p", "https://[::1/p"])
def test_a_url_discord_finds_not_well_formed_is_not_a_link(url: str) -> None:
    assert card_url(url) is None


@pytest.mark.parametrize("url", ["https://openreview.net/forum?id=abc_123", "http://proceedings.mlr.press/v80/a18a.html",
                                 "https://arxiv.org/abs/2401.00001v2", "http://192.0.2.7/paper.pdf",
                                 "https://www.example.co.uk:8443/a_(b)/c", "https://xn--bcher-kva.example/p",
                                 "https://bücher.example/p", "https://example.org./p"])
def test_a_well_formed_url_stays_the_title_link(url: str) -> None:
    assert card_url(url) == url


@pytest.mark.parametrize("code", ["ftp://example.org/code.tar.gz", "http://gitserver/lab/code"])
def test_a_card_whose_code_links_are_all_unusable_does_not_call_its_pdf_code(code: str) -> None:
    paper = Paper(id="abc123", title="A paper", abstract="Words.", abstract_raw="Words.", links=(code,),
                  pdf="https://example.org/paper.pdf")

    card = paper_embed(paper)
    fields = {field.name: field.value for field in card.fields}

    # Before, the field was named "Code" because the paper had a code link, though none was shown: "Code: PDF".
    assert fields == {"Links": "[PDF](https://example.org/paper.pdf)"}


@pytest.mark.parametrize(("links", "pdf", "heading"), [
    (("https://project.example.org/", "https://www.youtube.com/watch?v=abc"), None, "Links"),
    (("https://sites.google.com/view/a-paper",), "https://example.org/paper.pdf", "Links"),
    (("https://github.com/a/b", "https://project.example.org/"), "https://example.org/paper.pdf", "Code"),
    (("https://huggingface.co/a/b",), None, "Code"),
])
def test_a_card_calls_its_links_code_only_when_one_of_them_is(links: tuple[str, ...], pdf: str | None,
                                                              heading: str) -> None:
    paper = Paper(id="abc123", title="A paper", abstract="Words.", abstract_raw="Words.", links=links, pdf=pdf)

    card = paper_embed(paper)
    fields = {field.name: field.value for field in card.fields}

    # Before, any link shown before the PDF made the heading "Code": a project page and a video were "Code".
    assert list(fields) == [heading]
    assert field_value(card, heading).split("\n")[:len(links)] == list(links)
