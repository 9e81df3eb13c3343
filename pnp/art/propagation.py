"""Propagation's art: the board framed as a raised garden bed of timber planks, a tomato vine
climbing along them, each hex a bed of tilled soil on a grassy lawn, an apple tree and a
vegetable patch growing in its bottom corners, and the bonus cards with a potted seedling and a
watering can at their foot, on a strip of tilled soil with sprouts."""
from __future__ import annotations

import math

from pnp.art.shapes import blob, circle, filled, leaf, stroke
from pnp.colors import darken
from pnp.icons import register_icon
from pnp.model import Group, Icon, Path, Rect, Shape, Style

TIMBER = "#A4784A"
TIMBER_EDGE = "#6B4A2B"
VINE = "#3E8E41"
VINE_EDGE = "#245A28"
TERRACOTTA = "#C4673A"
CAN = "#6C9BB8"
BARK = "#7A4E2D"
CROWN = "#5E9C4C"
FRUIT = "#C8452C"
CARROT = "#E08A2C"
SOIL = "#8C6D46"
# The board's textures: light inks (luminance 0.6 or more) a shade off the soil and the lawn,
# so they print cheaply and the tokens and words on them stay the strongest marks.
SOIL_CRUMB = "#E0CCA6"
FURROW = "#E3D3B4"
SOIL_SHADE = "#E6D2AE"
GRASS = "#C4DBB3"
PLANK = 3.5   # the frame's width inside the trim, mm: clear of the 5 mm board margin's contents
BLEED = 3.0


POST = PLANK + 0.6  # a corner post, square, from the cut line in: a little wider than the planks it joins
GRAIN = 2.2         # the grain's line along a plank, from the cut: its waves keep 1.5 mm inside it


def board_frame(width: float, height: float) -> list[Shape]:
    """Timber planks round the board, joined by corner posts, both running on into the bleed:
    a cut a little off neither slices a post nor leaves a sliver of one beyond a plank (the
    posts stood 0.6 mm past the cut line; pnp.checks.frames_at_cut). The grain and the posts'
    bolts keep 1.5 mm inside the cut."""
    wood = Style(fill=TIMBER, stroke=TIMBER_EDGE, stroke_width=0.35, decorative=True)
    outer = PLANK + BLEED
    grain = Style(stroke=darken(TIMBER, 0.2), stroke_width=0.2)
    shapes: list[Shape] = [
        Rect(-BLEED, -BLEED, width + 2 * BLEED, outer, wood),
        Rect(-BLEED, height - PLANK, width + 2 * BLEED, outer, wood),
        Rect(-BLEED, -BLEED, outer, height + 2 * BLEED, wood),
        Rect(width - PLANK, -BLEED, outer, height + 2 * BLEED, wood),
    ]
    lines: tuple = ()
    for y in (GRAIN, height - GRAIN):
        lines += (("M", POST + 4, y), ("C", width * 0.3, y + 0.4, width * 0.6, y - 0.4, width - POST - 4, y))
    for x in (GRAIN, width - GRAIN):
        lines += (("M", x, POST + 4), ("C", x + 0.4, height * 0.4, x - 0.4, height * 0.6, x, height - POST - 4))
    shapes.append(Path(lines, grain))
    post = Style(fill=darken(TIMBER, 0.15), stroke=TIMBER_EDGE, stroke_width=0.35, decorative=True)
    for left, top in ((True, True), (False, True), (True, False), (False, False)):
        x = -BLEED if left else width - POST
        y = -BLEED if top else height - POST
        shapes.append(Rect(x, y, POST + BLEED, POST + BLEED, post, radius=0.6))
        bolt_x = POST / 2 if left else width - POST / 2
        bolt_y = POST / 2 if top else height - POST / 2
        shapes.append(filled(circle(bolt_x, bolt_y, 0.5), TIMBER_EDGE))
    return shapes


# A tomato vine climbing along the frame's planks: its stem on the plank, leaves in a light
# green to either side (the outer ones lying nearly along the stem, 1.5 mm or more inside the
# cut, the inner ones leaning over the plank's inner edge onto the lawn, short of the beds),
# and a pair of small red fruit every third leaf: the frame drawn as a garden's, in light inks.
VINE_STEM = 2.3       # the stem's line along a plank, from the cut
VINE_STEP = 7.0       # from one leaf to the next along the stem
VINE_LEAF = "#8FC27E"
VINE_RUN_END = POST + 2.0  # the vine stops this far from each corner, clear of the posts


def _vine_run(length: float, reach: float) -> tuple[tuple, tuple, tuple]:
    """A vine along a run `length` mm long on the x axis, its stem at VINE_STEM (the cut at y
    0, the lawn beyond PLANK), its inner leaves' tips `reach` mm in from the stem: the stem's,
    the leaves' and the fruit's path commands."""
    start, end = VINE_RUN_END, length - VINE_RUN_END
    stem: tuple = (("M", start, VINE_STEM),)
    leaves: tuple = ()
    fruit: tuple = ()
    x, index = start, 0
    while x + VINE_STEP <= end:
        middle = x + VINE_STEP / 2
        stem += (("C", x + VINE_STEP * 0.3, VINE_STEM - 0.35, middle, VINE_STEM + 0.35, x + VINE_STEP, VINE_STEM),)
        # an outer leaf's outline (its control points too) keeps 1.6 mm inside the cut
        tip_y = VINE_STEM + (reach if index % 2 == 0 else -0.3)
        leaves += leaf(middle, VINE_STEM, middle + 2.4, tip_y, 0.9)
        if index % 3 == 1:
            fruit += circle(middle - 1.2, VINE_STEM + 0.1, 0.5) + circle(middle - 0.3, VINE_STEM + 0.6, 0.45)
        x += VINE_STEP
        index += 1
    return stem, leaves, fruit


def frame_vine(width: float, height: float, reach: float = 1.9) -> list[Shape]:
    """A tomato vine along each of the four planks of a frame `width` x `height` (see
    _vine_run), the same in every build; its inner leaves reach `reach` mm in from the stem,
    over the plank's edge onto the lawn (0.3: along the stem, where beds come up to the plank)."""
    def placed(commands: tuple, side: str) -> tuple:
        """A run's commands moved onto a side: along the top, along the bottom (its lawn
        above it), down the left or down the right."""
        def point(x: float, y: float) -> tuple[float, float]:
            return {"top": (x, y), "bottom": (x, height - y), "left": (y, x), "right": (width - y, x)}[side]
        moved: tuple = ()
        for command in commands:
            coords = command[1:]
            pairs = [point(coords[i], coords[i + 1]) for i in range(0, len(coords), 2)]
            moved += ((command[0], *(value for pair in pairs for value in pair)),)
        return moved

    stems: tuple = ()
    leaves: tuple = ()
    fruit: tuple = ()
    for side in ("top", "bottom", "left", "right"):
        stem, leaf_paths, fruit_paths = _vine_run(width if side in ("top", "bottom") else height, reach)
        stems += placed(stem, side)
        leaves += placed(leaf_paths, side)
        fruit += placed(fruit_paths, side)
    return [Path(stems, Style(stroke=VINE_EDGE, stroke_width=0.35, decorative=True)),
            filled(leaves, VINE_LEAF, VINE_EDGE, 0.12),
            filled(fruit, FRUIT, darken(FRUIT, 0.35), 0.1)]


def _jitter(i: int, j: int, salt: float) -> float:
    """A repeatable scatter in -1..1, so the texture is the same in every build."""
    return math.sin(i * 12.9898 + j * 78.233 + salt) * 0.5 + math.sin(i * 3.7 - j * 5.3 + salt * 2) * 0.5


def soil_texture(centres: list[tuple[float, float]], size: float) -> list[Shape]:
    """Tilled soil in each hex (centre to corner `size`): a shade along the inside of its upper
    sides, as a bed sunk a little below the lawn, three furrows across it and a scatter of
    crumbs between them, each one Path for the whole board."""
    crumbs: tuple = ()
    furrows: tuple = ()
    shade: tuple = ()
    inner = size * 0.98 - 0.25 - 0.7  # the shade (1.4 mm) against the inside of the outline (0.5 mm)
    for index, (cx, cy) in enumerate(centres):
        corners = [(cx + inner * math.cos(math.radians(a)), cy + inner * math.sin(math.radians(a))) for a in (180, 240, 300, 360)]
        shade += (("M", *corners[0]), *(("L", x, y) for x, y in corners[1:]))
        for row, dy in enumerate((-0.42, 0.0, 0.42)):
            y = cy + dy * size
            half = size * (0.62 if row == 1 else 0.45)
            furrows += (("M", cx - half, y), ("C", cx - half / 3, y - 0.8, cx + half / 3, y + 0.8, cx + half, y))
        for k in range(7):
            angle = _jitter(index, k, 1.0) * math.pi
            reach = size * (0.2 + 0.45 * abs(_jitter(k, index, 2.0)))
            crumbs += circle(cx + reach * math.cos(angle), cy + reach * math.sin(angle) * 0.8,
                             0.35 + 0.2 * abs(_jitter(index, k, 3.0)))
    return [Path(shade, Style(stroke=SOIL_SHADE, stroke_width=1.4, decorative=True)),
            Path(furrows, Style(stroke=FURROW, stroke_width=0.5, decorative=True)),
            filled(crumbs, SOIL_CRUMB, decorative=True)]


def lawn_tufts(width: float, height: float, keep_clear: list[tuple[float, float, float, float]],
               spacing: float = 7.0) -> list[Shape]:
    """Short blades of grass scattered over the lawn (and under the hexes, which cover them),
    none in the `keep_clear` boxes (x0, y0, x1, y1: the words in the lawn's corners)."""
    blades: tuple = ()
    for i in range(int(width / spacing) + 1):
        for j in range(int(height / spacing) + 1):
            x = PLANK + 2 + i * spacing + _jitter(i, j, 4.0) * spacing * 0.3
            y = PLANK + 2 + j * spacing + _jitter(j, i, 5.0) * spacing * 0.3
            if x > width - PLANK - 2 or y > height - PLANK - 2 or \
                    any(x0 - 2 < x < x1 + 2 and y0 - 2 < y < y1 + 2 for x0, y0, x1, y1 in keep_clear):
                continue
            blades += (("M", x - 0.8, y - 1.2), ("L", x, y), ("L", x + 0.2, y - 1.6), ("M", x, y), ("L", x + 0.9, y - 1.1))
    return [Path(blades, Style(stroke=GRASS, stroke_width=0.3, decorative=True))]


# Wildflowers dotted over the lawn round the beds, in light inks that stay under the board's
# words and tokens: (species, colour) by turns, drawn as Cottage Garden draws its flowers.
LAWN_FLOWERS = (("Daisy", "#FFFFFF"), ("Forget-me-not", "#56B4E9"), ("Primrose", "#F0E442"),
                ("Cosmos", "#E7A6CB"))
LAWN_FLOWER = 5.5   # a flower's drawing, mm across
LAWN_STEP = 6.5     # the grid the flowers are scattered from


def lawn_flowers(width: float, height: float, beds: list[tuple[float, float]], bed_size: float,
                 keep_clear: list[tuple[float, float, float, float]]) -> list[Shape]:
    """Small wildflowers in the lawn the hex beds (centres `beds`, centre to corner `bed_size`)
    leave free, inside the frame and off the `keep_clear` boxes (x0, y0, x1, y1: the words and
    the corner pictures), scattered the same in every build."""
    from pnp.art.flowers import species_icon

    half = LAWN_FLOWER / 2
    inside = PLANK + 1.5 + half
    shapes: list[Shape] = []
    for i in range(int(width / LAWN_STEP) + 1):
        for j in range(int(height / LAWN_STEP) + 1):
            if _jitter(i, j, 7.0) < 0.1:  # about half the free places: clumps and gaps, not a grid
                continue
            x = inside + i * LAWN_STEP + _jitter(i, j, 8.0) * LAWN_STEP * 0.25
            y = inside + j * LAWN_STEP + _jitter(j, i, 9.0) * LAWN_STEP * 0.25
            if not (inside <= x <= width - inside and inside <= y <= height - inside):
                continue
            if any(math.hypot(x - bx, y - by) < bed_size + half + 0.8 for bx, by in beds):
                continue
            if any(x0 - half - 1 < x < x1 + half + 1 and y0 - half - 1 < y < y1 + half + 1 for x0, y0, x1, y1 in keep_clear):
                continue
            species, colour = LAWN_FLOWERS[(i * 7 + j * 3) % len(LAWN_FLOWERS)]
            shapes.append(Icon(species_icon(species), x, y, LAWN_FLOWER, colour))
    return shapes


@register_icon("propagation-potted-seedling")
def potted_seedling(size: float, color: str) -> Group:
    """A seedling in a terracotta pot (`color`: its leaves)."""
    s = size
    pot = Path((("M", s * 0.22, s * 0.58), ("L", s * 0.78, s * 0.58), ("L", s * 0.7, s * 0.98), ("L", s * 0.3, s * 0.98),
                ("Z",)), Style(fill=TERRACOTTA, stroke=darken(TERRACOTTA, 0.4), stroke_width=s * 0.03))
    rim = Rect(s * 0.17, s * 0.52, s * 0.66, s * 0.1, Style(fill=TERRACOTTA, stroke=darken(TERRACOTTA, 0.4),
                                                             stroke_width=s * 0.03), radius=s * 0.02)
    leaves = leaf(s * 0.5, s * 0.36, s * 0.14, s * 0.16, s * 0.2) + leaf(s * 0.5, s * 0.3, s * 0.88, s * 0.06, s * 0.22)
    return Group.of(stroke((("M", s * 0.5, s * 0.54), ("C", s * 0.48, s * 0.4, s * 0.52, s * 0.3, s * 0.5, s * 0.22)),
                           color, s * 0.05),
                    filled(leaves, color, darken(color, 0.4), s * 0.025), pot, rim)


@register_icon("propagation-watering-can")
def watering_can(size: float, color: str) -> Group:
    """A watering can, drops falling from its rose."""
    s = size
    edge = darken(color, 0.4)
    body = Rect(s * 0.2, s * 0.42, s * 0.48, s * 0.44, Style(fill=color, stroke=edge, stroke_width=s * 0.03), radius=s * 0.05)
    spout = Path((("M", s * 0.66, s * 0.74), ("L", s * 0.9, s * 0.4), ("L", s * 0.95, s * 0.44), ("L", s * 0.68, s * 0.84),
                  ("Z",)), Style(fill=color, stroke=edge, stroke_width=s * 0.03))
    handle = Path((("M", s * 0.26, s * 0.44), ("C", s * 0.26, s * 0.2, s * 0.6, s * 0.2, s * 0.62, s * 0.44)),
                  Style(stroke=edge, stroke_width=s * 0.05))
    drops = sum((circle(s * x, s * y, s * 0.03) for x, y in ((0.96, 0.54), (0.9, 0.62), (0.98, 0.68))), ())
    return Group.of(handle, spout, body, filled(drops, "#56B4E9", darken("#56B4E9", 0.3), s * 0.01))


@register_icon("propagation-apple-tree-art")
def apple_tree_art(size: float, color: str) -> Group:
    """A young apple tree on a tuft of grass (`color`: its leaves), for the board's corner."""
    s = size
    trunk = Path((("M", s * 0.46, s * 0.95), ("C", s * 0.47, s * 0.75, s * 0.45, s * 0.62, s * 0.42, s * 0.52),
                  ("L", s * 0.5, s * 0.58), ("L", s * 0.58, s * 0.5), ("C", s * 0.55, s * 0.62, s * 0.54, s * 0.75,
                                                                       s * 0.55, s * 0.95), ("Z",)),
                 Style(fill=BARK, stroke=darken(BARK, 0.3), stroke_width=s * 0.012, decorative=True))
    crown = blob(s * 0.5, s * 0.36, s * 0.3, 9, 0.2)
    apples = sum((circle(s * x, s * y, s * 0.04) for x, y in ((0.34, 0.3), (0.6, 0.24), (0.68, 0.44),
                                                              (0.42, 0.48), (0.5, 0.36))), ())
    grass = sum((leaf(s * x, s * 0.96, s * (x + dx), s * 0.8, s * 0.03) for x, dx in
                 ((0.3, -0.05), (0.36, 0.02), (0.62, 0.03), (0.68, 0.07))), ())
    return Group.of(filled(grass, VINE, VINE_EDGE, s * 0.01), trunk, filled(crown, color, darken(color, 0.35), s * 0.015),
                    filled(apples, FRUIT, darken(FRUIT, 0.35), s * 0.01))


@register_icon("propagation-vegetable-patch-art")
def vegetable_patch_art(size: float, color: str) -> Group:
    """A mound of soil with carrot tops and a staked tomato plant (`color`: the leaves)."""
    s = size
    mound = Path((("M", s * 0.02, s * 0.96), ("C", s * 0.2, s * 0.74, s * 0.8, s * 0.74, s * 0.98, s * 0.96), ("Z",)),
                 Style(fill=SOIL, stroke=darken(SOIL, 0.3), stroke_width=s * 0.012, decorative=True))
    carrots = sum((leaf(s * x, s * 0.84, s * (x + dx), s * 0.58, s * 0.05) for x in (0.14, 0.3) for dx in (-0.06, 0.0, 0.06)),
                  ())
    shoulders = sum((circle(s * x, s * 0.85, s * 0.035) for x in (0.14, 0.3)), ())
    stake = Path((("M", s * 0.7, s * 0.9), ("L", s * 0.7, s * 0.16)), Style(stroke=BARK, stroke_width=s * 0.025))
    leaves = sum((leaf(s * 0.7, s * y, s * (0.7 + dx), s * (y - 0.08), s * 0.06) for y, dx in
                  ((0.72, -0.16), (0.6, 0.16), (0.46, -0.15), (0.34, 0.15), (0.24, -0.12))), ())
    tomatoes = sum((circle(s * x, s * y, s * 0.05) for x, y in ((0.6, 0.52), (0.8, 0.4), (0.61, 0.3))), ())
    return Group.of(stake, filled(carrots + leaves, color, darken(color, 0.35), s * 0.012), mound,
                    filled(shoulders, CARROT, darken(CARROT, 0.35), s * 0.01),
                    filled(tomatoes, FRUIT, darken(FRUIT, 0.35), s * 0.01))


def board_corners(width: float, height: float, size: float) -> list[Shape]:
    """The apple tree in the bottom-left corner of the lawn, the vegetable patch in the
    bottom-right, each `size` mm high, standing on the lower plank."""
    y = height - PLANK - size / 2
    return [Icon("propagation-apple-tree-art", PLANK + 1.5 + size / 2, y, size, CROWN),
            Icon("propagation-vegetable-patch-art", width - PLANK - 1.5 - size / 2, y, size, CROWN)]


def soil_strip(width: float, height: float, depth: float, inset: float) -> list[Shape]:
    """Tilled soil along a card's foot, `inset` inside its trim line, with a sprout every few
    millimetres."""
    top, left, right, foot = height - depth, inset, width - inset, height - inset
    soil = Path((("M", left, top + 0.6), ("C", width * 0.3, top - 0.4, width * 0.7, top + 1.0, right, top),
                 ("L", right, foot), ("L", left, foot), ("Z",)),
                Style(fill=SOIL, stroke=darken(SOIL, 0.3), stroke_width=0.2, decorative=True))
    sprouts = sum((leaf(x, top + 0.5, x + (1.2 if i % 2 else -1.2), top - 1.6, 0.7) for i, x in
                   enumerate(range(14, int(width) - 12, 6))), ())
    return [soil, filled(sprouts, VINE, VINE_EDGE, 0.12)]


CARD_SOIL = 4.2  # the soil strip's depth at a bonus card's foot, its rim included


def bonus_card_art(width: float, height: float, rim: float) -> list[Shape]:
    """Tilled soil with sprouts along the foot, inside the card's plain rim `rim` wide, so
    cards share their cuts and a cut a little off shows no art. (A vine up both long edges had
    its leaves on the cut lines, and the soil ran into the bleed to meet the next card's
    green heading across their shared cut.)"""
    return soil_strip(width, height, CARD_SOIL, rim)


def bonus_card_corners(width: float, height: float, size: float) -> list[Shape]:
    """A potted seedling and a watering can, `size` mm high, standing on the soil in a card's
    bottom corners."""
    y = height - CARD_SOIL - size / 2
    return [Icon("propagation-potted-seedling", 4.0 + size / 2, y, size, VINE),
            Icon("propagation-watering-can", width - 4.0 - size / 2, y, size * 0.9, CAN)]
