"""The note on a daily card whose topic matches no paper any more shows the topic as the moderator typed it
(session 18's review).

"No paper matches “…” any more, so here is the general paper of the day." put the subscription's topic into the
card's description with its markdown escaped but Discord's own markup left live: a topic holding "<t:0:R>" read
"55 years ago" there, "<@&…>" a role's chip, "<#…>" a channel's link, "@everyone" the highlighted mention (none
pinged: every message allows no mention). The other replies that echo a topic already showed it as typed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from tests.bot.conftest import Restart, TestClock, World, answer
from tests.bot.test_daily_card_content import corpus_file
from tests.bot.test_daily_delivery import cards, run_until, subscribe, subscriptions_listed, utc

# An axolotl paper with the words of each topic below ("<t:0:R>" is the words t, 0 and R): the topic matches it
# when the moderator types it, and no paper once a reload leaves the zebrafish paper alone.
_AXOLOTL = ("We show that axolotl limbs regenerate after amputation for everyone here, in trial t 0 R of series "
            "1234567890, with careful controls.")


@pytest.fixture
def corpus_paths(tmp_path: Path, zebrafish: Path) -> tuple[Path, ...]:
    """The zebrafish paper (tests.bot.conftest) and the axolotl paper above."""
    return (zebrafish, corpus_file(tmp_path, "axolotl.txt", _AXOLOTL))


@pytest.mark.parametrize("markup", ["<t:0:R>", "<@&1234567890>", "<#1234567890>", "@everyone", "@here"])
async def test_the_card_note_shows_the_topic_as_typed(
    simcord_env: simcord.Env, world: World, clock: TestClock, restart: Restart, zebrafish: Path, markup: str,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    await subscribe(simcord_env, world, time="09:00", topic=f"axolotl {markup}")

    await restart(corpus_paths=(zebrafish,))  # the axolotl paper is gone: the topic matches nothing
    await run_until(simcord_env, clock, utc(2026, 2, 1, 9, 2))

    posted = cards(world.channel)
    assert len(posted) == 1
    note = (posted[0].embeds[0].description or "").split("\n\n")[0]
    # A backslash before "<" or "@" shows the rest as typed, in italics with the bot's words around it.
    assert note == f"*No paper matches “axolotl \\{markup}” any more, so here is the general paper of the day.*", note
    # /paper today there shows that card, note and all; the heading above it (an embed's author line, where Discord
    # reads no markdown and shows every backslash) names the topic as it is.
    today = answer(await world.alice.slash(world.channel, "paper today")).embeds[0]
    assert (today.description or "").startswith(note), today.description
    assert today.author.name == f"Paper of the day · Sunday 1 February 2026 · axolotl {markup}", today.author.name


@pytest.mark.parametrize("markup", ["@everyone", "@here"])
async def test_the_subscription_reply_and_list_show_a_topic_naming_everyone_as_typed(
    simcord_env: simcord.Env, world: World, clock: TestClock, markup: str,
) -> None:
    clock.set(utc(2026, 2, 1, 8))
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", topic=f"axolotl {markup}")

    # Was the highlighted "@everyone" (pinging nobody: no mention is allowed), where the topic's other markup
    # already showed as typed.
    assert f"about “axolotl \\{markup}”" in answer(result).content, answer(result).content
    assert f"about “axolotl \\{markup}”" in await subscriptions_listed(world)
