"""/paper search, random, show and today, driven end to end through SimCord."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import discord
import pytest
import simcord

from bot import limits
from bot.client import PaperBot
from bot.cogs.papers import MAX_QUERY_CHARS, RANDOM_COOLDOWN, SEARCH_COOLDOWN
from bot.errors import PaperNotFoundError, UserFacingError
from bot.views import PAGE_SIZE, PAGINATOR_TIMEOUT, PICKER_TIMEOUT, paper_card_view
from tests.bot.conftest import TestClock, World, answer, expect_errors, message_controls


def embed_of(result: simcord.InteractionResult) -> discord.Embed:
    assert result.response is not None, result
    assert len(result.response.embeds) == 1
    return result.response.embeds[0]


def buttons(message: simcord.ResponseMessage | discord.Message) -> dict[str, dict[str, Any]]:
    """Each button and menu of a message as Discord sends it, by its label (a menu by its custom id)."""
    if isinstance(message, discord.Message):
        items = [dict(control.to_dict()) for control in message_controls(message)]
    else:
        items = [item for row in message.components for item in row.get("components", [])]
    return {str(item.get("label") or item.get("custom_id")): item for item in items}


async def frequent_word_query(bot: PaperBot) -> str:
    """A one-word query with more than two pages of results in the bundled corpus."""
    for word in ("learning", "model", "models", "data", "method"):
        results = await bot.search_engine.search(word, limit=PAGE_SIZE)
        if results.total > 2 * PAGE_SIZE:
            return word
    pytest.fail("no query with more than two pages of results in the bundled corpus")


# --- search -----------------------------------------------------------------------------------

async def test_search_pages_through_ranked_results(world: World, bot: PaperBot) -> None:
    query = await frequent_word_query(bot)
    expected = await bot.search_engine.search(query, limit=2 * PAGE_SIZE)
    result = await world.alice.slash(world.channel, "paper search", query=query)

    assert result.acknowledged
    assert not result.ephemeral
    first = embed_of(result)
    pages = -(-expected.total // PAGE_SIZE)
    assert first.footer.text is not None
    assert first.footer.text.startswith(f"Page 1/{pages} · {expected.total} papers")
    for number, hit in enumerate(expected.hits[:PAGE_SIZE], start=1):
        assert f"**{number}. " in (first.description or "")
        assert f"`{hit.paper.id}`" in (first.description or "")
    controls = buttons(answer(result))
    assert controls["◀"].get("disabled") is True
    assert not controls["▶"].get("disabled")
    select = next(c for c in controls.values() if c.get("type") == 3)
    assert [o["value"] for o in select["options"]] == [h.paper.id for h in expected.hits[:PAGE_SIZE]]

    message = answer(result).message
    await world.alice.click(message, label="▶")
    page_two = embed_of_message(world, message.id)
    assert page_two.footer.text is not None
    assert page_two.footer.text.startswith(f"Page 2/{pages}")
    for number, hit in enumerate(expected.hits[PAGE_SIZE:], start=PAGE_SIZE + 1):
        assert f"**{number}. " in (page_two.description or "")
        assert f"`{hit.paper.id}`" in (page_two.description or "")

    await world.alice.click(message, label="◀")
    again = embed_of_message(world, message.id)
    assert again.description == first.description


def embed_of_message(world: World, message_id: int) -> discord.Embed:
    message = next(m for m in world.channel.history() if m.id == message_id)
    assert len(message.embeds) == 1
    return message.embeds[0]


async def test_select_opens_the_chosen_paper(world: World, bot: PaperBot) -> None:
    query = await frequent_word_query(bot)
    expected = await bot.search_engine.search(query, limit=PAGE_SIZE)
    result = await world.alice.slash(world.channel, "paper search", query=query)
    chosen = expected.hits[2].paper

    opened = await world.alice.select(answer(result).message, [chosen.id])

    card = embed_of(opened)
    assert card.title == limits.one_line(chosen.title, limits.EMBED_TITLE)
    assert card.footer.text == f"id {chosen.id}"
    assert "Similar papers" in buttons(answer(opened))


async def test_only_the_searcher_can_page(world: World, bot: PaperBot) -> None:
    query = await frequent_word_query(bot)
    result = await world.alice.slash(world.channel, "paper search", query=query)
    before = embed_of(result).description

    denied = await world.bob.click(answer(result).message, label="▶")

    assert denied.ephemeral
    assert denied.response is not None
    assert "Only the person who searched can use these buttons" in denied.response.content
    assert embed_of_message(world, answer(result).id).description == before
    top = (await bot.search_engine.search(query, limit=1)).hits[0].paper.id
    picked = await world.bob.select(answer(result).message, [top])
    assert picked.ephemeral
    assert picked.response is not None
    assert "Only the person who searched can use this menu" in picked.response.content
    assert len(world.channel.history()) == 1  # bob opened nothing


async def test_results_are_disabled_when_the_view_times_out(simcord_env: simcord.Env, world: World,
                                                            bot: PaperBot) -> None:
    query = await frequent_word_query(bot)
    result = await world.alice.slash(world.channel, "paper search", query=query)
    # Activity resets the timeout; keep paging for longer than the search's 15-minute token lives.
    for _ in range(limits.INTERACTION_TOKEN_SECONDS // int(PAGINATOR_TIMEOUT - 10) + 1):
        await simcord_env.advance_time(PAGINATOR_TIMEOUT - 10)
        await world.alice.click(answer(result).message, label="▶" if _ % 2 == 0 else "◀")

    await simcord_env.advance_time(PAGINATOR_TIMEOUT + 1)

    message = next(m for m in world.channel.history() if m.id == answer(result).id)
    states = [control.disabled for control in message_controls(message)]
    assert states
    assert all(states)
    with pytest.raises(simcord.SetupError, match="disabled"):
        await world.alice.click(message, label="◀")


async def test_a_paper_opened_from_the_results_keeps_its_buttons_when_the_list_expires(
        simcord_env: simcord.Env, world: World, bot: PaperBot) -> None:
    query = await frequent_word_query(bot)
    expected = await bot.search_engine.search(query, limit=PAGE_SIZE)
    result = await world.alice.slash(world.channel, "paper search", query=query)
    opened = await world.alice.select(answer(result).message, [expected.hits[0].paper.id])
    assert opened.response is not None

    await simcord_env.advance_time(PAGINATOR_TIMEOUT + 1)

    card = next(m for m in world.channel.history() if m.id == opened.response.id)
    assert card.embeds[0].footer.text == f"id {expected.hits[0].paper.id}"
    card_buttons = buttons(card)
    assert set(card_buttons) == {"Similar papers"}  # not the list's ◀ ▶ and menu
    assert not card_buttons["Similar papers"].get("disabled")
    listing = next(m for m in world.channel.history() if m.id == answer(result).id)
    assert all(control.disabled for control in message_controls(listing))


async def test_autocomplete_suggests_papers_and_picking_one_opens_it(world: World, bot: PaperBot) -> None:
    paper = (await bot.papers.by_ids(await bot.papers.active_ids()))[0]
    typed = " ".join(paper.title.split()[:3])

    choices = await world.alice.autocomplete(world.channel, "paper search", "query", typed)

    assert 0 < len(choices) <= limits.AUTOCOMPLETE_CHOICES
    assert all(len(c["name"]) <= limits.CHOICE_NAME and len(c["value"]) <= limits.CHOICE_VALUE for c in choices)
    picked = next(c for c in choices if c["value"] == f"id:{paper.id}")
    opened = await world.alice.slash(world.channel, "paper search", query=picked["value"])
    assert not opened.deferred
    assert embed_of(opened).footer.text == f"id {paper.id}"


async def test_autocomplete_on_nothing_typed_offers_nothing(world: World) -> None:
    assert await world.alice.autocomplete(world.channel, "paper search", "query", "") == []


async def test_no_results_suggests_what_you_meant(world: World, bot: PaperBot) -> None:
    expected = await bot.search_engine.search("lernnig")
    assert expected.total == 0
    assert "learning" in expected.suggestions

    result = await world.alice.slash(world.channel, "paper search", query="lernnig")

    assert result.response is not None
    assert result.response.embeds == []
    assert result.response.content.startswith("No papers match “lernnig”. Did you mean **learning**")


async def test_typo_with_results_also_offers_the_correction(world: World, bot: PaperBot) -> None:
    expected = await bot.search_engine.search("machne unlerning", limit=PAGE_SIZE)
    assert expected.total > 0
    assert expected.suggestions

    result = await world.alice.slash(world.channel, "paper search", query="machne unlerning")

    assert result.response is not None
    assert result.response.content == f"Did you mean **{expected.suggestions[0]}**?"
    assert f"`{expected.hits[0].paper.id}`" in (embed_of(result).description or "")


async def test_no_results_is_a_friendly_message(world: World, bot: PaperBot) -> None:
    query = "zqxjv wvkpq"
    assert (await bot.search_engine.search(query)).total == 0

    result = await world.alice.slash(world.channel, "paper search", query=query)

    assert result.response is not None
    assert result.response.embeds == []
    assert result.response.content.startswith("No papers match “zqxjv wvkpq”.")


@pytest.mark.parametrize("query", ["   ", "?!…", "***"])
async def test_empty_query_gets_a_private_hint(simcord_env: simcord.Env, world: World, query: str) -> None:
    result = await world.alice.slash(world.channel, "paper search", query=query)

    assert result.ephemeral
    assert not result.deferred
    assert result.response is not None
    assert result.response.content.startswith("Type a few words to search for")
    expect_errors(simcord_env, UserFacingError)


async def test_six_thousand_character_query_is_shortened_not_refused(world: World, bot: PaperBot) -> None:
    word = await frequent_word_query(bot)
    query = (word + " ") * (limits.STRING_OPTION // (len(word) + 1))
    query = query[: limits.STRING_OPTION]
    assert len(query) > 5_900

    result = await world.alice.slash(world.channel, "paper search", query=query)

    assert result.response is not None
    assert "shortened to its first" in result.response.content
    embed = embed_of(result)
    assert len(embed) <= limits.EMBED_TOTAL
    assert len(embed.title or "") <= limits.EMBED_TITLE
    assert len(result.response.content) <= 2000
    assert MAX_QUERY_CHARS < 1000


async def test_a_shortened_query_that_matches_nothing_still_says_it_was_shortened(world: World) -> None:
    query = "zqxjv " * 100  # 600 characters, no word in any paper

    result = await world.alice.slash(world.channel, "paper search", query=query)

    assert result.response is not None
    assert result.response.embeds == []
    kept = len(" ".join(query.split())[:MAX_QUERY_CHARS].rsplit(" ", 1)[0])
    assert result.response.content.startswith(f"(Your query was shortened to its first {kept} characters.)\n")
    assert "No papers match “zqxjv zqxjv" in result.response.content
    assert len(result.response.content) <= limits.MESSAGE_CONTENT


# --- random -----------------------------------------------------------------------------------

async def test_random_posts_a_card_with_both_buttons(world: World, bot: PaperBot) -> None:
    result = await world.alice.slash(world.channel, "paper random")

    card = embed_of(result)
    assert card.author.name == "A random paper"
    paper_id = (card.footer.text or "").removeprefix("id ")
    assert paper_id in await bot.papers.active_ids()
    assert set(buttons(answer(result))) == {"Similar papers", "Another random"}


async def test_random_with_a_topic_stays_on_topic(world: World, bot: PaperBot) -> None:
    topic = await frequent_word_query(bot)
    matching = set(await bot.search_engine.matching_ids(topic))
    for _ in range(4):
        result = await world.alice.slash(world.channel, "paper random", topic=topic)
        card = embed_of(result)
        assert card.author.name == f"A random paper about “{topic}”"
        assert (card.footer.text or "").removeprefix("id ") in matching


async def test_random_with_an_unknown_topic_says_so(simcord_env: simcord.Env, world: World) -> None:
    result = await world.alice.slash(world.channel, "paper random", topic="zqxjvwkp")

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content.startswith("No papers match the topic “zqxjvwkp”")
    expect_errors(simcord_env, UserFacingError)


async def test_another_random_gives_a_different_paper_privately(world: World) -> None:
    first = await world.alice.slash(world.channel, "paper random")
    first_id = (embed_of(first).footer.text or "").removeprefix("id ")

    again = await world.bob.click(answer(first).message, label="Another random")

    assert again.ephemeral
    second_id = (embed_of(again).footer.text or "").removeprefix("id ")
    assert second_id != first_id
    assert "Another random" in buttons(answer(again))


async def test_similar_papers_lists_five_and_opens_one(world: World, bot: PaperBot) -> None:
    card = await world.alice.slash(world.channel, "paper random")
    paper_id = (embed_of(card).footer.text or "").removeprefix("id ")
    expected = await bot.search_engine.similar(paper_id, limit=5)

    similar = await world.bob.click(answer(card).message, label="Similar papers")

    assert similar.ephemeral
    listing = embed_of(similar).description or ""
    for number, paper in enumerate(expected, start=1):
        assert f"**{number}. " in listing
        assert f"`{paper.id}`" in listing
    opened = await world.bob.select(answer(similar).message, [expected[0].id])
    assert opened.ephemeral
    assert embed_of(opened).footer.text == f"id {expected[0].id}"


async def test_the_similar_papers_menu_is_disabled_when_it_expires(simcord_env: simcord.Env, world: World) -> None:
    card = await world.alice.slash(world.channel, "paper random")
    similar = await world.bob.click(answer(card).message, label="Similar papers")
    listing = answer(similar).message
    first = buttons(answer(similar))
    menu = next(c for c in first.values() if c.get("type") == 3)
    assert not menu.get("disabled")

    await simcord_env.advance_time(PICKER_TIMEOUT + 1)

    # Before, the menu stayed enabled and a pick got no answer ("This interaction failed").
    with pytest.raises(simcord.SetupError, match="disabled"):
        await world.bob.select(listing, [menu["options"][0]["value"]])
    fresh = await world.bob.click(answer(card).message, label="Similar papers")  # the card's button still works
    assert fresh.ephemeral
    assert fresh.response is not None
    assert fresh.response.embeds


async def test_random_has_a_per_user_cooldown(simcord_env: simcord.Env, world: World) -> None:
    uses, per = RANDOM_COOLDOWN
    for _ in range(uses):
        assert not (await world.alice.slash(world.channel, "paper random")).ephemeral

    blocked = await world.alice.slash(world.channel, "paper random")
    assert blocked.ephemeral
    assert blocked.response is not None
    assert blocked.response.content.startswith("Slow down a little")
    assert not (await world.bob.slash(world.channel, "paper random")).ephemeral  # per user

    await simcord_env.advance_time(per + 1)
    assert not (await world.alice.slash(world.channel, "paper random")).ephemeral
    expect_errors(simcord_env, discord.app_commands.CommandOnCooldown)


async def test_search_has_a_per_user_cooldown(simcord_env: simcord.Env, world: World) -> None:
    uses, _ = SEARCH_COOLDOWN
    for _ in range(uses):
        await world.alice.slash(world.channel, "paper search", query="learning")
    blocked = await world.alice.slash(world.channel, "paper search", query="learning")
    assert blocked.ephemeral
    assert "Slow down" in answer(blocked).content
    expect_errors(simcord_env, discord.app_commands.CommandOnCooldown)


# --- show -------------------------------------------------------------------------------------

async def test_show_posts_the_card(world: World, bot: PaperBot) -> None:
    paper = (await bot.papers.by_ids(await bot.papers.active_ids()))[-1]

    result = await world.alice.slash(world.channel, "paper show", paper=paper.id.upper())

    card = embed_of(result)
    assert card.title == limits.one_line(paper.title, limits.EMBED_TITLE)
    assert card.footer.text == f"id {paper.id}"
    assert set(buttons(answer(result))) == {"Similar papers"}


@pytest.mark.parametrize("typed", ["id {id}", "id: {id}", "`{id}`", "“{id}”", "{title_upper}", "  {title}  "])
async def test_show_takes_an_id_as_people_paste_it_or_the_exact_title(
        world: World, bot: PaperBot, typed: str) -> None:
    paper = (await bot.papers.by_ids(await bot.papers.active_ids()))[3]
    value = typed.format(id=paper.id, title=paper.title, title_upper=paper.title.upper())

    result = await world.alice.slash(world.channel, "paper show", paper=value)

    assert not result.ephemeral
    assert embed_of(result).footer.text == f"id {paper.id}"


async def test_show_unknown_id_is_a_friendly_private_message(simcord_env: simcord.Env, world: World) -> None:
    # An id as the bot makes them (ten base32 characters): "nosuchpaper", a word, is now a title not found.
    result = await world.alice.slash(world.channel, "paper show", paper="n7such2pap")

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content.startswith("There is no paper with the id “n7such2pap”.")
    expect_errors(simcord_env, PaperNotFoundError)


async def test_show_autocomplete_offers_ids(world: World, bot: PaperBot) -> None:
    paper = (await bot.papers.by_ids(await bot.papers.active_ids()))[0]
    choices = await world.alice.autocomplete(world.channel, "paper show", "paper", paper.title[:25])
    assert paper.id in [c["value"] for c in choices]


# --- today ------------------------------------------------------------------------------------

async def test_today_is_the_same_for_everyone_and_changes_with_the_date(
        world: World, bot: PaperBot, clock: TestClock) -> None:
    day = bot.now().date()
    first = await world.alice.slash(world.channel, "paper today")
    second = await world.bob.slash(world.channel, "paper today")

    card = embed_of(first)
    expected = await bot.picks.pick_for(day)
    assert expected is not None
    assert card.author.name == f"Paper of the day · {day:%A %-d %B %Y}"
    assert card.footer.text == f"id {expected.id}" == embed_of(second).footer.text

    clock.set(clock() + timedelta(days=1))  # jump: the date is all that matters here
    tomorrow = await world.alice.slash(world.channel, "paper today")
    next_day = day + timedelta(days=1)
    assert embed_of(tomorrow).author.name == f"Paper of the day · {next_day:%A %-d %B %Y}"
    assert embed_of(tomorrow).footer.text != card.footer.text  # no repeat until all were shown


# --- errors -----------------------------------------------------------------------------------

async def test_unexpected_error_shows_a_code_and_logs_the_traceback(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(bot.papers, "by_id", broken)
    with caplog.at_level(logging.ERROR, logger="bot.tree"):
        result = await world.alice.slash(world.channel, "paper show", paper="abc")

    assert result.ephemeral
    assert result.response is not None
    content = result.response.content
    assert content.startswith("Something went wrong on my side (error code `")
    assert "database on fire" not in content
    code = content.split("`")[1]
    record = next(r for r in caplog.records if code in r.getMessage())
    assert record.exc_info is not None
    assert "database on fire" in str(record.exc_info[1])
    expect_errors(simcord_env, RuntimeError)


async def test_failed_reply_still_gets_the_user_an_answer(simcord_env: simcord.Env, world: World) -> None:
    simcord_env.inject_error("POST", "/interactions/*/*/callback", status=500, times=1)

    result = await world.alice.slash(world.channel, "paper random")

    assert result.ephemeral
    assert result.response is not None
    assert result.response.content.startswith("Discord had a problem on its side (HTTP 500)")  # not "on my side"
    expect_errors(simcord_env, discord.HTTPException)


async def test_commands_are_server_only(simcord_env: simcord.Env, world: World) -> None:
    assert "paper search" in world.alice.available_commands(world.channel)
    assert "paper search" not in simcord_env.create_user("dm-user").available_commands()


async def test_search_failing_after_the_defer_still_resolves_the_thinking_message(
        simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("index corrupted")

    monkeypatch.setattr(bot.search_engine, "search", broken)
    result = await world.alice.slash(world.channel, "paper search", query="learning")

    assert result.response is None  # the deferred "thinking…" message was taken back, not left thinking
    [reply] = result.followups  # and the error told privately (test_interactions_review11_private_errors)
    assert reply.ephemeral
    assert reply.content.startswith("Something went wrong on my side (error code `")
    assert "index corrupted" not in reply.content
    expect_errors(simcord_env, RuntimeError)


async def test_commands_answer_where_the_bot_may_not_send_messages(world: World) -> None:
    result = await world.alice.slash(world.no_bot, "paper random")  # replies are interaction responses

    assert result.response is not None
    assert not result.ephemeral
    assert embed_of(result).author.name == "A random paper"


@pytest.mark.parametrize(("method", "path"), [
    ("POST", "/interactions/*/*/callback"),  # the acknowledgement fails
    ("PATCH", "/webhooks/*/*/messages/@original"),  # the page edit after it fails
])
async def test_a_failed_page_turn_gets_a_private_error_and_the_list_still_works(
        simcord_env: simcord.Env, world: World, bot: PaperBot, method: str, path: str) -> None:
    query = await frequent_word_query(bot)
    result = await world.alice.slash(world.channel, "paper search", query=query)
    simcord_env.inject_error(method, path, status=500, times=1)

    failed = await world.alice.click(answer(result).message, label="▶")

    notice = failed.response if failed.response is not None and failed.response.content else failed.followups[-1]
    assert notice.ephemeral
    assert notice.content.startswith("Discord had a problem on its side (HTTP 500)")
    assert (embed_of_message(world, answer(result).id).footer.text or "").startswith("Page 1/")
    expect_errors(simcord_env, discord.HTTPException)
    await world.alice.click(answer(result).message, label="▶")
    footer = embed_of_message(world, answer(result).id).footer.text or ""
    assert footer.startswith("Page 2/")


async def test_autocomplete_on_a_picked_value_offers_that_paper_again(world: World, bot: PaperBot) -> None:
    paper = (await bot.papers.by_ids(await bot.papers.active_ids()))[1]
    choices = await world.alice.autocomplete(world.channel, "paper search", "query", f"id:{paper.id}")
    assert choices == [{"name": limits.one_line(paper.title, limits.CHOICE_NAME), "value": f"id:{paper.id}"}]


async def test_card_buttons_for_an_unknown_paper_say_so_privately(world: World, bot: PaperBot) -> None:
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send("An old card", view=paper_card_view("nosuchpaper2", random_button=True))

    clicked = await world.alice.click(message, label="Similar papers")

    assert clicked.ephemeral
    assert clicked.response is not None
    assert clicked.response.content == "That paper is no longer available."
    another = await world.alice.click(message, label="Another random")  # still gives a random paper
    assert another.ephemeral
    assert embed_of(another).author.name == "A random paper"


async def test_markdown_in_what_people_typed_is_shown_as_typed(simcord_env: simcord.Env, world: World) -> None:
    searched = await world.alice.slash(world.channel, "paper search", query="__learning__ *models*")
    assert embed_of(searched).title == r"Search: \_\_learning\_\_ \*models\*"  # not underlined and italic

    refused = await world.alice.slash(world.channel, "paper random", topic="**zqxjvwkp**")
    assert refused.ephemeral
    assert refused.response is not None
    assert refused.response.content.startswith(r"No papers match the topic “\*\*zqxjvwkp\*\*”.")
    expect_errors(simcord_env, UserFacingError)


async def test_another_random_on_a_long_topic_keeps_the_whole_topic_within_limits(world: World, bot: PaperBot) -> None:
    topic = " ".join(["language models"] * 6)  # longer than a custom_id holds beside the id; many papers
    assert len(await bot.search_engine.matching_ids(topic)) > 1
    first = await world.alice.slash(world.channel, "paper random", topic=topic)
    assert embed_of(first).author.name == f"A random paper about “{topic}”"

    again = await world.alice.click(answer(first).message, label="Another random")

    # The whole topic, read from the card's heading (session 18: the custom_id's cut one was searched and shown).
    assert embed_of(again).author.name == f"A random paper about “{topic}”"
    custom_ids = [item["custom_id"] for item in buttons(answer(again)).values()]
    assert all(len(custom_id) <= limits.CUSTOM_ID for custom_id in custom_ids)


async def test_another_random_on_a_topic_with_one_paper_says_so(world: World, bot: PaperBot) -> None:
    topic = "RollingQ"
    only = await bot.search_engine.matching_ids(topic)
    assert len(only) == 1
    first = await world.alice.slash(world.channel, "paper random", topic=topic)
    assert (embed_of(first).footer.text or "") == f"id {only[0]}"

    again = await world.bob.click(answer(first).message, label="Another random")

    assert again.ephemeral
    assert again.response is not None
    assert again.response.embeds == []  # not the same card again, as if the button did nothing
    assert again.response.content == ("This is the only paper about “RollingQ”. "
                                      "Try a broader topic, or `/paper random` without one.")
