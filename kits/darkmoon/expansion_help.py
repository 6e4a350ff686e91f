"""`/rules` entries for Dark Moon's Shadow Corporation expansion, its two modules and
the ten variant rules: the rules topics (evacuation, clearance, take-off, amputation,
corporation dice, threats, wild tokens...), one entry per module and per variant, the
board pieces, and the threat cards by name. Card entries of the expansion's characters,
statuses, events and tasks are built with the core ones (bot.help_entries).

Every number is read from the content (rules/darkmoon/content), the rulings from
rules/darkmoon/README.md; the sentences are our own."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.darkmoon.cards import Content

# (key, title, text); {placeholders} are filled from the content
_TOPICS: tuple[tuple[str, str, str], ...] = (
    ("expansion", "Shadow Corporation expansion",
     "Option **Shadow Corporation expansion** (lobby: Expansion and modules). The company "
     "wants its people off the moon, on its terms. It adds: **corporation dice** on every "
     "malfunction (`/rules corporation dice`), **amputation** votes (`/rules amputation`), "
     "an **evacuation ship** with clearance and take-off votes (`/rules evacuation`), the "
     "character David Brandt, the infected statuses Stowaway and Leech, the outpost "
     "Launch Control, the event Grounded Shuttle, the final events Corporate Blackout and "
     "Containment Breach, {new_tasks} new malfunctions per deck and the EVACUATE mark on "
     "{evacuate} cards of each task deck. The game can now also end when the ship takes "
     "off. Modules on top of it: `/rules threats`, `/rules company man`."),
    ("corporation_dice", "Corporation dice",
     "With the expansion, after the active player sets up a **malfunction**, they roll "
     "{roll} yellow corporation dice behind their screen (David Brandt rolls {roll_plus}) "
     "and **submit 1** for all to see. Faces: {faces}. A negative face moves the success "
     "cube back by that much (it may go below 0); 0 and +1 change nothing. The other dice "
     "are **never shown** during the game; the recap at the end lists them. An honest "
     "player picks the best die, an infected one may pick the worst and blame the dice."),
    ("evacuation", "Evacuation and refueling",
     "With the expansion an evacuation ship can end the game. The **vote track** has "
     "{spaces} spaces; every **EVACUATE** task drawn and played (success or not) moves its "
     "cube 1 space. When it reaches the last space, the active player must call a "
     "**clearance** or **take-off** vote at the end of the turn and the cube goes back to "
     "the start. Anyone may also call those votes as their Call a Vote action "
     "(`/rules clearance`, `/rules take-off`). The **clearance board** starts on its "
     "**refueling** side (no take-off yet); when the turn comes back to the start player "
     "after the first full round it turns to **ready** (and threat cards are dealt, with "
     "the Threats module). When the ship "
     "takes off with the cleared players: no infected aboard, the uninfected win; an "
     "infected player aboard, the infected win. The **Evacuation Failure** card in the "
     "final event's task deck calls evacuation off for good when drawn."),
    ("clearance", "Clearance votes",
     "A clearance vote puts a player (yourself allowed) to a secret vote: strong die = "
     "clear them for evacuation, weak die = deny it; the commander breaks ties, and with "
     "no commander a tie leaves things as they were. The clearance board holds "
     "{board} clearance tokens (3 / 4-5 / 6-7 players). When it is full, only players "
     "already cleared may be voted on (a denied player loses their token). Never on a "
     "quarantined player, and going into quarantine takes a clearance token away; so "
     "does revealing as infected. Blocked by the Launch Control outpost token and by "
     "Grounded Shuttle, except when the evacuation track forces the vote."),
    ("takeoff", "Take-off",
     "A take-off vote needs the clearance board on its **ready** side (after the first "
     "full round) and **full**. Strong die = take off, weak die = stay. If the ship takes "
     "off, the cleared players leave and the game ends at once: only uninfected aboard, "
     "the uninfected win; an infected player aboard, the infected win (with the Company "
     "Man module he wins alone instead). Blocked like clearance votes by Launch Control "
     "and Grounded Shuttle, except when forced by the evacuation track."),
    ("amputation", "Amputation",
     "With the expansion, Call a Vote may be an **amputation vote** on another player "
     "(never yourself): strong die = keep the arm, weak die = amputate; the commander "
     "breaks ties, and with no commander the arm stays. An amputated player takes an "
     "amputation token: **die limit -1 for good**, kept in quarantine and after a reveal. "
     "Once per player; allowed on a quarantined player, never on a revealed infected "
     "player. Blocked, like every vote, by the Research Lab outpost token."),
    ("threat_tokens", "Threat tokens",
     "Threats module. Each requirement has its own tokens ({stock}); there are also "
     "{wild} **wild** tokens. A player who does what a requirement asks, as the active "
     "player, is asked whether to take its token; with that kind gone they take a wild "
     "token, and with none left the claim counts without a token. One token per player, "
     "ever. Claims and tokens are public (the board shows them), the cards are not."),
    ("wild_tokens", "Wild tokens",
     "Threats module: {wild} wild threat tokens. A player who fulfils a requirement whose "
     "own tokens are all taken takes a wild token instead; when the wild tokens are gone "
     "too, the claim still counts, with no token. (The number of wild tokens is ours: "
     "the source does not give it.)"),
    ("threats", "Module: Threats",
     "Option of the expansion (lobby: Expansion and modules). When refueling is over, "
     "every player gets a secret **threat card** from the company, to fulfil **once, as "
     "the active player** on their own turn (never while following an order): "
     "{threat_names} (`/rules Exposure`...). When they do, they may take its token "
     "(`/rules threat tokens`). **Penalty:** if the game ends on the **final event** "
     "and an uninfected player never claimed the requirement on their card, the infected "
     "win instead. Infected players and the Company Man may act on any threat and are "
     "never penalised. No penalty at any other ending."),
    ("company_man", "Module: Company Man",
     "Option of the expansion (lobby: Expansion and modules). The uninfected status cards "
     "become a deck of 8, one of them the **Company Man**. He counts as uninfected for "
     "every rule but plays for the company: he **wins alone** if the game ends on the "
     "final event while an infected player holds an amputation token, or if the ship "
     "takes off with an infected player aboard. Every other ending is a loss for him, the "
     "crew's win included. With Threats he may act on any threat and is never "
     "penalised. Nobody learns who he is until the recap."),
)

_VARIANTS: tuple[tuple[str, str, str], ...] = (
    ("expensive_voting", "Expensive Voting",
     "Every die used in a vote (quarantine, release, amputation, clearance, take-off) goes "
     "to the available pool instead of back behind the screen, as with the Paranoia "
     "event; with both, a die is spent once."),
    ("first_is_last", "First Is Last",
     "In a malfunction, the IN/OUT choices and the rolls go clockwise from the player on "
     "the active player's left; the active player chooses and rolls last. Corporation "
     "dice are still rolled first."),
    ("flimsy_quarantine", "Flimsy Quarantine",
     "A quarantined player still draws, keeps and plays a task at the end of their turn. "
     "A revealed infected player still never draws."),
    ("telepathic_infected", "Telepathic Infected",
     "For 5 to 7 players only. The infected players know each other from the start: the "
     "bot tells each infected player privately who the others are, and their private "
     "sheet lists them."),
    ("deadly_events", "Deadly Events",
     "Tokens placed by a **completed** event may end the game. In our content that is "
     "System Reboot: its 5 tokens go on top of the fatigue tokens that stay, so the "
     "commander may place a sixth. Effects at an event's start still never end the game."),
    ("no_more_complications", "No More Complications",
     "Once every infected player has revealed, the task deck and its discards are "
     "shuffled into one deck of malfunctions only; complications already gone never "
     "come back."),
    ("nerfed_reveal", "Nerfed Reveal",
     "Two levels. **Normal:** an infection power is used once, with no roll for a second "
     "use. **Extreme:** revealing triggers no infection power at all."),
    ("safe_orders", "Safe Orders",
     "A player following an order may not reveal; every other action stays open to them."),
    ("fatigued_infected", "Fatigued Infected",
     "A revealed infected player in a malfunction submits exactly one die and rolls no "
     "more, like a fatigued character."),
    ("costly_actions", "Costly Actions",
     "Each infected action (Interference, Energy Spike, Sabotage, Test Commander, "
     "Demoralize) first costs one strong or weak die from behind the screen, put in the "
     "pool. With no die, no infected action is offered."),
)

_BOARD: tuple[tuple[str, str, str], ...] = (
    ("evacuation_cube", "Board: Evacuation cube",
     "The cube on the evacuation vote track ({spaces} spaces). Every EVACUATE task moves "
     "it 1 space; on the last space a clearance or take-off vote is forced and it goes "
     "back. `/rules evacuation`."),
    ("clearance_token", "Board: Clearance token",
     "On the clearance board: the players cleared for evacuation ({board} tokens at 3 / "
     "4-5 / 6-7 players). The board shows the cleared players by name. `/rules "
     "clearance`."),
    ("amputation_token", "Board: Amputation token",
     "Die limit -1 for good; at most one per player. The board marks the player "
     "AMPUTATED. `/rules amputation`."),
    ("evacuate_mark", "Board: EVACUATE mark",
     "The !!!EVACUATE EVACUATE!!! mark on {evacuate} task cards of each deck (expansion "
     "only): playing one moves the evacuation cube, success or not. `/rules evacuation`."),
)


def _numbers(c: Content) -> dict[str, str]:
    x = c.expansion
    b = x.board
    faces = ", ".join(f"{f:+d}" if f else "0" for f in b.corporation_die)
    sizes = b.clearance_board
    return {
        "roll": str(b.corporation_roll), "roll_plus": str(b.corporation_roll + 1),
        "faces": faces, "spaces": str(b.evacuation_spaces),
        "board": f"{sizes[3]} / {sizes[4]} / {sizes[6]}",
        "new_tasks": str(len(x.silver.extra)), "evacuate": str(len(x.silver.evacuate)),
        "wild": str(c.modules.wild_tokens),
        "stock": ", ".join(f"{t.name} {t.tokens}" for t in c.modules.threats),
        "threat_names": ", ".join(f"**{t.name}**" for t in c.modules.threats),
    }


def expansion_entries(c: Content) -> list[tuple[str, str, str]]:
    """(key, title, text) of every expansion topic, module, variant, board piece and
    threat card."""
    n = _numbers(c)
    out = [(k, t, text.format(**n)) for k, t, text in _TOPICS]
    out += [(k, f"Variant: {name}", "Variant rule (lobby: Variants), with or without the "
             "expansion. " + text) for k, name, text in _VARIANTS]
    out += [(k, t, text.format(**n)) for k, t, text in _BOARD]
    out += [(t.id, f"Threat: {t.name}",
             f"*Threats module · {t.copies} card{'s' * (t.copies > 1)} · {t.tokens} "
             f"token{'s' * (t.tokens > 1)}*\n{t.text}") for t in c.modules.threats]
    return out


VARIANT_KEYS = tuple(k for k, _, _ in _VARIANTS)
TOPIC_KEYS = tuple(k for k, _, _ in _TOPICS + _BOARD)
