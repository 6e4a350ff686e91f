"""Setting up a Dark Moon game (DM-SETUP-1..4; with the expansion, DMX-1)."""

from __future__ import annotations

from rules.core.contract import IllegalAction
from rules.core.rng import Rng
from rules.darkmoon.cards import content
from rules.darkmoon.expansion_setup import card_pools, expansion_state, fatigue_pool
from rules.darkmoon.flow import advance
from rules.darkmoon.state import (
    DeckName,
    EventPickFrame,
    GameState,
    Options,
    Player,
    Pool,
    TurnFrame,
)
from rules.darkmoon.table import Ctx, left_of
from rules.darkmoon.threats import new_threats

# players -> (infected statuses, uninfected statuses, task deck)
STATUS_MIX: dict[int, tuple[int, int, DeckName]] = {
    3: (1, 2, "silver"), 4: (1, 3, "black"), 5: (2, 3, "silver"), 6: (2, 4, "black"),
    7: (3, 4, "silver"),
}
START_SHIELD = 2
START_OUTPOSTS = 2


def new_game(seats: list[str], seed: int, options: Options) -> GameState:
    n = len(seats)
    if n not in STATUS_MIX:
        raise IllegalAction("Dark Moon needs 3 to 7 players.")
    if len(set(seats)) != n:
        raise IllegalAction("Each player may only sit once.")
    c = content()
    rng = Rng.from_seed(seed)
    pools = card_pools(c, options.expansion)
    characters = rng.shuffled([ch.id for ch in pools.characters])[:n]
    n_inf, n_un, deck_name = STATUS_MIX[n]
    infected = rng.shuffled([x.id for x in pools.statuses if x.infected])[:n_inf]
    clean = [x.id for x in pools.statuses if not x.infected]
    if options.company_man:  # 8 uninfected cards, the Company Man among them
        clean += [x.id for x in c.modules.company_man_statuses]
    uninfected = rng.shuffled(clean)[:n_un]
    statuses = rng.shuffled(infected + uninfected)
    players = {
        seat: Player(seat=seat, character=characters[i], status=statuses[i],
                     infected=statuses[i] in infected,
                     held=Pool(strong=c.board.strong_per_player, weak=c.board.weak_per_player))
        for i, seat in enumerate(seats)
    }
    if options.task_deck != "auto":
        deck_name = options.task_deck
    deck = pools.silver if deck_name == "silver" else pools.black
    tasks = rng.shuffled([t.id for t in deck if t.kind == "malfunction" or t.min_players <= n])
    outposts = rng.shuffled([o.id for o in pools.outposts])
    fatigue_pile = fatigue_pool(rng, pools, characters, options.expansion,
                                c.expansion.board.fatigue_pool)
    commander = _draw_commander(rng, fatigue_pile, characters, seats)
    final_ids = [e.id for e in pools.final_events]
    if options.final_event is not None and options.final_event not in final_ids:
        raise IllegalAction(f"Unknown final event '{options.final_event}'.")
    final = options.final_event or rng.choice(final_ids)
    events = rng.shuffled([e.id for e in pools.events])
    players[commander].held.commander = 1
    # built from the engine's own typed values (fresh lists, no outside data): nothing
    # to validate, so the model is constructed directly (a game loaded from JSON is
    # validated in full); every field without a default is given here
    state = GameState.model_construct(
        seed=seed, rng=rng, options=options, seats=list(seats), players=players,
        commander=commander, commander_die="held", available=Pool(), spent=Pool(),
        shield=START_SHIELD,
        outposts=outposts[:START_OUTPOSTS], outpost_pile=outposts[START_OUTPOSTS:],
        fatigue_pile=fatigue_pile, task_deck=tasks, task_deck_name=deck_name,
        event_deck=events[2:], final_event=final,
    )
    state.active = left_of(state, commander)
    if options.expansion:
        state.expansion = expansion_state(c, deck_name, state.active)
        if options.threats:
            state.expansion.threats = new_threats()
    state.stack = [TurnFrame(seat=state.active),
                   EventPickFrame(chooser=commander, drawn=events[:2])]
    advance(Ctx(state))
    return state


def _draw_commander(rng: Rng, tokens: list[str], characters: list[str],
                    seats: list[str]) -> str:
    """Draw fatigue tokens until one matches a character in play (tokens go back)."""
    while True:
        token = rng.choice(tokens)
        if token in characters:
            return seats[characters.index(token)]
