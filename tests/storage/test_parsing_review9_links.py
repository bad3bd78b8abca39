"""Links to the paper from the identifiers real exports carry instead of a URL."""

from __future__ import annotations

import json
from pathlib import Path

from storage.parsing import parse_file


def test_an_arxiv_identifier_gives_the_abstract_page_and_the_pdf(tmp_path: Path, abstracts: list[str]) -> None:
    # arXiv's metadata snapshot has no URL, only the paper's "id": its cards had no link at all.
    records = [{"id": "0704.0001", "abstract": abstracts[0]},
               {"id": "math.AG/0406123v2", "abstract": abstracts[1]},
               {"arxiv_id": "2101.00001", "abstract": abstracts[2], "url": "https://example.org/p"},  # Papers with Code
               {"id": "2023.acl-long.1", "abstract": abstracts[3]},   # an id, but not arXiv's
               {"id": "n1", "abstract": abstracts[4]}]
    path = tmp_path / "arxiv-metadata-oai-snapshot.json"
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    result = parse_file(path)
    assert result.problems == []
    assert [(r.url, r.pdf) for r in result.records] == [
        ("https://arxiv.org/abs/0704.0001", "https://arxiv.org/pdf/0704.0001"),
        ("https://arxiv.org/abs/math.AG/0406123v2", "https://arxiv.org/pdf/math.AG/0406123v2"),
        ("https://example.org/p", "https://arxiv.org/pdf/2101.00001"),  # the record's own URL kept
        (None, None), (None, None)]


def test_an_openreview_note_links_to_its_forum_and_its_pdf(tmp_path: Path, abstracts: list[str]) -> None:
    # OpenReview's API (2 and 1) gives a note's PDF as a path on openreview.net and no page URL: the card,
    # which shows only whole http(s) links, had none.
    api2 = tmp_path / "iclr2024.json"
    api2.write_text(json.dumps({"notes": [
        {"id": "Xy12_ab", "forum": "Xy12_ab", "invitations": ["ICLR.cc/2024/Conference/-/Submission"],
         "content": {"title": {"value": "One"}, "abstract": {"value": abstracts[0]},
                     "pdf": {"value": "/pdf/0123abcd.pdf"}}},
        {"id": "Zz34", "forum": "Zz34", "content": {"title": {"value": "Two"}, "abstract": {"value": abstracts[1]},
                                                    "pdf": {"value": "https://example.org/two.pdf"}}}],
        "count": 2}))
    api1 = tmp_path / "notes.jsonl"
    api1.write_text(json.dumps({"id": "Q9", "forum": "Q9", "content": {"title": "Three", "abstract": abstracts[2],
                                                                       "pdf": "/pdf/4567.pdf"}}) + "\n")
    flat = tmp_path / "flat.json"  # no note: a path stays as given, nothing is made up
    flat.write_text(json.dumps([{"title": "Four", "abstract": abstracts[3], "pdf": "/pdf/89.pdf"}]))
    records = [r for path in (api2, api1, flat) for r in parse_file(path).records]
    assert [(r.title, r.url, r.pdf) for r in records] == [
        ("One", "https://openreview.net/forum?id=Xy12_ab", "https://openreview.net/pdf/0123abcd.pdf"),
        ("Two", "https://openreview.net/forum?id=Zz34", "https://example.org/two.pdf"),
        ("Three", "https://openreview.net/forum?id=Q9", "https://openreview.net/pdf/4567.pdf"),
        ("Four", None, "/pdf/89.pdf")]
