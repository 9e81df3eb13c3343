"""What a game's look is (its display and body faces, its palette, its wordmark) and the ornaments its
wordmark is drawn with. Each kit module declares its own as `LOOK`, so a new game's look
touches only its kit; a kit without one is headed by its name in bold on page 1.

The wordmark is the game's name set in its display face, in its ink colour, over a swash in
its accent colour, between two small drawings of the game in its colours (a die with a sprout, a flower,
a seedling in a hex, a gnome's hat). Kits put it on boards, card backs and the first page.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.art.shapes import Commands, circle, filled, leaf, stroke
from pnp.colors import WHITE, darken, lighten
from pnp.fonts import cap_height, descent, measure
from pnp.icons import register_icon, regular_polygon
from pnp.kits import kit_look
from pnp.model import Group, Icon, Path, Polygon, Rect, Shape, Style, Text

SPROUT = "#3C8D2F"


@dataclass(frozen=True)
class Look:
    face: str        # a display face of pnp.fonts.DISPLAY_FACES
    body: str        # a body face of pnp.fonts.BODY_FACES, for all its other text
    ink: str         # the wordmark's and headings' colour on light paper
    accent: str      # the swash under the name
    ornaments: tuple[tuple[str, str], tuple[str, str]]  # (icon, colour) left and right of the name


def look(title: str) -> Look:
    """The look the game's kit module declares as LOOK; a KeyError naming the kit for a game
    whose kit has none (only page 1 has a plain fallback: the name in bold)."""
    found = kit_look(title)
    if found is None:
        raise KeyError(f"{title}'s kit module defines no LOOK, which its wordmark needs")
    return found


def wordmark(title: str, x: float, y: float, height: float, align: str = "left", max_width: float | None = None,
             on_dark: bool = False, middle: bool = False) -> tuple[Group, float, float]:
    """The game's wordmark with its top-left (or top-centre, `align="center"`) at (x, y), or
    its middle there when `middle`; `height` tall including its swash. Returns it with its
    width and height: `max_width` shrinks it to fit."""
    chosen = look(title)
    cap, below = cap_height(chosen.face), descent(chosen.face)
    size = height / (cap + below + 0.2)
    ornament = height * 0.8
    gap = height * 0.15
    width = measure(title, size, face=chosen.face) + 2 * (ornament + gap)
    if max_width is not None and width > max_width:
        return wordmark(title, x, y, height * max_width / width, align, None, on_dark, middle)
    if middle:
        y -= height / 2
    left = x - width / 2 if align == "center" else x
    text_x = left + ornament + gap
    text_w = width - 2 * (ornament + gap)
    baseline = y + cap * size
    swash_y = baseline + (below + 0.08) * size  # under the descenders, never through a letter
    ink = WHITE if on_dark else chosen.ink
    accent = lighten(chosen.accent, 0.2) if on_dark else chosen.accent
    swash = Path((("M", text_x, swash_y + height * 0.05),
                  ("C", text_x + text_w * 0.3, swash_y - height * 0.03, text_x + text_w * 0.7, swash_y + height * 0.09,
                   text_x + text_w, swash_y)),
                 Style(stroke=accent, stroke_width=height * 0.06))
    (left_icon, left_colour), (right_icon, right_colour) = chosen.ornaments
    shapes: list[Shape] = [
        swash,
        Text(text_x, baseline, title, size=size, face=chosen.face, fill=ink),
        Icon(left_icon, left + ornament / 2, y + height * 0.45, ornament, left_colour),
        Icon(right_icon, left + width - ornament / 2, y + height * 0.45, ornament, right_colour),
    ]
    return Group(tuple(shapes)), width, height


# --- the ornaments -------------------------------------------------------------------------------

@register_icon("look-sprout-die")
def sprout_die(size: float, color: str) -> Group:
    """A die showing five with a sprout growing from its top."""
    s = size
    edge = darken(color, 0.45)
    pips = sum((circle(s * px, s * py, s * 0.055) for px, py in
                ((0.32, 0.5), (0.68, 0.5), (0.5, 0.67), (0.32, 0.84), (0.68, 0.84))), ())
    return Group.of(
        stroke((("M", s * 0.5, s * 0.36), ("C", s * 0.5, s * 0.25, s * 0.48, s * 0.18, s * 0.5, s * 0.1)), SPROUT, s * 0.05),
        filled(leaf(s * 0.5, s * 0.2, s * 0.2, s * 0.06, s * 0.14) + leaf(s * 0.5, s * 0.16, s * 0.82, s * 0.02, s * 0.14),
               SPROUT, darken(SPROUT, 0.4), s * 0.02),
        Rect(s * 0.16, s * 0.34, s * 0.68, s * 0.64, Style(fill=color, stroke=edge, stroke_width=s * 0.04), radius=s * 0.12),
        filled(pips, WHITE, edge, s * 0.015))


@register_icon("look-wheat")
def wheat(size: float, color: str) -> Group:
    """An ear of wheat: grains up a bent stalk."""
    s = size
    edge = darken(color, 0.45)
    grains: Commands = ()
    for i in range(5):
        y = s * (0.7 - i * 0.13)
        grains += leaf(s * 0.5, y, s * 0.3, y - s * 0.14, s * 0.1) + leaf(s * 0.5, y, s * 0.7, y - s * 0.14, s * 0.1)
    grains += leaf(s * 0.5, s * 0.14, s * 0.5, s * 0.0, s * 0.1)
    return Group.of(stroke((("M", s * 0.5, s), ("C", s * 0.5, s * 0.7, s * 0.5, s * 0.4, s * 0.5, s * 0.12)),
                           edge, s * 0.05), filled(grains, color, edge, s * 0.02))


@register_icon("look-seedling-hex")
def seedling_hex(size: float, color: str) -> Group:
    """A seedling in a hexagonal plot."""
    s = size
    return Group.of(
        Polygon(regular_polygon(s / 2, s * 0.58, s * 0.42, 6, 30), Style(fill=lighten(color, 0.6), stroke=darken(color, 0.35),
                                                                           stroke_width=s * 0.04)),
        stroke((("M", s * 0.5, s * 0.8), ("C", s * 0.5, s * 0.6, s * 0.52, s * 0.5, s * 0.5, s * 0.42)), SPROUT, s * 0.05),
        filled(leaf(s * 0.5, s * 0.48, s * 0.18, s * 0.3, s * 0.16) + leaf(s * 0.5, s * 0.44, s * 0.84, s * 0.24, s * 0.16),
               SPROUT, darken(SPROUT, 0.4), s * 0.02))


@register_icon("look-gnome-hat")
def gnome_hat(size: float, color: str) -> Group:
    """A gnome's pointed hat over a white beard."""
    s = size
    beard = Path((("M", s * 0.22, s * 0.62), ("C", s * 0.24, s * 0.9, s * 0.4, s, s * 0.5, s),
                  ("C", s * 0.6, s, s * 0.76, s * 0.9, s * 0.78, s * 0.62), ("Z",)),
                 Style(fill=WHITE, stroke="#6E6E6E", stroke_width=s * 0.03))
    hat = Path((("M", s * 0.16, s * 0.64), ("C", s * 0.3, s * 0.4, s * 0.46, s * 0.14, s * 0.62, s * 0.02),
                ("C", s * 0.62, s * 0.3, s * 0.76, s * 0.5, s * 0.84, s * 0.64), ("Z",)),
               Style(fill=color, stroke=darken(color, 0.4), stroke_width=s * 0.035))
    nose = filled(circle(s * 0.5, s * 0.66, s * 0.07), "#F2B8A0", "#A0604A", s * 0.02)
    return Group.of(beard, hat, nose)
