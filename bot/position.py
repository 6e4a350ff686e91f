"""A game state with the table's questions about it, each asked of the engine once.

Everything the table shows of a state (who is awaited and for what, each concerned seat's
legal list and menu, the public view for the board and its summary, each seat's view for
its sheet, whether the game is over) comes from the engine. The answer buttons, the board,
the pings, the DMs and the timers all ask about the same state: a `Position` asks the
engine once per question (and seat) and keeps the answer. `Tables` keeps the position of
each running game's newest state (bot/state_cache.py) and a move's result carries the
positions before and after it (bot/games.py), so one move's consequences are worked out
once, when first needed (a burst of moves shown as one board edit never draws the states
in between).

The answers are shared: callers read them and never change them (lists are tuples).
"""

from __future__ import annotations

from functools import cached_property

from pydantic import BaseModel

from bot.choices import fingerprint
from rules import Action, Choice, IllegalAction, Menu, Outcome, Prompt, Ruleset
from rules.core.menus import build_menu


class Position:
    """`state` of a game played under `rs`, with the answers asked so far."""

    def __init__(self, rs: Ruleset, state: BaseModel) -> None:
        self.rs = rs
        self.state = state
        self._legal: dict[str, tuple[Action, ...]] = {}
        self._menus: dict[str, Menu] = {}
        self._views: dict[str | None, BaseModel] = {}
        self._answers: dict[str, Action | None] = {}

    @property
    def version(self) -> int:
        version: int = getattr(self.state, "version", 0)
        return version

    @cached_property
    def prompts(self) -> tuple[Prompt, ...]:
        """Who must decide now, and what about (`Ruleset.pending`)."""
        return tuple(self.rs.pending(self.state))

    @cached_property
    def outcome(self) -> Outcome | None:
        return self.rs.outcome(self.state)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @cached_property
    def waiting(self) -> tuple[str, ...]:
        """The seats awaited, each once, in the order of their prompts."""
        return tuple(dict.fromkeys(p.seat for p in self.prompts))

    def prompt(self, seat: str) -> Prompt | None:
        """`seat`'s (first) prompt, if it must decide now."""
        return next((p for p in self.prompts if p.seat == seat), None)

    def legal(self, seat: str) -> tuple[Action, ...]:
        """`seat`'s legal actions, in the engine's order (the order buttons number)."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = tuple(self.rs.legal_actions(self.state, seat))
        return legal

    def fingerprint(self, seat: str) -> str:
        """The digest of `seat`'s choices that move buttons carry (bot/choices.py)."""
        return fingerprint(self.legal(seat))

    def menu(self, seat: str) -> Menu:
        """`seat`'s legal actions grouped for display, from the list above (a ruleset
        that draws its menus itself is asked for it)."""
        menu = self._menus.get(seat)
        if menu is None:
            if type(self.rs).menu is Ruleset.menu:
                menu = build_menu(self.rs, self.state, seat, list(self.legal(seat)))
            else:
                menu = self.rs.menu(self.state, seat)
            self._menus[seat] = menu
        return menu

    def view(self, seat: str | None) -> BaseModel:
        """What `seat` sees (None: the public, as the board shows it)."""
        if seat not in self._views:
            self._views[seat] = self.rs.view(self.state, seat)
        return self._views[seat]

    def drop_views(self) -> None:
        """Let the views go once the table is drawn from them: a kept position of an idle
        game holds its state, not its views (five or six times its size); asked again
        (`/hand`, `/game status`), a view is worked out again."""
        self._views = {}

    def describe(self, seat: str, action: Action) -> Choice:
        """`action` in the words of the choice `seat` picks it as (found in the menu
        already built for the seat, else asked)."""
        menu = self._menus.get(seat)
        if menu is not None:
            for listed, choice in menu.singles:
                if listed is action:
                    return choice
        return self.rs.describe(self.state, seat, action)

    def auto_answer(self, seat: str) -> Action | None:
        """The answer Warden gives for `seat` when they let it (`Ruleset.auto_answer`)."""
        if seat not in self._answers:
            self._answers[seat] = self.rs.auto_answer(self.state, seat)
        return self._answers[seat]

    def action(self, seat: str, key: str) -> Action:
        """The legal action of `seat` whose key is `key` (a key typed or stored); the
        engine says why when there is none."""
        for action in self.legal(seat):
            if action.key == key:
                return action
        action = self.rs.parse_action(self.state, seat, key)
        if action.key not in {a.key for a in self.legal(seat)}:
            raise IllegalAction("That move is not available to you right now.")
        return action


# a game state, or one with its answers: the table's texts take either (bot/publish.py),
# a state's answers being worked out once only through its Position
Seen = BaseModel | Position
