"""Daily paper posts: /paper subscribe, /paper unsubscribe, /paper subscriptions and the delivery loop."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.cogs.daily._commands import DailyPosts

if TYPE_CHECKING:
    from bot.client import PaperBot


async def setup(bot: PaperBot) -> None:
    """Add the daily-posts cog (discord.py extension entry point); needs bot.cogs.papers loaded first."""
    await bot.add_cog(DailyPosts(bot))
