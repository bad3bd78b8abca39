"""The names a load reads are not kept for the life of the process (session 11, after LaTeX names): every author of
a BibTeX file goes through storage.enrich.display_name, whose cache kept up to 65,536 of them, plain ones too
(16,000 names: 2.4 MB held after the records were dropped, 55 bytes now)."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

from storage.parsing import parse_file

ABSTRACT = ("We study how the order of training examples changes what a language model remembers, and find that "
            "the last few thousand steps decide most of it")


def test_plain_names_are_let_go_after_parsing(tmp_path: Path) -> None:
    path = tmp_path / "authors.bib"
    path.write_text("".join(f"@article{{k{n}, author = {{Surname{n}, Given{n} and Other{n}, Name{n}}},\n"
                            f"  abstract = {{{ABSTRACT} ({n}).}}}}\n" for n in range(8_000)), encoding="utf-8")
    warm_up = tmp_path / "one.bib"  # bibtexparser and pylatexenc imported before measuring
    warm_up.write_text(f"@article{{k, author = {{Lee, Kenton}}, abstract = {{{ABSTRACT}.}}}}\n", encoding="utf-8")
    parse_file(warm_up)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        result = parse_file(path)
        assert len(result.records) == 8_000
        assert result.records[-1].authors == ("Given7999 Surname7999", "Name7999 Other7999")
        del result
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held < 250_000, f"{held:,} bytes held after the records were dropped"
