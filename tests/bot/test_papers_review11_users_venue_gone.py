""""Another random" on a card of a venue the corpus no longer has (session 11's review as users, on the ICML 2018 and
AISTATS 2025 sets reloaded to ICML 2018 alone): the click was answered with the venue option's reply, naming the
venue by the button's key and pointing to an option a button has not: 'There is no venue “aistats2025” here.
Venues: **ICML 2018** (582). Pick one of the option's suggestions.'"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.client import PaperBot
from tests.bot.conftest import World, answer
from tests.bot.test_papers import embed_of


def _write(path: Path, topic: str, count: int) -> Path:
    path.write_text(json.dumps([{"title": f"{topic.capitalize()} study {n}",
                                 "abstract": f"We study {topic} in setting {n}, with bounds and an estimator. "
                                             "Experiments on public data confirm what the theory predicts."}
                                for n in range(count)]), encoding="utf-8")
    return path


@pytest.fixture
def corpus_paths(tmp_path: Path) -> tuple[Path, ...]:
    """ICML 2018: three papers on bandits; AISTATS 2025: two on kernels."""
    return (_write(tmp_path / "icml2018.json", "bandits", 3), _write(tmp_path / "aistats2025.json", "kernels", 2))


async def test_another_random_of_a_venue_no_longer_here_says_so_in_a_buttons_words(
        world: World, restart: Callable[..., Awaitable[PaperBot]], corpus_paths: tuple[Path, ...]) -> None:
    card = await world.alice.slash(world.channel, "paper random", venue="AISTATS 2025")
    assert embed_of(card).author.name == "A random paper from AISTATS 2025"
    await restart(corpus_paths=corpus_paths[:1])  # the corpus is ICML 2018 alone now

    again = await world.bob.click(answer(card).message, label="Another random")

    assert again.ephemeral
    assert again.response is not None
    assert again.response.content == ("There are no papers from AISTATS 2025 here any more. Venues: **ICML 2018** "
                                       "(3). Try `/paper random` with one of them, or without a venue.")
