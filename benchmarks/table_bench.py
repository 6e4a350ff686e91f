"""What the table costs in Discord traffic and latency (python benchmarks/table_bench.py).

Drives the real bot through the offline fake Discord server (tests/discord/fake_discord/)
and prints, for two seeded scenarios, how many messages, edits, DMs and HTTP requests the
bot made, how fast it answered, and how often each player was notified compared with how
many decisions they had:

  A. Nemesis: Lockdown, 4 players: the first full round, from the first turn (after the
     drafts and any other setup prompt) through every player's turns to the end of that
     round's event phase (the move after which the round number goes up).
  B. Dark Moon, 5 players: one whole turn, from its start (the active player changes)
     until the next turn starts, that holds a task every player declared IN or OUT for,
     with rolls and submits, and a vote.

Only the bot's public surface is used: `/game new ruleset:...`, the lobby buttons labelled
Join and Start, and `/move action:<key>` for every move (secret choices too), from the
seat's own user. The moves come from the engine: each scenario is first played with the
engine alone (`rules`, a seeded random agent) to find a seed and a move list that contain
the scenario; the bot then gets the same seed and the same moves. Everything counted comes
from the fake server's request records, never from bot internals.

Per move, the requests that arrive between its dispatch and the next move's dispatch are
its own (after the last move: until the bot has been quiet for --drain seconds, so that
delayed board edits are counted). Latencies are measured from dispatching the
interaction to the bot's interaction callback request ("reply") and to the last request in
the move's window ("last request").

Run the bot of another checkout with: PYTHONPATH=<checkout> python benchmarks/table_bench.py
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "discord"))

import pytest  # noqa: E402
from fake_discord import (  # noqa: E402
    DiscordErrorGuard,
    FakeDiscord,
    FakeMessage,
    InteractionRecord,
    RecordedRequest,
    iter_components,
    run_client,
)
from pydantic import BaseModel  # noqa: E402

import bot  # noqa: E402
from bot import Settings, make_bot  # noqa: E402
from bot.app import WardenBot  # noqa: E402
from rules import Ruleset, get_ruleset  # noqa: E402

EPHEMERAL = 1 << 6
MENTION = re.compile(r"<@!?(\d+)>")
SEED_SPAN = 60  # seeds tried from --seed on when looking for a scenario


# ------------------------------------------------------------------ planning (engine only)
@dataclass
class Plan:
    """A seeded game and the moves to send: moves[:start] set the scene (not measured),
    moves[start:end] are the scenario. states[k] is the state before moves[k]."""

    title: str
    ruleset: str
    players: tuple[int, ...]
    options: dict[str, Any]
    seed: int
    moves: list[tuple[str, str]]
    states: list[BaseModel]
    start: int
    end: int

    @property
    def rs(self) -> Ruleset:
        return get_ruleset(self.ruleset)

    def asked(self) -> Counter[str]:
        """Per seat: how often a move of the scenario left it waiting when it was not
        waiting before (a decision handed over to it)."""
        out: Counter[str] = Counter()
        for k in range(self.start, self.end):
            before = _waiting(self.rs, self.states[k])
            out.update(_waiting(self.rs, self.states[k + 1]) - before)
        return out

    def ordinary(self, k: int) -> bool:
        """Whether moves[k] hands no decision to another seat (no new turn, no vote):
        its player's answer and at most a board edit should be all it costs."""
        seat = self.moves[k][0]
        handed = _waiting(self.rs, self.states[k + 1]) - _waiting(self.rs, self.states[k])
        return not handed - {seat}

    def decisions(self) -> Counter[str]:
        return Counter(seat for seat, _ in self.moves[self.start:self.end])


def _waiting(rs: Ruleset, state: BaseModel) -> set[str]:
    return {p.seat for p in rs.pending(state)}


def simulate(rs: Ruleset, seats: list[str], seed: int, options: dict[str, Any],
             limit: int) -> tuple[list[BaseModel], list[tuple[str, str, str]]]:
    """A game played by a random agent seeded with `seed`: states and (seat, key, kind)."""
    state = rs.new_game(seats, seed, rs.Options.model_validate(options))
    agent = random.Random(seed)
    states: list[BaseModel] = [state]
    moves: list[tuple[str, str, str]] = []
    while rs.outcome(state) is None and len(moves) < limit:
        prompt = agent.choice(rs.pending(state))
        action = agent.choice(rs.legal_actions(state, prompt.seat))
        moves.append((prompt.seat, action.key, prompt.kind))
        state = rs.apply(state, prompt.seat, action).state
        states.append(state)
    return states, moves


Finder = Callable[[Ruleset, list[BaseModel], list[tuple[str, str, str]], list[str]],
                  tuple[int, int] | None]


def first_round(rs: Ruleset, states: list[BaseModel],
                moves: list[tuple[str, str, str]], seats: list[str]) -> tuple[int, int] | None:
    """Scenario A: the round of the first turn prompt, up to the move that ends it. Kept
    when every seat took a turn and the round asked something besides turns and their
    costs (an event-phase or interrupt decision), so the whole round is exercised."""
    start = next((i for i, s in enumerate(states[:-1])
                  if any(p.kind == "turn" for p in rs.pending(s))), None)
    if start is None:
        return None
    number = _attr(states[start], "round")
    end = start
    while end < len(moves) and _attr(states[end], "round") == number:
        end += 1
    if end >= len(states) or _attr(states[end], "round") == number:
        return None  # the round did not end within the simulated moves
    kinds = {kind for _, _, kind in moves[start:end]}
    turns = {seat for seat, _, kind in moves[start:end] if kind == "turn"}
    return (start, end) if turns == set(seats) and kinds - {"turn", "pay", "pick"} else None


def task_and_vote_turn(rs: Ruleset, states: list[BaseModel],
                       moves: list[tuple[str, str, str]], seats: list[str]
                       ) -> tuple[int, int] | None:
    """Scenario B: the first whole turn (the active player changes at its start and after
    its end) with a task every seat declared IN or OUT for, a submitted roll and a vote."""
    i = 1
    while i < len(moves):
        active = _attr(states[i], "active")
        j = i
        while j < len(moves) and _attr(states[j], "active") == active:
            j += 1
        whole = _attr(states[i - 1], "active") != active and j < len(moves)
        window = moves[i:j]
        declared = {seat for seat, key, kind in window
                    if kind == "task" and (key == "in" or key.startswith("out"))}
        rolled = any(kind == "roll" and key.startswith("submit") for _, key, kind in window)
        voted = any(kind == "vote" for _, _, kind in window)
        if whole and declared == set(seats) and rolled and voted:
            return i, j
        i = j
    return None


def _attr(state: BaseModel, name: str) -> Any:
    if not hasattr(state, name):
        raise SystemExit(f"the {type(state).__module__} state has no '{name}' field")
    return getattr(state, name)


def make_plan(title: str, ruleset: str, players: tuple[int, ...], options: dict[str, Any],
              first_seed: int, limit: int, find: Finder, earliest: bool) -> Plan:
    """Try SEED_SPAN seeds; keep the first that holds the scenario or, with `earliest`,
    the one where it starts soonest (fewer moves to set the scene)."""
    rs = get_ruleset(ruleset)
    seats = [str(p) for p in players]
    best: Plan | None = None
    for seed in range(first_seed, first_seed + SEED_SPAN):
        states, moves = simulate(rs, seats, seed, options, limit)
        found = find(rs, states, moves, seats)
        if found is None:
            continue
        plan = Plan(title, ruleset, players, options, seed, [(s, k) for s, k, _ in moves],
                    states, *found)
        if not earliest:
            return plan
        if best is None or plan.start < best.start:
            best = plan
    if best is None:
        raise SystemExit(f"{title}: no seed in {first_seed}..{first_seed + SEED_SPAN - 1} "
                         "holds the scenario")
    return best


# ------------------------------------------------------------------ driving the bot
@dataclass
class MoveTiming:
    reply_ms: float | None
    last_ms: float
    requests: int


@dataclass
class Run:
    """One scenario played once: its requests and per-move timings."""

    requests: list[RecordedRequest] = field(default_factory=list)
    timings: list[MoveTiming] = field(default_factory=list)
    tally: dict[str, int] = field(default_factory=dict)
    notified: dict[str, Counter[str]] = field(default_factory=dict)
    rate_limited: int = 0  # requests answered 429 (the whole run, set-up included)
    windows: list[list[RecordedRequest]] = field(default_factory=list)  # per move


async def quiet_for(fake: FakeDiscord, seconds: float) -> None:
    """Wait until the bot has made no request for `seconds` (delayed edits included)."""
    await fake.settle()
    while True:
        seen = fake.mark()
        await asyncio.sleep(seconds)
        if fake.mark() == seen:
            await fake.settle()
            if fake.mark() == seen:
                return


def lobby_message(fake: FakeDiscord) -> FakeMessage:
    """The newest public channel message with a Join button."""
    for message in reversed(fake.messages_in(fake.channel_id, include_ephemeral=False)):
        labels = {c.get("label") for c in iter_components(message.components)}
        if "Join" in labels:
            return message
    raise SystemExit("no lobby message with a Join button")


async def play(plan: Plan, settle: float, drain: float, pace: float) -> Run:
    guard = DiscordErrorGuard()
    guard.install()
    try:
        async with FakeDiscord(settle_time=settle, timeout=20.0) as fake:
            fake.failure_probe = guard.describe
            with pytest.MonkeyPatch.context() as patch:
                fake.patch_discord(patch)
                run = await _play(fake, plan, drain, pace)
            run.rate_limited = len(fake.rate_limit_hits)
            problems = fake.problems()
    finally:
        guard.uninstall()
    if problems or guard.records:
        raise SystemExit("the bot or the fake failed:\n" + "\n".join(
            [*problems, guard.describe() or ""]))
    return run


async def _play(fake: FakeDiscord, plan: Plan, drain: float, pace: float) -> Run:
    rs = plan.rs
    channel = fake.channel_id
    for uid in plan.players:
        fake.add_user(uid, f"player{uid}")
    with tempfile.TemporaryDirectory() as tmp:
        client = make_bot(Settings(DISCORD_TOKEN="x",
                                   WARDEN_DATABASE=str(Path(tmp) / "bench.db")))
        async with run_client(client):
            client.tables.new_seed = lambda: plan.seed
            host, *others = plan.players
            await fake.slash(host, channel, "game", "new", ruleset=plan.ruleset)
            lobby = lobby_message(fake)
            for uid in others:
                await fake.click(uid, lobby, label="Join")
            await fake.click(host, lobby, label="Start")
            record = await client.storage.active_game_in_channel(str(channel))
            if record is None:
                raise SystemExit("Start did not start a game")
            game_id = record.id
            _same_state(rs, client.tables.state_of(record), plan.states[0], "after Start")
            for k, (seat, key) in enumerate(plan.moves[:plan.start]):
                await _move(fake, client, game_id, seat, key, k)
            await quiet_for(fake, drain)
            record = await client.storage.get_game(game_id)
            assert record is not None
            _same_state(rs, client.tables.state_of(record), plan.states[plan.start],
                        "at the scenario's start")
            run = Run()
            begin = fake.mark()
            marks: list[tuple[int, float, int]] = []  # (request mark, dispatch time, id)
            for k in range(plan.start, plan.end):
                seat, key = plan.moves[k]
                marks.append(await _move(fake, client, game_id, seat, key, k))
                if pace:
                    await asyncio.sleep(pace)
            await quiet_for(fake, drain)
            record = await client.storage.get_game(game_id)
            assert record is not None
            _same_state(rs, client.tables.state_of(record), plan.states[plan.end],
                        "at the scenario's end")
            run.requests = fake.requests_since(begin)
            bounds = [m for m, _, _ in marks[1:]] + [fake.mark()]
            for (mark, t0, interaction), stop in zip(marks, bounds, strict=True):
                window = fake.requests[mark:stop]
                run.windows.append(window)
                reply = [r.time for r in window
                         if r.matches("POST", f"/interactions/{interaction}/*/callback")]
                run.timings.append(MoveTiming(
                    reply_ms=(reply[0] - t0) * 1000 if reply else None,
                    last_ms=(max(r.time for r in window) - t0) * 1000 if window else 0.0,
                    requests=len(window)))
            run.tally, run.notified = tally(fake, run.requests, plan.players)
            return run


async def _move(fake: FakeDiscord, client: WardenBot, game_id: int, seat: str, key: str,
                k: int) -> tuple[int, float, int]:
    """Send `/move action:<key>` as `seat`; fail loudly when the bot did not take it.
    Returns the request mark and the time just before the dispatch, and the interaction id."""
    before = await client.storage.get_game(game_id)
    mark, t0 = fake.mark(), time.monotonic()
    done = await fake.slash(int(seat), fake.channel_id, "move", action=key)
    after = await client.storage.get_game(game_id)
    if before is None or after is None or after.version == before.version:
        answer = done.answer.content if done.answer is not None else None
        raise SystemExit(f"move {k} ({seat}: {key}) was not taken; the bot said {answer!r}")
    return mark, t0, done.id


def _same_state(rs: Ruleset, got: BaseModel, want: BaseModel, where: str) -> None:
    if rs.dump_state(got) != rs.dump_state(want):
        raise SystemExit(f"the bot's game differs from the engine's plan {where}")


# ------------------------------------------------------------------ counting
def tally(fake: FakeDiscord, requests: Sequence[RecordedRequest], players: tuple[int, ...]
          ) -> tuple[dict[str, int], dict[str, Counter[str]]]:
    """Counts by kind of request, and per player the pings (new public channel messages
    that mention them with user pings allowed) and DMs."""
    counts: Counter[str] = Counter()
    pings: Counter[str] = Counter()
    dms: Counter[str] = Counter()
    interactions = {r.token: r for r in fake.interactions}
    resolved: set[str] = set()
    for req in requests:
        parts = req.path.strip("/").split("/")
        body = req.json if isinstance(req.json, dict) else {}
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            target = fake.world.channels.get(int(parts[1]))
            dm = target is not None and target.is_dm
            if req.method == "POST" and len(parts) == 3:
                if dm and target is not None:
                    counts["DM messages"] += 1
                    dms[str(target.recipient_id)] += 1
                else:
                    counts["channel messages"] += 1
                    pings.update(_pinged(body))
            elif req.method == "PATCH":
                counts["DM edits" if dm else "channel edits"] += 1
            else:
                counts[f"other {req.method} on messages"] += 1
        elif req.matches("POST", "/interactions/*/*/callback"):
            counts["interaction replies"] += 1
            data = body.get("data") or {}
            if body.get("type") in (4, 5) and not int(data.get("flags") or 0) & EPHEMERAL:
                counts["channel messages"] += 1  # a public reply is a channel message
                pings.update(_pinged(data))
        elif req.matches("POST", "/webhooks/*/*"):
            counts["interaction follow-ups"] += 1
            record = interactions.get(parts[2]) if len(parts) > 2 else None
            deferred = record is not None and record.answer is not None and \
                record.answer.type == 5
            if deferred and parts[2] not in resolved:
                resolved.add(parts[2])  # the first follow-up fills the "thinking" message
            elif not int(body.get("flags") or 0) & EPHEMERAL:
                counts["channel messages"] += 1
                pings.update(_pinged(body))
        elif req.matches("PATCH", "/webhooks/*/*/messages/*"):
            counts["interaction message edits"] += 1
            if _public_webhook_target(fake, interactions.get(parts[2]), parts[-1]):
                counts["channel edits"] += 1
        elif req.matches("POST", "/users/@me/channels"):
            counts["DM channel opens"] += 1
        else:
            counts[f"other {req.method}"] += 1
    wanted = {str(p) for p in players}
    notified = {seat: Counter({"pings": pings[seat], "DMs": dms[seat]}) for seat in wanted}
    return dict(counts), notified


def _pinged(body: dict[str, Any]) -> set[str]:
    """Users a message body mentions whose mention pings them (allowed_mentions)."""
    mentioned = set(MENTION.findall(str(body.get("content") or "")))
    allowed = body.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return mentioned
    return mentioned & {str(u) for u in allowed.get("users") or []}


def _public_webhook_target(fake: FakeDiscord, record: InteractionRecord | None,
                           raw_id: str) -> bool:
    if record is None:
        return False
    if raw_id == "@original":
        message = record.original
    else:
        message = fake.world.messages.get(int(raw_id)) if raw_id.isdigit() else None
    return message is not None and not message.ephemeral


# ------------------------------------------------------------------ reporting
def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _count(runs: Sequence[Run], get: Callable[[Run], int]) -> str:
    return _counted([get(r) for r in runs])


def _counted(values: Sequence[int]) -> str:
    """The mean of one count over the runs, with its range when the runs differ."""
    mean = statistics.fmean(values)
    text = f"{mean:g}" if mean == int(mean) else f"{mean:.1f}"
    return text if min(values) == max(values) else f"{text} (runs: {min(values)}-{max(values)})"


def report(plan: Plan, runs: Sequence[Run]) -> None:
    moves = plan.end - plan.start
    timings = [t for r in runs for t in r.timings]
    replies = [t.reply_ms for t in timings if t.reply_ms is not None]
    last = [t.last_ms for t in timings]
    kinds = sorted({k for r in runs for k in r.tally})
    print(f"{plan.title}: seed {plan.seed}, moves {plan.start + 1}-{plan.end} of the game, "
          f"{len(runs)} run(s)")
    rows = [
        ("moves", str(moves)),
        ("new channel messages", _count(runs, lambda r: r.tally.get("channel messages", 0))),
        ("channel message edits", _count(runs, lambda r: r.tally.get("channel edits", 0))),
        ("DMs sent", _count(runs, lambda r: r.tally.get("DM messages", 0))),
        ("HTTP requests", _count(runs, lambda r: len(r.requests))),
        ("HTTP requests per move (mean)",
         f"{statistics.fmean(len(r.requests) for r in runs) / moves:.2f}"
         f"  (max {max(t.requests for t in timings)})"),
        ("moves handing no decision on", f"{sum(map(plan.ordinary, range(plan.start, plan.end)))}"
         " (their table updates are sent with the next ones: see --detail)"),
        ("429 answers (rate limited)", _count(runs, lambda r: r.rate_limited)),
        ("interaction -> reply", _ms(replies)
         + ("" if len(replies) == len(timings) else
            f"  ({len(timings) - len(replies)} moves without a callback)")),
        ("interaction -> last request", _ms(last)),
    ]
    for name, value in rows:
        print(f"  {name:31s} {value}")
    print("  requests by kind:  " + ", ".join(
        f"{k} {_counted([r.tally.get(k, 0) for r in runs])}" for k in kinds))
    asked, decided = plan.asked(), plan.decisions()
    print("  player  decisions  handed a decision  notified (pings + DMs)")
    for seat in (str(p) for p in plan.players):
        pings = _counted([r.notified[seat]["pings"] for r in runs])
        dms = _counted([r.notified[seat]["DMs"] for r in runs])
        total = _counted([sum(r.notified[seat].values()) for r in runs])
        print(f"  {seat:6s}  {decided[seat]:9d}  {asked[seat]:17d}  {total} ({pings} + {dms})")


def detail(plan: Plan, run: Run) -> None:
    """Each move of the first run: who moved what, whether it is ordinary, and its
    requests."""
    for k, window in zip(range(plan.start, plan.end), run.windows, strict=True):
        seat, key = plan.moves[k]
        sent = ", ".join(f"{r.method} {_shape(r.path)}" for r in window)
        mark = "ordinary" if plan.ordinary(k) else "hands on"
        print(f"    {k:4d} {seat} {key.split(':', 1)[0]:14s} {mark:9s} {len(window)}: {sent}")


def _shape(path: str) -> str:
    return re.sub(r"/\d{6,}", "/<id>", re.sub(r"/interactions/\d+/[^/]+", "/interactions", path))


def _ms(values: Sequence[float]) -> str:
    if not values:
        return "n/a"
    return f"p50 {percentile(values, 0.5):7.1f} ms   p95 {percentile(values, 0.95):7.1f} ms"


# ------------------------------------------------------------------ main
SCENARIOS: dict[str, tuple[str, str, tuple[int, ...], dict[str, Any], int, Finder, bool]] = {
    "A": ("A. Nemesis: Lockdown, 4 players, first full round", "lockdown",
          (101, 102, 103, 104), {"turn_timeout_minutes": 0}, 400, first_round, False),
    "B": ("B. Dark Moon, 5 players, a turn with a task and a vote", "darkmoon",
          (101, 102, 103, 104, 105),
          {"final_event": None, "task_deck": "auto", "turn_timeout_minutes": 0}, 200,
          task_and_vote_turn, True),
}


async def main(args: argparse.Namespace) -> None:
    print(f"bot under test: {bot.__file__}")
    print(f"fake settle {args.settle}s, drain {args.drain}s, pace {args.pace}s between moves")
    for name in args.scenarios:
        title, ruleset, players, options, limit, find, earliest = SCENARIOS[name]
        plan = make_plan(title, ruleset, players, options, args.seed, limit, find, earliest)
        runs = [await play(plan, args.settle, args.drain, args.pace)
                for _ in range(args.repeats)]
        report(plan, runs)
        if args.detail:
            detail(plan, runs[0])


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3,
                        help="games played per scenario (same seed; timings pooled)")
    parser.add_argument("--seed", type=int, default=0,
                        help="first seed tried when looking for each scenario")
    parser.add_argument("--scenarios", nargs="+", choices=sorted(SCENARIOS),
                        default=sorted(SCENARIOS))
    parser.add_argument("--settle", type=float, default=0.03,
                        help="seconds without a request after which a move counts as done")
    parser.add_argument("--drain", type=float, default=1.5,
                        help="quiet seconds waited before and after a scenario's moves")
    parser.add_argument("--detail", action="store_true",
                        help="also list every move's requests (first run)")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="seconds waited between moves (players' thinking time)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(parse()))
