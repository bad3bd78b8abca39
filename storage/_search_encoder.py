"""Meaning for search: a small sentence encoder (all-MiniLM-L6-v2), run by onnxruntime.

A title often says in other words what its abstract says ("Deep One-Class Classification" for an
anomaly-detection abstract); BM25 sees no shared word there, and averaged word vectors read too
little of the sentence to tell two papers on one topic apart. A transformer encoder does: fused
with the word scores it puts 1-2% more of the dev sets' titles first (bench/search_quality.py,
R@1 by words only and with meaning: icml2018 0.935 -> 0.954, aistats2025 0.962 -> 0.970).

The model (6 layers, 384 dimensions, 22 M weights) ships in storage/models/ as an ONNX graph with
int8 weights (scripts/build_encoder.py), 23 MB. On one core it embeds ~100 abstracts a second
(128 tokens each): half a minute for a conference, 17 minutes for 100,000 papers, too slow for
a start-up index build, so abstracts are embedded once, in the background, and their vectors
kept in SQLite (storage/vectors.py); a query (a dozen tokens) takes about a millisecond.

Without the model files or onnxruntime, `load_encoder()` logs one line and returns None: search
then ranks by words alone.
"""

from __future__ import annotations

import functools
import json
import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from onnxruntime import InferenceSession
    from tokenizers import Tokenizer

log = logging.getLogger(__name__)

MODEL_FOLDER = Path(__file__).resolve().parent / "models" / "all-MiniLM-L6-v2"
MODEL_FILE = "encoder.onnx"
TOKENIZER_FILE = "tokenizer.json"
# Stored beside every vector: vectors from another model or setting are not comparable, so a
# change here has every abstract embedded again.
MODEL_NAME = "all-MiniLM-L6-v2/onnx-int8/128"
LAYERS, HEADS, DIMENSIONS = 6, 12, 384
# Tokens read per abstract: the first 128 ranked the dev sets' titles as well as the model's
# full 256 (0.955 vs 0.955 R@1 on icml2018) at less than half the time.
MAX_TOKENS = 128
BATCH = 16  # abstracts per run, of similar lengths (sorted), so little padding is computed
_MARKUP = re.compile(r"[*_`\\]+")  # Discord markdown in display text: not words, only tokens spent


class SentenceEncoder:
    """Texts to unit vectors (384 float32): the BERT forward pass and mean of the token states."""

    def __init__(self, tokenizer: Tokenizer, session: InferenceSession) -> None:
        tokenizer.no_padding()
        tokenizer.enable_truncation(MAX_TOKENS)
        self._tokenizer = tokenizer
        self._session = session

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One unit vector per text (rows of a float32 array)."""
        encodings = [encoding.ids for encoding in
                     self._tokenizer.encode_batch([_MARKUP.sub(" ", text) for text in texts])]
        vectors = np.zeros((len(texts), DIMENSIONS), np.float32)
        by_length = sorted(range(len(texts)), key=lambda i: len(encodings[i]))
        for start in range(0, len(by_length), BATCH):
            chosen = by_length[start:start + BATCH]
            vectors[chosen] = self._run([encodings[i] for i in chosen])
        return vectors

    def _run(self, token_ids: Sequence[list[int]]) -> np.ndarray:
        width = max(len(ids) for ids in token_ids)
        ids = np.zeros((len(token_ids), width), np.int64)
        mask = np.zeros((len(token_ids), width), np.int64)
        for row, tokens in enumerate(token_ids):
            ids[row, :len(tokens)] = tokens
            mask[row, :len(tokens)] = 1
        (vectors,) = self._session.run(None, {"input_ids": ids, "attention_mask": mask})
        return np.asarray(vectors, np.float32)


@functools.cache
def load_encoder(folder: Path = MODEL_FOLDER) -> SentenceEncoder | None:
    """The encoder (loaded once per process, ~0.2 s), or None with one log line when it is unusable."""
    try:
        import onnxruntime
        from tokenizers import Tokenizer

        options = onnxruntime.SessionOptions()
        # One thread: the matrices are small, and a second thread spinning for them would compete
        # with the bot's own work; a batch of abstracts runs in a worker thread of its own anyway.
        options.intra_op_num_threads = options.inter_op_num_threads = 1
        options.log_severity_level = 3  # errors only: its graph notes are not the bot's business
        session = onnxruntime.InferenceSession(str(folder / MODEL_FILE), options,
                                               providers=["CPUExecutionProvider"])
        return SentenceEncoder(Tokenizer.from_file(str(folder / TOKENIZER_FILE)), session)
    except Exception as error:  # any failure means "no meaning", never "no search"
        log.warning("search: re-ranking by meaning off, ranking by words only (encoder not loaded: %s)", error)
        return None


@functools.cache
def language_words(folder: Path = MODEL_FOLDER) -> frozenset[str]:
    """The whole words of the encoder's WordPiece vocabulary (not its "##" pieces), of letters only: some 21,700 of the
    commonest words of English ("title", "flash", "tile"; some names and foreign words too), read once from
    tokenizer.json without the tokenizers package (~30 ms); empty, with one log line, when it cannot be read. Typo
    correction leaves such a word as typed (storage/_search_index.py, `SearchIndex.correct`)."""
    try:
        with open(folder / TOKENIZER_FILE, encoding="utf-8") as file:
            vocabulary = json.load(file)["model"]["vocab"]
        return frozenset(word for word in vocabulary if word.isascii() and word.isalpha())
    except (OSError, ValueError, KeyError, TypeError) as error:
        log.warning("search: no word list for typo correction (%s); words of the language may be corrected", error)
        return frozenset()
