"""The character draft (each seat keeps 1 of 2 characters offered at random) and the
first-encounter objective choice (NX-AI-1: everyone keeps 1 of their 2 objectives in
secret). The game names objectives and places a drafted character (Profile hooks)."""

from __future__ import annotations

from typing import Any

from rules.core.actions import seat_ref as who
from rules.core.contract import Action
from rules.nemesis.actions import Draft, KeepObjective, keep_words
from rules.nemesis.frames import DraftFrame, ObjectiveFrame
from rules.nemesis.profile import NemesisState, Table


def draft_waiting(s: NemesisState, f: DraftFrame) -> list[str]:
    return [f.seat] if f.offered else []


def draft_legal(s: NemesisState, f: DraftFrame, seat: str) -> list[Action]:
    names = s.rules.characters
    return [Draft(character=c, text=names[c].name) for c in f.offered]


def draft_run(ctx: Table, f: DraftFrame) -> None:
    pool = ctx.s.decks["draft"]
    f.offered = [pool.pop(0) for _ in range(min(2, len(pool)))]
    names = ctx.rules.characters
    ctx.say(f"{who(f.seat)} drafts from: "
            + " or ".join(names[c].name for c in f.offered) + ".", kind="draft")


def draft_act(ctx: Table, f: DraftFrame, seat: str, action: Action) -> None:
    assert isinstance(action, Draft)
    s = ctx.s
    s.stack.pop()
    back = [c for c in f.offered if c != action.character]
    s.decks["draft"] = s.rng.shuffled(s.decks["draft"] + back)
    hooks = ctx.rules.hooks
    hooks.place_character(s, seat, action.character)
    hero = s.heroes[seat]
    ctx.say(f"{who(seat)} plays the {ctx.rules.characters[action.character].name}, "
            f"starting in {hooks.room_name(s, hero.room)}.", kind="draft_pick",
            character=action.character)


def objectives_waiting(s: NemesisState, f: ObjectiveFrame) -> list[str]:
    return list(f.pending)


def objectives_legal(s: NemesisState, f: ObjectiveFrame, seat: str) -> list[Action]:
    name = s.rules.hooks.objective_name
    return [KeepObjective(objective=o, text=name(o)) for o in s.heroes[seat].objectives]


def keep_label(seats: list[str], card: Any) -> str:
    """The choice of keeping objective `card` (a game's objective card: name, kind,
    value): "Keep objective: Old Grudge: Player 2 (<@p1>)", naming who "Player N" is."""
    label = keep_words(card.name)
    if card.kind == "player_cannot_survive" and 0 < card.value <= len(seats):
        label += f" ({who(seats[card.value - 1])})"
    return label


def objectives_act(ctx: Table, f: ObjectiveFrame, seat: str, action: Action) -> None:
    assert isinstance(action, KeepObjective)
    ctx.s.heroes[seat].objectives = [action.objective]
    f.pending.remove(seat)
    ctx.tell(seat, f"You keep: {ctx.rules.hooks.objective_name(action.objective)}.",
             kind="objective")
    ctx.say(f"{who(seat)} has chosen an objective.", kind="objective_chosen")


def objectives_run(ctx: Table, f: ObjectiveFrame) -> None:
    ctx.s.stack.pop()


def keep_one_objective(ctx: Table, text: str) -> None:
    """The first encounter: everyone alive with 2 objectives keeps 1 (`text` says so)."""
    s = ctx.s
    pending = [h.seat for h in s.heroes.values()
               if len(h.objectives) > 1 and h.place != "dead"]
    ctx.say(text, kind="critical")
    if pending:
        s.stack.append(ObjectiveFrame(pending=pending))
