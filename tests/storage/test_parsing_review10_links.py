"""A link to the paper from the DOI real exports carry when they carry no URL."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from storage.parsing import parse_file


def test_a_record_with_a_doi_and_no_url_links_to_the_doi(tmp_path: Path, abstracts: list[str]) -> None:
    # Zotero's CSV has a "DOI" column beside an "Url" one that is often empty; OpenAlex gives "doi" as a link
    # and no "url": those cards had no link to the paper at all.
    table = io.StringIO()
    csv.writer(table).writerows([
        ("Key", "Title", "DOI", "Url", "Abstract Note"),
        ("A1", "One", "10.1145/3292500.3330701", "", abstracts[0]),
        ("A2", "Two", "10.1145/3292500.3330702", "https://example.org/two", abstracts[1]),  # its own URL kept
        ("A3", "Three", "", "", abstracts[2]),
        ("A4", "Four", "n/a", "", abstracts[3]),  # no DOI: nothing made up
        ("A5", "Five", "10.1002/(SICI)1097-4636(199905)45:2<132::AID-JBM8>3.0.CO;2-K", "", abstracts[4])])
    zotero = tmp_path / "My Library.csv"
    zotero.write_text(table.getvalue(), encoding="utf-8")
    openalex = tmp_path / "works.jsonl"
    openalex.write_text(json.dumps({"title": "Six", "doi": "https://doi.org/10.7717/peerj.4375",
                                    "abstract": abstracts[5]}) + "\n"
                        + json.dumps({"title": "Seven", "doi": "doi: 10.48550/arXiv.2401.01234",
                                      "abstract": abstracts[6]}) + "\n")
    records = [*parse_file(zotero).records, *parse_file(openalex).records]
    assert [(r.title, r.url) for r in records] == [
        ("One", "https://doi.org/10.1145/3292500.3330701"), ("Two", "https://example.org/two"), ("Three", None),
        ("Four", None), ("Five", "https://doi.org/10.1002/(SICI)1097-4636(199905)45:2%3C132::AID-JBM8%3E3.0.CO;2-K"),
        ("Six", "https://doi.org/10.7717/peerj.4375"), ("Seven", "https://doi.org/10.48550/arXiv.2401.01234")]
