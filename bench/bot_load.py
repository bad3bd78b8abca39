"""Load benchmark: 500 concurrent `/paper search` interactions over a 3,300-paper corpus.

    .venv/bin/python bench/bot_load.py [--interactions 500] [--papers 3300] [--users 100]

The real bot (create_bot, real setup_hook, real SearchEngine, real SQLite file) runs under
SimCord. All interactions are emitted at once, then the bot works through them; we record, in
real (perf_counter) time, when each interaction was acknowledged (Discord's 3 s rule), when its
results were shown, and the longest event-loop stall seen by a 1 ms heartbeat task.

Floor, measured in the same run: the same number of concurrent autocomplete interactions on an
empty input, which the bot answers at once without touching the database. It is the cost of
SimCord + discord.py dispatch alone; the search numbers are reported as ratios to it.

The corpus: the two development datasets (1,157 real papers; the bundled abstracts where the
datasets are absent) plus deterministic synthetic papers made by splicing halves of two real
abstracts, up to --papers. It is loaded and its abstracts embedded before the bot starts, as a
bot that has run before finds them, so searches re-rank by meaning.

Implementation note: SimCord's actor verbs each wait for the bot to settle, which would make the
interactions sequential. To emit them concurrently we suspend settlement while emitting (the
private `Env._settle_internal`), then settle once. Times come from a timestamped copy of SimCord's
HTTP request log (`Backend.http_requests`). Both are SimCord internals: fine for a benchmark.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402
from _stats import percentile  # noqa: E402

from bot.client import PaperBot, create_bot  # noqa: E402
from bot.settings import BUNDLED_CORPUS, Settings  # noqa: E402
from storage.db import open_database  # noqa: E402
from storage.loader import load_corpus  # noqa: E402
from storage.vectors import EncoderProcess, embed_missing  # noqa: E402

DATASETS = ROOT.parent / "shared" / "datasets"  # beside the checkout, as on CI
ACK_DEADLINE = 3.0
STALL_TARGET = 0.100
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


class TimedLog(list[Any]):
    """SimCord's HTTP request log, indexing the perf_counter time of the first request per path key."""

    def __init__(self, existing: Sequence[Any]) -> None:
        super().__init__(existing)
        self.acks: dict[str, float] = {}  # interaction id -> first callback
        self.shown: dict[str, float] = {}  # interaction token -> first edit of the original response
        self.awaited: set[str] = set()  # ids or tokens still to come in this phase
        self.all_in = asyncio.Event()

    def expect(self, keys: set[str]) -> None:
        """Start a phase: `all_in` is set once every key has been acknowledged or shown."""
        self.awaited = keys - set(self.acks) - set(self.shown)
        self.all_in.clear()
        if not self.awaited:
            self.all_in.set()

    def append(self, entry: Any) -> None:
        now = time.perf_counter()
        parts = entry.path.split("/")
        if len(parts) > 3 and parts[1] == "interactions":
            self.acks.setdefault(parts[2], now)
        elif entry.method == "PATCH" and entry.path.endswith("/messages/@original"):
            self.shown.setdefault(parts[3], now)
        if self.awaited:
            self.awaited.discard(parts[2] if len(parts) > 3 and parts[1] == "interactions" else "")
            self.awaited.discard(parts[3] if len(parts) > 3 and entry.method == "PATCH" else "")
            if not self.awaited:
                self.all_in.set()
        super().append(entry)


@dataclass
class Sent:
    interaction_id: int
    token: str
    at: float


def build_corpus(folder: Path, papers: int, rng: random.Random) -> int:
    """Write the development datasets plus synthetic papers into `folder`; returns the paper count."""
    real: list[dict[str, str]] = []
    for name in ("icml2018.json", "aistats2025.json"):
        if (DATASETS / name).is_file():
            real.extend(json.loads((DATASETS / name).read_text(encoding="utf-8")))
    if not real:  # no development datasets on this machine: splice the bundled abstracts instead
        for seed in sorted(BUNDLED_CORPUS.glob("*.txt")):
            paragraphs = seed.read_text(encoding="utf-8").split("\n\n")[1:]
            real.extend({"title": p.split(". ")[0][:120], "abstract": p.strip(), "author": ""}
                        for p in paragraphs if len(p.split()) > 30)
    (folder / "real.json").write_text(json.dumps(real), encoding="utf-8")
    synthetic = []
    for number in range(max(0, papers - len(real))):
        first, second = rng.sample(real, 2)
        head = _SENTENCE.split(first["abstract"])
        tail = _SENTENCE.split(second["abstract"])
        abstract = " ".join(head[: max(1, len(head) // 2)] + tail[len(tail) // 2:])
        title_words = first["title"].split()[:4] + second["title"].split()[-4:]
        synthetic.append({"title": " ".join(title_words) + f" (variant {number})",
                          "abstract": f"{abstract} (Synthetic variant {number}.)", "author": first["author"]})
    (folder / "synthetic.json").write_text(json.dumps(synthetic), encoding="utf-8")
    return len(real) + len(synthetic)


def make_queries(count: int, titles: list[str], rng: random.Random) -> list[str]:
    """A realistic mix: title words, a typo, method-like tokens, and multi-word topics."""
    topics = ["graph neural networks", "reinforcement learning", "diffusion models", "bayesian optimization",
              "contrastive learning", "federated learning", "causal inference", "language models",
              "variational inference", "kernel methods", "adversarial robustness", "optimal transport"]
    queries = []
    for index in range(count):
        kind = index % 4
        words = re.findall(r"[A-Za-z]{4,}", rng.choice(titles)) or ["learning"]
        if kind == 0:
            queries.append(" ".join(words[:3]))
        elif kind == 1:
            word = rng.choice(words)
            cut = rng.randrange(1, len(word) - 1)
            queries.append(word[:cut] + word[cut + 1:])  # one letter missing
        elif kind == 2:
            queries.append(rng.choice(topics))
        else:
            queries.append(rng.choice(words))
    return queries


async def emit_concurrently(env: simcord.Env, actors: list[simcord.MemberActor], channel: Any,
                            calls: list[tuple[str, dict[str, Any]]], *, autocomplete: bool,
                            wait_shown: bool = False) -> tuple[list[Sent], tuple[float, float]]:
    """Emit every interaction without settling in between, then wait until all are answered.

    Returns what was sent and the window in which only the bot worked: from the end of the
    emission (which blocks the loop: that is the harness, not the bot) to the last answer.
    """
    original = env._settle_internal

    async def no_settle(**kwargs: Any) -> None:
        return None

    sent: list[Sent] = []
    env._settle_internal = no_settle  # type: ignore[method-assign]
    try:
        for index, (name, options) in enumerate(calls):
            actor = actors[index % len(actors)]
            at = time.perf_counter()
            if autocomplete:
                result = await simcord.actors._autocomplete_result(
                    actor, channel, name, "query", options["query"], {})
            else:
                result = await actor.slash(channel, name, **options)
            record = result._interaction
            sent.append(Sent(record.id, record.token, at))
    finally:
        env._settle_internal = original  # type: ignore[method-assign]
    emitted = time.perf_counter()
    log = cast(TimedLog, env.backend.http_requests)
    # Wait for the log, not with env.settle(): settling rescans every parked task (500 paginator
    # timeouts) on each wake-up, which would put SimCord's own bookkeeping into the numbers.
    log.expect({s.token for s in sent} if wait_shown else {str(s.interaction_id) for s in sent})
    await asyncio.wait_for(log.all_in.wait(), timeout=120)
    window = (emitted, time.perf_counter())
    # Let SimCord catch up before the next phase (not measured). With 500 paginators parked a settle
    # can take over 20 s on a busy machine, and since the fifth session it does not finish at all
    # after the search phase (also with the code of that session's start): every result is shown by
    # then, so a settle that times out is reported (with what SimCord says it waits for: in the sixth
    # session, the daily scheduler's start-up tick as a "runnable continuation" that never ran) and
    # the run goes on.
    try:
        await env.settle(timeout=60)
    except TimeoutError as error:  # SimCord's message lists what it still waits for
        print("(SimCord did not settle within 60 s after this phase; its results were all in already)")
        print("\n".join(f"    {line}" for line in str(error).splitlines()[:12]))
    return sent, window


async def heartbeat(samples: list[tuple[float, float]], stop: asyncio.Event) -> None:
    """Sleep 1 ms at a time and record (asleep from, awake at): a late wake-up is a loop stall."""
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.001)
        samples.append((before, time.perf_counter()))


def longest_stall(samples: list[tuple[float, float]], window: tuple[float, float]) -> float:
    """The longest time the loop was blocked inside `window` (clipped, minus the 1 ms nap)."""
    start, end = window
    return max((min(after, end) - max(before, start) - 0.001
                for before, after in samples if after > start and before < end), default=0.0)


async def load_and_embed(settings: Settings) -> tuple[int, float]:
    """Load the corpus and embed its abstracts, as the bot's earlier runs would have left them."""
    conn = await open_database(settings.database_path)
    try:
        await load_corpus(conn, list(settings.corpus_paths))
        started = time.perf_counter()
        with EncoderProcess() as encoder:
            embedded = await embed_missing(conn, encoder)
        return embedded, time.perf_counter() - started
    finally:
        await conn.close()


def summary(name: str, values: list[float]) -> str:
    return (f"{name:<28} p50 {statistics.median(values) * 1000:8.1f} ms   p99 {percentile(values, 99) * 1000:8.1f} ms"
            f"   max {max(values) * 1000:8.1f} ms")


async def run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    workdir = Path(tempfile.mkdtemp(prefix="paperbot-bench-"))
    corpus = workdir / "corpus"
    corpus.mkdir()
    total_papers = build_corpus(corpus, args.papers, rng)
    settings = Settings(database_path=workdir / "paperbot.db", corpus_paths=(corpus, BUNDLED_CORPUS))
    embedded, embed_seconds = await load_and_embed(settings)
    print(f"corpus: {embedded} abstracts embedded before the start ({embed_seconds:.1f} s)")

    bot: PaperBot = create_bot(settings)
    env = simcord.Env(bot, settle_timeout=20)
    started = time.perf_counter()
    await env.start()
    setup_seconds = time.perf_counter() - started
    papers = await bot.papers.count()
    print(f"corpus: {papers} active papers ({total_papers} written; bot start-up incl. load {setup_seconds:.1f} s)")
    guild = env.create_guild("Bench")
    channel = guild.create_text_channel("bench")
    actors = [guild.add_member(env.create_user(f"user{n}")) for n in range(args.users)]
    log = TimedLog(env.backend.http_requests)
    env.backend.http_requests = log

    titles = [p.title for p in await bot.papers.by_ids((await bot.papers.active_ids())[:2000])]
    queries = make_queries(args.interactions, titles, rng)

    stop = asyncio.Event()
    samples: list[tuple[float, float]] = []
    monitor = asyncio.create_task(heartbeat(samples, stop))

    floor, floor_window = await emit_concurrently(
        env, actors, channel, [("paper search", {"query": ""})] * args.interactions, autocomplete=True)
    floor_acks = [log.acks[str(s.interaction_id)] - s.at for s in floor if str(s.interaction_id) in log.acks]
    floor_stall = longest_stall(samples, floor_window)

    sent, window = await emit_concurrently(
        env, actors, channel, [("paper search", {"query": q}) for q in queries], autocomplete=False,
        wait_shown=True)
    wall = window[1] - sent[0].at
    stall = longest_stall(samples, window)
    stop.set()
    await monitor
    acks = [log.acks[str(s.interaction_id)] - s.at for s in sent if str(s.interaction_id) in log.acks]
    done = [log.shown[s.token] - s.at for s in sent if s.token in log.shown]
    await env.shutdown()
    await bot.close()

    errors = len(env.errors)
    print(f"{args.interactions} concurrent /paper search from {args.users} users; first emitted to last "
          f"answered {wall:.2f} s (emitting them all took {window[0] - sent[0].at:.2f} s)")
    print(summary("floor: ack (autocomplete)", floor_acks))
    print(summary("search: acknowledged", acks))
    print(summary("search: results shown", done))
    print(f"ratio search ack / floor ack: p50 {statistics.median(acks) / statistics.median(floor_acks):.2f}x  "
          f"p99 {percentile(acks, 99) / percentile(floor_acks, 99):.2f}x")
    print(f"longest event-loop stall: {stall * 1000:.1f} ms during search "
          f"(floor run: {floor_stall * 1000:.1f} ms)")
    ok = (len(acks) == args.interactions and max(acks) <= ACK_DEADLINE and stall <= STALL_TARGET
          and errors == 0)
    print(f"acknowledged {len(acks)}/{args.interactions}, results {len(done)}, bot errors {errors}; targets "
          f"(all acks <= {ACK_DEADLINE:.0f} s, stall <= {STALL_TARGET * 1000:.0f} ms): {'MET' if ok else 'NOT MET'}")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interactions", type=int, default=500)
    parser.add_argument("--papers", type=int, default=3300)
    parser.add_argument("--users", type=int, default=100, help="5 searches per user fit the cooldown")
    parser.add_argument("--seed", type=int, default=7)
    return asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    raise SystemExit(main())
