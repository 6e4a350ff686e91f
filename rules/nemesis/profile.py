"""How the family layer learns what differs between the Nemesis games: each game hands
the shared mechanics one `Profile` (its content tables and its hooks), carried on the
`Ctx` of every frame (`ctx.rules`) and read through the state (`state.rules`) where
there is no Ctx. The family layer never imports a game: the hooks point from the game
into it.

A game's profile is built by its ruleset module, the top of the game, which hands in
the hooks (they call every part of the game). The modules beneath it find the profile
in the game's `ProfileSlot`, where the ruleset plugs it in, through the state."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from rules.core.rng import Rng
from rules.nemesis.bag import IntruderBag
from rules.nemesis.board import BoardGraph
from rules.nemesis.cards import (
    ActionCard,
    AttackCard,
    Character,
    CombatFace,
    Contamination,
    EventCard,
    Item,
    Models,
    SeriousWound,
)
from rules.nemesis.effects import Effect
from rules.nemesis.state import Hero, Intruder, Memory, RoomState


class NemesisState(Protocol):
    """The parts of a family game's state the shared mechanics read and change."""

    rng: Rng
    seed: int                         # the game's setup seed
    seats: list[str]
    heroes: dict[str, Hero]
    rooms: dict[str, RoomState]
    intruders: list[Intruder]
    decks: dict[str, list[str]]       # shared decks by name, top card first
    discards: dict[str, list[str]]
    removed_items: list[str]          # item cards out of the game
    crafted: list[str]                # crafted item cards still available
    deaths: dict[str, str]            # seat -> how that character died, in words
    stack: list[Any]                  # the frames (rules.core.frames)
    first_player: str
    doors: dict[str, Any]             # corridor -> "closed" / "destroyed" (else open)
    noise: list[str]                  # corridors with a noise marker
    next_intruder: int                # the id of the next intruder placed
    bag: list[str]                    # intruder token ids (see rules.nemesis.bag)
    aside: list[str]
    spent: list[str]
    first_encounter: bool             # an intruder has been on the board
    eggs: int                         # eggs in the nest
    kills: int                        # intruders killed so far
    nest_found: bool
    nest_destroyed: bool
    fires: int                        # fire markers on the board
    malfunctions: int                 # malfunction markers on the board
    round: int
    ended: str | None                 # why the game ended
    winners: list[str] | None         # after the victory check
    survivors: list[str]              # at the end: the seats whose characters lived
    memory: dict[str, Memory]         # seat -> what it looked at in secret

    @property
    def rules(self) -> Profile:
        """The game's tables and hooks (for frame handlers, which get no Ctx)."""
        ...

    @property
    def graph(self) -> BoardGraph:
        """The graph of the board this game is played on."""
        ...


class Table(Protocol):
    """The Ctx a shared mechanic works in: the state being changed, the game's profile,
    and the events it says."""

    @property
    def s(self) -> Any: ...

    @property
    def rules(self) -> Profile: ...

    def say(self, text: str, kind: str = "log", to: tuple[str, ...] | None = None,
            **data: Any) -> None: ...

    def tell(self, seat: str, text: str, kind: str = "private", **data: Any) -> None: ...


class Tile(Protocol):
    """A room tile of the game's content, as the shared mechanics read it."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def action(self) -> str: ...

    @property
    def level(self) -> str: ...        # "I", "II" or "special"

    @property
    def color(self) -> str: ...        # the item deck searched there ("white": any)


class Hooks(Protocol):
    """What only the game knows how to do, asked by the shared mechanics."""

    def room_name(self, s: Any, slot: str) -> str:
        """A room as the board shows it (explored tile or the space's code)."""
        ...

    def weakness_active(self, s: Any, effect: str, hero: Hero | None) -> bool:
        """Whether a discovered weakness with this effect applies (to `hero`)."""
        ...

    def after_death(self, ctx: Table, hero: Hero) -> None:
        """What a character's death sets off in this game, after the family's part."""
        ...

    def spawn(self, ctx: Table, kind: str, room: str) -> None:
        """Place a new intruder of `kind` in `room` (a creeper bursting out)."""
        ...

    def dark(self, s: Any, room: str) -> bool:
        """Whether the room is in darkness (red surprise numbers, dark attack effects)."""
        ...

    def own_noise_roll(self, ctx: Table, hero: Hero) -> bool:
        """Roll for noise the game's own way (True), or leave it to the noise die."""
        ...

    def tech_noisy(self, s: Any, corridor: str) -> bool:
        """Noise on a technical exit (where the game keeps it)."""
        ...

    def set_tech_noise(self, s: Any, corridor: str, on: bool) -> None: ...

    def first_encounter(self, ctx: Table) -> None:
        """What the first intruder on the board sets off (the objective choice)."""
        ...

    def push_effects(self, ctx: Table, effects: Sequence[Effect], subject: str | None,
                     source: str, attacker: int | None = None) -> None:
        """Apply card effects to `subject` (the game's effect engine)."""
        ...

    def nest_room(self, s: Any) -> str | None:
        """The explored nest room, if any."""
        ...

    def advantage(self, s: Any, hero: Hero) -> bool:
        """Whether a shot by `hero` may roll the advantage die (wounds aside)."""
        ...

    def craft_cards_needed(self, s: Any, hero: Hero) -> int:
        """How many item cards a craft takes where the hero stands (one symbol may be
        waived with fewer)."""
        ...

    def room_actions(self, s: Any, hero: Hero) -> list[Any]:
        """The actions of the hero's room (listed after searching and picking up)."""
        ...

    def exit_actions(self, s: Any, hero: Hero) -> list[Any]:
        """The game's ways out from where the hero stands (listed last)."""
        ...

    def room_act_cost(self, s: Any, hero: Hero, variant: int) -> int:
        """The cost of a room (or other own) action."""
        ...

    def room_act(self, ctx: Table, hero: Hero, variant: int) -> None:
        """Carry out a room (or other own) action once paid."""
        ...

    def passive_usable(self, s: Any, hero: Hero, passive: str | None, fighting: bool
                       ) -> bool:
        """Whether such an item can be used now."""
        ...

    def use_passive(self, ctx: Table, hero: Hero, passive: str) -> None: ...

    def section(self, s: Any, room: str) -> int | None:
        """The room's section (effects on "section"), None where a board has none."""
        ...

    def own_effect(self, ctx: Table, effect: Effect, subject: str | None) -> None:
        """An effect primitive only this game gives a meaning (power, time, ...)."""
        ...

    def tech_noise_effect(self, s: Any, on: bool) -> None:
        """An effect puts noise into (or clears) the technical corridors."""
        ...

    def continue_step(self, ctx: Table, frame: Any, option: str) -> None:
        """A choice of a game's multi-step action was made (a PickFrame "step")."""
        ...

    def attempt_done(self, ctx: Table, hero: Hero, tag: str, made: bool) -> None:
        """An attempt guarded by a noise roll (`rooms.noise_attempt`, named by `tag`) was
        made (no intruder showed up) or failed."""
        ...

    def explode(self, ctx: Table, why: str) -> None:
        """A marker was needed and none was left in the supply: the end of the game."""
        ...

    def entered(self, ctx: Table, hero: Hero, room: str) -> None:
        """A character entered a room (before it is told, before any exploration)."""
        ...

    def own_exploration(self, ctx: Table, hero: Hero, frame: Any) -> bool:
        """Explore the room the game's own way (True), or flip the tile and resolve its
        exploration token."""
        ...

    def explored(self, ctx: Table, hero: Hero, slot: str) -> None:
        """A room tile was just revealed, before its exploration token is resolved."""
        ...

    def place_character(self, s: Any, seat: str, character: str) -> None:
        """After the draft: the character's board, deck, items and starting room."""
        ...

    def objective_name(self, objective: str) -> str:
        """An objective card's name (objectives are the game's own cards)."""
        ...


@dataclass(frozen=True, slots=True, eq=False)
class Profile:
    """One game's content tables (by id) and hooks, for the family layer."""

    characters: Mapping[str, Character]
    cards: Mapping[str, ActionCard]            # every character's action cards
    items: Mapping[str, Item]
    wounds: Mapping[str, SeriousWound]         # serious wound cards, in content order
    contamination: Mapping[str, Contamination]
    attacks: Mapping[str, AttackCard]
    events: Mapping[str, EventCard]
    tiles: Mapping[str, Tile]                  # room tiles
    models: Models                             # miniatures of each intruder kind
    noise_die: tuple[int | str, ...]           # faces: corridor numbers, silence, danger
    combat_die: tuple[CombatFace, ...]
    advantage_die: tuple[CombatFace, ...]      # the better die, when the game allows it
    bag: IntruderBag                           # the game's intruder tokens
    fire_supply: int                           # fire markers (one more ends the game)
    malfunction_supply: int                    # malfunction markers (likewise)
    hooks: Hooks
    # effect primitives with no meaning in this game: a card option using one is not
    # offered (the original characters' ship cards in Lockdown's crossover)
    unsupported: frozenset[str] = frozenset()
    # the cost of using an item whose passive effect gives an action (else 0), and the
    # passives whose use is not one of the turn's actions
    passive_costs: Mapping[str, int] = field(default_factory=dict)
    free_passives: frozenset[str] = frozenset()


Variant = TypeVar("Variant", bound=Hashable)


class ProfileSlot(dict[Variant, Profile]):
    """Where a game's ruleset module plugs in the profiles it builds (the game's tables
    with its hooks), for the game's modules beneath the ruleset: its state answers
    `rules` from here, so none of them imports the module the hooks live in. Keyed by
    what changes a game's profile (Lockdown: whether the original intruders play). A
    dict (the state reads it on every rule it looks up: a lookup in C)."""

    def __init__(self, owner: str) -> None:
        super().__init__()
        self._owner = owner  # the module that plugs the profiles in

    def plug(self, profiles: Mapping[Variant, Profile]) -> None:
        self.clear()
        self.update(profiles)

    def __missing__(self, variant: Variant) -> Profile:
        raise LookupError(f"no profile {variant!r} plugged in: {self._owner} builds "
                          f"the game's profiles and plugs them in (import it)")
