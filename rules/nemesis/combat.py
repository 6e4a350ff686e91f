"""Character attacks (NX-ATK-1, NX-ATK-3): shooting (a loaded weapon, the combat die or
the advantage die) and melee (contamination first, a serious wound on a miss) against an
intruder or the eggs; dice faces that ask for a discarded card wait on a ShotFrame."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.actions import seat_ref as who
from rules.core.contract import Action
from rules.nemesis import injuries, noise
from rules.nemesis.actions import Pick
from rules.nemesis.character import ability, action_cards, has_wound
from rules.nemesis.contamination import contaminate
from rules.nemesis.frames import ShotFrame
from rules.nemesis.places import intruders_in
from rules.nemesis.profile import NemesisState, Profile, Table
from rules.nemesis.state import Hero, Intruder, take_object
from rules.nemesis.wounds import serious_wound

REACH = {"creeper": ("larva", "creeper"), "adult": ("larva", "creeper", "adult")}


def weapon_slots(ctx_items: Mapping[str, object], hero: Hero) -> list[int]:
    out = []
    for i, held in enumerate(hero.hands):
        item = ctx_items.get(held.item or "")
        weapon = getattr(item, "weapon", None)
        if weapon is not None and weapon.kind in ("classic", "energy") and held.ammo > 0:
            out.append(i)
    return out


def uncarried_eggs(rules: Profile, s: NemesisState, room: str) -> int:
    """Eggs lying in the room, plus the nest's eggs if this is the (explored) nest."""
    state = s.rooms[room]
    eggs = state.objects.count("egg")
    if state.explored and state.tile and rules.tiles[state.tile].action == "nest":
        eggs += s.eggs
    return eggs


# a die face as the table reads it (the face ids stay in the event data)
FACE_WORDS = {"miss": "miss", "creeper": "creeper symbol", "adult": "adult symbol",
              "hit": "hit", "hit2": "double hit", "pay_hit": "hit for a discarded card",
              "hit_pay2": "hit, double for a discarded card"}


def uses_advantage(rules: Profile, s: NemesisState, hero: Hero) -> bool:
    """A shot rolls the advantage die when the game allows it, unless an eye wound."""
    return rules.hooks.advantage(s, hero) and not has_wound(rules, hero, "eye")


def start_shot(ctx: Table, hero: Hero, target: int, melee: bool, slot: int = -1) -> None:
    s = ctx.s
    if melee and target != 0 and ability(ctx.rules, hero) != "sterile":
        contaminate(ctx, hero)
    if not melee:
        held = hero.hands[slot]
        held.ammo -= 1
    use_advantage = not melee and uses_advantage(ctx.rules, s, hero)
    faces = ctx.rules.advantage_die if use_advantage else ctx.rules.combat_die
    face = faces[s.rng.below(len(faces))]
    die = "advantage die" if use_advantage else "combat die"
    ctx.say(f"{who(hero.seat)} {'strikes' if melee else 'shoots'} — {die}: "
            f"{FACE_WORDS.get(face, face)}.",
            kind="combat_roll", face=face)
    frame = ShotFrame(seat=hero.seat, target=target, melee=melee, face=face, slot=slot)
    if face in ("pay_hit", "hit_pay2") and action_cards(hero):
        s.stack.append(frame)  # the shooter decides whether to discard a card
        return
    resolve(ctx, frame, pay=False)


def shot_waiting(s: NemesisState, f: ShotFrame) -> list[str]:
    return [f.seat]


def shot_legal(s: NemesisState, f: ShotFrame, seat: str) -> list[Action]:
    extra = "deal 1 injury" if f.face == "pay_hit" else "deal 2 injuries instead of 1"
    return [Pick(index=0, text=f"Discard an action card to {extra}"),
            Pick(index=1, text="Keep your cards")]


def shot_act(ctx: Table, f: ShotFrame, seat: str, action: Action) -> None:
    assert isinstance(action, Pick)
    ctx.s.stack.pop()
    resolve(ctx, f, pay=action.index == 0)


def shot_run(ctx: Table, f: ShotFrame) -> None:
    ctx.s.stack.pop()


def injuries_for(face: str, kind: str, melee: bool, paid: bool) -> int:
    if face == "miss":
        return 0
    if face in REACH:
        return 1 if kind in REACH[face] or kind == "egg" else 0
    if face == "hit":
        return 1
    if face == "hit2":
        return 1 if melee else 2
    if face == "pay_hit":
        return 1 if paid else 0
    return 2 if paid else 1  # hit_pay2


def resolve(ctx: Table, f: ShotFrame, pay: bool) -> None:
    s = ctx.s
    hero = s.heroes[f.seat]
    if pay:
        card = action_cards(hero)[0]
        hero.hand.remove(card)
        hero.discard.append(card)
    if f.target == 0:
        hits = injuries_for(f.face, "egg", f.melee, pay)
        destroy_eggs(ctx, hero, hits)
        noise.noise_roll(ctx, hero)
        return
    target = next((i for i in s.intruders if i.id == f.target), None)
    if target is None:
        return
    hits = injuries_for(f.face, target.kind, f.melee, pay)
    if hits == 0:
        ctx.say(f"{who(hero.seat)} misses the {target.kind}.", kind="miss")
        if f.melee:
            serious_wound(ctx, hero)
        return
    if f.melee:
        bonus = melee_bonus(ctx.rules, hero) \
            + (1 if ctx.rules.hooks.weakness_active(s, "soft_tissue", hero) else 0)
    else:
        bonus = shot_bonus(ctx.rules, s, hero, f.slot)
    injuries.injure(ctx, target, hits + bonus, by=hero.seat)


def shot_bonus(rules: Profile, s: NemesisState, hero: Hero, slot: int) -> int:
    """The weapon's damage bonus, +1 out of darkness with Light Sensitivity."""
    bonus = 0
    if 0 <= slot < len(hero.hands):
        item = rules.items.get(hero.hands[slot].item or "")
        if item is not None and item.weapon is not None:
            bonus = item.weapon.damage_bonus
    if not rules.hooks.dark(s, hero.room) \
            and rules.hooks.weakness_active(s, "light_sensitive", hero):
        bonus += 1
    return bonus


def melee_bonus(rules: Profile, hero: Hero) -> int:
    """The best melee weapon in hand adds its damage bonus to a melee hit."""
    items = rules.items
    return max((w.damage_bonus for held in hero.hands if held.item
                and (w := items[held.item].weapon) is not None and w.kind == "melee"),
               default=0)


def destroy_eggs(ctx: Table, hero: Hero, hits: int) -> None:
    s = ctx.s
    if hits and ctx.rules.hooks.weakness_active(s, "fragile_eggs", hero):
        hits *= 2
    for _ in range(hits):
        if not take_object(s.rooms, hero.room, "egg"):
            if ctx.rules.hooks.nest_room(s) == hero.room and s.eggs > 0:
                s.eggs -= 1
            else:
                break
        hero.tally.eggs += 1
        ctx.say(f"{who(hero.seat)} destroys an egg.", kind="egg")
    if hits == 0:
        ctx.say(f"{who(hero.seat)} misses the eggs.", kind="miss")
    nest_check(ctx)


def blast_eggs(ctx: Table, hero: Hero, n: int) -> None:
    """A grenade or a Molotov thrown where uncarried eggs lie destroys up to `n` of them
    (004: 2 and 1), then the noise roll of an attempt to destroy eggs; nothing happens
    where no egg lies."""
    if hero.place != "board" or not uncarried_eggs(ctx.rules, ctx.s, hero.room):
        return
    destroy_eggs(ctx, hero, n)
    noise.noise_roll(ctx, hero)


def nest_check(ctx: Table) -> None:
    s = ctx.s
    if s.nest_found and s.eggs == 0 and not s.nest_destroyed:
        s.nest_destroyed = True
        ctx.say("The nest is destroyed: no egg is left in it.", kind="nest")


def targets_in(s: NemesisState, hero: Hero) -> list[Intruder]:
    return intruders_in(s, hero.room)
