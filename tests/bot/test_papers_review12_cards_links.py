"""The card shows a paper's PDF once (session 12's review).

A link the abstract gives is listed in the card's Code/Links field, and the paper's PDF is added as "[PDF](…)"; when
the abstract gave the PDF's own link ("The paper is at https://openreview.net/pdf?id=…", an arXiv abstract page), the
field listed the same PDF twice, once raw and once as "[PDF]". A link that is the PDF however it is written (one
`link_key`: OpenReview's forum and PDF pages, arXiv's abstract and PDF pages of any version) is now left to the
"[PDF]" line. End to end through SimCord.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bot.conftest import World
from tests.bot.test_papers import embed_of

TAIL = " We evaluate it on four benchmarks and find it faster than the baselines at equal accuracy."
RECORDS = [
    {"title": "Sparse Mixtures on OpenReview", "url": "https://openreview.net/forum?id=XyZ12",
     "pdf": "https://openreview.net/pdf?id=XyZ12",
     "abstract": "We route tokens to sparse experts. The paper is at https://openreview.net/pdf?id=XyZ12 and the code "
                 "at https://github.com/lab/sparse-moe." + TAIL},
    {"title": "Quantized Adapters on arXiv", "pdf": "https://arxiv.org/pdf/2401.01234",
     "abstract": "We quantize adapters to four bits (https://arxiv.org/abs/2401.01234v2); a project page is at "
                 "https://lab.example.org/adapters." + TAIL},
    {"title": "Supplementary Material Kept", "pdf": "https://example.org/paper.pdf",
     "abstract": "We give proofs in a supplement at https://example.org/supplement.pdf, with code at "
                 "https://github.com/lab/proofs." + TAIL},
]


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    path = tmp_path / "icml2024.json"
    path.write_text(json.dumps(RECORDS), encoding="utf-8")
    return (path,)


async def _links_field(world: World, title: str) -> tuple[str, str]:
    shown = await world.alice.slash(world.channel, "paper show", paper=title)
    field = next(field for field in embed_of(shown).fields if field.name in ("Code", "Links"))
    assert field.name is not None
    assert field.value is not None
    return field.name, field.value


async def test_the_pdf_the_abstract_gives_is_shown_once(world: World) -> None:
    assert await _links_field(world, "Sparse Mixtures on OpenReview") == (
        "Code", "https://github.com/lab/sparse-moe\n[PDF](https://openreview.net/pdf?id=XyZ12)")


async def test_an_arxiv_abstract_page_of_the_pdf_is_shown_once(world: World) -> None:
    assert await _links_field(world, "Quantized Adapters on arXiv") == (
        "Links", "https://lab.example.org/adapters\n[PDF](https://arxiv.org/pdf/2401.01234)")


async def test_another_pdf_of_the_abstract_stays(world: World) -> None:
    assert await _links_field(world, "Supplementary Material Kept") == (
        "Code", "https://github.com/lab/proofs\nhttps://example.org/supplement.pdf\n[PDF](https://example.org/paper.pdf)")
