"""What each content effect primitive does, and the event track (cubes, completion)."""

from __future__ import annotations

from rules.core.contract import Action
from rules.darkmoon import cards as k
from rules.darkmoon import company_man, threats, variants
from rules.darkmoon.actions import ClearKind, KeepEvent, card_name
from rules.darkmoon.cards import index
from rules.darkmoon.damage import clear_kind, reshuffle_damage, suspicion_gone
from rules.darkmoon.state import (
    ChoiceFrame,
    DamageFrame,
    DiscardFrame,
    EffectsFrame,
    EventPickFrame,
    GameState,
    NextEventFrame,
    RepairPickFrame,
    RetrieveFrame,
    ShieldTestFrame,
    TargetFrame,
    VictoryFrame,
)
from rules.darkmoon.table import (
    Ctx,
    die_limit,
    enforce_limit,
    fatigued,
    find_event,
    left_of,
    new_task_deck,
    normal_held,
    own_list,
    seats_from,
    who,
)
from rules.darkmoon.words import plural


def push_effects(ctx: Ctx, effects: tuple[k.Effect, ...] | list[k.Effect], source: str, *,
                 lethal: bool, active: str | None = None, subject: str = "",
                 deadly: bool = False) -> None:
    if effects:
        ctx.s.stack.append(EffectsFrame(effects=list(effects), source=source, lethal=lethal,
                                        deadly=deadly,
                                        active=active or ctx.s.active, subject=subject))


def effects_run(ctx: Ctx, frame: EffectsFrame) -> None:
    if not frame.effects:
        ctx.s.stack.pop()
        return
    effect = frame.effects.pop(0)
    apply_effect(ctx, frame, effect)


def _chooser(s: GameState, frame: EffectsFrame, chooser: str) -> str:
    if chooser == "commander" and s.commander is not None:
        return s.commander
    return frame.active


def _targets(s: GameState, frame: EffectsFrame, who_: str) -> list[str]:
    if who_ == "active":
        return [frame.subject or frame.active]
    if who_ == "commander":
        return [s.commander] if s.commander else []
    order = seats_from(s, frame.active)
    if who_ == "everyone":
        return order
    return [seat for seat in order if not s.players[seat].revealed]


def apply_effect(ctx: Ctx, frame: EffectsFrame, e: k.Effect) -> None:
    s = ctx.s
    if isinstance(e, k.Damage):
        lethal = frame.deadly or (frame.lethal if e.lethal is None else e.lethal)
        s.stack.append(DamageFrame(chooser=_chooser(s, frame, e.chooser), remaining=e.count,
                                   damage=None if e.kind == "choice" else e.kind,
                                   lethal=lethal, test_after=e.shield_test))
    elif isinstance(e, k.Repair):
        s.stack.append(RepairPickFrame(chooser=_chooser(s, frame, e.chooser),
                                       remaining=e.count, damage=e.kind))
    elif isinstance(e, k.ClearDamage):
        for kind in e.kinds:
            clear_kind(ctx, kind, card_name(frame.source))
    elif isinstance(e, k.ClearOneKind):
        s.stack.append(ChoiceFrame(seat=_chooser(s, frame, e.chooser), purpose="clear_kind"))
    elif isinstance(e, k.TestShield):
        s.stack.append(ShieldTestFrame(seat=s.active))
    elif isinstance(e, k.DieToken):
        for seat in _targets(s, frame, e.who):
            if s.players[seat].revealed:
                continue
            ctx.player(seat).die_tokens += e.delta
            ctx.say(f"{who(seat)} gets a {e.delta:+d} die token (limit {die_limit(s, seat)}).",
                    kind="die_token", seat=seat)
            enforce_limit(ctx, seat)
    elif isinstance(e, k.RetrieveAll):
        for seat in reversed(_targets(s, frame, "all_hidden")):
            room = die_limit(s, seat) - normal_held(s.players[seat])
            if room > 0:
                s.stack.append(RetrieveFrame(seat=seat, count=room, purpose="restore"))
    elif isinstance(e, k.CommanderDecree):
        if s.commander is not None:
            s.stack.append(TargetFrame(seat=s.commander, purpose="decree"))
    elif isinstance(e, k.ForcedVote):
        s.stack.append(TargetFrame(seat=_chooser(s, frame, e.chooser), purpose="forced_vote"))
    elif isinstance(e, k.Suspicion):
        move_suspicion(ctx, e.delta)
    elif isinstance(e, k.ReshuffleDamage):
        reshuffle_damage(ctx)
    elif isinstance(e, k.EventCube):
        for _ in range(e.count):
            add_cube(ctx, final_allowed=e.final_allowed)
    elif isinstance(e, k.RemoveEventCube):
        remove_cubes(ctx, e.count)
    elif isinstance(e, k.DiscardDice):
        for seat in reversed(_targets(s, frame, e.who)):
            p = s.players[seat]
            have = normal_held(p) if e.kind == "any" else p.held.get(e.kind)
            if have:
                s.stack.append(DiscardFrame(seat=seat, count=min(e.count, have),
                                            dice_kind=e.kind, reason=_cause(frame.source)))
    elif isinstance(e, k.Demoralize):
        demoralize(ctx, frame.active, e.limit)
    elif isinstance(e, k.CommanderTrial):
        commander_trial(ctx)


def move_suspicion(ctx: Ctx, delta: int) -> None:
    """Move the suspicion cube. On the last space it stays there: the vote it forces is
    held at the end of the turn's task (step 9), on a player the active player names
    (`hold_forced_vote`), whoever moved the cube."""
    s = ctx.s
    if suspicion_gone(s):
        return
    last = ctx.c.board.suspicion_spaces - 1
    was = s.suspicion
    s.suspicion = max(0, min(last, s.suspicion + delta))
    moves = "moves to" if s.suspicion != was else "stays at"
    ctx.say(f"The suspicion cube {moves} {s.suspicion}/{last}.", kind="suspicion")
    if s.suspicion >= last > was:
        ctx.say(f"Suspicion peaks: before the turn ends, {who(s.active)} names a player "
                "for a quarantine vote.", kind="suspicion")


def hold_forced_vote(ctx: Ctx) -> bool:
    """Step 9 of the turn: with the suspicion cube on its last space, the active player
    names a player for a quarantine vote and the cube goes back to the start. True when
    the vote is due (its TargetFrame is on top of the stack)."""
    s = ctx.s
    if suspicion_gone(s) or s.suspicion < ctx.c.board.suspicion_spaces - 1:
        return False
    s.suspicion = 0
    s.stack.append(TargetFrame(seat=s.active, purpose="forced_vote"))
    return True


def demoralize(ctx: Ctx, infected: str, limit: int) -> None:
    s = ctx.s
    swapped = 0
    # From the left of `infected` round to `infected` itself: a revealed infected is
    # skipped below, but an event (Homesickness) demoralizes the active player too.
    for seat in seats_from(s, left_of(s, infected)):
        p = s.players[seat]
        if p.revealed:
            continue
        n = min(p.held.strong, s.available.weak, limit - swapped)
        if n <= 0:
            continue
        p = ctx.player(seat)
        p.held.strong -= n
        p.held.weak += n
        s.available.weak -= n
        s.available.strong += n
        swapped += n
        ctx.tell(seat, f"Demoralized: {n} of your strong dice became weak dice.")
    ctx.say(f"Demoralize: {swapped} strong dice were swapped for weak ones.", kind="infected",
            swapped=swapped)


def commander_trial(ctx: Ctx) -> None:
    s = ctx.s
    cmd = s.commander
    if cmd is None:
        return
    p = s.players[cmd]
    ctx.say(f"The commander {who(cmd)} shows their status card: {card_name(p.status)}.",
            kind="status_shown", seat=cmd, status=p.status)
    if p.infected:
        _infected_win(ctx, f"the final event was completed, but the commander {who(cmd)} "
                      "was secretly infected")
    elif fatigued(s, cmd):
        _infected_win(ctx, f"the final event was completed, but the commander {who(cmd)} "
                      "was fatigued")


def _infected_win(ctx: Ctx, reason: str) -> None:
    ctx.s.result = "infected"
    ctx.s.result_reason = reason
    ctx.say(f"The infected win: {reason}.", kind="game_over", team="infected")


# ------------------------------------------------------------------ the event track
def add_cube(ctx: Ctx, *, final_allowed: bool = False) -> None:
    s = ctx.s
    if s.final_started or final_allowed:
        cubes = find_event(s.final_event).cubes
        if not s.final_started and s.final_cubes >= cubes - 1:
            ctx.say("The final event cannot take more cubes before it starts.")
            return
        s.final_cubes += 1
        ctx.say(f"An event cube goes on the final event ({s.final_cubes}/{cubes}).",
                kind="cube")
        if s.final_started and s.final_cubes >= cubes:
            ctx.say(f"The final event {card_name(s.final_event)} is complete!", kind="event")
            if company_man.wins_at_final(ctx):
                return
            s.stack.append(VictoryFrame())
            push_effects(ctx, find_event(s.final_event).on_complete, s.final_event, lethal=True)
        return
    if s.current_event is None:
        return
    event = find_event(s.current_event)
    s.event_cubes += 1
    ctx.say(f"An event cube goes on {event.name} ({s.event_cubes}/{event.cubes}).",
            kind="cube")
    if s.event_cubes >= event.cubes:
        own_list(s, "events_done").append(event.id)
        s.current_event = None
        s.event_cubes = 0
        ctx.say(f"Event complete: {event.name} ({len(s.events_done)} done).", kind="event",
                event=event.id)
        s.stack.append(NextEventFrame())
        push_effects(ctx, event.on_complete, event.id, lethal=False,
                     deadly=variants.completion_lethal(s))


def remove_cubes(ctx: Ctx, count: int) -> None:
    s = ctx.s
    if s.final_started:
        s.final_cubes = max(0, s.final_cubes - count)
    else:
        s.event_cubes = max(0, s.event_cubes - count)
    ctx.say(f"{plural(count, 'event cube')} removed.", kind="cube")


def next_event_run(ctx: Ctx, frame: NextEventFrame) -> None:
    s = ctx.s
    s.stack.pop()
    if len(s.events_done) >= ctx.c.board.events_before_final:
        start_final(ctx)
        return
    if s.commander is None:
        return
    drawn = [own_list(s, "event_deck").pop(0) for _ in range(min(2, len(s.event_deck)))]
    if drawn:
        ctx.tell(s.commander, "You draw the next event: "
                 + " and ".join(card_name(e) for e in drawn) + ".", kind="event_drawn",
                 events=list(drawn))
        s.stack.append(EventPickFrame(chooser=s.commander, drawn=drawn))


def start_final(ctx: Ctx) -> None:
    s = ctx.s
    s.final_started = True
    deck = index().silver if s.task_deck_name == "silver" else index().black
    pool = [t for t in s.task_deck + s.task_discard
            if t in deck and deck[t].kind == "malfunction"]
    if s.expansion is not None and s.expansion.evacuation:
        pool.append(s.expansion.failure_card)
    new_task_deck(s, pool)
    ctx.say(f"The final event begins: {card_name(s.final_event)}. Only malfunction tasks "
            "remain in the task deck.", kind="event", event=s.final_event)
    push_effects(ctx, find_event(s.final_event).at_start, s.final_event, lethal=True)


def event_pick_waiting(s: GameState, frame: EventPickFrame) -> list[str]:
    return [frame.chooser] if len(frame.drawn) > 1 else []


def event_pick_legal(s: GameState, frame: EventPickFrame, seat: str) -> list[Action]:
    return [KeepEvent(event=e) for e in frame.drawn]


def event_pick_act(ctx: Ctx, frame: EventPickFrame, seat: str, action: Action) -> None:
    assert isinstance(action, KeepEvent)
    _keep_event(ctx, frame, action.event)


def event_pick_run(ctx: Ctx, frame: EventPickFrame) -> None:
    _keep_event(ctx, frame, frame.drawn[0])


def _keep_event(ctx: Ctx, frame: EventPickFrame, event_id: str) -> None:
    s = ctx.s
    s.stack.pop()
    if s.current_event is None and not s.events_done:
        variants.tell_teammates(ctx)  # the game's first move (Telepathic Infected)
    others = [e for e in frame.drawn if e != event_id]
    if others:
        own_list(s, "event_deck").extend(others)
        own_list(s, "events_passed").extend(others)
        own_list(s, "events_passed_by").extend(frame.chooser for _ in others)
    s.current_event = event_id
    s.event_cubes = 0
    if others:
        ctx.tell(frame.chooser, f"You put {card_name(others[0])} at the bottom of the event "
                 "deck.", kind="event_bottom")
    event = find_event(event_id)
    ctx.say(f"New event: {event.name} ({event.cubes} cubes). {event.text}", kind="event",
            event=event_id)
    push_effects(ctx, event.at_start, event_id, lethal=False)


def victory_run(ctx: Ctx, frame: VictoryFrame) -> None:
    ctx.s.stack.pop()
    culprit = threats.penalised(ctx.s) if ctx.s.result is None else None
    if culprit is not None:
        _infected_win(ctx, threats.penalty_reason(ctx.s, culprit))
    if ctx.s.result is None:
        ctx.s.result = "uninfected"
        ctx.s.result_reason = (f"the crew completed {len(ctx.s.events_done)} events and the "
                               f"final event {card_name(ctx.s.final_event)}")
        ctx.say("The uninfected win: the final event is complete!", kind="game_over",
                team="uninfected")


def clear_kind_options(s: GameState) -> list[Action]:
    options: list[Action] = [ClearKind(damage="none")]
    if s.shield:
        options.append(ClearKind(damage="shield"))
    if s.outposts:
        options.append(ClearKind(damage="outpost"))
    if s.fatigue:
        options.append(ClearKind(damage="fatigue"))
    return options


def first_hidden_left_of(s: GameState, seat: str, *, free_only: bool = False) -> str | None:
    for other in seats_from(s, left_of(s, seat)):
        p = s.players[other]
        if not p.revealed and not (free_only and p.quarantined):
            return other
    return None


def _cause(source: str) -> str:
    """Why dice go back, in words: "Leech's infection power", or the card's name."""
    status = index().statuses.get(source)
    if status is not None and status.infected:
        return f"{status.name.removeprefix('Infected: ')}'s infection power"
    return card_name(source)
