"""A Dark Moon player's live private sheet: status card and power, team, character,
dice behind the screen, die limit, the current roll, the cards being chosen between
(with their texts) and the secret vote; with the Shadow Corporation's modules and
variants, the Company Man's win conditions, the player's threat card (fulfilled or
not, the token taken), the other infected (Telepathic Infected), the status cards shown
to the player (Exposure) and the corporation dice just rolled. Edited in place by the
bot; every text whole (a sheet longer than one message is sent in several)."""

from __future__ import annotations

from rules.core.actions import seat_ref
from rules.darkmoon.actions import dice_text, die_code_text, face_text
from rules.darkmoon.cards import index
from rules.darkmoon.expansion_votes import SIDES
from rules.darkmoon.threats import name as threat_name
from rules.darkmoon.view import DarkMoonView, MyThreatView, PrivateView
from rules.darkmoon.words import event_text, status_power, task_of, task_text

_VOTES = {"strong": "UNINFECTED (strong die)", "weak": "INFECTED (weak die)",
          "abstain": "abstain"}


def sheet(view: DarkMoonView, me: object) -> str:
    """`view`'s seat's sheet (`me`: the view's private part)."""
    assert isinstance(me, PrivateView)
    idx = index()
    seat = next((s for s in view.seats if s.seat == view.viewer), None)
    revealed = seat is not None and seat.revealed
    lines = [_status_line(me, revealed)]
    power = status_power(me.status)
    if me.company_man:
        lines.append(COMPANY_MAN_GOAL)
    else:
        lines.append(f"Power: {power}" if power else idx.statuses[me.status].text)
    if me.infected_teammates:
        are = "player is" if len(me.infected_teammates) == 1 else "players are"
        lines.append(f"Telepathic Infected: the other infected {are} "
                     + ", ".join(seat_ref(x) for x in me.infected_teammates) + ".")
    if seat is not None and not revealed:
        character = idx.characters[seat.character]
        off = " **Fatigued: ability off.**" if seat.fatigued else ""
        lines.append(f"Character: **{character.name}**: {character.text}{off}")
    held = me.held
    dice = dice_text(held.strong, held.weak)
    if held.commander:
        dice += " + the commander die"
    limit = ""
    if seat is not None:
        limit = f" Die limit {seat.die_limit}" + (" (quarantined)." if seat.quarantined
                                                  else ".")
    lines.append(f"Behind your screen: {dice}.{limit}")
    if me.threat is not None:
        lines.append(_threat_line(view, me, me.threat))
    if me.statuses_seen:
        lines.append("Status cards shown to you: " + ", ".join(
            f"{seat_ref(x)}: **{name}**" for x, name in me.statuses_seen.items()) + ".")
    if me.rolled:
        lines.append("Your roll: " + ", ".join(die_code_text(c) for c in me.rolled) + ".")
    if me.corporation_rolled:
        lines.append("Your corporation dice (secret): "
                     + ", ".join(face_text(x) for x in me.corporation_rolled)
                     + ". Submit 1; the others are never shown.")
    if me.choosing:
        lines.append("You are choosing between:")
        lines.extend(f"• {_card(view, c)}" for c in me.choosing)
    if me.my_vote:
        lines.append(f"Your secret vote: {_vote_text(view, me.my_vote)}.")
    return "\n".join(lines)


def _vote_text(view: DarkMoonView, vote: str) -> str:
    """My vote in the words of the vote in progress: "AMPUTATE (weak die)" in an
    amputation vote, "UNINFECTED (strong die)" in a quarantine vote."""
    x = getattr(view, "expansion", None)
    topic = x.vote_topic if x is not None else None
    if vote == "abstain" or topic not in SIDES:
        return _VOTES.get(vote, vote)
    side = SIDES[topic][vote == "weak"]
    return f"{side.upper()} ({vote} die)"


COMPANY_MAN_GOAL = (
    "You win **alone** if the game ends on the final event while an infected player has "
    "lost an arm, or if the evacuation ship takes off with an infected player aboard; "
    "any other ending is a loss for you (you count as uninfected for every rule).")


def _threat_line(view: DarkMoonView, me: PrivateView, t: MyThreatView) -> str:
    """My threat card `t`, whether I fulfilled it and the token I took."""
    line = f"Your threat card (secret): **{t.name}**: {t.text}"
    if t.claimed is None:
        free = " As infected or Company Man you may act on any threat instead." if (
            me.infected or me.company_man) else ""
        return line + " **Not fulfilled yet.**" + free
    token = view.threats.tokens.get(view.viewer or "", "") if view.threats is not None else ""
    took = ("a wild token" if token == "wild" else "its threat token" if token
            else "no token (none left)")
    if t.fulfilled:
        return line + f" **Fulfilled**: you took {took}."
    other = threat_name(t.claimed)
    return line + f" You acted on **{other}** instead and took {took}."


def _status_line(me: PrivateView, revealed: bool) -> str:
    name = index().statuses[me.status].name
    if me.company_man:
        return (f"Status card: **{name}**: you are the **COMPANY MAN**, secretly working "
                "for the company (nobody knows).")
    if not me.infected:
        return f"Status card: **{name}**: you are **UNINFECTED**, on the crew's side."
    if revealed:
        return f"Status card: **{name}**: you are **INFECTED**, revealed to all."
    return f"Status card: **{name}**: you are **INFECTED**. Nobody knows yet."


def _card(view: DarkMoonView, card_id: str) -> str:
    """A card being chosen (an event or a task) with its text."""
    idx = index()
    if card_id in idx.events:
        name, text = event_text(card_id).split(": ", 1)
        return f"**{name}**: {text}"
    card = task_of(view.task_deck_name, card_id)
    return f"**{card.name}**: {task_text(card, _difficulty_delta(view))}"


def _difficulty_delta(view: DarkMoonView) -> int:
    event = view.final_event if view.final_started else view.event
    return index().events[event.id].during.difficulty_delta if event is not None else 0
