"""Speed benchmark: search and autocomplete latency and memory at 3,300 and 100,000 papers.

    .venv/bin/python bench/search_speed.py [--sizes 3300 100000] [--queries 1000] [--workdir DIR]

The corpus is synthetic but made of real text: each paper recombines 4-8 sentences drawn from
the abstracts of the development datasets and the bundled seeds (deterministic RNG), written in
the seed format and ingested with the real loader (`load_corpus`), so titles, method names and
keywords are the product's own. Each size is ingested in a child process, then measured in a
fresh child process, so its peak RSS is the search engine's own (open, build, query). Every paper
gets an abstract vector in `paper_vectors`, as the bot's background embedding leaves it: random
unit vectors by default (a search's time and memory do not depend on their values; embedding
100,000 abstracts takes ~15 minutes of one core), or the encoder's own with --real-vectors.

Queries (seeded): 1-8 consecutive words remembered from a paper, the first words of a real title,
a method name; a fifth of them with a typo (two letters swapped). Autocomplete gets the same
queries cut inside their last word, as typed. Each query is timed end to end through the async
API the bot calls (`await engine.search(q, limit=10)`, `await engine.autocomplete(q)`), including
the worker-thread hand-off and the SQLite fetch of the page's papers.

Floors, measured in the same run on the same database and queries:
- search: a plain FTS5 query with the words OR-ed, ranked by bm25(), LIMIT 10;
- autocomplete: a rapidfuzz WRatio scan of every title (on a subset of inputs: it is slow).
A heartbeat task records the longest event-loop stall while the index is built and while
queries run (the bot's loop must never be held for long). The same measurement is repeated in
another fresh process with the engine ranking by words only (no re-ranking by meaning, see
storage/_search_encoder.py), to show what meaning costs (skip it with --no-comparison); the
database file is read through first, so both start from a warm page cache.

Targets at 100,000 papers (issue 3): search p50 <= 10 ms and p99 <= 50 ms, autocomplete
p99 <= 15 ms, peak RSS <= 300 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import aiosqlite  # noqa: E402
import numpy as np  # noqa: E402
from _stats import p50_p99  # noqa: E402
from rapidfuzz import fuzz, process  # noqa: E402

from storage._search_encoder import DIMENSIONS, MODEL_NAME, load_encoder  # noqa: E402
from storage.db import open_database, transaction  # noqa: E402
from storage.loader import load_corpus  # noqa: E402
from storage.search import SearchEngine  # noqa: E402
from storage.vectors import embed_missing, to_blob  # noqa: E402

DATASETS = ROOT.parent / "shared" / "datasets"
SEEDS = ROOT / "data"
TARGETS = {"search_p50_ms": 10.0, "search_p99_ms": 50.0, "autocomplete_p99_ms": 15.0, "peak_rss_mb": 300.0}
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]+")


# --- the corpus ---------------------------------------------------------------------------------

def source_texts() -> tuple[list[str], list[str]]:
    """Sentences of every real abstract we have, and the real titles."""
    sentences: list[str] = []
    titles: list[str] = []
    for path in sorted(DATASETS.glob("*.json")):
        for record in json.loads(path.read_text(encoding="utf-8")):
            sentences += _SENTENCE.split(" ".join(record.get("abstract", "").split()))
            titles.append(" ".join(record.get("title", "").split()))
    for path in sorted(SEEDS.glob("*.txt")):
        for paragraph in path.read_text(encoding="utf-8").split("\n\n")[1:]:
            sentences += _SENTENCE.split(" ".join(paragraph.split()))
    return [s for s in sentences if len(s) > 30], [t for t in titles if t]


def write_corpus(n: int, path: Path, seed: int) -> None:
    """Write `n` synthetic abstracts (recombined real sentences) in the seed text format."""
    sentences, _ = source_texts()
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        out.write("Synthetic 2099 Papers\n")
        for _ in range(n):
            out.write("\n" + " ".join(rng.sample(sentences, rng.randint(4, 8))) + "\n")


def ingest(n: int, db: Path, seed: int, *, real_vectors: bool = False) -> dict[str, float]:
    """Child process: write and ingest the corpus of size `n` into `db`, then give every paper a vector."""
    corpus = db.with_suffix(".txt")
    write_corpus(n, corpus, seed)

    async def load() -> dict[str, float]:
        conn = await open_database(db)
        try:
            started = time.perf_counter()
            report = await load_corpus(conn, [corpus])
            ingest_s = time.perf_counter() - started
            started = time.perf_counter()
            encoder = load_encoder() if real_vectors else None
            if encoder is not None:
                await embed_missing(conn, encoder)
            else:
                await random_vectors(conn, seed)
            return {"papers": report.active, "ingest_s": ingest_s, "vectors_s": time.perf_counter() - started,
                    "real_vectors": encoder is not None}
        finally:
            await conn.close()

    return asyncio.run(load())


async def random_vectors(conn: aiosqlite.Connection, seed: int) -> None:
    """A random unit vector for every active paper, stored as the encoder's would be."""
    ids = [row[0] for row in await conn.execute_fetchall("SELECT id FROM papers WHERE active = 1")]
    rng = np.random.default_rng(seed)
    async with transaction(conn):
        for start in range(0, len(ids), 10_000):
            chunk = ids[start:start + 10_000]
            vectors = rng.normal(size=(len(chunk), DIMENSIONS)).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            rows = [(pid, MODEL_NAME, to_blob(vector)) for pid, vector in zip(chunk, vectors, strict=True)]
            await conn.executemany("INSERT INTO paper_vectors (paper_id, model, vector) VALUES (?, ?, ?)", rows)


# --- the queries --------------------------------------------------------------------------------

def swap_typo(text: str, rng: random.Random) -> str:
    """Swap two different adjacent letters inside one word of at least four letters."""
    spots = [i for i in range(len(text) - 1) if text[i].isalpha() and text[i + 1].isalpha()
             and text[i] != text[i + 1] and i > 0 and text[i - 1].isalpha()]
    if not spots:
        return text
    i = rng.choice(spots)
    return text[:i] + text[i + 1] + text[i] + text[i + 2:]


def make_queries(papers: Sequence[tuple[str, str, str]], titles: Sequence[str], count: int,
                 seed: int) -> list[str]:
    """Realistic queries of 1-8 words: remembered phrases, title starts, method names; some typos."""
    rng = random.Random(seed)
    queries: list[str] = []
    while len(queries) < count:
        kind = rng.random()
        title, names, abstract = rng.choice(papers)
        if kind < 0.55:
            words = _WORD.findall(abstract)
            length = rng.randint(1, 8)
            start = rng.randrange(max(1, len(words) - length))
            query = " ".join(words[start:start + length])
        elif kind < 0.85:
            query = " ".join(rng.choice(titles).split()[: rng.randint(2, 8)])
        else:
            found = json.loads(names)
            query = rng.choice(found) if found else " ".join(title.split()[:3])
        if query and rng.random() < 0.2:
            query = swap_typo(query, rng)
        if query.strip():
            queries.append(query)
    return queries


def half_typed(query: str, rng: random.Random) -> str:
    """The query as typed so far: cut inside its last word (at least one letter of it kept)."""
    head, _, last = query.rpartition(" ")
    if len(last) <= 2:
        return query
    cut = last[: rng.randint(max(1, len(last) // 3), len(last) - 1)]
    return f"{head} {cut}" if head else cut


# --- measuring ----------------------------------------------------------------------------------

class Heartbeat:
    """Wakes every millisecond and remembers the longest gap: the worst event-loop stall."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _beat(self) -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            self.worst = max(self.worst, now - last - 0.001)
            last = now

    def __enter__(self) -> Heartbeat:
        self._task = asyncio.get_running_loop().create_task(self._beat())
        return self

    def __exit__(self, *_: object) -> None:
        if self._task:
            self._task.cancel()


async def timed(call: Callable[[str], Awaitable[object]], inputs: Sequence[str]) -> list[float]:
    """Milliseconds each call took, one after the other."""
    times = []
    for text in inputs:
        started = time.perf_counter()
        await call(text)
        times.append((time.perf_counter() - started) * 1000)
    return times


def rss_mb() -> float:
    """The process's resident memory now, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def measure(db: Path, count: int, seed: int, *, meaning: bool = True) -> dict[str, object]:
    """Child process: open the engine on `db`, time search and autocomplete, and their floors."""
    conn = await open_database(db)
    try:
        with Heartbeat() as build_beat:
            started = time.perf_counter()
            engine = await SearchEngine.open(conn, meaning=meaning)
            build_s = time.perf_counter() - started
        rss_after_build = rss_mb()
        step = max(1, engine.size // 5000)
        async with conn.execute("SELECT title, names, abstract FROM papers WHERE active = 1 AND num % ? = 0",
                                (step,)) as cursor:
            papers = [tuple(row) for row in await cursor.fetchall()]
        rng = random.Random(seed)
        _, real_titles = source_texts()
        queries = make_queries(papers, real_titles, count, seed)
        partials = [half_typed(q, rng) for q in queries]
        del papers
        await timed(lambda q: engine.search(q, limit=10), queries[:50])  # warm-up
        with Heartbeat() as query_beat:
            search_ms = await timed(lambda q: engine.search(q, limit=10), queries)
            complete_ms = await timed(lambda q: engine.autocomplete(q, limit=25), partials)
        peak_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # before the floors' own data
        fts_ms = await timed(lambda q: fts_or(conn, q), queries)
        async with conn.execute("SELECT title FROM papers WHERE active = 1") as cursor:
            titles = [row[0] for row in await cursor.fetchall()]
        scan_inputs = partials[: max(10, count // 50)]
        scan_ms = [_scan(titles, text) for text in scan_inputs]
    finally:
        await conn.close()
    return {
        "papers": engine.size, "build_s": build_s, "rss_after_build_mb": rss_after_build,
        "peak_rss_mb": peak_rss,
        "search": p50_p99(search_ms), "autocomplete": p50_p99(complete_ms),
        "fts5_or_floor": p50_p99(fts_ms), "wratio_scan_floor": p50_p99(scan_ms),
        "loop_stall_build_ms": build_beat.worst * 1000, "loop_stall_queries_ms": query_beat.worst * 1000,
        "queries": len(queries), "scan_inputs": len(scan_inputs),
        "examples": {"search": queries[:5], "autocomplete": partials[:5]},
    }


async def fts_or(conn: object, query: str) -> list[str]:
    """The floor: the query's words OR-ed in a plain FTS5 MATCH, bm25-ranked, LIMIT 10."""
    words = re.findall(r"\w+", query)
    if not words:
        return []
    match = " OR ".join('"' + w + '"' for w in words)
    async with conn.execute(  # type: ignore[attr-defined]
        "SELECT p.id FROM papers_fts JOIN papers p ON p.num = papers_fts.rowid "
        "WHERE papers_fts MATCH ? AND p.active = 1 ORDER BY bm25(papers_fts) LIMIT 10", (match,)
    ) as cursor:
        return [row[0] for row in await cursor.fetchall()]


def _scan(titles: Sequence[str], text: str) -> float:
    started = time.perf_counter()
    process.extract(text, titles, scorer=fuzz.WRatio, limit=25)
    return (time.perf_counter() - started) * 1000


# --- the report ---------------------------------------------------------------------------------

def read_through(path: Path) -> None:
    """Read a file once, so the OS caches it."""
    with path.open("rb") as file:
        while file.read(1 << 23):
            pass


def child(args: Sequence[str]) -> dict[str, object]:
    """Run this script in a fresh process with `args`; return the JSON it prints last."""
    done = subprocess.run([sys.executable, __file__, *args], check=True, capture_output=True, text=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def report(size: int, ingested: dict[str, object], found: dict[str, object],
           words_only: dict[str, object] | None = None) -> bool:
    """Print one size's numbers beside its floors and the targets; return whether targets are met."""
    search, complete = found["search"], found["autocomplete"]
    fts, scan = found["fts5_or_floor"], found["wratio_scan_floor"]
    assert isinstance(search, dict)
    assert isinstance(complete, dict)
    assert isinstance(fts, dict)
    assert isinstance(scan, dict)
    vectors = "the encoder's" if ingested.get("real_vectors") else "random"
    print(f"\n{size:,} papers ({found['papers']:,} indexed; ingest {ingested['ingest_s']:.1f} s, {vectors} "
          f"abstract vectors {ingested.get('vectors_s', float('nan')):.1f} s, index build {found['build_s']:.1f} s)")
    print(f"  search        p50 {search['p50']:7.2f} ms  p99 {search['p99']:7.2f} ms   "
          f"FTS5 OR floor p50 {fts['p50']:7.2f} ms  p99 {fts['p99']:7.2f} ms   "
          f"ratio p50 {search['p50'] / fts['p50']:.2f}x")
    print(f"  autocomplete  p50 {complete['p50']:7.2f} ms  p99 {complete['p99']:7.2f} ms   "
          f"WRatio scan floor p50 {scan['p50']:7.2f} ms ({found['scan_inputs']} inputs)   "
          f"ratio p50 {complete['p50'] / scan['p50']:.3f}x")
    print(f"  memory        peak RSS {found['peak_rss_mb']:.0f} MB, after build {found['rss_after_build_mb']:.0f} MB")
    print(f"  event loop    longest stall {found['loop_stall_build_ms']:.1f} ms while building, "
          f"{found['loop_stall_queries_ms']:.1f} ms while querying")
    if words_only is not None:
        print_words_only(words_only)
    checks = {"search_p50_ms": search["p50"], "search_p99_ms": search["p99"],
              "autocomplete_p99_ms": complete["p99"], "peak_rss_mb": found["peak_rss_mb"]}
    missed = [f"{name} {value:.1f} > {TARGETS[name]}" for name, value in checks.items()
              if isinstance(value, float) and value > TARGETS[name]]
    if size >= 100_000:
        print("  targets: " + ("met" if not missed else "MISSED " + "; ".join(missed)))
    return size < 100_000 or not missed


def print_words_only(found: dict[str, object]) -> None:
    """The same measurement with the engine ranking by words only (no embedding model): what meaning costs."""
    search, complete = found["search"], found["autocomplete"]
    assert isinstance(search, dict)
    assert isinstance(complete, dict)
    print(f"  words only    search p50 {search['p50']:.2f} / p99 {search['p99']:.2f} ms, autocomplete p50 "
          f"{complete['p50']:.2f} / p99 {complete['p99']:.2f} ms, peak RSS {found['peak_rss_mb']:.0f} MB, "
          f"index build {found['build_s']:.1f} s, longest loop stall {found['loop_stall_build_ms']:.1f} ms while "
          f"building (engine without the embedding re-rank, same run)")


def main(argv: Sequence[str] | None = None) -> int:
    """Ingest and measure each size in child processes; exit 1 when a 100,000-paper target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[3300, 100_000])
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workdir", type=Path, help="keep the databases here (reused when present)")
    parser.add_argument("--ingest", nargs=2, metavar=("N", "DB"), help=argparse.SUPPRESS)
    parser.add_argument("--measure", metavar="DB", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--words-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--real-vectors", action="store_true",
                        help="embed the abstracts with the encoder (~15 min at 100,000) instead of random vectors")
    parser.add_argument("--no-comparison", action="store_true",
                        help="skip the second measurement with the engine ranking by words only")
    args = parser.parse_args(argv)
    if args.ingest:
        print(json.dumps(ingest(int(args.ingest[0]), Path(args.ingest[1]), args.seed, real_vectors=args.real_vectors)))
        return 0
    if args.measure:
        print(json.dumps(asyncio.run(measure(args.measure, args.queries, args.seed, meaning=not args.words_only))))
        return 0
    ok = True
    with tempfile.TemporaryDirectory(prefix="search_speed_") as tmp:
        workdir = args.workdir or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        for size in args.sizes:
            db = workdir / f"speed_{size}.db"
            ingesting = ["--ingest", str(size), str(db), "--seed", str(args.seed)]
            ingested: dict[str, object]  # the child's numbers, or none for a database measured before
            ingested = child([*ingesting, *(["--real-vectors"] if args.real_vectors else [])]) if not db.exists() \
                else {"ingest_s": float("nan"), "vectors_s": float("nan"), "real_vectors": False}
            measuring = ["--measure", str(db), "--queries", str(args.queries), "--seed", str(args.seed)]
            read_through(db)  # both engines start from a warm page cache, whichever is measured first
            found = child(measuring)
            words_only = None if args.no_comparison else child([*measuring, "--words-only"])
            ok &= report(size, ingested, found, words_only)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
