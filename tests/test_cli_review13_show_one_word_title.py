"""`paperbot show Tokenizers` finds the paper titled so (session 13's review).

What is shaped like an id (ten of its base32 characters: "Tokenizers", "Chinchilla") was looked up as an id and
nothing else, so a paper titled with one such word, or whose title before its colon is one ("Chinchilla: …", which
/paper show finds), was "no paper with id 'Tokenizers'". Only what is written as an id (a card's footer, an id in
backticks, or an id's shape with a digit) is now looked up alone; a ten-letter word is a title too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from storage.search import SearchEngine
from tests.storage.conftest import write_json

TAIL = " We report results on four benchmarks and release the code for others to build on."
RECORDS = [{"title": "Chinchilla: Training Compute-Optimal Large Language Models",
            "abstract": "We find the optimal model size and number of tokens for a given compute budget." + TAIL},
           {"title": "Tokenizers", "abstract": "We study how tokenizers shape downstream accuracy." + TAIL}]


@pytest.fixture
def db_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "cli.db"
    assert main(["ingest", str(write_json(tmp_path / "papers.json", RECORDS)), "--db", str(path)]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize(("typed", "title"), [("Tokenizers", "Tokenizers\n"), ("tokenizers", "Tokenizers\n"),
                                              ("Chinchilla", "Chinchilla: Training")])
def test_a_ten_letter_title_shows_its_paper(db_file: Path, capsys: pytest.CaptureFixture[str],
                                            typed: str, title: str) -> None:
    status = main(["show", typed, "--db", str(db_file)])

    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert out.startswith(title)


def test_a_ten_letter_word_no_paper_has_is_neither_id_nor_title(db_file: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Quantizers", "--db", str(db_file)]) == 1
    assert capsys.readouterr().err.startswith(f"paperbot show: no paper with the id or title 'Quantizers' in {db_file}")


def test_an_id_with_a_digit_is_still_looked_up_alone(db_file: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    async def no_index(*_: object, **__: object) -> None:
        raise AssertionError("an id is looked up without building the search index")

    monkeypatch.setattr(SearchEngine, "open", no_index)
    assert main(["show", "quant2zers", "--db", str(db_file)]) == 1
    assert capsys.readouterr().err.startswith(f"paperbot show: no paper with the id 'quant2zers' in {db_file}")
