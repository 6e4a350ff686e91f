"""Board image bytes a table uploads per game.  Usage: python benchmarks/image_bench.py
[--games 3] [--seed 1] [--variant NAME ...]

For each ruleset and board side (Dark Moon 5 players with and without the Shadow
Corporation modules, Lockdown 4 players on the basic and the Mars side, the original
Nemesis 4 players) plays seeded whole games with the engine (`policy` computer players,
bot/simulate.py) and counts what the table would upload: one board image with the game's
start and after every move (bot/feed.py: every update that carries a state shows the
board, in an edit of the board message or in a new one when a new turn begins), under
each of these ways of sending it:

  every move, RGB     what the bot did before issue 21: a new 8-bit RGB PNG each time;
  changed only, RGB   a new image only when the drawn board differs from the one the
                      board message shows (a new board message always carries one);
  changed only, now   the same with the encoder the bot uses now (renders/png.py: 256
                      colours);
  half size (option)  the same at half the width and height (550 px wide, Pillow's
                      `reduce(2)`), a way not built: the full board one click away.

Printed per variant: bytes per game (mean and max), per move and per upload, the share of
moves that upload nothing, and the CPU time of each encoding (p50/p95, in ms, with
`time.process_time`); and the share of moves whose board the bot does not even draw (the
public view, less its version, and the names unchanged: bot/table_parts.py
`board_source`). A new board message is counted where the bot starts one: a move
with a public "turn" event, or a turn whose story no longer fits in one message (the
status under the story is taken as STATUS characters long). Not a test: run it by hand.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image
from pydantic import BaseModel

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.position import Position
from bot.simulate import play_agents
from bot.table_parts import board_source
from bot.texts import MAX_MESSAGE
from renders import render_image
from renders.png import encode_png
from rules import Step, get_ruleset

STATUS = 300  # characters of status and summary under the story, about

VARIANTS: dict[str, tuple[str, int, dict[str, object]]] = {  # name -> ruleset, players, options
    "darkmoon 5p": ("darkmoon", 5, {}),
    "darkmoon 5p shadow corp": ("darkmoon", 5, {"expansion": True, "threats": True,
                                                "company_man": True}),
    "lockdown 4p basic": ("lockdown", 4, {}),
    "lockdown 4p mars": ("lockdown", 4, {"board": "mars"}),
    "nemesis 4p": ("nemesis", 4, {}),
}


def encode_rgb(image: Image.Image) -> bytes:
    """The encoding of the bot before issue 21: 8-bit RGB, no filter, ISA-L level 1."""
    return encode_png(image, palette=False)


@dataclass
class Plan:
    """One way of sending the board: when an image goes up, and how it is encoded."""

    title: str
    every_move: bool
    encode: Callable[[Image.Image], bytes]
    games: list[int] = field(default_factory=list)  # bytes uploaded per game
    moves: int = 0
    uploads: int = 0
    quiet: int = 0  # moves that uploaded nothing
    encode_ms: list[float] = field(default_factory=list)
    shown: bytes | None = None  # digest of the image the board message shows

    def show(self, image: Image.Image, new_message: bool, move: bool) -> None:
        started = time.process_time()
        png = self.encode(image)
        self.encode_ms.append((time.process_time() - started) * 1000)
        digest = hashlib.blake2b(png, digest_size=16).digest()
        self.moves += move
        if self.every_move or new_message or digest != self.shown:
            self.games[-1] += len(png)
            self.uploads += 1
            self.shown = digest
        elif move:
            self.quiet += 1


def encode_half(image: Image.Image) -> bytes:
    """The board at half its width and height, in 256 colours."""
    return encode_png(image.reduce(2))


@dataclass
class Sources:
    """How many moves leave what the board is drawn from unchanged."""

    moves: int = 0
    same: int = 0
    last: str = ""


def play(variant: str, seed: int, plans: list[Plan], sources: Sources) -> None:
    """One game of `variant`, each board it shows given to every plan."""
    ruleset, players, options = VARIANTS[variant]
    rs = get_ruleset(ruleset)
    names = {str(1000 + i): f"Player {i + 1}" for i in range(players)}
    for plan in plans:
        plan.games.append(0)
        plan.shown = None
    story = 0  # characters of the current board message's story

    def board(state: BaseModel, new_message: bool, move: bool) -> None:
        source = board_source(Position(rs, state), names)
        sources.moves += move
        sources.same += move and source == sources.last
        sources.last = source
        image = render_image(rs.view(state, None), names)
        for plan in plans:
            plan.show(image, new_message, move)

    def on_step(state: BaseModel, step: Step[BaseModel]) -> None:
        nonlocal story
        public = [e.text for e in step.events if e.to is None]
        turn = any(e.kind == "turn" for e in step.events if e.to is None)
        added = sum(len(text) + 1 for text in public)
        new_message = turn or story + added + STATUS > MAX_MESSAGE
        story = added if new_message else story + added
        board(state, new_message, True)

    opts = rs.Options(**options)
    board(rs.new_game(list(names), seed, opts), True, False)
    play_agents(rs, ["policy"] * players, seed, on_step=on_step, options=opts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", choices=list(VARIANTS))
    args = parser.parse_args()
    for variant in args.variant or list(VARIANTS):
        plans = [Plan("every move, RGB", True, encode_rgb),
                 Plan("changed only, RGB", False, encode_rgb),
                 Plan("changed only, now", False, encode_png),
                 Plan("half size (option)", False, encode_half)]
        sources = Sources()
        for game in range(args.games):
            play(variant, args.seed + game, plans, sources)
        print(f"{variant}: {args.games} games, {plans[0].moves / args.games:.0f} moves a game, "
              "board not drawn again (same view and names) after "
              f"{sources.same / sources.moves:.0%} of moves")
        for plan in plans:
            mb = [size / 1e6 for size in plan.games]
            print(f"  {plan.title:18} per game mean {statistics.mean(mb):5.1f} MB  max "
                  f"{max(mb):5.1f} MB  per move {sum(plan.games) / plan.moves / 1024:5.1f} KiB"
                  f"  per upload {sum(plan.games) / plan.uploads / 1024:5.1f} KiB  no upload "
                  f"{plan.quiet / plan.moves:4.0%}  encode p50 "
                  f"{statistics.median(plan.encode_ms):4.1f} ms p95 {_p95(plan.encode_ms):4.1f} ms")


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * len(ordered)) - 1)]


if __name__ == "__main__":
    main()
