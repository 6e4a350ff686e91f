"""Actions of the original Nemesis in words for the seat choosing them: a short label
with the cost, and what it does (card and item texts, the room's action, warnings such
as an escape under attack)."""

from __future__ import annotations

from rules.core.contract import Action, Choice
from rules.core.words import clip, plural
from rules.nemesis import actions as a
from rules.nemesis.action_words import (
    COLOR_WORDS,
    careful_note,
    cost_sentence,
    cost_tag,
    melee_words,
    pass_words,
    pay_title,
    search_words,
    shoot_words,
)
from rules.nemesis.character import ability
from rules.nemesis.choices import keep_label
from rules.nemesis.discards import discard_words
from rules.nemesis.frames import (
    DiscardFrame,
    InterruptFrame,
    PayFrame,
    PickFrame,
    TurnFrame,
)
from rules.nemesis.places import intruders_in
from rules.nemesis.subset_words import LABEL_MAX, TITLE_MAX, part_choice, shared_subset_title
from rules.nemesis.trade import TRADE_RULE
from rules.nemesis.turn_actions import cost_of
from rules.nemesis_original.cards import index
from rules.nemesis_original.profile import room_name
from rules.nemesis_original.rooms import current_tile
from rules.nemesis_original.state import GameState


def source_name(source: str) -> str:
    """The name of the card or item an effect comes from ("" if none)."""
    idx = index()
    for table in (idx.attacks, idx.events, idx.cards, idx.items):
        found = table.get(source)
        if found is not None:
            return str(found.name)
    return ""


def _detail(s: GameState, seat: str, action: Action) -> str:
    hero = s.heroes[seat]
    if isinstance(action, a.PlayCard):
        card = index().cards[action.card]
        return f"{cost_sentence(card.cost, card=True)} {card.text}"
    if isinstance(action, a.UseItem):
        return index().items[action.item].text
    if isinstance(action, a.RoomAct):
        tile = current_tile(s, hero)
        return tile.text.strip() if tile is not None else ""
    if isinstance(action, a.Move | a.CarefulMove):
        present = intruders_in(s, hero.room)
        if present and isinstance(action, a.Move):
            if len(present) == 1:
                return "An escape: the intruder here attacks first."
            return f"An escape: each of the {len(present)} intruders here attacks first."
        note = careful_note(s.rules, hero) if isinstance(action, a.CarefulMove) else ""
        if not s.rooms[action.to].explored:
            return f"{room_name(s, action.to)}: you explore it when you enter. {note}"
        return note
    if isinstance(action, a.Draft):
        ch = index().characters[action.character]
        item = index().items.get(ch.starting_item or "")
        return f"{ch.text} Starts with {item.name}." if item is not None else ch.text
    if isinstance(action, a.Trade):
        return TRADE_RULE
    if isinstance(action, a.Shoot):
        # the ship has no power: the advantage die is only ever the Soldier's Steady Aim
        return shoot_words(s.rules, s, hero, action.slot, action.target,
                           steady=ability(s.rules, hero) == "steady_aim")
    if isinstance(action, a.Melee):
        return melee_words(s.rules, hero, action.target)
    if isinstance(action, a.Search) and action.color in COLOR_WORDS:
        return search_words(s.rules, s, hero, action.color)
    if isinstance(action, a.Pass) and hero.place == "board":
        return pass_words(s, hero)
    if isinstance(action, a.Drop) and action.slot < len(hero.hands):
        if hero.hands[action.slot].item is not None:
            return "The item is lost: it goes back under its deck, not onto the floor."
        return "It stays in this room; anyone here can pick it up."
    top = s.stack[-1] if s.stack else None
    if isinstance(action, a.Pick) and isinstance(top, PickFrame) \
            and action.index < len(top.options):
        return _pick_detail(s, top, top.options[action.index])
    return ""


def _keep(s: GameState, action: a.KeepObjective) -> Choice:
    """Keeping an objective: its text, and who "Player N" is on this ship."""
    card = index().objectives[action.objective]
    return Choice(label=clip(keep_label(s.seats, card), LABEL_MAX), detail=card.text)


def _leads_to(s: GameState, room: str, corridor: str) -> str:
    ex = s.graph.exit_by_number(room, int(corridor))
    return "the technical corridors" if ex.to == "tech" else room_name(s, ex.to)


def _pick_detail(s: GameState, f: PickFrame, option: str) -> str:
    """Where a careful movement's noise corridor leads; what a card's move finds."""
    if f.purpose == "noise_corridor":
        return f"Corridor {option} leads to {_leads_to(s, f.tag, option)}."
    if f.purpose == "move" and option in s.rooms and not s.rooms[option].explored:
        return f"{room_name(s, option)}: you explore it when you enter."
    return ""


def describe(s: GameState, seat: str, action: Action) -> Choice:
    top = s.stack[-1] if s.stack else None
    label = action.label
    if isinstance(action, a.KeepObjective):
        return _keep(s, action)
    if isinstance(action, a.Pick) and isinstance(top, PickFrame) \
            and top.purpose == "noise_corridor" and action.index < len(top.options):
        # short enough for a button; the prompt says what the corridor is for
        n = top.options[action.index]
        return Choice(label=f"Corridor {n}, toward {_leads_to(s, top.tag, n)}")
    cost: int | None = None
    if isinstance(top, InterruptFrame) and isinstance(action, a.PlayCard):
        cost = index().cards[action.card].cost
    elif isinstance(top, TurnFrame) and not isinstance(action, a.Pass | a.Drop):
        cost = cost_of(s, s.heroes[seat], action)
    if cost is not None:
        # a long label is cut before its cost, which always shows
        price = f" ({cost_tag(cost, card=isinstance(action, a.PlayCard))})"
        label = clip(label, LABEL_MAX - len(price)) + price
    return Choice(label=clip(label, LABEL_MAX), detail=_detail(s, seat, action).strip())


def describe_part(s: GameState, seat: str, action: Action, part: str) -> Choice:
    """A craft's component, a thing to give, a card of a payment or of a discard."""
    return part_choice(s, seat, action, part, text=str,
                       contamination="A contamination card (it pays for nothing).")


def pay_words(f: PayFrame) -> str:
    """"Pay: discard 1 action card"; for a card played, "Pay for Play Dash: discard 1
    more action card" (the family's cost words)."""
    card = index().cards.get(f.card) if f.card else None
    return pay_title(f"Play {card.name}" if card is not None else None, f.cost,
                     card=card is not None)


def subset_title(s: GameState, seat: str, action: Action) -> tuple[str, str]:
    shared = shared_subset_title(s, seat, action)
    if shared is not None:
        return shared
    top = s.stack[-1] if s.stack else None
    if isinstance(top, PayFrame):
        need = plural(top.cost, "action card")
        return clip(pay_words(top), TITLE_MAX), f"Choose exactly {need}."
    if isinstance(top, DiscardFrame):
        return discard_words(top, source_name(top.source))
    return "Choose", ""
