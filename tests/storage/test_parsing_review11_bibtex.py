"""BibTeX corpus files (session 11): `.bib` and `.bib.gz`, as the ACL Anthology exports its papers with their
abstracts (anthology+abstracts.bib). Before, such a file was "unsupported file type '.bib'" and gave nothing."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import aiosqlite
import pytest

from storage import _bibtex
from storage.loader import load_corpus
from storage.parsing import SUPPORTED_SUFFIXES, expand_paths, parse_file
from storage.search import SearchEngine

# As the ACL Anthology writes its export: a volume without an abstract, then its papers, "Last, First  and" names
# over lines, capitals kept in braces in titles and abstracts, LaTeX accents, a month macro.
ACL = r"""% The ACL Anthology's export, cut short
@proceedings{naacl-2019-long,
    title = "Proceedings of the 2019 Conference of the North {A}merican Chapter of the Association for Computational Linguistics",
    editor = "Burstein, Jill  and
      Doran, Christy",
    month = jun,
    year = "2019",
    url = "https://aclanthology.org/N19-1000",
}

@inproceedings{devlin-etal-2019-bert,
    title = "{BERT}: Pre-training of Deep Bidirectional Transformers for Language Understanding",
    author = "Devlin, Jacob  and
      Chang, Ming-Wei  and
      Lee, Kenton  and
      Toutanova, Kristina",
    booktitle = "Proceedings of the 2019 Conference of the North {A}merican Chapter of the Association for Computational Linguistics",
    month = jun,
    year = "2019",
    address = "Minneapolis, Minnesota",
    publisher = "Association for Computational Linguistics",
    url = "https://aclanthology.org/N19-1423",
    doi = "10.18653/v1/N19-1423",
    pages = "4171--4186",
    abstract = "We introduce a new language representation model called {BERT}, which stands for {B}idirectional {E}ncoder {R}epresentations from {T}ransformers. Unlike recent language representation models, {BERT} is designed to pre-train deep bidirectional representations from unlabeled text.",
}

@inproceedings{tiedemann-2019-sprachen,
    title = "Multilingual {NMT} f{\"u}r alle {S}prachen",
    author = {Tiedemann, J{\"o}rg and Mart{\'\i}nez, Ana and Sch\"olkopf, Bernhard and others},
    booktitle = "Proceedings of the Workshop on {M}achine {T}ranslation",
    year = 2019,
    url = "https://aclanthology.org/W19-5301",
    abstract = {We train one translation model for a hundred languages and show that sharing its encoder helps the languages with little data most, while the languages with much data lose little of their quality.},
}

@inproceedings{no-abstract-2019,
    title = "A Paper Whose Abstract the Anthology Lacks",
    author = "Lovelace, Ada",
    booktitle = "Proceedings of the Workshop on {M}achine {T}ranslation",
    year = "2019",
}
"""  # noqa: E501 (the export's lines, as long as it writes them)
JOURNAL = r"""@article{ruder-2020-tacl,
    title = {Cross-lingual Transfer for Low-resource Parsing},
    author = {Sebastian Ruder and Anders S{\o}gaard},
    journal = {Transactions of the Association for Computational Linguistics},
    volume = {8},
    year = {2020},
    doi = {10.1162/tacl_a_00321},
    abstract = {We transfer dependency parsers across languages through a shared multilingual encoder
                and show that a few hundred annotated sentences of the target language close most of the
                gap to a fully supervised parser.},
}

@misc{vaswani2017attention,
    title = {Attention Is All You Need},
    author = {Ashish Vaswani and Noam Shazeer},
    year = {2017},
    eprint = {1706.03762},
    archivePrefix = {arXiv},
    abstract = {The dominant sequence transduction models are based on complex recurrent or convolutional
                neural networks in an encoder-decoder configuration; we propose a new simple network
                architecture based solely on attention.},
}
"""


def test_an_acl_anthology_export_gives_its_papers(tmp_path: Path) -> None:
    path = tmp_path / "anthology+abstracts.bib"
    path.write_text(ACL, encoding="utf-8")
    result = parse_file(path)
    assert [str(p) for p in result.problems] == [
        f"{path}: 2 entries have no abstract and were skipped (the first: entry naacl-2019-long (line 2))"]
    bert, nmt = result.records
    assert bert.title == "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding"
    assert bert.abstract.startswith("We introduce a new language representation model called BERT, which stands "
                                    "for Bidirectional Encoder Representations from Transformers. Unlike")
    assert bert.authors == ("Jacob Devlin", "Ming-Wei Chang", "Kenton Lee", "Kristina Toutanova")
    assert bert.venue == ("Proceedings of the 2019 Conference of the North American Chapter of the Association for "
                          "Computational Linguistics")
    assert bert.url == "https://aclanthology.org/N19-1423"
    assert bert.source_ref == "entry devlin-etal-2019-bert (line 11)"
    assert nmt.title == r'Multilingual NMT f{\"u}r alle Sprachen'  # its LaTeX is enrichment's to render
    assert nmt.authors == ("Jörg Tiedemann", "Ana Martínez", "Bernhard Schölkopf")  # "others": et al., no name
    assert nmt.venue == "Proceedings of the Workshop on Machine Translation 2019"  # the year its name lacks


def test_a_journal_article_and_an_arxiv_entry(tmp_path: Path) -> None:
    path = tmp_path / "mine.bib"
    path.write_text(JOURNAL, encoding="utf-8")
    result = parse_file(path)
    assert result.problems == []
    tacl, attention = result.records
    assert tacl.venue == "Transactions of the Association for Computational Linguistics 2020"
    assert tacl.authors == ("Sebastian Ruder", "Anders Søgaard")
    assert tacl.url == "https://doi.org/10.1162/tacl_a_00321"  # from its DOI: the entry has no url
    assert "shared multilingual encoder" in tacl.abstract
    assert (attention.url, attention.pdf) == ("https://arxiv.org/abs/1706.03762", "https://arxiv.org/pdf/1706.03762")
    assert attention.venue is None


def test_string_macros_and_joined_values(tmp_path: Path) -> None:
    path = tmp_path / "dblp.bib"
    path.write_text(r"""@string{acl = "Association for Computational Linguistics"}
@inproceedings{a, title = "C# Programs, Parsed",
  booktitle = "Findings of the " # acl # ": EMNLP",
  year = 2021,
  abstract = {We parse programs written in C# with a grammar learned from ten thousand repositories and find that
    it recovers nearly all of the constructs a hand-written grammar has.}}
""", encoding="utf-8")
    (record,) = parse_file(path).records
    assert record.title == "C# Programs, Parsed"
    assert record.venue == "Findings of the Association for Computational Linguistics: EMNLP 2021"
    assert "written in C# with" in record.abstract


def test_malformed_entries_are_named_and_the_others_load(tmp_path: Path) -> None:
    good = [f"@article{{good{n},\n  title = {{Good {n}}},\n  abstract = {{{JSON_ABSTRACTS[n]}}}\n}}\n"
            for n in range(3)]
    text = (good[0]
            + "@article{broken,\n  title = {An unclosed title,\n  abstract = {x}\n}\n"  # lines 5-8
            + good[1]
            + "@article{nocomma\n  title = {Three}\n}\n"  # lines 13-15
            + "@article{twice, title = {A}, title = {B},\n  abstract = {" + JSON_ABSTRACTS[3] + "}}\n"  # line 16
            + good[2])
    path = tmp_path / "broken.bib"
    path.write_text(text, encoding="utf-8")
    result = parse_file(path)
    assert [r.title for r in result.records] == ["Good 0", "Good 1", "A", "Good 2"]
    messages = [str(p) for p in result.problems]
    assert messages[0].startswith(f"{path}:line 5: malformed BibTeX entry '@article{{broken' (")
    assert messages[0].endswith("); skipped")
    assert messages[1].startswith(f"{path}:line 13: malformed BibTeX entry '@article{{nocomma' (Expected comma")
    assert messages[2] == f"{path}:entry twice (line 16): 'title' given twice; the first is read"
    assert len(messages) == 3


def test_a_large_file_read_in_pieces_reads_as_a_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A large file is read a few megabytes at a time (the splitter's objects for 150 MB took 1.4 GB); pieces of
    # 300 characters here: entries, broken ones, @string names and line numbers across pieces as in one reading.
    text = ("@string{wmt = {Proceedings of the Workshop on Machine Translation}}\n" + JOURNAL
            + "@article{broken,\n  title = {Unclosed,\n" + ACL + JOURNAL.replace("ruder", "again"))
    path = tmp_path / "big.bib"
    path.write_text(text.replace('"Proceedings of the Workshop on {M}achine {T}ranslation"', "wmt"), encoding="utf-8")
    whole = parse_file(path)
    monkeypatch.setattr(_bibtex, "_CHUNK_CHARS", 300)
    pieces = parse_file(path)
    assert (pieces.records, pieces.problems) == (whole.records, whole.problems)
    assert len(whole.records) == 6
    assert whole.records[3].venue == "Proceedings of the Workshop on Machine Translation 2019"
    assert [p.where for p in whole.problems] == ["line 24", ""]
    assert whole.records[4].source_ref == "entry again-2020-tacl (line 68)"  # a key used twice: both read


def test_gzipped_with_the_venue_from_the_files_name(tmp_path: Path) -> None:
    path = tmp_path / "acl2019.bib.gz"
    entry = "@inproceedings{{p{n}, title = {{Paper {n}}}, author = {{Lee, Kenton}}, abstract = {{{text}}}}}\n"
    path.write_bytes(gzip.compress("".join(entry.format(n=n, text=text)
                                           for n, text in enumerate(JSON_ABSTRACTS[:2])).encode()))
    result = parse_file(path)
    assert result.problems == []
    assert [(r.title, r.venue, r.authors) for r in result.records] == [
        ("Paper 0", "ACL 2019", ("Kenton Lee",)), ("Paper 1", "ACL 2019", ("Kenton Lee",))]
    assert expand_paths([tmp_path]) == ([path], [])  # a folder's .bib files are corpus files


def test_a_bibliography_without_abstracts_or_no_bibtex_at_all(tmp_path: Path) -> None:
    references = tmp_path / "references.bib"
    references.write_text("@book{knuth, title = {The Art}, year = 1968}\n@misc{x, title = {Y}}\n", encoding="utf-8")
    notes = tmp_path / "notes.bib"
    notes.write_text("Just some notes, no entries at all.\n", encoding="utf-8")
    assert [str(p) for p in parse_file(references).problems] == [
        f"{references}: not a corpus: none of its 2 entries has an abstract"]
    assert [str(p) for p in parse_file(notes).problems] == [
        f"{notes}: not BibTeX: no entry (such as @inproceedings{{key, ...}}) in it"]
    assert ".bib" in SUPPORTED_SUFFIXES


async def test_a_bibtex_corpus_is_loaded_and_searched(db: aiosqlite.Connection, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "anthology+abstracts.bib").write_text(ACL, encoding="utf-8")
    (corpus / "mine.bib").write_text(JOURNAL, encoding="utf-8")
    report = await load_corpus(db, [corpus])
    assert report.added == 4
    async with db.execute("SELECT title, authors FROM papers WHERE url = 'https://aclanthology.org/W19-5301'"
                          ) as cursor:
        row = await cursor.fetchone()
    assert row is not None
    assert row[0] == "Multilingual NMT für alle Sprachen"
    assert json.loads(row[1]) == ["Jörg Tiedemann", "Ana Martínez", "Bernhard Schölkopf"]
    engine = await SearchEngine.open(db, meaning=False)
    for query, title in (("bidirectional transformers", "BERT: Pre-training"), ("Tiedemann", "Multilingual NMT"),
                         ("Sogaard", "Cross-lingual Transfer")):
        results = await engine.search(query)
        assert results.hits[0].paper.title.startswith(title), query


JSON_ABSTRACTS = [
    "We study how the order of training examples changes what a language model remembers, and find that the last "
    "few thousand steps decide most of it.",
    "We propose a parser for legal documents that reads the structure of articles and clauses and links each "
    "reference to the clause it names.",
    "We show that a small model distilled from a large one keeps its accuracy on reading comprehension when the "
    "questions are paraphrased.",
    "We collect a corpus of spoken dialogues between doctors and patients and annotate each turn with the "
    "medical facts it states.",
]
