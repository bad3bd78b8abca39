"""Ingest benchmark: `load_corpus` on N synthetic abstracts against a bare-SQLite floor.

    .venv/bin/python bench/ingest.py [--sizes 3300 100000] [--repeats 3] [--format txt|json|bib]

For each N: write N synthetic abstracts in the seed text format (files of 10,000 paragraphs),
made deterministically by recombining real sentences from the development datasets and the
bundled seeds. `--format json` writes them as JSON records and `--format bib` as BibTeX entries
(the ACL Anthology's export: one file of N entries), each with a real title and real authors
drawn from the datasets, so no headline is written for them; the issue's target is for the seed
format, where every paper's title is a headline. Then, each in a fresh process (so peak memory is
per measurement):

- ingest: `load_corpus` into a new database file (parse, enrich, write, FTS index), end to end,
  with the CPU time of all its processes, and of the loading process and its enrichment workers
  apart (on a machine shared with other jobs, wall time varies with their load; CPU time much less so);
- floor: a bare `sqlite3` `executemany` of exactly the rows the ingest stored, into the same
  schema without triggers, then one FTS5 build over them (the least any loader must do);
- skip: `load_corpus` again on the unchanged corpus (the start-up case; target ≤ 100 ms);
- touched: the same after every file's modification time changed (content hashed, no reload);
- edited: one abstract appended to one file, then `load_corpus` (the stored enrichment of the
  other papers is reused; only the new one is enriched).

Reports medians over --repeats runs, the ingest/floor ratio (target ≤ 2× at 100,000) and each
measurement's peak resident memory (the process and its worker processes).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from storage._corpus_build import PAPER_COLUMNS  # noqa: E402
from storage.db import migrations, open_database  # noqa: E402
from storage.loader import load_corpus  # noqa: E402
from storage.models import LoadReport  # noqa: E402

SOURCES = [ROOT.parent / "shared" / "datasets" / "icml2018.json", ROOT.parent / "shared" / "datasets" /
           "aistats2025.json"]
PARAGRAPHS_PER_FILE = 10_000
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_COLUMNS = ", ".join((*PAPER_COLUMNS, "active", "first_load", "last_load"))


def sentence_pool() -> list[str]:
    """Real abstract sentences: the datasets' and the bundled seeds'."""
    abstracts = []
    for source in SOURCES:
        if source.is_file():
            abstracts += [p["abstract"] for p in json.loads(source.read_text(encoding="utf-8"))]
    for seed in sorted((ROOT / "data").glob("*.txt")):
        abstracts += seed.read_text(encoding="utf-8").split("\n\n")[1:]
    return [s.strip() for a in abstracts for s in _SENTENCE.split(" ".join(a.split())) if len(s.split()) >= 5]


def titles_and_authors() -> tuple[list[str], list[str]]:
    """The datasets' real titles and author names."""
    titles: list[str] = []
    authors: set[str] = set()
    for source in SOURCES:
        if source.is_file():
            for paper in json.loads(source.read_text(encoding="utf-8")):
                titles.append(" ".join(paper["title"].split()))
                authors.update(name.strip() for name in paper["author"].split(";") if name.strip())
    return titles, sorted(authors)


def write_corpus(folder: Path, n: int, form: str = "txt", seed: int = 20_25) -> None:
    """N abstracts of 5–9 recombined sentences: seed-format files of 10,000 paragraphs, JSON files of
    10,000 records, or one BibTeX file (see the module's docstring)."""
    rng = random.Random(seed)
    pool = sentence_pool()
    if form == "bib":  # a value in braces must balance them; the few sentences that do not are left out
        pool = [s for s in pool if _balanced(s)]
    titles, authors = titles_and_authors()
    if form != "txt" and not titles:
        raise SystemExit(f"--format {form} takes its titles and authors from {SOURCES[0].parent}, which is missing")
    folder.mkdir(parents=True, exist_ok=True)
    entries: list[str] = []
    for start in range(0, n, PARAGRAPHS_PER_FILE):
        count = min(PARAGRAPHS_PER_FILE, n - start)
        paragraphs = [" ".join(rng.sample(pool, rng.randint(5, 9))) for _ in range(count)]
        name = folder / f"synthetic_{start // PARAGRAPHS_PER_FILE:03d}.{form}"
        if form == "txt":
            name.write_text("Synthetic 2025 Papers\n\n" + "\n\n".join(paragraphs) + "\n", encoding="utf-8")
            continue
        papers = [_paper(start + i, abstract, rng, titles, authors) for i, abstract in enumerate(paragraphs)]
        if form == "json":
            name.write_text(json.dumps(papers, ensure_ascii=False, indent=1), encoding="utf-8")
        else:
            entries += map(_bib_entry, papers)
    if entries:
        (folder / "synthetic.bib").write_text("".join(entries), encoding="utf-8")


def _paper(number: int, abstract: str, rng: random.Random, titles: list[str], authors: list[str]) -> dict[str, str]:
    return {"title": rng.choice(titles), "author": "; ".join(rng.sample(authors, rng.randint(2, 6))),
            "abstract": abstract, "site": f"https://example.org/synthetic/{number:06d}", "venue": "Synthetic 2025"}


def _bib_entry(paper: dict[str, str]) -> str:
    number = paper["site"].rsplit("/", 1)[1]
    fields = {"title": paper["title"], "author": paper["author"].replace("; ", " and "),
              "booktitle": paper["venue"], "url": paper["site"], "abstract": paper["abstract"]}
    body = "".join(f"    {key} = {{{value}}},\n" for key, value in fields.items())
    return f"@inproceedings{{synthetic-{number},\n{body}}}\n\n"


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += (char == "{") - (char == "}")
        if depth < 0:
            return False
    return depth == 0


def cpu_seconds() -> tuple[float, float]:
    """User + system CPU time of this process, and of its (finished) worker processes."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime, workers.ru_utime + workers.ru_stime


def peak_mb() -> float:
    """Peak resident memory of this process and its (finished) worker processes, in MB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return (own + workers) / 1024


# --- measurements, each run in a fresh process -------------------------------------------------------

async def _ingest(corpus: Path, db_file: Path) -> dict[str, float]:
    conn = await open_database(db_file)
    try:
        started, (parent, workers) = time.perf_counter(), cpu_seconds()
        report = await load_corpus(conn, [corpus])
        seconds, (parent_after, workers_after) = time.perf_counter() - started, cpu_seconds()
    finally:
        await conn.close()
    return {"seconds": seconds, "cpu_s": parent_after - parent + workers_after - workers,
            "cpu_parent_s": parent_after - parent, "cpu_workers_s": workers_after - workers,
            "papers": report.active, "peak_mb": peak_mb(),
            **{f"phase_{k}": round(v, 2) for k, v in report.phases.items()}}


async def _timed_reload(corpus: Path, db_file: Path) -> tuple[float, LoadReport]:
    """Load `corpus` into the existing database; the wall time of the load alone."""
    conn = await open_database(db_file)
    try:
        started = time.perf_counter()
        report = await load_corpus(conn, [corpus])
        return time.perf_counter() - started, report
    finally:
        await conn.close()


async def _skip(corpus: Path, db_file: Path, touch: bool) -> dict[str, float]:
    if touch:
        for path in sorted(corpus.glob("synthetic*")):  # noqa: ASYNC240 - a benchmark set-up step, nothing else runs
            os.utime(path)
    seconds, report = await _timed_reload(corpus, db_file)
    assert report.skipped_unchanged, "the unchanged corpus was reloaded"
    return {"seconds": seconds, "peak_mb": peak_mb()}


async def _edited(corpus: Path, db_file: Path) -> dict[str, float]:
    last = sorted(corpus.glob("synthetic*"))[-1]  # noqa: ASYNC240 - benchmark set-up, nothing else runs
    text = last.read_text(encoding="utf-8")
    last.write_text(_with_one_more(text, last.suffix), encoding="utf-8")
    seconds, report = await _timed_reload(corpus, db_file)
    assert report.added == 1, report
    last.write_text(text, encoding="utf-8")  # leave the corpus as it was
    return {"seconds": seconds, "peak_mb": peak_mb()}


def _with_one_more(text: str, suffix: str) -> str:
    """The file's text with one new paper: its first abstract's words reversed."""
    if suffix == ".json":
        records = json.loads(text)
        added = {**records[0], "abstract": " ".join(records[0]["abstract"].split()[::-1]),
                 "site": "https://example.org/new"}
        return json.dumps([*records, added], ensure_ascii=False, indent=1)
    if suffix == ".bib":
        first = text.split("\n\n", 1)[0]
        abstract = re.search(r"abstract = \{(.*)\},\n", first)
        assert abstract
        new = first.replace(abstract.group(1), " ".join(abstract.group(1).split()[::-1])).replace(
            "@inproceedings{synthetic-", "@inproceedings{new-")
        return text + new + "\n"
    return text.rstrip("\n") + "\n\n" + " ".join(text.split("\n\n")[1].split()[::-1]) + "\n"


def _floor(source_db: Path, floor_db: Path) -> dict[str, float]:
    """Bare sqlite3: the same rows, executemany into the same schema, then one FTS5 build."""
    with sqlite3.connect(source_db) as source:
        rows = source.execute(f"SELECT {_COLUMNS} FROM papers ORDER BY num").fetchall()
    schema = next(sql for _version, name, sql in migrations() if name.startswith("0001"))
    ddl = [s for s in schema.split(";") if "CREATE TABLE papers" in s or "CREATE VIRTUAL TABLE" in s]
    db = sqlite3.connect(floor_db, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    for statement in ddl:
        db.execute(re.sub(r"(?m)^\s*--.*$", "", statement))
    started = time.perf_counter()
    db.execute("BEGIN")
    db.executemany(f"INSERT INTO papers ({_COLUMNS}) VALUES ({', '.join('?' * (len(PAPER_COLUMNS) + 3))})", rows)
    db.execute("INSERT INTO papers_fts (papers_fts) VALUES ('rebuild')")
    db.execute("COMMIT")
    seconds = time.perf_counter() - started
    db.close()
    return {"seconds": seconds, "papers": len(rows), "peak_mb": peak_mb()}


def child(argv: list[str]) -> None:
    """Run one measurement and print it as JSON (the parent reads it)."""
    phase, *paths = argv
    if phase == "ingest":
        result = asyncio.run(_ingest(Path(paths[0]), Path(paths[1])))
    elif phase == "edited":
        result = asyncio.run(_edited(Path(paths[0]), Path(paths[1])))
    elif phase in ("skip", "touched"):
        result = asyncio.run(_skip(Path(paths[0]), Path(paths[1]), touch=phase == "touched"))
    else:
        result = _floor(Path(paths[0]), Path(paths[1]))
    print(json.dumps(result))


def measure(*args: str) -> dict[str, float]:
    """Run `bench/ingest.py --child ARGS` in a fresh interpreter and return its JSON result."""
    done = subprocess.run([sys.executable, __file__, "--child", *args], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def bench_size(n: int, repeats: int, work: Path, form: str = "txt") -> dict[str, object]:
    """All measurements for one corpus size; medians over `repeats`."""
    corpus = work / f"corpus_{n}"
    write_corpus(corpus, n, form)
    runs: dict[str, list[dict[str, float]]] = {"ingest": [], "floor": [], "skip": [], "touched": [], "edited": []}
    for attempt in range(repeats):
        db_file, floor_db = work / f"ingest_{n}_{attempt}.db", work / f"floor_{n}_{attempt}.db"
        runs["ingest"].append(measure("ingest", str(corpus), str(db_file)))
        runs["floor"].append(measure("floor", str(db_file), str(floor_db)))
        runs["skip"].append(measure("skip", str(corpus), str(db_file)))
        runs["touched"].append(measure("touched", str(corpus), str(db_file)))
        runs["edited"].append(measure("edited", str(corpus), str(db_file)))
        for path in work.glob(f"*_{n}_{attempt}.db*"):
            path.unlink()
    median = {phase: statistics.median(r["seconds"] for r in results) for phase, results in runs.items()}
    peak = {phase: max(r["peak_mb"] for r in results) for phase, results in runs.items()}
    return {"n": n, "papers": int(runs["ingest"][0]["papers"]), "median_s": median, "peak_mb": peak,
            "ingest_cpu_s": statistics.median(r["cpu_s"] for r in runs["ingest"]),
            "ingest_cpu_parent_s": statistics.median(r["cpu_parent_s"] for r in runs["ingest"]),
            "ingest_cpu_workers_s": statistics.median(r["cpu_workers_s"] for r in runs["ingest"]),
            "ratio": median["ingest"] / median["floor"], "cpus": os.cpu_count(),
            "phases": {k.removeprefix("phase_"): v for k, v in runs["ingest"][0].items() if k.startswith("phase_")}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[3_300, 100_000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--format", choices=("txt", "json", "bib"), default="txt",
                        help="the synthetic corpus's file format (default: the seed text format)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    with tempfile.TemporaryDirectory(prefix="paperbot-bench-") as tmp:
        for n in args.sizes:
            result = bench_size(n, args.repeats, Path(tmp), args.format)
            m, p = result["median_s"], result["peak_mb"]
            print(f"N={n:,} as {args.format} ({result['papers']:,} distinct papers, {result['cpus']} CPUs, "
                  f"medians of {args.repeats}):")
            print(f"  ingest  {m['ingest']:8.2f} s   peak {p['ingest']:7.0f} MB   "  # type: ignore[index]
                  f"CPU {result['ingest_cpu_s']:.1f} s (all processes: this one "
                  f"{result['ingest_cpu_parent_s']:.1f} s, the enrichment workers "
                  f"{result['ingest_cpu_workers_s']:.1f} s)")
            print(f"  floor   {m['floor']:8.2f} s   peak {p['floor']:7.0f} MB")  # type: ignore[index]
            print(f"  ratio   {result['ratio']:8.2f}×  (target ≤ 2× at 100,000)")
            print(f"  ingest stages (s): {result['phases']}  (enrich: until the last row, writes overlapped)")
            print(f"  skip    {m['skip'] * 1000:8.1f} ms  (unchanged corpus; target ≤ 100 ms)")  # type: ignore[index]
            print(f"  touched {m['touched'] * 1000:8.1f} ms  (new mtimes, same content)")  # type: ignore[index]
            print(f"  edited  {m['edited']:8.2f} s   peak {p['edited']:7.0f} MB  (one abstract added)")  # type: ignore[index]
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
