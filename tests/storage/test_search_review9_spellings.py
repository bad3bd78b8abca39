"""One word however it is spelt or inflected, British or American, on a real temporary SQLite file (session 9's
review): two papers that differ only in the form of one word rank the same for either form."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage.loader import load_corpus
from storage.search import SearchEngine
from tests.storage.conftest import write_json

# Each pair: two forms of one word. Every pair gets two papers, the same abstract but for that word.
FORMS = [
    # Words spelt -ise everywhere: the British rule made "noise" "noize" but left "noises" alone.
    ("noise", "noises"),
    ("denoiser", "denoising"),
    ("precise", "precision"),
    ("premise", "premises"),
    ("arise", "arises"),
    # British forms the rule did not know.
    ("optimises", "optimizes"),
    ("tokeniser", "tokenizer"),
    ("analysed", "analyzed"),
    ("optimisers", "optimizers"),
]
# British and American spellings the stemmer keeps apart.
SPELLINGS = [
    ("behaviour", "behavior"),
    ("neighbours", "neighbors"),
    ("colour", "color"),
    ("centred", "centered"),
    ("defences", "defenses"),
    ("dialogue", "dialog"),
    ("tumour", "tumor"),
    ("artefacts", "artifacts"),
    ("judgement", "judgment"),
    ("greyscale", "grayscale"),
    ("paediatric", "pediatric"),
    ("haemorrhage", "hemorrhage"),
]
TOPICS = ["glaciers", "orchards", "lighthouses", "violins", "volcanoes", "beehives", "tramways", "meteorites",
          "tapestries", "canals", "windmills", "bridges", "harbors", "quarries", "sawmills", "lagoons", "islands",
          "vineyards", "observatories", "aqueducts", "monasteries"]
PAIRS = list(zip(FORMS + SPELLINGS, TOPICS, strict=True))


def _abstract(topic: str, form: str) -> str:
    return (f"An account of {topic} in which the {form} matters, with a field study of {topic} in three regions "
            f"and a record of every {topic[:-1]} we visited over the years.")


@pytest.fixture
async def engine(db: aiosqlite.Connection, tmp_path: Path) -> SearchEngine:
    records: list[dict[str, object]] = [
        {"title": f"{topic.title()} and the {form}", "abstract": _abstract(topic, form)}
        for pair, topic in PAIRS for form in pair]
    await load_corpus(db, [write_json(tmp_path / "papers.json", records)])
    return await SearchEngine.open(db, meaning=False)


async def _found_alike(engine: SearchEngine, forms: tuple[str, str], topic: str) -> None:
    """Either form typed with the topic finds both papers of the pair, at the same score."""
    for typed in forms:
        hits = (await engine.search(f"{topic} {typed}", limit=4)).hits
        scores = {hit.paper.title: hit.score for hit in hits}
        titles = [f"{topic.title()} and the {form}" for form in forms]
        assert set(titles) <= set(scores), (typed, scores)
        assert scores[titles[0]] == pytest.approx(scores[titles[1]]), (typed, scores)


@pytest.mark.parametrize(("forms", "topic"), PAIRS[:len(FORMS)])
async def test_either_form_of_a_word_finds_both_papers_alike(engine: SearchEngine, forms: tuple[str, str],
                                                             topic: str) -> None:
    await _found_alike(engine, forms, topic)


@pytest.mark.parametrize(("forms", "topic"), PAIRS[len(FORMS):])
async def test_a_british_spelling_finds_the_american_alike(engine: SearchEngine, forms: tuple[str, str],
                                                           topic: str) -> None:
    # Both spellings in one corpus: neither is a typo of a word it lacks, so nothing else bridged them.
    await _found_alike(engine, forms, topic)
