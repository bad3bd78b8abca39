"""A spreadsheet whose columns are named in another script (session 12): a lab's paper list in Russian
('Название,Аннотация,Авторы'), Chinese ('标题,摘要,作者'), Japanese ('タイトル,要旨,著者'), Korean or Greek,
saved as CSV UTF-8 or Unicode Text, said "no header row with an 'abstract' column" and loaded nothing. Session 11
read the names of Latin-script languages only."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from storage.parsing import parse_file


def _sheet(path: Path, rows: list[tuple[str, ...]]) -> Path:
    table = io.StringIO()
    csv.writer(table, lineterminator="\r\n").writerows(rows)
    path.write_text(table.getvalue(), encoding="utf-8-sig")  # Excel's "CSV UTF-8" starts with a byte order mark
    return path


@pytest.mark.parametrize("header", [
    ("Название", "Аннотация", "Авторы"),        # Russian
    ("Назва", "Анотація", "Автори"),            # Ukrainian
    ("Název", "Abstrakt", "Autoři"),            # Czech
    ("Başlık", "Özet", "Yazarlar"),             # Turkish
    ("ΤΊΤΛΟΣ", "ΠΕΡΊΛΗΨΗ", "ΣΥΓΓΡΑΦΕΊΣ"),      # Greek, in capitals
    ("标题", "摘要", "作者"),                     # Chinese
    ("題名", "摘要（英文）", "作者"),              # Chinese, traditional, a note in full-width brackets
    ("タイトル", "アブストラクト", "著者"),         # Japanese
    ("論文名", "要旨【英語】", "著者："),           # Japanese, notes
    ("제목", "초록", "저자"),                     # Korean
])
def test_columns_named_in_other_scripts_are_read(tmp_path: Path, abstracts: list[str], header: tuple[str, ...]) -> None:
    path = _sheet(tmp_path / "papers.csv", [header, ("Eins", abstracts[0], "Ada Lovelace; Alan Turing"),
                                            ("Zwei", abstracts[1], "Grace Hopper")])
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.abstract, r.authors) for r in result.records] == [
        ("Eins", abstracts[0], ("Ada Lovelace", "Alan Turing")), ("Zwei", abstracts[1], ("Grace Hopper",))]


def test_the_english_column_is_still_read_first(tmp_path: Path, abstracts: list[str]) -> None:
    # A bilingual sheet: its Chinese abstract beside the English one does not replace it, whatever the order.
    path = _sheet(tmp_path / "bilingual.csv", [("标题", "摘要", "Title", "Abstract"),
                                               ("一", abstracts[1], "One", abstracts[0])])
    (record,) = parse_file(path).records
    assert (record.title, record.abstract) == ("One", abstracts[0])


def test_other_words_in_those_scripts_name_no_field(tmp_path: Path, abstracts: list[str]) -> None:
    path = _sheet(tmp_path / "notes.csv", [("Заметки", "备注"), ("x", abstracts[0])])
    result = parse_file(path)
    assert result.records == []
    assert len(result.problems) == 1
    assert "'abstract' column" in str(result.problems[0])
