"""Choices an effect or an action needs (a PickFrame): a room, a colour, a destination,
an intruder, the corridor of a careful movement's noise marker, or a step of a game's
multi-step action."""

from __future__ import annotations

from rules.core.contract import Action
from rules.nemesis import effects as fx
from rules.nemesis import hands
from rules.nemesis.actions import Pick
from rules.nemesis.frames import MoveFrame, PickFrame
from rules.nemesis.movement import careful_numbers
from rules.nemesis.profile import NemesisState, Table
from rules.nemesis.resolve import apply_effect
from rules.nemesis.search import keep_item
from rules.nemesis.state import Hero


def pick_legal(s: NemesisState, frame: PickFrame, seat: str) -> list[Action]:
    return [Pick(index=i, text=pick_text(s, frame, i)) for i in range(len(frame.options))]


def pick_text(s: NemesisState, frame: PickFrame, i: int) -> str:
    if frame.labels:
        return frame.labels[i]
    option = frame.options[i]
    if frame.purpose == "move":
        return f"Move to {s.rules.hooks.room_name(s, option)}"
    if frame.purpose == "room":
        return s.rules.hooks.room_name(s, option)
    if frame.purpose == "intruder":
        intruder = next(x for x in s.intruders if str(x.id) == option)
        return f"The {intruder.named}"
    if frame.purpose == "noise_corridor":
        return f"Put the noise marker in corridor {option} of " \
            f"{s.rules.hooks.room_name(s, frame.tag)}"
    return option


def pick_waiting(s: NemesisState, frame: PickFrame) -> list[str]:
    return [frame.seat] if frame.options else []


def pick_act(ctx: Table, frame: PickFrame, seat: str, action: Action) -> None:
    assert isinstance(action, Pick)
    ctx.s.stack.pop()
    option = frame.options[action.index]
    if frame.purpose == "step":
        ctx.rules.hooks.continue_step(ctx, frame, option)
        return
    if frame.purpose == "move":
        hero = ctx.s.heroes[seat]
        if isinstance(frame.effect, fx.Move) and frame.effect.careful:
            careful_move(ctx, hero, option)
        else:
            ctx.s.stack.append(MoveFrame(seat=seat, origin=hero.room, to=option))
        return
    if frame.purpose == "noise_corridor":  # careful movement into frame.tag
        hero = ctx.s.heroes[seat]
        ctx.s.stack.append(MoveFrame(seat=seat, origin=hero.room, to=frame.tag,
                                     careful_corridor=option))
        return
    if frame.effect is not None:
        apply_effect(ctx, frame.effect, frame.subject, option)


def careful_move(ctx: Table, hero: Hero, to: str) -> None:
    """Careful movement: the noise marker goes in a chosen free corridor of `to`."""
    numbers = careful_numbers(ctx.rules, ctx.s, to)
    if len(numbers) == 1:
        ctx.s.stack.append(MoveFrame(seat=hero.seat, origin=hero.room, to=to,
                                     careful_corridor=str(numbers[0])))
        return
    ctx.s.stack.append(PickFrame(seat=hero.seat, purpose="noise_corridor",
                                 options=[str(n) for n in numbers], tag=to,
                                 subject=hero.seat))


def pick_run(ctx: Table, frame: PickFrame) -> None:
    ctx.s.stack.pop()


def continue_gear(ctx: Table, hero: Hero, tag: str, option: str) -> bool:
    """A step of the family's choices about items and hand slots, asked through a game's
    multi-step PickFrame (overfull hands, heavy items, keeping 1 of 2 drawn items); True
    if the tag was one of them."""
    if tag == hands.OVERFULL:
        hands.drop_overfull(ctx, hero, option)
    elif tag.startswith(hands.HEAVY + ":"):
        hands.resolve_heavy(ctx, hero, tag, option)
    elif tag == "keep_item":
        keep_item(ctx, hero, option)
    else:
        return False
    return True
