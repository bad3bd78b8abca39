"""A gzipped corpus is enriched on every core when its text is large, whatever its compressed size.

The choice between enriching in this process and a pool of worker processes is by the corpus text's size
(`POOL_THRESHOLD_BYTES`); a `.jsonl.gz` was measured by its compressed size, so 30 MB of abstracts packed
into 3 MB were enriched on one core, several times slower on a large corpus.
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from storage._corpus_build import POOL_THRESHOLD_BYTES, _executor


def write_gzipped_corpus(path: Path, unpacked_bytes: int) -> Path:
    abstract = "We study regret bounds for contextual bandits with side information and prove them tight. " * 3
    lines, size, n = [], 0, 0
    while size < unpacked_bytes:
        line = json.dumps({"title": f"Bandits {n}", "abstract": f"{abstract} Case {n}."}) + "\n"
        lines.append(line)
        size += len(line.encode())
        n += 1
    path.write_bytes(gzip.compress("".join(lines).encode()))
    return path


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: no pool, whatever the size")
def test_a_gzipped_corpus_with_more_text_than_the_threshold_gets_the_worker_pool(tmp_path: Path) -> None:
    packed = write_gzipped_corpus(tmp_path / "papers.jsonl.gz", POOL_THRESHOLD_BYTES + 100_000)
    assert packed.stat().st_size < POOL_THRESHOLD_BYTES  # what the old check read

    with _executor([packed], {}) as pool:
        assert pool is not None  # before: None, enriched in this process


def test_a_small_gzipped_corpus_is_enriched_in_this_process(tmp_path: Path) -> None:
    packed = write_gzipped_corpus(tmp_path / "papers.jsonl.gz", 50_000)

    with _executor([packed], {}) as pool:
        assert pool is None
