"""Abstracts one per line with no blank line between them (session 15), as `jq -r '.[].abstract' > papers.txt`
writes them. A few such lines load as one abstract with a line saying to put blank lines between them; a corpus
of them (30 abstracts, 38,000 characters) is one paragraph over the 20,000-character limit, and was only "38,452
characters, over the 20,000 limit for one abstract; skipped": nothing loaded and nothing said why. The problem
now says what the paragraph is and what to do."""

from __future__ import annotations

from pathlib import Path

from storage.parsing import parse_file
from tests.storage.conftest import seed_paragraphs


def test_a_corpus_of_one_abstract_a_line_says_to_put_blank_lines_between_them(tmp_path: Path) -> None:
    abstracts = [paragraph.replace("\n", " ") for paragraph in seed_paragraphs()[:30]]
    path = tmp_path / "papers.txt"
    path.write_text("ICML 2025 Papers\n" + "\n".join(abstracts) + "\n")
    result = parse_file(path)
    length = len("\n".join(abstracts))
    assert length > 20_000
    assert [str(p) for p in result.problems] == [
        f"{path}:paragraph 1 (line 2): {length:,} characters, over the 20,000 limit for one abstract: 30 lines as "
        "long as whole abstracts with no blank line between them; if each line is an abstract, put a blank line "
        "between them; skipped"]
