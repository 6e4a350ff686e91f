"""`/rules` entries for the original Nemesis (ruleset `nemesis`): the rules topics (the
round, actions and costs, noise, encounters, combat, wounds, contamination, the event
phase, critical moments, escape pods, hibernation, self-destruct, engines, coordinates,
the end and the victory check...), the board symbols, then every room tile, item,
character and action card, intruder, event, attack, serious wound, weakness and
objective by name, each from the content files (rules/nemesis_original/content and the
family's rules/nemesis/content) with the facts the content holds.

Numbers (track lengths, costs, supplies, dice faces, the bag) are read from the content
and the family's tables; the rulings come from rules/nemesis_original/README.md; the
sentences are our own."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from bot.help_entries import LEVELS, facts, item_text, room_text
from rules.nemesis.action_words import cost_tag

if TYPE_CHECKING:
    from rules.nemesis_original.cards import Content
    from rules.nemesis_original.ship import Ship

# (key, title, text); {placeholders} are filled from the content (see _numbers)
_TOPICS: tuple[tuple[str, str, str], ...] = (
    ("turn", "Rounds and turns, step by step",
     "A round is a **player phase**, then an **event phase** (`/rules event phase`).\n"
     "**Player phase**\n"
     "1. Everyone draws action cards up to their hand limit ({hand} cards; a head wound "
     "lowers it, the Cabins raise it). An empty deck is refilled by shuffling the "
     "discard pile.\n"
     "2. From round 2 on, the first player token passes to the next player.\n"
     "3. From the first player, each player in turn takes a turn of **up to 2 actions**; "
     "turns go round until everyone has passed. Taking only 1 action means passing "
     "after it. Once passed you do nothing more this round.\n"
     "**In an escape pod** your turn is: wait (pass), launch the pod if it is unlocked, "
     "or climb back out (`/rules pods`).\n"
     "**Fire:** ending a turn in a burning room costs 1 light wound.\n"
     "After the last pass, rooms sealed from the Airlock Control are vented, then the "
     "event phase runs. The game lasts until the ship jumps, explodes, or nobody is "
     "left awake aboard (`/rules end`)."),
    ("actions", "Actions and their costs",
     "You pay an action by discarding that many action cards (`/rules costs`).\n"
     "**Always allowed:** **move** ({move}) to a neighbouring room (a noise roll, or "
     "exploring a new room); **play an action card** (its cost, discarded besides the "
     "card itself); **use an "
     "item** (its printed cost).\n"
     "**Out of combat only:** **careful movement** ({careful}): move and put a noise "
     "marker in a corridor of your choice instead of rolling; **search** ({search}); "
     "**pick up** a corpse, carcass or egg ({pick_up}); **trade** ({trade}); **craft** "
     "({craft}); a **room action** ({room}, printed on the room; `/rules <room name>`).\n"
     "**In combat only:** **shoot** ({shoot}) and **melee** ({melee}); eggs can be shot "
     "at any time (`/rules combat`).\n"
     "Dropping a carried object is free. A leg wound makes every movement cost 1 more, "
     "a hand wound melee."),
    ("costs", "Paying for actions",
     "Every action is paid by discarding exactly its cost in action cards from your "
     "hand; you pick which. Contamination cards never pay for anything: they only clog "
     "your hand.\n"
     "A cost never counts the card you play: a card's cost (on the card, your sheet and "
     "your choices) is what you discard **besides** it, so a cost 1 card takes 2 cards "
     "from your hand. An item action costs what "
     "the item says and still counts as one of your 2 actions.\n"
     "A cost stays paid even when the action is cut short. With no card that can pay "
     "left in your hand, you can only pass."),
    ("movement", "Moving and exploring",
     "**Move** ({move}): go through a corridor to a neighbouring room (a closed door "
     "blocks it). Into an explored room: make a **noise roll** (`/rules noise`). Into an "
     "unexplored room: turn its tile face up and resolve its **exploration token** first "
     "(`/rules exploration token`).\n"
     "**Careful movement** ({careful}, out of combat): put a noise marker in any "
     "corridor around the room you enter instead of rolling. Into an unexplored room the "
     "token still counts.\n"
     "**Escaping** (moving out of a room with intruders) first lets every intruder "
     "there attack you.\n"
     "Only the Mechanic's Technical Corridors card and the Technical Corridor Plans item "
     "travel through the technical corridors (`/rules technical corridors`)."),
    ("noise", "Noise rolls and noise markers",
     "Noise die: {noise_faces}.\n"
     "**A number:** a noise marker goes in the corridor with that number around your "
     "room (a technical entrance puts it on the technical corridors). A corridor holds "
     "one marker: a second one there means an **encounter** instead "
     "(`/rules encounters`).\n"
     "**Silence:** nothing happens, unless you are slimed: then it counts as danger.\n"
     "**Danger:** every intruder in a neighbouring room that is not fighting moves into "
     "your room; if none can, noise goes into every empty corridor around you.\n"
     "Noise markers stay until an encounter next to them clears them."),
    ("encounters", "Encounters and surprise attacks",
     "An encounter draws a token from the intruder bag (`/rules bag`) and places that "
     "intruder in your room; the noise markers in the corridors around your room go "
     "away. Compare your hand size with the token's number: **fewer cards than the "
     "number** and the intruder attacks you at once (a surprise attack). A **blank** "
     "token is only echoes: noise goes into every empty corridor around you and the "
     "token goes back into the bag.\n"
     "Your **first encounter** is also when you choose which of your two objectives to "
     "keep (`/rules objectives`)."),
    ("combat", "Fighting intruders",
     "**Shoot** ({shoot}, a weapon with ammo): spend 1 ammo and roll the combat die (the "
     "Soldier always rolls the advantage die).\n"
     "**Melee** ({melee}): take a contamination card first, then roll the combat die; a "
     "miss costs you 1 serious wound.\n"
     "Combat die: {combat_faces}. Advantage die: {advantage_faces}. \"Creeper\" hurts "
     "larvae and creepers only, \"adult\" adults too.\n"
     "**Injuries:** a larva dies at once. For a bigger intruder draw an attack card "
     "(breeders and the queen 2) and compare its blood with the injuries: as many or "
     "more injuries kill it (a carcass stays); a retreat symbol makes it flee through "
     "the corridor of a drawn event card instead.\n"
     "**Eggs** in a room can be shot or hit; each injury breaks one, then make a noise "
     "roll."),
    ("intruders", "The intruders",
     "Five kinds, small to big: **larva**, **creeper**, **adult**, **breeder**, "
     "**queen** (`/rules larva`...). They come out of the bag at encounters and grow "
     "inside it (`/rules bag`).\n"
     "**Attacks:** in the event phase each intruder in a room with characters attacks "
     "the one with the fewest cards in hand. Before the attack card is drawn you may "
     "play an interrupt card. The card only lands if it shows the attacker's kind. A "
     "larva does not draw: it crawls into you (a contamination card).\n"
     "**Moving:** an event card moves the kinds it shows that are not in a room with a "
     "character, through its corridor number; into a technical corridor the intruder "
     "vanishes into the ducts (back to the bag); against a closed door it breaks the "
     "door and stays."),
    ("wounds", "Wounds and death",
     "**Light wounds** fill a 2-space track; a third one becomes a **serious wound** "
     "(draw a serious wound card; the same wound twice does not add up).\n"
     "**Dressing** turns a serious wound over: its effect stops, it still counts. "
     "**Healing** removes light wounds or a dressed serious wound.\n"
     "With 3 serious wounds any further wound kills you: your corpse and carried objects "
     "stay in the room. The first death aboard unlocks every escape pod "
     "(`/rules critical moments`)."),
    ("contamination", "Contamination and larvae",
     "Contamination cards go on your discard pile and later clog your hand. The deck has "
     "{contamination} cards, {infected} of them INFECTED.\n"
     "**Scanning** (Surgery, Canteen, Shower Room, some items) shows whether a card is "
     "INFECTED: an infected card puts a larva on your board; with a larva already there "
     "you die and a creeper appears.\n"
     "**At the end** every survivor is checked: with an INFECTED card or a larva they "
     "shuffle their cards and draw 4, and a single contamination card among them kills "
     "them (`/rules victory check`)."),
    ("items", "Items, hands and searching",
     "**Search** ({search}) draws from the room's colour deck: red military, yellow "
     "technical, green medical; a white room lets you choose. Each search lowers the "
     "room's item counter; at 0 it is empty. Special rooms, the Nest and the "
     "Slime-Coated Room cannot be searched.\n"
     "Normal items are hidden in your inventory (others see only their colour). **Heavy "
     "items** and **objects** (corpse, carcass, egg) take one of your 2 hands and are "
     "public. Weapons come loaded; one-use items are discarded after use.\n"
     "**Quest items** start inactive (`/rules quest`). **Crafting:** `/rules crafting`."),
    ("crafting", "Crafting",
     "**Craft** ({craft}, out of combat): discard 2 item cards whose blue component "
     "symbols match the 2 grey symbols of a crafted item and take it. Components: "
     "chemical, electronic, mechanical, medical. Each crafted item exists once; crafted "
     "weapons come fully loaded. Crafted items: {crafted}."),
    ("quest", "Quests and quest items",
     "Each character starts with a quest item that is **inactive** (`/rules <character>` "
     "names it and its condition). When the condition is met (a signal sent, the nest "
     "found, an intruder killed, a weakness found, a carcass researched) it switches on "
     "and works like any item. Your private sheet shows your quest."),
    ("rooms", "Rooms of the ship",
     "The ship has {slots} rooms: {special} special rooms face up from the start, "
     "{basic} basic rooms (I) and {extra} additional rooms (II) dealt face down, each "
     "with an exploration token. A room action costs {room} cards and needs the room "
     "free of malfunction; a computer works the same way. Each room by name: "
     "`/rules Cockpit`."),
    ("event_phase", "The event phase, step by step",
     "1. **Time:** the time marker moves 1 space (and a running self-destruct marker "
     "with it; `/rules time`).\n"
     "2. **Intruder attacks:** each intruder in a room with characters attacks.\n"
     "3. **Fire:** every intruder in a burning room suffers 1 injury; fire breaks an egg "
     "there.\n"
     "4. **Event card:** the intruders of the kinds it shows move through its corridor "
     "number, then its effect happens.\n"
     "5. **Bag development:** draw a token from the bag (`/rules bag`).\n"
     "6. **End of round:** bleeding wounds hurt; then a new round begins."),
    ("time", "The time track",
     "{time_len} spaces; the marker starts on space 1 and moves 1 space in every event "
     "phase. Spaces {first_blue}-{time_len} are blue: from space {first_blue} the "
     "hibernation chambers open (`/rules hibernation`). When the marker reaches space "
     "{time_len} the ship **jumps into hyperspace** and the game ends "
     "(`/rules end`)."),
    ("critical_moments", "Critical moments",
     "Moments that change the game for everyone:\n"
     "• **The first death** of a character unlocks every escape pod.\n"
     "• **The time marker reaches space {first_blue}** (blue): the hibernatorium's "
     "chambers open.\n"
     "• **The self-destruct marker reaches space {first_yellow}** (yellow): the "
     "sequence can no longer be stopped, and every escape pod unlocks.\n"
     "• **The {fire_last}th fire or malfunction** needed when none is left destroys the "
     "ship ({fire} fire and {malfunction} malfunction markers).\n"
     "• **Nobody awake aboard** (everyone dead, asleep or gone in a pod): the game ends "
     "at once."),
    ("pods", "Escape pods",
     "{pods} pods, {pod_seats} seats each: {pod_list}. They start **locked**; the first "
     "death or a yellow self-destruct space unlocks them all, and the Hatch Control "
     "System locks or unlocks one.\n"
     "**Boarding** (room action in the matching Evacuation Section, with no intruder "
     "there): a noise roll; an intruder showing up stops it. Boarding ends your round.\n"
     "**In a pod**, on your turn: wait, **launch** (if unlocked: everyone inside "
     "escapes) or climb out. An intruder entering the section throws everyone out of "
     "its pods. A pod still aboard when the ship jumps or explodes does not save you."),
    ("hibernation", "Hibernation",
     "From time space {first_blue} (blue) the chambers of the Hibernatorium are open: "
     "its room action puts you to sleep, after a noise roll (an intruder showing up "
     "stops it). A sleeper is safe from intruders but is out of the game until the end "
     "and survives only if the ship jumps, its engines hold, and it reaches Earth "
     "(`/rules victory check`; the Quarantine objective spares its holder the last "
     "test)."),
    ("self_destruct", "Self-destruct",
     "The Generator's room action starts the sequence: the marker goes on space 1 of "
     "{sd_len} (green 1-{green_last}, yellow {first_yellow}-{yellow_last}, the skull "
     "{sd_len}) and moves whenever the time marker moves. While it is green the "
     "Generator can stop it. On yellow it can no longer be stopped and every pod "
     "unlocks. On the skull the ship **explodes**: everyone aboard dies, sleepers "
     "included. A jump with the sequence still running counts as an explosion."),
    ("engines", "Engines",
     "The ship has {engines} engines in its tail. Each is secretly **working** or "
     "**damaged** (even odds at setup). In an engine room you may check its state (only "
     "you learn it; your private sheet keeps it), then leave it or switch it (repair "
     "or wreck it). The Engine Control Room shows you all three without changing "
     "them. At the victory check, **2 or more damaged engines** make the ship explode "
     "after its jump."),
    ("coordinates", "Coordinates and the destination",
     "The destination track has spaces {destinations}; the marker starts on "
     "{dest_start} and is public. One of {coordinates} coordinates cards was dealt face "
     "down: it says which space takes the ship to **Earth**. In the Cockpit you may read "
     "it (only you learn it; your private sheet keeps it) or move the destination "
     "marker. At the victory check a course other than Earth kills every sleeper "
     "(except the holder of the Quarantine objective)."),
    ("objectives", "Objectives",
     "Each player is dealt one **corporate** and one **personal** objective, secretly. "
     "At the first encounter aboard (whoever meets the first intruder) everyone keeps "
     "one and discards the other. You "
     "win if your character survives (escaped in a pod, or asleep and spared by the "
     "victory check), passes the contamination check and meets the objective kept. "
     "Several players, or nobody, can win. Each objective by name: `/rules Sole "
     "Survivor`."),
    ("end", "How the game ends",
     "• **The jump:** the time marker reaches its last space. Whoever is awake aboard, "
     "pods not launched included, dies.\n"
     "• **The explosion:** the self-destruct marker reaches the skull, or a fire or "
     "malfunction is needed when the supply is empty. Everyone aboard dies, sleepers "
     "too.\n"
     "• **Nobody awake aboard:** the tracks run to their ends at once (an explosion if "
     "the self-destruct is running, else the jump).\n"
     "Then comes the victory check (`/rules victory check`) and Warden reveals every "
     "secret: objectives, contamination, engines, coordinates."),
    ("victory_check", "The victory check",
     "In this order:\n"
     "1. **Engines:** with 2 or 3 damaged engines the ship explodes: every sleeper "
     "dies.\n"
     "2. **Coordinates:** if the ship is not headed for Earth, every sleeper dies, except "
     "the holder of the Quarantine objective.\n"
     "3. **Contamination:** each survivor with an INFECTED card or a larva shuffles "
     "their cards and draws 4; any contamination card among them kills them.\n"
     "4. **Objectives:** every survivor who meets the objective they kept wins."),
    ("bag", "The intruder bag and its development",
     "At setup the bag holds {bag}, plus {adults_per_player} adult per player. "
     "Encounters draw from it.\n"
     "**Bag development** (each event phase) draws one token: a **larva** grows (an "
     "adult goes in the bag instead); a **creeper** becomes a breeder; an **adult** or "
     "**breeder** stirs (everyone not fighting makes a noise roll) and goes back; the "
     "**queen** goes back and appears in the nest if a character is there, else lays "
     "an egg; a **blank** goes back with an adult added. The weakness Slow Gestation "
     "stops larvae and creepers from growing."),
    ("technical_corridors", "Board: Technical corridors (vents)",
     "The hexagonal vents at the rooms' free corridor numbers are the entrances of one "
     "shared technical corridor network. Noise rolled on such a number goes onto the "
     "technical corridors (all vents turn yellow on the board), and an intruder moving "
     "into a vent disappears into the ducts (back into the bag). Only the Mechanic's "
     "card and the Technical Corridor Plans let a character travel through them."),
    ("corridor_numbers", "Board: Corridor numbers",
     "Every room has 4 corridor ends numbered 1-4, shown on small plates where a "
     "corridor meets the room. Noise rolls and event cards use them; a number with no "
     "neighbouring room leads into the technical corridors."),
    ("door", "Board: Door",
     "A closed door (a bar across the corridor) blocks movement through it. "
     "An intruder that would move through it breaks it instead (a broken door, drawn in "
     "red, stays open for good; the Plasma Torch can seal it again). Doors close and "
     "open with some cards and the Command Center."),
    ("noise_marker", "Board: Noise marker",
     "A yellow dot in a corridor: noise from a roll. A second noise in the same corridor "
     "starts an encounter instead (`/rules noise`)."),
    ("fire", "Board: Fire marker",
     "A room on fire (orange frame and flame). Ending a turn there costs 1 light wound; "
     "in the event phase each intruder there suffers 1 injury and an egg breaks. There "
     "are {fire} fire markers: when one more is needed the ship explodes. Put out by "
     "extinguishers and the Fire Control System."),
    ("malfunction", "Board: Malfunction marker",
     "A broken room (yellow bolt): no room action and no computer there; it can still be "
     "searched. Never in the Nest or the Slime-Coated Room. There are {malfunction} "
     "malfunction markers: when one more is needed the ship explodes. Repaired with "
     "tools."),
    ("slime", "Board: Slime",
     "A slimed character (SLIME on their row): a silence noise roll counts as danger for "
     "them. The Shower Room washes it off."),
    ("sealed", "Board: Sealed room",
     "A room the Airlock Control primed (a light blue frame): at the end of the player "
     "phase, if its doors are still closed, everyone and every intruder inside is blown "
     "into space, leaving nothing behind, and its fire goes out."),
    ("egg", "Board: Egg",
     "The nest starts with {eggs} eggs (the number beside the egg in the Nest). Eggs can "
     "be shot or hit (each injury breaks one, then a noise roll) or picked up and "
     "carried (heavy, public). Fire breaks one each event phase."),
    ("carcass", "Board: Carcass",
     "What a dead creeper, adult, breeder or queen leaves. It can be picked up (heavy) "
     "and researched in the Laboratory to discover a weakness."),
    ("corpse", "Board: Corpse",
     "A dead character's body. It can be picked up (heavy) and researched in the "
     "Laboratory to discover a weakness."),
    ("exploration_token", "Board: Exploration token",
     "Each room I and II hides one, face down, until someone enters the room. It sets "
     "the room's item counter (1-4) and does one thing:\n"
     "• **Silence:** no noise roll (a slimed character gets danger instead).\n"
     "• **Danger:** intruders next door come in (`/rules noise`); no noise roll.\n"
     "• **Slime:** you are slimed. • **Fire** or **malfunction:** a marker in the room. "
     "• **Doors:** the door behind you slams shut.\n"
     "After slime, fire, malfunction and doors you make a noise roll as usual. The "
     "{tokens} tokens: {token_mix}; the ones left over stay in the box, unseen."),
    ("item_counter", "Board: Item counter",
     "The number in a room's corner: how many searches are left there."),
    ("computer", "Board: Computer",
     "A room with a computer (screen icon): {computers}. Some cards need one. A "
     "malfunction shuts it down."),
    ("intruder_token", "Board: Intruder",
     "A red diamond with the kind's letter (L larva, C creeper, A adult, B breeder, Q "
     "queen); a white badge beside it counts its injuries."),
    ("combat_die", "Board: Combat die", "Faces: {combat_faces}."),
    ("advantage_die", "Board: Advantage die", "Faces: {advantage_faces}."),
    ("noise_die", "Board: Noise die", "Faces: {noise_faces}."),
)

FACES = {"miss": "miss", "creeper": "creeper", "adult": "adult", "hit": "hit",
         "hit2": "double hit", "pay_hit": "hit for a card", "hit_pay2": "hit (2 for a card)",
         "silence": "silence", "danger": "danger"}


def _faces(faces: Any) -> str:
    return ", ".join(FACES.get(str(f), str(f)) for f in faces)


def _plural_kind(n: int, kind: str) -> str:
    if n == 1:
        return f"1 {kind}"
    return f"{n} " + ("larvae" if kind == "larva" else kind + "s")


def _numbers(c: Content, sh: Ship) -> dict[str, object]:
    from rules.nemesis.character import HAND_SIZE
    from rules.nemesis.turn_actions import COSTS

    tiles = {t.id: t for t in sh.rooms}
    slots = sh.ship.slots
    tt, sd = sh.time_track, sh.self_destruct
    computers = [t.name for t in sh.rooms if t.computer]
    return {
        **COSTS, "room": 2, "hand": HAND_SIZE,
        "noise_faces": _faces(c.dice.noise), "combat_faces": _faces(c.dice.combat),
        "advantage_faces": _faces(c.dice.advantage),
        "contamination": len(c.contamination),
        "infected": sum(1 for x in c.contamination if getattr(x, "infected", False)),
        "crafted": ", ".join(i.name for i in c.items if i.color == "crafted"),
        "slots": len(slots), "special": sum(1 for s in slots if s.kind == "special"),
        "basic": sum(1 for s in slots if s.kind == "I"),
        "extra": sum(1 for s in slots if s.kind == "II"),
        "time_len": tt.length, "first_blue": tt.first_blue, "sd_len": sd.length,
        "first_yellow": sd.first_yellow, "green_last": sd.first_yellow - 1,
        "yellow_last": sd.length - 1, "fire": sh.supplies.fire,
        "malfunction": sh.supplies.malfunction, "fire_last": sh.supplies.fire + 1,
        "pods": len(sh.pods), "pod_seats": sh.pods[0].seats,
        "pod_list": ", ".join(f"{p.id} (section {p.section})" for p in sh.pods),
        "engines": len(sh.engines), "destinations": "-".join(sh.destination.spaces),
        "dest_start": sh.destination.start, "coordinates": len(sh.coordinates),
        "bag": ", ".join(_plural_kind(n, k) for k, n in c.intruders.bag_start.items()),
        "adults_per_player": c.intruders.adults_per_player, "eggs": c.intruders.eggs,
        "computers": ", ".join(computers) or "none",
        "tiles": len(tiles),
        "tokens": sum(t.count for t in c.exploration),
        "token_mix": ", ".join(f"{n} {effect}" for effect, n in _token_mix(c).items()),
    }


def _token_mix(c: Content) -> dict[str, int]:
    mix: Counter[str] = Counter()
    for token in c.exploration:
        mix[token.effect] += token.count
    return dict(mix)


# ------------------------------------------------------------------ card entries
KIND_NAMES = ("larva", "creeper", "adult", "breeder", "queen")
NEEDS = {"signal_sent": "a signal sent from the Comms Room", "nest_found": "the nest found",
         "kill_intruder": "an intruder killed", "weakness_found": "a weakness discovered",
         "carcass_in_lab": "a carcass researched in the Laboratory"}


def nemesis_entries() -> list[tuple[str, str, str]]:
    """Every `/rules` entry of the original Nemesis as (key, title, text)."""
    from rules.nemesis_original.cards import content
    from rules.nemesis_original.ship import ship

    c, sh = content(), ship()
    numbers = _numbers(c, sh)
    out = [(key, title, text.format(**numbers)) for key, title, text in _TOPICS]
    out.append(("rooms_list", "Room list", "\n".join(
        f"**{label}:** " + ", ".join(t.name for t in sh.rooms if t.level == level)
        for level, label in (("special", "Special rooms"), ("I", "Basic rooms (I)"),
                             ("II", "Additional rooms (II)")))))
    out += _intruders(c)
    out += [(t.id, f"Room: {t.name}",
             room_text(t, LEVELS[t.level] + (f" ×{t.copies}" if t.copies > 1 else ""),
                       "free room action")) for t in sh.rooms]
    items = {i.id: i.name for i in c.items}
    out += [(i.id, f"Item: {i.name}", item_text(i)) for i in c.items]
    for ch in c.characters:
        start = items.get(ch.starting_item or "", "no starting item")
        quest = items.get(ch.quest.item, ch.quest.item)
        out.append((ch.id, f"Character: {ch.name}",
                    facts(f"starting item: {start}",
                          f"quest item: {quest} (needs {NEEDS.get(ch.quest.needs, '')})")
                    + f"{ch.text}\n**Quest:** {ch.quest.text}"))
        out += [(card.id, f"Action card: {card.name} ({ch.name})",
                 facts(f"{ch.name}'s deck", cost_tag(card.cost, card=True),
                       {"in": "in combat only", "out": "out of combat only"}
                       .get(card.combat, ""), "interrupt" if card.interrupt else "")
                 + card.text) for card in ch.deck]
    out += [(e.id, f"Intruder event: {e.name}", e.text) for e in c.events]
    out += [(a.id, f"Intruder attack: {a.name}",
             facts("lands for: " + ", ".join(a.hits), f"blood {a.blood}",
                   "retreat: drawn for an injured intruder, it flees instead"
                   if a.retreat else "") + a.text) for a in c.attacks]
    out += [(w.id, f"Serious wound: {w.name}", w.text) for w in c.serious_wounds]
    out += [(w.id, f"Weakness: {w.name}",
             facts("discovered in the Laboratory; helps everyone") + w.text)
            for w in c.weaknesses]
    out += [(o.id, f"Objective: {o.name}",
             facts(f"{o.deck} objective",
                   f"used with {o.min_players}+ players" if o.min_players > 1 else "")
             + o.text) for o in c.objectives]
    return out


def _intruders(c: Content) -> list[tuple[str, str, str]]:
    """One entry per intruder kind: what it does, its tokens' surprise numbers, how many
    are in the bag at setup and how many miniatures there are."""
    words = {
        "larva": "The smallest. It does not attack: it crawls into a character (a "
                 "contamination card). Any injury kills it; it leaves no carcass.",
        "creeper": "A fast grown larva. Hurt by \"creeper\" and \"adult\" dice results "
                   "and hits; leaves a carcass.",
        "adult": "The common hunter. Only hits and \"adult\" results hurt it; its death "
                 "check draws 1 attack card.",
        "breeder": "Huge and tough: its death check draws 2 attack cards. In bag "
                   "development it may appear in the nest.",
        "queen": "The nest's mother, the toughest of all (2 attack cards for its death "
                 "check). She guards the nest and lays eggs.",
    }
    out = []
    tokens = c.intruders.tokens
    counts = Counter[str]()
    for t in tokens:
        counts[t.kind] += t.count
    for kind in KIND_NAMES:
        mine = [t for t in tokens if t.kind == kind]
        numbers = ", ".join(str(t.blue) + (f" ×{t.count}" if t.count > 1 else "")
                            for t in mine)
        models = getattr(c.intruders.models, kind, 0)
        start = c.intruders.bag_start.get(kind, 0)
        extra = " +1 per player" if kind == "adult" and c.intruders.adults_per_player else ""
        out.append((kind, f"Intruder: {kind.capitalize()}",
                    words[kind] + f"\n*Tokens (surprise number): {numbers or 'none'} · in "
                    f"the bag at setup: {start}{extra} · miniatures: {models}*"))
    return out


__all__ = ["facts", "nemesis_entries"]
