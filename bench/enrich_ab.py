"""Enrichment of this tree against a git revision's, in one process, passes alternating.

    .venv/bin/python bench/enrich_ab.py REV [--n 4000] [--passes 9]

A change worth a few percent of enrichment is lost in the noise between separate processes on a
shared machine (bench/enrich_stages.py run at two commits differs by more than that for identical
code). Here both versions run in this process: REV's storage/ is copied into a temporary package
(its imports renamed), both enrich the same N synthetic abstracts (bench/ingest.py's recombined
sentences) in alternating passes, and the script reports each one's median µs per abstract, their
ratio, and how many papers the two enrich differently (0 for a change meant to be output-neutral):
the N synthetic abstracts and, for that count only, every abstract of the bundled seeds and the dev
datasets, each also without its title (so its headline is made). Times are CPU seconds of this process
(`time.process_time`): other jobs on a shared machine then cost a pass less of what it measures.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
BASE_PACKAGE = "storage_at_rev"


def copy_storage_at(rev: str, into: Path) -> None:
    """REV's storage/ as the package BASE_PACKAGE under `into`, its own imports pointing at itself."""
    listing = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", rev, "storage"],
                             capture_output=True, text=True, check=True).stdout.split()
    for name in listing:
        target = into / BASE_PACKAGE / Path(name).relative_to("storage")
        target.parent.mkdir(parents=True, exist_ok=True)
        content = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{name}"], capture_output=True,
                                 check=True).stdout
        if name.endswith(".py"):
            content = re.sub(rb"\b(from|import) storage\b", rb"\1 " + BASE_PACKAGE.encode(), content)
        target.write_bytes(content)


def alternate(passes_of: dict[str, Callable[[], int]], passes: int) -> dict[str, list[float]]:
    """µs per abstract of each version, pass by pass, the order swapped every pass (each callable
    enriches every abstract once and returns how many)."""
    times: dict[str, list[float]] = {label: [] for label in passes_of}
    order = list(passes_of)
    for number in range(passes):
        for label in order if number % 2 == 0 else reversed(order):
            started = time.process_time()
            count = passes_of[label]()
            times[label].append((time.process_time() - started) / count * 1e6)
    return times


def every(enrich: Callable[[Any], object], records: Sequence[Any],
          first: Callable[[], object] = lambda: None) -> Callable[[], int]:
    """One pass: `first()` (clearing a cache), then `enrich` over every record."""

    def run() -> int:
        first()
        for record in records:
            enrich(record)
        return len(records)

    return run


def real_records() -> list[Any]:
    """The bundled seeds' and the dev datasets' records, and each titled one again without its title."""
    from storage.parsing import parse_file

    paths = sorted((ROOT / "data").glob("*.txt")) + sorted((ROOT.parent / "shared" / "datasets").glob("*.json"))
    records = [record for path in paths for record in parse_file(path).records]
    return records + [replace(record, title=None) for record in records if record.title]


def _values(paper: Any) -> tuple[object, ...]:
    """A Paper's fields, comparable across the two packages' Paper classes."""
    return tuple(getattr(paper, f.name) for f in fields(paper))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the git revision to compare with (e.g. HEAD~3, a commit hash)")
    parser.add_argument("--n", type=int, default=4000, help="synthetic abstracts (default 4,000)")
    parser.add_argument("--passes", type=int, default=9, help="passes of each version (default 9)")
    parser.add_argument("--real", action="store_true",
                        help="time the seeds' and dev datasets' abstracts instead, the LaTeX pieces' cache cleared "
                             "before each pass (a real corpus's formulas repeat little)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(BENCH))
    from enrich_stages import load_records

    from storage.enrich import enrich
    from storage.models import RawRecord
    with tempfile.TemporaryDirectory() as work:
        copy_storage_at(args.rev, Path(work))
        sys.path.insert(0, work)
        base_enrich = importlib.import_module(f"{BASE_PACKAGE}.enrich").enrich
        records = cast(list[RawRecord], load_records(args.n, Path(work)))
        base_record = importlib.import_module(f"{BASE_PACKAGE}.models").RawRecord
        base_records = [base_record(**{f.name: getattr(r, f.name) for f in fields(r)}) for r in records]
        differ = sum(_values(base_enrich(b)) != _values(enrich(r)) for b, r in zip(base_records, records, strict=True))
        real = real_records()
        real_differ = sum(_values(base_enrich(base_record(**{f.name: getattr(r, f.name) for f in fields(r)})))
                          != _values(enrich(r)) for r in real)
        gc.disable()  # as in the loader's workers
        for record, base in zip(records[:300], base_records[:300], strict=True):  # warm both caches
            enrich(record)
            base_enrich(base)
        if args.real:
            from storage.enrich import latex_segment

            base_clear = importlib.import_module(f"{BASE_PACKAGE}.enrich").latex_segment.cache_clear
            base_real = [base_record(**{f.name: getattr(r, f.name) for f in fields(r)}) for r in real]
            timed = {args.rev: every(base_enrich, base_real, base_clear),
                     "this tree": every(enrich, real, latex_segment.cache_clear)}
            what = f"{len(real):,} seed and dev-set abstracts, the LaTeX cache cleared each pass"
        else:
            timed = {args.rev: every(base_enrich, base_records), "this tree": every(enrich, records)}
            what = f"{len(records):,} synthetic abstracts"
        times = alternate(timed, args.passes)
    base, ours = statistics.median(times[args.rev]), statistics.median(times["this tree"])
    print(f"enrich, µs per abstract (median of {args.passes} alternating passes over {what}): "
          f"{args.rev} {base:.1f}, this tree {ours:.1f}, ratio {ours / base:.3f}")
    print(f"papers enriched differently: {differ:,} of {len(records):,} synthetic, {real_differ:,} of "
          f"{len(real):,} from the seeds and dev datasets (titled ones also without their titles)")


if __name__ == "__main__":
    main()
