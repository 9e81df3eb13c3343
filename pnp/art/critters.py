"""Garden Variety's critters in four poses each, so a colour's nine cards are not nine
copies of one picture; each wildflower number has its own flower.

Pose one is the critter as the kit draws it (its icon, e.g. "gv-frog"); poses two to four
put that drawing into a little scene (hanging from a branch, on a lily pad, climbing a leaf,
visiting a flower, carrying its young, on a toadstool, catching a fly, at the hive, ...).
A scene keeps the top-left fifth of its square and its bottom-right corner clear: the
card's colour badges stand there. Each pose is an icon, so a pose is drawn once per build however
many cards show it. Drawings use a 100-unit square scaled to the icon's size.
"""
from __future__ import annotations

import math

from pnp.art.flowers import species_icon
from pnp.art.shapes import blob, circle, filled, leaf, ring_of, stroke
from pnp.colors import darken, lighten
from pnp.icons import icon_group, register_icon
from pnp.model import Group, Path, Shape, Style

BARK = "#7A5230"
FOLIAGE = "#3E8E41"
FOLIAGE_EDGE = "#245A28"
WATER = "#BFE3F2"
PINK = "#F4A6C8"
POSES = 4


def pose_icon(animal_icon: str, number: int | str) -> str:
    """The icon of the pose a card numbered `number` shows: the poses take turns along the
    numbers 1-9, so neighbouring numbers never share a picture (and, drawn larger as the
    numbers grow, no two cards of a colour do); the rare "0/10" card keeps the critter's own
    drawing."""
    pose = number % POSES if isinstance(number, int) else 0
    return animal_icon if pose == 0 else f"{animal_icon}-pose{pose + 1}"


# The flower each wildflower number shows, 2 to 9 (1 is the deck's own wildflower): a flower of
# the meadow in each of the drawing model's forms, so no two numbers share a picture and a
# number is told from its neighbours by its outline as well as its index (with three flowers
# taking turns by pairs of numbers, the box's 1 and 6 showed the same one). Drawn as Cottage
# Garden draws its species, in the wildflowers' orange.
WILDFLOWERS = {2: "Violet", 3: "Crocus", 4: "Cornflower", 5: "Forget-me-not", 6: "Foxglove", 7: "Sweet Pea",
               8: "Allium", 9: "Poppy"}


def wildflower_icon(own_icon: str, number: int | str) -> str:
    """The flower a wildflower card numbered `number` shows: the deck's own wildflower on a 1
    (or a number the deck's list adds outside 1-9), else its number's own flower."""
    species = WILDFLOWERS.get(number) if isinstance(number, int) else None
    return species_icon(species) if species else own_icon


def _critter(animal_icon: str, size: float, color: str, share: float, x: float, y: float,
             rotate: float = 0.0) -> Group:
    """The critter's own drawing at `share` of the square, its centre moved to (x, y) units."""
    u = size / 100
    drawn = size * share
    return Group((Group((icon_group(animal_icon, drawn, color),), translate=(-drawn / 2, -drawn / 2)),),
                 translate=(x * u, y * u), rotate=rotate)


def _branch(u: float) -> list[Shape]:
    leaves = leaf(38 * u, 10 * u, 28 * u, 22 * u, 8 * u) + leaf(62 * u, 9 * u, 74 * u, 20 * u, 8 * u) + \
        leaf(83 * u, 11 * u, 92 * u, 3 * u, 7 * u)
    # the branch starts 24 units in: from nearer the picture's edge it ran into the card's colour
    # badge (at 16 units, once the picture grew to 48 mm on the 7)
    return [stroke((("M", 24 * u, 10 * u), ("C", 44 * u, 7 * u, 62 * u, 14 * u, 94 * u, 8 * u)), BARK, 4 * u),
            filled(leaves, FOLIAGE, FOLIAGE_EDGE, 0.8 * u)]


def _small_flower(u: float, x: float, y: float, r: float, color: str) -> list[Shape]:
    return [stroke((("M", x * u, y * u), ("L", x * u, (y + r * 3) * u)), FOLIAGE, 1.6 * u),
            filled(ring_of(6, x * u, y * u, 0.5 * u, r * u, r * 0.75 * u), color, darken(color, 0.4), 0.6 * u),
            filled(circle(x * u, y * u, r * 0.32 * u), "#F2C12E", darken("#F2C12E", 0.4), 0.5 * u)]


def _motion(u: float, arcs: tuple[tuple[float, float, float], ...], color: str) -> Shape:
    commands: tuple = ()
    for x, y, length in arcs:
        commands += (("M", x * u, y * u), ("C", (x - length * 0.4) * u, (y - 3) * u, (x - length * 0.7) * u, (y - 3) * u,
                                            (x - length) * u, y * u))
    return stroke(commands, color, 1.8 * u)


def _register(animal_icon: str, pose: int):
    def decorator(function):
        register_icon(f"{animal_icon}-pose{pose}")(function)
        return function
    return decorator


@_register("gv-opossum", 2)
def opossum_hanging(size: float, color: str) -> Group:
    """Hanging by its tail from a branch, upside down."""
    u = size / 100
    return Group((*_branch(u), _critter("gv-opossum", size, color, 0.8, 60, 46, 180)))


@_register("gv-opossum", 3)
def opossum_sniffing(size: float, color: str) -> Group:
    """Sniffing a flower among grass."""
    u = size / 100
    grass = sum(((("M", x * u, 84 * u), ("L", (x + 3) * u, 74 * u)) for x in range(4, 100, 7)), ())
    return Group((stroke(grass, FOLIAGE, 1.6 * u), *_small_flower(u, 12, 52, 9, PINK),
                  _critter("gv-opossum", size, color, 0.86, 58, 45)))


@_register("gv-snail", 2)
def snail_climbing(size: float, color: str) -> Group:
    """Climbing a broad leaf."""
    u = size / 100
    # the leaf runs (80, 86) to (24, 22): from corner to corner it touched both colour badges, and
    # from (16, 16) the top one once the picture grew to 48 mm on the 7
    return Group((filled(leaf(80 * u, 86 * u, 24 * u, 22 * u, 44 * u), FOLIAGE, FOLIAGE_EDGE, 1.0 * u),
                  stroke((("M", 80 * u, 86 * u), ("L", 28 * u, 26 * u)), lighten(FOLIAGE, 0.35), 1.2 * u),
                  _critter("gv-snail", size, color, 0.74, 48, 50, 40)))


@_register("gv-snail", 3)
def snail_strawberry(size: float, color: str) -> Group:
    """Arriving at a strawberry."""
    u = size / 100
    berry = Path((("M", 20 * u, 62 * u), ("C", 34 * u, 60 * u, 36 * u, 74 * u, 22 * u, 92 * u),
                  ("C", 8 * u, 74 * u, 8 * u, 60 * u, 20 * u, 62 * u), ("Z",)),
                 Style(fill="#D7263D", stroke="#8A1424", stroke_width=0.8 * u))
    seeds = sum((circle(x * u, y * u, 0.9 * u) for x, y in ((16, 68), (24, 68), (20, 75), (15, 79), (25, 79), (20, 85))), ())
    calyx = ring_of(5, 20 * u, 61 * u, 0, 7 * u, 3 * u, 0.8)
    return Group((berry, filled(seeds, "#F6E27A"), filled(calyx, FOLIAGE, FOLIAGE_EDGE, 0.5 * u),
                  _critter("gv-snail", size, color, 0.76, 62, 50)))


@_register("gv-frog", 2)
def frog_lily_pad(size: float, color: str) -> Group:
    """Sitting on a lily pad, a water lily beside it. The pad and the lily keep above the
    square's last tenth and left of its right edge: drawn 45 mm across on a 4, a pad to the
    square's foot met the turned colour badge."""
    u = size / 100
    pad = Path((("M", 50 * u, 84 * u), ("L", 62 * u, 72 * u),
                ("C", 102 * u, 76 * u, 96 * u, 92 * u, 50 * u, 92 * u),
                ("C", 4 * u, 92 * u, -2 * u, 76 * u, 38 * u, 72 * u), ("Z",)),
               Style(fill="#4E9A4A", stroke=FOLIAGE_EDGE, stroke_width=0.9 * u))
    ripples = sum(((("M", x * u, y * u), ("C", (x + 6) * u, (y - 2) * u, (x + 12) * u, (y - 2) * u, (x + 18) * u, y * u))
                   for x, y in ((2, 68), (78, 64))), ())
    lily = filled(ring_of(8, 84 * u, 78 * u, 0, 9 * u, 4.5 * u, 0.7), "#FFFFFF", "#B07AA0", 0.6 * u)
    return Group((stroke(ripples, "#6FB6D6", 1.4 * u), pad, lily,
                  filled(circle(84 * u, 78 * u, 2.3 * u), "#F2C12E", "#9C7A12", 0.4 * u),
                  _critter("gv-frog", size, color, 0.78, 48, 43)))


@_register("gv-frog", 3)
def frog_leaping(size: float, color: str) -> Group:
    """Mid-leap, speed lines behind it."""
    u = size / 100
    return Group((_motion(u, ((30, 78, 24), (24, 88, 18), (36, 68, 16)), darken(color, 0.3)),
                  _critter("gv-frog", size, color, 0.8, 58, 44, 28)))


@_register("gv-bee", 2)
def bee_on_flower(size: float, color: str) -> Group:
    """Gathering pollen on a big open flower."""
    u = size / 100
    head = filled(ring_of(10, 50 * u, 80 * u, 2 * u, 26 * u, 11 * u, 0.2), "#FFFFFF", "#B48BB0", 0.8 * u)
    middle = filled(blob(50 * u, 80 * u, 9 * u, 9, 0.15), "#F2B705", "#9C7A12", 0.6 * u)
    return Group((head, middle, _critter("gv-bee", size, color, 0.7, 52, 46)))


@_register("gv-bee", 3)
def bee_looping(size: float, color: str) -> Group:
    """Looping the loop, its flight drawn as a dotted trail."""
    u = size / 100
    loop = []
    for i in range(61):
        t = i / 60 * 2 * math.pi * 1.25
        loop.append(("M" if i == 0 else "L", (14 + i * 0.9 + 14 * math.sin(t)) * u, (78 - 14 * math.cos(t) + 6) * u))
    trail = Path(tuple(loop), Style(stroke=darken(color, 0.45), stroke_width=1.3 * u, dash=(2.5 * u, 2.5 * u)))
    return Group((trail, _critter("gv-bee", size, color, 0.72, 58, 40, -12)))


@_register("gv-opossum", 4)
def opossum_carrying(size: float, color: str) -> Group:
    """Carrying its young on its back through the grass, as opossums do."""
    u = size / 100
    grass = sum(((("M", x * u, 86 * u), ("L", (x - 2) * u, 77 * u)) for x in range(24, 76, 8)), ())
    return Group((stroke(grass, FOLIAGE, 1.6 * u),
                  _critter("gv-opossum", size, color, 0.8, 56, 54),
                  _critter("gv-opossum", size, lighten(color, 0.25), 0.36, 62, 30)))


@_register("gv-snail", 4)
def snail_on_toadstool(size: float, color: str) -> Group:
    """Resting on top of a spotted toadstool."""
    u = size / 100
    stem = Path((("M", 44 * u, 62 * u), ("C", 42 * u, 74 * u, 40 * u, 82 * u, 38 * u, 88 * u), ("L", 62 * u, 88 * u),
                 ("C", 60 * u, 82 * u, 58 * u, 74 * u, 56 * u, 62 * u), ("Z",)),
                Style(fill="#F3E9D2", stroke="#9C8B6A", stroke_width=0.8 * u, decorative=True))
    cap = Path((("M", 22 * u, 64 * u), ("C", 24 * u, 40 * u, 76 * u, 40 * u, 78 * u, 64 * u), ("Z",)),
               Style(fill="#C0392B", stroke="#7A1F16", stroke_width=0.8 * u, decorative=True))
    spots = sum((circle(x * u, y * u, r * u) for x, y, r in ((34, 56, 3), (50, 50, 3.5), (64, 57, 2.6))), ())
    return Group((filled(sum((leaf(x * u, 88 * u, (x + dx) * u, 78 * u, 3 * u) for x, dx in ((34, -4), (66, 4))), ()),
                         FOLIAGE, FOLIAGE_EDGE, 0.5 * u),
                  stem, cap, filled(spots, "#FFFFFF", "#B0A8A0", 0.4 * u),
                  _critter("gv-snail", size, color, 0.58, 54, 30)))


@_register("gv-frog", 4)
def frog_catching_a_fly(size: float, color: str) -> Group:
    """Its tongue out after a fly."""
    u = size / 100
    tongue = stroke((("M", 48 * u, 70 * u), ("C", 62 * u, 70 * u, 76 * u, 56 * u, 84 * u, 42 * u)), "#E48AA0", 2.6 * u)
    wings = filled(sum((leaf(86 * u, 40 * u, (86 + dx) * u, 31 * u, 5 * u) for dx in (-4, 4)), ()), "#EAF4FB",
                   "#7F9CB0", 0.5 * u)
    fly = filled(circle(86 * u, 41 * u, 3 * u), "#2A2A2A")
    return Group((_critter("gv-frog", size, color, 0.72, 40, 60), tongue, wings, fly))


@_register("gv-bee", 4)
def bee_at_the_hive(size: float, color: str) -> Group:
    """Home at a straw hive, its door at the foot."""
    u = size / 100
    straw, edge = "#E2B65A", "#8A6420"
    rings = [filled(blob(60 * u, y * u, r * u, 10, 0.04), straw, edge, 0.7 * u) for y, r in
             ((76, 22), (64, 19), (53, 15), (43, 10))]
    door = filled(circle(60 * u, 83 * u, 4.5 * u), "#3A2A12")
    return Group((*rings, door, _critter("gv-bee", size, color, 0.46, 32, 34, -10)))
