"""What the basic actions do, in a sentence for the choice that offers them (both
Nemesis games, BOT-CHOICE-1): shooting, a melee attack, searching, passing, and the
notes for abilities that replace a base rule (Quiet Steps' careful movement, Steady
Aim's die, Sterile melee), said plainly where the rule applies. Each game puts its own
cost words and additions around them."""

from __future__ import annotations

from rules.core.words import plural
from rules.nemesis.character import ability
from rules.nemesis.combat import melee_bonus, uses_advantage
from rules.nemesis.profile import NemesisState, Profile
from rules.nemesis.state import Held, Hero
from rules.nemesis.turn_actions import COSTS

COLOR_WORDS = {"red": "military: weapons, ammo, grenades, armour",
               "yellow": "technical: tools, power cells, repair kits",
               "green": "medical: bandages, medkits, serums"}


def character_name(rules: Profile, hero: Hero) -> str:
    return rules.characters[hero.character].name


def careful_note(rules: Profile, hero: Hero) -> str:
    """Quiet Steps replaces the cost of a careful movement (2 cards): said plainly."""
    if ability(rules, hero) != "quiet_steps":
        return ""
    return (f"Careful movement: 1 card for the {character_name(rules, hero)} (Quiet Steps); "
            f"{COSTS['careful']} cards for anyone else.")


def shoot_words(rules: Profile, s: NemesisState, hero: Hero, slot: int, target: int,
                steady: bool = False) -> str:
    """The die rolled, the ammo spent, a weapon's extra injuries, an egg's noise roll.
    `steady`: the advantage die is the hero's Steady Aim, where anyone else rolls the
    combat die (the game knows when), and the words say so."""
    held = hero.hands[slot] if 0 <= slot < len(hero.hands) else Held()
    item = rules.items.get(held.item or "")
    weapon = item.weapon if item is not None else None
    advantage = uses_advantage(rules, s, hero)
    die = f"the {'advantage' if advantage else 'combat'} die"
    if advantage and steady:
        die += (f" (Steady Aim: the advantage die for the {character_name(rules, hero)}; "
                "anyone else rolls the combat die)")
    parts = [f"Roll {die}; ammo {held.ammo} → {max(0, held.ammo - 1)}."]
    if weapon is not None and weapon.damage_bonus:
        extra = plural(weapon.damage_bonus, "extra injury", "extra injuries")
        parts.append(f"A hit deals {extra}.")
    if target == 0:
        parts.append("Then a noise roll.")
    return " ".join(parts)


def melee_words(rules: Profile, hero: Hero, target: int) -> str:
    """The roll, the contamination card first and the serious wound on a miss (or, on an
    egg, the noise roll), a melee weapon's bonus."""
    parts = ["Roll the combat die;"]
    if target == 0:
        parts.append("a hit destroys an egg. Then a noise roll.")
    elif ability(rules, hero) == "sterile":
        parts.append(f"no contamination card for the {character_name(rules, hero)} "
                     "(Sterile; anyone else takes one first); a miss gives you a serious "
                     "wound.")
    else:
        parts.append("you first take a contamination card; a miss gives you a serious "
                     "wound.")
    if melee_bonus(rules, hero):
        parts.append(f"Your melee weapon adds {melee_bonus(rules, hero)} to a hit.")
    return " ".join(parts)


def search_words(rules: Profile, s: NemesisState, hero: Hero, color: str) -> str:
    """What a search draws and how many searches the room has left."""
    draw = "Draw 2 item cards, keep 1" if ability(rules, hero) == "scavenger" \
        else "Draw an item card"
    left = plural(s.rooms[hero.room].items, "search", "searches")
    return f"{draw} from the {color} deck ({COLOR_WORDS[color]}). {left} left here."


def pass_words(s: NemesisState, hero: Hero) -> str:
    """No more turns this round, the discard that follows, a fire that hurts."""
    detail = "No more turns for you this round; then you may discard cards from your hand."
    if hero.place == "board" and s.rooms[hero.room].fire and not hero.fire_hurt:
        detail += " You end in the fire: 1 light wound."
    return detail


# ------------------------------------------------------------------ costs
# One convention for both games, everywhere a cost is shown (choice labels and details,
# the pay prompt, the card list of a payment, the sheet, /rules): a cost is the number of
# action cards discarded to pay; a card played is never counted in it (it is discarded
# as well), just as the number printed on the card (rules/nemesis/README.md).


def cost_tag(n: int, card: bool = False) -> str:
    """A cost in a label, a sheet line or a /rules fact: "cost 2"; "free" for an action
    (not a card) that needs no card."""
    return "free" if n == 0 and not card else f"cost {n}"


def cost_sentence(n: int, card: bool = False) -> str:
    """A cost in a choice's detail: "Cost 2: discard 2 action cards."; for a card played,
    "Cost 1: play this card and discard 1 more action card."."""
    if card:
        return f"Cost {n}: play this card and discard {plural(n, 'more action card')}." \
            if n else "Cost 0: play this card, nothing more to discard."
    return f"Cost {n}: discard {plural(n, 'action card')}." if n else \
        "Free: no card to discard."


def pay_title(what: str | None, n: int, card: bool = False) -> str:
    """The payment's prompt: "Pay for Move to Lab: discard 1 action card" ("Pay: ..."
    when `what` is not named); for a card played, "Pay for Play Dash: discard 1 more
    action card"."""
    need = plural(n, "more action card" if card else "action card")
    return f"Pay for {what}: discard {need}" if what else f"Pay: discard {need}"
