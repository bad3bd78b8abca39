"""Meaning for search: a small sentence encoder (all-MiniLM-L6-v2), run with numpy.

A title often says in other words what its abstract says ("Deep One-Class Classification" for an
anomaly-detection abstract); BM25 sees no shared word there, and averaged word vectors read too
little of the sentence to tell two papers on one topic apart. A transformer encoder does: fused
with the word scores it finds 3% more of the dev sets' titles (bench/search_quality.py).

The model (6 layers, 384 dimensions, 22 M weights) ships in storage/models/ as int8 rows with a
scale each (scripts/quantize_encoder.py); it is widened to float32 once, at load (~55 MB). Running
it is ~6 GFLOP per 128-token abstract, 40-45 abstracts/s on two cores: too slow for a start-up
index build at 100,000 papers, so abstracts are embedded once, in the background, and their
vectors kept in SQLite (storage/vectors.py); a query (a dozen tokens) takes about a millisecond.

Without the model files, `load_encoder()` logs one line and returns None: search then ranks by
words alone.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

if TYPE_CHECKING:
    from tokenizers import Encoding, Tokenizer

log = logging.getLogger(__name__)

MODEL_FOLDER = Path(__file__).resolve().parent / "models" / "all-MiniLM-L6-v2"
WEIGHTS_FILE = "encoder.npz"
TOKENIZER_FILE = "tokenizer.json"
# Stored beside every vector: vectors from another model or setting are not comparable, so a
# change here has every abstract embedded again.
MODEL_NAME = "all-MiniLM-L6-v2/int8/128"
LAYERS, HEADS, DIMENSIONS = 6, 12, 384
# Tokens read per abstract: the first 128 ranked the dev sets' titles as well as the model's
# full 256 (0.955 vs 0.955 R@1 on icml2018) at less than half the time.
MAX_TOKENS = 128
BATCH = 16  # abstracts per forward pass, of similar lengths (sorted), so little padding is computed
# Weight matrices stored as int8 rows + scales (the rest is float32); see scripts/quantize_encoder.py.
QUANTIZED = ("query.weight", "key.weight", "value.weight", "dense.weight", "word_embeddings.weight")
_MARKUP = re.compile(r"[*_`\\]+")  # Discord markdown in display text: not words, only tokens spent


class _Layer(NamedTuple):
    qkv: np.ndarray  # (384, 3 x 384): query, key and value projections side by side
    qkv_bias: np.ndarray
    out: np.ndarray
    out_bias: np.ndarray
    norm1: tuple[np.ndarray, np.ndarray]
    up: np.ndarray
    up_bias: np.ndarray
    down: np.ndarray
    down_bias: np.ndarray
    norm2: tuple[np.ndarray, np.ndarray]


class SentenceEncoder:
    """Texts to unit vectors (384 float32): BERT forward pass, mean of the token states."""

    def __init__(self, tokenizer: Tokenizer, arrays: Mapping[str, np.ndarray]) -> None:
        tokenizer.no_padding()
        tokenizer.enable_truncation(MAX_TOKENS)
        self._tokenizer = tokenizer
        self._words = arrays["word_embeddings.weight.q"]  # int8 rows, widened only when looked up
        self._word_scales = arrays["word_embeddings.weight.scale"]
        self._positions = arrays["position_embeddings.weight"]
        self._segment = arrays["token_type_embeddings.weight"][0]
        self._norm = (arrays["LayerNorm.weight"], arrays["LayerNorm.bias"])
        self._layers = [_layer(arrays, f"layer.{i}.") for i in range(LAYERS)]

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One unit vector per text (rows of a float32 array); an empty text gives the model's
        vector for no words, which is close to nothing in particular."""
        encodings = self._tokenizer.encode_batch([_MARKUP.sub(" ", text) for text in texts])
        vectors = np.zeros((len(texts), DIMENSIONS), np.float32)
        by_length = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(by_length), BATCH):
            chosen = by_length[start:start + BATCH]
            vectors[chosen] = self._forward([encodings[i] for i in chosen])
        return vectors

    def _forward(self, encodings: Sequence[Encoding]) -> np.ndarray:
        width = max(len(encoding.ids) for encoding in encodings)
        ids = np.zeros((len(encodings), width), np.intp)
        mask = np.zeros((len(encodings), width), np.float32)
        for row, encoding in enumerate(encodings):
            ids[row, :len(encoding.ids)] = encoding.ids
            mask[row, :len(encoding.ids)] = 1.0
        words = self._words[ids].astype(np.float32) * self._word_scales[ids][..., None]
        states = _layer_norm(words + self._positions[:width] + self._segment, self._norm)
        padding = (1.0 - mask)[:, None, None, :] * np.float32(-1e9)  # attention never reads a pad
        for layer in self._layers:
            states = _encoder_layer(states, padding, layer)
        pooled = (states * mask[..., None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), np.float32(1e-12))


def _encoder_layer(states: np.ndarray, padding: np.ndarray, layer: _Layer) -> np.ndarray:
    """One transformer block: self-attention then the feed-forward part, each with its residual."""
    batch, width, _ = states.shape
    head = DIMENSIONS // HEADS
    query, key, value = np.split(states @ layer.qkv + layer.qkv_bias, 3, axis=-1)
    query = query.reshape(batch, width, HEADS, head).transpose(0, 2, 1, 3)
    key = key.reshape(batch, width, HEADS, head).transpose(0, 2, 3, 1)
    value = value.reshape(batch, width, HEADS, head).transpose(0, 2, 1, 3)
    attention = query @ key * np.float32(head ** -0.5) + padding
    attention = np.exp(attention - attention.max(axis=-1, keepdims=True))
    attention /= attention.sum(axis=-1, keepdims=True)
    context = (attention @ value).transpose(0, 2, 1, 3).reshape(batch, width, DIMENSIONS)
    states = _layer_norm(context @ layer.out + layer.out_bias + states, layer.norm1)
    hidden = _gelu(states @ layer.up + layer.up_bias)
    return _layer_norm(hidden @ layer.down + layer.down_bias + states, layer.norm2)


def _layer_norm(x: np.ndarray, norm: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    centred = x - x.mean(axis=-1, keepdims=True)
    variance = (centred * centred).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(variance + np.float32(1e-12)) * norm[0] + norm[1]


def _gelu(x: np.ndarray) -> np.ndarray:
    """GELU, tanh form (numpy has no erf); differs from the exact one by < 1e-3, far below int8's error.
    (x * x * x, not x ** 3: numpy's float32 power is ~50 times slower.)"""
    inner = np.float32(0.7978845608) * (x + np.float32(0.044715) * (x * x * x))
    return np.float32(0.5) * x * (np.float32(1.0) + np.tanh(inner))


def _dequantized(arrays: Mapping[str, np.ndarray], name: str) -> np.ndarray:
    """A stored (out, in) weight as the float32 (in, out) matrix that `x @ matrix` wants."""
    matrix = arrays[name + ".q"].astype(np.float32) * arrays[name + ".scale"][:, None]
    return np.ascontiguousarray(matrix.T)


def _layer(arrays: Mapping[str, np.ndarray], prefix: str) -> _Layer:
    attention = prefix + "attention."
    projections = [f"{attention}self.{part}" for part in ("query", "key", "value")]
    return _Layer(
        qkv=np.concatenate([_dequantized(arrays, name + ".weight") for name in projections], axis=1),
        qkv_bias=np.concatenate([arrays[name + ".bias"] for name in projections]),
        out=_dequantized(arrays, attention + "output.dense.weight"),
        out_bias=arrays[attention + "output.dense.bias"],
        norm1=(arrays[attention + "output.LayerNorm.weight"], arrays[attention + "output.LayerNorm.bias"]),
        up=_dequantized(arrays, prefix + "intermediate.dense.weight"),
        up_bias=arrays[prefix + "intermediate.dense.bias"],
        down=_dequantized(arrays, prefix + "output.dense.weight"),
        down_bias=arrays[prefix + "output.dense.bias"],
        norm2=(arrays[prefix + "output.LayerNorm.weight"], arrays[prefix + "output.LayerNorm.bias"]),
    )


@functools.cache
def load_encoder(folder: Path = MODEL_FOLDER) -> SentenceEncoder | None:
    """The encoder (loaded once per process, ~0.3 s), or None with one log line when it is unusable."""
    try:
        from threadpoolctl import threadpool_limits
        from tokenizers import Tokenizer

        # One BLAS thread for the whole process: the encoder's matrices are small, and a second
        # thread spinning for them competes with the bot's own work (with another job running:
        # 28 vs 15 abstracts/s, query p99 11 vs 181 ms).
        threadpool_limits(1, user_api="blas")
        with np.load(folder / WEIGHTS_FILE) as stored:
            arrays = {name: stored[name] for name in stored.files}
        return SentenceEncoder(Tokenizer.from_file(str(folder / TOKENIZER_FILE)), arrays)
    except Exception as error:  # any failure means "no meaning", never "no search"
        log.warning("search: re-ranking by meaning off, ranking by words only (encoder not loaded: %s)", error)
        return None
