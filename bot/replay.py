"""Replaying a stored game from its seed and move log (BOT-LOG-1)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games import game_options
from bot.storage import GameStore
from rules import get_ruleset


@dataclass
class ReplayReport:
    game_id: int
    moves: int
    matches: bool
    detail: str


async def replay_game(storage: GameStore, game_id: int) -> ReplayReport:
    record = await storage.get_game(game_id)
    if record is None or record.state is None:
        return ReplayReport(game_id, 0, False, "no such started game")
    rs = get_ruleset(record.ruleset)
    stored = rs.load_state(record.state)
    state = rs.new_game(list(record.seats), stored.seed,
                        game_options(rs, record.options))
    moves = await storage.moves(game_id)
    for move in moves:
        seat = move.seat or ""
        state = rs.apply(state, seat, rs.parse_action(state, seat, move.action)).state
    same = rs.dump_state(state) == record.state
    detail = "replay reproduces the stored snapshot" if same else (
        f"replay differs from the stored snapshot (version {state.version} vs "
        f"{record.version})")
    return ReplayReport(game_id, len(moves), same, detail)


async def export_log(storage: GameStore, game_id: int) -> str:
    """The move log as text lines: seq, time, seat, action key."""
    moves = await storage.moves(game_id)
    return "\n".join(f"{m.seq}\t{m.created_at.isoformat()}\t{m.seat}\t{m.action}"
                     for m in moves)
