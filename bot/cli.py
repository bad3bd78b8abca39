"""The `paperbot` / `python -m bot` command line: no subcommand runs the bot, subcommands are tools.

Each subcommand is a small function `_cmd_<name>(args, settings) -> int` (the exit code);
`build_parser` wires them up. Tools never need a Discord token.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import logging
import os
import shutil
import signal
import sys
import textwrap
from collections.abc import Callable, Coroutine, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from bot.settings import SETTING_NAMES, Settings, load_settings

if TYPE_CHECKING:
    from datetime import date, datetime

    import aiosqlite

    from storage.models import Paper
    from storage.search import SearchEngine, SearchResults, Venue
    from storage.subscriptions import Delivery, Subscription

log = logging.getLogger("paperbot")
_MAX_LISTED_DUPLICATES = 20  # `paperbot ingest` names this many repeated abstracts, then counts the rest

EXIT_STATUSES = ("exit status: 0 done; 1 not there or not possible (unknown id, no database, nothing loadable); "
                 "2 usage error or, for the bot, no usable token; 130 interrupted; 141 output closed early. "
                 "SIGTERM (kill, systemd, docker stop) stops as Ctrl-C does, then exits by that signal")


# `paperbot --help` named no setting: not even the token, the one thing running the bot needs.
SETTINGS_HELP = ("settings, from the environment or a .env file in this folder (see .env.example): "
                 + ", ".join(SETTING_NAMES).replace("DISCORD_TOKEN", "DISCORD_TOKEN (needed to run the bot)"))


def _paragraphs(*texts: str) -> str:
    """Text for a help epilog: each one wrapped to the terminal, a blank line between them (argparse's
    default formatter would run them together)."""
    width = min(shutil.get_terminal_size().columns, 100) - 2
    return "\n\n".join(textwrap.fill(text, width) for text in texts)


def _user_path(text: str) -> Path:
    """A path given on the command line, `~` expanded: the shell leaves `--db=~/papers.db` alone."""
    return Path(text).expanduser()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    common = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: without it the subcommand's own copy (default None) overwrites `paperbot --db X stats`.
    common.add_argument("--db", type=_user_path, default=argparse.SUPPRESS, metavar="FILE",
                        help="SQLite database file (default: DATABASE_PATH or paperbot.db)")
    common.add_argument("--corpus", type=_user_path, action="append", default=argparse.SUPPRESS, metavar="PATH",
                        help="corpus file or folder, repeatable (default: CORPUS_PATH or the bundled data/)")

    parser = argparse.ArgumentParser(prog="paperbot", parents=[common],
                                     description="A Discord bot for reading research papers.",
                                     epilog=_paragraphs(SETTINGS_HELP, EXIT_STATUSES),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def command(name: str, what: str) -> argparse.ArgumentParser:
        """A subcommand listed in `paperbot --help` as doing `what`; its own --help says so too (it gave only
        its usage)."""
        return sub.add_parser(name, parents=[common], help=what, description=f"paperbot {name}: {what}.")

    command("run", "run the bot (the default)")

    ingest = command("ingest", "load corpus files into the database")
    ingest.add_argument("paths", nargs="*", type=_user_path, metavar="PATH",
                        help="files or folders (default: the configured corpus)")
    ingest.add_argument("--force", action="store_true", help="reload even when the corpus is unchanged")

    command("embed", "embed the abstracts for search by meaning (the bot does it in the background)")

    command("stats", "papers active/retired, venues, last load")

    show = command("show", "print one paper, named by its id, a link or its title")
    show.add_argument("paper_id", metavar="PAPER", help="its id (as in every card's footer), one of its links (page, "
                      "PDF or code) or its title")
    show.add_argument("--json", action="store_true", help="print JSON")

    search = command("search", "search papers ('-' reads queries from stdin)")
    search.add_argument("query", metavar="QUERY", help="what to search for; '-' reads one query per line "
                        "from stdin and prints one JSON line each")
    search.add_argument("--limit", type=int, default=10, metavar="N", help="results per query, 1 to 100 (default 10)")
    search.add_argument("--json", action="store_true", help="one JSON object per query")
    search.add_argument("--venue", metavar="NAME", help="only papers from this venue, as `paperbot stats` lists them "
                        "(case and spacing aside: 'icml 2018'); one it does not list names the closest")
    # The options, then QUERY, as tests/test_cli_search.py pins them; the venue after it: "QUERY within NAME".
    search.usage = "%(prog)s [-h] [--db FILE] [--corpus PATH] [--limit N] [--json] QUERY [--venue NAME]"

    today = command("today", "the paper of the day")
    today.add_argument("--date", metavar="YYYY-MM-DD", help="YYYY-MM-DD (default: today, UTC)")
    today.add_argument("--topic", help="the pick among papers matching this topic")

    subscriptions = command("subscriptions", "list daily-post subscriptions")
    subscriptions.add_argument("--all", action="store_true", help="include ended (unsubscribed, deleted) ones")
    command("sync", "sync slash commands to Discord now")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `paperbot` and `python -m bot`; returns the exit code."""
    args = build_parser().parse_args(argv)
    _write_what_the_output_cannot_encode()
    corpus = getattr(args, "corpus", None)
    settings = load_settings(database_path=getattr(args, "db", None), corpus_paths=tuple(corpus) if corpus else None)
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    if settings.log_level != "DEBUG":  # its notes on LaTeX it reads leniently name no paper and fix nothing
        logging.getLogger("pylatexenc").setLevel(logging.ERROR)
    command = args.command or "run"
    handler = _COMMANDS[command]
    termination = _Termination()
    try:
        with termination:
            return handler(args, settings)
    except KeyboardInterrupt:
        return _ended_by_sigterm() if termination.received else 130
    except BrokenPipeError:
        return _reader_gone()


def _write_what_the_output_cannot_encode() -> None:
    """Standard output writes a character its encoding lacks as "?", as standard error writes it escaped.

    Output that is no terminal taking Unicode (a file or pipe on Windows, cp1252; a Latin-1 locale;
    PYTHONIOENCODING=ascii) has the locale's encoding, and Python's default for standard output is to raise:
    `paperbot show ID > paper.txt` of an abstract with a Θ ended in a traceback, half the paper written.
    """
    if isinstance(sys.stdout, io.TextIOWrapper):  # not when a test or an embedding program put another stream there
        sys.stdout.reconfigure(errors="replace")


class _Termination:
    """While active, SIGTERM stops the program as Ctrl-C does.

    SIGTERM is how `kill`, systemd, `docker stop` and hosting platforms ask a process to stop. Left to
    its default it ended the process on the spot: no clean-up, so the worker processes of a load or of
    the bot's background embedding went on running with no parent, and as a container's first process
    (which the kernel spares signals it has no handler for) it was ignored until `docker stop` killed
    it. Handing it to the SIGINT handler gives it Ctrl-C's path: asyncio's cancels the running task
    (a load rolls back, the bot closes), Python's raises KeyboardInterrupt.
    """

    def __init__(self) -> None:
        self.received = False
        self._previous: Any = None

    def __enter__(self) -> _Termination:
        try:
            self._previous = signal.signal(signal.SIGTERM, self._stop)
        except ValueError:  # not the main thread (main() called from a thread): signals are not ours to take
            self._previous = None
        return self

    def __exit__(self, *_: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGTERM, self._previous)

    def _stop(self, signum: int, frame: Any) -> None:
        self.received = True
        on_ctrl_c = signal.getsignal(signal.SIGINT)
        if not callable(on_ctrl_c):  # Ctrl-C ignored (started in the background by a script): stop anyway
            raise KeyboardInterrupt
        on_ctrl_c(signal.SIGINT, frame)


def _ended_by_sigterm() -> int:
    """After the clean-up, end by SIGTERM itself, as a process without a handler would: a service manager
    counts that a clean stop (systemd marks an exit status 143 "failed"). 143 where the signal cannot end
    this process (a container's first process)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)
    return 128 + signal.SIGTERM


def _reader_gone() -> int:
    """Whoever read our output went away (`paperbot search - < queries | head`): stop quietly.

    Status 141 (128 + SIGPIPE) is what a shell reports for any Unix filter stopped this way. Standard
    output is pointed at /dev/null so that Python's own flush at exit does not complain once more.
    """
    with contextlib.suppress(OSError, ValueError):  # not a real file (tests capture it): nothing to silence
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 141


class _ToolError(Exception):
    """A problem the user can fix, told as one line on stderr (`paperbot: ...`) with exit status 1."""


def _on_database(settings: Settings, work: Callable[[aiosqlite.Connection], Coroutine[Any, Any, int]], *,
                 must_exist: bool = False, may_read_only: bool = False) -> int:
    """Open the configured database, run `work` on it, close it: every tool's way in.

    `may_read_only`: the tool can do its work on a database the user may only read (see
    `_database_session`); a write it then attempts all the same is one line, not a traceback.
    """
    import sqlite3

    try:
        with _database_session(settings, must_exist=must_exist, may_read_only=may_read_only) as (runner, conn):
            return runner.run(work(conn))
    except _ToolError as error:
        print(f"paperbot: {error}", file=sys.stderr)
        return 1
    except sqlite3.Error as error:  # e.g. `today` recording a new day's pick, `search` loading an empty database
        failure = _storage_failure(settings.database_path, error)
        if failure is None:
            raise
        print(f"paperbot: {failure}", file=sys.stderr)
        return 1


def _storage_failure(path: Path, error: BaseException) -> str | None:
    """One line for a database failure the user can act on (a read-only file, a damaged one, a full disk), else None."""
    from storage.db import busy, cannot_write, damaged, damaged_database, disk_refused, refuses_writing

    if refuses_writing(error):
        return _cannot_write(path)
    if damaged(error):  # opened, then a damaged page read: `stats`, `search`, `today` ... all meet it
        return damaged_database(path, error)
    if disk_refused(error):  # `today` recording the day's pick, `search` loading an empty database
        return cannot_write(path, error, then="free some space, then run it again")
    if busy(error):  # the same, while another process (a large `paperbot ingest`, the bot) writes
        return cannot_write(path, error, then="run it again in a moment")
    return None


def _cannot_write(path: Path) -> str:
    """Why nothing was written to a database the user may only read, and what still works."""
    from storage.db import cannot_write

    return cannot_write(path, then="stats, show, search and subscriptions can read it")


@contextlib.contextmanager
def _database_session(settings: Settings, *, must_exist: bool = False,
                      may_read_only: bool = False) -> Iterator[tuple[asyncio.Runner, aiosqlite.Connection]]:
    """The configured database, open on an event loop that lasts for several `runner.run` calls.

    A database that cannot be opened is a `_ToolError`, not a traceback. With `must_exist` (the tools
    that only read), so is a missing file: a mistyped --db must not leave a new empty database behind
    and report "0 papers" as if that were the truth. With `may_read_only`, a database SQLite may not
    write (the file, its folder, a read-only mount) is opened for reading only; without, that is a
    `_ToolError` saying so.
    """
    path = settings.database_path
    if must_exist and not Path(path).exists():
        raise _ToolError(f"there is no database at {path}: check --db or DATABASE_PATH, "
                         "or run `paperbot ingest` to create it")
    if Path(path).is_dir():  # checked here: aiosqlite's failed connect leaves a thread that complains at exit
        raise _ToolError(f"cannot open the database {path}: it is a folder, give a file name "
                         "(check --db or DATABASE_PATH)")
    with asyncio.Runner() as runner:
        conn = _open(runner, path, may_read_only=may_read_only)
        try:
            yield runner, conn
        finally:
            runner.run(conn.close())


def _open(runner: asyncio.Runner, path: Path, *, may_read_only: bool) -> aiosqlite.Connection:
    """Open the database for writing (migrated), or, where SQLite may not write it and `may_read_only`, for reading."""
    import sqlite3

    from storage.db import DISK_HINT, SchemaTooNewError, cannot_open, disk_refused, open_database, refuses_writing

    if may_read_only and path.exists() and _read_only_to_us(path):  # not even trying to migrate it
        return _open_read_only(runner, path)
    try:
        return runner.run(open_database(path))
    except SchemaTooNewError as error:
        raise _ToolError(f"cannot open the database {path}: {error}") from error
    except (OSError, sqlite3.Error) as error:  # e.g. the permissions say nothing of a read-only mount
        if not (refuses_writing(error) or (cannot_open(error) and _read_only_to_us(path))):
            hint = DISK_HINT if disk_refused(error) else "check --db or DATABASE_PATH"
            raise _ToolError(f"cannot open the database {path}: {error} ({hint})") from error
        if not may_read_only and not path.exists():
            raise _ToolError(f"cannot create the database {path}: its folder is read-only to you "
                             "(check --db or DATABASE_PATH)") from error
        if not may_read_only:
            raise _ToolError(_cannot_write(path)) from error
    return _open_read_only(runner, path)


def _read_only_to_us(path: Path) -> bool:
    """Whether we may not write the database file, or create its -wal and -shm files beside it."""
    return (path.exists() and not os.access(path, os.W_OK)) or not os.access(path.parent, os.W_OK)


def _open_read_only(runner: asyncio.Runner, path: Path) -> aiosqlite.Connection:
    """The database opened for reading only, or a `_ToolError` saying why it cannot be read."""
    import sqlite3

    from storage.db import SchemaTooNewError, SchemaTooOldError, UnappliedChangesError, open_database_read_only

    try:
        return runner.run(open_database_read_only(path))
    except SchemaTooNewError as error:
        raise _ToolError(f"cannot read the database {path}: {error}") from error
    except SchemaTooOldError as error:
        if error.version == 0:
            raise _ToolError(f"cannot read the database {path}: it holds no paperbot tables, and it is "
                             "read-only to you (check --db or DATABASE_PATH)") from error
        raise _ToolError(f"cannot read the database {path}: an older paperbot wrote it (schema {error.version}, "
                         f"this one reads {error.needed}) and it is read-only to you, so it cannot be brought "
                         "up to date; run `paperbot stats` on it once with write access") from error
    except UnappliedChangesError as error:
        raise _ToolError(f"cannot read the database {path}: {error}; run `paperbot stats` on it once with write "
                         "access, or copy the file and its -wal file together to a folder of yours") from error
    except (OSError, sqlite3.Error) as error:
        raise _ToolError(f"cannot open the database {path}: {error} (check --db or DATABASE_PATH)") from error


def _cmd_run(args: argparse.Namespace, settings: Settings) -> int:
    from bot.client import run_bot

    return run_bot(settings)


def _cmd_sync(args: argparse.Namespace, settings: Settings) -> int:
    from bot.client import run_bot

    return run_bot(settings, sync_only=True)


def _cmd_ingest(args: argparse.Namespace, settings: Settings) -> int:
    """Load corpus files into the database; non-zero exit when nothing at all could be loaded."""
    import sqlite3

    from storage.db import disk_refused
    from storage.loader import counted, load_corpus, summary

    paths = list(args.paths) or list(settings.corpus_paths)
    bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None

    async def ingest(conn: aiosqlite.Connection) -> int:
        try:
            try:
                report = await load_corpus(conn, paths, force=args.force, progress=bar)
            finally:  # first: what follows goes on a line of its own
                if bar:
                    bar.finish()
        except (sqlite3.Error, OSError) as exc:  # the load is one transaction: nothing was written
            failed = (None if disk_refused(exc) else _storage_failure(settings.database_path, exc)) or \
                f"the load failed ({exc}); {settings.database_path} is unchanged"
            print(f"paperbot ingest: {failed}", file=sys.stderr)
            return 1
        except asyncio.CancelledError:  # Ctrl-C: load_corpus stopped the load before its commit
            print(f"paperbot ingest: interrupted; {settings.database_path} is unchanged", file=sys.stderr)
            raise
        print(f"{settings.database_path}: {summary(report)}")
        for note in report.duplicate_notes[:_MAX_LISTED_DUPLICATES]:
            print(f"  duplicate: {note}")
        if report.duplicates > _MAX_LISTED_DUPLICATES:  # the summary's count must not look contradicted
            print(f"  … and {counted(report.duplicates - _MAX_LISTED_DUPLICATES, 'more duplicate')}")
        for problem in report.problems:
            print(f"  problem: {problem}", file=sys.stderr)
        await _hint_embedding(conn, settings)
        return 1 if report.gave_nothing else 0

    return _on_database(settings, ingest)


async def _hint_embedding(conn: aiosqlite.Connection, settings: Settings) -> None:
    """After a load: say how many abstracts search cannot yet read by meaning, and what embeds them.

    `ingest` itself does not embed: the encoder reads ~100 abstracts a second, the loader 5,000.
    """
    from storage.loader import counted
    from storage.vectors import count_missing

    missing = await count_missing(conn)
    if missing:
        who = "the bot embeds them in the background, or run" if settings.embed_abstracts else "run"
        print(f"search by meaning: {counted(missing, 'abstract')} not embedded yet; {who} `paperbot embed`")


def _cmd_embed(args: argparse.Namespace, settings: Settings) -> int:
    """Embed the active abstracts that have no vector yet; a progress bar on a terminal."""
    import sqlite3
    import time

    from storage.db import refuses_writing
    from storage.loader import counted
    from storage.papers import PaperRepository
    from storage.vectors import count_missing, embed_missing, load_encoder

    async def embed(conn: aiosqlite.Connection) -> int:
        active = await PaperRepository(conn).count()
        if active == 0:
            print(f"paperbot embed: no papers in {settings.database_path} to embed (run `paperbot ingest`)",
                  file=sys.stderr)
            return 1
        missing = await count_missing(conn)
        if missing == 0:
            print("the abstract is already embedded" if active == 1 else f"all {active:,} abstracts already embedded")
            return 0
        encoder = await asyncio.to_thread(load_encoder)
        if encoder is None:  # load_encoder logged why
            print("paperbot embed: the sentence encoder could not be loaded (see above); search ranks by words only",
                  file=sys.stderr)
            return 1
        bar = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
        started, done = time.monotonic(), 0

        def progress(count: int) -> None:
            nonlocal done
            done = count
            if bar:
                bar("embedding", count, missing)

        try:
            try:
                await embed_missing(conn, encoder, progress=progress)
            finally:  # first: what follows goes on a line of its own
                if bar:
                    bar.finish()
        except asyncio.CancelledError:  # Ctrl-C: the batches written so far stay
            print(f"paperbot embed: stopped after {done:,} of {max(done, missing):,} abstracts; run it again to go on",
                  file=sys.stderr)
            raise
        except sqlite3.Error as error:  # e.g. another process held the write lock past the busy timeout
            if refuses_writing(error):  # the file is read-only, its folder is not (or the open had failed)
                print(f"paperbot embed: {_cannot_write(settings.database_path)}", file=sys.stderr)
                return 1
            print(f"paperbot embed: could not store the vectors ({error}) after {done:,} of "
                  f"{max(done, missing):,} abstracts; the ones stored are kept, run it again to go on", file=sys.stderr)
            return 1
        seconds = time.monotonic() - started
        print(f"embedded {counted(done, 'abstract')} in {seconds:.{0 if seconds >= 10 else 1}f} s; "
              "search re-ranks by meaning")
        return 0

    return _on_database(settings, embed, must_exist=True)


class _ProgressBar:
    """A one-line progress bar for long loads, drawn only on a terminal."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self._stream, self._width, self._drawn = stream, width, False

    def __call__(self, stage: str, done: int, total: int) -> None:
        total = max(total, done)  # more than counted at the start: a load committed while `embed` ran
        filled = self._width * done // total if total else self._width
        self._stream.write(f"\r{stage:<10} [{'#' * filled}{'.' * (self._width - filled)}] {done:,}/{total:,}")
        self._drawn = True
        if stage == "writing" and done >= total:  # the last stage: end the line before the load logs
            self.finish()
        self._stream.flush()

    def finish(self) -> None:
        """End the bar's line."""
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()
            self._drawn = False


def _cmd_stats(args: argparse.Namespace, settings: Settings) -> int:
    """Print papers active/retired, venues, the last load and the database file."""
    from storage.loader import corpus_stats

    database = Path(settings.database_path).resolve()

    async def stats(conn: aiosqlite.Connection) -> int:
        found = await corpus_stats(conn)
        print(f"database:  {database}")
        print(f"papers:    {found.active:,} active, {found.retired:,} retired")
        print("venues:    " + (", ".join(f"{_one_line(venue)} ({count:,})" for venue, count in found.venues) or "none"))
        if found.last_load_at:
            print(f"last load: {found.last_load_at} ({found.last_load_summary})")
            for name in found.last_load_files:
                print(f"           {name}")
        else:
            print("last load: never (run `paperbot ingest`)")
        return 0

    return _on_database(settings, stats, must_exist=True, may_read_only=True)


def _cmd_show(args: argparse.Namespace, settings: Settings) -> int:
    """Print one paper (active or retired) as text or JSON, named by its id, a link of it or its title; exit 1
    when none is, or several are."""
    import dataclasses
    import json

    from storage.papers import looked_for, written_as_id

    typed = args.paper_id
    if not typed.strip():
        print("paperbot show: give the paper's id, one of its links or its title", file=sys.stderr)
        return 2

    async def show(conn: aiosqlite.Connection) -> int:
        paper, refusal = await _paper_by_id(conn, typed), ""
        if paper is None and written_as_id(typed):  # "Tokenizers", ten letters of an id's, may be a title
            refusal = (f"no paper {looked_for(typed)} {typed!r} in {settings.database_path} "
                       "(every card's footer has the id; `paperbot search` finds one)")
        elif paper is None:  # a link or a title: only now is the search index built
            paper, refusal = await _named_paper(conn, typed, settings.database_path)
        if paper is None:
            print(f"paperbot show: {refusal}", file=sys.stderr)
            return 1
        if args.json:
            print(json.dumps(dataclasses.asdict(paper), ensure_ascii=False, indent=2))
            return 0
        _print_paper(paper)
        return 0

    return _on_database(settings, show, must_exist=True, may_read_only=True)


def _print_paper(paper: Paper) -> None:
    """`paperbot show`'s text: the title, one row per field, then the abstract (`_as_text`; --json keeps them as
    stored)."""
    rows = [("id", paper.id + ("" if paper.active else " (retired)")), ("venue", _one_line(paper.venue or "")),
            ("authors", ", ".join(paper.authors)), ("names", ", ".join(paper.names)),
            ("keywords", ", ".join(paper.keywords)), ("links", " ".join(paper.links)),
            ("url", paper.url), ("pdf", paper.pdf), ("source", paper.source)]
    print(_as_text(paper.title, title=True))
    for label, value in rows:
        if value:
            print(f"  {label + ':':<9} {value}")
    print()
    print(_as_text(paper.abstract))


def _one_line(text: str) -> str:
    """`text` on one line, its whitespace runs one space: a venue a BibTeX booktitle wrapped over two lines broke the
    line of `stats` and `show` that names it."""
    return " ".join(text.split())


def _as_text(markdown: str, *, title: bool = False) -> str:
    """A stored title or abstract (Discord markdown) as a terminal shows text: escapes as the characters ("Θ\\_L",
    "x\\*"), a title's markup left out ("q`POTS`" is "qPOTS", as autocomplete shows it)."""
    from storage._search_snippet import unescape
    from storage.search import plain_title

    return plain_title(markdown) if title else unescape(markdown)


_NAMED_AT_MOST = 5  # the papers an ambiguous link or title lists, and the closest titles of an unknown one


async def _paper_by_id(conn: aiosqlite.Connection, typed: str) -> Paper | None:
    """The paper (active or retired) whose id was typed, or whose card's footer was pasted whole ("id abc123 · …",
    as /paper show takes it); one read of the database each."""
    from storage.papers import PaperRepository, pasted_id

    papers = PaperRepository(conn)
    paper = await papers.by_id(typed)
    if paper is None:
        paper_id = pasted_id(typed)
        paper = await papers.by_id(paper_id) if paper_id else None
    return paper


async def _named_paper(conn: aiosqlite.Connection, typed: str, database: Path) -> tuple[Paper | None, str]:
    """The paper that `typed`, a link or a title, names (as /paper show and /paper search read them), or None and
    the one line saying why not: no paper has that link or title (with the closest titles), or several have."""
    from storage.papers import PaperRepository, looked_for
    from storage.search import SearchEngine, arxiv_key, papers_with_link, written_as_link

    engine = await SearchEngine.open(conn, meaning=False)  # a lookup: no sentence encoder to load
    shown = _echo(typed)
    paper_id = engine.by_url(typed)
    if paper_id is None:  # a link shared by several papers, or a retired paper's (the index holds the current ones)
        holders = await papers_with_link(conn, typed)
        if len(holders) > 1:
            return None, (f"{len(holders)} papers have the link {shown} in {database}: {_listed(holders)}; "
                          "name one by its id")
        if holders:
            paper_id = holders[0][0]
        elif written_as_link(typed):
            return None, (f"no paper has the link {shown} in {database} (its page, PDF or code link; "
                          "`paperbot search` finds one)")
        elif arxiv_key(typed):  # "2401.01234", "arXiv:2401.01234v2": no title's words
            return None, (f"no paper {looked_for(typed)} {shown} in {database} (its arXiv page or PDF; "
                          "`paperbot search` finds one)")
    if paper_id is None and (titled := await engine.titled_or_retired(typed)):  # a retired paper's too
        if len(titled) > 1:  # one title in two venues' corpora (a cited venue names one)
            namesakes = [(paper.id, paper.venue) for paper in await PaperRepository(conn).by_ids(titled)]
            return None, (f"{len(namesakes)} papers are titled {shown} in {database}: {_listed(namesakes)}; "
                          "name one by its id")
        paper_id = titled[0]
    if paper_id is None:
        closest = await engine.autocomplete(typed, limit=_NAMED_AT_MOST)
        hint = ("; the closest: " + "; ".join(f"“{found.label}” ({found.id})" for found in closest)) if closest \
            else " (`paperbot search` finds one)"
        return None, f"no paper {looked_for(typed)} {shown} in {database}{hint}"
    return await PaperRepository(conn).by_id(paper_id), ""


def _echo(typed: str) -> str:
    """What the user typed, quoted on one line, at most 80 characters of it."""
    text = " ".join(typed.split())
    return repr(text if len(text) <= 80 else text[:79] + "…")


def _listed(papers: Sequence[tuple[str, str | None]]) -> str:
    """"abc (ICML 2018), def (AISTATS 2025)": ids and venues, the first few, then how many more."""
    named = [f"{paper_id} ({venue})" if venue else paper_id for paper_id, venue in papers[:_NAMED_AT_MOST]]
    more = f" and {len(papers) - _NAMED_AT_MOST} more" if len(papers) > _NAMED_AT_MOST else ""
    return ", ".join(named) + more


def _cmd_today(args: argparse.Namespace, settings: Settings) -> int:
    """Print the paper of the day (for --date, --topic); the same recorded pick the bot posts."""
    from datetime import UTC, date, datetime

    from storage.papers import PaperRepository
    from storage.picks import PickRepository

    try:
        day = date.fromisoformat(args.date) if args.date else datetime.now(UTC).date()
    except ValueError:
        print(f"paperbot today: --date must look like 2026-12-01, got {args.date!r}", file=sys.stderr)
        return 2

    async def today(conn: aiosqlite.Connection) -> int:
        picks = PickRepository(conn)
        topic, candidates = args.topic, None
        past = day < datetime.now(UTC).date()  # picking a past day now would use up a paper nobody saw
        recorded = await picks.recorded(day, topic=topic) is not None
        # Nothing recorded to show, the topic's or the general pick it falls back to: said before the search
        # engine is built (seconds at 100,000 papers) only to ask whether the topic matches.
        if past and not recorded and (not topic or await picks.recorded(day) is None):
            return _no_recorded_pick(day, settings)
        if topic and not recorded:
            candidates = await _topic_candidates(conn, topic)
            if not candidates and await PaperRepository(conn).count():
                # What a daily post about it shows (bot.today.day_pick), and says so.
                print(f"paperbot today: no paper matches {topic!r}, so a daily post about it shows the general "
                      "paper of the day", file=sys.stderr)
                topic, candidates = None, None
            elif past:
                return _no_recorded_pick(day, settings)
        paper = await picks.pick_for(day, topic=topic, candidates=candidates)
        if paper is None:
            about = f" about {topic!r}" if topic else ""
            print(f"paperbot today: no papers{about} to choose from in {settings.database_path} "
                  "(run `paperbot ingest`)", file=sys.stderr)
            return 1
        print(f"Paper of the day, {day:%A %-d %B %Y}" + (f" ({topic})" if topic else ""))
        print(f"{_as_text(paper.title, title=True)}\n  id:    {paper.id}"
              + (f"\n  venue: {_one_line(paper.venue)}" if paper.venue else ""))
        print()
        print(_as_text(paper.abstract))
        return 0

    return _on_database(settings, today, must_exist=True, may_read_only=True)


def _no_recorded_pick(day: date, settings: Settings) -> int:
    """Say that `paperbot today --date` has no recorded pick to show for a past day (status 1)."""
    print(f"paperbot today: no paper of the day was recorded for {day} in {settings.database_path}", file=sys.stderr)
    return 1


async def _topic_candidates(conn: aiosqlite.Connection, topic: str) -> list[str]:
    """The ids of the active papers about `topic`, from the search engine the bot uses (by words: a
    topic's papers are those every word matches, so the sentence encoder is not loaded)."""
    from storage.search import SearchEngine

    engine = await SearchEngine.open(conn, meaning=False)
    return list(await engine.matching_ids(topic))


def _cmd_subscriptions(args: argparse.Namespace, settings: Settings) -> int:
    """List daily-post subscriptions: where, when, status, next post (UTC) and the last delivery."""
    from datetime import UTC, datetime

    from storage.subscriptions import SubscriptionRepository

    async def listing(conn: aiosqlite.Connection) -> int:
        repo = SubscriptionRepository(conn)
        subs = await repo.all(include_ended=args.all)
        now = datetime.now(UTC)
        # Not the latest delivery's day: one a clock set years ahead claimed is not a day posted (FURTHEST_AHEAD),
        # neither the last delivery nor a day the next post comes after, as the bot itself sees it (claim_due).
        posted = await repo.last_claimed_days([sub.id for sub in subs], now=now)
        last = {sub.id: await repo.delivery(sub.id, posted[sub.id]) if sub.id in posted else None for sub in subs}
        newest = {sub.id: next(iter(await repo.history(sub.id, limit=1)), None) for sub in subs}
        print(f"{len(subs)} subscription(s) in {settings.database_path}")
        if subs:
            print(f"{'server':<20} {'channel':<20} {'time':<5} {'time zone':<20} {'status':<7} "
                  f"{'next post (UTC)':<17} last delivery / topic")
        for sub in subs:
            ahead = newest[sub.id] if newest[sub.id] not in (None, last[sub.id]) else None
            print(_subscription_row(sub, last[sub.id], now, posted_day=posted.get(sub.id), ahead=ahead))
        return 0

    return _on_database(settings, listing, must_exist=True, may_read_only=True)


def _subscription_row(sub: Subscription, delivered: Delivery | None, now: datetime, *,
                      posted_day: date | None, ahead: Delivery | None = None) -> str:
    """One line of `paperbot subscriptions`: `delivered`, its delivery of `posted_day`, the latest day it counts
    as posted (`SubscriptionRepository.last_claimed_days`), after which its next post comes; `ahead`, a later
    delivery a clock set ahead claimed (the operator sees it was posted, not as the last one)."""
    from storage.subscriptions import ScheduleError, format_post_time

    held: list[str] = []
    try:
        upcoming = sub.next_post_at(now, posted_day=posted_day)
    except ScheduleError:  # a zone stored where a newer tz database had it: the bot holds its posts (claim_due)
        upcoming, held = None, [f"(held: this machine's time zone database lacks {sub.timezone}; update tzdata)"]
    when = upcoming.strftime("%Y-%m-%d %H:%M") if upcoming else "-"
    notes = [f"{delivered.local_day} {delivered.status}" if delivered else "never posted"]
    notes += [f"also {ahead.local_day} {ahead.status}: claimed by a clock set ahead"] if ahead else []
    notes += [f"topic {sub.topic!r}"] if sub.topic else []
    notes += [f"({sub.status_reason})"] if sub.status != "active" and sub.status_reason else held
    return (f"{sub.guild_id:<20} {sub.channel_id:<20} {format_post_time(sub.post_time):<5} "
            f"{sub.timezone:<20} {sub.status:<7} {when:<17} {'; '.join(notes)}")


def _cmd_search(args: argparse.Namespace, settings: Settings) -> int:
    """Search the papers: readable by default, JSON with --json, one JSON line per stdin line for `-`."""
    from storage.search import MAX_LIMIT, EmptyQueryError, SearchEngine

    if not 1 <= args.limit <= MAX_LIMIT:
        print(f"paperbot search: --limit must be between 1 and {MAX_LIMIT}, got {args.limit}", file=sys.stderr)
        return 2

    if args.query == "-":
        return _search_stdin(settings, args.limit, args.venue)

    async def search(conn: aiosqlite.Connection) -> int:
        await _load_if_empty(conn, settings)
        engine = await SearchEngine.open(conn)
        venue = engine.venue(args.venue) if args.venue is not None else None
        if args.venue is not None and venue is None:
            print(f"paperbot search: {_unknown_venue(engine, args.venue)}", file=sys.stderr)
            return 1  # not there, as an unknown id is (EXIT_STATUSES)
        try:
            results = await engine.search(args.query, limit=args.limit, venue=venue.key if venue else None)
        except EmptyQueryError as error:
            print(f"paperbot search: {error}", file=sys.stderr)
            return 2
        if args.json:
            print(json.dumps(_results_json(args.query, results, venue), ensure_ascii=False))
        else:
            _print_results(args.query, results, bold=sys.stdout.isatty(), venue=venue)
        return 0

    return _on_database(settings, search, may_read_only=True)


def _unknown_venue(engine: SearchEngine, typed: str) -> str:
    """The line for a `--venue` the active papers do not have: the venues it most likely meant, or that there
    are none."""
    from storage.search import closest_venues

    venues = engine.venues()
    if not venues:
        return f"no venue {typed!r}: the papers name no venue, leave --venue out"
    close = ", ".join(f"{venue.name} ({venue.papers:,})" for venue in closest_venues(typed, venues, _VENUES_NAMED))
    more = f"; `paperbot stats` lists all {len(venues):,}" if len(venues) > _VENUES_NAMED else ""
    return f"no venue {typed!r} among the papers; the closest: {close}{more}"


_VENUES_NAMED = 5


def _search_stdin(settings: Settings, limit: int, venue_named: str | None = None) -> int:
    """`paperbot search -`: one query per stdin line, one JSON line each, in order, flushed at once (within
    `venue_named`'s papers, when given: an unknown venue is one line and status 1 before any is read).

    Lines are read between event-loop runs, not inside one: asyncio's Ctrl-C handling cannot
    interrupt a blocking read, so at an interactive prompt the first Ctrl-C did nothing.
    """
    import sqlite3

    from storage.search import SearchEngine

    try:
        with _database_session(settings, may_read_only=True) as (runner, conn):
            runner.run(_load_if_empty(conn, settings))
            engine = runner.run(SearchEngine.open(conn))
            venue = engine.venue(venue_named) if venue_named is not None else None
            if venue_named is not None and venue is None:
                print(f"paperbot search: {_unknown_venue(engine, venue_named)}", file=sys.stderr)
                return 1
            if sys.stdin.isatty():  # someone at a terminal: nothing else shows that it waits for them
                print("paperbot search: type one query per line (one JSON line each); Ctrl-D ends", file=sys.stderr)
            for line in sys.stdin:
                found = runner.run(_search_json(engine, line.rstrip("\r\n"), limit, venue))
                print(json.dumps(found, ensure_ascii=False), flush=True)
    except _ToolError as error:
        print(f"paperbot: {error}", file=sys.stderr)
        return 1
    except sqlite3.Error as error:
        failure = _storage_failure(settings.database_path, error)
        if failure is None:
            raise
        print(f"paperbot: {failure}", file=sys.stderr)
        return 1
    return 0


async def _load_if_empty(conn: aiosqlite.Connection, settings: Settings) -> None:
    """Load the configured corpus into an empty database, so a first search finds something."""
    import sqlite3

    from storage.db import refuses_writing
    from storage.loader import load_corpus
    from storage.papers import PaperRepository

    if await PaperRepository(conn).count() == 0:
        print(f"paperbot search: {settings.database_path} has no papers yet: loading the configured corpus first",
              file=sys.stderr)
        try:
            report = await load_corpus(conn, list(settings.corpus_paths))
        except sqlite3.Error as error:  # `search -` has no `_on_database` to say so
            if refuses_writing(error):
                raise _ToolError(_cannot_write(settings.database_path)) from error
            raise
        if report.active == 0:  # say why, rather than "no papers match" as if the search had looked
            for problem in report.problems:
                print(f"  problem: {problem}", file=sys.stderr)
            corpus = os.pathsep.join(str(path) for path in settings.corpus_paths)
            raise _ToolError(f"no papers to search in {settings.database_path}: the configured corpus ({corpus}) "
                             "gave none (check --corpus or CORPUS_PATH, or run `paperbot ingest PATH`)")


async def _search_json(engine: SearchEngine, query: str, limit: int, venue: Venue | None = None) -> dict[str, object]:
    """One stdin query as a JSON-ready dict; a blank line gives an "error" and no results."""
    from storage.search import EmptyQueryError

    try:
        return _results_json(query, await engine.search(query, limit=limit, venue=venue.key if venue else None), venue)
    except EmptyQueryError as error:
        return {"query": query, **_within(venue), "error": str(error), "total": 0, "results": [], "suggestions": []}


def _within(venue: Venue | None) -> dict[str, object]:
    """The --json "venue" of a search within one (`--venue`, as the corpus names it); nothing without."""
    return {"venue": venue.name} if venue else {}


def _results_json(query: str, results: SearchResults, venue: Venue | None = None) -> dict[str, object]:
    """The --json shape: the query, the venue searched (with --venue), how many matched, suggestions, and one
    object per result."""
    return {
        "query": query,
        **_within(venue),
        "total": results.total,
        "suggestions": results.suggestions,
        "results": [
            {"id": hit.paper.id, "title": hit.paper.title, "abstract": hit.paper.abstract,
             "keywords": list(hit.paper.keywords), "names": list(hit.paper.names), "score": hit.score,
             "snippet": hit.snippet, "venue": hit.paper.venue, "url": hit.paper.url}
            for hit in results.hits
        ],
    }


def _print_results(query: str, results: SearchResults, *, bold: bool, venue: Venue | None = None) -> None:
    """Readable results: a count line (the venue's papers, with --venue), then each paper's title, id, score and
    snippet."""
    where = f" from {venue.name}" if venue else ""
    if not results.hits:
        print(f"no papers{where} match {query!r}")
        if results.suggestions:
            print("did you mean: " + ", ".join(results.suggestions))
        return
    print(f"{results.total:,} paper(s){where} match {query!r}; the best {len(results.hits)}:")
    if results.suggestions:
        print("(did you mean: " + ", ".join(results.suggestions) + "?)")
    for rank, hit in enumerate(results.hits, start=1):
        print(f"\n{rank:>2}. {_as_text(hit.paper.title, title=True)}\n    id {hit.paper.id} · score {hit.score:.2f}")
        print(f"    {_terminal_text(hit.snippet, bold=bold)}")


def _terminal_text(markdown: str, *, bold: bool) -> str:
    """Snippet markdown for a terminal: **bold** as ANSI bold (or plain), escapes removed."""
    import re

    on, off = ("\033[1m", "\033[0m") if bold else ("", "")
    text = re.sub(r"\*\*(.+?)\*\*", lambda m: on + m.group(1) + off, markdown)
    return re.sub(r"\\(.)", r"\1", text)


_COMMANDS: dict[str, Callable[[argparse.Namespace, Settings], int]] = {
    "run": _cmd_run,
    "sync": _cmd_sync,
    "ingest": _cmd_ingest,
    "embed": _cmd_embed,
    "stats": _cmd_stats,
    "show": _cmd_show,
    "search": _cmd_search,
    "today": _cmd_today,
    "subscriptions": _cmd_subscriptions,
}
