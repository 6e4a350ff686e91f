"""Play complete games without Discord: random legal moves, or computer players.

`python -m bot simulate --ruleset darkmoon --players 5 --games 100 --seed 1 [--render DIR]`
plays random legal moves; `--agents ai,random,random,random,random` seats the players of
`rules.agents.MEASURED` (the AGENTS and `policy`), one name per seat rotating one seat
further each game, one name for every seat, or SIDE=NAME per side dealt; it counts the
wins of each agent and of each side (`--json`: the tally as one JSON object, the last
line printed).
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from bot.option_names import describe_options
from renders import render_board
from rules import Outcome, Ruleset, Step, get_kit, get_ruleset
from rules.agents import MEASURED, budget_for

MAX_STEPS = 50_000


@dataclass
class GameRun:
    seed: int
    outcome: Outcome
    steps: int
    keys: list[tuple[str, str]] = field(default_factory=list)
    agents: dict[str, str] = field(default_factory=dict)  # seat -> agent name
    sides: dict[str, str] = field(default_factory=dict)  # seat -> its side at the end
    # seat -> whether its character lived, where the game tells (AgentProfile.survived)
    survived: dict[str, bool] = field(default_factory=dict)
    # (agent name, CPU milliseconds) of every decision an agent made
    decisions: list[tuple[str, float]] = field(default_factory=list)


def play_random(rs: Ruleset, n_players: int, seed: int,
                on_step: Callable[[BaseModel, Step[BaseModel]], None] | None = None,
                options: BaseModel | None = None) -> GameRun:
    """One complete game; every pending seat (simultaneous prompts too) is answered by
    a seeded random agent choosing among its legal actions."""
    agent = random.Random(seed)
    seats = [str(1000 + i) for i in range(n_players)]
    state = rs.new_game(seats, seed, options or rs.Options())
    keys: list[tuple[str, str]] = []
    for step_no in range(MAX_STEPS):
        outcome = rs.outcome(state)
        if outcome is not None:
            return GameRun(seed=seed, outcome=outcome, steps=step_no, keys=keys)
        prompts = rs.pending(state)
        if not prompts:
            raise RuntimeError(f"seed {seed}: nobody can move but the game is not over")
        prompt = agent.choice(prompts)
        actions = rs.legal_actions(state, prompt.seat)
        if not actions:
            raise RuntimeError(f"seed {seed}: {prompt.seat} is prompted with no legal action")
        action = agent.choice(actions)
        step = rs.apply(state, prompt.seat, action)
        keys.append((prompt.seat, action.key))
        if on_step is not None:
            on_step(step.state, step)
        state = step.state
    raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} moves")


def seat_agents(names: Sequence[str], players: int, game: int) -> list[str]:
    """The agent of each seat in the `game`-th game (counted from 0): one name for every
    seat, or one per seat, each one seat further on every game."""
    if len(names) == 1:
        return [names[0]] * players
    return [names[(seat - game) % players] for seat in range(players)]


class NoAgentForSide(ValueError):
    """A seat was dealt a side that --agents' SIDE=NAME entries do not name."""


def side_agents(names: Sequence[str]) -> dict[str, str] | None:
    """`SIDE=NAME` entries of --agents (e.g. uninfected=ai,random): the agent of each
    side, "*" naming the one of the sides not listed; None when no entry names a side."""
    if not any("=" in name for name in names):
        return None
    by_side: dict[str, str] = {}
    for name in names:
        side, _, agent = name.rpartition("=")
        by_side[side or "*"] = agent
    return by_side


def play_agents(rs: Ruleset, agents: Sequence[str], seed: int, budget: int | None = None,
                on_step: Callable[[BaseModel, Step[BaseModel]], None] | None = None,
                options: BaseModel | None = None,
                by_side: Mapping[str, str] | None = None) -> GameRun:
    """One complete game, seat i played by the agent named `agents[i]` (or, with
    `by_side`, by the agent of the side the seat was dealt: see `side_agents`); when
    several seats are waiting, the one who answers first is drawn from `seed`. Each
    decision's seed comes from the game's seed and the move number; its CPU time is
    recorded."""
    pick = random.Random(seed)
    seats = [str(1000 + i) for i in range(len(agents))]
    state = rs.new_game(seats, seed, options or rs.Options())
    by_seat = dict(zip(seats, agents, strict=True))
    if by_side is not None:
        for seat in seats:
            side = rs.agent_profile.side(state, seat)
            name = by_side.get(side, by_side.get("*"))
            if name is None:
                raise NoAgentForSide(f"--agents names no agent for the side {side!r} "
                                     "(add SIDE=NAME, or a plain name for the other sides)")
            by_seat[seat] = name
    run = GameRun(seed=seed, outcome=Outcome(winners=(), losers=(), reason=""), steps=0,
                  agents=by_seat)
    for step_no in range(MAX_STEPS):
        outcome = rs.outcome(state)
        if outcome is not None:
            run.outcome, run.steps = outcome, step_no
            run.sides = {s: rs.agent_profile.side(state, s) for s in seats}
            lived = {s: rs.agent_profile.survived(state, s) for s in seats}
            run.survived = {s: alive for s, alive in lived.items() if alive is not None}
            return run
        prompts = rs.pending(state)
        if not prompts:
            raise RuntimeError(f"seed {seed}: nobody can move but the game is not over")
        seat = pick.choice(prompts).seat
        name = by_seat[seat]
        started = time.process_time()
        action = MEASURED[name](rs, state, seat, seed=seed * 1_000_003 + step_no,
                                budget=budget_for(rs) if budget is None else budget)
        run.decisions.append((name, (time.process_time() - started) * 1000))
        step = rs.apply(state, seat, action)
        run.keys.append((seat, action.key))
        if on_step is not None:
            on_step(step.state, step)
        state = step.state
    raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} moves")


@dataclass
class Tally:
    """Seat-games and wins per agent and per side, and every decision's time."""

    seats: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)
    side_seats: Counter[str] = field(default_factory=Counter)
    side_wins: Counter[str] = field(default_factory=Counter)
    # (agent, side) -> seat-games and wins: how each agent does on each side
    both_seats: Counter[tuple[str, str]] = field(default_factory=Counter)
    both_wins: Counter[tuple[str, str]] = field(default_factory=Counter)
    # seat-games whose character lived, per agent (games that tell: AgentProfile.survived)
    survived: Counter[str] = field(default_factory=Counter)
    decision_ms: dict[str, list[float]] = field(default_factory=dict)

    def add(self, run: GameRun) -> None:
        for seat, name in run.agents.items():
            self.count(name, run.sides.get(seat, "player"), seat in run.outcome.winners,
                       run.survived.get(seat, False))
        for name, ms in run.decisions:
            self.decision_ms.setdefault(name, []).append(ms)

    def count(self, name: str, side: str, won: bool, lived: bool) -> None:
        """One seat-game: played by agent `name` on `side`, won or not, lived or not."""
        self.seats[name] += 1
        self.wins[name] += won
        self.side_seats[side] += 1
        self.side_wins[side] += won
        self.both_seats[name, side] += 1
        self.both_wins[name, side] += won
        self.survived[name] += lived

    def ms(self, name: str, q: float) -> float:
        times = sorted(self.decision_ms.get(name, []))
        return round(times[min(len(times) - 1, int(q * len(times)))], 1) if times else 0.0

    def lines(self) -> list[str]:
        out = ["agents (seat-games, wins, survivors where the game has them, "
               "decision CPU ms p50/p95):"]
        out += [f"  {name}: {n} seats, {self.wins[name]} wins ({self.wins[name] / n:.0%}), "
                + (f"{self.survived[name]} survived ({self.survived[name] / n:.0%}), "
                   if self.survived else "")
                + f"{self.ms(name, 0.5)}/{self.ms(name, 0.95)} ms"
                for name, n in sorted(self.seats.items())]
        out.append("sides (seat-games, wins):")
        out += [f"  {side}: {n} seats, {self.side_wins[side]} wins "
                f"({self.side_wins[side] / n:.0%})" for side, n in sorted(self.side_seats.items())]
        out.append("agents by side (seat-games, wins):")
        out += [f"  {name} as {side}: {n} seats, {self.both_wins[name, side]} wins "
                f"({self.both_wins[name, side] / n:.0%})"
                for (name, side), n in sorted(self.both_seats.items())]
        return out

    def report(self, ruleset: str, players: int, games: int, moves: int) -> dict[str, Any]:
        """The JSON object of `simulate --json` (ISSUE20.md, section 3)."""
        return {
            "ruleset": ruleset, "players": players, "games": games,
            "moves_per_game": round(moves / max(1, games), 1),
            "agents": {name: {"seats": n, "wins": self.wins[name],
                              "decision_ms_p50": self.ms(name, 0.5),
                              "decision_ms_p95": self.ms(name, 0.95)}
                       for name, n in sorted(self.seats.items())},
            "sides": {side: {"seats": n, "wins": self.side_wins[side]}
                      for side, n in sorted(self.side_seats.items())},
        }


def simulate(ruleset: str, players: int, games: int, seed: int,
             render_dir: Path | None = None, options: BaseModel | None = None,
             agents: Sequence[str] | None = None, budget: int | None = None,
             as_json: bool = False) -> str:
    """`options`: the ruleset's Options (its defaults when None). `agents`: the names of
    the computer players (rules.agents.MEASURED) seated, one for every seat or one per
    seat (see `seat_agents`); None plays random legal moves as before. `budget`: the
    `ai`'s (None: the game's, `rules.agents.budget_for`). `as_json`: the report ends
    with the tally as one JSON line."""
    rs = get_ruleset(ruleset)
    budget = budget_for(rs) if budget is None else budget
    teams: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    tally = Tally()
    steps = 0
    for i in range(games):
        on_step = None
        if render_dir is not None and i == 0:
            on_step = _renderer(rs, render_dir)
        if agents is None and not as_json:
            run = play_random(rs, players, seed + i, on_step=on_step, options=options)
        else:
            names = agents or ["random"]
            by_side = side_agents(names)
            seated = seat_agents(names if by_side is None else ["random"], players, i)
            run = play_agents(rs, seated, seed + i, budget, on_step=on_step,
                              options=options, by_side=by_side)
            tally.add(run)
        if run.outcome.team is not None:
            teams[run.outcome.team] += 1
        else:
            teams[f"{len(run.outcome.winners)} winner(s)"] += 1
        reasons[run.outcome.reason] += 1
        steps += run.steps
    lines = [f"{games} games of {rs.title} with {players} players (seeds {seed}..."
             f"{seed + games - 1}), {steps / max(1, games):.0f} moves per game on average"]
    if agents is not None:
        turn = (" by the side each seat is dealt" if side_agents(agents) is not None
                else ", one seat further each game" if len(agents) > 1 else " at every seat")
        budget_words = (f" (ai budget {budget})" if any(n.endswith("ai") for n in agents)
                        else "")
        lines.append(f"agents: {', '.join(agents)}{turn}{budget_words}")
    if options is not None:
        lines.append("options: " + "; ".join(describe_options(rs.name, options.model_dump())))
    lines.append(get_kit(rs.name).outcome_heading)
    lines += [f"  {team}: {n}" for team, n in teams.most_common()]
    lines.append("reasons:")
    lines += [f"  {n:4d}  {reason}" for reason, n in reasons.most_common()]
    if tally.seats:
        lines += tally.lines()
    if as_json:
        lines.append(json.dumps(tally.report(rs.name, players, games, steps)))
    return "\n".join(lines)


def _renderer(rs: Ruleset, directory: Path
              ) -> Callable[[BaseModel, Step[BaseModel]], None]:
    directory.mkdir(parents=True, exist_ok=True)
    counter = {"n": 0}

    def on_step(state: BaseModel, step: Step[BaseModel]) -> None:
        counter["n"] += 1
        png = render_board(rs.view(state, None))
        (directory / f"board_{counter['n']:05d}.png").write_bytes(png)

    return on_step
