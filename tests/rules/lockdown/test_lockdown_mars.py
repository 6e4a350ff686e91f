"""The Mars surface side of the Lockdown board (LD-MARS-1): the map as data, the board
of the state's option, surface tokens, the Mars surface die and deck, the rover and the
walk to the bunker."""

from __future__ import annotations

import pytest
from lockdown_helpers import (
    IDX,
    RS,
    add_intruder,
    bag_draw,
    do,
    edit,
    give,
    key_for,
    keys,
    labels,
    play,
    put_room,
    rig,
    run_with,
    seats,
    turn,
    waiting,
)

from rules.lockdown import surface
from rules.lockdown.board import board, board_index, board_map
from rules.lockdown.cards import content
from rules.lockdown.facility import room_name
from rules.lockdown.mars_board import (
    check_mars,
    check_mars_content,
    mars_content,
    mars_map,
)
from rules.lockdown.state import GameState, Options
from rules.nemesis import noise
from rules.nemesis.fire import set_fire
from rules.nemesis.malfunctions import set_malfunction
from rules.nemesis.noise import set_noise
from rules.nemesis.state import change_room

pytestmark = pytest.mark.rule("LD-MARS-1")
MARS = Options(board="mars")
M = mars_map()
MB = board_index("mars")
MC = mars_content()


def mars_started(n: int = 2, seed: int = 1) -> GameState:
    """A Mars-side game after the draft, with the first player's turn pending."""
    s = RS.new_game(seats(n), seed, MARS)
    while s.stack and s.stack[-1].kind == "draft":
        seat = waiting(s)[0]
        s, _ = play(s, seat, keys(s, seat)[0])
    return turn(s, s.seats[0])


def at(s: GameState, seat: str, room: str) -> GameState:
    s = edit(s)
    s.heroes[seat].room = room
    for x in s.seats:
        if x != seat:
            s.heroes[x].room = M.repository_slot if room != M.repository_slot \
                else M.isolation_slot
    return s


def face(name: str) -> tuple[int, int]:
    """The draw that rolls `name` on the Mars surface die."""
    return (len(MC.die), list(MC.die).index(name))  # type: ignore[arg-type]


def explored(s: GameState, *rooms: str) -> GameState:
    s = edit(s)
    for room in rooms:
        change_room(s.rooms, room, explored=True, token=None,
                    tile="crossroads" if room in MB.crossroads else s.rooms[room].tile)
    return s


# ------------------------------------------------------------------ the map as data
def test_mars_map_and_surface_content_hang_together() -> None:
    assert check_mars(M, content()) == []
    assert check_mars_content(MC, M) == []
    assert len(MC.cards) == 15
    assert set(MC.die) == {"1", "2", "3", "4", "silence", "danger", "card"}


def test_option_selects_the_board_side_and_basic_is_the_default() -> None:
    assert Options().board == "basic"
    assert "mars" in (Options.model_fields["board"].description or "")
    basic = RS.new_game(seats(2), 1)
    mars = RS.new_game(seats(2), 1, MARS)
    assert board(basic) is board_index("basic") is board()
    assert board(mars) is MB
    assert board_map(mars) is M and board_map(basic) is content().board
    assert set(mars.rooms) == {sl.id for sl in M.slots} | MB.crossroads
    assert not set(basic.rooms) & set(mars.rooms)  # slot ids never collide


def test_crossroads_see_areas_one_to_four_and_paths_are_unnumbered() -> None:
    for x in MB.crossroads:
        numbered = [ex for ex in MB.exits[x] if ex.number]
        assert [(ex.number, ex.to) for ex in numbered] == [(n, "tech") for n in (1, 2, 3, 4)]
        assert [MB.area[ex.corridor] for ex in numbered] == [1, 2, 3, 4]
        assert all(ex.corridor in MB.paths for ex in MB.exits[x] if not ex.number)
    for b in M.buildings:
        for room in b.rooms:
            techs = [ex for ex in MB.exits[room] if ex.to == "tech"]
            assert all(MB.area[ex.corridor] == b.area for ex in techs)
            assert sorted(ex.number for ex in MB.exits[room] if ex.number) == [1, 2, 3, 4]
        for ex in b.exits:
            assert any(e.to in MB.crossroads and e.number == 0 for e in MB.exits[ex])
    lonely = [a for a in M.areas if a.building is None]
    assert [a.number for a in lonely] == [3]
    assert MB.bunker_crossroads and MB.bunker_crossroads <= MB.crossroads
    assert MB.section["x1"] is None and MB.section["h1"] == 1


def test_mars_setup_tokens_start_rooms_rover_and_deck() -> None:
    s = mars_started(2)
    for sl in M.slots:
        room = s.rooms[sl.id]
        if sl.kind == "special":
            assert room.explored and room.token is None
        else:
            draw, _, then = (room.token or "").partition(":")
            assert draw in ("red", "yellow", "green", "card", "malfunction", "none")
            assert then in ("roll", "marker")
    for x in MB.crossroads:
        assert s.rooms[x].token and s.rooms[x].tile is None and not s.rooms[x].explored
    assert s.rover == M.rover_start
    assert sorted(s.decks["mars"]) == sorted(c.id for c in MC.cards)
    for seat in s.seats:
        group = IDX.characters[s.heroes[seat].character].group
        assert s.heroes[seat].room == (M.isolation_slot if group == "survivor"
                                       else M.repository_slot)


# ------------------------------------------------------------------ exploring
def test_crossroads_token_malfunction_does_nothing_and_crossroads_never_burn() -> None:
    s = at(mars_started(), "p0", "x2")
    s = explored(s, "x2")

    def hit(ctx: object) -> None:
        set_fire(ctx, "x2", True)  # type: ignore[arg-type]
        set_malfunction(ctx, "x2", True)  # type: ignore[arg-type]
        set_noise(ctx.s, "p01", True)  # type: ignore[attr-defined]

    s2, _ = run_with(s, hit)
    assert not s2.rooms["x2"].fire and not s2.rooms["x2"].malfunction
    assert s2.fires == s.fires and "p01" not in s2.noise

    s = edit(s)
    change_room(s.rooms, "x1", token="malfunction:marker")
    s.heroes["p0"].room = "x2"
    s, events = do(s, "p0", key_for(s, "p0", "Move to West Crossroads"), (4, 0))
    assert s.rooms["x1"].explored and s.rooms["x1"].tile == "crossroads"
    assert not s.rooms["x1"].malfunction and s.malfunctions == 0
    assert s.area_noise == [1]  # the marker: number 1 drawn, area 1
    assert "noise" not in [e.kind for e in events if "surface roll" in e.text]


def test_colour_token_draws_an_item_then_rolls_the_surface_die() -> None:
    s = at(mars_started(), "p0", "x2")
    s = explored(s, "x2")
    change_room(s.rooms, "x1", token="green:roll")
    before = len(s.heroes["p0"].inventory)
    s, events = do(s, "p0", key_for(s, "p0", "Move to West Crossroads"), face("silence"))
    assert len(s.heroes["p0"].inventory) == before + 1
    assert IDX.items[s.heroes["p0"].inventory[-1]].color == "green"
    assert any("surface roll: silence" in e.text for e in events)


# ------------------------------------------------------------------ the surface die
def test_number_on_a_crossroads_marks_the_area_then_meets_an_encounter() -> None:
    s = explored(at(mars_started(), "p0", "x3"), "x3")
    rig(s, face("3"))
    s2, _ = run_with(s, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    assert s2.area_noise == [3] and not s2.tech_noise and not s2.noise
    s2.area_noise = [1, 3]
    s2.first_encounter = True  # no objective choice in between
    rig(s2, face("3"), bag_draw(s2, "adult"))
    s3, _ = run_with(s2, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    assert [i.kind for i in s3.intruders if i.room == "x3"] == ["adult"]
    assert s3.area_noise == []  # the encounter clears the noise around the crossroads


def test_danger_on_a_crossroads_pulls_surface_intruders_only() -> None:
    s = explored(at(mars_started(), "p0", "x3"), "x3")
    far = add_intruder(s, "adult", "x5")
    inside = add_intruder(s, "adult", "w1")
    rig(s, face("danger"))
    s2, _ = run_with(s, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    rooms = {i.id: i.room for i in s2.intruders}
    assert rooms[far] == "x3" and rooms[inside] == "w1"
    s = explored(at(mars_started(), "p0", "x3"), "x3")
    rig(s, face("danger"))
    s3, _ = run_with(s, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    assert s3.area_noise == [1, 2, 3, 4] and not s3.noise


def test_danger_in_a_building_is_the_basic_danger() -> None:
    s = at(mars_started(), "p0", "h3")
    s = explored(s, "h3")
    rig(s, face("danger"))
    s2, _ = run_with(s, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    corridors = {ex.corridor for ex in MB.exits["h3"] if ex.to != "tech"}
    assert corridors <= set(s2.noise)
    assert 1 in s2.area_noise  # h3's technical exits lead to area 1 (the Habitat)


@pytest.mark.rule("NX-NOISE-3")
@pytest.mark.parametrize("room", sorted(MB.building))
def test_danger_in_every_building_room_marks_its_area(room: str) -> None:
    """000: the area around a building is a technical corridor of every room in it, and
    danger marks every corridor, technical ones included (rooms whose four numbers all
    lead to rooms, like h5, used to leave the area bare)."""
    area = next(b.area for b in M.buildings if room in b.rooms)
    s = explored(at(mars_started(), "p0", room), room)
    s.area_noise, s.noise = [], []
    rig(s, face("danger"))
    s2, events = run_with(s, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    assert s2.area_noise == [area]
    assert {ex.corridor for ex in MB.exits[room]
            if ex.to != "tech" and ex.corridor not in MB.paths} == set(s2.noise)
    assert f"Noise fills every corridor around {room_name(s2, room)}." in \
        [e.text for e in events]


@pytest.mark.rule("NX-NOISE-3")
def test_danger_that_draws_an_intruder_in_leaves_the_area_unmarked() -> None:
    s = explored(at(mars_started(), "p0", "h5"), "h5")
    s.area_noise, s.noise = [], []
    next_door = MB.exit_by_number("h5", 1).to
    s.heroes["p1"].room = M.repository_slot
    add_intruder(s, "adult", next_door)
    rig(s, face("danger"))
    s2, events = run_with(s, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    assert [i.room for i in s2.intruders] == ["h5"]
    assert s2.area_noise == [] and s2.noise == []
    assert not any("Noise fills" in e.text for e in events)


def test_card_symbol_exposed_and_sheltered_parts() -> None:
    s = explored(at(mars_started(), "p0", "x3"), "x3")
    s.decks["mars"] = ["dust_storm", *[c for c in s.decks["mars"] if c != "dust_storm"]]
    s.heroes["p1"].room = "x3"
    rig(s, face("card"))
    s2, events = run_with(s, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    assert s2.heroes["p0"].light == s.heroes["p0"].light + 1
    assert s2.heroes["p1"].light == s.heroes["p1"].light + 1  # every exposed character
    assert s2.discards["mars"] == ["dust_storm"]
    assert any(e.kind == "mars_card" for e in events)
    # in a building the lower part applies to the drawer only (noise around the room)
    s = explored(at(mars_started(), "p0", "h3"), "h3")
    s.decks["mars"] = ["dust_storm", *[c for c in s.decks["mars"] if c != "dust_storm"]]
    rig(s, face("card"))
    s3, _ = run_with(s, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    assert s3.heroes["p0"].light == s.heroes["p0"].light
    assert {ex.corridor for ex in MB.exits["h3"] if ex.to != "tech"} <= set(s3.noise)


def test_enviro_suit_shelters_on_the_surface() -> None:
    s = explored(at(mars_started(), "p0", "x3"), "x3")
    give(s, "p0", "enviro_suit")
    s.decks["mars"] = ["sand_slide", *[c for c in s.decks["mars"] if c != "sand_slide"]]
    assert not surface.exposed(s, s.heroes["p0"])
    rig(s, face("card"))
    s2, _ = run_with(s, lambda ctx: noise.noise_roll(ctx, ctx.s.heroes["p0"]))
    assert s2.heroes["p0"].light == s.heroes["p0"].light  # lower part: discard a card


# ------------------------------------------------------------------ rover and walking out
def test_rover_rides_between_exit_rooms_without_a_noise_roll() -> None:
    s = explored(at(mars_started(), "p0", M.rover_start), M.rover_start)
    target = next(r for r in sorted(MB.exit_rooms) if r != M.rover_start)
    s, events = do(s, "p0", key_for(s, "p0", f"Drive the rover to {room_name(s, target)}"))
    assert s.heroes["p0"].room == target and s.rover == target
    assert not any("surface roll" in e.text for e in events)
    assert s.rooms[target].explored


def test_rover_to_the_bunker_is_an_escape() -> None:
    s = explored(at(mars_started(), "p0", M.rover_start), M.rover_start)
    s, _ = do(s, "p0", key_for(s, "p0", "Drive the rover to the bunker"))
    assert s.heroes["p0"].place == "bunker" and s.rover == ""


def test_no_rover_ride_elsewhere_or_in_combat() -> None:
    s = explored(at(mars_started(), "p0", M.rover_start), M.rover_start)
    add_intruder(s, "larva", M.rover_start)
    assert not any("rover" in a.label for a in RS.legal_actions(s, "p0"))
    other = next(r for r in sorted(MB.exit_rooms) if r != M.rover_start)
    s = explored(at(mars_started(), "p0", other), other)
    assert not any("rover" in a.label for a in RS.legal_actions(s, "p0"))


def test_walk_out_needs_a_suit_and_a_crossroads_by_the_bunker() -> None:
    gate = sorted(MB.bunker_crossroads)[0]
    s = explored(at(mars_started(), "p0", gate), gate)
    assert not any("Walk to the bunker" in a.label for a in RS.legal_actions(s, "p0"))
    give(s, "p0", "enviro_suit")
    key = key_for(s, "p0", "Walk to the bunker")
    safe, _ = do(s, "p0", key, face("silence"))
    assert safe.heroes["p0"].place == "bunker"
    away = sorted(MB.crossroads - MB.bunker_crossroads)[0]
    s = explored(at(mars_started(), "p0", away), away)
    give(s, "p0", "enviro_suit")
    assert not any("Walk to the bunker" in a.label for a in RS.legal_actions(s, "p0"))


def test_public_view_shows_the_surface() -> None:
    s = mars_started()
    view = RS.view(s, None)
    assert view.board == "mars" and view.surface is not None
    assert {p.id for p in view.surface.paths} == {p.id for p in M.paths}
    assert [a.number for a in view.surface.areas] == [1, 2, 3, 4]
    assert view.surface.rover == M.rover_start
    assert {r.slot for r in view.rooms} >= MB.crossroads
    assert RS.view(RS.new_game(seats(2), 1), None).surface is None


def test_surface_actions_are_described() -> None:
    s = explored(at(mars_started(), "p0", M.rover_start), M.rover_start)
    rides = [a for a in RS.legal_actions(s, "p0") if "rover" in a.label]
    assert len(rides) == len(MB.exit_rooms)  # the other exit rooms and the bunker
    for action in rides:
        choice = RS.describe(s, "p0", action)
        assert choice.detail.startswith("Cost 1: discard 1 action card.")
        assert "bunker" in choice.detail or "no noise roll" in choice.detail
    gate = sorted(MB.bunker_crossroads)[0]
    s = explored(at(mars_started(), "p0", gate), gate)
    give(s, "p0", "enviro_suit")
    walk = next(a for a in RS.legal_actions(s, "p0") if "Walk to the bunker" in a.label)
    assert "Mars surface die" in RS.describe(s, "p0", walk).detail
    assert room_name(s, gate) == next(x.name for x in M.crossroads if x.id == gate)


# ------------------------------------------------------------------ the computer's rover
def computer_with_rover(s: GameState) -> tuple[GameState, str]:
    """p0 alone in an explored, powered computer room; the Security Console face up."""
    slot = next(x.id for x in M.slots if x.kind != "special")
    s = at(s, "p0", slot)
    put_room(s, slot, "archive")
    for power in s.power.values():
        power.active = True
    s.computer = ["security_console", *[c for c in s.computer if c != "security_console"]]
    return s, slot


@pytest.mark.rule("LD-COMP-1")
def test_the_computer_sends_the_rover_to_an_exit_room_on_mars() -> None:
    s, _ = computer_with_rover(mars_started())
    s.rover = ""  # it carried someone to the bunker
    key = key_for(s, "p0", "Computer: Send the rover to an exit room of your choice")
    s2, events = do(s, "p0", key)
    assert s2.stack[-1].kind == "pick" and s2.stack[-1].tag == "rover_send"
    # the table reads the same words as the choice (no main gate on Mars)
    assert "<@p0> uses the computer: Send the rover to an exit room of your choice." \
        in [e.text for e in events]
    assert sorted(labels(s2, "p0").values()) == sorted(
        f"Send the rover to {room_name(s2, r)}" for r in MB.exit_rooms)
    target = sorted(MB.exit_rooms)[1]
    assert RS.prompt_text(s2, "p0", "pick") == "Choose the exit room the rover drives to"
    s3, events = play(s2, "p0", key_for(s2, "p0", f"to {room_name(s2, target)}"))
    assert s3.rover == target and s3.rover_at_base == s.rover_at_base
    assert any(e.kind == "rover" and room_name(s3, target) in e.text for e in events)
    # from an exit room it goes to one of the others
    s4, _ = computer_with_rover(mars_started())
    s4, _ = do(s4, "p0", key_for(s4, "p0", "Send the rover to an exit room"))
    assert sorted(labels(s4, "p0").values()) == sorted(
        f"Send the rover to {room_name(s4, r)}" for r in MB.exit_rooms if r != M.rover_start)
