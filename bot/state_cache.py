"""The decoded states of the games being played, bounded: the least recently used leaves
when the cache is full, so memory does not grow with the number of running games. Each
is kept with the version it belongs to and the channel of its game (a game never changes
channel: a click finds the channel to lock without reading the game's row)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

T = TypeVar("T")


class StateCache(Generic[T]):
    """At most ``size`` game states (what ``T`` holds of one: bot/position.py)."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"the state cache must hold at least one game, not {size}")
        self.size = size
        self._states: OrderedDict[int, tuple[int, T, str]] = OrderedDict()

    def get(self, game_id: int, version: int) -> T | None:
        """The state of ``game_id`` at ``version``, if kept (it becomes the most recently
        used); a state kept for another version is none of the caller's."""
        kept = self._states.get(game_id)
        if kept is None or kept[0] != version:
            return None
        self._states.move_to_end(game_id)
        return kept[1]

    def channel(self, game_id: int) -> str | None:
        """The channel of ``game_id``, if the game is kept."""
        kept = self._states.get(game_id)
        return None if kept is None else kept[2]

    def put(self, game_id: int, version: int, state: T, channel: str = "") -> None:
        """Keep ``state`` as the game's newest; the least recently used game leaves when
        there are more than ``size``."""
        self._states[game_id] = (version, state, channel)
        self._states.move_to_end(game_id)
        while len(self._states) > self.size:
            self._states.popitem(last=False)

    def drop(self, game_id: int) -> None:
        """Forget the game (it finished or ended: nobody asks for it to move again)."""
        self._states.pop(game_id, None)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._states

    def __len__(self) -> int:
        return len(self._states)

    def games(self) -> list[int]:
        """The kept games' ids, least recently used first."""
        return list(self._states)
