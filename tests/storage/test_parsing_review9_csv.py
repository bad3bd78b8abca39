"""CSV as spreadsheets and scripts really write it."""

from __future__ import annotations

from pathlib import Path

from storage.parsing import parse_file


def test_rows_whose_empty_cells_at_the_end_are_left_out_or_added_load(tmp_path: Path, abstracts: list[str]) -> None:
    # Excel leaves out the separators of empty cells at the end of some rows and not others (a chunk of
    # rows at a time), and scripts end every row with a separator. Such rows were skipped: "3 fields but
    # the header has 4", though nothing in them was out of place.
    quoted = [abstract.replace('"', '""') for abstract in abstracts[:5]]
    path = tmp_path / "excel.csv"
    path.write_text("Title,Abstract,Authors,Code\r\n"
                    f'One,"{quoted[0]}",Ada Lovelace,https://github.com/a/one\r\n'
                    f'Two,"{quoted[1]}",Alan Turing\r\n'      # the empty code cell left out
                    f'Three,"{quoted[2]}"\r\n'                  # both empty cells left out
                    f'Four,"{quoted[3]}",,,\r\n'                # one empty cell too many
                    f'Five,"{quoted[4]}",Grace Hopper,,https://example.org\r\n', encoding="utf-8")
    result = parse_file(path)
    assert [(r.title, r.abstract, r.authors, r.code_url) for r in result.records] == [
        ("One", abstracts[0], ("Ada Lovelace",), "https://github.com/a/one"),
        ("Two", abstracts[1], ("Alan Turing",), None),
        ("Three", abstracts[2], (), None), ("Four", abstracts[3], (), None)]
    # A cell with text past the header's: a separator too many somewhere, so the row is not guessed at.
    assert [str(p) for p in result.problems] == [f"{path}:record 5 (line 6): 5 fields but the header has 4; skipped"]
