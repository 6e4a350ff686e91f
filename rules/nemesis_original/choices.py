"""The character draft and the first-encounter objective choice (NX-AI-1, NE-CRIT-1)."""

from __future__ import annotations

from rules.core.contract import Action
from rules.nemesis.actions import Draft, KeepObjective
from rules.nemesis_original.cards import index
from rules.nemesis_original.profile import room_name
from rules.nemesis_original.setup import place_character
from rules.nemesis_original.state import DraftFrame, GameState, ObjectiveFrame
from rules.nemesis_original.table import Ctx, who


def character_name(cid: str) -> str:
    return index().characters[cid].name


def objective_name(oid: str) -> str:
    return index().objectives[oid].name


def draft_waiting(s: GameState, f: DraftFrame) -> list[str]:
    return [f.seat] if f.offered else []


def draft_legal(s: GameState, f: DraftFrame, seat: str) -> list[Action]:
    return [Draft(character=c, text=character_name(c)) for c in f.offered]


def draft_run(ctx: Ctx, f: DraftFrame) -> None:
    pool = ctx.s.decks["draft"]
    f.offered = [pool.pop(0) for _ in range(min(2, len(pool)))]
    ctx.say(f"{who(f.seat)} drafts from: "
            + " or ".join(character_name(c) for c in f.offered) + ".", kind="draft")


def draft_act(ctx: Ctx, f: DraftFrame, seat: str, action: Action) -> None:
    assert isinstance(action, Draft)
    s = ctx.s
    s.stack.pop()
    back = [c for c in f.offered if c != action.character]
    s.decks["draft"] = s.rng.shuffled(s.decks["draft"] + back)
    place_character(s, seat, action.character)
    hero = s.heroes[seat]
    ctx.say(f"{who(seat)} plays the {character_name(action.character)}, waking up in "
            f"the {room_name(s, hero.room)}.", kind="draft_pick", character=action.character)


def objectives_waiting(s: GameState, f: ObjectiveFrame) -> list[str]:
    return list(f.pending)


def objectives_legal(s: GameState, f: ObjectiveFrame, seat: str) -> list[Action]:
    return [KeepObjective(objective=o, text=objective_name(o))
            for o in s.heroes[seat].objectives]


def objectives_act(ctx: Ctx, f: ObjectiveFrame, seat: str, action: Action) -> None:
    assert isinstance(action, KeepObjective)
    ctx.s.heroes[seat].objectives = [action.objective]
    f.pending.remove(seat)
    ctx.tell(seat, f"You keep: {objective_name(action.objective)}.", kind="objective")
    ctx.say(f"{who(seat)} has chosen an objective.", kind="objective_chosen")


def objectives_run(ctx: Ctx, f: ObjectiveFrame) -> None:
    ctx.s.stack.pop()


def first_encounter(ctx: Ctx) -> None:
    """The first intruder aboard: everyone still alive keeps 1 of their 2 objectives."""
    s = ctx.s
    pending = [h.seat for h in s.heroes.values()
               if len(h.objectives) > 1 and h.place != "dead"]
    ctx.say("First encounter! Everyone keeps one of their two objectives in secret.",
            kind="critical")
    if pending:
        s.stack.append(ObjectiveFrame(pending=pending))
