"""Play complete games with random legal agents, without Discord.

`python -m bot simulate --ruleset darkmoon --players 5 --games 100 --seed 1 [--render DIR]`
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from bot.option_names import describe_options
from renders import render_board
from rules import Outcome, Ruleset, Step, get_kit, get_ruleset

MAX_STEPS = 50_000


@dataclass
class GameRun:
    seed: int
    outcome: Outcome
    steps: int
    keys: list[tuple[str, str]] = field(default_factory=list)


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


def simulate(ruleset: str, players: int, games: int, seed: int,
             render_dir: Path | None = None, options: BaseModel | None = None) -> str:
    """`options`: the ruleset's Options (its defaults when None)."""
    rs = get_ruleset(ruleset)
    teams: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    steps = 0
    for i in range(games):
        on_step = None
        if render_dir is not None and i == 0:
            on_step = _renderer(rs, render_dir)
        run = play_random(rs, players, seed + i, on_step=on_step, options=options)
        if run.outcome.team is not None:
            teams[run.outcome.team] += 1
        else:
            teams[f"{len(run.outcome.winners)} winner(s)"] += 1
        reasons[run.outcome.reason] += 1
        steps += run.steps
    lines = [f"{games} games of {rs.title} with {players} players (seeds {seed}..."
             f"{seed + games - 1}), {steps / max(1, games):.0f} moves per game on average"]
    if options is not None:
        lines.append("options: " + "; ".join(describe_options(rs.name, options.model_dump())))
    lines.append(get_kit(rs.name).outcome_heading)
    lines += [f"  {team}: {n}" for team, n in teams.most_common()]
    lines.append("reasons:")
    lines += [f"  {n:4d}  {reason}" for reason, n in reasons.most_common()]
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
