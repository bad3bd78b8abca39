"""Meaning for search: static word embeddings that re-rank the best lexical candidates.

A title often says in other words what its abstract says ("hidden confounders" for "unobserved
confounders", "outliers" for "adversarial"); BM25 sees no shared word there. The WordLlama model
(PyPI `wordllama`, MIT) ships a 32,000-token table of 256-dimensional token vectors inside its
wheel: a text's vector is the mean of its tokens' vectors, so embedding an abstract costs a
dictionary look-up per word and a share of one small matrix product, with no neural network to
run. Each paper's vector is computed while the index is built (same worker thread); a query's at
search time.

The model files are read straight from the installed package (`WordLlama.load()` would look for
its tokenizer under the wrong folder and then try the Hugging Face hub). Without the package, or
with files it cannot read, `load_embedder()` logs one line and returns None: search then ranks
by words alone.
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
import logging
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from storage._search_text import STOPWORDS

if TYPE_CHECKING:
    from tokenizers import Tokenizer

log = logging.getLogger(__name__)

MODEL_PACKAGE = "wordllama"
TOKENIZER_FILE = Path("tokenizers", "l2_supercat_tokenizer_config.json")
WEIGHTS_FILE = Path("weights", "l2_supercat_256.safetensors")
WEIGHTS_TENSOR = "embedding.weight"
# Leading dimensions kept: the model is trained so that a prefix of its dimensions still works
# (Matryoshka), and 128 ranked the dev sets as well as 256 at half the memory (25 MB at 100,000 papers).
DIMENSIONS = 128
# Words whose tokens are remembered (~150 bytes each); most of a text is its common words, so a
# bounded cache hits.
WORD_CACHE = 40_000


class _WordTokens(dict[str, tuple[int, ...]]):
    """Folded word -> the model's token ids, tokenised on first use; stop words have none.

    Tuples of ints, which the garbage collector does not track. When full, the cache starts
    again: rare words have had their turn, and the common ones come back at once.
    """

    def __init__(self, tokenizer: Tokenizer) -> None:
        super().__init__()
        self._tokenizer = tokenizer
        self._start()

    def _start(self) -> None:
        self.clear()
        self.update(dict.fromkeys(STOPWORDS, ()))

    def __missing__(self, word: str) -> tuple[int, ...]:
        if len(self) >= WORD_CACHE:
            self._start()
        tokens = self[word] = tuple(self._tokenizer.encode(word, add_special_tokens=False).ids)
        return tokens


class Embedder:
    """Texts (as folded words) to unit vectors: the mean of their tokens' vectors."""

    def __init__(self, tokenizer: Tokenizer, table: np.ndarray) -> None:
        self._table = table  # float16 as shipped (8 MB); rows are widened to float32 when used
        self._tokens = _WordTokens(tokenizer)

    @property
    def dimensions(self) -> int:
        """Length of every vector this embedder returns."""
        return int(self._table.shape[1])

    def tokens(self, folded_words: Iterable[str]) -> np.ndarray:
        """The token ids of a text given as its folded words, stop words left out."""
        return np.fromiter(itertools.chain.from_iterable(map(self._tokens.__getitem__, folded_words)), np.intp)

    def embed(self, folded_words: Iterable[str]) -> np.ndarray:
        """The unit vector of one text given as its folded words; zeros if it has no token."""
        return self.embed_many([self.tokens(folded_words)])[0]

    def embed_many(self, texts: Sequence[np.ndarray]) -> np.ndarray:
        """Unit vectors (one row per text, float32) of texts given as token ids: the mean of their
        tokens' vectors, scaled to length 1; zeros for a text without tokens.

        Done for a few dozen texts at once as one product (token counts x the vectors of the tokens
        they use): several times faster than a gather per text, and, unlike a numpy call per text
        that drops and retakes the GIL every few microseconds, it never starves the event loop of it.
        """
        lengths = np.fromiter(map(len, texts), np.intp, len(texts))
        if not lengths.sum():
            return np.zeros((len(texts), self.dimensions), np.float32)
        used, column = np.unique(np.concatenate(texts), return_inverse=True)
        row = np.repeat(np.arange(len(texts)), lengths)
        counts = np.bincount(row * len(used) + column, minlength=len(texts) * len(used))
        # float32 product: numpy multiplies float16 matrices without BLAS, many times slower.
        sums = counts.reshape(len(texts), len(used)).astype(np.float32) @ self._table[used].astype(np.float32)
        norms = np.linalg.norm(sums, axis=1, keepdims=True)
        return sums / np.maximum(norms, np.float32(1e-12))


@functools.cache
def load_embedder() -> Embedder | None:
    """The WordLlama embedder from the installed package (loaded once), or None when it is unusable.

    Loading takes ~0.1-0.2 s, ~50 ms of it holding the GIL (the tokenizer's JSON is parsed in Rust):
    once per process, at the first index build.
    """
    try:
        return _load(_package_folder())
    except Exception as error:  # any failure means "no meaning", never "no search"
        log.warning("search: semantic re-ranking off, ranking by words only (WordLlama model not loaded: %s)",
                    error)
        return None


def _package_folder() -> Path:
    """Where the model package is installed, without importing it (its import pulls in pydantic)."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"the {MODEL_PACKAGE!r} package is not installed")
    return Path(next(iter(spec.submodule_search_locations)))


def _load(folder: Path) -> Embedder:
    from safetensors import safe_open  # imported here: only needed (and only required) with the model
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(folder / TOKENIZER_FILE))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    with safe_open(str(folder / WEIGHTS_FILE), framework="np") as weights:
        table = weights.get_tensor(WEIGHTS_TENSOR)
    table = np.ascontiguousarray(table[:, :DIMENSIONS], dtype=np.float16)
    if table.shape[0] < tokenizer.get_vocab_size():
        raise ValueError(f"{WEIGHTS_FILE} has {table.shape[0]} rows for {tokenizer.get_vocab_size()} tokens")
    return Embedder(tokenizer, table)
