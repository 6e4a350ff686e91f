"""Room actions (LD-ROOM-1/2), the computer (LD-COMP-1), venting (LD-VENT-1), CSS
pods (LD-CSS-1), autodestruction (LD-AUTO-1), alert (LD-ALERT-1), isolation
(LD-ISO-1), power (LD-POWER-*), the elevator, crafting at the repository."""

from __future__ import annotations

from itertools import permutations

from rules.core.actions import seat_ref
from rules.core.contract import Action
from rules.core.words import a_or_an
from rules.lockdown.board import board
from rules.lockdown.cards import ComputerAction, RoomTile, content, index
from rules.lockdown.facility import powered, room_name, section_of, tile_of
from rules.lockdown.state import AgreeFrame, GameState
from rules.lockdown.surface import exits_in_order
from rules.lockdown.table import Ctx, who
from rules.nemesis import contamination, decks, injuries, wounds
from rules.nemesis import effects as fx
from rules.nemesis import rooms as shared_rooms
from rules.nemesis.actions import Pick, RoomAct
from rules.nemesis.bag import retire
from rules.nemesis.character import ability, has_wound, slot_limit, slots_used
from rules.nemesis.doors import close_door, door, resolve_sealed, seal, set_door
from rules.nemesis.fire import set_fire
from rules.nemesis.frames import PickFrame
from rules.nemesis.items import give_item
from rules.nemesis.malfunctions import set_malfunction
from rules.nemesis.memory import move_fact, remember_fact, remember_top, sent_to_bottom
from rules.nemesis.picks import continue_gear
from rules.nemesis.places import heroes_in, in_combat, intruders_in
from rules.nemesis.resolve import field_medic, heal, push_effects
from rules.nemesis.search import draw_item
from rules.nemesis.state import Hero, change_room, take_object

LOCKDOWN_SPECIAL = {"close_section_doors", "open_all_doors"}


def current_tile(s: GameState, hero: Hero) -> RoomTile | None:
    room = s.rooms[hero.room]
    return tile_of(room.tile) if room.explored and room.tile else None


def room_action_cost(s: GameState, hero: Hero) -> int:
    tile = current_tile(s, hero)
    return tile.action_cost if tile is not None else 2


def computer_ready(s: GameState, hero: Hero) -> bool:
    tile = current_tile(s, hero)
    return (tile is not None and tile.computer and not s.rooms[hero.room].malfunction
            and powered(s, hero.room) and bool(s.computer))


MARS_ROVER_LABEL = "Send the rover to an exit room of your choice"


def computer_label(s: GameState, act: ComputerAction) -> str:
    """A computer action's words; on Mars the rover goes to any exit room, not to the
    main gate of the basic side."""
    return MARS_ROVER_LABEL if act.special == "move_rover" and s.options.board == "mars" \
        else act.label


# ------------------------------------------------------------------ listing
def room_actions(s: GameState, hero: Hero) -> list[Action]:
    """Room actions available here (out of combat, no malfunction: LD-ROOM-2)."""
    tile = current_tile(s, hero)
    out: list[Action] = []
    if computer_ready(s, hero):
        card = index().computer[s.computer[0]]
        for i, act in enumerate(card.actions):
            out.append(RoomAct(variant=10 + i, text=f"Computer: {computer_label(s, act)}"))
    if tile is None:
        return out
    kind = tile.action
    variants: list[tuple[int, str]] = []
    if kind == "elevator":  # riding still works with a malfunction (only calling not)
        out.extend(RoomAct(variant=v, text=t) for v, t in _elevator_variants(s, hero))
        return out
    if s.rooms[hero.room].malfunction:
        return out
    if kind == "archive" and not hero.archive_used:
        variants.append((0, "Examine the archives (+2 knowledge, peek at a contingency)"))
    elif kind == "cave_entrance" and _tech_destinations(s, hero):
        variants.append((0, "Crawl through the technical corridors"))
    elif kind == "cooling_system" and s.autodestruct is None:
        variants.append((0, "Start the autodestruction sequence"))
    elif kind == "decon":
        variants.append((0, "Decontaminate"))
    elif kind == "emergency":
        variants += [(0, "Dress all your serious wounds"), (1, "Heal 1 dressed serious wound"),
                     (2, "Heal all your light wounds")]
    elif kind == "laboratory" and _lab_objects(s, hero):
        variants.append((0, "Analyse an object (+3 knowledge)"))
    elif kind in ("css_a", "css_b", "css_c"):
        pod = kind[-1].upper()
        if s.time in s.css and not any(h.place == "pod" and h.pod == pod
                                       for h in s.heroes.values()):
            variants.append((0, f"Enter CSS pod {pod} (discard your hand and pass)"))
    elif kind == "nest" and s.eggs > 0 and slots_used(hero) < slot_limit(s.rules, hero) \
            and not has_wound(s.rules, hero, "back"):
        variants.append((0, "Take an egg"))
    elif kind == "power_generator":
        if s.autodestruct is not None and not s.autodestruct_red:
            variants.append((0, "Stop the autodestruction sequence"))
        variants.append((1, "Flip this section's power"))
    elif kind == "transmitter":
        if not hero.signal:
            variants.append((0, "Send a signal"))
        if s.options.mode == "semi_coop" and any(  # solo/coop objectives are public
                h.signal and h.seat != hero.seat for h in s.heroes.values()):
            variants.append((1, "Check the objective of a player who sent a signal"))
    elif kind == "css_control" and _css_moves(s):
        variants.append((0, "Schedule a CSS launch (peek and move a CSS token)"))
    elif kind == "defense_control" and any(
            not s.rooms[i.room].malfunction for i in s.intruders):
        variants.append((0, "Exterminate the threat in a room with intruders"))
    elif kind == "guard_room" and s.rooms[hero.room].items > 0:
        for i, name in enumerate(("taser", "enviro_suit")):
            if _crafted_id(name) in s.crafted:
                variants.append((i, f"Take the {_crafted_name(name)}"))
    elif kind == "surgery":
        variants.append((0, "Surgery: remove infection, a light wound, pass"))
    elif kind == "testing_lab" and hero.knowledge >= 4 and _crafted_id("neutralizer") \
            in s.crafted:
        variants.append((0, "Take the Neutralizer"))
    elif kind == "vent_control" and _vent_targets(s):
        variants.append((0, "Vent out a room"))
    elif kind == "alert":
        if s.alert is None:
            variants.append((0, "Start the alert procedure"))
        if s.neutral_pool and s.options.mode == "coop":  # the team keeps nothing secret
            variants.append((1, "Reveal a neutral contingency token to everyone"))
        elif s.neutral_pool:
            variants.append((1, "Peek at a neutral contingency token and take it"))
    elif kind == "backup_power":
        variants.append((0, "Restore power"))
    elif kind == "isolation" and s.isolation_open:
        variants.append((0, "Lock yourself in (noise roll)"))
    elif kind == "monitoring":
        variants.append((0, "Watch the monitors (see the next intruder event)"))
    elif kind == "storage":
        variants.append((0, "Rummage through the storage (draw 2 items of a colour, keep 1)"))
    out.extend(RoomAct(variant=v, text=t) for v, t in variants)
    return out


# ------------------------------------------------------------------ doing
def do_room_action(ctx: Ctx, hero: Hero, variant: int) -> None:
    s = ctx.s
    if variant >= 10:
        computer_action(ctx, hero, variant - 10)
        return
    tile = current_tile(s, hero)
    if tile is None:  # a room action is only offered in an explored room
        raise ValueError(f"no room action in unexplored {hero.room}")
    kind = tile.action
    say = ctx.say
    if kind == "archive":
        hero.archive_used = True
        gain_knowledge(ctx, hero, 2, "studies the archives")
        _peek_contingency(ctx, hero, take=False)
    elif kind == "cave_entrance":
        shared_rooms.ask(ctx, hero, "cave", _tech_destinations(s, hero),
             [room_name(s, r) for r in _tech_destinations(s, hero)])
    elif kind == "cooling_system":
        s.autodestruct = max(0, s.time - 3)
        s.autodestruct_red = False
        say(f"{who(hero.seat)} starts the autodestruction sequence (slot {s.autodestruct}).",
            kind="autodestruct")
    elif kind == "decon":
        contamination.decontaminate(ctx, hero, everywhere=False)
        contamination.set_slime(ctx, hero, False)
    elif kind == "emergency":
        heal(ctx, hero, ("dress_all", "heal_dressed", "light_all")[variant])
        field_medic(ctx, hero)
    elif kind == "laboratory":
        objs = _lab_objects(s, hero)
        shared_rooms.ask(ctx, hero, "lab", objs, [f"Analyse the {o.split('_')[0]}" for o in objs])
    elif kind in ("css_a", "css_b", "css_c"):
        pod = kind[-1].upper()
        hero.discard.extend(hero.hand)
        hero.hand = []
        hero.place = "pod"
        hero.pod = pod
        hero.passed = True
        say(f"{who(hero.seat)} climbs into CSS pod {pod} and waits for the launch.",
            kind="css")
    elif kind == "nest":
        shared_rooms.take_egg(ctx, hero)
    elif kind == "power_generator":
        if variant == 0:
            s.autodestruct = None
            say(f"{who(hero.seat)} stops the autodestruction sequence.", kind="autodestruct")
        else:
            push_effects(ctx, [fx.Power(do="power", op="flip_here")], subject=hero.seat)
    elif kind == "transmitter":
        if variant == 0:
            hero.signal = True
            say(f"{who(hero.seat)} sends a signal.", kind="signal")
        else:
            others = [h.seat for h in s.heroes.values() if h.signal and h.seat != hero.seat]
            shared_rooms.ask(ctx, hero, "check", others, [f"Check {seat_ref(x)}" for x in others])
    elif kind == "css_control":
        slots = sorted(s.css)
        shared_rooms.ask(ctx, hero, "css_pick", [str(x) for x in slots],
             [f"The CSS token on time slot {x}" for x in slots])
    elif kind == "defense_control":
        room = s.rooms[hero.room]
        if room.items > 0:
            change_room(s.rooms, hero.room, items=room.items - 1)
        else:
            set_malfunction(ctx, hero.room, True)
        targets = sorted({i.room for i in s.intruders if not s.rooms[i.room].malfunction})
        shared_rooms.ask(ctx, hero, "defense", targets, [room_name(s, r) for r in targets])
    elif kind == "guard_room":
        change_room(s.rooms, hero.room, items=s.rooms[hero.room].items - 1)
        crafted = _crafted_id(("taser", "enviro_suit")[variant])
        s.crafted.remove(crafted)
        give_item(ctx, hero, crafted)
    elif kind == "surgery":
        shared_rooms.surgery(ctx, hero)
    elif kind == "testing_lab":
        crafted = _crafted_id("neutralizer")
        s.crafted.remove(crafted)
        give_item(ctx, hero, crafted)
    elif kind == "vent_control":
        rooms = _vent_targets(s)
        shared_rooms.ask(ctx, hero, "vent", rooms, [room_name(s, r) for r in rooms])
    elif kind == "alert":
        if variant == 0:
            s.alert = s.time // 2
            s.isolation_open = True
            say(f"{who(hero.seat)} starts the alert procedure: the game ends when time "
                f"leaves slot {s.alert}. The isolation room opens.", kind="alert")
        else:
            _peek_contingency(ctx, hero, take=True)
    elif kind == "backup_power":
        restore_power(ctx, hero)
    elif kind == "elevator":
        elevator(ctx, hero, variant)
    elif kind == "isolation":
        shared_rooms.noise_attempt(ctx, hero, "lock_in")
    elif kind == "monitoring":
        say(f"{who(hero.seat)} watches the monitors.", kind="room")
        top = decks.peek(s, "events")
        if top is not None:
            event = index().events[top]
            ctx.tell(hero.seat, f"Next intruder event: {event.name}. {event.text}",
                     kind="peek_event", card=top)
            remember_top(s, hero.seat, "events", top)
            shared_rooms.ask(ctx, hero, "monitor", ["top", "bottom"],
                 ["Leave it on top of the event deck", "Put it at the bottom of the deck"])
    elif kind == "storage":
        shared_rooms.ask(ctx, hero, "storage", ["red", "yellow", "green"],
             ["Draw 2 red items", "Draw 2 yellow items", "Draw 2 green items"])


def continue_step(ctx: Ctx, frame: PickFrame, option: str) -> None:
    s = ctx.s
    hero = s.heroes[frame.seat]
    tag = frame.tag
    if continue_gear(ctx, hero, tag, option):
        return
    if tag == "cave":
        ctx.say(f"{who(hero.seat)} crawls through the ducts to {room_name(s, option)}.",
                kind="move")
        hero.room = option
        visit(hero, option)
        _cave_attack(ctx, hero)
    elif tag in ("lab", "toolset"):
        analyse(ctx, hero, option, in_lab=tag == "lab")
    elif tag == "monitor":
        if option == "bottom":
            sent_to_bottom(s, "events")
            ctx.say(f"{who(hero.seat)} sends an intruder event to the bottom of the deck.",
                    kind="room")
    elif tag == "check":
        target = s.heroes[option]
        names = ", ".join(index().objectives[o].name for o in target.objectives)
        noun = "objective" if len(target.objectives) == 1 else "objectives"
        ctx.tell(hero.seat, f"{seat_ref(option)}'s {noun}: {names}.", kind="objective")
        remember_fact(s, hero.seat, f"objectives:{option}", ",".join(target.objectives))
        ctx.say(f"{who(hero.seat)} checks {who(option)}'s objective in secret.", kind="room")
    elif tag in ("css_pick", "css_peek"):
        slot = int(option)
        token = index().css[s.css[slot]]
        ctx.tell(hero.seat, f"The CSS token on slot {slot} launches pods "
                 + ", ".join(token.launches) + ".", kind="css_peek")
        remember_fact(s, hero.seat, f"css:{slot}", s.css[slot])
        if tag == "css_peek":  # the computer only peeks
            return
        moves = [x for x in (slot + 1, slot - 1)
                 # only a token already on the time token's slot is fixed (001)
                 if 0 < x <= 15 and x not in s.css and slot != s.time]
        labels = [f"Move it to slot {x}" for x in moves]
        s.stack.append(PickFrame(seat=hero.seat, purpose="step",
                                 options=[f"{slot}>{x}" for x in moves] + [f"{slot}>{slot}"],
                                 labels=[*labels, "Leave it"], tag="css_move",
                                 subject=hero.seat))
    elif tag == "css_move":
        old, new = (int(x) for x in option.split(">"))
        if old != new:
            s.css[new] = s.css.pop(old)
            move_fact(s, f"css:{old}", f"css:{new}")  # (the table sees it move)
            ctx.say(f"{who(hero.seat)} reschedules a CSS launch.", kind="css")
    elif tag == "rover_send":
        s.rover = option
        ctx.say(f"The rover drives to {room_name(s, option)}, empty.", kind="rover",
                room=option)
    elif tag == "defense":
        set_malfunction(ctx, option, True)
        for other in heroes_in(s, option):
            wounds.serious_wound(ctx, other)
        for intruder in list(intruders_in(s, option)):
            injuries.injure(ctx, intruder, 1, by=hero.seat)
    elif tag == "vent":
        vent(ctx, option)
    elif tag == "storage":
        draw_item(ctx, hero, option, 2)
    elif tag == "power":
        order = option.split(",")
        tokens = {str(p.token): p for p in s.power.values()}
        for place, number in zip(("1", "2", "3", "elevator"), order, strict=True):
            s.power[place] = tokens[number]
        ctx.say("Power tokens rearranged: " + ", ".join(
            f"{place}={s.power[place].token}{'+' if s.power[place].active else '-'}"
            for place in ("1", "2", "3", "elevator")), kind="power")
    elif tag in ("peek", "take", "reveal"):
        _take_or_show(ctx, hero, option, frame.labels[frame.options.index(option)],
                      take=tag != "peek")


def gain_knowledge(ctx: Ctx, hero: Hero, n: int, what: str) -> None:
    """Knowledge from a room action (Lab Mind: +1)."""
    if ability(ctx.rules, hero) == "lab_mind":
        n += 1
    hero.knowledge += n
    ctx.say(f"{who(hero.seat)} {what} (+{n} knowledge).", kind="knowledge")


def visit(hero: Hero, room: str) -> None:
    section = section_of(room)
    if section is not None and section not in hero.visited_sections:
        hero.visited_sections.append(section)


def ask_analyse(ctx: Ctx, hero: Hero, objects: list[str]) -> None:
    """Analyze Toolset: analyse a carried object anywhere."""
    objs = list(dict.fromkeys(objects))
    shared_rooms.ask(ctx, hero, "toolset", objs, [f"Analyse the {o.split('_')[0]}" for o in objs])


# ------------------------------------------------------------------ helpers
def computer_action(ctx: Ctx, hero: Hero, choice: int) -> None:
    s = ctx.s
    card = index().computer[s.computer.pop(0)]
    s.computer.append(card.id)
    act = card.actions[choice]
    ctx.say(f"{who(hero.seat)} uses the computer: {computer_label(s, act)}.",
            kind="computer")
    reveal_computer(ctx, hero.seat)
    effects = list(act.effects)
    if ability(s.rules, hero) == "lab_mind" and any(isinstance(e, fx.Knowledge) for e in effects):
        effects.append(fx.Knowledge(do="knowledge", n=1))  # Lab Mind
    push_effects(ctx, effects, subject=hero.seat, source=card.id)
    if act.special is not None:
        special(ctx, hero, act.special)


def reveal_computer(ctx: Ctx, user: str | None) -> None:
    """Reveal the next card; the Lock-down card resolves at once (LD-COMP-1), in the
    section of the character who used the computer."""
    s = ctx.s
    for _ in range(len(s.computer)):
        card = index().computer[s.computer[0]]
        if not card.lockdown:
            return
        ctx.say(f"LOCK-DOWN! {card.text}", kind="lockdown")
        s.computer.append(s.computer.pop(0))
        push_effects(ctx, card.lockdown_effects, subject=user, source=card.id)


def special(ctx: Ctx, hero: Hero, kind: str) -> None:
    s = ctx.s
    if kind == "move_rover" and s.options.board == "mars":
        # the surface side has no main gate: the rover is sent to an exit room (back
        # from the bunker after an escape, or across the surface); see the README
        rooms = [r for r in exits_in_order(s) if r != s.rover]
        shared_rooms.ask(ctx, hero, "rover_send", rooms,
             [f"Send the rover to {room_name(s, r)}" for r in rooms])
    elif kind == "move_rover":
        s.rover_at_base = not s.rover_at_base
        ctx.say(f"The rover drives {'to the facility' if s.rover_at_base else 'away'}.",
                kind="rover")
    elif kind == "peek_css":
        slots = sorted(s.css)
        if slots:
            shared_rooms.ask(ctx, hero, "css_peek", [str(x) for x in slots],
                 [f"Peek at the CSS token on time slot {x}" for x in slots])
    elif kind == "close_section_doors":
        close_section(ctx, section_of(hero.room))
    elif kind == "open_all_doors":
        for corridor in [c for c, d in s.doors.items() if d == "closed"]:
            set_door(s, corridor, "open")
        ctx.say("Every closed door opens.", kind="door")
    elif kind == "reset_power":
        restore_power(ctx, hero)


def close_section(ctx: Ctx, section: int | None) -> None:
    """Close every corridor between rooms of a section (door tokens permitting)."""
    s = ctx.s
    corridors = sorted({ex.corridor for r in s.rooms if section_of(r) == section
                        for ex in board(s).exits[r]
                        if ex.to != "tech" and section_of(ex.to) == section})
    for corridor in corridors:
        close_door(s, corridor, keep=frozenset(corridors))
    ctx.say(f"The doors of section {section} close.", kind="door")


def _tech_destinations(s: GameState, hero: Hero) -> list[str]:
    return [r for r in board(s).tech_rooms() if s.rooms[r].explored and r != hero.room]


def _cave_attack(ctx: Ctx, hero: Hero) -> None:
    """An attack card as if from an adult in darkness."""
    s = ctx.s
    card_id = decks.draw_to_discard(s, "attacks")
    if card_id is None:
        return
    card = index().attacks[card_id]
    if "adult" not in card.hits:
        ctx.say(f"Something brushes past {who(hero.seat)} in the dark ({card.name}): a miss.",
                kind="attack")
        return
    ctx.say(f"Something attacks {who(hero.seat)} in the ducts: {card.name}.", kind="attack")
    push_effects(ctx, list(card.effects) + list(card.dark_effects), subject=hero.seat,
                 source=card_id)


def _lab_objects(s: GameState, hero: Hero) -> list[str]:
    carried = [h.obj for h in hero.hands if h.obj]
    return list(dict.fromkeys([*carried, *s.rooms[hero.room].objects]))


def analyse(ctx: Ctx, hero: Hero, obj: str, in_lab: bool = True) -> None:
    """+3 knowledge; a new object type fills the next laboratory slot and reveals the
    weakness below it; objects are used up (LD-WEAK-1)."""
    s = ctx.s
    carried = next((h for h in hero.hands if h.obj == obj), None)
    if carried is not None:
        hero.hands.remove(carried)
    else:
        take_object(s.rooms, hero.room, obj)
    kind = obj.split("_")[0]
    if in_lab:
        gain_knowledge(ctx, hero, 3, f"analyses {a_or_an(kind)}")
    else:
        hero.knowledge += 3
        ctx.say(f"{who(hero.seat)} analyses {a_or_an(kind)} with the toolset (+3 knowledge).",
                kind="knowledge")
    if kind not in s.lab_slots and len(s.lab_slots) < len(s.weaknesses):
        s.lab_slots.append(kind)
        s.weaknesses_revealed = max(s.weaknesses_revealed, len(s.lab_slots))
        weakness = index().weaknesses[s.weaknesses[len(s.lab_slots) - 1]]
        ctx.say(f"A weakness is discovered: {weakness.name}. {weakness.text}",
                kind="weakness", weakness=weakness.id)



def _peek_contingency(ctx: Ctx, hero: Hero, take: bool) -> None:
    """Archive: peek at any other player's or the neutral pool's token. Alert room:
    peek at a neutral pool token and take it."""
    s = ctx.s
    options: list[str] = []
    labels: list[str] = []
    if not take:
        for other in s.heroes.values():
            if other.seat == hero.seat:
                continue
            for i, _ in enumerate(other.contingencies):
                options.append(f"{other.seat}:{i}")
                labels.append(f"{seat_ref(other.seat)}'s token {i + 1}")
    for i, _ in enumerate(s.neutral_pool):
        options.append(f"pool:{i}")
        labels.append(f"Neutral pool token {i + 1}")
    if options:
        s.stack.append(PickFrame(seat=hero.seat, purpose="step", options=options,
                                 labels=labels, tag=_peek_tag(s, take),
                                 subject=hero.seat))


def _peek_tag(s: GameState, take: bool) -> str:
    """Archive: "peek"; alert room: "take" (coop: "reveal", the team keeps no secret)."""
    if not take:
        return "peek"
    return "reveal" if s.options.mode == "coop" else "take"


def _take_or_show(ctx: Ctx, hero: Hero, option: str, label: str, take: bool) -> None:
    """Show a contingency token to the hero only; from the alert room, also take it (in
    the fully cooperative mode it is revealed to everyone instead)."""
    s = ctx.s
    owner, _, idx = option.partition(":")
    pile = s.neutral_pool if owner == "pool" else s.heroes[owner].contingencies
    token_id = pile[int(idx)]
    token = index().contingencies[token_id]
    if take and s.options.mode == "coop":
        pile.pop(int(idx))
        s.revealed_contingencies.append(token_id)
        ctx.say(f"{who(hero.seat)} reveals a contingency plan from the neutral pool: "
                f"{token.name}. {token.text}", kind="contingency_revealed", token=token_id)
        return
    ctx.tell(hero.seat, f"{label}: {token.name}. {token.text}", kind="contingency_peek")
    if not take:  # (a token taken is the hero's own)
        remember_fact(s, hero.seat, f"contingency:{owner}:{token_id}", str(len(pile)))
    if take:
        pile.pop(int(idx))
        hero.contingencies.append(token_id)
        ctx.say(f"{who(hero.seat)} takes a contingency token from the neutral pool.",
                kind="contingency")


def _crafted_id(word: str) -> str:
    for item in content().items:
        if item.color == "crafted" and word.replace("_", "") in item.id.replace("_", ""):
            return item.id
    return word


def _crafted_name(word: str) -> str:
    cid = _crafted_id(word)
    return next((i.name for i in content().items if i.id == cid), word)


def _css_moves(s: GameState) -> bool:
    return bool(s.css)


def _vent_targets(s: GameState) -> list[str]:
    out = []
    for room in board(s).tech_rooms():
        corridors = [ex.corridor for ex in board(s).exits[room] if ex.to != "tech"]
        if all(door(s, c) != "destroyed" for c in corridors):
            out.append(room)
    return out


def vent(ctx: Ctx, room: str) -> None:
    s = ctx.s
    seal(s, room)
    set_fire(ctx, room, False)
    ctx.say(f"{room_name(s, room)} is sealed for venting: unless a door opens before the "
            "end of the player phase, everything inside dies.", kind="vent", room=room)


def resolve_venting(ctx: Ctx) -> None:
    """End of the player phase: a room still sealed kills everything in it."""
    s = ctx.s

    def vented(slot: str) -> None:
        for intruder in list(intruders_in(s, slot)):
            if intruder.kind == "larva":
                s.intruders.remove(intruder)
                retire(s, intruder.token)
            else:
                injuries.die(ctx, intruder)
        for hero in heroes_in(s, slot):
            wounds.kill(ctx, hero, "vented")
        ctx.say(f"{room_name(s, slot)} is vented: nothing inside survives.", kind="vent")

    def failed(slot: str) -> None:
        ctx.say(f"The venting of {room_name(s, slot)} failed: a door was opened.",
                kind="vent")

    resolve_sealed(ctx, vented, failed)


def restore_power(ctx: Ctx, hero: Hero) -> None:
    s = ctx.s
    active = sum(1 for p in s.power.values() if p.active)
    if active < 3:
        for p in s.power.values():
            if p.token in (1, 2) and not p.active:
                s.power_switched_on = True
            p.active = p.token in (1, 2)
    if not s.time_active:
        s.time_active = True
        ctx.say("Backup power restored: the time token turns to its active side.",
                kind="power")
    tokens = [str(p.token) for p in (s.power[k] for k in ("1", "2", "3", "elevator"))]
    options = [",".join(order) for order in permutations(tokens)]
    labels = [f"Sections 1/2/3/elevator get tokens {o.replace(',', '/')}" for o in options]
    s.stack.append(PickFrame(seat=hero.seat, purpose="step", options=options, labels=labels,
                             tag="power", subject=hero.seat))


def _elevator_variants(s: GameState, hero: Hero) -> list[tuple[int, str]]:
    if not s.power["elevator"].active or in_combat(s, hero.seat):
        return []
    section = section_of(hero.room)
    out: list[tuple[int, str]] = []
    if s.elevator_at != section and not s.rooms[hero.room].malfunction:
        out.append((0, "Call the elevator"))
    if s.elevator_at == section:
        for target in (1, 2, 3):
            if target != section:
                out.append((target, f"Ride the elevator to section {target}"))
    return out


def elevator(ctx: Ctx, hero: Hero, variant: int) -> None:
    s = ctx.s
    if variant == 0:
        s.elevator_at = section_of(hero.room) or s.elevator_at
        ctx.say(f"{who(hero.seat)} calls the elevator.", kind="elevator")
        return
    others = [h.seat for h in heroes_in(s, hero.room) if h.seat != hero.seat]
    target = ctx.c.board.elevator_rooms[str(variant)]
    if others:
        s.stack.append(AgreeFrame(asker=hero.seat, purpose="elevator", queue=others,
                                  target=target))
        return
    ride(ctx, [hero.seat], target)


def ride(ctx: Ctx, seats: list[str], target: str) -> None:
    s = ctx.s
    for seat in seats:
        s.heroes[seat].room = target
        visit(s.heroes[seat], target)
    s.elevator_at = section_of(target) or s.elevator_at
    ctx.say(" ".join(who(x) for x in seats) + f" ride the elevator to {room_name(s, target)}.",
            kind="elevator")


def agree_waiting(s: GameState, f: AgreeFrame) -> list[str]:
    return f.queue[:1]


def agree_legal(s: GameState, f: AgreeFrame, seat: str) -> list[Action]:
    return [Pick(index=0, text="Yes, ride along in the elevator"), Pick(index=1, text="No")]


def agree_act(ctx: Ctx, f: AgreeFrame, seat: str, action: Action) -> None:
    assert isinstance(action, Pick)
    f.queue.pop(0)
    if action.index == 0:
        f.accepted.append(seat)


def agree_run(ctx: Ctx, f: AgreeFrame) -> None:
    ctx.s.stack.pop()
    ride(ctx, [f.asker, *f.accepted], f.target)


def lock_in(ctx: Ctx, hero: Hero, made: bool) -> None:
    """After the noise roll: if an intruder appeared the attempt failed, else the hero is
    safe."""
    if not made:
        ctx.say(f"{who(hero.seat)} fails to lock themselves in.", kind="isolation")
        return
    hero.place = "isolated"
    hero.passed = True
    ctx.say(f"{who(hero.seat)} locks themselves in the isolation room.", kind="isolation")


