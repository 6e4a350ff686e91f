"""The intruder bag (NX-BAG-*): physical intruder tokens, each with its own surprise
numbers. A token id is its kind and a number ("adult3"); the bag and the tokens set
aside hold token ids, the rest wait next to the board. Each game fills an `IntruderBag`
with the tokens of its own content."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from rules.core.rng import Rng
from rules.nemesis.cards import IntruderToken

Kind = TypeVar("Kind", bound=str)  # a game's intruder kinds (and "blank")


class BagState(Protocol):
    """The parts of a game state the bag works on."""

    bag: list[str]     # token ids in the bag
    aside: list[str]   # drawn tokens set aside (standing for an intruder, or spent)
    spent: list[str]   # set-aside tokens whose intruder left the board for good
    rng: Rng


def kind_of(token: str) -> str:
    return token.rstrip("0123456789")


def remove_token(s: BagState, kind: str) -> bool:
    token = next((t for t in s.bag if kind_of(t) == kind), None)
    if token is None:
        return False
    s.bag.remove(token)
    return True


def retire(s: BagState, token: str | None) -> None:
    """An intruder leaves the board for good (killed, infesting, destroyed): its token
    stays set aside, no longer standing for anyone on the board."""
    if token is not None and token in s.aside and token not in s.spent:
        s.spent.append(token)


def unset(s: BagState, token: str) -> None:
    """A drawn token whose intruder could not be placed goes back into the bag."""
    if token in s.aside:
        s.aside.remove(token)
    s.bag.append(token)


@dataclass(frozen=True)
class IntruderBag:
    """One game's tokens: every physical token by id, and the setup mix by kind."""

    tokens: Mapping[str, IntruderToken]
    start: Mapping[str, int]

    @classmethod
    def of(cls, entries: Iterable[IntruderToken], start: Mapping[Kind, int]) -> IntruderBag:
        """Number the tokens of a kind in content order (an entry counts `count` tokens)."""
        table: dict[str, IntruderToken] = {}
        seen: dict[str, int] = {}
        for entry in entries:
            for _ in range(entry.count):
                n = seen.get(entry.kind, 0)
                seen[entry.kind] = n + 1
                table[f"{entry.kind}{n}"] = entry
        counts: dict[str, int] = {kind: n for kind, n in start.items()}
        return cls(tokens=table, start=counts)

    def surprise_number(self, token: str, dark: bool) -> int:
        entry = self.tokens[token]
        return entry.red if dark else entry.blue

    def free_tokens(self, s: BagState, kind: str) -> list[str]:
        """Tokens of a kind neither in the bag nor set aside."""
        used = set(s.bag) | set(s.aside)
        return [t for t, entry in self.tokens.items() if entry.kind == kind and t not in used]

    def add_token(self, s: BagState, kind: str) -> bool:
        """Put a random free token of this kind into the bag (nothing if none is left)."""
        free = self.free_tokens(s, kind)
        if not free:
            return False
        s.bag.append(s.rng.choice(free))
        return True

    def return_token(self, s: BagState, kind: str, token: str | None) -> None:
        """An intruder goes back into the bag: its own set-aside token if it came from
        an encounter, else a set-aside token of its kind whose intruder is gone (never
        one another intruder on the board still stands for), else a free token of its
        kind (if possible)."""
        if token is not None and token in s.aside:
            s.aside.remove(token)
            if token in s.spent:
                s.spent.remove(token)
            s.bag.append(token)
            return
        aside = next((t for t in s.spent if kind_of(t) == kind), None)
        if aside is not None:
            s.spent.remove(aside)
            s.aside.remove(aside)
            s.bag.append(aside)
            return
        self.add_token(s, kind)

    def starting_bag(self, rng: Rng, players: int) -> list[str]:
        """The setup mix (NX-BAG-2): each kind's tokens picked at random from its
        entries; 1 adult more per player."""
        bag: list[str] = []
        start = dict(self.start)
        start["adult"] = start.get("adult", 0) + players
        for kind, n in start.items():
            tokens = [t for t, entry in self.tokens.items() if entry.kind == kind]
            bag += rng.shuffled(tokens)[:n]
        return bag
