"""Feature cogs, one module per feature; `bot.client.EXTENSIONS` lists the ones loaded.

Other cogs add their subcommands to the `/paper` group that `bot.cogs.papers` owns, with
`paper_group(bot)` (load them after `bot.cogs.papers`).
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands


def paper_group(bot: commands.Bot) -> app_commands.Group:
    """The `/paper` command group (owned by the papers cog), to add subcommands to."""
    command = bot.tree.get_command("paper")
    if not isinstance(command, app_commands.Group):
        raise RuntimeError("the /paper group is missing: load bot.cogs.papers first")
    return command
