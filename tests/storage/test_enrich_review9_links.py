"""Code and project links as real abstracts write them: where a link ends, links that are one."""

from __future__ import annotations

import json
from pathlib import Path

import aiosqlite
import pytest

from bot.embeds import paper_embed
from storage import _corpus_build, loader
from storage import enrich as enrich_module
from storage.enrich import ENRICH_VERSION, enrich, links_in
from storage.loader import load_corpus
from storage.models import RawRecord
from storage.papers import PaperRepository
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
