"""Harvest Dice's art: the three vegetables drawn as vegetables (a lettuce head, a tomato, a
carrot) and the market stall the crops are sold at. Each is an icon drawn in a 100-unit
square scaled to the icon's size, so a drawing is made once per build however often it is
shown. The score sheet keeps the rulebook's plain shapes (square, circle, triangle) where
players draw and read: these pictures are decoration beside them."""
from __future__ import annotations

from pnp.art.shapes import Commands, blob, circle, filled, leaf
from pnp.colors import darken, lighten
from pnp.icons import register_icon
from pnp.model import Group, Path, Polygon, Rect, Shape, Style

LEAF = "#3C8D2F"
LEAF_EDGE = "#245A28"
WOOD = "#8A5A35"
WOOD_EDGE = "#5A3A20"
AWNING_WHITE = "#FFF8EC"
# A ripe tomato's red (hue 3°): Okabe-Ito's vermillion (hue 26°) printed orange-brown beside the
# carrot's orange. Its shape (a circle) still tells it from the carrot's triangle.
TOMATO = "#D42A1E"


BOLD = 0.035  # outline width as a share of the drawing's size: bold enough to read as a drawing, not clip-art


@register_icon("harvest-lettuce")
def lettuce(size: float, color: str) -> Group:
    """A head of lettuce: dark ruffled outer leaves, a brighter middle and a pale heart, with
    bold veins and a shine."""
    u = size / 100
    edge = darken(color, 0.55)
    outer = blob(50 * u, 56 * u, 38 * u, 9, 0.2)
    middle = blob(50 * u, 53 * u, 27 * u, 7, 0.22, 20)
    heart = blob(50 * u, 49 * u, 15 * u, 5, 0.25, 40)
    veins = (("M", 50 * u, 88 * u), ("L", 50 * u, 64 * u), ("M", 22 * u, 76 * u), ("L", 38 * u, 63 * u),
             ("M", 78 * u, 76 * u), ("L", 62 * u, 63 * u), ("M", 14 * u, 54 * u), ("L", 27 * u, 55 * u),
             ("M", 86 * u, 54 * u), ("L", 73 * u, 55 * u))
    return Group.of(filled(outer, darken(color, 0.2), edge, size * BOLD),
                    filled(middle, color, edge, size * BOLD * 0.7),
                    filled(heart, lighten(color, 0.55), edge, size * BOLD * 0.6),
                    Path(veins, Style(stroke=edge, stroke_width=size * 0.02)),
                    filled(circle(42 * u, 44 * u, 4 * u), lighten(color, 0.85)))


@register_icon("harvest-tomato")
def tomato(size: float, color: str) -> Group:
    """A ripe tomato: a round body, a shaded side, a bright shine and a bold green calyx."""
    u = size / 100
    calyx = sum((leaf(50 * u, 28 * u, (50 + dx) * u, (28 + dy) * u, 11 * u)
                 for dx, dy in ((-24, -2), (24, -2), (-13, 14), (13, 14), (0, -17))), ())
    shade = (("M", 86 * u, 50 * u), ("C", 92 * u, 80 * u, 66 * u, 98 * u, 40 * u, 94 * u),
             ("C", 66 * u, 88 * u, 82 * u, 72 * u, 86 * u, 50 * u), ("Z",))
    return Group.of(filled(circle(50 * u, 58 * u, 38 * u), color, darken(color, 0.5), size * BOLD),
                    filled(shade, darken(color, 0.25)),
                    filled(circle(33 * u, 45 * u, 8 * u), lighten(color, 0.75)),
                    filled(circle(26 * u, 56 * u, 3 * u), lighten(color, 0.75)),
                    filled(calyx, LEAF, LEAF_EDGE, size * BOLD * 0.6),
                    Rect(46 * u, 8 * u, 8 * u, 16 * u, Style(fill=LEAF_EDGE, decorative=True), radius=3 * u))


@register_icon("harvest-carrot")
def carrot(size: float, color: str) -> Group:
    """A carrot, point down: a bushy top of five leaves, a shaded side and bold rings."""
    u = size / 100
    edge = darken(color, 0.5)
    root = (("M", 28 * u, 34 * u), ("C", 30 * u, 60 * u, 44 * u, 84 * u, 52 * u, 98 * u),
            ("C", 58 * u, 84 * u, 72 * u, 60 * u, 74 * u, 34 * u), ("C", 60 * u, 27 * u, 42 * u, 27 * u, 28 * u, 34 * u),
            ("Z",))
    shade = (("M", 74 * u, 34 * u), ("C", 72 * u, 60 * u, 58 * u, 84 * u, 52 * u, 98 * u),
             ("C", 56 * u, 80 * u, 62 * u, 58 * u, 62 * u, 31 * u), ("Z",))
    tops = sum((leaf(51 * u, 32 * u, x * u, y * u, 11 * u) for x, y in ((22, 8), (36, 2), (51, 0), (66, 2), (80, 8))), ())
    rings = (("M", 36 * u, 48 * u), ("L", 50 * u, 51 * u), ("M", 42 * u, 64 * u), ("L", 56 * u, 62 * u),
             ("M", 46 * u, 79 * u), ("L", 55 * u, 78 * u))
    return Group.of(filled(tops, LEAF, LEAF_EDGE, size * BOLD * 0.6), filled(root, color, edge, size * BOLD),
                    filled(shade, darken(color, 0.2)),
                    filled(circle(38 * u, 40 * u, 3.5 * u), lighten(color, 0.7)),
                    Path(rings, Style(stroke=edge, stroke_width=size * 0.025)))


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
                               Style(fill=fill, stroke=darken(color, 0.4), stroke_width=size * 0.025,
                                     decorative=True)))
    scallops = sum((circle((7 + k * 14 + 7) * u, 31 * u, 7 * u) for k in range(6)), ())
    posts = Style(fill=WOOD, stroke=WOOD_EDGE, stroke_width=size * 0.025, decorative=True)
    counter = Rect(4 * u, 64 * u, 92 * u, 32 * u, posts, radius=2 * u)
    crates: list[Shape] = []
    for k, (icon, tint) in enumerate(((lettuce, "#009E73"), (tomato, TOMATO), (carrot, "#E69F00"))):
        x = (9 + k * 29) * u
        crates.append(Group((icon(24 * u, tint),), translate=(x + 1 * u, 44 * u)))
        crates.append(Rect(x, 60 * u, 26 * u, 14 * u, Style(fill=lighten(WOOD, 0.35), stroke=WOOD_EDGE,
                                                            stroke_width=size * 0.025, decorative=True)))
    return Group.of(Rect(10 * u, 28 * u, 5 * u, 50 * u, posts), Rect(85 * u, 28 * u, 5 * u, 50 * u, posts),
                    counter, *crates, *stripes,
                    filled(scallops, AWNING_WHITE, darken(color, 0.4), size * 0.025))


# The start player's plate is a pig seen from the side, facing left: its outline a smooth curve
# through these points (mm, in a 116 x 44 box; the legs' points stop at 43.5, as the curve
# bulges 0.25 mm past them), which a pair of scissors follows in one cut: snout, ear, back,
# rump, two stubby legs a side drawn as one, chin. Rounded everywhere, no notch to snip.
PIG_OUTLINE = ((2.0, 15.0), (0.0, 21.0), (2.0, 27.0), (9.0, 33.0), (18.0, 38.0), (20.0, 43.5),
               (30.0, 43.5), (34.0, 39.0), (56.0, 41.0), (78.0, 39.0), (82.0, 43.5), (92.0, 43.5),
               (96.0, 37.0), (108.0, 32.0), (116.0, 22.0), (110.0, 9.0), (92.0, 3.0), (62.0, 2.0),
               (38.0, 5.0), (31.0, 0.0), (24.0, 8.0), (12.0, 10.0))
PIG_OUTLINE_SIZE = (116.0, 44.0)


def smooth_outline(points: tuple[tuple[float, float], ...]) -> Commands:
    """A closed curve through every point (Catmull-Rom, as cubic Beziers)."""
    commands: list[tuple] = [("M", *points[0])]
    count = len(points)
    for i in range(count):
        p0, p1, p2, p3 = (points[(i + k) % count] for k in (-1, 0, 1, 2))
        commands.append(("C", p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6,
                         p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6, *p2))
    return (*commands, ("Z",))


def pig_plate_outline(x: float, y: float, facing_right: bool = False) -> Commands:
    """The plate's outline with its box's top-left at (x, y): facing left, or (`facing_right`)
    the same outline seen from behind."""
    width = PIG_OUTLINE_SIZE[0]
    return smooth_outline(tuple((x + (width - px if facing_right else px), y + py) for px, py in PIG_OUTLINE))


def pig_plate_face(x: float, y: float, pink: str, facing_right: bool = False) -> Group:
    """The pig's face, tail and trotters on the plate drawn by pig_plate_outline at (x, y): an
    eye, an ear's inside, the snout's disc with its nostrils, a smile, a curly tail and a hoof
    line on each leg, in the pink's deep shades (the plate's own colour is drawn by the kit)."""
    width = PIG_OUTLINE_SIZE[0]

    def at(px: float, py: float) -> tuple[float, float]:
        return (x + (width - px if facing_right else px), y + py)

    deep = darken(pink, 0.45)
    line = Style(stroke=deep, stroke_width=0.6)
    snout = filled(circle(*at(5.5, 21.0), 4.6), lighten(pink, 0.35), deep, 0.5)
    nostrils = filled(circle(*at(4.2, 19.6), 0.8) + circle(*at(4.2, 22.6), 0.8), deep)
    eye = filled(circle(*at(18.0, 16.0), 1.5), darken(pink, 0.75))
    shine = filled(circle(*at(17.5, 15.5), 0.45), "#FFFFFF")
    ear = filled(smooth_outline((at(26.0, 9.0), at(30.5, 3.5), at(33.5, 8.0))), darken(pink, 0.15))
    smile = (("M", *at(9.0, 27.0)), ("C", *at(12.0, 30.0), *at(16.0, 30.0), *at(19.0, 28.0)))
    tail = (("M", *at(102.0, 17.0)), ("C", *at(104.0, 11.0), *at(109.0, 13.0), *at(106.0, 16.0)),
            ("C", *at(104.0, 18.0), *at(102.0, 14.0), *at(105.0, 12.0)))
    hooves = sum(((("M", *at(a, 42.0)), ("L", *at(b, 42.0))) for a, b in ((21.0, 29.5), (82.5, 91.0))), ())
    return Group.of(snout, nostrils, eye, shine, ear, Path(smile, line), Path(tail, line), Path(hooves, line))
