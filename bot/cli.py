"""The `paperbot` / `python -m bot` command line: no subcommand runs the bot, subcommands are tools.

Each subcommand is a small function `_cmd_<name>(args, settings) -> int` (the exit code);
`build_parser` wires them up. Tools never need a Discord token.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.settings import Settings, load_settings

log = logging.getLogger("paperbot")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", type=Path, help="SQLite database file (default: DATABASE_PATH or paperbot.db)")
    common.add_argument("--corpus", type=Path, action="append",
                        help="corpus file or folder, repeatable (default: CORPUS_PATH or the bundled data/)")

    parser = argparse.ArgumentParser(prog="paperbot", parents=[common],
                                     description="A Discord bot for reading research papers.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("run", parents=[common], help="run the bot (the default)")

    ingest = sub.add_parser("ingest", parents=[common], help="load corpus files into the database")
    ingest.add_argument("paths", nargs="*", type=Path, help="files or folders (default: the configured corpus)")
    ingest.add_argument("--force", action="store_true", help="reload even when the corpus is unchanged")

    sub.add_parser("stats", parents=[common], help="papers active/retired, venues, last load")

    show = sub.add_parser("show", parents=[common], help="print one paper")
    show.add_argument("paper_id")
    show.add_argument("--json", action="store_true", help="print JSON")

    search = sub.add_parser("search", parents=[common], help="search papers ('-' reads queries from stdin)")
    search.add_argument("query")
    search.add_argument("--limit", type=int, default=10)
    search.add_argument("--json", action="store_true", help="one JSON object per query")

    today = sub.add_parser("today", parents=[common], help="the paper of the day")
    today.add_argument("--date", help="YYYY-MM-DD (default: today, UTC)")
    today.add_argument("--topic", help="the pick among papers matching this topic")

    sub.add_parser("subscriptions", parents=[common], help="list daily-post subscriptions")
    sub.add_parser("sync", parents=[common], help="sync slash commands to Discord now")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `paperbot` and `python -m bot`; returns the exit code."""
    args = build_parser().parse_args(argv)
    settings = load_settings(database_path=args.db, corpus_paths=tuple(args.corpus) if args.corpus else None)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    command = args.command or "run"
    handler = _COMMANDS[command]
    try:
        return handler(args, settings)
    except KeyboardInterrupt:
        return 130


def _cmd_run(args: argparse.Namespace, settings: Settings) -> int:
    from bot.client import run_bot

    return run_bot(settings)


def _cmd_sync(args: argparse.Namespace, settings: Settings) -> int:
    from bot.client import run_bot

    return run_bot(settings, sync_only=True)


def _not_built_yet(args: argparse.Namespace, settings: Settings) -> int:
    print(f"paperbot {args.command}: not available yet", file=sys.stderr)
    return 2


_COMMANDS: dict[str, Callable[[argparse.Namespace, Settings], int]] = {
    "run": _cmd_run,
    "sync": _cmd_sync,
    "ingest": _not_built_yet,
    "stats": _not_built_yet,
    "show": _not_built_yet,
    "search": _not_built_yet,
    "today": _not_built_yet,
    "subscriptions": _not_built_yet,
}
