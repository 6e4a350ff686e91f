"""What a Dark Moon player's live private sheet and the recap say with the Shadow
Corporation's modules and variants: the threat card (its requirement, fulfilled or
not, the token taken), the Company Man's status and win conditions, the other infected
(Telepathic Infected), the corporation dice rolled; and the recap revealing threats,
the Company Man and the corporation dice never submitted."""

from __future__ import annotations

from typing import Any

from kits.darkmoon.sheet import COMPANY_MAN_GOAL, sheet
from rules import get_ruleset
from rules.core.actions import seat_ref
from rules.darkmoon.cards import content
from rules.darkmoon.recap import recap
from rules.darkmoon.state import CorporationFrame, GameState, ThreatsState

RS = get_ruleset("darkmoon")
CM = content().modules.company_man


def seats_for(n: int) -> list[str]:
    return [str(100000000000000000 + 7919 * i) for i in range(n)]


def game(n: int = 5, **options: Any) -> GameState:
    opts = RS.Options(expansion=True, threats=True, company_man=True, **options)
    return RS.new_game(seats_for(n), seed=11, options=opts)  # type: ignore[no-any-return]


def threats_of(s: GameState) -> ThreatsState:
    assert s.expansion is not None and s.expansion.threats is not None
    return s.expansion.threats


def sheet_of(s: GameState, seat: str) -> str:
    view = RS.view(s, seat)
    assert view.me is not None
    text = sheet(view, view.me)
    assert "…" not in text  # every text whole
    return text


def uninfected_seat(s: GameState) -> str:
    return next(x for x in s.seats if not s.players[x].infected
                and s.players[x].status != CM)


def test_threat_card_on_the_sheet_before_and_after_it_is_fulfilled() -> None:
    s = game()
    seat = uninfected_seat(s)
    assert "threat" not in sheet_of(s, seat).lower()  # not dealt yet
    t = threats_of(s)
    t.dealt = True
    t.cards = {x: "isolate_specimen" for x in s.seats}
    text = sheet_of(s, seat)
    assert "Your threat card (secret): **Isolate Specimen**" in text
    assert "**Not fulfilled yet.**" in text and "any threat instead" not in text
    t.claimed[seat] = "isolate_specimen"
    t.tokens[seat] = "isolate_specimen"
    assert "**Fulfilled**: you took its threat token." in sheet_of(s, seat)
    t.tokens[seat] = "wild"
    assert "**Fulfilled**: you took a wild token." in sheet_of(s, seat)
    t.tokens[seat] = ""
    assert "**Fulfilled**: you took no token (none left)." in sheet_of(s, seat)
    # somebody else's card never shows on my sheet
    t.cards[s.seats[0] if s.seats[0] != seat else s.seats[1]] = "exposure"
    assert "Exposure" not in sheet_of(s, seat)


def test_an_infected_player_may_act_on_another_threat() -> None:
    s = game()
    bad = next(x for x in s.seats if s.players[x].infected)
    t = threats_of(s)
    t.dealt = True
    t.cards = {x: "exposure" for x in s.seats}
    assert "you may act on any threat instead" in sheet_of(s, bad).lower()
    t.claimed[bad] = "retrieve_sample"
    t.tokens[bad] = "retrieve_sample"
    text = sheet_of(s, bad)
    assert "You acted on **Retrieve Sample** instead and took its threat token." in text


def test_the_company_man_reads_his_status_and_win_conditions() -> None:
    s = game()
    seat = uninfected_seat(s)
    other = next(x for x in s.seats if x != seat and not s.players[x].infected)
    s.players[seat].status = CM
    text = sheet_of(s, seat)
    assert "you are the **COMPANY MAN**" in text and COMPANY_MAN_GOAL in text
    assert "COMPANY MAN" not in sheet_of(s, other)
    s.players[other].status = "uninfected_5"
    assert "COMPANY MAN" not in sheet_of(s, other)


def test_telepathic_infected_see_each_other_on_the_sheet() -> None:
    s = game(6, telepathic_infected=True)
    bad = [x for x in s.seats if s.players[x].infected]
    assert len(bad) >= 2
    text = sheet_of(s, bad[0])
    assert all(seat_ref(x) in text for x in bad[1:])
    are = "player is" if len(bad) == 2 else "players are"  # one other, or several
    assert f"Telepathic Infected: the other infected {are} " in text
    assert "Telepathic" not in sheet_of(s, uninfected_seat(s))
    plain = game(6)
    assert "Telepathic" not in sheet_of(plain, bad[0])


def test_corporation_dice_rolled_show_on_the_roller_sheet_only() -> None:
    s = game()
    seat, other = s.seats[0], s.seats[1]
    s.stack.append(CorporationFrame(seat=seat, count=2, rolled=[-2, 1]))
    assert "Your corporation dice (secret): \u22122, +1" in sheet_of(s, seat).replace(
        "-", "\u2212")
    assert "Your corporation dice" not in sheet_of(s, other)


def play_out(s: GameState, seed: int) -> GameState:
    import random

    rnd = random.Random(seed)
    for _ in range(6000):
        if s.result is not None:
            return s
        prompt = RS.pending(s)[0]
        s = RS.apply(s, prompt.seat, rnd.choice(RS.legal_actions(s, prompt.seat))).state
    raise AssertionError("the game did not end")


def test_recap_reveals_threats_company_man_and_the_hidden_corporation_dice() -> None:
    for seed in range(30):
        s = play_out(game(5), seed)
        x = s.expansion
        assert x is not None
        t = threats_of(s)
        if not (x.discarded and t.dealt):
            continue
        lines = recap(s)
        text = "\n".join(lines)
        for seat, faces in x.discarded.items():
            line = next(li for li in lines if li.startswith(
                f"Corporation dice {seat_ref(seat)} did not submit: "))
            assert line.count(",") == len(faces) - 1
        for seat, card in t.cards.items():
            assert f"Threat of {seat_ref(seat)}: {content_name(card)}" in text
        assert "Company Man:" in text
        # never in any view, public or private
        assert "discarded" not in RS.view(s, None).model_dump_json()
        return
    raise AssertionError("no seeded game dealt threats and rolled corporation dice")


def content_name(card: str) -> str:
    return next(x.name for x in content().modules.threats if x.id == card)


def test_every_character_text_is_on_the_sheet_in_full() -> None:
    """Jon Reed's ability (the longest) used to lose its last words to a clip."""
    s = game()
    seat = uninfected_seat(s)
    characters = [*content().characters, *content().expansion.characters]
    for character in characters:
        s.players[seat].character = character.id
        assert f"**{character.name}**: {character.text}" in sheet_of(s, seat)


def _amputation_called() -> GameState:
    """A game where the first player to act calls an amputation vote (the first seed
    whose setup leaves the Research Lab working)."""
    opts = RS.Options(expansion=True)
    for seed in range(1, 40):
        s = RS.new_game(seats_for(5), seed=seed, options=opts)
        for _ in range(6):
            seat = RS.pending(s)[0].seat
            calls = [x for x in RS.legal_actions(s, seat) if x.key.startswith("amputate:")]
            if calls:
                return RS.apply(s, seat, calls[0]).state  # type: ignore[no-any-return]
            s = RS.apply(s, seat, RS.legal_actions(s, seat)[0]).state
    raise AssertionError("no amputation vote could be called")


def test_my_secret_vote_is_written_in_the_words_of_the_vote() -> None:
    """In an amputation vote a weak die reads AMPUTATE, not INFECTED."""
    s = _amputation_called()
    voter = next(p.seat for p in RS.pending(s)
                 if "vote:weak" in [x.key for x in RS.legal_actions(s, p.seat)])
    s = RS.apply(s, voter, RS.parse_action(s, voter, "vote:weak")).state
    text = sheet_of(s, voter)
    assert "Your secret vote: AMPUTATE (weak die)." in text and "INFECTED (weak" not in text
