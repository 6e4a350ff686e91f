"""Dark Moon's cards, dice and tokens in words: the phrases that choices, prompts, the
recap and the private sheet share (seats written as `<@seat>`)."""

from __future__ import annotations

from rules.darkmoon import cards as k
from rules.darkmoon.cards import content, index

DICE_KINDS = {"S": "strong", "W": "weak", "C": "commander"}
SYSTEM_DAMAGE: dict[str, k.DamageKind] = {"outpost": "outpost", "life_support": "fatigue",
                                          "shield": "shield"}
SYSTEM_NAMES = {"outpost": "outposts", "life_support": "life support", "shield": "shield",
                "unknown": "any system, you pick"}
SYMBOL_TEXT = {"minus1": "-1", "any_plus": "any +", "minus2": "-2", "any_minus": "any -"}


def fails(symbol: str, face: int) -> bool:
    """A shield test die showing `face` fails against the failure `symbol`."""
    return {
        "minus1": face == -1, "any_plus": face > 0, "minus2": face == -2, "any_minus": face < 0,
    }[symbol]


def plural(n: int, noun: str) -> str:
    """"1 shield token", "2 shield tokens"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def tokens(n: int, kind: str) -> str:
    """`n` damage tokens of `kind`, with the shield test that follows shield tokens."""
    text = plural(n, f"{kind} token")
    return text + ", then a shield test" if kind == "shield" else text


def die_faces(kind: str) -> str:
    """"1, 1, 2, 2, 3, -1" for the strong die."""
    faces = getattr(content().board.dice, kind)
    return ", ".join(str(f) for f in faces)


def die_part(code: str) -> str:
    """A rolled die: "strong die showing +3"."""
    return f"{DICE_KINDS[code[0]]} die showing {int(code[1:]):+d}"


def failing_faces(kind: str, symbol: str) -> int:
    """How many of the six faces of a `kind` die fail a shield test against `symbol`."""
    return sum(1 for f in getattr(content().board.dice, kind) if fails(symbol, f))


def task_of(deck: str, card_id: str) -> k.Malfunction | k.Complication:
    return _TASK_DECKS[deck][card_id]


# deck name -> its cards by id (a task card is looked up several times a move)
_TASK_DECKS = {"silver": index().silver, "black": index().black}


def task_text(card: k.Malfunction | k.Complication, difficulty_delta: int = 0) -> str:
    """What a task card asks and costs, in one sentence or two."""
    mark = " SUSPICIOUS: it moves the suspicion cube." if card.suspicious else ""
    if card.kind == "complication":
        return f"Complication: {card.text}{mark}"
    difficulty = max(1, card.difficulty + difficulty_delta)
    shown = f"difficulty {difficulty}"
    if difficulty_delta:
        shown += f" ({card.difficulty} printed, {difficulty_delta:+d} from the event)"
    if card.system == "unknown":
        cost = (f"{plural(card.consequence, 'token')} of the system you pick (outpost, "
                "fatigue or shield)")
    else:
        cost = tokens(card.consequence, SYSTEM_DAMAGE[card.system])
    return f"Malfunction ({SYSTEM_NAMES[card.system]}), {shown}; failure: {cost}.{mark}"


def event_text(event_id: str) -> str:
    event = index().events[event_id]
    return f"{event.name} ({plural(event.cubes, 'cube')}): {event.text}"


def status_power(status_id: str) -> str:
    """The reveal power of an infected status card ("" for an uninfected card)."""
    status = index().statuses[status_id]
    if not status.infected:
        return ""
    text = status.text
    marker = "Reveal power: "
    return text[text.index(marker) + len(marker):] if marker in text else text


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
