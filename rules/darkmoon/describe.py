"""Every Dark Moon choice in words for the seat making it: a short label and a detail
saying what it does (card texts, dice, costs, consequences). Subset choices (dice to
roll, submit or return) are named die by die."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rules.core.contract import Action, Choice
from rules.core.words import dice_count
from rules.darkmoon import actions as a
from rules.darkmoon import describe_expansion as expansion_words
from rules.darkmoon import describe_modules as module_words
from rules.darkmoon import variants
from rules.darkmoon.cards import content, index
from rules.darkmoon.damage import failure_symbol
from rules.darkmoon.in_play import current_task_frame, task_card
from rules.darkmoon.state import (
    AnswerFrame,
    DamageFrame,
    DiscardFrame,
    Frame,
    GameState,
    OrderFrame,
    RollFrame,
    ShieldTestFrame,
    TargetFrame,
    VoteFrame,
)
from rules.darkmoon.table import (
    ability,
    die_limit,
    during,
    find_event,
    normal_held,
    total_damage,
    who,
)
from rules.darkmoon.words import (
    DICE_KINDS,
    SYMBOL_TEXT,
    clip,
    die_faces,
    die_part,
    event_text,
    failing_faces,
    plural,
    status_power,
    task_text,
    tokens,
)

F = TypeVar("F")

AREA_TOKENS = {"shield": "shield", "outpost": "outpost", "life_support": "fatigue"}
_DAMAGE_EFFECT = {
    "shield": "a shield token goes on the track, then the shield is tested",
    "outpost": "a random station is damaged and its action blocked",
    "fatigue": "a random character token: that character is fatigued",
}


def _top(s: GameState) -> Frame | None:
    return s.stack[-1] if s.stack else None


def _top_as(s: GameState, kind: type[F]) -> F | None:
    """The top frame when it is a `kind`."""
    top = _top(s)
    return top if isinstance(top, kind) else None


def _frame(s: GameState, kind: type[F]) -> F | None:
    """The innermost frame of `kind` on the stack."""
    return next((f for f in reversed(s.stack) if isinstance(f, kind)), None)


def _event_name(s: GameState) -> str:
    if s.final_started:
        return f"the final event {find_event(s.final_event).name}"
    return find_event(s.current_event).name if s.current_event else "the current event"


def _current_task(s: GameState) -> tuple[str, int] | None:
    """The task in play and its difficulty (0 for a complication)."""
    task = current_task_frame(s)
    if task is None or not task.card:
        return None
    return task_card(s, task.card).name, task.difficulty


# ------------------------------------------------------------------ main actions
def _retrieve(s: GameState, seat: str, x: a.Retrieve) -> Choice:
    p = s.players[seat]
    strong, weak = p.held.strong + x.strong, p.held.weak + x.weak
    if x.swap:
        strong, weak = strong + 1, weak - 1
    label = f"Retrieve {a.dice_text(x.strong, x.weak, x.commander)}"
    detail = (f"Behind your screen afterwards: {a.dice_text(strong, weak)} "
              f"(die limit {die_limit(s, seat)})")
    if x.commander or p.held.commander:
        detail += " + the commander die (outside the limit)"
    detail += "."
    if x.swap:
        label += ", swap 1 weak for strong"
        detail += " Priya Raman: 1 weak die behind your screen is traded for a strong one."
    return Choice(label, detail)


def _repair(s: GameState, seat: str, x: a.Repair) -> Choice:
    n = 4 if ability(s, seat, "repair_extra_die") else 3
    kind = AREA_TOKENS[x.area]
    if x.area == "shield":
        what = f"the last shield token (track {s.shield}/6)"
    elif x.area == "outpost":
        what = ("an outpost token of your choice (damaged: "
                + ", ".join(a.card_name(o) for o in s.outposts) + ")")
    else:
        what = ("a fatigue token of your choice (out: "
                + ", ".join(a.card_name(o) for o in s.fatigue) + ")")
    detail = f"Roll up to {n} dice, submit 1: a positive die removes {what}."
    if during(s).repair_weak_only:
        detail += " Repair Tools: weak dice only."
    if s.sabotage == x.area:
        detail += f" Sabotaged: you also give up 2 dice, success or not ({kind} area)."
    return Choice(x.label, detail)


def _call_vote(s: GameState, seat: str, x: a.CallVote) -> Choice:
    release = s.players[x.target].quarantined
    verb = "release" if release else "quarantine"
    label = f"Call a vote to {verb} {who(x.target)}" + (" (you)" if x.target == seat else "")
    return Choice(label, "Everyone behind an uninfected screen votes in secret: strong die = "
                  "uninfected, weak die = infected, no die = abstain. The majority decides; "
                  "the commander breaks a tie.")


def _lone_wolf(s: GameState, seat: str, x: a.LoneWolf) -> Choice:
    n = 4 if ability(s, seat, "lone_wolf_extra_die") else 3
    if during(s).lone_wolf_single_die:
        rule = "submit 1: a positive die"
    else:
        rule = "submit 2: if both are positive, that"
    return Choice(x.label, f"Roll up to {n} dice, {rule} adds an event cube to "
                  f"{_event_name(s)}.")


def _order(s: GameState, seat: str, x: a.IssueOrder) -> Choice:
    n = 3 if ability(s, seat, "order_bonus") else 2
    return Choice(x.label, f"Costs no dice. They may retrieve {n} dice or take up to 2 "
                  "actions (not Issue Order), or ignore you.")


def _reveal(s: GameState, seat: str, x: a.Reveal) -> Choice:
    p = s.players[seat]
    order = _top(s)
    if p.quarantined:
        first = "You are in quarantine: no infection power."
    else:
        first = (f"Your power: {status_power(p.status)} A positive roll on a die lets you "
                 "use it again.")
    if isinstance(order, OrderFrame) and order.first:
        last = "As your first ordered action, you then take one infected action."
    else:
        last = "Your turn then ends."
    return Choice(x.label, f"{first} You keep at most 2 dice and lose your character. {last}")


def _interference(s: GameState, seat: str, x: a.Interference) -> Choice:
    return Choice(x.label, "Look at the top 3 task cards, discard any of them face down and "
                  "put the rest back on top in the order you choose.")


def _energy_spike(s: GameState, seat: str, x: a.EnergySpike) -> Choice:
    if s.shield <= 1:
        return Choice(x.label, f"Place a shield token (track {s.shield}/6 now), then the "
                      "shield is tested.")
    symbol = shield_symbol(s)
    return Choice(x.label, f"The shield is tested now: it fails on '{SYMBOL_TEXT[symbol]}', "
                  "then the active player places a fatigue or an outpost token.")


def shield_symbol(s: GameState) -> str:
    """The failure symbol a shield test uses now (the spot after the last token)."""
    return failure_symbol(s, content().board.shield_symbols)


def _sabotage(s: GameState, seat: str, x: a.Sabotage) -> Choice:
    moved = f" The token moves from {a.AREA_NAMES[s.sabotage]}." if s.sabotage else ""
    return Choice(x.label, f"Whoever repairs {a.AREA_NAMES[x.area]} must also give up 2 dice "
                  f"to clear it.{moved}")


def _test_commander(s: GameState, seat: str, x: a.TestCommander) -> Choice:
    cmd = s.commander or ""
    return Choice(f"Test the commander {who(cmd)}", "They roll every die behind their screen "
                  "and submit 1: unless it is positive, you place a damage token of your "
                  "choice.")


def _demoralize(s: GameState, seat: str, x: a.Demoralize) -> Choice:
    return Choice(x.label, "From your left, players behind uninfected screens trade their "
                  "strong dice for weak dice from the pool "
                  f"({dice_count(s.available.weak, 'weak')} there now).")


def _end_order(s: GameState, seat: str, x: a.EndOrder) -> Choice:
    order = _frame(s, OrderFrame)
    left = order.actions_left if order is not None else 0
    return Choice(x.label, f"You give up the {plural(left, 'ordered action')} you have left.")


def _order_answer(s: GameState, seat: str, x: a.OrderAnswer) -> Choice:
    order = _frame(s, OrderFrame)
    giver = who(order.giver) if order is not None else "the commander"
    if x.choice == "retrieve":
        room = die_limit(s, seat) - normal_held(s.players[seat])
        n = min(2 + (order.bonus if order else 0), room)
        return Choice(f"Follow {giver}'s order: retrieve dice",
                      f"Take up to {dice_count(n)} from the pool, within your die limit.")
    if x.choice == "actions":
        return Choice(f"Follow {giver}'s order: take 2 actions",
                      "Take up to 2 actions (not Issue Order); your character ability does "
                      "not apply.")
    return Choice(f"Ignore {giver}'s order", "Nothing happens.")


# ------------------------------------------------------------------ dice
def _roll_purpose(s: GameState, frame: RollFrame | None) -> str:
    """What the dice being rolled are for, as the end of a sentence."""
    if frame is None:
        return ""
    if frame.purpose == "repair":
        return f"then submit 1: a positive die repairs {a.AREA_NAMES[frame.target]}."
    if frame.purpose == "lone_wolf":
        n = frame.submit_count
        return (f"then submit {n}: {'both' if n == 2 else 'it'} positive adds an event cube "
                f"to {_event_name(s)}.")
    if frame.purpose == "test_commander":
        return "then submit 1: unless it is positive, you fail the test."
    task = _current_task(s)
    if task is None:
        return "then submit at least 1."
    return (f"then submit at least 1 for {task[0]} (success cube at {s.success_track}, "
            f"difficulty {task[1]}).")


def _roll(s: GameState, seat: str, x: a.Roll) -> Choice:
    frame = _top_as(s, RollFrame)
    faces = "; ".join(f"{DICE_KINDS[k]} {die_faces(DICE_KINDS[k])}"
                      for k in dict.fromkeys(x.dice))
    return Choice(x.label, f"Roll them, {_roll_purpose(s, frame)} Faces: {faces}.")


def _submit(s: GameState, seat: str, x: a.Submit) -> Choice:
    frame = _top_as(s, RollFrame)
    total = sum(int(c[1:]) for c in x.dice)
    label = "Submit " + ", ".join(a.die_code_text(c) for c in x.dice)
    if frame is not None and frame.purpose == "task":
        task = _current_task(s)
        goal = f" of {task[1]}" if task and task[1] else ""
        return Choice(label, f"The success cube moves {total:+d} to "
                      f"{s.success_track + total}{goal}.")
    ok = all(int(c[1:]) > 0 for c in x.dice)
    if frame is not None and frame.purpose == "repair":
        return Choice(label, "Positive: the repair works." if ok else "Not positive: the "
                      "repair fails.")
    if frame is not None and frame.purpose == "lone_wolf":
        return Choice(label, "All positive: an event cube is added." if ok else
                      "Not all positive: the lone wolf fails.")
    return Choice(label, "Positive: you pass the test." if ok else "Not positive: you fail "
                  "the test and the infected player places a damage token.")


def _reroll(s: GameState, seat: str, x: a.Reroll) -> Choice:
    return Choice(x.label, "Luba Zheleznyak: roll these dice again instead of submitting, "
                  "once per roll sequence; then you must submit.")


def _stop(s: GameState, seat: str, x: a.StopRolling) -> Choice:
    task = _current_task(s)
    where = f"The success cube stays at {s.success_track}"
    if task and task[1]:
        where += f" of {task[1]}"
    return Choice(x.label, f"{where}; the dice you did not roll stay behind your screen.")


def _discard(s: GameState, seat: str, x: a.Discard) -> Choice:
    p = s.players[seat]
    frame = _top_as(s, DiscardFrame)
    why = f" ({frame.reason})" if frame is not None and frame.reason else ""
    keep = a.dice_text(p.held.strong - x.strong, p.held.weak - x.weak)
    return Choice(x.label, f"They go to the available pool{why}; you keep {keep}.")


def _test_die(s: GameState, seat: str, x: a.TestDie) -> Choice:
    symbol = shield_symbol(s)
    bad = failing_faces(x.die, symbol)
    return Choice(x.label, f"The shield fails on '{SYMBOL_TEXT[symbol]}': {bad} of the 6 faces "
                  f"({die_faces(x.die)}) fail.")


# ------------------------------------------------------------------ votes
def _vote(s: GameState, seat: str, x: a.Vote) -> Choice:
    vote = _frame(s, VoteFrame)
    target = who(vote.target) if vote is not None else "them"
    release = vote is not None and vote.release
    if x.choice == "strong":
        side = "release them" if release else "keep them free"
        detail = f"Show a strong die: {target} is uninfected, {side}."
    elif x.choice == "weak":
        side = "keep them in quarantine" if release else "quarantine them"
        detail = f"Show a weak die: {target} is infected, {side}."
    else:
        return Choice(x.label, "Show an empty hand: your vote counts for neither side.")
    return Choice(x.label, detail + variants.vote_cost_note(s, during(s).votes_cost_dice))


def _tie_break(s: GameState, seat: str, x: a.TieBreak) -> Choice:
    vote = _frame(s, VoteFrame)
    target = who(vote.target) if vote is not None else "them"
    release = vote is not None and vote.release
    if x.quarantine:
        label = f"Keep {target} in quarantine" if release else f"Quarantine {target}"
    else:
        label = f"Release {target}" if release else f"Leave {target} free"
    return Choice(label, "The vote is tied: as commander you decide.")


def _decree(s: GameState, seat: str, x: a.Decree) -> Choice:
    if x.quarantine:
        return Choice(x.label, "No vote (Blood Testing). In quarantine: die limit -2, only "
                      "votes, orders and reveals, no task draw.")
    return Choice(x.label, "No vote (Blood Testing). Their die limit is restored.")


# ------------------------------------------------------------------ tasks
def _keep_task(s: GameState, seat: str, x: a.KeepTask) -> Choice:
    card = task_card(s, x.card)
    mark = " (suspicious)" if card.suspicious else ""
    task = current_task_frame(s)
    others = len(task.drawn) - 1 if task is not None else 1
    rest = "The other card is" if others == 1 else f"The other {others} cards are"
    return Choice(f"Play task: {card.name}{mark}",
                  task_text(card, during(s).difficulty_delta)
                  + f" {rest} discarded face down.")


def _pick_system(s: GameState, seat: str, x: a.PickSystem) -> Choice:
    task = current_task_frame(s)
    n = 1
    if task is not None:
        card = task_card(s, task.card)
        assert card.kind == "malfunction"  # a system is picked for a malfunction only
        n = card.consequence
    return Choice(x.label, f"If the task fails: {tokens(n, AREA_TOKENS[x.system])}.")


def _go_in(s: GameState, seat: str, x: a.GoIn) -> Choice:
    task = _current_task(s)
    name = f"{task[0]} (difficulty {task[1]})" if task else "the task"
    why = variants.single_die_note(s, seat)
    rule = (f"You submit just 1 die ({why})." if why else
            "Submit at least 1 die per roll; roll again or stop as you like.")
    return Choice(x.label, f"Help with {name}: you roll every die behind your screen. {rule}")


def _go_out(s: GameState, seat: str, x: a.GoOut) -> Choice:
    if x.strong + x.weak == 0:
        return Choice("OUT: sit out and take no dice", "You do not help with this task.")
    return Choice(f"OUT: take {a.dice_text(x.strong, x.weak)}",
                  "You do not help with this task; the dice go behind your screen.")


def _pick_option(s: GameState, seat: str, x: a.PickOption) -> Choice:
    card = task_card(s, x.card)
    assert card.kind == "complication"
    if not 0 <= x.index < len(card.options):
        return Choice(x.label)
    option = card.options[x.index]
    result = "the task succeeds" if option.success else "the task fails"
    return Choice(option.label, f"{card.name}: after this, {result}.")


def _return_tasks(s: GameState, seat: str, x: a.ReturnTasks) -> Choice:
    frame = _top(s)
    drawn = list(getattr(frame, "cards", []))
    gone = [a.card_name(c) for c in drawn if c not in x.card_ids]
    back = " then ".join(a.card_name(c) for c in x.card_ids)
    if not x.cards:
        return Choice("Discard all three", "All three go face down to the discard pile.")
    detail = f"Back on top of the deck, drawn first to last: {back}."
    if gone:
        detail += " Discarded face down: " + ", ".join(gone) + "."
    label = "Top: " + " > ".join(clip(a.card_name(c), 19) for c in x.card_ids)
    return Choice(label, detail)


# ------------------------------------------------------------------ targets and answers
def _complication_text(s: GameState) -> str:
    task = current_task_frame(s)
    if task is None or not task.card:
        return ""
    card = task_card(s, task.card)
    return f"{card.name}: {card.text}" if card.kind == "complication" else ""


def _name_target(s: GameState, seat: str, x: a.NameTarget) -> Choice:
    frame = _top_as(s, TargetFrame)
    target = who(x.target) + (" (you)" if x.target == seat else "")
    purpose = frame.purpose if frame is not None else "forced_vote"
    if purpose == "forced_vote":
        verb = "release" if s.players[x.target].quarantined else "quarantine"
        return Choice(f"Put {target} to a vote", f"A vote to {verb} them; no outpost token "
                      "can block it.")
    if purpose == "task_vote":
        return Choice(f"Hold a quarantine vote on {target}", _complication_text(s))
    if purpose == "trust":
        return Choice(f"Ask {target} for an act of trust", _complication_text(s))
    return Choice(f"Make {target} the commander", _complication_text(s))


def _decline(s: GameState, seat: str, x: a.Decline) -> Choice:
    return Choice("Refuse: the task fails", _complication_text(s))


def _answer(s: GameState, seat: str, x: a.Answer) -> Choice:
    frame = _top_as(s, AnswerFrame)
    purpose = frame.purpose if frame is not None else "trust"
    if purpose == "power_again":
        power = status_power(s.players[seat].status)
        return (Choice("Use your infection power again", power[:1].upper() + power[1:]) if x.yes
                else Choice("Do not use it again", "Nothing more happens."))
    if purpose == "volunteer":
        return (Choice("Volunteer for quarantine", "You go into quarantine (die limit -2) and "
                       "the task succeeds.") if x.yes
                else Choice("Do not volunteer", "The next player is asked; if nobody "
                            "volunteers, the task fails."))
    asker = who(frame.asker) if frame is not None else "the active player"
    if x.yes:
        return Choice("Accept the act of trust", f"You take a -1 die token, {asker} takes a "
                      "+1, and the task succeeds.")
    return Choice("Refuse the act of trust", f"The task fails: {asker} places a damage token "
                  "of their choice.")


# ------------------------------------------------------------------ tokens and events
def _place_damage(s: GameState, seat: str, x: a.PlaceDamage) -> Choice:
    count = total_damage(s, x.damage) + 1
    detail = f"{_DAMAGE_EFFECT[x.damage].capitalize()} ({count}/6)."
    if count >= 6:
        detail += " It is the sixth: the infected win."
    frame = _top(s)
    if isinstance(frame, ShieldTestFrame):
        detail = "The shield test failed. " + detail.replace(", then the shield is tested", "")
    elif isinstance(frame, DamageFrame) and frame.remaining > 1:
        detail += f" {frame.remaining - 1} more to place after this one."
    return Choice(x.label, detail)


def _remove_token(s: GameState, seat: str, x: a.RemoveToken) -> Choice:
    if x.token == "none":
        return Choice(x.label, "Every token stays where it is.")
    if x.token == "shield":
        return Choice(x.label, f"The shield track goes from {s.shield} to {s.shield - 1}.")
    idx = index()
    if x.token in idx.outposts:
        return Choice(f"Repair {a.card_name(x.token)}", idx.outposts[x.token].text)
    players = [q for q, p in s.players.items() if p.character == x.token and not p.revealed]
    back = f"{who(players[0])} is no longer fatigued." if players else "Nobody in play has it."
    return Choice(x.label, back)


def _keep_event(s: GameState, seat: str, x: a.KeepEvent) -> Choice:
    event = find_event(x.event)
    return Choice(f"Keep event: {event.name} ({plural(event.cubes, 'cube')})",
                  event_text(x.event).split(": ", 1)[1]
                  + " The other event goes to the bottom of the deck.")


def _clear_kind(s: GameState, seat: str, x: a.ClearKind) -> Choice:
    if x.damage == "none":
        return Choice(x.label, "Every token stays where it is.")
    return Choice(x.label, f"{plural(total_damage(s, x.damage), 'token')} come off the board.")


# action class -> its words (each function takes an action of that class: the table can
# only say Any)
DESCRIBE: dict[type[Action], Callable[[GameState, str, Any], Choice]] = {
    a.Retrieve: _retrieve, a.Repair: _repair, a.CallVote: _call_vote,
    a.LoneWolf: _lone_wolf, a.IssueOrder: _order, a.Reveal: _reveal,
    a.Interference: _interference, a.EnergySpike: _energy_spike, a.Sabotage: _sabotage,
    a.TestCommander: _test_commander, a.Demoralize: _demoralize, a.EndOrder: _end_order,
    a.OrderAnswer: _order_answer, a.Roll: _roll, a.Submit: _submit, a.Reroll: _reroll,
    a.StopRolling: _stop, a.Vote: _vote, a.TieBreak: _tie_break, a.KeepTask: _keep_task,
    a.PickSystem: _pick_system, a.GoIn: _go_in, a.GoOut: _go_out,
    a.PickOption: _pick_option, a.NameTarget: _name_target, a.Answer: _answer,
    a.PlaceDamage: _place_damage, a.RemoveToken: _remove_token, a.KeepEvent: _keep_event,
    a.Discard: _discard, a.TestDie: _test_die, a.Decree: _decree, a.ClearKind: _clear_kind,
    a.ReturnTasks: _return_tasks, a.Decline: _decline,
}


DESCRIBE.update(expansion_words.DESCRIBE)
DESCRIBE.update(module_words.DESCRIBE)


def describe(s: GameState, seat: str, action: Action) -> Choice:
    """`action` for `seat` in `s`: a label of a few words and what it does."""
    if isinstance(action, a.Vote | a.TieBreak) and s.expansion is not None:
        special = (expansion_words.vote(s, seat, action) if isinstance(action, a.Vote)
                   else expansion_words.tie_break(s, seat, action))
        if special is not None:
            return special
    choice = DESCRIBE[type(action)](s, seat, action)
    if s.options.costly_actions and isinstance(action, INFECTED_ACTIONS):
        return Choice(choice.label, f"Costly Actions: first return 1 die to the pool. "
                      f"{choice.detail}")
    return choice


INFECTED_ACTIONS = (a.Interference, a.EnergySpike, a.Sabotage, a.TestCommander, a.Demoralize)


# ------------------------------------------------------------------ subset choices
def describe_part(s: GameState, seat: str, action: Action, part: str) -> Choice:
    """One die of a roll, a submission or a return (a die code or a die letter)."""
    if isinstance(action, a.Submit):
        face = int(part[1:])
        frame = _top_as(s, RollFrame)
        if frame is not None and frame.purpose == "task":
            detail = f"Moves the success cube {face:+d}."
        else:
            detail = "Positive: counts as a success." if face > 0 else "Not positive: fails."
        if part[0] == "C":
            detail += " The commander die is spent until the roll resolves."
        return Choice(die_part(part), detail)
    kind = DICE_KINDS[part]
    return Choice(f"{kind} die", f"Faces {die_faces(kind)}.")


def subset_title(s: GameState, seat: str, action: Action) -> tuple[str, str]:
    frame = _top(s)
    if isinstance(action, a.Discard):
        n = frame.count if isinstance(frame, DiscardFrame) else len(action.dice)
        return f"Return {dice_count(n)} to the pool", f"choose exactly {dice_count(n)}"
    if not isinstance(frame, RollFrame):
        return "Choose dice", ""
    if isinstance(action, a.Roll):
        held = s.players[seat].held
        high = min(frame.max_dice, held.weak if frame.weak_only else held.total())
        what = (f"to repair {a.AREA_NAMES[frame.target]}" if frame.purpose == "repair"
                else "for the lone wolf")
        return f"Dice to roll {what}", f"roll {frame.submit_count} to {high} dice"
    if frame.purpose == "task":
        why = variants.single_die_note(s, seat)
        most = 1 if why else len(frame.rolled)
        task = _current_task(s)
        name = f" for {task[0]}" if task else ""
        hint = f"submit exactly 1 die ({why})" if why else f"submit 1 to {most} dice"
        return f"Dice to submit{name}", hint
    n = min(frame.submit_count, len(frame.rolled))
    return "Dice to submit", f"submit exactly {dice_count(n)}"
