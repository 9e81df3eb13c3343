"""Cottage Garden's art: the species' flowers on the tiles, the tile id in a corner, the
clipped hedge round each flowerbed and round the nursery's name plate, and the nursery as seed
trays of soil modules with seedlings, named on plant labels, inside a path of flagstones on gravel."""
from __future__ import annotations

import math
from functools import lru_cache

from pnp.art.flowers import species_icon
from pnp.art.shapes import LABEL_MM, blob, circle, filled, leaf, ring_of
from pnp.colors import INK, WHITE, darken, lighten
from pnp.icons import register_icon
from pnp.model import Group, Icon, Path, Rect, Shape, Style, Text

HEDGE = "#2F6B3A"
HEDGE_LIGHT = "#4C8A4F"
GRAVEL = "#D8CBA8"
PEBBLE = "#B9A985"
FLAGSTONE = "#F1ECE0"
FLAGSTONE_EDGE = "#8C7F66"
ID_TEXT = LABEL_MM  # the tile id: a label, 6.5 pt
BLEED = 3.0    # the build's bleed: the hedge and the gravel run on into it


def tile_flowers(species: str, colour: str, squares: list[tuple[float, float]], square: float,
                 share: float = 0.86) -> list[Shape]:
    """The species' flower on each of `squares` (their top-left corners): a bed of it, its
    square's pattern showing round it."""
    size = square * share
    return [Icon(species_icon(species), x + square / 2, y + square / 2, size, colour) for x, y in squares]


def tile_id(tile: str, x: float, y: float) -> list[Shape]:
    """The tile's id small in the corner at (x, y) of its square, on a white plate."""
    return [Rect(x + 0.5, y + 0.5, 5.6, 3.3, Style(fill=WHITE, stroke=INK, stroke_width=0.12), radius=0.8),
            Text(x + 3.3, y + 2.15, tile, size=ID_TEXT, align="center", anchor="middle", bold=True, fill=INK)]


def hedge(size: float, band: float, bleed: float) -> list[Shape]:
    """A clipped box hedge filling the border `band` of a square board of side `size` (and its
    bleed): rounded bushes along every side with a few flowers in them."""
    step = band * 1.5
    count = max(1, round((size + 2 * bleed) / step))
    pitch = (size + 2 * bleed) / count
    middle = band / 2
    spots = []
    for side in range(4):
        for i in range(count + 1):
            along = -bleed + i * pitch
            x, y = {0: (along, middle), 1: (size - middle, along), 2: (along, size - middle), 3: (middle, along)}[side]
            spots.append((side, i, x, y))
    return _bushes(spots, band, flower_every=3, petals=(0.16, 0.13))


def _bushes(spots: list[tuple[int, int, float, float]], band: float, flower_every: int,
            petals: tuple[float, float]) -> list[Shape]:
    """A hedge's rounded bushes, each with its shade, at the (side, number, x, y) spots, and a
    flower in every `flower_every`-th; petals are the flower's two radii in bands."""
    bushes: tuple = ()
    shade: tuple = ()
    flowers: tuple = ()
    for side, i, x, y in spots:
        bushes += blob(x, y, band * 0.62, 7, 0.16, i * 31 + side * 11)
        shade += circle(x + band * 0.14, y + band * 0.12, band * 0.26)
        if (i + side) % flower_every == 0:
            flowers += ring_of(5, x - band * 0.1, y - band * 0.12, 0.05, band * petals[0], band * petals[1])
    return [filled(bushes, HEDGE_LIGHT, HEDGE, 0.2, decorative=True), filled(shade, HEDGE, decorative=True),
            filled(flowers, "#F7D9E8", "#9C4A74", 0.1, decorative=True)]


def hedge_frame(x: float, y: float, width: float, height: float, band: float) -> list[Shape]:
    """A low clipped hedge `band` wide round the box (x, y, width, height), outside it, with a
    few flowers in it, as round a flowerbed: the frame of the nursery's name plate."""
    middle = band / 2
    x0, y0, x1, y1 = x - middle, y - middle, x + width + middle, y + height + middle
    sides = ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0))
    spots = []
    for side, (ax, ay, bx, by) in enumerate(sides):
        count = max(1, round(math.hypot(bx - ax, by - ay) / (band * 1.5)))
        spots += [(side, i, ax + (bx - ax) * i / count, ay + (by - ay) * i / count) for i in range(count)]
    return _bushes(spots, band, flower_every=4, petals=(0.18, 0.15))


@lru_cache(maxsize=8)
def hedge_icon(band: float) -> str:
    """The hedge of a `band` wide border as an icon: drawn once per build and placed on all
    eighteen flowerbed sides (`Icon(name, size / 2, size / 2, size, HEDGE)`), instead of
    writing its hundreds of curves out again for each."""
    name = f"cg-hedge-{band:g}"

    def drawing(size: float, color: str) -> Group:
        return Group(tuple(hedge(size, band, BLEED)))
    drawing.__qualname__ = "hedge_drawing"
    register_icon(name)(drawing)
    return name


def label_plate(cx: float, cy: float, width: float, height: float) -> Rect:
    """A dark plate under a label lying on the hedge, so the words sit on one colour."""
    return Rect(cx - width / 2, cy - height / 2, width, height, Style(fill=HEDGE, stroke=lighten(HEDGE, 0.4),
                                                                        stroke_width=0.15), radius=height / 2)


def gravel_path(width: float, height: float, garden: tuple[float, float, float, float], band: float,
                bleed: float) -> list[Shape]:
    """The gravel path the gardener walks round the nursery: a board `width` x `height` of
    gravel (and its bleed), scattered with pebbles round the `garden` box's inner lawn (its
    box less the outer `band`, where the track's flagstones lie)."""
    gx, gy, gw, gh = garden
    lawn = (gx + band, gy + band, gw - 2 * band, gh - 2 * band)
    pebbles: tuple = ()
    spacing = 5.5  # sparse: most of the path lies under the flagstones, and every pebble costs drawing time
    for i in range(int((width + 2 * bleed) / spacing) + 1):
        for j in range(int((height + 2 * bleed) / spacing) + 1):
            x, y = -bleed + i * spacing + (j % 2) * spacing / 2, -bleed + j * spacing
            if not (lawn[0] < x < lawn[0] + lawn[2] and lawn[1] < y < lawn[1] + lawn[3]):
                pebbles += circle(x, y, 0.5 + 0.3 * math.sin(i * 1.7 + j * 2.3))
    return [Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, Style(fill=GRAVEL, decorative=True)),
            filled(pebbles, PEBBLE, decorative=True),
            Rect(*lawn, Style(fill="#DCEBC9", stroke=darken(HEDGE, 0.1), stroke_width=1.2, decorative=True))]


FLAG_STYLE = Style(fill=FLAGSTONE, stroke=FLAGSTONE_EDGE, stroke_width=0.35)
FLAG_SHADOW = Style(fill=darken(PEBBLE, 0.3), decorative=True)


FLAG_JOINT = "#CFC5B0"  # the joints between a slab's stones: light, under its words


def flagstone(x: float, y: float, width: float, height: float) -> list[Shape]:
    """A stepping stone of the gardener's path: the slab laid as three stones (their joints a
    faint line), with the shadow it casts on the gravel below and to the right of it
    (decoration: the ink-saver build leaves the shadow and joints out)."""
    joints = _paving_joints(x, y, width, height)
    return [Rect(x + 0.7, y + 0.7, width, height, FLAG_SHADOW, radius=1.5),
            Rect(x, y, width, height, FLAG_STYLE, radius=1.5),
            *([Path(joints, Style(stroke=FLAG_JOINT, stroke_width=0.3, decorative=True))] if joints else [])]


def _paving_joints(x: float, y: float, width: float, height: float) -> tuple:
    """The joints between a slab's three stones: a line bent once across it at about a third
    and two thirds of its length (a corner's small square slab is one stone). Seeded by its
    place, so the path's slabs are laid differently and a build draws the same path every time."""
    long_way = width >= height
    length, depth = (width, height) if long_way else (height, width)
    if length < 2 * depth:
        return ()
    seed = x * 0.37 + y * 0.61
    commands: tuple = ()
    for k, share in enumerate((0.34, 0.67)):
        along = [length * (share + 0.025 * math.sin(seed * (3 + k) + i * 1.9) + (0.0, -0.02, 0.01)[i]) for i in range(3)]
        cross = (0.0, depth * (0.45 + 0.1 * math.sin(seed + k)), depth)
        points = [(x + a, y + c) if long_way else (x + c, y + a) for a, c in zip(along, cross)]
        commands += (("M", *points[0]), *(("L", *point) for point in points[1:]))
    return commands


TRAY = Style(fill="#EFE2C4", stroke="#9A6B43", stroke_width=0.9)
SOIL_TEXT = "#2F5E3B"


@register_icon("cg-sprouts")
def sprouts(size: float, color: str) -> Group:
    """A little clump of seedlings on a mound of earth."""
    s = size
    leaves = leaf(s * 0.3, s * 0.7, s * 0.06, s * 0.42, s * 0.16) + leaf(s * 0.32, s * 0.62, s * 0.46, s * 0.28, s * 0.15) + \
        leaf(s * 0.66, s * 0.7, s * 0.94, s * 0.4, s * 0.16) + leaf(s * 0.64, s * 0.62, s * 0.56, s * 0.22, s * 0.14)
    mound = Path((("M", s * 0.04, s * 0.9), ("C", s * 0.2, s * 0.62, s * 0.8, s * 0.62, s * 0.96, s * 0.9), ("Z",)),
                 Style(fill="#9A6B43", stroke="#6B4A2B", stroke_width=s * 0.03, decorative=True))
    return Group.of(filled(leaves, color, darken(color, 0.4), s * 0.03), mound)


MODULE = Style(fill="#E3CC9E", stroke="#C7A878", stroke_width=0.3, decorative=True)
SOIL_GRAIN = "#C9AB7C"


def tray_modules(x: float, y: float, width: float, height: float, columns: int, rows: int,
                 module: float) -> list[Shape]:
    """A seed tray's modules, `columns` x `rows` cells of side `module` centred in the tray
    (x, y, width, height), each filled with soil and a few grains in it; seedlings come up in
    the bottom corner modules and the middle of the bottom row. A tile laid in the tray lies
    on the modules as on a flowerbed's squares."""
    left, top = x + (width - columns * module) / 2, y + (height - rows * module) / 2
    cells = [(left + c * module, top + r * module) for r in range(rows) for c in range(columns)]
    grains: tuple = ()
    for i, (cx, cy) in enumerate(cells):
        for g in range(4):  # four grains a module, scattered the same way every build
            gx = cx + module * (0.2 + 0.6 * ((i * 7 + g * 3) % 5) / 4)
            gy = cy + module * (0.25 + 0.5 * ((i * 3 + g * 5) % 4) / 3)
            grains += circle(gx, gy, 0.35 + 0.15 * ((i + g) % 3))
    shapes: list[Shape] = [Rect(cx + 0.5, cy + 0.5, module - 1.0, module - 1.0, MODULE, radius=1.6) for cx, cy in cells]
    shapes.append(filled(grains, SOIL_GRAIN))
    bottom = top + (rows - 1) * module
    for column in sorted({0, columns // 2, columns - 1}):
        shapes.append(Icon("cg-sprouts", left + (column + 0.5) * module, bottom + module * 0.55, module * 0.62,
                           HEDGE_LIGHT))
    return shapes


def plant_label(cx: float, top: float, width: float, height: float) -> list[Shape]:
    """A white plant label, the kind pushed into a seed tray, under a space's name."""
    return [Rect(cx - width / 2, top, width, height, Style(fill=WHITE, stroke="#9A6B43", stroke_width=0.25),
                 radius=height / 2)]
