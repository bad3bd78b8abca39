"""/paper subscribe, /paper unsubscribe and /paper subscriptions as people use them (SimCord)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import simcord

from bot.client import PaperBot
from bot.errors import UserFacingError
from bot.settings import Settings
from tests.bot.conftest import TestClock, World, expect_errors
from tests.bot.test_daily_delivery import daily

LIMIT = 3


@pytest.fixture
def bot_settings(bot_settings: Settings) -> Settings:
    """A small per-server limit, so the limit test stays short."""
    return bot_settings.with_overrides(max_subscriptions_per_guild=LIMIT)


def reply(result: simcord.InteractionResult) -> str:
    assert result.response is not None, "the bot did not answer"
    assert result.ephemeral, "subscription replies are private"
    return result.response.content


async def test_the_commands_live_in_the_one_paper_group(world: World) -> None:
    commands = world.mod.available_commands(world.channel)
    assert {"paper subscribe", "paper unsubscribe", "paper subscriptions"} <= set(commands)
    assert {"paper search", "paper today"} <= set(commands)
    assert not [name for name in commands if not name.startswith("paper")]


async def test_subscriptions_are_not_offered_in_direct_messages(simcord_env: simcord.Env) -> None:
    in_dm = simcord_env.create_user("dm-user").available_commands()
    assert not {"paper subscribe", "paper unsubscribe", "paper subscriptions"} & set(in_dm)


async def test_subscribe_with_defaults_posts_here_at_nine_utc(
    simcord_env: simcord.Env, world: World, clock: TestClock, bot: PaperBot
) -> None:
    clock.set(datetime(2026, 2, 1, 6, 0, tzinfo=UTC))
    text = reply(await world.mod.slash(world.channel, "paper subscribe"))
    first_post = int(datetime(2026, 2, 1, 9, 0, tzinfo=UTC).timestamp())
    assert text.startswith("Subscribed")
    assert f"<#{world.channel.id}>" in text
    assert "**09:00** UTC" in text
    assert f"<t:{first_post}:F>" in text
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert (sub.guild_id, sub.timezone, sub.topic, sub.subscriber_id) == (world.guild.id, "UTC", None, world.mod.id)


async def test_subscribe_another_channel_with_time_zone_and_topic_then_list_it(
    simcord_env: simcord.Env, world: World, clock: TestClock
) -> None:
    papers = world.guild.create_text_channel("papers")
    clock.set(datetime(2026, 7, 1, 12, 0, tzinfo=UTC))  # 14:00 in Berlin (summer time)
    text = reply(await world.mod.slash(world.channel, "paper subscribe", channel=papers, time="7:30",
                                       timezone="europe/berlin", topic="reinforcement learning"))
    assert f"<#{papers.id}>" in text
    assert "**07:30** Europe/Berlin" in text
    assert "reinforcement learning" in text

    listing = await world.alice.slash(world.channel, "paper subscriptions")  # anyone may look
    assert listing.ephemeral
    assert listing.response is not None
    description = listing.response.embeds[0].description or ""
    tomorrow = int(datetime(2026, 7, 2, 5, 30, tzinfo=UTC).timestamp())  # 07:30 CEST
    assert f"<#{papers.id}>" in description
    assert f"next post <t:{tomorrow}:F>" in description
    assert listing.response.embeds[0].footer.text == f"1 of at most {LIMIT} for this server"


async def test_subscribing_again_changes_only_what_is_given(
    simcord_env: simcord.Env, world: World, bot: PaperBot
) -> None:
    await world.mod.slash(world.channel, "paper subscribe", time="18:00", timezone="Asia/Tokyo")
    text = reply(await world.mod.slash(world.channel, "paper subscribe", time="19:15"))
    assert text.startswith("Updated")
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert (sub.post_time.hour, sub.post_time.minute, sub.timezone) == (19, 15, "Asia/Tokyo")


async def test_subscribing_again_with_nothing_new_says_it_is_already_subscribed(
    simcord_env: simcord.Env, world: World
) -> None:
    assert reply(await world.mod.slash(world.channel, "paper subscribe", time="18:00")).startswith("Subscribed")
    again = reply(await world.mod.slash(world.channel, "paper subscribe"))  # to check what is set, say
    assert again.startswith(f"Already subscribed: the paper of the day in <#{world.channel.id}> · **18:00** UTC")
    same = reply(await world.mod.slash(world.channel, "paper subscribe", time="6pm", timezone="utc"))
    assert same.startswith("Already subscribed")
    assert reply(await world.mod.slash(world.channel, "paper subscribe", time="19:00")).startswith("Updated")


async def test_a_city_typed_as_the_time_zone_is_understood_and_shown_as_its_zone(
    simcord_env: simcord.Env, world: World, bot: PaperBot
) -> None:
    text = reply(await world.mod.slash(world.channel, "paper subscribe", time="8:00", timezone="new york"))
    assert "**08:00** America/New_York" in text
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert sub.timezone == "America/New_York"


@pytest.mark.parametrize(("option", "value", "expected"), [
    ("time", "25:00", "`25:00` is not a time of day"),
    ("time", "lunchtime", "use 24-hour HH:MM"),
    ("timezone", "Mars/Olympus", "`Mars/Olympus` is not a time zone I know"),
    ("timezone", "CEST+2", "IANA name such as Europe/Berlin"),
])
async def test_a_bad_time_or_time_zone_gets_a_clear_message_and_changes_nothing(
    simcord_env: simcord.Env, world: World, bot: PaperBot, option: str, value: str, expected: str
) -> None:
    text = reply(await world.mod.slash(world.channel, "paper subscribe", **{option: value}))
    assert expected in text
    expect_errors(simcord_env, UserFacingError)
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None


async def test_time_zone_autocomplete_suggests_iana_names_with_their_offset(
    simcord_env: simcord.Env, world: World, clock: TestClock
) -> None:
    clock.set(datetime(2026, 1, 15, 12, 0, tzinfo=UTC))
    berlin = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "berl")
    assert berlin == [{"name": "Europe/Berlin (UTC+01:00)", "value": "Europe/Berlin"}]
    new_york = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "new y")
    assert new_york[0]["value"] == "America/New_York"
    assert "UTC-05:00" in new_york[0]["name"]
    america = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "America/")
    assert len(america) == 25
    assert all(choice["value"].startswith("America/") and len(choice["name"]) <= 100 for choice in america)
    blank = await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "")
    assert blank[0]["value"] == "UTC"
    assert await world.mod.autocomplete(world.channel, "paper subscribe", "timezone", "zzzz") == []


async def test_a_member_without_manage_channels_cannot_subscribe_or_unsubscribe(
    simcord_env: simcord.Env, world: World, bot: PaperBot
) -> None:
    text = reply(await world.alice.slash(world.channel, "paper subscribe"))
    assert "**Manage Channels**" in text
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None
    await world.mod.slash(world.channel, "paper subscribe")
    text = reply(await world.alice.slash(world.channel, "paper unsubscribe"))
    assert "**Manage Channels**" in text
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert sub.status == "active"
    expect_errors(simcord_env, UserFacingError, UserFacingError)


async def test_the_bot_says_which_permissions_it_lacks_in_the_target_channel(
    simcord_env: simcord.Env, world: World, bot: PaperBot
) -> None:
    text = reply(await world.mod.slash(world.channel, "paper subscribe", channel=world.no_bot))
    assert f"I can't post the daily paper in <#{world.no_bot.id}>" in text
    assert "**Send Messages**, **Embed Links**" in text
    assert "View Channel" not in text
    expect_errors(simcord_env, UserFacingError)
    assert await daily(bot).subscriptions.by_channel(world.no_bot.id) is None


async def test_a_topic_nothing_matches_is_refused(simcord_env: simcord.Env, world: World, bot: PaperBot) -> None:
    text = reply(await world.mod.slash(world.channel, "paper subscribe", topic="xqzv underwater basket weaving"))
    assert "No papers match the topic" in text
    expect_errors(simcord_env, UserFacingError)
    assert await daily(bot).subscriptions.by_channel(world.channel.id) is None


async def test_a_server_has_at_most_the_configured_number_of_subscriptions(
    simcord_env: simcord.Env, world: World
) -> None:
    channels = [world.guild.create_text_channel(f"daily-{n}") for n in range(LIMIT + 1)]
    for channel in channels[:LIMIT]:
        assert reply(await world.mod.slash(channel, "paper subscribe")).startswith("Subscribed")
    text = reply(await world.mod.slash(channels[LIMIT], "paper subscribe"))
    assert f"already has {LIMIT} daily-post subscriptions" in text
    expect_errors(simcord_env, UserFacingError)
    assert reply(await world.mod.slash(channels[0], "paper subscribe", time="10:00")).startswith("Updated")
    reply(await world.mod.slash(channels[1], "paper unsubscribe"))
    assert reply(await world.mod.slash(channels[LIMIT], "paper subscribe")).startswith("Subscribed")


async def test_unsubscribe_reports_what_it_did(simcord_env: simcord.Env, world: World, bot: PaperBot) -> None:
    text = reply(await world.mod.slash(world.channel, "paper unsubscribe"))
    assert "There is no daily paper in" in text
    expect_errors(simcord_env, UserFacingError)
    await world.mod.slash(world.channel, "paper subscribe")
    text = reply(await world.mod.slash(world.channel, "paper unsubscribe", channel=world.channel))
    assert text.startswith(f"Stopped the paper of the day in <#{world.channel.id}>")
    listing = await world.mod.slash(world.channel, "paper subscriptions")
    assert listing.response is not None
    assert "no daily-paper subscriptions" in listing.response.content
    assert f"up to {LIMIT}" in listing.response.content
    sub = await daily(bot).subscriptions.by_channel(world.channel.id)
    assert sub is not None
    assert sub.status == "ended"


async def test_a_long_subscriptions_list_shows_whole_lines_and_says_how_many_more(
    simcord_env: simcord.Env, world: World, bot: PaperBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    many = 30  # a server whose operator raised MAX_SUBSCRIPTIONS_PER_GUILD
    monkeypatch.setattr(bot, "settings", bot.settings.with_overrides(max_subscriptions_per_guild=many))
    topic = " ".join(["learning"] * 11)  # 98 characters, and it matches papers
    for n in range(many):
        channel = world.guild.create_text_channel(f"daily-{n}")
        reply(await world.mod.slash(channel, "paper subscribe", timezone="America/Argentina/Buenos_Aires",
                                    topic=topic))

    listing = await world.alice.slash(world.channel, "paper subscriptions")

    assert listing.response is not None
    embed = listing.response.embeds[0]
    lines = (embed.description or "").split("\n")
    assert len(embed.description or "") <= 4096
    shown = lines[:-1]
    assert len(shown) < many
    assert all(line.startswith("• <#") and line.endswith(":R>)") for line in shown)  # no line cut in half
    assert lines[-1] == f"… and {many - len(shown)} more"
    assert embed.footer.text == f"{many} of at most {many} for this server"


@pytest.mark.parametrize(("topic", "note"), [
    ("ShadowKV", "Only 1 paper matches “ShadowKV”, so it is the paper of every day"),
    ("kv cache", "Only 2 papers match “kv cache”, so they come round again every 2 days"),
    ("language models", None),  # 20 papers: weeks before one comes back
])
async def test_a_topic_with_few_papers_says_how_soon_they_repeat(world: World, topic: str, note: str | None) -> None:
    result = await world.mod.slash(world.channel, "paper subscribe", time="09:00", topic=topic)

    assert result.response is not None
    reply = result.response.content
    assert reply.startswith("Subscribed"), reply
    # Before, a topic only one paper matches was taken without a word, and that paper came every day.
    if note:
        assert reply.endswith(f"\n-# {note}; a broader topic gives more variety."), reply
    else:
        assert "-# " not in reply
    again = await world.mod.slash(world.channel, "paper subscribe", time="10:00")  # the topic kept, not typed
    assert again.response is not None
    assert "a broader topic" not in again.response.content
