"""Cottage Garden print-and-play kit: the two-sided nursery, 36 flower tiles, 9 two-sided
flowerbeds, 4 planting tables, cats, flower-pot tokens, beehive tiles, parasol, a fold-up
wheelbarrow, cube tokens and stickers for a stock die, the gardener.

Everything the rules care about (tile shapes, bed designs, tracks, the red mouse line, the
nursery's gardener spaces and arrow marks) comes from scorer.games.cottage_garden.data, the
module the scorer checks placements with, so paper and checker cannot disagree.
"""
from __future__ import annotations

import math
from functools import lru_cache

from pnp import readable
from pnp.art import cottage_garden as art
from pnp.art.flowers import species_icon
from pnp.art.looks import Look, wordmark
from pnp.art.shapes import LABEL_MM
from pnp.art.shapes import circle as circle_path
from pnp.checks import EPS_MM, FIT_CLEARANCE_MM, TRIM_LINE_MAX_MM
from pnp.colors import INK, OKABE_ITO, WHITE, darken, lighten, luminance, text_color_on
from pnp.fonts import cap_height, descent, measure
from pnp.icons import outline_of, register_icon, solid, star_points
from pnp.impose import HALO_STYLE, MARK_STYLE
from pnp.model import (
    Circle,
    Component,
    Face,
    Group,
    Icon,
    KitGuide,
    Line,
    Path,
    Polygon,
    Rect,
    Shape,
    Space,
    Style,
    Text,
    group,
)
from pnp.options import KitOptions
from pnp.parts import CUT, FOLD, TAB, chit_grid, die_face, ellipse, sticker_note
from pnp.sheets import ReadableSheet, Region
from scorer.games.cottage_garden import data

GAME_ID = data.GAME_ID
TITLE = data.TITLE
# The game's look: its wordmark's face, ink, swash and ornaments (pnp.art.looks).
LOOK = Look("cabin-sketch", "open-sans", "#2F5B3A", "#CC79A7",
            ((species_icon("Rose"), "#CC79A7"), (species_icon("Foxglove"), "#CC79A7")))

# The kit prints 9 mm card squares for the cubes; 8 mm wooden cubes (craft shops) play better,
# and the photo reader reads either.
WOODEN_CUBE = 8.0     # a wooden cube's side, mm



def notch_cuts(tile: str) -> int:
    """Scissor cuts into a tile's notches once its box is cut out: one per straight stretch of
    its outline inside the box (an L has two, a T four)."""
    squares = {(r, c) for r, c, _ in data.oriented_squares(tile)}
    rows, columns = max(r for r, _ in squares) + 1, max(c for _, c in squares) + 1
    cuts = 0
    for lines, along, between in ((range(1, rows), range(columns), lambda a, b: ((a - 1, b), (a, b))),
                                  (range(1, columns), range(rows), lambda a, b: ((b, a - 1), (b, a)))):
        for line in lines:
            edges = [(first in squares) != (second in squares) for first, second in (between(line, i) for i in along)]
            cuts += sum(edge and (i == 0 or not edges[i - 1]) for i, edge in enumerate(edges))
    return cuts


NOTCH_CUTS = sum(map(notch_cuts, data.TILE_IDS))
NOTCHED_TILES = sum(1 for tile in data.TILE_IDS if notch_cuts(tile))

# What the first page tells the person printing the kit.
GUIDE = KitGuide(
    box_items=(("glue stick and scissors (or a craft knife and ruler)", 1),
               ("six-sided die, about 16 mm (any colour)", 1),
               (f"wooden cubes of {WOODEN_CUBE:.0f} mm, to play better (optional): {data.COUNTS['orange_cubes']} "
                f"orange, {data.COUNTS['blue_cubes']} blue",
                data.COUNTS["orange_cubes"] + data.COUNTS["blue_cubes"])),
    assembly=(
        "Nursery (pages {pages of nursery}; 1-3 players in front, 4 behind): join the halves edge to edge, "
        "arrows tip to tip, with clear tape along the seam on both faces.",
        f"Tiles: trim each sheet, cut along its lines, then the {NOTCH_CUTS} short scissor cuts into the notches "
        f"of {NOTCHED_TILES} tiles, each to the black mark in its corner; check them against the reference "
        f"card's list of {data.COUNTS['flower_tiles']}. Then the beds, tables and beehives.",
        "Cats, pot tokens and the parasol (one sheet, a spare parasol in its last square), cubes and beehive "
        "tiles: trim each sheet, then cut along its lines.",
        "Gardener die: glue the six stickers (page {pages of die-stickers}) on a stock die, 1 opposite 6, "
        "2 opposite 5.",
        "Wheelbarrow: cut, fold the walls up, glue the tabs and the wheel under the front.",
        "Planting tables: trim each on its corner ticks. Its black squares let the app read a photo of it "
        "(Read from a photo): keep them whole.",
    ),
    checklist=(("nursery", "1 × nursery, two-sided: 1-3 players in front, 4 behind"),
               ("flower tiles", f"{data.COUNTS['flower_tiles']} × flower tiles, in strips"),
               ("cat and pot tokens", f"{data.COUNTS['cats']} cats, {data.COUNTS['pot_tokens']} flower-pot tokens and a "
                              "parasol, with a spare (1 sheet of 48)"),
               ("cubes", f"{data.COUNTS['orange_cubes'] + data.COUNTS['blue_cubes']} cubes, "
                         f"{data.COUNTS['orange_cubes']} orange and {data.COUNTS['blue_cubes']} blue (1 sheet)"),
               ("beehive tiles", f"{len(data.BEEHIVE_TILES)} × beehive tiles (1 strip)"),
               ("reference card", f"1 × reference card, two-sided: the {data.COUNTS['flower_tiles']} tiles "
                                  "to check them by; the beds' and nursery's names")),
    paper="The planting tables (p. {pages of planting-table}) print on card, as every board does: the cubes "
          "stand on them all game.",
)

CELL = 16.0            # one flowerbed space, mm: big enough to pick a tile up and read its flower
# One square of a flower tile: the fit check's clearance (half a millimetre a side) smaller
# than a bed space, so a tile cut half a millimetre large all round still lies on the squares
# it covers without pushing its neighbours.
TILE_SQUARE = CELL - FIT_CLEARANCE_MM
# How far a flower tile's colour runs past its outline into its notches (inside its box, the
# offcut a scissor cut frees): a notch cut up to that far off shows the tile's colour, not white.
NOTCH_BLEED = 3.0
# The tile's id plate and corner symbol keep this far inside its outline.
TILE_INSET = 1.0
# A strip of tiles is at most this many squares long: 195 mm, within A4's 198 mm of pieces.
STRIP_SQUARES = 13
# A cat or pot token: a millimetre to spare on each side of its bed space, so a home cut up to
# half a millimetre off still leaves it lying loose in its space.
BED_TOKEN = CELL - 2.0
LABEL_TOP = 1.7        # a label's capitals start this far inside the cut line (pnp.checks.SAFE_MM and a little)
BED_BORDER = 3.5       # the hedge round a flowerbed: three 87 mm beds stand in a page's height
BLEED = 3.0            # how far edge artwork runs past the trim (the build's default bleed)
# A nursery space holds any tile whole, turned lengthwise (the straight five is 75 mm long,
# the largest tiles 45 mm across), 1.5 mm to spare a side (pnp.checks.WHOLE_CLEARANCE_MM):
# 78 x 48 mm inside its tray, so a tile cut a millimetre large still drops in.
SPACE_W, SPACE_H = 5 * TILE_SQUARE + 4.0, 3 * TILE_SQUARE + 4.0  # the pitch: tray plus 0.5 mm round it
BAND = 17.0            # depth of the gardener track round the nursery
# The nursery's name, on a strip of its own left of the track: narrow enough that the board's
# one seam (a letter or A4 page wide at most) falls between its second and third columns.
TITLE_STRIP = 20.0

ORANGE = OKABE_ITO["orange"]
BLUE = OKABE_ITO["blue"]
RED_LINE = "#B3122E"  # a deep red: the palette's vermillion beside the orange track read as orange
LEAF = "#3E7D4F"
LEAF_TEXT = darken(LEAF, 0.25)  # the green of words on light soil, dark enough to read
SOIL = {"L": "#EAD9B5", "D": "#A9825A"}
POT_COLOUR = "#B5562B"
GLASS = "#5B9BC8"
HONEY = "#8C7A5B"
THIN = Style(stroke=INK, stroke_width=0.2)

# --- icons ---------------------------------------------------------------------------------

@register_icon("cg-pot")
def pot_icon(size: float, color: str) -> Group:
    s = size
    body = Polygon(((s * 0.22, s * 0.38), (s * 0.78, s * 0.38), (s * 0.68, s * 0.9), (s * 0.32, s * 0.9)),
                   solid(color, s))
    rim = Rect(s * 0.14, s * 0.24, s * 0.72, s * 0.16, solid(color, s), radius=s * 0.03)
    sprout = Path((("M", s * 0.5, s * 0.24), ("C", s * 0.5, s * 0.12, s * 0.6, s * 0.06, s * 0.7, s * 0.06)),
                  Style(stroke=LEAF, stroke_width=s * 0.06))
    return Group.of(sprout, body, rim)


@register_icon("cg-cloche")
def cloche_icon(size: float, color: str) -> Group:
    s = size
    dome = Path((("M", s * 0.14, s * 0.84), ("L", s * 0.14, s * 0.55),
                 ("C", s * 0.14, s * 0.16, s * 0.86, s * 0.16, s * 0.86, s * 0.55),
                 ("L", s * 0.86, s * 0.84), ("Z",)),
                Style(fill=lighten(color, 0.6), stroke=outline_of(color), stroke_width=s * 0.05))
    shine = Path((("M", s * 0.28, s * 0.7), ("L", s * 0.28, s * 0.52), ("C", s * 0.28, s * 0.4, s * 0.34, s * 0.34, s * 0.42, s * 0.3)),
                 Style(stroke=WHITE, stroke_width=s * 0.05))
    knob = Circle(s * 0.5, s * 0.2, s * 0.07, solid(color, s))
    base = Rect(s * 0.06, s * 0.84, s * 0.88, s * 0.07, solid(color, s))
    return Group.of(dome, shine, knob, base)


@register_icon("cg-cat")
def cat_icon(size: float, color: str) -> Group:
    """A cat sitting, seen from the front, its tail curled up beside it: a whole cat, so that it
    reads as one even a few millimetres across (a head with ears alone read as a hat)."""
    s = size
    fur = solid(color, s)
    edge = outline_of(color)
    tail = (("M", s * 0.68, s * 0.9), ("C", s * 0.98, s * 0.92, s * 0.98, s * 0.56, s * 0.84, s * 0.46))
    ears = (Polygon(((s * 0.27, s * 0.3), (s * 0.28, s * 0.05), (s * 0.45, s * 0.2)), fur),
            Polygon(((s * 0.73, s * 0.3), (s * 0.72, s * 0.05), (s * 0.55, s * 0.2)), fur))
    eye = Style(fill=INK)
    face = (Circle(s * 0.41, s * 0.3, s * 0.035, eye), Circle(s * 0.59, s * 0.3, s * 0.035, eye),
            Polygon(((s * 0.47, s * 0.37), (s * 0.53, s * 0.37), (s * 0.5, s * 0.41)), eye))
    return Group((Path(tail, Style(stroke=edge, stroke_width=s * 0.11)),
                  Path(tail, Style(stroke=color, stroke_width=s * 0.06)),
                  ellipse(s * 0.5, s * 0.7, s * 0.25, s * 0.24, fur),
                  Rect(s * 0.3, s * 0.86, s * 0.4, s * 0.08, fur, radius=s * 0.04),  # the front paws
                  *ears, Circle(s * 0.5, s * 0.3, s * 0.2, fur), *face))


@register_icon("cg-mouse")
def mouse_icon(size: float, color: str) -> Group:
    s = size
    return Group.of(Path((("M", s * 0.2, s * 0.62), ("C", s * 0.05, s * 0.62, s * 0.05, s * 0.85, s * 0.2, s * 0.85)),
                         Style(stroke=color, stroke_width=s * 0.05)),
                    Polygon(((s * 0.2, s * 0.7), (s * 0.6, s * 0.4), (s * 0.92, s * 0.68), (s * 0.6, s * 0.78)),
                            solid(color, s)),
                    Circle(s * 0.58, s * 0.4, s * 0.11, solid(color, s)),
                    Circle(s * 0.8, s * 0.6, s * 0.03, Style(fill=WHITE)))


@register_icon("cg-hive")
def hive_icon(size: float, color: str) -> Group:
    s = size
    layers = tuple(Rect(s * (0.5 - w / 2), s * y, s * w, s * 0.17, solid(color, s), radius=s * 0.08)
                   for w, y in ((0.44, 0.16), (0.64, 0.31), (0.78, 0.46), (0.84, 0.61)))
    door = Path((("M", s * 0.4, s * 0.78), ("C", s * 0.4, s * 0.66, s * 0.6, s * 0.66, s * 0.6, s * 0.78), ("Z",)),
                Style(fill=INK))
    return Group(layers + (Rect(s * 0.05, s * 0.77, s * 0.9, s * 0.08, solid(darken(color, 0.4), s)), door))


@register_icon("cg-pawn")
def pawn_icon(size: float, color: str) -> Group:
    s = size
    return Group.of(Polygon(((s * 0.3, s * 0.9), (s * 0.42, s * 0.42), (s * 0.58, s * 0.42), (s * 0.7, s * 0.9)),
                            solid(color, s)),
                    Circle(s * 0.5, s * 0.28, s * 0.17, solid(color, s)))


@register_icon("cg-parasol")
def parasol_icon(size: float, color: str) -> Group:
    s = size
    canopy = Path((("M", s * 0.06, s * 0.46), ("C", s * 0.1, s * 0.08, s * 0.9, s * 0.08, s * 0.94, s * 0.46),
                   ("L", s * 0.06, s * 0.46), ("Z",)), solid(color, s))
    pole = Path((("M", s * 0.5, s * 0.12), ("L", s * 0.5, s * 0.86), ("C", s * 0.5, s * 0.96, s * 0.36, s * 0.96, s * 0.36, s * 0.86)),
                Style(stroke=INK, stroke_width=s * 0.05))
    return Group.of(pole, canopy)


@register_icon("cg-turn")
def turn_icon(size: float, color: str) -> Group:
    """A curved arrow: turn the gardener die up by one here."""
    s = size
    arc = Path((("M", s * 0.2, s * 0.55), ("C", s * 0.2, s * 0.2, s * 0.75, s * 0.12, s * 0.82, s * 0.45)),
               Style(stroke=color, stroke_width=s * 0.1))
    head = Polygon(((s * 0.68, s * 0.42), (s * 0.96, s * 0.38), (s * 0.84, s * 0.66)), Style(fill=color))
    return Group.of(arc, head)


# --- flower tiles --------------------------------------------------------------------------

def _pattern_ink(colour: str) -> str:
    return darken(colour, 0.45) if luminance(colour) > 0.45 else lighten(colour, 0.55)


def _polygon(points) -> tuple:
    return (("M",) + tuple(points[0]),) + tuple(("L",) + tuple(p) for p in points[1:]) + (("Z",),)


def _pattern_commands(pattern: str) -> tuple[tuple, bool]:
    """The pattern of a flower square as one path (filled, or stroked when the flag is False).
    One path per square instead of a dozen shapes keeps the 300 printed squares quick to render."""
    s = TILE_SQUARE
    if pattern == "dots":
        return sum((circle_path(s * (0.2 + 0.3 * i), s * (0.2 + 0.3 * j), s * 0.06) for i in range(3) for j in range(3)), ()), True
    if pattern == "stripes":  # parallel slanted strokes, each cut to the square
        return sum(((("M", s * x1, s * y1), ("L", s * x2, s * y2))
                    for x1, y1, x2, y2 in ((0, 0.5, 0.25, 0), (0, 1, 0.5, 0), (0.25, 1, 0.75, 0),
                                           (0.5, 1, 1, 0), (0.75, 1, 1, 0.5))), ()), False
    if pattern == "rings":
        return sum((circle_path(s * (0.28 + 0.44 * i), s * (0.28 + 0.44 * j), s * 0.12) for i in range(2) for j in range(2)), ()), False
    if pattern == "checks":
        q = s / 4
        return sum((_polygon(((i * q, j * q), ((i + 1) * q, j * q), ((i + 1) * q, (j + 1) * q), (i * q, (j + 1) * q)))
                    for i in range(4) for j in range(4) if (i + j) % 2 == 0), ()), True
    if pattern == "waves":
        return sum(((("M", 0, s * y), ("C", s * 0.25, s * (y - 0.12), s * 0.25, s * (y + 0.12), s * 0.5, s * y),
                     ("C", s * 0.75, s * (y - 0.12), s * 0.75, s * (y + 0.12), s, s * y)) for y in (0.2, 0.5, 0.8)), ()), False
    if pattern == "stars":
        return sum((_polygon(star_points(s * (0.28 + 0.44 * i), s * (0.3 + 0.44 * j), s * 0.13, s * 0.055))
                    for i in range(2) for j in range(2)), ()), True
    raise ValueError(f"no drawing for flower pattern {pattern!r}")


@lru_cache(maxsize=64)
def flower_square(colour_name: str, pattern: str) -> Group:
    """One square of a flower: its colour and its pattern (so colour is never the only clue).
    The lines between squares are the tile's to draw: a back has none on its trim."""
    colour = data.FLOWER_COLOURS[colour_name]
    ink = _pattern_ink(colour)
    commands, filled = _pattern_commands(pattern)
    marks = Style(fill=ink) if filled else Style(stroke=ink, stroke_width=0.7)
    return Group.of(Rect(0, 0, TILE_SQUARE, TILE_SQUARE, Style(fill=colour)), Path(commands, marks))


def _symbol(letter: str, cx: float, cy: float, size: float) -> list[Shape]:
    """A printed pot or cloche on a white disc, as on tiles and beds."""
    icon = ("cg-pot", POT_COLOUR) if letter in "Pp" else ("cg-cloche", GLASS)
    return [Circle(cx, cy, size * 0.55, Style(fill=WHITE, stroke=INK, stroke_width=0.25)),
            Icon(icon[0], cx, cy, size * 0.85, icon[1])]


def tile_squares(tile: str, turned_over: bool = False) -> dict[tuple[int, int], str]:
    """(row, col) -> what the square shows, for a tile as printed (turned_over: seen from
    behind, each row reversed, as a tile turned over like a book page)."""
    squares = data.oriented_squares(tile)
    width = max(c for _, c, _ in squares) + 1
    return {(r, width - 1 - c if turned_over else c): letter for r, c, letter in squares}


def tile_size(tile: str) -> tuple[float, float]:
    squares = tile_squares(tile)
    return (max(c for _, c in squares) + 1) * TILE_SQUARE, (max(r for r, _ in squares) + 1) * TILE_SQUARE


def tile_face(tile: str, turned_over: bool) -> Face:
    """A flower tile: its squares in its flower's colour up to its outline, and NOTCH_BLEED past
    it into its notches (a scissor cut a little off shows the tile's colour, not a white rim; a
    shared straight cut between two tiles of a strip has colour up to the line on both sides),
    the species drawn on each plain square, printed pots and cloches, its id in a corner, and
    its outline as the cut line. Nothing of it reaches past its own box."""
    squares = tile_squares(tile, turned_over)
    _, species, colour, pattern = data.FLOWER_TILES[tile]
    shapes: list[Shape] = _notch_bleed(squares, data.FLOWER_COLOURS[colour])
    for (row, col) in squares:
        # (its pattern kept to the square: a stripe ran on into the notch beside it)
        shapes.append(Group((flower_square(colour, pattern),), translate=(col * TILE_SQUARE, row * TILE_SQUARE),
                            clip=(0.0, 0.0, TILE_SQUARE, TILE_SQUARE)))
    plain = [(col * TILE_SQUARE, row * TILE_SQUARE) for (row, col), letter in sorted(squares.items()) if letter not in "PC"]
    if len(squares) == 1 and not plain:  # one printed symbol: the flower fills it, the symbol in a corner
        letter = next(iter(squares.values()))
        corner = TILE_SQUARE - TILE_INSET - 3.3
        shapes += art.tile_flowers(species, data.FLOWER_COLOURS[colour], [(0.0, 0.0)], TILE_SQUARE, 0.8)
        shapes += _symbol(letter, corner, corner, TILE_SQUARE * 0.4)
    else:
        # each flower kept to its own square: a leaf past it showed in the notch beside the square
        shapes += [Group((flower,), clip=(x, y, TILE_SQUARE, TILE_SQUARE)) for flower, (x, y) in
                   zip(art.tile_flowers(species, data.FLOWER_COLOURS[colour], plain, TILE_SQUARE), plain)]
        for (row, col), letter in squares.items():
            if letter in "PC":
                shapes += _symbol(letter, (col + 0.5) * TILE_SQUARE, (row + 0.5) * TILE_SQUARE, TILE_SQUARE * 0.62)
    shapes += inner_lines(squares, colour)
    id_x, id_y = plain[0] if plain else (0.0, 0.0)
    shapes += art.tile_id(tile, id_x + TILE_INSET - 0.5, id_y + TILE_INSET - 0.5)
    if not turned_over:  # the front's outline marks the cut, thin and in the tile's own tone (a back
        # shifted in the duplex shows no line)
        shapes += _edges(squares, inner=False, style=cut_line(colour))
        shapes += inside_corner_marks(squares)
    width, height = tile_size(tile)
    # clipped to its own box: in a strip of tiles no drawing of one reaches its neighbour
    return Face(Group(tuple(shapes), clip=(0.0, 0.0, width, height)), background=WHITE)


def _notch_bleed(squares, colour: str) -> list[Shape]:
    """The tile's colour run NOTCH_BLEED past each outer edge of its squares (clipped to the
    tile's box with the rest of it): into a notch, where scissors cut the outline; along the
    box, where a straight cut is shared with the next tile, nothing shows past the line."""
    bleeds: list[Shape] = []
    s, b = TILE_SQUARE, NOTCH_BLEED
    fill = Style(fill=colour)
    for (row, col) in squares:
        x, y = col * s, row * s
        for dr, dc, box in ((-1, 0, (x, y - b, s, b)), (1, 0, (x, y + s, s, b)),
                            (0, -1, (x - b, y, b, s)), (0, 1, (x + s, y, b, s))):
            if (row + dr, col + dc) not in squares:
                bleeds.append(Rect(*box, fill))
    return bleeds


def cut_line(colour: str) -> Style:
    """A tile's outline: as wide as pnp.checks.TRIM_LINE_MAX_MM allows and in its flower's
    darkest tone, edge to edge: the one line on a tile to cut along."""
    return Style(stroke=darken(data.FLOWER_COLOURS[colour], 0.6), stroke_width=TRIM_LINE_MAX_MM)


# The lines between a tile's squares are no cut: light on the tile's colour (the cut line is
# dark), and each stops this far short of both its ends, so that none meets the outline (a
# cold review found the two the same thin dark line, inviting a cut along a square's edge).
INNER_LINE_STOP = 2.0


def inner_line(colour: str) -> Style:
    return Style(stroke=lighten(data.FLOWER_COLOURS[colour], 0.5), stroke_width=0.3)


def inner_lines(squares, colour: str) -> list[Shape]:
    """The lines between the tile's squares, each INNER_LINE_STOP short of its ends."""
    lines: list[Shape] = []
    for edge in _edges(squares, inner=True, style=inner_line(colour)):
        length = math.hypot(edge.x2 - edge.x1, edge.y2 - edge.y1)
        dx, dy = ((edge.x2 - edge.x1) / length * INNER_LINE_STOP, (edge.y2 - edge.y1) / length * INNER_LINE_STOP)
        lines.append(Line(edge.x1 + dx, edge.y1 + dy, edge.x2 - dx, edge.y2 - dy, edge.style))
    return lines


# An inside corner's mark: a short stroke out of the corner along the bisector, into the notch
# the two cuts meet in, on a white halo as the sheet's cut ticks are. It starts far enough off
# the corner that its halo stays off the tile and ends in the tile's 3 mm of coloured bleed.
CORNER_MARK_FROM, CORNER_MARK_TO = 0.6, 2.8


def inside_corners(squares) -> list[tuple[int, int, int, int]]:
    """Each inside corner of a tile's outline, (row, col) of the grid point and the way into
    the notch (down: +1 or up: -1, right: +1 or left: -1): a grid point three of whose four
    squares are the tile's."""
    corners = []
    for row in range(max(r for r, _ in squares) + 2):
        for col in range(max(c for _, c in squares) + 2):
            around = [(row - 1 + dr, col - 1 + dc) for dr in (0, 1) for dc in (0, 1)]
            missing = [square for square in around if square not in squares]
            if len(missing) == 1:
                r, c = missing[0]
                corners.append((row, col, 1 if r == row else -1, 1 if c == col else -1))
    return corners


def inside_corner_marks(squares) -> list[Shape]:
    """A mark at each inside corner of an L, T or S tile, where its two cuts must stop: the
    outline alone gave a player nothing to aim the scissors at there."""
    shapes: list[Shape] = []
    step = math.sqrt(0.5)
    for row, col, down, right in inside_corners(squares):
        x, y = col * TILE_SQUARE, row * TILE_SQUARE
        start = (x + right * CORNER_MARK_FROM * step, y + down * CORNER_MARK_FROM * step)
        end = (x + right * CORNER_MARK_TO * step, y + down * CORNER_MARK_TO * step)
        shapes += [Line(*start, *end, style) for style in (HALO_STYLE, MARK_STYLE)]
    return shapes


def _edges(squares, inner: bool, style: Style) -> list[Line]:
    """The edges the tile's squares share (`inner`: the lines between its squares), or every
    edge no other square of it shares (its outline, the cut line)."""
    edges: list[Line] = []
    s = TILE_SQUARE
    for (row, col) in squares:
        x, y = col * s, row * s
        for dr, dc, x1, y1, x2, y2 in ((-1, 0, x, y, x + s, y), (1, 0, x, y + s, x + s, y + s),
                                       (0, -1, x, y, x, y + s), (0, 1, x + s, y, x + s, y + s)):
            shared = (row + dr, col + dc) in squares
            if shared == inner and not (inner and (dr, dc) in ((-1, 0), (0, -1))):  # each inner edge once
                edges.append(Line(x1, y1, x2, y2, style))
    return edges


def _fullest(widths: list[int], room: int) -> list[int]:
    """The indices of the widths that together fill most of `room` (at most `room`)."""
    best: dict[int, list[int]] = {0: []}
    for index, width in enumerate(widths):
        for total, chosen in list(best.items()):
            if total + width <= room and total + width not in best:
                best[total + width] = chosen + [index]
    return best[max(best)]


def tile_strips() -> list[list[str]]:
    """The 36 tiles in strips of one height, edge to edge, all STRIP_SQUARES long: each strip
    filled as full as its height's tiles allow, the longest tiles first (a strip is trimmed on
    four cuts, then cut apart on one line between two tiles, not two cuts each side of every
    tile; strips of one length stacked on a page share the cuts at their ends). In a strip,
    tiles of one colour lie together."""
    strips: list[list[str]] = []
    colours = list(data.FLOWER_COLOURS)
    squares = {tile: tuple(round(side / TILE_SQUARE) for side in tile_size(tile)) for tile in data.TILE_IDS}
    for height in sorted({h for _, h in squares.values()}, reverse=True):
        left = sorted((tile for tile in data.TILE_IDS if squares[tile][1] == height), key=lambda t: (-squares[t][0], t))
        while left:
            chosen = [left[i] for i in _fullest([squares[tile][0] for tile in left], STRIP_SQUARES)]
            left = [tile for tile in left if tile not in chosen]
            strips.append(sorted(chosen, key=lambda t: (colours.index(data.FLOWER_TILES[t][2]), -squares[t][0], t)))
    return strips


STRIP_W = STRIP_SQUARES * TILE_SQUARE


def _length(tiles: list[str]) -> float:
    return sum(tile_size(tile)[0] for tile in tiles)


def tile_sheets() -> list[list[list[str]]]:
    """The strips as the sheets they print on: the strips three squares high stacked edge to
    edge on one sheet (90 mm, taller than a flowerbed, so that it leads the two-sided pages
    and the beds and the thinner strips fill the pages after it), every other strip alone."""
    strips = tile_strips()
    tallest = [strip for strip in strips if tile_size(strip[0])[1] == tile_size(strips[0][0])[1]]
    return [tallest] + [[strip] for strip in strips if strip not in tallest]


def sheet_width(rows: list[list[str]]) -> float:
    """The two strips stacked on one sheet are as long as the longer (180 mm, the span of two
    flowerbeds under it): at STRIP_W the sheet ended in a blank that took a cut of its own. A
    sheet of one strip keeps STRIP_W, lined up with the strips of that length stacked on its
    page (shortened and centred, its ticks ran beside their lines)."""
    return max(_length(tiles) for tiles in rows) if len(rows) > 1 else STRIP_W


def sheet_face(rows: list[list[str]], turned_over: bool) -> Face:
    """A sheet's strips one under another, each strip's tiles side by side from its left end
    (a strip shorter than the sheet ends in a blank); seen from behind (`turned_over`) each
    strip runs the other way, each tile turned over, as the sheet turned like a book page."""
    shapes: list[Shape] = []
    y = 0.0
    width = sheet_width(rows)
    height = sum(tile_size(tiles[0])[1] for tiles in rows)
    for tiles in rows:
        x = width - _length(tiles) if turned_over else 0.0
        for tile in reversed(tiles) if turned_over else tiles:
            shapes[:0] = _sheet_bleed(tile, turned_over, x, y, width, height)  # under every tile
            shapes.append(Group((tile_face(tile, turned_over).shapes,), translate=(x, y)))
            x += tile_size(tile)[0]
        y += tile_size(tiles[0])[1]
    return Face(group(shapes), background=WHITE)


def _sheet_bleed(tile: str, turned_over: bool, x: float, y: float, width: float, height: float) -> list[Shape]:
    """The tile's colour run BLEED past the sheet's box from each of its squares lying on that
    box (the tile at (x, y) of a `width` x `height` sheet): the sheet is trimmed whole on its box
    first, and a trim a little outside it showed white along the squares. A notch on the box
    gets none: its offcut goes with the trim."""
    s, fill = TILE_SQUARE, Style(fill=data.FLOWER_COLOURS[data.FLOWER_TILES[tile][2]])
    bleeds: list[Shape] = []
    for row, col in tile_squares(tile, turned_over):
        left, top = x + col * s, y + row * s
        x0 = left - BLEED if left < EPS_MM else left
        y0 = top - BLEED if top < EPS_MM else top
        x1 = left + s + BLEED if left + s > width - EPS_MM else left + s
        y1 = top + s + BLEED if top + s > height - EPS_MM else top + s
        if (x0, y0, x1, y1) != (left, top, left + s, top + s):
            bleeds.append(Rect(x0, y0, x1 - x0, y1 - y0, fill))
    return bleeds


def sheet_lines(rows: list[list[str]]) -> int:
    """The lines a sheet of tiles is cut along once trimmed: one between two strips, one
    between two tiles of a strip, and one more where a strip ends in a blank."""
    width = sheet_width(rows)
    return len(rows) - 1 + sum(len(tiles) - 1 + (_length(tiles) < width - 0.01) for tiles in rows)


def flower_tiles() -> list[Component]:
    """The tiles on sheets of strips, two-sided, at most STRIP_W long: each sheet is trimmed as one
    piece, then cut along its lines (as a sheet of chits, one cut per line: `chits` is given
    so that pnp.cuts counts them), then round each tile's notches. The thinnest first: page 1
    pictures the first (the 90 mm sheet pushed its words off the foot of a Letter page)."""
    return [Component(f"flower-tiles-{number}", "tile", sheet_width(rows), sum(tile_size(tiles[0])[1] for tiles in rows),
                      sheet_face(rows, False), sheet_face(rows, True), outline="polygon",
                      chits=(sheet_lines(rows) + 1, 1), sits_on="bed", footprint=(TILE_SQUARE, TILE_SQUARE))
            for number, rows in enumerate(reversed(tile_sheets()), start=1)]


# --- flowerbeds ----------------------------------------------------------------------------

def bed_face(design: str) -> Face:
    side = design[-1]
    soil = SOIL[side]
    size = data.BED_SIZE * CELL + 2 * BED_BORDER
    shapes: list[Shape] = [Rect(-BLEED, -BLEED, size + 2 * BLEED, size + 2 * BLEED, Style(fill=LEAF)),
                           Icon(art.hedge_icon(BED_BORDER), size / 2, size / 2, size, art.HEDGE)]
    grid = Style(fill=soil, stroke=darken(soil, 0.35), stroke_width=0.3)
    for r, row in enumerate(data.BED_DESIGNS[design]):
        for c, printed in enumerate(row):
            x, y = BED_BORDER + c * CELL, BED_BORDER + r * CELL
            shapes.append(Rect(x, y, CELL, CELL, grid))
            if printed != data.EMPTY:
                shapes += _symbol(printed, x + CELL / 2, y + CELL / 2, CELL * 0.7)
    word = data.BED_SIDES[side]
    label = f"{design} {word}"  # "1L light": a label of two words, on the hedge
    # the capitals' top 1.7 mm inside the cut (a cut a little off slices no letter), the
    # descenders dipping onto the first row's empty top edge, on the plate
    baseline = LABEL_TOP + cap_height() * LABEL_MM
    middle = (LABEL_TOP + baseline + descent() * LABEL_MM) / 2
    shapes.append(art.label_plate(size / 2, middle, measure(label, LABEL_MM, True) + 3.0, 3.4))
    shapes.append(Text(size / 2, baseline, label, size=LABEL_MM, align="center", fill=WHITE, bold=True))
    return Face(group(shapes), background=LEAF)


def flowerbeds() -> list[Component]:
    size = data.BED_SIZE * CELL + 2 * BED_BORDER
    spaces = tuple(Space("bed", (BED_BORDER + c * CELL, BED_BORDER + r * CELL, CELL, CELL))
                   for r in range(data.BED_SIZE) for c in range(data.BED_SIZE))
    return [Component(f"flowerbed-{board}", "board", size, size, bed_face(f"{board}L"), bed_face(f"{board}D"),
                      spaces=spaces) for board in data.BED_BOARDS]


# --- the nursery ---------------------------------------------------------------------------

NURSERY_W = TITLE_STRIP + 2 * BAND + 4 * SPACE_W
NURSERY_H = 2 * BAND + 4 * SPACE_H
# Where each gardener-track space sits: (x, y, w, h) and the direction of travel in degrees.
_SIDE_DIRECTION = {"N": 0, "E": 90, "S": 180, "W": 270}
_CORNER_DIRECTION = {"NW": -45, "NE": 45, "SE": 135, "SW": 225}


def _track_space(label: str) -> tuple[tuple[float, float, float, float], float]:
    west, east, south = TITLE_STRIP, TITLE_STRIP + BAND + 4 * SPACE_W, BAND + 4 * SPACE_H
    if label in _CORNER_DIRECTION:
        x = west if label[1] == "W" else east
        y = 0.0 if label[0] == "N" else south
        return (x, y, BAND, BAND), _CORNER_DIRECTION[label]
    edge, key = label[0], label[1]
    index = (data.COLUMNS if edge in "NS" else data.ROWS).index(key)
    box = {"N": (west + BAND + index * SPACE_W, 0.0, SPACE_W, BAND),
           "S": (west + BAND + index * SPACE_W, south, SPACE_W, BAND),
           "W": (west, BAND + index * SPACE_H, BAND, SPACE_H),
           "E": (east, BAND + index * SPACE_H, BAND, SPACE_H)}[edge]
    return box, _SIDE_DIRECTION[edge]


def _nursery_space(row: int, column: int) -> tuple[float, float, float, float]:
    """The tray of a nursery space as drawn: (x, y, w, h)."""
    return (TITLE_STRIP + BAND + column * SPACE_W + 0.5, BAND + row * SPACE_H + 0.5, SPACE_W - 1.0, SPACE_H - 1.0)


# A track space's flagstone lies this far inside its share of the path, the gravel showing
# between the stones (0.8 mm: the stones met, a row of boxes more than a path).
FLAG_INSET = 1.4


def _flag(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """The flagstone of the track space whose share of the path is (x, y, w, h)."""
    return x + FLAG_INSET, y + FLAG_INSET, w - 2 * FLAG_INSET, h - 2 * FLAG_INSET


def _chevrons(count: int, cx: float, cy: float, direction: float, scale: float = 1.0) -> Group:
    """The rulebook's arrow marks (> to >>>>), pointing the way the gardener walks."""
    width, gap = 2.4, 1.0
    start = -(count * width + (count - 1) * gap) / 2
    heads = [Polygon(((start + i * (width + gap), -2.4), (start + i * (width + gap) + width, 0.0),
                      (start + i * (width + gap), 2.4), (start + i * (width + gap) + 1.0, 0.0)), Style(fill=INK))
             for i in range(count)]
    return Group(tuple(heads), translate=(cx, cy), rotate=direction, scale=scale)


def nursery_face(side_name: str, name_right: bool = False) -> Face:
    """One side of the nursery: the gardener's flagstone path round the 4x4 trays, and the
    game's name on a strip of its own, left of the path (`name_right`: right of it, as on the
    back, so that both sides' trays lie back to back and the board's one seam runs between
    two columns of trays on both)."""
    side = data.NURSERY_SIDES[side_name]
    marks = data.arrow_marks(side_name)
    shift = -TITLE_STRIP if name_right else 0.0  # the garden's and the name strip's moves
    garden = (TITLE_STRIP + shift, 0.0, NURSERY_W - TITLE_STRIP, NURSERY_H)
    background = art.gravel_path(NURSERY_W, NURSERY_H, garden, BAND, BLEED)
    shapes: list[Shape] = []
    # the 4x4 nursery, every space named as the rulebook's examples name them
    for r, row in enumerate(data.ROWS):
        for c, column in enumerate(data.COLUMNS):
            x, y, w, h = _nursery_space(r, c)
            shapes.append(Rect(x, y, w, h, art.TRAY, radius=2.0))
            # a seed tray of a tile's squares, 5 x 3 (a tile lies in it as on a bed), its name
            # on a plant label over the top middle module
            shapes += art.tray_modules(x, y, w, h, 5, 3, TILE_SQUARE)
            shapes += art.plant_label(x + w / 2, y + 1.4, 9.0, 4.6)
            shapes.append(Text(x + w / 2, y + 2, row + column, size=3.2, align="center", anchor="top", bold=True,
                               fill=LEAF_TEXT))
    if len(side["track"]) > 16:  # the four-player side also has the two diagonal rows
        dash = Style(stroke=LEAF, stroke_width=0.5, dash=(2.0, 1.5))
        west, east, south = TITLE_STRIP + BAND, NURSERY_W - BAND, NURSERY_H - BAND
        shapes += [Line(west, BAND, east, south, dash), Line(east, BAND, west, south, dash)]
    for label in side["track"]:
        (x, y, w, h), direction = _track_space(label)
        shapes += art.flagstone(*_flag(x, y, w, h))
        corner = label in _CORNER_DIRECTION
        shapes.append(_chevrons(marks[label], x + w / 2 + (1.5 if corner else 0.0), y + h / 2, direction,
                                0.7 if corner else 1.0))
        # A side's label is centred under its chevrons: in the corner it sat on the space's
        # edge, where a board split in two has its seam, and printed a sliver into the other
        # half's bleed. A corner space (at the board's ends, its chevrons off centre) keeps it
        # in its corner.
        shapes.append(Text(x + 2.2 if corner else x + w / 2, y + h - 2.0, label, size=LABEL_MM,
                           align="left" if corner else "center", fill="#595959"))
    shapes += _gardener_marks(side)
    # The name has a strip of its own left of the track, off every play space, read from below.
    players = _player_counts(side["players"])
    plate = (2.0, 8.0, TITLE_STRIP - 4.0, NURSERY_H - 16.0)
    mark, mark_w, _ = wordmark(TITLE, 0.0, 0.0, 9.0, align="center", max_width=plate[3] - 50.0)
    caption = f"Nursery · {players} players"
    words = max(mark_w, measure(caption, 3.2, True))
    name: list[Shape] = [*art.hedge_frame(*plate, PLATE_HEDGE),
                         Rect(*plate, Style(fill=WHITE, stroke=LEAF, stroke_width=0.4), radius=2.0),
                         *_plate_flowers(plate, NURSERY_H / 2 - words / 2 - 3.0, NURSERY_H / 2 + words / 2 + 3.0),
                         Group((mark, Text(0.0, 12.6, caption, size=3.2, align="center", bold=True, fill=LEAF_TEXT)),
                               translate=(plate[0] + 2.0, NURSERY_H / 2), rotate=-90)]
    if name_right:
        return Face(group([*background, group(shapes, translate=(shift, 0.0)),
                           group(name, translate=(NURSERY_W - TITLE_STRIP, 0.0))]), background="#DCEBC9")
    return Face(group([*background, *shapes, *name]), background="#DCEBC9")


# The flowers up the name's plate, above and below its words: the box's own species and colours.
PLATE_FLOWERS = ("Rose", "Foxglove", "Sunflower", "Forget-me-not", "Tulip", "Lavender")
PLATE_FLOWER = 11.0   # mm across, in a 16 mm plate
PLATE_FLOWER_STEP = 14.0
PLATE_HEDGE = 2.4     # the hedge round the plate, in the strip's 2 mm either side of it and a little on it


def _plate_flowers(plate: tuple[float, float, float, float], words_top: float, words_bottom: float) -> list[Shape]:
    """A column of the game's flowers at each end of the plate, clear of its words (from
    `words_top` to `words_bottom`, down the board): the plate was 100 mm of blank white."""
    x, y, w, h = plate
    species = {tile[1]: data.FLOWER_COLOURS[tile[2]] for tile in data.FLOWER_TILES.values()}
    ends = (y + 2.0, words_top), (words_bottom, y + h - 2.0)
    centres = [top + PLATE_FLOWER / 2 + i * PLATE_FLOWER_STEP for top, bottom in ends
               for i in range(int((bottom - top - PLATE_FLOWER) // PLATE_FLOWER_STEP) + 1)]
    return [Icon(species_icon(name), x + w / 2, cy, PLATE_FLOWER, species[name])
            for cy, name in zip(centres, PLATE_FLOWERS * len(centres))]


def _player_counts(counts) -> str:
    counts = sorted(counts)
    return f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])


def _gardener_marks(side: dict) -> list[Shape]:
    """Pawns on each Gardener Space (how many players start there) and the turning icon with
    the player counts it applies to on each Turning Space."""
    shapes: list[Shape] = []
    starts: dict[str, list[int]] = {}
    turns: dict[str, list[int]] = {}
    for players, label in side["gardener"].items():
        starts.setdefault(label, []).append(players)
    for players, label in side["turning"].items():
        turns.setdefault(label, []).append(players)
    for label, counts in starts.items():
        (x, y, w, h), _ = _track_space(label)
        for i in range(max(counts)):  # as many pawns as players start here (1-2 shows two)
            shapes.append(Icon("cg-pawn", x + w - 2.8 - i * 2.2, y + h - 3.8, 3.6, OKABE_ITO["bluish_green"]))
    for label, counts in turns.items():
        (x, y, w, h), _ = _track_space(label)
        # the words fit inside the space's stroke: "die +1" is 8.3 mm wide in a 17 mm space
        shapes.append(Icon("cg-turn", x + 4.0, y + 4.0, 4.6, INK))
        shapes.append(Text(x + 6.7, y + 4.2, "die +1", size=LABEL_MM, bold=True, fill=INK))
        if len(side["players"]) > 1:  # the four-player side's one turning space needs no count
            shapes.append(Text(x + 6.7, y + 7.0, f"{_player_counts(counts)} pl.", size=LABEL_MM, fill=INK))
    return shapes


def nursery() -> Component:
    """The box's two-sided nursery: the 1-3 player side in front, the 4 player side behind. It
    is larger than a page: two portions, each trimmed on the seam (between two columns of trays
    on both sides) and taped into a hinge, so the board folds like the box's."""
    front, back = data.NURSERY_SIDES
    # the back's spaces, under the front's: the same trays and the same ring of track spaces
    # (its path laid out as the front's, turned over), four corners more
    spaces = tuple(dict.fromkeys(nursery_spaces(front) + nursery_spaces(back)))
    return Component("nursery", "board", NURSERY_W, NURSERY_H, nursery_face(front), nursery_face(back, name_right=True),
                     spaces=spaces, join="hinge")


def nursery_spaces(side_name: str) -> tuple[Space, ...]:
    """The 4x4 spaces that hold the tiles on offer and the gardener track's spaces, as drawn."""
    tiles = [Space("nursery", _nursery_space(r, c)) for r in range(len(data.ROWS)) for c in range(len(data.COLUMNS))]
    track = [Space("gardener track", _flag(x, y, w, h))
             for (x, y, w, h), _ in map(_track_space, data.NURSERY_SIDES[side_name]["track"])]
    return (*tiles, *track)


# --- planting table ------------------------------------------------------------------------

# 70 mm tall, four tables no longer fit one Letter or A4 page: two share a page with the
# wheelbarrow and two with the other small pieces. At 62 mm all four filled one page and left
# the small pieces a page of their own, 40 % used.
TABLE_W, TABLE_H = 196.0, 70.0
FIRST_TABLE_H = 62.0  # the table of layout 1 (kit 1.2.0), whose photos still read
_T_LEFT, _T_START = 4.0, 16.0
_STEP = 10.0            # one orange space; a blue space (two points) is two of them wide
_ORANGE_Y, _BLUE_Y, _ROW_H = 14.0, 33.0, 18.0


def _value_x(value: int) -> float:
    """Left edge of the orange space `value` (blue space v spans orange v-1 and v)."""
    return _T_LEFT + _T_START + (value - 1) * _STEP


def mouse_line_x(colour: str) -> float:
    """Where the red line crosses a track: the left edge of the first space beyond it."""
    first_beyond = data.MOUSE_LINE[colour][1]
    return _value_x(first_beyond) - _STEP * (data.STEP_POINTS[colour] - 1)


def _track_spaces(colour: str) -> list[tuple[float, float, float, float]]:
    """Each numbered space of a planting-table track, as drawn: (x, y, w, h)."""
    y = _ORANGE_Y if colour == "orange" else _BLUE_Y
    width = _STEP * data.STEP_POINTS[colour]
    return [(_value_x(value) - (width - _STEP), y, width, _ROW_H) for value in data.TRACKS[colour][1:-1]]


def table_spaces() -> tuple[Space, ...]:
    return tuple(Space(f"{colour} track", box) for colour in ("orange", "blue") for box in _track_spaces(colour))


TABLE_WOOD = "#F3EBD3"
# The box's tables are L-shaped: a long bar holding the tracks and, under it at the target's end,
# a leg. The printed table is the L's box, a rectangle trimmed on four straight cuts: cut as an L
# it took two more scissor cuts each into the corner left of the leg (8 for the four), which
# holds nothing a player uses. The photo markers stand where they stood on the L (layout 3).


def leg_left() -> float:
    """The leg runs from 10 mm short of the red line, whose mice stand in it, to the table's
    right edge."""
    return mouse_line_x("orange") - 10.0


def planting_table_face() -> Face:
    shapes: list[Shape] = []
    corner = readable.INSET + MARKER + 1.0  # text keeps clear of the corner markers
    shapes.append(Text(corner, 6.5, "Planting table", size=4.2, bold=True, fill=LEAF_TEXT))
    shapes.append(Text(60.0, 5.6, "orange track: 1 point a step, one step per visible flower pot", size=2.9,
                       fill=INK))
    shapes.append(Text(60.0, 9.8, "blue track: 2 points a step, one step per visible garden cloche", size=2.9,
                       fill=INK))
    for colour, y, fill, icon in (("orange", _ORANGE_Y, ORANGE, "cg-pot"), ("blue", _BLUE_Y, BLUE, "cg-cloche")):
        track = data.TRACKS[colour]
        shapes.append(Rect(_T_LEFT, y, _T_START, _ROW_H, Style(fill=WHITE, stroke=INK, stroke_width=0.3)))
        shapes.append(Icon(icon, _T_LEFT + _T_START / 2, y + 6.5, 8.0, POT_COLOUR if icon == "cg-pot" else GLASS))
        shapes.append(Text(_T_LEFT + _T_START / 2, y + _ROW_H - 2.0, "start", size=LABEL_MM, align="center", fill=INK))
        for value, (x, _, width, _) in zip(track[1:-1], _track_spaces(colour)):
            shapes.append(Rect(x, y, width, _ROW_H, Style(fill=lighten(fill, 0.55), stroke=INK, stroke_width=0.3)))
            shapes.append(Text(x + width / 2, y + _ROW_H / 2, str(value), size=4.0, align="center",
                               anchor="middle", bold=True, fill=INK))
    target_x = _target_x()
    shapes.append(Rect(target_x, _ORANGE_Y, TABLE_W - target_x - 3.0, _BLUE_Y + _ROW_H - _ORANGE_Y,
                       Style(fill="#FFF4C2", stroke=INK, stroke_width=0.5), radius=2.0))
    # the last step of each track leads into the target (blue from 14, orange from 15)
    blue_end = _value_x(data.TRACKS["blue"][-2]) + _STEP
    shapes.append(Icon("arrow", (blue_end + target_x) / 2, _BLUE_Y + _ROW_H / 2, target_x - blue_end - 2.0, BLUE))
    cx = (target_x + TABLE_W - 3.0) / 2
    shapes.append(Text(cx, _ORANGE_Y + 12.0, str(data.TARGET), size=9.0, align="center", bold=True, fill=INK))
    # a honey brown, not the orange of the cubes: a photo must not take the hive for a cube
    shapes.append(Icon("cg-hive", cx, _ORANGE_Y + 22.0, 8.0, HONEY))
    shapes.append(Text(cx, _ORANGE_Y + 32.0, "target", size=LABEL_MM, align="center", fill=INK))
    # the red mouse line: one straight line, as both tracks put it at the same point value
    line_x = mouse_line_x("orange")
    shapes.append(Line(line_x, _ORANGE_Y - 3.0, line_x, _BLUE_Y + _ROW_H + 3.0,
                       Style(stroke=RED_LINE, stroke_width=1.4)))
    shapes.append(Icon("cg-mouse", line_x - 4.0, _BLUE_Y + _ROW_H + 6.0, 5.0, "#7A6A5A"))
    shapes.append(Icon("cg-mouse", line_x + 4.0, _BLUE_Y + _ROW_H + 6.0, 5.0, "#7A6A5A"))
    shapes.append(Text(line_x + 8.0, _BLUE_Y + _ROW_H + 7.2, "crossing the red line forward: take a cat",
                       size=2.9, fill=darken(RED_LINE, 0.35), bold=True))
    shapes.append(Text(line_x + 8.0, _BLUE_Y + _ROW_H + 11.6, "last cube leaves the start: take a flower pot",
                       size=2.9, fill=INK))
    # what the black squares are for, beside the lower-left one, off every track space
    shapes.append(Text(leg_left() + readable.INSET - readable.QUIET - 2.0, TABLE_H - readable.INSET - MARKER / 2 + 1.0,
                       PHOTO_NOTE, size=2.9, align="right", fill=INK))
    shapes.append(readable.marker_shapes(planting_table_markers()))
    return Face(group(shapes), background=TABLE_WOOD)


PHOTO_NOTE = "Black squares: for the app's photo reader"


# --- what a photo of a planting table reads ---------------------------------------------------

READABLE_LAYOUT = 3   # the version of the markers and regions: a new one when they move (2: 8 mm
#                       taller; 3: the lower-left marker off the cut-away corner, onto the leg)
MARKER = 8.0          # the corner markers: the long table is photographed from further away


def planting_table_markers():
    """The bar's top corners, the leg's foot at the right, and the leg's foot at the left: four
    markers on the L (layout 3), every track space between them but the start spaces, which lie
    left of the leg, where the corner is cut away."""
    inset, far_x, foot = readable.INSET, TABLE_W - readable.INSET - MARKER, TABLE_H - readable.INSET - MARKER
    return readable.sheet_markers(GAME_ID, "planting-table", READABLE_LAYOUT,
                                  ((inset, inset, MARKER), (far_x, inset, MARKER), (far_x, foot, MARKER),
                                   (leg_left() + inset, foot, MARKER)))


def _target_x() -> float:
    return _value_x(data.TRACKS["orange"][-2]) + _STEP + 2.0


def readable_regions() -> tuple[Region, ...]:
    """Each track's spaces where planting_table_face draws them, the start box as space 0 and
    the target as space 20 of both tracks: a cube of the track's colour on a space is one of
    the player's three cubes of that colour standing at that value."""
    regions: list[Region] = []
    target_box = (_target_x(), _ORANGE_Y, TABLE_W - _target_x() - 3.0, _BLUE_Y + _ROW_H - _ORANGE_Y)
    for colour, y in (("orange", _ORANGE_Y), ("blue", _BLUE_Y)):
        track = data.TRACKS[colour]
        width = _STEP * data.STEP_POINTS[colour]
        regions.append(Region(colour, "track-space", (_T_LEFT, y, _T_START, _ROW_H), track[0]))
        regions += [Region(colour, "track-space", (_value_x(value) - (width - _STEP), y, width, _ROW_H), value)
                    for value in track[1:-1]]
        regions.append(Region(colour, "track-space", target_box, track[-1]))
    return tuple(regions)


def _readable_table(version: int, height: float, markers) -> ReadableSheet:
    return ReadableSheet(GAME_ID, "planting-table", version, TABLE_W, height, markers, readable_regions(),
                         piece_mm=WOODEN_CUBE, pieces=data.CUBES_PER_COLOUR, unread=(("beehives", 0),))


def readable_sheets() -> tuple[ReadableSheet, ...]:
    return (_readable_table(READABLE_LAYOUT, TABLE_H, planting_table_markers()),)


def earlier_sheets() -> tuple[ReadableSheet, ...]:
    """The tables of layout 2 (a white tab in the L's corner holding the lower-left marker) and
    of layout 1 (kit 1.2.0, 62 mm tall, so its lower markers stood 8 mm higher): their four
    markers at the corners of the box, every track space where it is now, so a table printed
    then still reads."""
    return tuple(_readable_table(version, height, readable.corner_markers(GAME_ID, "planting-table", version,
                                                                          TABLE_W, height, MARKER))
                 for version, height in ((2, TABLE_H), (1, FIRST_TABLE_H)))


# --- small pieces --------------------------------------------------------------------------

CUBE = _STEP - 2.0   # a cube token, a millimetre to spare a side on one orange space of the planting table


CAT_FILL, POT_FILL = "#F4E6C8", "#FBE3D3"   # the cats' cream, the pot tokens' pink (alike: they share cuts)
BED_TOKEN_COLUMNS = 8


def _round_chit(icon: str, colour: str, fill: str) -> Group:
    """A token's picture on a white disc, in a square of side BED_TOKEN filled with `fill`."""
    size = BED_TOKEN
    return Group.of(Rect(0.0, 0.0, size, size, Style(fill=fill)),
                    Circle(size / 2, size / 2, size * 0.42, Style(fill=WHITE, stroke=INK, stroke_width=0.25)),
                    Icon(icon, size / 2, size / 2, size * 0.7, colour))


def bed_tokens() -> Component:
    """The 30 cats, the 16 flower-pot tokens and the parasol as one sheet of 14 mm card squares,
    eight to a row (the cats' squares cream, the rest pink), trimmed and then cut along its
    lines: the cats and pots were two sheets (15 cuts along their lines, two trims) and the
    parasol a punched disc; one sheet takes 12 and one trim. A cat or a pot lies loose on a bed
    space; the parasol marks a nursery space whose tile is being tried, and the sheet's last
    square is a spare parasol. Eight to a row, the sheet is too wide to print beside the
    wheelbarrow, so that each page of two tables is more than 60 % used."""
    size, columns = BED_TOKEN, BED_TOKEN_COLUMNS
    cats, pots = data.COUNTS["cats"], data.COUNTS["pot_tokens"]
    rows = -(-(cats + pots + 1) // columns)
    chits = ([_round_chit("cg-cat", "#8A8A8A", CAT_FILL)] * cats + [_round_chit("cg-pot", POT_COLOUR, POT_FILL)] * pots
             + [_round_chit("cg-parasol", OKABE_ITO["reddish_purple"], POT_FILL)] * (rows * columns - cats - pots))
    width, height = columns * size, rows * size
    shapes: list[Shape] = [Rect(-BLEED, -BLEED, width + 2 * BLEED, height + 2 * BLEED, Style(fill=CAT_FILL)),
                           chit_grid(chits, columns, size, darken(CAT_FILL, 0.45))]
    return Component("cat-and-pot-tokens", "token", width, height, Face(group(shapes), background=CAT_FILL),
                     chits=(columns, rows), sits_on="bed", footprint=(size, size))


BEEHIVE_W, BEEHIVE_H = 37.0, 16.0
HIVE_YELLOW = "#FFF4C2"


def _beehive_face(hives: int) -> Group:
    w, h = BEEHIVE_W, BEEHIVE_H
    # the hives side by side in the middle, their points right under them
    shapes: list[Shape] = [Icon("cg-hive", w / 2 + (i - (hives - 1) / 2) * 10.0, 6.2, 9.0, ORANGE) for i in range(hives)]
    shapes.append(Text(w / 2, h - 2.0, f"{hives} point{'s' * (hives > 1)}", size=2.6, align="center", bold=True,
                       fill=INK))
    return Group(tuple(shapes))


def beehive_tiles() -> Component:
    """The two beehive tiles, the two-hive and the one-hive, as one strip: trimmed whole, then cut
    apart on the line between them (as two pieces edge to edge on one cut they were laid on
    different rows when the page's row had no room for both)."""
    count = len(data.BEEHIVE_TILES)
    w, h = BEEHIVE_W * count, BEEHIVE_H
    line = Style(stroke=darken(HIVE_YELLOW, 0.45), stroke_width=0.25)
    shapes: list[Shape] = [Rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, Style(fill=HIVE_YELLOW)),
                           *(Group.of(_beehive_face(hives), translate=(i * BEEHIVE_W, 0.0))
                             for i, hives in enumerate(data.BEEHIVE_TILES)),
                           *(Line(i * BEEHIVE_W, 0.0, i * BEEHIVE_W, h, line) for i in range(1, count))]
    return Component("beehive-tiles", "token", w, h, Face(group(shapes), background=HIVE_YELLOW),
                     chits=(count, 1))


def _cube_chit(colour: str) -> Group:
    size = CUBE
    icon, letter = ("cg-pot", "O") if colour == "orange" else ("cg-cloche", "B")
    return Group.of(Rect(0.4, 0.4, size - 0.8, size - 0.8, Style(fill=WHITE, stroke=INK, stroke_width=0.2), radius=1.0),
                    # the icon in the upper left, clear of the letter in the lower right
                    Icon(icon, size * 0.4, size * 0.38, size * 0.56, POT_COLOUR if colour == "orange" else GLASS),
                    # the letter 1.6 mm inside the sheet's cut where its chit is the last of a row
                    Text(size - 1.6, size - 1.6, letter, size=LABEL_MM, align="right", bold=True, fill=INK))


# Where the orange rows meet the blue ones, a white band this wide either side of their line: a
# cut up to that far off shows white, never a sliver of the other colour on a cube.
CUBE_SEAM_RIM = 1.0


def cube_tokens() -> Component:
    """Both colours' cubes as one sheet of card squares, six to a row, the orange rows over the
    blue (two sheets took 12 cuts along their lines and two trims; one takes 8 and one): the
    planting table's tracks take them."""
    size, columns = CUBE, 6
    orange_rows = data.COUNTS["orange_cubes"] // columns
    rows = orange_rows + data.COUNTS["blue_cubes"] // columns
    width, height, line = columns * size, rows * size, orange_rows * size
    chits = [_cube_chit("orange")] * (orange_rows * columns) + [_cube_chit("blue")] * ((rows - orange_rows) * columns)
    shapes: list[Shape] = [Rect(-BLEED, -BLEED, width + 2 * BLEED, line + BLEED, Style(fill=ORANGE)),
                           Rect(-BLEED, line, width + 2 * BLEED, height - line + BLEED, Style(fill=BLUE)),
                           Rect(-BLEED, line - CUBE_SEAM_RIM, width + 2 * BLEED, 2 * CUBE_SEAM_RIM, Style(fill=WHITE)),
                           chit_grid(chits, columns, size, darken(BLUE, 0.45))]
    return Component("cubes", "token", width, height, Face(group(shapes), background=ORANGE), chits=(columns, rows),
                     sits_on="orange track", footprint=(size, size))  # (a blue space is twice as wide)


# The wheelbarrow's handles: 14 mm (22 before) keeps it lower than a planting table, so that it
# prints after the tables, on the page of the last two, and the bed tokens' sheet on the other.
HANDLE = 14.0


def wheelbarrow() -> Component:
    """A tray with handles that folds up round its base (cut solid lines, fold dashed), and a
    wheel to glue under the front."""
    base_x, base_y, base_w, base_h, wall = 16.0, 16.0, 40.0, 24.0, 14.0
    tray = Style(fill="#8CB8D8", decorative=True)
    shapes: list[Shape] = []
    parts = [
        Polygon(((base_x, base_y), (base_x + base_w, base_y), (base_x + base_w, base_y + base_h),
                 (base_x, base_y + base_h)), tray),                                         # base
        Polygon(((base_x, base_y - wall), (base_x + base_w, base_y - wall), (base_x + base_w, base_y),
                 (base_x, base_y)), tray),                                                  # front wall
        Polygon(((base_x, base_y + base_h), (base_x + base_w, base_y + base_h),
                 (base_x + base_w, base_y + base_h + wall), (base_x, base_y + base_h + wall)), tray),  # back wall
        Polygon(((base_x, base_y), (base_x - wall, base_y + 3), (base_x - wall, base_y + base_h - 3),
                 (base_x, base_y + base_h)), tray),                                         # left wall
        Polygon(((base_x + base_w, base_y), (base_x + base_w + wall, base_y + 3),
                 (base_x + base_w + wall, base_y + base_h - 3), (base_x + base_w, base_y + base_h)), tray),
    ]
    handle_y = base_y + base_h + wall
    handles = [Polygon(((x, handle_y), (x + 6, handle_y), (x + 6, handle_y + HANDLE), (x, handle_y + HANDLE)),
                       Style(fill="#A9825A")) for x in (base_x, base_x + base_w - 6)]
    tabs = []
    for y0 in (base_y - wall, base_y + base_h):
        for x_edge, sign in ((base_x, -1), (base_x + base_w, 1)):
            tabs.append(Polygon(((x_edge, y0 + 1), (x_edge + sign * 4, y0 + 3), (x_edge + sign * 4, y0 + wall - 3),
                                 (x_edge, y0 + wall - 1)), TAB))
    shapes += parts + handles + tabs
    for polygon in parts[1:] + handles + tabs:
        shapes.append(Path((("M",) + polygon.points[0],) + tuple(("L",) + p for p in polygon.points[1:]) + (("Z",),),
                           CUT))
    for x1, y1, x2, y2 in ((base_x, base_y, base_x + base_w, base_y),
                           (base_x, base_y + base_h, base_x + base_w, base_y + base_h),
                           (base_x, base_y, base_x, base_y + base_h),
                           (base_x + base_w, base_y, base_x + base_w, base_y + base_h)):
        shapes.append(Line(x1, y1, x2, y2, FOLD))
    wheel_cx, wheel_cy = 84.0, 28.0
    shapes += [Circle(wheel_cx, wheel_cy, 9.0, Style(fill="#555555", stroke=INK, stroke_width=0.25)),
               Circle(wheel_cx, wheel_cy, 3.0, Style(fill="#BBBBBB")),
               Text(wheel_cx, wheel_cy + 14.0, "wheel: glue under\nthe front", size=2.9, align="center", fill=INK),
               Text(base_x + base_w / 2, base_y + base_h / 2, "Wheelbarrow", size=3.0, align="center",
                    anchor="middle", bold=True, fill=INK),
               Text(base_x + base_w / 2, base_y - wall / 2, "front", size=2.9, align="center", anchor="middle",
                    fill=INK)]
    return Component("wheelbarrow", "token", 100.0, handle_y + HANDLE + 1.0, Face(group(shapes)), outline="polygon")


# The gardener die is a stock six-sided die of about 16 mm with the game's faces stuck on:
# a cube of card rolls badly and crushes. The faces in pairs that go on opposite sides, one
# pair to a column of the sticker sheet (7 between them, as on any die).
DIE_STICKER = 12.0  # the flat of a 16 mm die with rounded edges
DIE_PAIRS = ((1, 6), (2, 5), (3, 4))


def die_stickers() -> Component:
    """The six faces as one sheet of stickers: trimmed on its corner ticks, then cut between
    the faces (a sheet of chits)."""
    colour = OKABE_ITO["bluish_green"]
    columns, rows = len(DIE_PAIRS), 2
    faces = [die_face(pair[row], DIE_STICKER, pip_color=WHITE, face_color=colour)
             for row in range(rows) for pair in DIE_PAIRS]   # a pair to a column
    shapes: list[Shape] = [Rect(-BLEED, -BLEED, columns * DIE_STICKER + 2 * BLEED, rows * DIE_STICKER + 2 * BLEED,
                                Style(fill=colour)),
                           chit_grid(faces, columns, DIE_STICKER, darken(colour, 0.45))]
    return Component("die-stickers", "sticker", columns * DIE_STICKER, rows * DIE_STICKER,
                     Face(group(shapes), background=colour), chits=(columns, rows))


# The note sits beside the stickers, in their row (a note the page's width took a row of its
# own and pushed the stickers onto a 17th page). At 150 mm the row spans the page, so the
# stickers keep their left cut on the aids' above them.
STICKER_NOTE_BESIDE = (150.0, 2 * DIE_STICKER)


def die_sticker_note() -> Component:
    width, height = STICKER_NOTE_BESIDE
    text = ("Six faces for a stock 16 mm die: trim the sheet on its corner ticks, cut between the faces and glue "
            "them on, each column's two faces on opposite sides (1 and 6, 2 and 5, 3 and 4).")
    return Component("sticker-note", "sticker", width, height,
                     Face(sticker_note(f"{TITLE}: die stickers", text, width)), cut_out=False)


# --- player aid ----------------------------------------------------------------------------
# Two sides, one per player, four to a sheet: a turn's four phases and the gardener on the
# front; scoring a bed, the red line, beehives and the final round on the back. Our own
# words; each block ends with the rulebook section it sums up, in brackets.

AID_W, AID_H = 94.0, 108.0  # four to a Letter or A4 page, 6 mm apart, with room for the die stickers
AID_TEXT = 3.0              # 8.5 pt, read at arm's length at the table
AID_HEADING = 3.4           # 9.6 pt, bold
AID_MARGIN = 4.0
AID_ICON = 6.0
AID_TOP = 12.0              # under the title band


def _aid_block(icon: str, colour: str, heading: str, section: str, body: str, y: float) -> tuple[list[Shape], float]:
    """An icon, a bold heading and a paragraph ending with the section it comes from; returns
    the y below."""
    from pnp.parts import text_column

    x = AID_MARGIN + AID_ICON + 1.5
    column, bottom = text_column(((heading, f"{body} [{section}]"),), x, y, AID_W - x - AID_MARGIN, size=AID_TEXT,
                                 heading_size=AID_HEADING, color=INK, gap=0)
    return [Icon(icon, AID_MARGIN + AID_ICON / 2, y + AID_ICON / 2 - 0.6, AID_ICON, colour), column], bottom + 1.6


def _aid_side(title: str, blocks: list[tuple[str, str, str, str, str]]) -> Face:
    # the title in the kit's display face, as on page 1 and the nursery; the rest in the body font.
    # The title band runs into the bleed: the aids do not share their cuts (each one has its
    # own 3 mm bleed on the page), so a cut a little off shows green, never a white sliver.
    shapes: list[Shape] = [Rect(-BLEED, -BLEED, AID_W + 2 * BLEED, 9.0 + BLEED, Style(fill=LEAF)),
                           Text(AID_MARGIN, 4.8, title, size=4.6, bold=True, anchor="middle",
                                fill=text_color_on(LEAF), face=LOOK.face)]
    y = AID_TOP
    for block in blocks:
        drawn, y = _aid_block(*block, y)
        shapes += drawn
    if y > AID_H - 2.0:
        raise ValueError(f"the player aid text runs off the foot of {title!r} ({y:.1f} mm of {AID_H:g})")
    return Face(group(shapes), background=WHITE)


def turn_blocks() -> list[tuple[str, str, str, str, str]]:
    cats = data.CATS_AT_START
    return [
        ("cg-turn", INK, "1 Refill the gardener row", "1 Refilling Phase",
         "The die points at a row, column or (4 players) diagonal. 3 or 4 spaces empty: fill them from the "
         "garden path, nearest the gardener first; 1 or 2: you may pay a cat to fill them too."),
        ("cg-pot", POT_COLOUR, "2 Plant", "2 Planting Phase",
         "Put a tile from that row, or a flower pot, on one of your two beds at once, turned or flipped. "
         "Never over tiles, cats or pots, nor over the edge. Set down cats from your reserve as you like."),
        ("cg-cloche", GLASS, "3 Score a full bed", "3 Scoring Phase",
         "A bed with no empty space scores (see the back); its tiles go to the path's end. Flip it and "
         "take the waiting one."),
        ("cg-pawn", OKABE_ITO["bluish_green"], "4 Move the gardener", "4 Gardener Phase",
         "One space on, the arrows' way. On the Turning Space turn the die up by one: at "
         f"{data.FINAL_ROUND_FACE} the final round begins."),
        ("cg-cat", "#8A8A8A", "Cats", "Special rules for the Planting Table",
         f"At most {cats} in reserve when your turn ends: put the rest on empty spaces of your beds."),
    ]


def scoring_blocks() -> list[tuple[str, str, str, str, str]]:
    orange, blue = data.FINAL_ROUND_STEPS_BACK["orange"], data.FINAL_ROUND_STEPS_BACK["blue"]
    two, one = data.BEEHIVE_TILES
    return [
        ("cg-pot", POT_COLOUR, f"Pots: orange, {data.STEP_POINTS['orange']} a step", "3 Scoring Phase",
         "One orange cube one step for each pot you see on the bed."),
        ("cg-cloche", GLASS, f"Cloches: blue, {data.STEP_POINTS['blue']} a step", "3 Scoring Phase",
         "One blue cube one step per cloche. Covered symbols and cats score nothing."),
        ("cg-hive", ORANGE, f"Target {data.TARGET} and beehives", "Beehives",
         f"One step from 15 or 14 reaches {data.TARGET}. First there takes the {two}-hive tile, second the "
         f"{one}-hive: 1 point a hive."),
        ("cg-mouse", "#7A6A5A", "The red line", "Special rules for the Planting Table",
         "Crossing it forward: take a cat. A colour's last cube leaves start: place a pot."),
        ("cg-cat", "#8A8A8A", "The final round", "Final Round",
         f"Give up beds with fewer than {data.FINAL_ROUND_MIN_TILES} tiles. Before each turn lose 2 points: an "
         f"orange cube back {orange} or a blue one back {blue}."),
        ("cg-turn", INK, "The end", "End of the Game",
         "Each cube scores its number, 20 on the target. Most points wins; then most hives."),
    ]


# The aids print in pairs side by side, each pair a sheet of two chits: trimmed whole on its own
# bleed (the title band runs into it), then cut apart on the line between the two, where their
# bands meet green to green and their white to white. Four loose aids on a page took 3 more
# straight cuts than two pairs, and on one grid of shared cuts a band had no bleed at all.
AIDS_A_PAIR = 2
PAIR_LINE = Style(stroke="#9A9A9A", stroke_width=0.25)


def _pair(side: Face) -> Face:
    """One side of a pair of aids: the side twice, edge to edge, the line to cut between them.
    A pair turned over shows the other side twice, so either half backs either half."""
    halves = [Group.of(side.shapes, translate=(index * AID_W, 0.0)) for index in range(AIDS_A_PAIR)]
    lines = [Line(index * AID_W, 0.0, index * AID_W, AID_H, PAIR_LINE) for index in range(1, AIDS_A_PAIR)]
    return Face(group([*halves, *lines]), background=side.background)


def player_aid() -> Component:
    front = _aid_side(f"{TITLE} · a turn", turn_blocks())
    back = _aid_side(f"{TITLE} · scoring", scoring_blocks())
    return Component("player-aids", "aid", AIDS_A_PAIR * AID_W, AID_H, _pair(front), _pair(back),
                     count=data.MAX_PLAYERS // AIDS_A_PAIR, chits=(AIDS_A_PAIR, 1))


# --- the reference card ------------------------------------------------------------------
# One two-sided card as big as a flowerbed, printed in the blank beside a bed on the tile
# pages (Letter's page 7 left 90 x 90 mm of it bare): the 36 tiles with their ids, shapes and
# flowers on the front, to check a cut-out set is whole; the beds' ids and the nursery's space
# and track names on the back: the names the app and the scorer take.

REFERENCE = data.BED_SIZE * CELL + 2 * BED_BORDER   # a flowerbed's side
REFERENCE_MARGIN = 4.0
REFERENCE_TOP = 11.0        # under the title band
REFERENCE_ROW = 4.0         # one tile's line on the front
REFERENCE_SQUARE = 1.0      # one square of a tile's little picture


def _reference_band(title: str) -> list[Shape]:
    """The card's green title band, run into its bleed (a cut a little off shows green)."""
    return [Rect(-BLEED, -BLEED, REFERENCE + 2 * BLEED, 8.0 + BLEED, Style(fill=LEAF)),
            Text(REFERENCE_MARGIN, 4.3, title, size=4.0, bold=True, anchor="middle", fill=text_color_on(LEAF),
                 face=LOOK.face)]


def _tile_picture(tile: str, x: float, cy: float) -> list[Shape]:
    """A tile's shape in its colour, REFERENCE_SQUARE a square, its middle at height cy."""
    squares = tile_squares(tile)
    rows = max(r for r, _ in squares) + 1
    top = cy - rows * REFERENCE_SQUARE / 2
    colour = data.FLOWER_COLOURS[data.FLOWER_TILES[tile][2]]
    square = Style(fill=colour, stroke=darken(colour, 0.5), stroke_width=0.1)
    return [Rect(x + c * REFERENCE_SQUARE, top + r * REFERENCE_SQUARE, REFERENCE_SQUARE, REFERENCE_SQUARE, square)
            for r, c in squares]


def reference_tiles() -> Face:
    """The front: every tile as a line of the list, two columns, in the order of their ids."""
    shapes = _reference_band(f"{TITLE} · the {len(data.TILE_IDS)} flower tiles")
    per_column = -(-len(data.TILE_IDS) // 2)
    column_w = (REFERENCE - 2 * REFERENCE_MARGIN) / 2
    for index, tile in enumerate(data.TILE_IDS):
        x = REFERENCE_MARGIN + (index // per_column) * column_w
        cy = REFERENCE_TOP + (index % per_column + 0.5) * REFERENCE_ROW
        shapes += _tile_picture(tile, x, cy)
        shapes.append(Text(x + 6.0, cy, tile, size=LABEL_MM, bold=True, anchor="middle", fill=INK))
        shapes.append(Text(x + 10.5, cy, data.FLOWER_TILES[tile][1], size=LABEL_MM, anchor="middle", fill=INK))
    return Face(group(shapes), background=WHITE)


REFERENCE_CELL = 9.0    # a nursery space on the back's map
REFERENCE_BAND = 7.0    # the gardener's path round it
REFERENCE_TEXT = 2.9    # 8.2 pt: a line of more than two words is read at the table


def reference_names() -> Face:
    """The back: the beds' ids, and a map of the nursery naming each space (row letter, column
    number) and each gardener space round it (4-player corners in grey)."""
    shapes = _reference_band("Names the app uses")
    light = " ".join(f"{board}L" for board in data.BED_BOARDS)
    dark = " ".join(f"{board}D" for board in data.BED_BOARDS)
    shapes += [Text(REFERENCE_MARGIN, 14.0, f"Beds, light: {light}", size=REFERENCE_TEXT, fill=INK),
               Text(REFERENCE_MARGIN, 18.5, f"their backs, dark: {dark}", size=REFERENCE_TEXT, fill=INK),
               Text(REFERENCE_MARGIN, 24.5, "Nursery: row letter, then column", size=REFERENCE_TEXT, bold=True,
                    fill=INK)]
    cell, band = REFERENCE_CELL, REFERENCE_BAND
    left = (REFERENCE - 4 * cell - 2 * band) / 2 + band
    top = 27.5 + band
    tray = Style(fill=SOIL["L"], stroke=darken(SOIL["L"], 0.45), stroke_width=0.2)
    for r, row in enumerate(data.ROWS):
        for c, column in enumerate(data.COLUMNS):
            x, y = left + c * cell, top + r * cell
            shapes += [Rect(x, y, cell, cell, tray),
                       Text(x + cell / 2, y + cell / 2, row + column, size=LABEL_MM, bold=True, align="center",
                            anchor="middle", fill=LEAF_TEXT)]
    track = Style(fill=art.FLAGSTONE, stroke=art.FLAGSTONE_EDGE, stroke_width=0.2)
    corner_names = set(data.NURSERY_SIDES["4"]["track"]) - set(data.NURSERY_SIDES["1-3"]["track"])
    for label in data.NURSERY_SIDES["4"]["track"]:
        edge, key = label[0], label[1]
        if label in corner_names:
            x = left - band if key == "W" else left + 4 * cell
            y = top - band if edge == "N" else top + 4 * cell
            w = h = band
        else:
            index = (data.COLUMNS if edge in "NS" else data.ROWS).index(key)
            x = {"N": left + index * cell, "S": left + index * cell, "W": left - band, "E": left + 4 * cell}[edge]
            y = {"N": top - band, "S": top + 4 * cell, "W": top + index * cell, "E": top + index * cell}[edge]
            w, h = (cell, band) if edge in "NS" else (band, cell)
        shapes += [Rect(x, y, w, h, track),
                   Text(x + w / 2, y + h / 2, label, size=LABEL_MM, align="center", anchor="middle",
                        fill="#595959" if label in corner_names else INK)]
    shapes.append(Text(REFERENCE_MARGIN, top + 4 * cell + band + 4.5, "Grey corners: the 4-player side only.",
                       size=REFERENCE_TEXT, fill=INK))
    return Face(group(shapes), background=WHITE)


def reference_card() -> Component:
    return Component("reference-card", "tile", REFERENCE, REFERENCE, reference_tiles(), reference_names())


# --- the kit -------------------------------------------------------------------------------

def components(options: KitOptions | None = None) -> list[Component]:
    counts = data.COUNTS
    return [
        nursery(),
        *flower_tiles(),
        *flowerbeds(),
        # (the tables, one wood colour, lie on one grid: two one above the other share a cut)
        Component("planting-table", "board", TABLE_W, TABLE_H, planting_table_face(),
                  count=counts["planting_tables"], spaces=table_spaces(), shared_cuts=True),
        bed_tokens(),
        cube_tokens(),
        beehive_tiles(),
        wheelbarrow(),
        die_stickers(),
        die_sticker_note(),
        player_aid(),
        reference_card(),
    ]
