"""Enrichment on hostile abstracts: the slowest of many adversarial 20,000-character paragraphs.

    .venv/bin/python bench/enrich_worst_case.py [--trios 300] [--seed 5]

A corpus file is input nobody vetted, and the parser accepts paragraphs up to 20,000 characters.
Regular expressions over such text can backtrack badly (a run of adverbs once made the intro
pattern exponential). This enriches paragraphs built by repeating one, two or three pieces that
the text patterns react to (subjects, adverbs, braces, dollars, emphasis, URLs, …) up to the
paragraph limit, and a few written out (thousands of sentences opening with a capitalised word), and
reports the slowest ones beside the median time of a real-sized synthetic abstract (the floor). Then the
same for titles: a typical abstract under a hostile 20,000-character title (the same pieces, markup pieces,
and each markup piece with each piece), from the record's fields as the parser reads them (markup and all) through
enrichment, beside the same record with a real title (CPU time). Not a test: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import itertools
import logging
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from storage.enrich import enrich  # noqa: E402
from storage.models import RawRecord  # noqa: E402
from storage.parsing import MAX_ABSTRACT_CHARS, record_from_mapping  # noqa: E402

PIECES = ("we ", "We ", "formally ", "and ", "propose ", "Deep ", "of ", "the ", "(DL) ", "{", "}", "$", "\\textit{",
          "--- ", "called ", "which is ", "to ", ", ", ". ", "*", "A-B ", "that ", "a ", "by introducing ",
          "Learning Deep ", "X_{", "^", "(", ")", "“", '"', "~", "\\", "http://a.b/", "e.g. ", "-\n", "in this paper, ")
ABC = "abcdefghijklmnopqrstuvwxyz"
TYPICAL = ("In this paper, we propose ShadowKV, a high-throughput long-context LLM inference system that stores "
           "the low-rank key cache and offloads the value cache. We show that ShadowKV supports up to 6x larger "
           "batch sizes and boosts throughput by up to 3.04x on an A100 GPU without sacrificing accuracy. ") * 2


# Markup a title may hold (HTML, JATS as Crossref writes it): its tags, headings, scripts and entities.
MARKUP_PIECES = ("<i>", "</i>", "<b>x</b> ", "<sub>2</sub>", "<sup>a b</sup>", "<title>Abstract</title>",
                 "<jats:title>x</jats:title> ", "<p>", "</p>", "<br>", "&amp; ", "&#8217;", "<jats:italic>")
TITLE_CHARS = 20_000
REAL_TITLE = "ShadowKV: High-Throughput Long-Context LLM Inference"


def seconds_to_read_and_enrich(title: str, abstract: str = TYPICAL) -> float:
    """A record's CPU time from its fields (as a JSON or CSV record gives them) to its Paper (CPU time: under a
    millisecond each, a wall-clock time would be mostly other processes on a shared machine)."""
    started = time.process_time()
    record, problem = record_from_mapping("bench.json", "record 1", {"title": title, "abstract": abstract}, "Bench")
    assert record is not None, problem
    enrich(record)
    return time.process_time() - started


def hostile_titles(trios: int, seed: int) -> list[tuple[str, str]]:
    """(label, title) for the abstracts' repeated pieces (see piece_combos), every markup piece, and each markup
    piece with each piece."""
    units = ["".join(combo) for combo in piece_combos(trios, seed)]
    units += [*MARKUP_PIECES, *(markup + piece for markup in MARKUP_PIECES for piece in PIECES)]
    return [(repr(unit), (unit * (TITLE_CHARS // len(unit) + 1))[:TITLE_CHARS]) for unit in units]


def seconds_to_enrich(text: str) -> float:
    record = RawRecord(abstract=text, title=None, authors=(), venue="Bench", url=None, pdf=None, code_url=None,
                       source_file="bench.txt", source_ref="paragraph 1")
    started = time.perf_counter()
    enrich(record)
    return time.perf_counter() - started


def piece_combos(trios: int, seed: int) -> list[tuple[str, ...]]:
    """Every single piece and pair of pieces, plus random trios."""
    combos = [(p,) for p in PIECES] + list(itertools.product(PIECES, repeat=2))
    rng = random.Random(seed)
    return combos + [tuple(rng.sample(PIECES, 3)) for _ in range(trios)]


def hostile_texts(trios: int, seed: int) -> list[tuple[str, str]]:
    """(label, paragraph) for every single piece and pair of pieces repeated, plus random trios."""
    combos = piece_combos(trios, seed)
    texts = [("'We ' + 'formally ' repeated", "We " + "formally " * (MAX_ABSTRACT_CHARS // 9 - 1) + "x."),
             # Sentences opening with a capitalised word: each is looked for mid-sentence over the whole text.
             ("'Ab c. ' repeated", "Ab c. " * (MAX_ABSTRACT_CHARS // 6)),
             ("'Aa c. ' … 'Zz c. ' repeated", ("".join(f"{a}{b} c. " for a in ABC.upper() for b in ABC)
                                               * 6)[:MAX_ABSTRACT_CHARS - 10]),
             # Thousands of links, escaped ones and code spans among them: each was once checked against every other.
             *((repr(unit) + " repeated", (unit * (MAX_ABSTRACT_CHARS // len(unit) + 1))[:MAX_ABSTRACT_CHARS - 10])
               for unit in ("http://a\\_b x_y ", "`a` http://a.b/ _x_ ", "http://a.b/ `a` $x$ *y* "))]
    for combo in combos:
        unit = "".join(combo)
        texts.append((repr(unit), (unit * (MAX_ABSTRACT_CHARS // len(unit) + 1))[:MAX_ABSTRACT_CHARS - 10]))
    return texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trios", type=int, default=300, help="random three-piece paragraphs (default 300)")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # pylatexenc complains about every malformed macro
    # Distinct texts: the per-paper caches (sentences, LaTeX pieces) must not make the floor look cheap.
    floor = statistics.median(seconds_to_enrich(f"{TYPICAL}(Variant {i}.)") for i in range(200))
    timed = sorted(((seconds_to_enrich(text), label) for label, text in hostile_texts(args.trios, args.seed)),
                   reverse=True)
    print(f"{len(timed):,} hostile paragraphs of {MAX_ABSTRACT_CHARS - 10:,} characters; a typical abstract "
          f"({len(TYPICAL)} characters) takes {floor * 1000:.2f} ms (median of 200)")
    print(f"  median {statistics.median(t for t, _ in timed) * 1000:.1f} ms; slowest:")
    for seconds, label in timed[:8]:
        print(f"  {seconds * 1000:8.1f} ms  {label[:60]}")
    title_floor = statistics.median(seconds_to_read_and_enrich(REAL_TITLE, f"{TYPICAL}(Title {i}.)")
                                    for i in range(200))
    titled = sorted(((seconds_to_read_and_enrich(title, f"{TYPICAL}({label})"), label)
                     for label, title in hostile_titles(args.trios, args.seed)), reverse=True)
    print(f"{len(titled):,} hostile titles of {TITLE_CHARS:,} characters over a typical abstract, read and enriched "
          f"(CPU time); with a real title it takes {title_floor * 1000:.2f} ms (median of 200)")
    print(f"  median {statistics.median(t for t, _ in titled) * 1000:.1f} ms; slowest:")
    for seconds, label in titled[:5]:
        print(f"  {seconds * 1000:8.1f} ms  {label[:60]}")


if __name__ == "__main__":
    main()
