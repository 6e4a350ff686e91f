"""Setting up Nemesis: Lockdown on the basic board side (LD-SETUP-1..5, NX-BAG-2)."""

from __future__ import annotations

from rules.core.contract import IllegalAction
from rules.core.rng import Rng
from rules.lockdown import modes, surface
from rules.lockdown.bag import BAG, NEMESIS_BAG
from rules.lockdown.board import board_map, map_for
from rules.lockdown.cards import BoardMap, Content, content, crossover_weaknesses, index
from rules.lockdown.mars_board import MarsBoard
from rules.lockdown.state import GameState, Options, Power, RoundFrame
from rules.nemesis.decks import expand, starting_decks
from rules.nemesis.frames import DraftFrame
from rules.nemesis.library import species
from rules.nemesis.state import Held, Hero, RoomState

MIN_PLAYERS, MAX_PLAYERS = 1, 5


def new_game(seats: list[str], seed: int, options: Options) -> GameState:
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise IllegalAction("Nemesis: Lockdown takes 1 to 5 players.")
    wrong = modes.check_players(options.mode, n)
    if wrong is not None:
        raise IllegalAction(wrong)
    if len(set(seats)) != n:
        raise IllegalAction("Each player may only sit once.")
    c = content()
    rng = Rng.from_seed(seed)
    rooms = _rooms(c, rng, map_for(options.board))
    tokens = rng.shuffled([1, 2, 3, 4])
    power = {place: Power(token=t, active=t in (1, 2))
             for place, t in zip(("1", "2", "3", "elevator"), tokens, strict=True)}
    css_slots = [t.number for t in c.time_track.slots if t.css]
    css_tokens = rng.shuffled([t.id for t in c.css_tokens])
    nemesis = options.nemesis_intruders  # LD-XOVER-1: the original intruders
    bag = (NEMESIS_BAG if nemesis else BAG).starting_bag(rng, n)
    decks = starting_decks(rng, c.items, c.events, species().attacks if nemesis else c.attacks,
                           c.contamination, c.serious_wounds)
    state = GameState(
        seed=seed, rng=rng, options=options, seats=list(seats), rooms=rooms,
        power=power, bag=bag, decks=decks,
        time=c.time_track.start, eggs=c.crossover.eggs if nemesis else c.intruders.eggs,
        css=dict(zip(css_slots, css_tokens, strict=False)),
        weaknesses=_weaknesses(c, rng, nemesis),
        weaknesses_revealed=0 if nemesis else 1,
        crafted=expand([(i.id, i.copies) for i in c.items if i.color == "crafted"]),
        computer=_computer(c, rng), first_player=seats[0],
    )
    _objectives_and_contingencies(state, c, rng)
    if options.board == "mars":
        surface.start(state)
    if options.mode == "solo":
        modes.halve_items(state)
    pool = rng.shuffled([ch.id for ch in c.characters])
    state.stack = [RoundFrame(), *[DraftFrame(seat=seat, offered=[]) for seat in
                                   reversed(seats)]]
    state.decks["draft"] = pool
    return state


def _weaknesses(c: Content, rng: Rng, nemesis: bool) -> list[str]:
    """3 random weakness cards face down under the laboratory board: the night stalkers'
    (the leftmost is revealed), or the original intruders' without the two the crossover
    removes (none revealed: the intruders' side of the board)."""
    if not nemesis:
        return rng.shuffled([w.id for w in c.weaknesses])[:3]
    cards = [w.id for w in crossover_weaknesses(c)]
    return rng.shuffled(cards)[:c.crossover.weakness_cards]


def _rooms(c: Content, rng: Rng, board: BoardMap) -> dict[str, RoomState]:
    by_level = {lvl: rng.shuffled(expand([(r.id, r.copies) for r in c.rooms if r.level == lvl]))
                for lvl in ("I", "II")}
    exploration = rng.shuffled(expand([(f"{t.effect}:{t.items}", t.count)
                                       for t in c.exploration]))
    rooms: dict[str, RoomState] = {}
    for slot in board.slots:
        if slot.kind == "special":
            rooms[slot.id] = RoomState(slot=slot.id, tile=slot.room, explored=True)
            continue
        token = exploration.pop()
        effect, _, items = token.partition(":")
        rooms[slot.id] = RoomState(slot=slot.id, tile=by_level[slot.kind].pop(),
                                   token=effect, token_items=int(items))
    if isinstance(board, MarsBoard):
        surface.place_tokens(c, rng, board, rooms)
    return rooms


def _computer(c: Content, rng: Rng) -> list[str]:
    deck = rng.shuffled([card.id for card in c.computer])
    lockdown = next(card.id for card in c.computer if card.lockdown)
    if deck[0] == lockdown:
        deck.pop(0)
        deck.insert(1 + rng.below(len(deck)), lockdown)
    return deck


def _objectives_and_contingencies(s: GameState, c: Content, rng: Rng) -> None:
    n = len(s.seats)
    if modes.team_mode(s):  # solo / fully cooperative (LD-MODE-1/2)
        modes.deal(s, c, rng, rng.shuffled(expand([(t.id, t.count) for t in c.contingencies])))
        return
    decks = {d: rng.shuffled(ids) for d, ids in objective_decks(c, n).items()}
    tokens = rng.shuffled(expand([(t.id, t.count) for t in c.contingencies]))
    per_player = 2 if n == 2 else 1
    for number, seat in enumerate(s.seats, start=1):
        hero = Hero(seat=seat, character="", room="")
        personal = decks["personal"]
        hero.objectives = [decks["corporate"].pop(),
                           personal.pop(personal_for(personal, number))]
        hero.contingencies = [tokens.pop() for _ in range(per_player)]
        s.heroes[seat] = hero
    s.active_contingency = tokens.pop()
    s.neutral_pool = tokens


def objective_decks(c: Content, n: int) -> dict[str, list[str]]:
    """The semi-cooperative objective cards dealt to `n` players, by deck (content
    order): "player X cannot survive" only for a player X at the table."""
    return {d: [o.id for o in c.objectives if o.deck == d and o.min_players <= n
                and not (o.kind == "player_cannot_survive" and o.value > n)]
            for d in ("corporate", "personal")}


def personal_for(personal: list[str], number: int) -> int:
    """Where in the personal deck player `number`'s card is: the last one, but "player X
    cannot survive" is never dealt to player X (it could not be won)."""
    return next((i for i in range(len(personal) - 1, -1, -1)
                 if not _against(personal[i], number)), len(personal) - 1)


def _against(objective_id: str, number: int) -> bool:
    card = index().objectives[objective_id]
    return card.kind == "player_cannot_survive" and card.value == number


def place_character(s: GameState, seat: str, character: str) -> None:
    """After the draft: the character's room, deck, items and knowledge."""
    ch = index().characters[character]
    hero = s.heroes[seat]
    hero.character = character
    m = board_map(s)
    hero.room = m.isolation_slot if ch.group == "survivor" else m.repository_slot
    hero.knowledge = 3 if ch.group == "survivor" else 1
    hero.deck = s.rng.shuffled([card.id for card in ch.deck])
    section = next(sl.section for sl in m.slots if sl.id == hero.room)
    if section is not None:
        hero.visited_sections = [section]
    if ch.starting_item is not None:
        item = index().items[ch.starting_item]
        if item.heavy:
            hero.hands.append(Held(item=item.id, ammo=item.weapon.capacity if item.weapon else 0))
        else:
            hero.inventory.append(item.id)
