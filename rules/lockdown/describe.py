"""Every Lockdown choice in words for the player making it (BOT-CHOICE-1).

`describe` turns one legal action into a `Choice`: a label of a few words (what it is,
and an escape when leaving a room with intruders) and a detail (the card, item or room
text, the cost, what follows). `describe_part` names one card of a subset choice (a
payment, a discard) and `subset_title` titles that multi-select. Names, texts and costs
come from the content and the state, never from the action's own `text` (except where
the state no longer holds the words: a room action's variant, a pick's option label).
Seats are written `<@seat>`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from rules.core.contract import Action, Choice
from rules.core.words import clip, joined
from rules.lockdown import surface
from rules.lockdown.board import board
from rules.lockdown.cards import index
from rules.lockdown.effect_words import effects_words, option_words, plural
from rules.lockdown.facility import powered, room_name, tile_of
from rules.lockdown.gear import gate_actions
from rules.lockdown.rooms import room_actions
from rules.lockdown.state import AgreeFrame, GameState
from rules.lockdown.table import who
from rules.nemesis import actions as a
from rules.nemesis import effects as fx
from rules.nemesis.action_words import (
    COLOR_WORDS,
    careful_note,
    cost_sentence,
    melee_words,
    pass_words,
    pay_title,
    search_words,
    shoot_words,
)
from rules.nemesis.character import ability, slot_limit, slots_used
from rules.nemesis.choices import keep_label
from rules.nemesis.discards import card_word, discard_words
from rules.nemesis.frames import (
    DiscardFrame,
    DraftFrame,
    InterruptFrame,
    PayFrame,
    PickFrame,
    ShotFrame,
    TradeFrame,
)
from rules.nemesis.hands import held_name
from rules.nemesis.picks import pick_text
from rules.nemesis.places import heroes_in, intruders_in
from rules.nemesis.state import Held, Hero, Intruder
from rules.nemesis.subset_words import LABEL_MAX, TITLE_MAX, part_choice, shared_subset_title
from rules.nemesis.trade import (
    TRADE_RULE,
    agree_words,
    give_words,
    partners,
)
from rules.nemesis.turn_actions import cost_of

PASSIVE_WORDS = {"motion_tracker": "see the next intruder event",
                 "scanner": "scan your hand for contamination",
                 "analyze_toolset": "analyse an object you carry"}
GATE_DETAILS = {
    20: "You drive out through the main gate and wait in the bunker, safe from the "
        "facility (the rover is used up).",
    21: "A noise roll at the gate: if nothing appears, you walk out and reach the bunker.",
    22: "The main gate opens for everyone: the rover and the Enviro-Suit ways out become "
        "possible.",
}


def mars_detail(variant: int) -> str:
    """What a Mars surface room action (rover, walk out) does."""
    if variant == surface.WALK_OUT:
        return ("A noise roll with the Mars surface die: if no intruder answers and no "
                "surface card turns you back, you reach the bunker and escape.")
    if variant == surface.ROVER_BUNKER:
        return "You drive across the surface to the bunker and escape; the rover stays there " \
            "(no one else can use it)."
    return "You and the rover move to that exit room, with no noise roll."


def plain(text: str) -> str:
    """Content text on one line, without Markdown emphasis."""
    return " ".join(text.replace("**", "").split())


def intruder_words(intruder: Intruder) -> str:
    hurt = f" ({plural(intruder.injuries, 'injury', 'injuries')})" if intruder.injuries else ""
    return f"the {intruder.kind}{hurt}"


def attackers_words(present: list[Intruder]) -> str:
    kinds = Counter(i.kind for i in present)
    if len(present) == 1:
        return f"the {present[0].kind} attacks"
    if len(kinds) == 1:
        return f"{len(present)} {present[0].kind}s attack"
    if len(present) == 2:
        return f"the {present[0].kind} and the {present[1].kind} attack"
    return f"{len(present)} intruders attack"


def escape_words(s: GameState, hero: Hero) -> str:
    """"escape: the adult attacks" when leaving the hero's room is an escape."""
    if hero.place != "board":
        return ""
    present = intruders_in(s, hero.room)
    return f"escape: {attackers_words(present)}" if present else ""


def with_escape(label: str, s: GameState, hero: Hero) -> str:
    escape = escape_words(s, hero)
    return f"{label} — {escape}" if escape else label


def arrival_words(s: GameState, hero: Hero, to: str, careful: bool) -> str:
    """What waits in `to` and whether the move ends in a noise roll."""
    room = s.rooms[to]
    present = intruders_in(s, to)
    others = [x for x in heroes_in(s, to) if x.seat != hero.seat]
    parts: list[str] = []
    if present:
        parts.append(f"{joined([intruder_words(i) for i in present]).capitalize()} "
                     "there: you start a fight.")
    if others:
        parts.append(f"{joined([who(x.seat) for x in others])} there.")
    if not room.explored:
        parts.append("Unexplored: you explore it and its exploration token takes effect.")
    if room.fire:
        parts.append("It is on fire.")
    if room.venting:
        parts.append("It is sealed for venting!")
    if present or others:
        parts.append("No noise roll (the room is not empty).")
    elif careful:
        parts.append("No noise roll: you put a noise marker in a corridor of your choice.")
    else:
        parts.append("Then a noise roll" + (" unless the token says otherwise."
                                             if not room.explored else "."))
    return " ".join(parts)


def target_words(s: GameState, target: int) -> str:
    if target == 0:
        return "an egg"
    intruder = next((i for i in s.intruders if i.id == target), None)
    return intruder_words(intruder) if intruder is not None else "the intruder"


def source_name(source: str) -> str:
    """The name of the card or item an effect comes from ("" if none)."""
    idx = index()
    for table in (idx.attacks, idx.events, idx.cards, idx.items, idx.computer):
        found = table.get(source)
        if found is not None:
            return str(found.name)
    return ""


# ------------------------------------------------------------------ turn actions
def _move_label(s: GameState, hero: Hero, action: Any) -> str:
    return f"Move to {room_name(s, action.to)}"


def _careful_label(s: GameState, hero: Hero, action: Any) -> str:
    return f"Move carefully to {room_name(s, action.to)}"


def _search_label(s: GameState, hero: Hero, action: Any) -> str:
    return f"Search {room_name(s, hero.room)} ({action.color} item)"


def _move(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    label = with_escape(_move_label(s, hero, action), s, hero)
    return label, f"{cost_sentence(cost_of(s, hero, action))} " \
        f"{arrival_words(s, hero, action.to, careful=False)}"


def _careful(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    note = careful_note(s.rules, hero)
    return _careful_label(s, hero, action), \
        f"{cost_sentence(cost_of(s, hero, action))} {arrival_words(s, hero, action.to, True)}" \
        + (f" {note}" if note else "")


def _shoot(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    # in a powered section everyone rolls the advantage die: Steady Aim makes the
    # difference only in the dark
    steady = ability(s.rules, hero) == "steady_aim" and not powered(s, hero.room)
    held = hero.hands[action.slot] if 0 <= action.slot < len(hero.hands) else Held()
    item = index().items.get(held.item or "")
    label = f"Shoot {target_words(s, action.target)} with {item.name if item else 'a weapon'}"
    return label, f"{cost_sentence(cost_of(s, hero, action))} " \
        f"{shoot_words(s.rules, s, hero, action.slot, action.target, steady=steady)}"


def _melee(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    label = f"Melee attack on {target_words(s, action.target)}"
    return label, f"{cost_sentence(cost_of(s, hero, action))} " \
        f"{melee_words(s.rules, hero, action.target)}"


def _search(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    room = s.rooms[hero.room]
    detail = f"{cost_sentence(cost_of(s, hero, action))} " \
        f"{search_words(s.rules, s, hero, action.color)}"
    if room.tile and tile_of(room.tile).action == "contaminated":
        detail += " The room covers you in slime."
    return _search_label(s, hero, action), detail


def _pick_up(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    free = slot_limit(s.rules, hero) - slots_used(hero)
    revive = ""
    if s.options.mode == "coop" and action.obj.startswith("corpse_"):
        revive = " In a working emergency room (no intruder, no malfunction) the " \
            "character comes back at the start of the next round."
    return f"Pick up {a.object_phrase(action.obj)}", \
        f"{cost_sentence(cost_of(s, hero, action))} It takes a hand slot ({free} free).{revive}"


def _drop(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    held = hero.hands[action.slot] if action.slot < len(hero.hands) else Held(obj="?")
    fate = "It stays in the room." if held.obj is not None \
        else "The item card is lost (it goes under its deck)."
    return f"Drop {held_name(s.rules, held)} (free)", f"Free: not one of your 2 actions. {fate}"


def room_act_text(s: GameState, hero: Hero, action: Any) -> str:
    """The words of a room action's variant (found again when the action has none)."""
    if action.text:
        return str(action.text)
    found = next((x for x in [*room_actions(s, hero), *gate_actions(s, hero)]
                  if isinstance(x, a.RoomAct) and x.variant == action.variant), None)
    return found.text if found is not None else "Room action"


def _room(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    cost = cost_sentence(cost_of(s, hero, action))
    label = room_act_text(s, hero, action)
    if s.options.board == "mars" and action.variant >= 20:
        return label, f"{cost} {mars_detail(action.variant)}"
    if action.variant in GATE_DETAILS:
        return label, f"{cost} {GATE_DETAILS[action.variant]}"
    if action.variant >= 10:
        card = index().computer[s.computer[0]] if s.computer else None
        name = f" ({card.name})" if card is not None else ""
        return label, f"{cost} The computer{name} then shows its next card; the " \
            "Lock-down card strikes at once."
    room = s.rooms[hero.room]
    text = plain(tile_of(room.tile).text) if room.tile else ""
    return label, f"{cost} {text}"


def _card(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    card = index().cards[action.card]
    effects = card.options[action.option] if card.options else card.effects
    label = f"Play {card.name}"
    top = s.stack[-1] if s.stack else None
    if isinstance(top, InterruptFrame):
        label += f" against {target_words(s, top.attacker)}"
    if card.options:
        label += option_words(effects)
    if not isinstance(top, InterruptFrame) and any(isinstance(e, fx.Move) for e in effects):
        label = with_escape(label, s, hero)
    return label, f"{cost_sentence(card.cost, card=True)} {plain(card.text)}"


def _use(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    item = index().items[action.item]
    use = item.use
    label = f"Use {item.name}"
    effects: tuple[fx.Effect, ...] = ()
    if use is None:
        label += f": {PASSIVE_WORDS.get(item.passive or '', 'its ability')}"
    elif use.options:
        effects = use.options[action.option]
        label += option_words(effects)
    else:
        effects = use.effects
    if any(isinstance(e, fx.Move) for e in effects):
        label = with_escape(label, s, hero)
    cost = "Free: not one of your 2 actions, once a round." \
        if item.passive == "motion_tracker" else cost_sentence(cost_of(s, hero, action))
    return label, f"{cost} {plain(item.text)}"


def _craft(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    items = index().items
    item = items[action.item]
    parts = [items[c].name for c in action.cards]
    return f"Craft {item.name} from {' + '.join(parts)}", \
        f"{cost_sentence(cost_of(s, hero, action))} Uses up {joined(parts)}. {plain(item.text)}"


def _trade(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    them = joined([who(x.seat) for x in partners(s, hero)])
    return f"Trade with {them}", f"{cost_sentence(cost_of(s, hero, action))} {TRADE_RULE}"


def _trade_give(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, TradeFrame):
        return action.label, ""
    return give_words(s, top, hero.seat, action)


def _pass(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    return "Pass for this round", pass_words(s, hero)


def _pay(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    names = [card_word(s.rules, c) for c in action.cards]
    return ("Discard " + ", ".join(names)) if names else "Pay nothing", ""


def _discard(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    names = [card_word(s.rules, hero.hand[int(p)]) for p in action.cards if int(p) < len(hero.hand)]
    return ("Discard " + ", ".join(names)) if names else "Keep your hand", ""


def _draft(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    ch = index().characters[action.character]
    start = f" Starts with {index().items[ch.starting_item].name}." if ch.starting_item \
        else ""
    return f"Play the {ch.name}", f"{plain(ch.text)}{start}"


def _keep(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    """Keeping an objective: its text, and who "Player N" is at this table."""
    objective = index().objectives[action.objective]
    return keep_label(s.seats, objective), plain(objective.text)


# ------------------------------------------------------------------ picks
def _pick(s: GameState, hero: Hero, action: Any) -> tuple[str, str]:
    top = s.stack[-1] if s.stack else None
    if isinstance(top, PickFrame) and action.index < len(top.options):
        return _pick_frame(s, hero, top, action.index)
    if isinstance(top, InterruptFrame):
        return "Take the attack", f"{target_words(s, top.attacker).capitalize()} attacks " \
            "you: an attack card is drawn (it may miss)."
    if isinstance(top, ShotFrame):
        return action.text, f"You rolled {top.face.replace('_', ' ')}."
    if isinstance(top, TradeFrame) and top.stage == "agree":
        return agree_words(s, top, hero.seat, action.index)
    if isinstance(top, AgreeFrame) and action.index == 0:
        return action.text, f"Ride with {who(top.asker)} to {room_name(s, top.target)}."
    return action.label, ""


def _pick_frame(s: GameState, hero: Hero, f: PickFrame, i: int) -> tuple[str, str]:
    option = f.options[i]
    label = pick_text(s, f, i)
    if f.purpose == "move":
        e = f.effect
        careful = isinstance(e, fx.Move) and e.careful
        tech = isinstance(e, fx.Move) and e.through_tech
        verb = "Move carefully to" if careful else "Crawl to" if tech else "Move to"
        label = with_escape(f"{verb} {room_name(s, option)}", s, hero)
        return label, arrival_words(s, hero, option, careful)
    if f.purpose in ("room", "intruder") and f.effect is not None:
        return label, f"For: {effects_words([f.effect])}."
    if f.purpose == "color":
        return label, f"The {option} deck: {COLOR_WORDS[option]}."
    if f.purpose == "noise_corridor":
        ex = board(s).exit_by_number(f.tag, int(option))
        where = "the technical corridors" if ex.to == "tech" else room_name(s, ex.to)
        if ex.to == "tech" and ex.corridor in board(s).area:  # Mars side
            where = f"surface area {board(s).area[ex.corridor]}"
        return label, f"Corridor {option} leads to {where}."
    step = STEP_DETAILS.get(f.tag.split(":")[0])
    return label, step(s, hero, f, option) if step is not None else ""


def _keep_item(s: GameState, hero: Hero, f: PickFrame, option: str) -> str:
    item = index().items[option.split("+")[0]]
    return plain(item.text)


def _heavy(s: GameState, hero: Hero, f: PickFrame, option: str) -> str:
    _, what, thing, _ = f.tag.split(":")
    item = index().items.get(thing) if what == "i" else None
    new = f"{item.name}: {plain(item.text)}" if item is not None else ""
    verb, _, slot = option.partition(":")
    if verb == "drop" and int(slot) < len(hero.hands):
        dropped = hero.hands[int(slot)]
        fate = "stays in the room" if dropped.obj else "is lost (under its deck)"
        return f"{held_name(s.rules, dropped)} {fate}. {new}".strip()
    return new


def _room_target(s: GameState, hero: Hero, f: PickFrame, option: str) -> str:
    there = [who(x.seat) for x in heroes_in(s, option)]
    present = [intruder_words(i) for i in intruders_in(s, option)]
    found = ([f"Intruders: {joined(present)}."] if present else []) + \
        ([f"Characters: {joined(there)}."] if there else [])
    what = {"defense": "A malfunction there; every intruder there takes 1 injury and every "
                       "character there a serious wound.",
            "vent": "Its doors close; unless one opens before the event phase, everything "
                    "inside dies.",
            "cave": "You come out there; an attack card is drawn as if an adult attacked "
                    "you in the dark."}[f.tag]
    return " ".join([what, *found])


def _power(s: GameState, hero: Hero, f: PickFrame, option: str) -> str:
    active = {str(p.token): p.active for p in s.power.values()}
    places = ("section 1", "section 2", "section 3", "the elevator")
    lit = [place for place, token in zip(places, option.split(","), strict=True)
           if active[token]]
    return f"Powered: {joined(lit)}." if lit else "Nothing powered."


def _fixed(text: str) -> Callable[[GameState, Hero, PickFrame, str], str]:
    return lambda s, hero, f, option: text


STEP_DETAILS: dict[str, Callable[[GameState, Hero, PickFrame, str], str]] = {
    "keep_item": _keep_item,
    "heavy": _heavy,
    "cave": _room_target,
    "defense": _room_target,
    "rover_send": _fixed("The rover drives there empty; a character in that exit room may "
                         "then ride it."),
    "vent": _room_target,
    "lab": _fixed("+3 knowledge; a new kind of object reveals the next weakness."),
    "toolset": _fixed("+3 knowledge; a new kind of object reveals the next weakness."),
    "check": _fixed("Their objective is shown to you alone."),
    "css_pick": _fixed("You see which pods it launches, then may move it by one slot."),
    "css_peek": _fixed("You see which pods it launches."),
    "storage": lambda s, hero, f, option: f"Draw 2 from the {option} deck "
                                          f"({COLOR_WORDS[option]}), keep 1.",
    "power": _power,
    "peek": _fixed("The token is shown to you alone."),
    "take": _fixed("You look at it and keep it."),
    "reveal": _fixed("Everyone sees it; it joins the revealed contingencies."),
}

DESCRIBERS: dict[type, Callable[[GameState, Hero, Any], tuple[str, str]]] = {
    a.Move: _move, a.CarefulMove: _careful, a.Shoot: _shoot, a.Melee: _melee,
    a.Search: _search, a.PickUp: _pick_up, a.Drop: _drop, a.RoomAct: _room,
    a.PlayCard: _card, a.UseItem: _use, a.Craft: _craft, a.Trade: _trade,
    a.TradeGive: _trade_give, a.Pass: _pass,
    a.Pay: _pay, a.Discard: _discard, a.Draft: _draft, a.KeepObjective: _keep,
    a.Pick: _pick,
}


# the labels of the actions most often paid for (a payment names what it pays for)
SHORT_LABELS: dict[type, Callable[[GameState, Hero, Any], str]] = {
    a.Move: _move_label, a.CarefulMove: _careful_label, a.Search: _search_label,
    a.RoomAct: room_act_text,
}


# ------------------------------------------------------------------ the contract
def describe(s: GameState, seat: str, action: Action) -> Choice:
    describer = DESCRIBERS.get(type(action))
    if describer is None:
        return Choice(label=clip(action.label, LABEL_MAX))
    label, detail = describer(s, s.heroes[seat], action)
    return Choice(label=clip(label, LABEL_MAX), detail=detail.strip())


def describe_part(s: GameState, seat: str, action: Action, part: str) -> Choice:
    """A craft's component, a thing to give, a card of a payment or of a discard."""
    return part_choice(s, seat, action, part, text=plain, contamination=(
        "A contamination card; it comes back when your discard pile is shuffled into your "
        "deck."))


def subset_title(s: GameState, seat: str, action: Action) -> tuple[str, str]:
    shared = shared_subset_title(s, seat, action)
    if shared is not None:
        return shared
    top = s.stack[-1] if s.stack else None
    if isinstance(top, PayFrame):
        return clip(pay_prompt(s, top), TITLE_MAX), \
            f"Choose exactly {plural(top.cost, 'action card')}."
    if isinstance(top, DiscardFrame):
        return discard_title(top)
    return "Choose", ""


def pay_prompt(s: GameState, f: PayFrame) -> str:
    """"Pay for Play Dash: discard 1 more action card" (the family's cost words)."""
    return pay_title(pay_what(s, f), f.cost, card=f.card is not None)


def pay_what(s: GameState, f: PayFrame) -> str:
    """The action being paid for, in short: its label without the warnings, a card or
    item with the chosen option in brackets."""
    action = a.CODEC.parse(f.action)
    chosen: tuple[fx.Effect, ...] = ()
    if isinstance(action, a.PlayCard):
        card = index().cards[action.card]
        name = f"Play {card.name}"
        chosen = card.options[action.option] if card.options else ()
    elif isinstance(action, a.UseItem):
        item = index().items[action.item]
        name = f"Use {item.name}"
        chosen = item.use.options[action.option] if item.use and item.use.options else ()
    elif type(action) in SHORT_LABELS:  # the label alone, without working out details
        label = SHORT_LABELS[type(action)](s, s.heroes[f.seat], action)
        return clip(label, LABEL_MAX).split(" — ")[0]
    else:
        return describe(s, f.seat, action).label.split(" — ")[0]
    return name + (f" ({effects_words(chosen)})" if chosen else "")


def discard_title(f: DiscardFrame) -> tuple[str, str]:
    return discard_words(f, source_name(f.source))


def draft_words(s: GameState, f: DraftFrame) -> str:
    return " or ".join(index().characters[c].name for c in f.offered)
