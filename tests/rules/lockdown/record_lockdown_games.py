"""Record (and replay) the Lockdown games of the family-layer regression test.

Each game is played by the seeded random-move driver of the Lockdown simulations
(`family_sim.seeker` with Lockdown's ways out: even seeds uniformly random, odd seeds
heading for a way out) and stored with its seed, options, seats, move keys, a digest of
every event (kind, text, addressee, data) in order, the outcome and the SHA-256 of the
final state's JSON.

Regenerate the fixture (ONLY when the rules change on purpose, never to make a refactor
pass):  python tests/rules/lockdown/record_lockdown_games.py
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
# the helpers (this game's, the family's, the shared scenario), and this checkout's rules
for _path in (str(_HERE), str(_HERE.parent / "nemesis"), str(_HERE.parent / "core"),
              str(_HERE.parents[2])):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from family_sim import seeker  # noqa: E402
from lockdown_helpers import RS, seats  # noqa: E402
from test_lockdown_sim import STEP_CAP, WAYS_OUT  # noqa: E402

from rules.core.contract import Event  # noqa: E402
from rules.lockdown.state import Options  # noqa: E402

FIXTURE = _HERE / "fixtures" / "lockdown_family_games.json"
# (side, mode, players): each played with one random (even) and one seeking (odd) seed
TABLES = [(side, mode, n) for side in ("basic", "mars")
          for mode, n in (("semi_coop", 2), ("semi_coop", 4), ("coop", 3), ("solo", 1))]
SEEDS = (20, 21, 22, 23)
CHOOSE = seeker(WAYS_OUT)


def event_line(e: Event) -> str:
    """One event as a stable line: kind, addressees, text and data."""
    return json.dumps([e.kind, list(e.to) if e.to is not None else None, e.text, e.data],
                      sort_keys=True, default=repr)


class Digest:
    def __init__(self) -> None:
        self.h = hashlib.sha256()
        self.count = 0

    def add(self, events: list[Event]) -> None:
        for e in events:
            self.h.update(event_line(e).encode())
            self.h.update(b"\n")
            self.count += 1


def _result(s: Any, digest: Digest) -> dict[str, Any]:
    outcome = RS.outcome(s)
    assert outcome is not None
    return {"events": digest.count, "events_sha256": digest.h.hexdigest(),
            "outcome": outcome.model_dump(mode="json"),
            # (without what the seats looked at in secret: the state's `memory`, kept for
            # the computer players' copies, came after the recording and changes no rule)
            "final_sha256": hashlib.sha256(
                s.model_dump_json(exclude={"memory"}).encode()).hexdigest()}


def record(side: str, mode: str, n: int, seed: int) -> dict[str, Any]:
    """Play one game with the simulation driver and describe it."""
    options = Options(mode=mode, board=side)  # type: ignore[arg-type]
    rng = random.Random(seed * 1000 + n + 31)
    s = RS.new_game(seats(n), seed, options)
    digest = Digest()
    moves: list[list[str]] = []
    for _ in range(STEP_CAP):
        if RS.outcome(s) is not None:
            break
        seat = rng.choice([p.seat for p in RS.pending(s)])
        action = CHOOSE(RS.legal_actions(s, seat), rng, seed % 2 == 1)
        step = RS.apply(s, seat, action)
        digest.add(step.events)
        moves.append([seat, action.key])
        s = step.state
    game = {"seed": seed, "options": options.model_dump(mode="json"), "seats": seats(n),
            "moves": moves}
    game.update(_result(s, digest))
    return game


def replay(game: dict[str, Any]) -> dict[str, Any]:
    """Play a recorded game's moves again and describe the result as `record` does."""
    options = Options.model_validate(game["options"])
    s = RS.new_game(list(game["seats"]), game["seed"], options)
    digest = Digest()
    for seat, key in game["moves"]:
        step = RS.apply(s, seat, RS.parse_action(s, seat, key))
        digest.add(step.events)
        s = step.state
    return _result(s, digest)


def load() -> list[dict[str, Any]]:
    return json.loads(FIXTURE.read_text())


def main() -> None:
    games = [record(side, mode, n, seed) for side, mode, n in TABLES for seed in SEEDS]
    FIXTURE.write_text(json.dumps(games, separators=(",", ":")) + "\n")
    for g in games:
        print(g["options"]["board"], g["options"]["mode"], len(g["seats"]), g["seed"],
              len(g["moves"]), "moves", g["events"], "events", g["outcome"]["reason"])


if __name__ == "__main__":
    main()
