"""Effect primitives (rules.nemesis.effects) in a few plain words, for the labels of
choices in both Nemesis games: what option 2 of a card does ("dress 1 serious wound"),
what a room choice is for ("put out the fire"). Written from the effect data, so every
card and item option gets words without a text of its own. A crafted item is named
through the game's `item_name` (the family knows no game's items)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.core.words import a_or_an, plural
from rules.nemesis import effects as fx

WHO = {"room": "everyone in your room", "others_in_room": "the others in your room",
       "section": "everyone in your section", "all": "every character",
       "dark": "every character in darkness"}
ROOMS = {"here": "your room", "random": "a random room",
         "with_intruder": "every room with an intruder",
         "with_character": "every room with a character",
         "with_noise": "every room next to noise", "section": "every room of your section",
         "nest": "the nest"}
CHOSEN = {"any": "any room", "section": "a room of your section",
          "neighbour": "a neighbouring room",
          "tech": "a room with a technical entrance"}
HEALS = {"light_all": "remove all light wounds", "light_one": "remove 1 light wound",
         "dress_all": "dress all serious wounds", "dress_one": "dress 1 serious wound",
         "heal_dressed": "heal 1 dressed serious wound"}
# what a treatment did, for the table ("<@1> is treated: 1 light wound removed.")
TREATED = {"light_all": "every light wound removed", "light_one": "1 light wound removed",
           "dress_all": "every serious wound dressed", "dress_one": "1 serious wound dressed",
           "heal_dressed": "1 dressed serious wound healed"}
POWER = {"off_highest": "the highest active power token goes off",
         "on_lowest": "the lowest inactive power token comes on",
         "flip_here": "flip your section's power"}


def rooms_words(e: fx.Effect) -> str:
    where = getattr(e, "where", "here")
    if where == "chosen":
        return CHOSEN[getattr(e, "range", "any")]
    return ROOMS.get(where, where)


ItemName = Callable[[str], str]


def effect_words(e: fx.Effect, item_name: ItemName | None = None) -> str:
    """One effect as a short imperative phrase (its `who` left out: see `effects_words`)."""
    if isinstance(e, fx.Wound):
        return f"take {plural(e.n, e.kind + ' wound')}"
    if isinstance(e, fx.Contaminate):
        return f"take {plural(e.n, 'contamination card')}"
    if isinstance(e, fx.Slime):
        return "discard the slime marker" if e.remove else "get a slime marker"
    if isinstance(e, fx.Heal):
        return HEALS[e.what]
    if isinstance(e, fx.Knowledge):
        return f"{e.n:+d} knowledge"
    if isinstance(e, fx.Scan):
        cards = "your hand" if e.where == "hand" else "all your cards"
        if e.larva_too:
            return f"remove the INFECTED cards from {cards} and the larva"
        return f"scan {cards} for contamination"
    if isinstance(e, fx.DrawCards):
        return f"draw {plural(e.n, 'action card')}"
    if isinstance(e, fx.DiscardCards):
        return f"discard {plural(e.n, 'action card')}" + (" at random" if e.random else "")
    if isinstance(e, fx.NoiseRoll):
        return "make a noise roll"
    if isinstance(e, fx.GainItem):
        return _gain_words(e, item_name)
    if isinstance(e, fx.Reload):
        return f"add up to {e.n} ammo to a weapon you carry"
    if isinstance(e, fx.DropHeavy):
        return "drop everything heavy you carry"
    if isinstance(e, fx.Move):
        if e.through_tech:
            return "move through the technical corridors"
        return "make a careful movement (no noise roll)" if e.careful \
            else "make an extra movement"
    if isinstance(e, fx.EndTurn):
        return "pass at once"
    return _room_words(e)


def _gain_words(e: fx.GainItem, item_name: ItemName | None) -> str:
    if e.crafted is not None:
        return f"take the {item_name(e.crafted) if item_name else 'crafted item'}"
    if e.color == "white":
        return "draw an item of the colour you choose"
    return f"draw a {e.color} item"


def _room_words(e: fx.Effect) -> str:
    where = rooms_words(e)
    if isinstance(e, fx.Fire):
        return f"remove the fire from {where}" if e.remove else f"start a fire in {where}"
    if isinstance(e, fx.Malfunction):
        return f"repair the malfunction in {where}" if e.remove \
            else f"cause a malfunction in {where}"
    if isinstance(e, fx.Noise):
        if e.where == "tech":
            return "silence the technical corridors" if e.remove \
                else "noise in the technical corridors"
        return f"remove the noise around {where}" if e.remove \
            else f"noise in every corridor of {where}"
    if isinstance(e, fx.Doors):
        return f"{e.op} the doors around {where}"
    if isinstance(e, fx.Injure):
        whom = "one intruder" if e.target == "one" else "every intruder"
        return f"{plural(e.n, 'injury', 'injuries')} to {whom} in {where}"
    if isinstance(e, fx.Retreat):
        return f"the intruders in {where} flee"
    if isinstance(e, fx.Spawn):
        return f"{a_or_an(e.intruder)} appears in {where}"
    if isinstance(e, fx.Encounter):
        return "an encounter"
    if isinstance(e, fx.Bag):
        return f"{'add' if e.op == 'add' else 'remove'} {a_or_an(e.intruder)} token " \
            f"{'to' if e.op == 'add' else 'from'} the bag"
    if isinstance(e, fx.Eggs):
        if e.where == "here":
            return f"destroy up to {plural(-e.n, 'egg')} lying in {rooms_words(e)}"
        return f"{plural(e.n, 'egg')} more in the nest" if e.n > 0 \
            else f"destroy {plural(-e.n, 'egg')}"
    if isinstance(e, fx.Hunt):
        return " and ".join(f"{k}s" for k in e.kinds) + " hunt the nearest character"
    if isinstance(e, fx.Power):
        return POWER[e.op]
    if isinstance(e, fx.Time):
        return f"the time token moves {plural(abs(e.delta), 'slot')} " \
            + ("on" if e.delta > 0 else "back")
    if isinstance(e, fx.Signal):
        return "send the signal"
    if isinstance(e, fx.Engine):
        return "repair or break one of the engines"
    raise ValueError(f"no words for the effect {e!r}")


def effects_words(effects: Sequence[fx.Effect], item_name: ItemName | None = None) -> str:
    """Effects in order, joined; effects on other characters say whom ("the others in
    your room: draw 1 action card, +1 knowledge")."""
    parts: list[str] = []
    last_who = "self"
    for e in effects:
        whom = getattr(e, "who", "self")
        phrase = effect_words(e, item_name)
        if whom != "self" and whom != last_who:
            phrase = f"{WHO[whom]}: {phrase}"
        last_who = whom
        parts.append(phrase)
    return ", ".join(parts)


def option_words(option: Sequence[fx.Effect], item_name: ItemName | None = None) -> str:
    """What follows a card's or item's name when it is played for one [OR] option:
    ": remove 1 light wound". An option that acts on other characters only names them
    before the one colon: ", for everyone in your room: discard the slime marker"."""
    whom = {getattr(e, "who", "self") for e in option}
    if len(whom) == 1 and (who := whom.pop()) != "self":
        return f", for {WHO[who]}: " + ", ".join(effect_words(e, item_name) for e in option)
    return f": {effects_words(option, item_name)}"


def option_label(name: str, option: Sequence[fx.Effect]) -> str:
    """A card or item with [OR] options, played for one of them: its name and what that
    option does ("Quick Patch: remove 1 light wound"; a crafted item it hands out is
    not named here, the choice's detail has the card text)."""
    return name + option_words(option)
