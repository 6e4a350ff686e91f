"""High Card's board, drawn with the helpers every Warden board shares (renders.common,
renders.png): the stake, whose turn it is, and each player's card, face down until the
showdown."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renders.common import C, draw_chip, draw_text, draw_text_mid, short_seat, vertical_gradient
from renders.names import display_name
from renders.png import encode_png
from rules.core.kit import Names
from toygame.rules import View

W, H = 480, 220
CARD_W, CARD_H = 90, 120


def render_image(view: View, names: Names = None) -> Image.Image:
    img = vertical_gradient((W, H), C.BG_TOP, C.BG_BOTTOM)
    d = ImageDraw.Draw(img)
    draw_text(img, 16, 12, "HIGH CARD", 26, C.TITLE, bold=True)
    draw_chip(img, d, W - 130, 28, f"STAKE {view.stake}", C.WARN)
    for i, seat in enumerate(view.seats):
        x = 40 + i * 220
        name = display_name((names or {}).get(seat, "")) or short_seat(seat)
        colour = C.OK if seat in (view.active, view.winner) else C.MUTED
        draw_text_mid(img, x, 70, name, 20, colour, bold=seat == view.active)
        box = (x, 88, x + CARD_W, 88 + CARD_H)
        card = view.shown.get(seat)
        d.rounded_rectangle(box, radius=8, fill=C.PANEL_HI if card else C.SLOT,
                            outline=C.EDGE_HI, width=2)
        draw_text_mid(img, x + CARD_W / 2, 88 + CARD_H / 2, str(card) if card else "?", 40,
                      C.TEXT, bold=True, align="center")
    return img


def render_board(view: View, names: Names = None) -> bytes:
    return encode_png(render_image(view, names))
