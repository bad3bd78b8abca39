"""Where enrichment time goes: microseconds per abstract for each stage, pure Python and compiled.

    .venv/bin/python bench/enrich_stages.py [--n 8000] [--mypyc]

Enriches N synthetic abstracts (the same recombined real sentences as bench/ingest.py) in this
process and reports the median over three passes of each stage: display text, names, keyphrases,
headline, id, links, and the whole `enrich`. With --mypyc it also compiles unchanged copies of
storage/enrich.py and storage/_corpus_text.py with mypyc (which comes with mypy, a dev dependency;
needs a C compiler) in a temporary folder and times `enrich` there in a fresh process: the measured
case against shipping a compiled build. The products are checked to be identical.
"""

from __future__ import annotations

import argparse
import json
import pickle
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent


def stage_times(records: Sequence[object], passes: int = 3) -> dict[str, float]:
    """Median µs per abstract of each enrichment stage (imports `storage` from sys.path)."""
    from storage import _corpus_text as text_module
    from storage import enrich as enrich_module

    displays = [enrich_module.display_text(r.abstract) for r in records]  # type: ignore[attr-defined]
    plains = [text_module.strip_markdown(d) for d in displays]
    names = [text_module.names_for(p, d) for p, d in zip(plains, displays, strict=True)]
    stages: dict[str, Callable[[int], object]] = {
        "display text": lambda i: enrich_module.display_text(records[i].abstract),  # type: ignore[attr-defined]
        "names": lambda i: text_module.names_for(plains[i], displays[i]),
        "keyphrases": lambda i: text_module.keywords_for(plains[i], names[i]),
        "headline": lambda i: enrich_module.headline(displays[i], names[i]),
        "id": lambda i: enrich_module.paper_id(records[i].abstract),  # type: ignore[attr-defined]
        "links": lambda i: enrich_module.paper_links(records[i].abstract, None),  # type: ignore[attr-defined]
        "enrich (all)": lambda i: enrich_module.enrich(records[i]),  # type: ignore[arg-type]
    }
    result = {}
    for label, stage in stages.items():
        runs = []
        for _ in range(passes):
            started = time.perf_counter()
            for i in range(len(records)):
                stage(i)
            runs.append((time.perf_counter() - started) / len(records) * 1e6)
        result[label] = statistics.median(runs)
    return result


def load_records(n: int, work: Path) -> Sequence[object]:
    """N synthetic records, written and parsed as bench/ingest.py does."""
    sys.path.insert(0, str(BENCH))
    from ingest import write_corpus

    from storage.parsing import parse_file

    write_corpus(work / "corpus", n)
    return [r for path in sorted((work / "corpus").iterdir()) for r in parse_file(path).records][:n]


def child(argv: list[str]) -> None:
    """In a fresh process, with the compiled copy first on sys.path: time `enrich` and save its products."""
    compiled, records_file, out = argv
    sys.path.insert(0, compiled)
    from storage import enrich as enrich_module

    assert str(enrich_module.__file__).endswith(".so"), enrich_module.__file__  # the compiled copy, not ours
    records = pickle.loads(Path(records_file).read_bytes())
    times = stage_times(records)
    Path(out).write_bytes(pickle.dumps((times, [enrich_module.enrich(r) for r in records])))


def compiled_times(records: Sequence[object], work: Path) -> tuple[dict[str, float], bool]:
    """Compile copies of the two modules with mypyc, time them in a fresh process, compare products."""
    copy = work / "compiled"
    shutil.copytree(ROOT / "storage", copy / "storage")
    config = copy / "mypy.ini"
    config.write_text("[mypy]\nignore_missing_imports = True\n", encoding="utf-8")
    subprocess.run([str(Path(sys.executable).parent / "mypyc"), "--config-file", str(config),
                    "storage/enrich.py", "storage/_corpus_text.py"], cwd=copy, check=True, capture_output=True)
    records_file, out = work / "records.pickle", work / "compiled.pickle"
    records_file.write_bytes(pickle.dumps(records))
    subprocess.run([sys.executable, __file__, "--child", str(copy), str(records_file), str(out)], check=True)
    times, products = pickle.loads(out.read_bytes())
    from storage.enrich import enrich

    return times, products == [enrich(r) for r in records]  # type: ignore[arg-type]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=8000, help="synthetic abstracts (default 8000)")
    parser.add_argument("--mypyc", action="store_true", help="also time a mypyc-compiled copy")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        records = load_records(args.n, work)
        stage_times(records[: min(1000, len(records))], passes=1)  # warm the per-process caches
        plain = stage_times(records)
        compiled, same = compiled_times(records, work) if args.mypyc else ({}, True)
    print(f"enrichment stages, µs per abstract (median of 3 passes over {len(records):,} synthetic abstracts):")
    for label, micros in plain.items():
        extra = f"   mypyc {compiled[label]:7.1f}  ({micros / compiled[label]:.2f}×)" if compiled else ""
        print(f"  {label:<14} {micros:7.1f}{extra}")
    if compiled:
        print(f"  compiled products identical: {same}")
    print(json.dumps({"n": len(records), "python_us": plain, "mypyc_us": compiled, "identical": same}))


if __name__ == "__main__":
    main()
