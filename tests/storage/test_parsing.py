"""The corpus parser on the real seed files and datasets, and on every kind of bad input."""

from __future__ import annotations

import csv
import io
import json
import re
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from storage.parsing import (
    _LINE_STARTING_AN_OBJECT,
    _NEXT_TOP_LEVEL_OBJECT,
    MAX_ABSTRACT_CHARS,
    ParseResult,
    _MalformedJSONError,
    _ValueReader,
    parse_file,
    parse_paths,
)
from tests.storage.conftest import (
    BUNDLED,
    SHARED_DATASETS,
    seed_paragraphs,
    write_json,
    write_json_value,
    write_seed_file,
)


def messages(result: ParseResult) -> list[str]:
    """Every problem as the user reads it: 'file:where: message'."""
    return [str(p) for p in result.problems]


# --- good input --------------------------------------------------------------------------------------

def test_seed_files_give_every_paragraph_with_venue_and_location() -> None:
    result = parse_paths([BUNDLED])
    assert result.problems == []
    assert [f.name for f in result.files] == sorted(f.name for f in BUNDLED.glob("*.txt"))
    paragraphs = sum(len(f.read_text(encoding="utf-8").split("\n\n")) - 1 for f in result.files)
    assert len(result.records) == paragraphs == 38
    first = result.records[0]
    assert first.venue == "ICML 2025"
    assert first.source_ref == "paragraph 1 (line 3)"
    assert first.abstract.startswith("With growing privacy concerns")
    assert first.title is None
    assert first.authors == ()
    assert result.records[1].source_ref == "paragraph 2 (line 5)"


@pytest.mark.skipif(not SHARED_DATASETS.is_dir(), reason="shared datasets not present")
def test_json_dataset_fields_are_mapped() -> None:
    result = parse_file(SHARED_DATASETS / "icml2018.json")
    assert result.problems == []
    assert len(result.records) == 582
    boo = result.records[0]
    assert boo.title == "A Boo(n) for Evaluating Architecture Performance"
    assert boo.authors == ("Ondrej Bajgar", "Rudolf Kadlec", "Jan Kleindienst")
    assert boo.url == "https://icml.cc/virtual/2018/poster/2260"
    assert boo.pdf
    assert boo.pdf.endswith("bajgar18a.pdf")
    assert boo.venue == "ICML 2018"  # from the file name, the records carry none
    assert boo.source_ref == "record 1"


def test_jsonl_and_csv_map_the_same_fields(tmp_path: Path, abstracts: list[str]) -> None:
    record = {"title": "T", "authors": ["A. One", "B. Two"], "abstract": abstracts[0], "url": "https://u",
              "pdf": "https://p.pdf", "github": "https://github.com/x/y", "venue": "NeurIPS 2024", "extra": 1}
    jsonl = tmp_path / "papers.jsonl"
    jsonl.write_text(json.dumps(record) + "\n\n" + json.dumps({**record, "abstract": abstracts[1]}) + "\n")
    csv_file = tmp_path / "papers.csv"
    body = abstracts[0].replace('"', '""')
    csv_file.write_text('title,author,abstract,site,pdf,github,venue,ignored\n'
                        f'T,A. One; B. Two,"{body}",https://u,https://p.pdf,https://github.com/x/y,NeurIPS 2024,z\n',
                        encoding="utf-8")
    from_jsonl = parse_file(jsonl)
    from_csv = parse_file(csv_file)
    assert from_jsonl.problems == []
    assert from_csv.problems == []
    assert [r.source_ref for r in from_jsonl.records] == ["line 1", "line 3"]
    assert from_csv.records[0].source_ref == "record 1 (line 2)"
    for parsed in (from_jsonl.records[0], from_csv.records[0]):
        assert (parsed.title, parsed.authors, parsed.url, parsed.pdf, parsed.code_url, parsed.venue) == (
            "T", ("A. One", "B. Two"), "https://u", "https://p.pdf", "https://github.com/x/y", "NeurIPS 2024")
        assert parsed.abstract == abstracts[0]


def test_a_folder_is_read_recursively_in_sorted_order_skipping_others(tmp_path: Path, abstracts: list[str]) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / ".hidden").mkdir()
    write_seed_file(tmp_path / "b" / "2.txt", abstracts[2:3])
    write_seed_file(tmp_path / "a.txt", abstracts[0:1])
    write_seed_file(tmp_path / "c.txt", abstracts[1:2])
    write_seed_file(tmp_path / ".hidden" / "x.txt", abstracts[3:4])
    (tmp_path / "notes.md").write_text("# not a corpus file")
    result = parse_paths([tmp_path])
    assert [f.relative_to(tmp_path).as_posix() for f in result.files] == ["a.txt", "b/2.txt", "c.txt"]
    assert [r.abstract for r in result.records] == [abstracts[0], abstracts[2], abstracts[1]]
    assert result.problems == []


def test_hard_wrapped_paragraphs_are_one_abstract(tmp_path: Path, abstracts: list[str]) -> None:
    wrapped = textwrap.fill(abstracts[0], 70)
    result = parse_file(write_seed_file(tmp_path / "w.txt", [wrapped, abstracts[1]]))
    assert len(result.records) == 2
    assert result.records[0].abstract == wrapped
    assert result.records[1].source_ref.startswith("paragraph 2 (line ")


def test_one_abstract_per_line_without_blank_lines_is_said(tmp_path: Path, abstracts: list[str]) -> None:
    # `jq -r '.[].abstract' papers.json > abstracts.txt`: no header, no blank lines between abstracts.
    path = tmp_path / "jq.txt"
    path.write_text("ICML 2025 Papers\n\n" + "\n".join(abstracts[:3]) + "\n", encoding="utf-8")
    result = parse_file(path)
    assert [r.abstract for r in result.records] == ["\n".join(abstracts[:3])]  # still one paragraph
    # Before, the three papers became one without a word.
    assert messages(result) == [f"{path}:paragraph 1 (line 3): 3 lines as long as whole abstracts with no blank "
                                "line between them, read as one abstract; if each line is an abstract, put a "
                                "blank line between them"]


def test_hard_wrapped_or_two_part_abstracts_are_not_taken_for_several(tmp_path: Path, abstracts: list[str]) -> None:
    wrapped = textwrap.fill(abstracts[0], 100)
    short_tail = abstracts[1] + "\nCode: https://github.com/example/project"
    result = parse_file(write_seed_file(tmp_path / "w.txt", [wrapped, short_tail]))
    assert len(result.records) == 2
    assert result.problems == []


# --- bad input: each gets a message naming the file and where, and good records still load ---------

def test_missing_path(tmp_path: Path) -> None:
    result = parse_paths([tmp_path / "nope.txt"])
    assert result.records == []
    assert messages(result) == [f"{tmp_path / 'nope.txt'}: no such file or folder"]


def test_unreadable_file(tmp_path: Path, abstracts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    locked = write_seed_file(tmp_path / "locked.txt", abstracts[:2])
    real_read = Path.read_bytes

    def read_bytes(self: Path) -> bytes:
        if self == locked:  # tests run as root, where chmod 000 would not stop a read
            raise PermissionError(13, "Permission denied", str(self))
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    good = write_seed_file(tmp_path / "good.txt", abstracts[2:3])
    result = parse_paths([locked, good])
    assert len(result.records) == 1
    assert messages(result) == [f"{locked}: cannot read file: Permission denied"]
    assert result.unreadable == [locked]


def test_binary_file(tmp_path: Path) -> None:
    image = tmp_path / "figure.txt"
    image.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    result = parse_file(image)
    assert result.records == []
    assert messages(result) == [f"{image}: binary file, not a text corpus"]


def test_not_utf8_skips_only_the_paragraphs_with_bad_bytes(tmp_path: Path, abstracts: list[str]) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(f"Venue 2024 Papers\n\n{abstracts[0]}\n\n".encode() + b"Caf\xe9 " + abstracts[1].encode()
                     + f"\n\n{abstracts[2]}\n".encode())
    result = parse_file(path)
    assert [r.abstract for r in result.records] == [abstracts[0], abstracts[2]]
    found = messages(result)
    assert found[0] == (f"{path}:line 5: not UTF-8 text (byte 0xe9 at line 5); records with undecodable "
                        "bytes are skipped, save the file as UTF-8")
    assert found[1] == f"{path}:paragraph 2 (line 5): not UTF-8: undecodable byte 0xe9; skipped"


@pytest.mark.parametrize("suffix", [".txt", ".json", ".jsonl", ".csv"])
def test_empty_file(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"empty{suffix}"
    path.write_text("\n  \n")
    result = parse_file(path)
    assert result.records == []
    assert messages(result) == [f"{path}: empty file"]


def test_header_only(tmp_path: Path) -> None:
    text_file = tmp_path / "only.txt"
    text_file.write_text("ICML 2025 Papers\n\n")
    csv_file = tmp_path / "only.csv"
    csv_file.write_text("title,abstract,author\n")
    assert messages(parse_file(text_file)) == [f"{text_file}: header only: no abstracts after the header line"]
    assert messages(parse_file(csv_file)) == [f"{csv_file}: header only: no records after the header row"]


def test_seed_text_without_header_still_loads(tmp_path: Path, abstracts: list[str]) -> None:
    path = tmp_path / "noheader.txt"
    path.write_text("\n\n".join(abstracts[:3]) + "\n", encoding="utf-8")
    result = parse_file(path)
    assert [r.abstract for r in result.records] == abstracts[:3]
    assert all(r.venue is None for r in result.records)
    assert messages(result) == [f"{path}:line 1: no header line naming the collection; venue unknown"]


def test_csv_without_header_row(tmp_path: Path, abstracts: list[str]) -> None:
    path = tmp_path / "nohead.csv"
    path.write_text(f'Some title,"{abstracts[0]}",Someone\n', encoding="utf-8")
    result = parse_file(path)
    assert result.records == []
    assert len(result.problems) == 1
    assert str(result.problems[0]).startswith(f"{path}:line 1: no header row with an 'abstract' column")


def test_malformed_csv_rows_are_reported_and_good_rows_load(tmp_path: Path, abstracts: list[str]) -> None:
    path = tmp_path / "rows.csv"
    rows = ["title,abstract", f'One,"{abstracts[0]}"', f'Two,"{abstracts[3]}",unexpected extra', "Three",
            'Bad,"quoted"then text', f'Four,"{abstracts[2]}"', 'Five,"unterminated quote never closes']
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = parse_file(path)
    assert [r.title for r in result.records] == ["One", "Four"]
    assert messages(result) == [
        f"{path}:record 2 (line 3): 3 fields but the header has 2; skipped",
        f"{path}:record 3 (line 4): 1 field but the header has 2; skipped",
        f"{path}:record 4 (line 5): malformed CSV row (',' expected after '\"'); skipped",
        f"{path}:record 6 (line 7): malformed CSV row (unexpected end of data); skipped",
    ]


def test_malformed_json_record_is_skipped_and_the_others_load(tmp_path: Path, abstracts: list[str]) -> None:
    good = [{"title": f"Paper {i}", "abstract": a} for i, a in enumerate(abstracts[:3])]
    text = json.dumps(good, indent=1)
    broken = text.replace('"title": "Paper 1",', '"title": "Paper 1" "oops",', 1)
    path = tmp_path / "broken.json"
    path.write_text(broken, encoding="utf-8")
    result = parse_file(path)
    assert [r.title for r in result.records] == ["Paper 0", "Paper 2"]
    assert len(result.problems) == 1
    problem = str(result.problems[0])
    assert problem.startswith(f"{path}:record 2 (line ")
    assert "malformed JSON" in problem


def test_json_that_is_not_a_list_at_all(tmp_path: Path) -> None:
    config = write_json_value(tmp_path / "settings.json", {"theme": "dark", "size": 3})
    truncated = tmp_path / "cut.json"
    truncated.write_text('{"papers": [{"abstract": "x"')
    assert messages(parse_file(config)) == [
        f"{config}: not a corpus: expected a JSON list of objects with an 'abstract' field"]
    assert messages(parse_file(truncated))[0].startswith(f"{truncated}:line 1: malformed JSON (column ")


def test_json_records_without_abstract_or_not_objects(tmp_path: Path, abstracts: list[str]) -> None:
    path = write_json_value(tmp_path / "mixed.json", [{"title": "no abstract"}, "a string", {"abstract": abstracts[0]}])
    result = parse_file(path)
    assert len(result.records) == 1
    assert result.records[0].source_ref == "record 3"
    assert messages(result) == [f"{path}:record 1: no abstract; skipped",
                                f"{path}:record 2: expected an object with an 'abstract' field, got str"]


def test_malformed_jsonl_line(tmp_path: Path, abstracts: list[str]) -> None:
    path = tmp_path / "lines.jsonl"
    path.write_text(json.dumps({"abstract": abstracts[0]}) + "\n{not json\n" + json.dumps({"abstract": abstracts[1]}))
    result = parse_file(path)
    assert len(result.records) == 2
    assert messages(result) == [f"{path}:line 2: malformed JSON (column 2: Expecting property name enclosed "
                                "in double quotes); skipped"]


def test_overlong_paragraph_is_skipped_with_its_location(tmp_path: Path, abstracts: list[str]) -> None:
    huge = ("word " * (MAX_ABSTRACT_CHARS // 5 + 10)).strip()
    result = parse_file(write_seed_file(tmp_path / "big.txt", [abstracts[0], huge, abstracts[1]]))
    assert [r.abstract for r in result.records] == [abstracts[0], abstracts[1]]
    assert messages(result) == [f"{tmp_path / 'big.txt'}:paragraph 2 (line 5): {len(huge):,} characters, over "
                                f"the {MAX_ABSTRACT_CHARS:,} limit for one abstract; skipped"]


def test_a_file_that_is_not_a_corpus(tmp_path: Path) -> None:
    code = tmp_path / "script.txt"
    code.write_text("import os\n\nprint(os.getcwd())\n\nfor i in range(3):\n    print(i)\n")
    listing = tmp_path / "todo.txt"
    listing.write_text("Shopping\n\nmilk\neggs\n\nbread\n")
    for path in (code, listing):
        result = parse_file(path)
        assert result.records == []
        assert messages(result)[-1] == (f"{path}: not a corpus: no paragraph looks like an abstract (expected a "
                                        "header line, then abstracts separated by blank lines)")


def test_unsupported_file_type_named_explicitly(tmp_path: Path) -> None:
    path = tmp_path / "paper.pdf"
    path.write_bytes(b"%PDF-1.7")
    assert messages(parse_paths([path])) == [
        f"{path}: unsupported file type '.pdf'; expected .txt, .json, .jsonl, .ndjson, .csv, .tsv or .bib, "
        "or a .zip of them"]


def test_short_paragraph_among_abstracts_is_reported(tmp_path: Path, abstracts: list[str]) -> None:
    result = parse_file(write_seed_file(tmp_path / "mixed.txt", [abstracts[0], "Page 2 of 7", abstracts[1]]))
    assert len(result.records) == 2
    assert messages(result) == [f"{tmp_path / 'mixed.txt'}:paragraph 2 (line 5): too short for an abstract "
                                "(4 words); skipped"]


def test_json_and_jsonl_with_nothing_usable(tmp_path: Path) -> None:
    empty_list = tmp_path / "none.json"
    empty_list.write_text("[]")
    log = tmp_path / "server.jsonl"
    log.write_text("GET /index.html 200\nGET /favicon.ico 404\n")
    assert messages(parse_file(empty_list)) == [f"{empty_list}: empty JSON list: no records"]
    assert messages(parse_file(log)) == [f"{log}:line 1: not JSON: it starts with 'GET /index.html 200'; expected a "
                                         "JSON list of paper objects, or one object per line"]  # not one a line


def test_abstracts_in_a_papers_key_and_a_venue_field(tmp_path: Path, abstracts: list[str]) -> None:
    path = write_json_value(tmp_path / "export.json", {"papers": [{"abstract": abstracts[0], "venue": "COLT 2024",
                                                             "authors": "A. One;B. Two"}]})
    (record,) = parse_file(path).records
    assert (record.venue, record.authors) == ("COLT 2024", ("A. One", "B. Two"))


def test_windows_line_endings_and_a_byte_order_mark(tmp_path: Path, abstracts: list[str]) -> None:
    text_file = tmp_path / "windows.txt"
    text_file.write_bytes("\ufeffNeurIPS 2024 Papers\r\n\r\n".encode() + "\r\n\r\n".join(abstracts[:2]).encode()
                          + b"\r\n")
    csv_file = tmp_path / "windows.csv"
    csv_file.write_bytes("\ufefftitle,abstract\r\nOne,\"".encode() + abstracts[0].encode() + b"\"\r\n")
    from_text, from_csv = parse_file(text_file), parse_file(csv_file)
    assert [r.abstract for r in from_text.records] == abstracts[:2]
    assert from_text.records[0].venue == "NeurIPS 2024"
    assert [(r.title, r.abstract) for r in from_csv.records] == [("One", abstracts[0])]
    assert from_text.problems == from_csv.problems == []


def test_a_bad_byte_outside_the_abstract_skips_that_record_with_where_and_which_field(
        tmp_path: Path, abstracts: list[str]) -> None:
    # Cells pasted from Excel's "CSV" on Windows (Windows-1252) into a UTF-8 file: an accented author or
    # title is a byte UTF-8 cannot read. SQLite cannot store such a character either, so the record is
    # reported, not kept half-broken. (A file all in Windows-1252 is read as that: test_parsing_review10_encodings.)
    path = tmp_path / "excel.csv"
    ascii_only = [a for a in abstracts if a.isascii()][:4]  # cp1252 would turn a dash into a bad byte too
    rows = [("Plain", "A. One"), ("Plain too", "Ren\xe9 Two"), ("Caf\xe9 study", "B. Three"), ("Last", "Zoë Four")]
    table = io.StringIO()
    lines = [(title, author, abstract) for (title, author), abstract in zip(rows, ascii_only, strict=True)]
    csv.writer(table).writerows([("title", "author", "abstract"), *lines])
    path.write_bytes(table.getvalue().encode("cp1252", errors="replace").replace("Zoë".encode("cp1252"),
                                                                                  "Zoë".encode()))
    result = parse_file(path)
    assert [(r.title, r.authors) for r in result.records] == [("Plain", ("A. One",)), ("Last", ("Zoë Four",))]
    assert messages(result)[1:] == [
        f"{path}:record 2 (line 3): not UTF-8: undecodable byte 0xe9 in the authors; skipped",
        f"{path}:record 3 (line 4): not UTF-8: undecodable byte 0xe9 in the title; skipped"]


def test_half_a_surrogate_pair_from_a_json_escape_skips_the_record(tmp_path: Path, abstracts: list[str]) -> None:
    path = tmp_path / "scraped.json"
    records = [{"title": "Cut emoji \ud83d", "abstract": abstracts[0]}, {"abstract": abstracts[1] + " \udfff"},
               {"abstract": abstracts[2], "venue": "ICML 2025"}]
    path.write_text(json.dumps(records))  # json escapes them: "\ud83d", valid JSON that Python decodes alone
    result = parse_file(path)
    assert [r.abstract for r in result.records] == [abstracts[2]]
    assert messages(result) == [
        f"{path}:record 1: invalid character U+D83D (half of a surrogate pair) in the title; skipped",
        f"{path}:record 2: invalid character U+DFFF (half of a surrogate pair); skipped"]


def test_authors_written_as_objects_give_their_names(tmp_path: Path, abstracts: list[str]) -> None:
    # Exports and APIs (Semantic Scholar, arXiv, CSL JSON) write each author as an object.
    path = write_json(tmp_path / "api.json", [
        {"abstract": abstracts[0], "authors": [{"authorId": "17", "name": "Ada Lovelace"},
                                               {"given": "Alan", "family": "Turing"}]},
        {"abstract": abstracts[1], "author": {"name": "Grace Hopper"}},
        {"abstract": abstracts[2], "authors": [["Emmy", "Noether"], {"affiliation": "nowhere"}, "Kurt Gödel"]},
    ])
    result = parse_file(path)
    assert [r.authors for r in result.records] == [("Ada Lovelace", "Alan Turing"), ("Grace Hopper",),
                                                   ("Emmy Noether", "Kurt Gödel")]
    assert result.problems == []


def test_json_lines_whose_strings_hold_unicode_line_separators(tmp_path: Path, abstracts: list[str]) -> None:
    # JSON may hold U+2028, U+2029 and U+0085 unescaped (json.dumps(..., ensure_ascii=False) writes them so);
    # text pasted from PDFs carries them. They end no line of a JSON Lines file.
    odd = [abstracts[0].replace(". ", ".\u2028", 1), abstracts[1].replace(". ", ".\x85", 1),
           abstracts[2].replace(". ", ".\u2029", 1)]
    path = tmp_path / "pasted.jsonl"
    path.write_text("\r\n".join(json.dumps({"title": f"T{n}", "abstract": a}, ensure_ascii=False)
                                for n, a in enumerate(odd)) + "\r\n", encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    assert [(r.abstract, r.source_ref) for r in result.records] == [(odd[0], "line 1"), (odd[1], "line 2"),
                                                                    (odd[2], "line 3")]


def test_json_lines_in_a_json_file(tmp_path: Path, abstracts: list[str]) -> None:
    # Many datasets (arXiv's metadata snapshot among them) are JSON Lines named .json.
    path = tmp_path / "arxiv-metadata.json"
    path.write_text(json.dumps({"title": "One", "abstract": abstracts[0]}) + "\n{broken\n"
                    + json.dumps({"title": "Two", "abstract": abstracts[1]}) + "\n")
    result = parse_file(path)
    assert [(r.title, r.source_ref) for r in result.records] == [("One", "line 1"), ("Two", "line 3")]
    assert messages(result) == [f"{path}:line 2: malformed JSON (column 2: Expecting property name enclosed "
                                "in double quotes); skipped"]


def test_json_objects_one_after_another_as_jq_writes_them(tmp_path: Path, abstracts: list[str]) -> None:
    # `jq '.[]' papers.json > out.json`: each object over many lines, then the next. It was read line by
    # line as JSON Lines: no paper, a "malformed JSON" problem for each of its 20 lines, then "not a corpus".
    papers = [{"title": "One", "abstract": abstracts[0], "authors": [{"name": "A. One"}, {"name": "B. Two"}]},
              {"title": "Two", "abstract": abstracts[1]}, {"title": "Three", "abstract": abstracts[2]}]
    path = tmp_path / "out.json"
    path.write_text("".join(json.dumps(paper, indent=2) + "\n" for paper in papers))
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.abstract, r.authors, r.source_ref) for r in result.records] == [
        ("One", abstracts[0], ("A. One", "B. Two"), "record 1 (line 1)"),
        ("Two", abstracts[1], (), "record 2 (line 13)"), ("Three", abstracts[2], (), "record 3 (line 17)")]


def test_a_malformed_object_among_objects_one_after_another(tmp_path: Path, abstracts: list[str]) -> None:
    papers = [json.dumps({"title": "One", "abstract": abstracts[0], "authors": [{"name": "A. One"}]}, indent=2),
              json.dumps({"title": "Two", "abstract": abstracts[1]}, indent=2).replace('"Two",', '"Two"'),
              json.dumps({"title": "Three", "abstract": abstracts[2]}, indent=2), '"a note"']
    path = tmp_path / "edited.json"
    path.write_text("\n".join(papers) + "\n")
    one_line = tmp_path / "one_line.json"  # the same objects with nothing but spaces between them
    one_line.write_text(" ".join(json.dumps({"abstract": abstract}) for abstract in abstracts[:3]))
    result = parse_file(path)
    assert [(r.title, r.source_ref) for r in result.records] == [("One", "record 1 (line 1)"),
                                                                 ("Three", "record 3 (line 14)")]
    assert messages(result) == [
        f"{path}:record 2 (line 12): malformed JSON (column 3: Expecting ',' delimiter); skipped",
        f"{path}:record 4 (line 18): expected an object with an 'abstract' field, got str"]
    assert [(r.abstract, r.source_ref) for r in parse_file(one_line).records] == [
        (abstracts[0], "record 1 (line 1)"), (abstracts[1], "record 2 (line 1)"), (abstracts[2], "record 3 (line 1)")]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"])
def test_utf16_or_utf32_with_a_byte_order_mark_is_text(tmp_path: Path, abstracts: list[str], encoding: str) -> None:
    # UTF-16: what Windows PowerShell's `>` and Out-File write, and Notepad's or Excel's "Unicode". UTF-32's
    # little-endian mark (FF FE 00 00) begins with UTF-16's: it was read as UTF-16 full of NULs, "not a corpus".
    bom = "" if encoding in ("utf-16", "utf-32") else "\ufeff"  # the plain codec writes its own mark
    seed = tmp_path / "seed.txt"
    seed.write_bytes((bom + "ICML 2025 Papers\r\n\r\n" + "\r\n\r\n".join(abstracts[:2])).encode(encoding))
    export = tmp_path / "export.json"
    export.write_bytes((bom + json.dumps([{"title": "Ünïcode", "abstract": abstracts[2]}])).encode(encoding))
    text, records = parse_file(seed), parse_file(export)
    assert text.problems == records.problems == []
    assert [(r.abstract, r.venue) for r in text.records] == [(abstracts[0], "ICML 2025"), (abstracts[1], "ICML 2025")]
    assert [(r.title, r.abstract) for r in records.records] == [("Ünïcode", abstracts[2])]


def test_broken_utf16_says_so(tmp_path: Path) -> None:
    path = tmp_path / "cut.txt"
    path.write_bytes("ICML 2025 Papers".encode("utf-16") + b"\x00")  # an odd number of bytes: cut short
    result = parse_file(path)
    assert result.records == []
    assert messages(result) == [f"{path}: not valid UTF-16 text (truncated data at byte 34); save the file as UTF-8"]


def test_broken_utf32_says_so(tmp_path: Path) -> None:
    path = tmp_path / "cut.txt"
    path.write_bytes("ICML 2025 Papers".encode("utf-32") + b"\x00")  # not a whole number of 4-byte characters
    result = parse_file(path)
    assert result.records == []
    assert messages(result) == [f"{path}: not valid UTF-32 text (truncated data at byte 68); save the file as UTF-8"]


def test_a_symlinked_folder_in_the_corpus_is_read_once(tmp_path: Path, abstracts: list[str]) -> None:
    # A dataset kept elsewhere and linked into the corpus folder (ln -s /srv/datasets/icml corpus/icml).
    corpus, elsewhere = tmp_path / "corpus", tmp_path / "datasets" / "icml"
    elsewhere.mkdir(parents=True)
    corpus.mkdir()
    write_seed_file(corpus / "own.txt", abstracts[0:1])
    write_seed_file(elsewhere / "icml.txt", abstracts[1:2])
    (corpus / "icml").symlink_to(elsewhere, target_is_directory=True)
    (elsewhere / "loop").symlink_to(corpus, target_is_directory=True)  # a link back up: read nothing twice
    result = parse_paths([corpus])
    assert [f.relative_to(corpus).as_posix() for f in result.files] == ["icml/icml.txt", "own.txt"]
    assert [r.abstract for r in result.records] == [abstracts[1], abstracts[0]]
    assert result.problems == []


def test_openreview_notes_give_their_fields_never_an_objects_python_text(tmp_path: Path, abstracts: list[str]) -> None:
    # OpenReview (where ICML, ICLR and NeurIPS publish) exports notes with the fields under "content",
    # each wrapped as {"value": ...} in its API 2; such a field used to be stored as "{'value': '...'}".
    api2 = write_json(tmp_path / "api2.json", [{"id": "n1", "content": {
        "title": {"value": "Sparse attention"}, "abstract": {"value": abstracts[0]},
        "authors": {"value": ["Ada Lovelace", "Alan Turing"]}, "venue": {"value": "ICML 2025 poster"}}}])
    api1 = write_json_value(tmp_path / "api1.json", {"notes": [{"id": "n2", "content": {
        "title": "Dense attention", "abstract": abstracts[1], "authors": ["Grace Hopper"]}}]})
    flat = write_json(tmp_path / "flat.json", [{"title": {"value": "Flat"}, "abstract": {"value": abstracts[2]}},
                                               {"title": {"en": "Other", "fr": "Autre"}, "abstract": abstracts[3]}])
    records = [r for path in (api2, api1, flat) for r in parse_file(path).records]
    assert [(r.title, r.abstract, r.authors, r.venue) for r in records] == [
        ("Sparse attention", abstracts[0], ("Ada Lovelace", "Alan Turing"), "ICML 2025 poster"),
        ("Dense attention", abstracts[1], ("Grace Hopper",), None),
        ("Flat", abstracts[2], (), None),
        (None, abstracts[3], (), None),  # a title in several languages is no one title: a headline is made
    ]


def test_a_missing_value_written_as_nan_is_missing(tmp_path: Path, abstracts: list[str]) -> None:
    # json.dump(dataframe.to_dict("records")) writes pandas' missing values as NaN, which json reads back.
    path = tmp_path / "from_pandas.json"
    path.write_text(json.dumps([{"title": float("nan"), "abstract": abstracts[0], "github": float("nan"),
                                 "venue": float("nan"), "site": "https://u"}]))
    (record,) = parse_file(path).records
    assert (record.title, record.code_url, record.venue, record.url) == (None, None, None, "https://u")


@pytest.mark.parametrize("delimiter", [";", "\t"])
def test_csv_as_excel_saves_it_where_the_decimal_mark_is_a_comma(tmp_path: Path, abstracts: list[str],
                                                                 delimiter: str) -> None:
    # Excel in most of Europe saves "CSV (semicolon-separated)": a byte order mark, CRLF, quoted
    # fields wherever a ";" or a line break is in the text.
    table = io.StringIO()
    writer = csv.writer(table, delimiter=delimiter, lineterminator="\r\n")
    writer.writerows([("Title", "Abstract", "Authors"), ("One", abstracts[0].replace(". ", ".\n", 1), "A. One; B. Two"),
                      ("Two", abstracts[1], "C. Three")])
    path = tmp_path / "excel.csv"
    path.write_bytes(b"\xef\xbb\xbf" + table.getvalue().encode())
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.abstract, r.authors, r.source_ref) for r in result.records] == [
        ("One", abstracts[0].replace(". ", ".\n", 1), ("A. One", "B. Two"), "record 1 (line 2)"),
        ("Two", abstracts[1], ("C. Three",), "record 2 (line 4)")]


def test_json_nested_thousands_deep_is_a_problem_not_a_crash(tmp_path: Path, abstracts: list[str]) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    listed = tmp_path / "listed.json"
    listed.write_text(f'[{json.dumps({"abstract": abstracts[0]})},\n{deep}]')
    lines = tmp_path / "lines.jsonl"
    lines.write_text(f'{json.dumps({"abstract": abstracts[0]})}\n{deep}\n{json.dumps({"abstract": abstracts[1]})}\n')
    alone = tmp_path / "alone.json"
    alone.write_text(deep)
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(f'{{"papers": {deep}}}')
    found = {path.name: parse_file(path) for path in (listed, lines, alone, wrapped)}
    assert [len(result.records) for result in found.values()] == [1, 2, 0, 0]
    assert [messages(result) for result in found.values()] == [
        [f"{listed}:record 2 (line 2): malformed JSON (nested too deeply to be a paper record); skipped"],
        [f"{lines}:line 2: malformed JSON (nested too deeply to be a paper record); skipped"],
        [f"{alone}:record 1 (line 1): malformed JSON (nested too deeply to be a paper record); skipped"],
        [f"{wrapped}: malformed JSON (nested too deeply to be a paper record)"]]


def test_a_json_file_holding_one_paper(tmp_path: Path, abstracts: list[str]) -> None:
    # A folder with a file per paper, as scrapers and APIs save them. Its authors list was taken for the
    # list of papers: "record 1: expected an object with an 'abstract' field, got str", once per author.
    folder = tmp_path / "papers"
    folder.mkdir()
    write_json_value(folder / "1.json", {"title": "One", "abstract": abstracts[0], "authors": ["A. One", "B. Two"]})
    write_json_value(folder / "2.json", {"id": "n2", "content": {"title": {"value": "Two"},
                                                           "abstract": {"value": abstracts[1]}}})
    write_json_value(folder / "3.json", {"abstract": "Our collection.", "papers": [{"abstract": abstracts[2]}]})
    result = parse_paths([folder])
    assert [(r.title, r.authors, r.source_ref) for r in result.records] == [
        ("One", ("A. One", "B. Two"), "record 1"), ("Two", (), "record 1"), (None, (), "record 1")]
    assert result.problems == []


# --- malformed records among many: found where they are, without reading the text before them again ----

def _jq_record(title: str, abstract: str, how: str = "whole") -> str:
    """One paper as `jq '.[]'` writes it (two-space indent, authors as objects), whole or broken."""
    text = json.dumps({"title": title, "abstract": abstract, "authors": [{"name": "A. One"}, {"name": "B. Two"}]},
                      indent=2)
    if how == "no comma":
        return text.replace(f'"{title}",', f'"{title}"', 1)
    if how == "cut off":  # the rest of the object lost: the next record's "{" follows a field name
        return text[:text.index('"abstract"')] + '"abstract":'
    return text


_SCATTERED = {0: "no comma", 3: "cut off", 4: "no comma", 7: "no comma"}  # the start, two in a row, the end


def test_broken_records_at_the_start_middle_and_end_of_objects_one_after_another(
        tmp_path: Path, abstracts: list[str]) -> None:
    # A broken first object lost the whole file: "line 3: malformed JSON", no paper.
    path = tmp_path / "edited.json"
    path.write_text("\n".join(_jq_record(f"P{i}", abstracts[i], _SCATTERED.get(i, "whole")) for i in range(8)) + "\n")
    result = parse_file(path)
    assert [(r.title, r.source_ref) for r in result.records] == [
        ("P1", "record 2 (line 13)"), ("P2", "record 3 (line 25)"), ("P5", "record 6 (line 52)"),
        ("P6", "record 7 (line 64)")]
    assert messages(result) == [
        f"{path}:record 1 (line 3): malformed JSON (column 3: Expecting ',' delimiter); skipped",
        # The cut-off record reads the next one as its abstract, as json itself does, and fails where
        # that one does; reading goes on at that next record.
        f"{path}:record 4 (line 42): malformed JSON (column 3: Expecting ',' delimiter); skipped",
        f"{path}:record 5 (line 42): malformed JSON (column 3: Expecting ',' delimiter); skipped",
        f"{path}:record 8 (line 78): malformed JSON (column 3: Expecting ',' delimiter); skipped"]


def test_broken_records_at_the_start_middle_and_end_of_a_json_list(tmp_path: Path, abstracts: list[str]) -> None:
    # After a broken record, reading went on at the next "{" of any line: the broken record's authors
    # became records ("no abstract"), and the "]" closing their list ended the file: 0 of 4 papers.
    path = tmp_path / "edited.json"
    path.write_text("[\n" + ",\n".join(_jq_record(f"P{i}", abstracts[i], _SCATTERED.get(i, "whole"))
                                       for i in range(8)) + "\n]\n")
    result = parse_file(path)
    assert [(r.title, r.source_ref) for r in result.records] == [
        ("P1", "record 2 (line 14)"), ("P2", "record 3 (line 26)"), ("P5", "record 6 (line 53)"),
        ("P6", "record 7 (line 65)")]
    assert messages(result) == [
        f"{path}:record 1 (line 4): malformed JSON (column 3: Expecting ',' delimiter); skipped",
        f"{path}:record 4 (line 40): malformed JSON (column 14: Expecting value); skipped",
        f"{path}:record 5 (line 43): malformed JSON (column 3: Expecting ',' delimiter); skipped",
        f"{path}:record 8 (line 79): malformed JSON (column 3: Expecting ',' delimiter); skipped"]


def test_json_lines_named_json_with_a_broken_first_line(tmp_path: Path, abstracts: list[str]) -> None:
    # It was "line 1: malformed JSON" for the whole file, and no paper.
    path = tmp_path / "arxiv-metadata.json"
    path.write_text("{broken\n" + "".join(json.dumps({"title": t, "abstract": a}) + "\n"
                                         for t, a in (("One", abstracts[0]), ("Two", abstracts[1]))))
    result = parse_file(path)
    assert [(r.title, r.source_ref) for r in result.records] == [("One", "line 2"), ("Two", "line 3")]
    assert messages(result) == [f"{path}:line 1: malformed JSON (column 2: Expecting property name enclosed "
                                "in double quotes); skipped"]


_JSON_EDITS = st.lists(st.tuples(st.integers(min_value=0), st.sampled_from(["", "{", "}", "[", "]", ",", ":", '"',
                                                                             "\n", "\n{", "\\", "1", "tru"])),
                       max_size=4)


@given(st.integers(min_value=1, max_value=6), st.booleans(), _JSON_EDITS)
def test_a_value_read_in_a_window_is_read_as_in_the_whole_text(count: int, listed: bool,
                                                                edits: list[tuple[int, str]]) -> None:
    # The reader decodes each value in a window of the text so that a malformed one does not cost the
    # whole text before it; what it gives must be what raw_decode on the whole text gives.
    records = [_jq_record(f"P{i}", seed_paragraphs()[i]) for i in range(count)]
    text = "[\n" + ",\n".join(records) + "\n]\n" if listed else "\n".join(records) + "\n"
    for where, inserted in edits:  # replace one character (or none) at `where` with `inserted`
        where %= len(text)
        text = text[:where] + inserted + text[where + 1:]
    # A window as short as can be (to the next line starting an object): these texts are far shorter than one.
    reader = _ValueReader(text, _LINE_STARTING_AN_OBJECT if listed else _NEXT_TOP_LEVEL_OBJECT, window_chars=1)
    for pos in [match.start() for match in re.finditer(r"[{\[]", text)]:
        line, column = text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos) - 1
        try:
            expected: object = json.JSONDecoder().raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            expected = (exc.msg, exc.pos, exc.lineno, exc.colno)
        try:
            found: object = reader.decode(pos, line, column)
        except _MalformedJSONError as exc:
            found = (exc.msg, exc.pos, exc.lineno, exc.colno)
        assert found == expected
