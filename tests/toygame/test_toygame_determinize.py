"""High Card's `determinize`: the card a seat has not seen is dealt again, from the
cards it could be (never the seat's own), and the copy gets a new random generator."""

from __future__ import annotations

from toygame.rules import BIDS, CARDS, HighCard, HighCardState, Move

RS = HighCard()
SEATS = ["ann", "bob"]


def _game(seed: int, *moves: Move) -> HighCardState:
    s = RS.new_game(SEATS, seed)
    for move in moves:
        s = RS.apply(s, s.seats[s.turn], BIDS[move]).state
    return s


def test_the_other_card_is_dealt_again_from_the_cards_it_could_be() -> None:
    s = _game(3, "raise")
    before = s.model_dump_json()
    for seat, other in (("ann", "bob"), ("bob", "ann")):
        copies = [RS.determinize(s, seat, d) for d in range(80)]
        assert all(c.cards[seat] == s.cards[seat] for c in copies)
        assert {c.cards[other] for c in copies} == set(CARDS) - {s.cards[seat]}
        assert all(RS.view(c, seat) == RS.view(s, seat) for c in copies)
        assert all(c.stake == s.stake and c.turn == s.turn for c in copies)
    assert s.model_dump_json() == before  # the real game is left alone


def test_the_copy_has_a_random_generator_of_its_own() -> None:
    s = _game(5)
    states = {RS.determinize(s, "ann", d).rng.state for d in range(20)}
    assert len(states) == 20 and s.rng.state not in states
    assert RS.determinize(s, "ann", 7) == RS.determinize(s, "ann", 7)


def test_games_that_look_the_same_to_a_seat_give_the_same_copies() -> None:
    by_card: dict[int, list[HighCardState]] = {}
    for seed in range(60):
        s = _game(seed, "raise")
        by_card.setdefault(s.cards["ann"], []).append(s)
    pairs = [(a, b) for games in by_card.values() for a in games[:1] for b in games[1:]
             if a.cards["bob"] != b.cards["bob"]]
    assert len(pairs) > 10
    for a, b in pairs:
        assert RS.view(a, "ann") == RS.view(b, "ann")
        for d in range(5):
            assert RS.determinize(a, "ann", d) == RS.determinize(b, "ann", d)


def test_cards_shown_at_the_call_are_kept_a_fold_shows_none() -> None:
    called = _game(2, "raise", "call")
    assert called.winner is not None
    for d in range(10):
        copy = RS.determinize(called, "bob", d)
        assert copy.cards == called.cards and copy.winner == called.winner
    folded = _game(2, "fold")
    assert {RS.determinize(folded, "bob", d).cards["ann"] for d in range(40)} == (
        set(CARDS) - {folded.cards["bob"]})


def test_a_spectator_knows_neither_card() -> None:
    s = _game(4)
    copies = [RS.determinize(s, "carol", d) for d in range(60)]
    assert all(c.cards["ann"] != c.cards["bob"] for c in copies)
    assert len({c.cards["ann"] for c in copies}) > 5 and len({c.cards["bob"] for c in copies}) > 5
