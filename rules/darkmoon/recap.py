"""The end of a Dark Moon game in words: who won and why, then every secret (status
cards, who was infected, the events the commander passed over; with the expansion, the
corporation dice nobody saw, the Company Man and every threat card)."""

from __future__ import annotations

from rules.core.words import plural
from rules.darkmoon.actions import card_name, face_text
from rules.darkmoon.company_man import seat_of, team_winners
from rules.darkmoon.state import GameState
from rules.darkmoon.table import fatigued, who
from rules.darkmoon.threats import name as threat_name
from rules.darkmoon.threats import of as threats_of
from rules.darkmoon.threats import penalised, penalty_reason

TEAM_NAMES = {"infected": "infected", "uninfected": "uninfected crew",
              "company_man": "Company Man"}


def recap(s: GameState) -> list[str]:
    if s.result is None:
        return []
    winners = team_winners(s)
    verb = "wins alone" if s.result == "company_man" else "win"
    lines = [f"The {TEAM_NAMES[s.result]} {verb}: {s.result_reason}.",
             "Winners: " + (", ".join(who(x) for x in winners) or "nobody") + "."]
    if s.expansion is not None:
        lines.append(_evacuation_line(s))
    return lines + reveal(s)


def reveal(s: GameState) -> list[str]:
    """Every secret as it stands (the recap's, or a game ended before its end)."""
    lines = corporation_lines(s) if s.expansion is not None else []
    lines += module_lines(s)
    for seat in s.seats:
        lines.append(_player_line(s, seat))
    if s.events_passed:
        lines.append("Events the commander sent to the bottom of the deck in secret: "
                     + ", ".join(card_name(e) for e in s.events_passed) + ".")
    return [*lines, "In numbers:", *(tally_line(s, seat) for seat in s.seats)]


def tally_line(s: GameState, seat: str) -> str:
    """"<@p0>: led 3 tasks (2 succeeded); went IN 5 times; submitted 9 dice (+12 on the
    success track); called 1 vote; voted 6 times, 4 on the winning side; quarantined
    once." (votes called and quarantines only when any)."""
    t = s.players[seat].tally
    parts = [f"led {plural(t.tasks, 'task')} ({t.tasks_ok} succeeded)" if t.tasks
             else "led no task",
             f"went IN {times(t.went_in)}" if t.went_in else "never went IN",
             f"submitted {plural(t.dice, 'die', 'dice')} ({t.points:+d} on the success "
             "track)" if t.dice else "submitted no die"]
    if t.called:
        parts.append(f"called {plural(t.called, 'vote')}")
    parts.append(f"voted {times(t.voted)}, {t.won} on the winning side" if t.voted
                 else "never voted")
    if t.quarantined:
        parts.append(f"quarantined {times(t.quarantined)}")
    return f"{who(seat)}: {'; '.join(parts)}."


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _evacuation_line(s: GameState) -> str:
    """How the evacuation ended: the ship left (with whom), it was called off by the
    failure card, or it never left."""
    x = s.expansion
    assert x is not None
    if x.aboard:
        infected = [seat for seat in x.aboard if s.players[seat].infected]
        tail = (f"{', '.join(who(i) for i in infected)} infected aboard" if infected
                else "nobody infected aboard")
        return ("Evacuation: the ship took off with "
                + ", ".join(who(seat) for seat in x.aboard) + f" ({tail}).")
    if not x.evacuation:
        return (f"Evacuation: called off when {who(x.failure_drawn_by)} drew "
                f"{card_name(x.failure_card)}.")
    cleared = ", ".join(who(seat) for seat in x.cleared) or "nobody"
    return f"Evacuation: the ship never left (cleared at the end: {cleared})."


def corporation_lines(s: GameState) -> list[str]:
    """The corporation dice each player rolled and kept hidden, in roll order."""
    x = s.expansion
    assert x is not None
    return [f"Corporation dice {who(seat)} did not submit: "
            + ", ".join(face_text(f) for f in x.discarded[seat]) + "."
            for seat in s.seats if x.discarded.get(seat)]


def _player_line(s: GameState, seat: str) -> str:
    p = s.players[seat]
    team = ("INFECTED" if p.infected else "Company Man" if seat == seat_of(s)
            else "uninfected")
    notes = []
    if p.revealed:
        notes.append("revealed")
    elif p.infected:
        notes.append("never revealed")
    if s.commander == seat:
        notes.append("commander")
    if p.quarantined:
        notes.append("in quarantine")
    if fatigued(s, seat):
        notes.append("fatigued")
    if s.expansion is not None and seat in s.expansion.amputated:
        notes.append("amputated")
    tail = f" ({', '.join(notes)})" if notes else ""
    # the status card only where it says more than the side: "INFECTED (Sleeper)"
    card = card_name(p.status)
    if p.infected:
        team = f"{team} ({card.removeprefix('Infected: ')})"
    elif card.lower() != team.lower():
        team = f"{team}, status card {card}"
    return f"{who(seat)}: {team}, played {card_name(p.character)}{tail}."


def module_lines(s: GameState) -> list[str]:
    """The Company Man (and whether he won) and every threat card: fulfilled or not,
    the token taken, and the company's penalty if it fell."""
    lines: list[str] = []
    if s.options.company_man:
        cm = seat_of(s)
        if cm is None:
            lines.append("Company Man: his card was not dealt this game.")
        else:
            end = "" if s.result is None else ", who won alone" \
                if s.result == "company_man" else ", who lost"
            lines.append(f"Company Man: {who(cm)}{end}.")
    t = threats_of(s)
    if t is None:
        return lines
    if not t.dealt:
        lines.append("Threats: the game ended before refueling, so no threat card was dealt.")
        return lines
    culprit = penalised(s)
    if culprit is not None and s.result_reason != penalty_reason(s, culprit):
        culprit = None
    for seat in s.seats:
        card = t.cards.get(seat)
        if card is None:
            continue
        claimed = t.claimed.get(seat)
        if claimed is None:
            done = "not fulfilled"
        else:
            token = t.tokens.get(seat, "")
            kind = ("a wild token" if token == "wild" else "its token" if token
                    else "no token left")
            done = (f"fulfilled ({kind})" if claimed == card
                    else f"acted on {threat_name(claimed)} instead ({kind})")
        tail = " -> the company's penalty" if seat == culprit else ""
        lines.append(f"Threat of {who(seat)}: {threat_name(card)}, {done}{tail}.")
    return lines
