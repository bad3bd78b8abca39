"""What people typed, echoed back in a reply, cannot turn the bot's own words around."""

from __future__ import annotations

import pytest
import simcord

from bot.errors import PaperNotFoundError, UserFacingError
from tests.bot.conftest import World, expect_errors

# Explicit direction controls: embeddings and overrides end at PDF, isolates at PDI (Unicode UAX #9).
_PUSH_EMBEDDING = frozenset("\u202a\u202b\u202d\u202e")
_POP_EMBEDDING = "\u202c"
_PUSH_ISOLATE = frozenset("\u2066\u2067\u2068")
_POP_ISOLATE = "\u2069"


def open_direction_controls(text: str) -> int:
    """How many explicit direction controls are still open at the end of `text` (a simplified UAX #9)."""
    stack: list[str] = []
    for char in text:
        if char in _PUSH_EMBEDDING or char in _PUSH_ISOLATE:
            stack.append(char)
        elif char == _POP_EMBEDDING and stack and stack[-1] in _PUSH_EMBEDDING:
            stack.pop()
        elif char == _POP_ISOLATE and any(c in _PUSH_ISOLATE for c in stack):
            while stack.pop() not in _PUSH_ISOLATE:  # a PDI also ends the embeddings opened inside it
                pass
    return len(stack)


@pytest.mark.parametrize(("command", "option", "error"), [
    ("paper search", "query", None),
    ("paper random", "topic", UserFacingError),
    ("paper show", "paper", PaperNotFoundError),
])
@pytest.mark.parametrize("control", ["\u202e", "\u2067"])  # right-to-left override, right-to-left isolate
async def test_a_direction_control_in_what_was_typed_does_not_reverse_the_reply(
        simcord_env: simcord.Env, world: World, command: str, option: str,
        error: type[Exception] | None, control: str) -> None:
    typed = f"{control}zqxjvwk"

    result = await world.alice.slash(world.channel, command, **{option: typed})

    assert result.response is not None
    reply = result.response.content
    assert "zqxjvwk" in reply  # echoed (the reply goes on with the bot's own advice)...
    after_echo = reply[: reply.index("zqxjvwk") + len("zqxjvwk") + 1]
    # ...and a right-to-left override left open there would show all the rest of it backwards.
    assert open_direction_controls(after_echo) == 0, ascii(reply)
    if error is not None:
        expect_errors(simcord_env, error)


_MARKUP = ["<t:0:R>", "<@&1234567890>", "<#1234567890>", "</paper search:1>", "<:blob:1>", "<id:browse>"]


@pytest.mark.parametrize(("command", "option", "error", "markup"), [
    # A search echoes the query only when nothing matches: the markup's words (t, R, blob) would match.
    *[("paper search", "query", None, markup) for markup in ("<@&1234567890>", "<#1234567890>")],
    *[("paper random", "topic", UserFacingError, markup) for markup in _MARKUP],
    *[("paper show", "paper", PaperNotFoundError, markup) for markup in _MARKUP],
])
async def test_discord_markup_in_what_was_typed_is_echoed_as_typed(
        simcord_env: simcord.Env, world: World, command: str, option: str,
        error: type[Exception] | None, markup: str) -> None:
    result = await world.alice.slash(world.channel, command, **{option: f"{markup} zqxjvwk"})

    assert result.response is not None
    reply = result.response.content
    # Before, "<t:0:R>" showed as "55 years ago", "<@&…>" as a role's name (pinging nobody): not what
    # was typed. A backslash before the "<" shows it as typed.
    assert f"\\{markup} zqxjvwk" in reply, reply
    if error is not None:
        expect_errors(simcord_env, error)
