"""The yellow corporation dice (DMX-2): once the active player's malfunction task is
set up, they roll 2 corporation dice in secret (the company insider rolls 3) and submit
1 publicly; a negative face moves the success cube back. The roll needs no choice, so
it happens at once (told to the roller alone, like every roll); which die to submit is
the roller's secret decision, the die submitted is announced to all. The dice not
submitted are never shown to anyone during play: the state keeps their faces only for
the recap at the end (`ExpansionState.discarded`, in no view)."""

from __future__ import annotations

from functools import cache

from rules.core.contract import Action
from rules.darkmoon.actions import CorpSubmit, face_text
from rules.darkmoon.state import CorporationFrame, GameState, TaskFrame
from rules.darkmoon.table import Ctx, ability, own_expansion, who


def start(ctx: Ctx, task: TaskFrame) -> None:
    """Push the corporation roll for the task's active player (after the success cube
    is set to 0, before anyone goes IN or OUT)."""
    s = ctx.s
    count = ctx.c.expansion.board.corporation_roll
    if ability(s, task.seat, "corporate_insider"):
        count += 1
    faces = ctx.c.expansion.board.corporation_die
    rolled = [faces[s.rng.below(6)] for _ in range(count)]
    s.stack.append(CorporationFrame(seat=task.seat, count=count, rolled=rolled))
    if s.expansion is not None and s.expansion.submitted is not None:
        own_expansion(s).submitted = None
    ctx.say(f"{who(task.seat)} rolls {count} corporation dice behind their screen.",
            kind="corp_roll", seat=task.seat)
    ctx.tell(task.seat, "Your corporation dice: " + ", ".join(face_text(x) for x in rolled)
             + ". Submit 1; the others are never shown.", kind="private_corp",
             dice=list(rolled))


def corporation_waiting(s: GameState, f: CorporationFrame) -> list[str]:
    return [f.seat]


def corporation_legal(s: GameState, f: CorporationFrame, seat: str) -> list[Action]:
    return list(_corp_submits(tuple(sorted(set(f.rolled), reverse=True))))


@cache
def _corp_submits(faces: tuple[int, ...]) -> tuple[CorpSubmit, ...]:
    """One submit per face, highest first (the same few lists come up every task)."""
    return tuple(CorpSubmit(face=face) for face in faces)


def corporation_act(ctx: Ctx, f: CorporationFrame, seat: str, action: Action) -> None:
    s = ctx.s
    assert isinstance(action, CorpSubmit)
    s.stack.pop()
    face = action.face
    if s.expansion is not None:
        x = own_expansion(s)
        x.submitted = face
        others = list(f.rolled)
        others.remove(face)
        x.discarded.setdefault(seat, []).extend(others)
    if face < 0:
        s.success_track += face
        ctx.say(f"{who(seat)} submits a corporation die showing {face}: the success cube "
                f"moves back to {s.success_track}.", kind="corp_submit", face=face,
                track=s.success_track)
    else:
        ctx.say(f"{who(seat)} submits a corporation die showing {face_text(face)}: the "
                f"success cube stays at {s.success_track}.", kind="corp_submit", face=face,
                track=s.success_track)


def corporation_run(ctx: Ctx, f: CorporationFrame) -> None:
    """Never reached (the frame always waits for its seat); drops the frame."""
    ctx.s.stack.pop()
