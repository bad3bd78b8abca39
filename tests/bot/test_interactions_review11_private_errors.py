"""An error after a public "thinking…" is told to the member who asked, not to the channel (SimCord).

`/paper search` and `/paper today` acknowledge with a public "thinking…" message, then fill it. An error
after that (a search failing, no paper to choose from, a busy database) was sent as a followup, and the first
followup after a defer *is* the "thinking…" message, public whatever its flags say: the error replaced it for
everyone in the channel. The bot now deletes the "thinking…" message and sends the error privately; when
Discord refuses the delete (an outage, a rate limit), one log line says so and the error fills the message as
before, so it is still seen.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import UserFacingError
from tests.bot.conftest import World, expect_errors

NO_PAPERS = "There are no papers to choose from yet."
SOMETHING_WENT_WRONG = "Something went wrong on my side (error code `"


def search_fails(bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("index corrupted")

    monkeypatch.setattr(bot.search_engine, "search", broken)


def no_paper_today(bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def nothing(*args: object, **kwargs: object) -> None:
        return None  # as with no active paper

    monkeypatch.setattr(bot.picks, "pick_for", nothing)


CASES = [
    # The unexpected error is logged with its code and traceback; the expected one is only told.
    pytest.param("paper search", {"query": "learning"}, search_fails, SOMETHING_WENT_WRONG, RuntimeError,
                 id="search"),
    pytest.param("paper today", {}, no_paper_today, NO_PAPERS, UserFacingError, id="today"),
]
Failure = Callable[[PaperBot, pytest.MonkeyPatch], None]


@pytest.mark.parametrize(("command", "options", "failure", "reply", "error"), CASES)
async def test_an_error_after_thinking_in_public_is_told_privately(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        command: str, options: dict[str, str], failure: Failure, reply: str,
        error: type[BaseException]) -> None:
    failure(bot, monkeypatch)
    seen_by_bob = len(world.channel.history(viewer=world.bob))

    result = await world.alice.slash(world.channel, command, **options)

    # Before: the "thinking…" message became the error, for everyone.
    assert result.response is None  # the "thinking…" message is gone
    assert len(world.channel.history(viewer=world.bob)) == seen_by_bob
    [private] = result.followups
    assert private.ephemeral
    assert private.content.startswith(reply)
    assert [m.content for m in world.channel.history(viewer=world.alice)][-1] == private.content
    expect_errors(simcord_env, error)


@pytest.mark.parametrize("status", [503, 429])
@pytest.mark.parametrize(("command", "options", "failure", "reply", "error"), CASES)
async def test_a_delete_discord_refuses_is_one_line_and_the_error_fills_the_message(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture, command: str, options: dict[str, str], failure: Failure, reply: str,
        error: type[BaseException], status: int) -> None:
    failure(bot, monkeypatch)
    simcord_env.inject_error("DELETE", "/webhooks/*/messages/@original", status=status, times=None)

    with caplog.at_level(logging.INFO, logger="bot"):
        result = await world.alice.slash(world.channel, command, **options)

    assert result.response is not None  # filled with the error, as before
    assert result.response.content.startswith(reply)
    assert result.followups == []
    lines = [r for r in caplog.records if r.name == "bot.tree" and r.levelno >= logging.INFO]
    [took_back] = [r for r in lines if "thinking" in r.getMessage()]
    assert took_back.levelno == logging.INFO
    assert took_back.exc_info is None  # one line, no traceback
    message = took_back.getMessage()
    assert message.startswith(f"/{command}: could not delete its public \"thinking…\" message (")
    assert str(status) in message
    assert message.endswith("; the reply fills it instead")
    logged = [r for r in lines if r is not took_back]  # the error's own line, for the unexpected one only
    assert [r.levelname for r in logged] == (["ERROR"] if error is RuntimeError else [])
    expect_errors(simcord_env, error)


async def test_an_answer_filled_is_not_taken_back(simcord_env: simcord.Env, world: World) -> None:
    result = await world.alice.slash(world.channel, "paper today")

    assert result.response is not None
    assert result.response.embeds
    assert not any(request.method == "DELETE" for request in simcord_env.http_requests)
    expect_errors(simcord_env)

