"""The character draft (LD-SETUP-5) and the first-encounter objective choice
(NX-AI-1)."""

from __future__ import annotations

from rules.core.contract import Action
from rules.lockdown.cards import index
from rules.lockdown.facility import room_name
from rules.lockdown.setup import place_character
from rules.lockdown.state import DraftFrame, GameState, ObjectiveFrame
from rules.lockdown.table import Ctx, who
from rules.nemesis.actions import Draft, KeepObjective


def _name(kind: str, oid: str) -> str:
    from rules.lockdown.cards import index

    table = index().characters if kind == "character" else index().objectives
    return table[oid].name


def draft_waiting(s: GameState, f: DraftFrame) -> list[str]:
    return [f.seat] if f.offered else []


def choosable(s: GameState, f: DraftFrame) -> list[str]:
    """The offered draft cards and, with the crossover option (LD-XOVER-1), the original
    character of each card's colour right after it."""
    if not s.options.nemesis_characters:
        return list(f.offered)
    originals = {card: ch for ch, card in index().draft_card.items()}
    return [c for card in f.offered for c in (card, originals.get(card)) if c is not None]


def draft_legal(s: GameState, f: DraftFrame, seat: str) -> list[Action]:
    return [Draft(character=c, text=_name("character", c)) for c in choosable(s, f)]


def draft_run(ctx: Ctx, f: DraftFrame) -> None:
    pool = ctx.s.decks["draft"]
    f.offered = [pool.pop(0) for _ in range(min(2, len(pool)))]
    ctx.say(f"{who(f.seat)} drafts from: "
            + " or ".join(_name("character", c) for c in f.offered) + ".", kind="draft")


def draft_act(ctx: Ctx, f: DraftFrame, seat: str, action: Action) -> None:
    assert isinstance(action, Draft)
    s = ctx.s
    s.stack.pop()
    card = index().draft_card.get(action.character, action.character)  # its draft card
    back = [c for c in f.offered if c != card]
    s.decks["draft"] = s.rng.shuffled(s.decks["draft"] + back)
    place_character(s, seat, action.character)
    hero = s.heroes[seat]
    ctx.say(f"{who(seat)} plays the {_name('character', action.character)}, starting in "
            f"{room_name(s, hero.room)}.", kind="draft_pick", character=action.character)


def objectives_waiting(s: GameState, f: ObjectiveFrame) -> list[str]:
    return list(f.pending)


def objectives_legal(s: GameState, f: ObjectiveFrame, seat: str) -> list[Action]:
    return [KeepObjective(objective=o, text=_name("objective", o))
            for o in s.heroes[seat].objectives]


def objectives_act(ctx: Ctx, f: ObjectiveFrame, seat: str, action: Action) -> None:
    assert isinstance(action, KeepObjective)
    ctx.s.heroes[seat].objectives = [action.objective]
    f.pending.remove(seat)
    ctx.tell(seat, f"You keep: {_name('objective', action.objective)}.", kind="objective")
    ctx.say(f"{who(seat)} has chosen an objective.", kind="objective_chosen")


def objectives_run(ctx: Ctx, f: ObjectiveFrame) -> None:
    ctx.s.stack.pop()


def first_encounter(ctx: Ctx) -> None:
    """The first intruder on the board: everyone keeps 1 of their 2 objectives (NX-AI-1;
    coop objectives stay as they are)."""
    s = ctx.s
    pending = [h.seat for h in s.heroes.values()
               if len(h.objectives) > 1 and h.place != "dead"]
    ctx.say("First encounter! " + {
        "coop": "The team's objectives stay as they are.",
        "solo": "Keep one of your two objectives in secret.",
    }.get(s.options.mode, "Everyone keeps one of their two objectives in secret."),
        kind="critical")
    if pending:
        s.stack.append(ObjectiveFrame(pending=pending))
