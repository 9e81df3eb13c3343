"""Harvest Dice's art: the three vegetables drawn as vegetables (a lettuce head, a tomato, a
carrot) and the market stall the crops are sold at. Each is an icon drawn in a 100-unit
square scaled to the icon's size, so a drawing is made once per build however often it is
shown. The score sheet keeps the rulebook's plain shapes (square, circle, triangle) where
players draw and read: these pictures are decoration beside them."""
from __future__ import annotations

from pnp.art.shapes import blob, circle, filled, leaf
from pnp.colors import darken, lighten
from pnp.icons import register_icon
from pnp.model import Group, Path, Polygon, Rect, Shape, Style

LEAF = "#3C8D2F"
LEAF_EDGE = "#245A28"
WOOD = "#8A5A35"
WOOD_EDGE = "#5A3A20"
AWNING_WHITE = "#FFF8EC"


@register_icon("harvest-lettuce")
def lettuce(size: float, color: str) -> Group:
    """A head of lettuce: ruffled outer leaves round a paler heart."""
    u = size / 100
    edge = darken(color, 0.45)
    outer = blob(50 * u, 56 * u, 38 * u, 9, 0.16)
    middle = blob(50 * u, 52 * u, 26 * u, 7, 0.18, 20)
    heart = blob(50 * u, 48 * u, 14 * u, 5, 0.2, 40)
    veins = (("M", 50 * u, 86 * u), ("L", 50 * u, 62 * u), ("M", 24 * u, 74 * u), ("L", 38 * u, 62 * u),
             ("M", 76 * u, 74 * u), ("L", 62 * u, 62 * u))
    return Group.of(filled(outer, color, edge, size * 0.02), filled(middle, lighten(color, 0.3), edge, size * 0.015),
                    filled(heart, lighten(color, 0.6), edge, size * 0.012),
                    Path(veins, Style(stroke=edge, stroke_width=size * 0.015)))


@register_icon("harvest-tomato")
def tomato(size: float, color: str) -> Group:
    """A round tomato with its green star of a calyx and a shine."""
    u = size / 100
    calyx = sum((leaf(50 * u, 30 * u, (50 + dx) * u, (30 + dy) * u, 9 * u)
                 for dx, dy in ((-22, -4), (22, -4), (-12, 12), (12, 12), (0, -16))), ())
    return Group.of(filled(circle(50 * u, 58 * u, 38 * u), color, darken(color, 0.4), size * 0.02),
                    filled(circle(35 * u, 46 * u, 7 * u), lighten(color, 0.6)),
                    filled(calyx, LEAF, LEAF_EDGE, size * 0.012),
                    Rect(47 * u, 10 * u, 6 * u, 14 * u, Style(fill=LEAF_EDGE, decorative=True), radius=2 * u))


@register_icon("harvest-carrot")
def carrot(size: float, color: str) -> Group:
    """A carrot, point down, with its feathery top and a few rings."""
    u = size / 100
    edge = darken(color, 0.4)
    root = (("M", 30 * u, 34 * u), ("C", 32 * u, 60 * u, 44 * u, 84 * u, 52 * u, 97 * u),
            ("C", 58 * u, 84 * u, 70 * u, 60 * u, 72 * u, 34 * u), ("C", 60 * u, 28 * u, 42 * u, 28 * u, 30 * u, 34 * u),
            ("Z",))
    tops = sum((leaf(51 * u, 32 * u, x * u, y * u, 10 * u) for x, y in ((28, 4), (50, 2), (72, 6))), ())
    rings = (("M", 38 * u, 50 * u), ("L", 52 * u, 52 * u), ("M", 44 * u, 66 * u), ("L", 58 * u, 64 * u),
             ("M", 47 * u, 80 * u), ("L", 55 * u, 79 * u))
    return Group.of(filled(tops, LEAF, LEAF_EDGE, size * 0.012), filled(root, color, edge, size * 0.02),
                    Path(rings, Style(stroke=edge, stroke_width=size * 0.02)))


@register_icon("harvest-market")
def market_stall(size: float, color: str) -> Group:
    """A market stall: a scalloped awning striped in `color`, two posts, and a counter with a
    crate of each vegetable."""
    u = size / 100
    stripes = []
    for k in range(6):
        x = (8 + k * 14) * u
        fill = color if k % 2 == 0 else AWNING_WHITE
        stripes.append(Polygon(((x + 4 * u, 8 * u), (x + 18 * u, 8 * u), (x + 14 * u, 30 * u), (x, 30 * u)),
                               Style(fill=fill, stroke=darken(color, 0.4), stroke_width=size * 0.012,
                                     decorative=True)))
    scallops = sum((circle((7 + k * 14 + 7) * u, 31 * u, 7 * u) for k in range(6)), ())
    posts = Style(fill=WOOD, stroke=WOOD_EDGE, stroke_width=size * 0.012, decorative=True)
    counter = Rect(4 * u, 64 * u, 92 * u, 32 * u, posts, radius=2 * u)
    crates: list[Shape] = []
    for k, (icon, tint) in enumerate(((lettuce, "#009E73"), (tomato, "#D55E00"), (carrot, "#E69F00"))):
        x = (9 + k * 29) * u
        crates.append(Group((icon(24 * u, tint),), translate=(x + 1 * u, 44 * u)))
        crates.append(Rect(x, 60 * u, 26 * u, 14 * u, Style(fill=lighten(WOOD, 0.35), stroke=WOOD_EDGE,
                                                            stroke_width=size * 0.012, decorative=True)))
    return Group.of(Rect(10 * u, 28 * u, 5 * u, 50 * u, posts), Rect(85 * u, 28 * u, 5 * u, 50 * u, posts),
                    counter, *crates, *stripes,
                    filled(scallops, AWNING_WHITE, darken(color, 0.4), size * 0.012))
