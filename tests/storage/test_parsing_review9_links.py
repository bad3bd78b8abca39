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
