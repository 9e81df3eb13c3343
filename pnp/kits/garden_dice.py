"""Garden Dice print-and-play kit: the board (garden, die-face markers, star spaces and a
0-99 scoring track with laps), the two-sided seed/veggie, bird/rabbit, sundial/scarecrow
and rock tiles, sun and lap tokens, player discs, player aids and the scoring pad.

Every number printed comes from scorer.games.garden_dice.data, the module the scorer reads.
"""
from __future__ import annotations

from dataclasses import replace

from pnp.art import garden_dice as art
from pnp.art.looks import look, wordmark
from pnp.art.shapes import PIECE_WORD_MM
from pnp.colors import INK, OKABE_ITO, PLAYER_COLORS, WHITE, darken, lighten, text_color_on
from pnp.fonts import cache_per_body_face, cap_height, measure
from pnp.icons import outline_of, register_icon, solid, star_points
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
from pnp.parts import PUNCHES_MM, chit_grid, die_face, perimeter_cells, perimeter_track, punch, punch_cell
from pnp.text import BODY_MM, layout_lines, widowless_width
from scorer.games.garden_dice import data

GAME_ID = data.GAME_ID
TITLE = data.TITLE
# The game's look: its wordmark's face, ink, swash and ornaments (pnp.art.looks).
LOOK = art.LOOK  # drawn with by the tiles' art too

# --- sizes (mm) --------------------------------------------------------------------------------
# house: 22 mm tiles on 24 mm garden spaces, so that every tile, token and disc of the kit prints on one two-sided
# sheet of card on Letter or A4 (8 or 7 tiles a row), the board on two sheets.
TILE = 22.0                      # every square tile
CELL = TILE + 2.0                # a garden space: a tile with a little room round it
# house: 12 mm score-track spaces, so a 3/8 inch disc has room to spare and the discs of
# players sharing a space can be stacked a little off-centre, each colour showing.
TRACK_CELL = 12.0
# The track is a rectangular loop round the garden: TRACK_DOWN cells down each side (the
# board's height, 264 mm, fits a Letter or A4 page), the rest across; a loop of a by d cells
# has 2(a + d) - 4 of them.
TRACK_DOWN = 22
TRACK_ACROSS = (data.TRACK_SPACES + 4) // 2 - TRACK_DOWN
BOARD_W, BOARD_H = TRACK_ACROSS * TRACK_CELL, TRACK_DOWN * TRACK_CELL
GARDEN = data.BOARD_SIZE * CELL
# The garden and its markers lie whole on the board's right half, so the two halves join down
# the board's middle (between track spaces 14 and 15) and no seam runs through the garden; the
# left half holds the seed values, the notes and the special tiles.
GARDEN_X, GARDEN_Y = BOARD_W - TRACK_CELL - 4.0 - GARDEN, (BOARD_H - GARDEN) / 2
MARKER = 13.0                    # die faces naming rows and columns
MARKER_GAP = 10.0                # from a marker's centre to the garden's edge
# Round pieces are the discs of stock craft punches (pnp.parts.PUNCHES_MM), one press each.
SUN_TOKEN = PUNCHES_MM["3/4 inch"]
LAP_TOKEN = PUNCHES_MM["3/4 inch"]
DISC = PUNCHES_MM["3/8 inch"]   # 9.5 mm: on a 12 mm track space, 2.5 mm to spare
# house: a player may skip cutting discs and take nine counters of one colour from elsewhere
# (glass beads, buttons) as wide as these at most: the largest still leaves a 12 mm track
# space pnp.checks.FIT_CLEARANCE_MM of room, as a punched disc does.
STAND_IN_MM = (8.0, 11.0)
# house: one grid for the whole tile sheet. Tokens sit in cells of a tile's size and discs in
# cells of half of it, all on shared cuts, so every column line of the token and disc blocks
# lies on one of the tiles' (a block on a pitch of its own put its cut ticks 1-2 mm beside
# the next block's); an 11 mm square cut without the punch still sits on a 12 mm track space.
TOKEN_CELL = TILE
DISC_CELL = TILE / 2
# 127.5 mm tall (130 filled Letter's height, its two rows of aids met on one cut, and the lower
# row's brown header started at a cut the upper row's cream shared): the rows stand 3.2 mm apart
# on Letter and 6 mm on A4, and every header runs on into its bleed, AID_BLEED past its cut.
AID_W, AID_H = 95.0, 127.5
AID_BLEED = 3.0
PAD_W, PAD_H = 98.0, 130.0       # four score sheets to a Letter or A4 page (a pad), eight to A3
PAD_SHEETS = 4
NAME_BOX_H = 8.5                 # a name box, each player's symbol beside it, two to a row

# What the first page tells the person printing the kit: how to cut the discs and tokens this
# build prints, squares or circles.
BOARD_STEP = ("Board: cut both halves on their lines, lay them face down edge to edge with a 1 mm gap, arrows "
              "tip to tip, and tape the join: the board folds in half for the box.")
STAND_IN_STEP = (f"Or cut no discs and take {data.DISCS_PER_PLAYER} glass beads or buttons a colour, "
                 f"{STAND_IN_MM[0]:g} to {STAND_IN_MM[1]:g} mm across.")
AIDS_STEP = ("Cut the player aids and the score sheets apart (four to a page, eight on A3 or tabloid); one "
             "sheet serves one game, so print that page again for more.")
GUIDE = KitGuide(
    box_items=(("six-sided dice (d6)", data.DICE), ("pencil for the score pad", 1),
               ("strip of cloth, paper or book tape, 25 mm wide and 26 cm long, for the board's hinge", 1)),
    assembly=(
        BOARD_STEP,
        "Cut the square tiles and tokens on their crop marks; each tile has its seed (or bird, sundial) side "
        "on the front.",
        f"Discs are squares: cut each colour's strip on its lines, {DISC_CELL:g} mm squares, printed both sides, "
        f"straight cuts only. {STAND_IN_STEP}",
        AIDS_STEP,
    ),
    round_assembly=(
        BOARD_STEP,
        "Cut the square tiles on their crop marks; each tile has its seed (or bird, sundial) side on the front.",
        f"Discs and tokens are circles for stock craft punches, one press each: sun and lap tokens a "
        f"{punch(SUN_TOKEN)} punch, discs a 3/8 inch (9.5 mm) punch, printed both sides. {STAND_IN_STEP}",
        AIDS_STEP,
    ),
    paper="Card feeds unlike paper: repeat the duplex test on card before printing the tile sheet.",
)

# --- colours -------------------------------------------------------------------------------------
CROP_COLORS = {
    "squash": OKABE_ITO["yellow"], "carrot": OKABE_ITO["orange"], "tomato": OKABE_ITO["vermillion"],
    "artichoke": OKABE_ITO["bluish_green"], "eggplant": OKABE_ITO["reddish_purple"],
}
LEAF = "#3C8D2F"
SOIL = "#E9DCC3"
STAR_SOIL = "#F7E9A0"
FENCE = "#7A5230"
GRASS = "#DCEFD0"
KRAFT = "#E6D3A8"
STONE = "#9A9A96"


# --- icons ---------------------------------------------------------------------------------------

def _leaf_style(size: float) -> Style:
    return solid(LEAF, size)


@register_icon("garden-dice-squash")
def squash_icon(size: float, color: str) -> Group:
    s = size
    body = Path((("M", s * 0.42, s * 0.18), ("C", s * 0.3, s * 0.3, s * 0.38, s * 0.45, s * 0.3, s * 0.58),
                 ("C", s * 0.16, s * 0.78, s * 0.3, s * 0.95, s * 0.5, s * 0.95),
                 ("C", s * 0.7, s * 0.95, s * 0.84, s * 0.78, s * 0.7, s * 0.58),
                 ("C", s * 0.62, s * 0.45, s * 0.7, s * 0.3, s * 0.58, s * 0.18), ("Z",)), solid(color, s))
    stem = Rect(s * 0.45, s * 0.05, s * 0.1, s * 0.16, _leaf_style(s), radius=s * 0.03)
    ridge = Path((("M", s * 0.5, s * 0.25), ("C", s * 0.46, s * 0.5, s * 0.46, s * 0.75, s * 0.5, s * 0.9)),
                 Style(stroke=outline_of(color), stroke_width=s * 0.025))
    return Group.of(body, ridge, stem)


@register_icon("garden-dice-carrot")
def carrot_icon(size: float, color: str) -> Group:
    s = size
    root = Polygon(((s * 0.3, s * 0.3), (s * 0.7, s * 0.3), (s * 0.52, s * 0.97), (s * 0.48, s * 0.97)),
                   solid(color, s))
    tops = tuple(Polygon(((s * 0.5, s * 0.3), (s * x, s * 0.03), (s * (x + 0.1), s * 0.06)), _leaf_style(s))
                 for x in (0.25, 0.45, 0.62))
    rings = tuple(Line(s * (0.36 + k * 0.04), s * (0.45 + k * 0.14), s * (0.52 + k * 0.02), s * (0.45 + k * 0.14),
                       Style(stroke=outline_of(color), stroke_width=s * 0.025)) for k in range(3))
    return Group(tops + (root,) + rings)


@register_icon("garden-dice-tomato")
def tomato_icon(size: float, color: str) -> Group:
    s = size
    fruit = Circle(s * 0.5, s * 0.58, s * 0.38, solid(color, s))
    calyx = Polygon(star_points(s * 0.5, s * 0.24, s * 0.2, s * 0.07), _leaf_style(s))
    shine = Circle(s * 0.36, s * 0.48, s * 0.06, Style(fill=lighten(color, 0.6)))
    return Group.of(fruit, shine, calyx)


@register_icon("garden-dice-artichoke")
def artichoke_icon(size: float, color: str) -> Group:
    s = size
    stem = Rect(s * 0.46, s * 0.78, s * 0.08, s * 0.18, _leaf_style(s))
    scales: list[Shape] = []
    # Rows of pointed scales, wide at the bottom, narrowing to the tip.
    for y, half, count in ((0.72, 0.34, 4), (0.55, 0.3, 3), (0.38, 0.22, 2), (0.22, 0.1, 1)):
        width = 2 * half / count
        for k in range(count):
            left = 0.5 - half + k * width
            scales.append(Polygon(((s * left, s * (y + 0.1)), (s * (left + width / 2), s * (y - 0.12)),
                                   (s * (left + width), s * (y + 0.1))), solid(color, s)))
    return Group((stem, *scales[::-1]))


@register_icon("garden-dice-eggplant")
def eggplant_icon(size: float, color: str) -> Group:
    s = size
    body = Path((("M", s * 0.38, s * 0.2), ("C", s * 0.2, s * 0.35, s * 0.1, s * 0.7, s * 0.3, s * 0.9),
                 ("C", s * 0.5, s * 1.0, s * 0.85, s * 0.9, s * 0.8, s * 0.6),
                 ("C", s * 0.76, s * 0.42, s * 0.6, s * 0.3, s * 0.6, s * 0.2), ("Z",)), solid(color, s))
    cap = Polygon(((s * 0.3, s * 0.26), (s * 0.49, s * 0.12), (s * 0.68, s * 0.26), (s * 0.49, s * 0.34)),
                  _leaf_style(s))
    stem = Rect(s * 0.45, s * 0.03, s * 0.08, s * 0.14, _leaf_style(s))
    return Group.of(body, stem, cap)


@register_icon("garden-dice-bird")
def bird_icon(size: float, color: str) -> Group:
    s = size
    body = Path((("M", s * 0.15, s * 0.55), ("C", s * 0.2, s * 0.3, s * 0.45, s * 0.25, s * 0.62, s * 0.3),
                 ("C", s * 0.72, s * 0.15, s * 0.9, s * 0.2, s * 0.88, s * 0.35),
                 ("C", s * 0.85, s * 0.7, s * 0.55, s * 0.82, s * 0.15, s * 0.55), ("Z",)), solid(color, s))
    wing = Path((("M", s * 0.3, s * 0.5), ("C", s * 0.42, s * 0.38, s * 0.58, s * 0.42, s * 0.62, s * 0.55),
                 ("C", s * 0.5, s * 0.62, s * 0.38, s * 0.6, s * 0.3, s * 0.5), ("Z",)),
                solid(darken(color, 0.25), s))
    beak = Polygon(((s * 0.88, s * 0.28), (s * 0.98, s * 0.33), (s * 0.87, s * 0.37)), solid("#E69F00", s))
    eye = Circle(s * 0.78, s * 0.29, s * 0.03, Style(fill=INK))
    legs = tuple(Line(s * x, s * 0.72, s * (x - 0.04), s * 0.9, Style(stroke=INK, stroke_width=s * 0.025))
                 for x in (0.45, 0.55))
    return Group(legs + (body, wing, beak, eye))


@register_icon("garden-dice-rabbit")
def rabbit_icon(size: float, color: str) -> Group:
    s = size
    style = solid(color, s)
    ears = tuple(Group.of(Rect(-s * 0.06, -s * 0.3, s * 0.12, s * 0.32, style, radius=s * 0.06),
                          translate=(s * x, s * 0.36), rotate=angle) for x, angle in ((0.58, -12), (0.68, 14)))
    body = Circle(s * 0.42, s * 0.68, s * 0.24, style)
    head = Circle(s * 0.64, s * 0.44, s * 0.14, style)
    tail = Circle(s * 0.17, s * 0.72, s * 0.07, Style(fill=WHITE, stroke=outline_of(color), stroke_width=s * 0.02))
    eye = Circle(s * 0.68, s * 0.42, s * 0.025, Style(fill=INK))
    return Group(ears + (body, head, tail, eye))


@register_icon("garden-dice-sundial")
def sundial_icon(size: float, color: str) -> Group:
    s = size
    plate = Circle(s * 0.5, s * 0.55, s * 0.4, solid(color, s))
    marks = tuple(Line(s * 0.5, s * 0.55, s * x, s * y, Style(stroke=outline_of(color), stroke_width=s * 0.02))
                  for x, y in ((0.14, 0.5), (0.25, 0.28), (0.5, 0.17), (0.75, 0.28), (0.86, 0.5)))
    gnomon = Polygon(((s * 0.5, s * 0.55), (s * 0.5, s * 0.2), (s * 0.62, s * 0.55)), solid(INK, s))
    return Group((plate,) + marks + (gnomon,))


@register_icon("garden-dice-scarecrow")
def scarecrow_icon(size: float, color: str) -> Group:
    s = size
    wood = Style(stroke=FENCE, stroke_width=s * 0.06)
    post = Line(s * 0.5, s * 0.3, s * 0.5, s * 0.98, wood)
    arms = Line(s * 0.1, s * 0.45, s * 0.9, s * 0.45, wood)
    shirt = Polygon(((s * 0.3, s * 0.4), (s * 0.7, s * 0.4), (s * 0.64, s * 0.75), (s * 0.36, s * 0.75)),
                    solid(color, s))
    head = Circle(s * 0.5, s * 0.27, s * 0.11, solid("#E6D3A8", s))
    hat = Polygon(((s * 0.3, s * 0.2), (s * 0.7, s * 0.2), (s * 0.6, s * 0.15), (s * 0.56, s * 0.03),
                   (s * 0.44, s * 0.03), (s * 0.4, s * 0.15)), solid(FENCE, s))
    return Group.of(post, arms, shirt, head, hat)


@register_icon("garden-dice-rock")
def rock_icon(size: float, color: str) -> Group:
    s = size
    stone = Polygon(((s * 0.1, s * 0.75), (s * 0.18, s * 0.42), (s * 0.38, s * 0.22), (s * 0.66, s * 0.24),
                     (s * 0.88, s * 0.45), (s * 0.92, s * 0.76), (s * 0.7, s * 0.88), (s * 0.3, s * 0.88)),
                    solid(color, s))
    crack = Path((("M", s * 0.4, s * 0.3), ("L", s * 0.48, s * 0.5), ("L", s * 0.42, s * 0.62)),
                 Style(stroke=outline_of(color), stroke_width=s * 0.03))
    return Group.of(stone, crack)


def crop_icon(crop: str) -> str:
    return f"garden-dice-{crop}"


# --- small drawing helpers ------------------------------------------------------------------------

def value_badge(value: int) -> Group:
    """The point value in the top-left corner, as the rulebook's tiles show it."""
    r = TILE * 0.115  # its digit (3.5 mm, 9.9 pt) keeps pnp.checks.RING_CLEAR_MM inside the ring
    centre = art.SAFE + r
    return Group.of(Circle(centre, centre, r, Style(fill=WHITE, stroke=INK, stroke_width=0.35)),
                    Text(centre, centre, str(value), size=3.5, align="center", anchor="middle", bold=True, fill=INK))


def caption(text: str, y: float, width: float = TILE, size: float = 2.6, fill: str = INK,
            bold: bool = True) -> Text:
    return Text(width / 2, y, text, size=size, align="center", anchor="middle", bold=bold, fill=fill)


def round_outline(diameter: float) -> Circle:
    """The cut line of a round piece, its ink inside the trim circle: the piece as drawn is
    the punch's size, and pieces of different colours keep their gutter as drawn."""
    width = 0.2  # at most pnp.checks.TRIM_LINE_MAX_MM: an off cut leaves no dark edge
    return Circle(diameter / 2, diameter / 2, (diameter - width) / 2, Style(stroke=INK, stroke_width=width))


# --- tiles -------------------------------------------------------------------------------------------

# Every tile's front is one ground out to its bleed, the soil its art lies on, the same for all
# (art.SOIL_GROUND): tiles of any colours then share their cuts (a cut a little off shows soil
# beside soil), so a row of one crop runs on into the next crop's tiles instead of leaving a
# tile's space blank for a colour gutter, and no tile has a pale rim inside its cut.
PLAQUE_INSET = 2.5   # a special tile's plaque of its colour, this far inside the cut (as all art); no stroke,
# which would narrow the room for its words (the rock's 16.4 mm "blocks critters")


def on_soil(shapes: tuple[Shape, ...], plaque: str | None = None) -> Face:
    """A tile's front: the soil out to the bleed with its grit, and over it the art; under the
    art a plaque of `plaque`, the tile's colour, when its words need a ground of their own."""
    ground: tuple[Shape, ...] = tuple(art.soil_specks(TILE))
    if plaque is not None:
        ground += (Rect(PLAQUE_INSET, PLAQUE_INSET, TILE - 2 * PLAQUE_INSET, TILE - 2 * PLAQUE_INSET,
                        Style(fill=plaque), radius=1.6),)
    return Face(Group((*ground, *shapes)), background=art.SOIL_GROUND)


# Backs print on the sheet's other side, where a home duplex printer lays them 1-2 mm off the
# fronts' cuts: a rim there showed 0.5 mm on one side and 2.5 mm on the other. Every back is
# one colour out to its bleed instead, the same for all (so the tiles still share their cuts,
# and an off cut shows that colour beside that colour), its own colour a round patch inside,
# which a drift only moves; its words keep art.SAFE inside the cut.
BACK_GROUND = "#E4EED8"


def rimless(shapes: tuple[Shape, ...], colour: str, middle: float, radius: float) -> Face:
    """A tile's back: the colour every back shares out to the bleed, and a round patch of
    `colour` of `radius` round (TILE / 2, `middle`) under the art, art.SAFE inside the cut at
    least, as all art that stops short of it."""
    patch = Circle(TILE / 2, middle, radius, Style(fill=colour, decorative=True))
    return Face(Group((patch, *shapes)), background=BACK_GROUND)


@cache_per_body_face  # one face object per crop: the board's pictures of the tiles reuse the tiles' own
def seed_face(crop: str) -> Face:
    """The seed side: a seed packet with the crop's name and picture, value in the corner."""
    color = CROP_COLORS[crop]
    shapes = (*art.seed_packet(crop, crop_icon(crop), color, TILE), value_badge(data.CROP_VALUES[crop]))
    return on_soil(shapes)


@cache_per_body_face
def veggie_face(crop: str) -> Face:
    """The veggie side: the vegetable, its value and its name."""
    color = CROP_COLORS[crop]
    shapes = (*art.veggie_bed(crop, crop_icon(crop), color, TILE), value_badge(data.CROP_VALUES[crop]))
    return rimless(shapes, lighten(color, 0.6), TILE * 0.44, TILE * 0.44 - art.SAFE)


SPECIAL_NAME_Y = 0.71   # a special tile's name and note, down the tile
SPECIAL_NOTE_Y = 0.815


def special_face(icon: str, color: str, name: str, note: str, background: str, side: str = "front") -> Face:
    """A special tile's side: its picture among a little scenery, its name and what it does.
    A front on the soil, on a plaque of `background`; a back (`side="back"`) rimless, its colour a patch round the
    picture, clear of the name."""
    # the words keep art.SAFE inside the trim (a tile may share its cut with its neighbour)
    width = TILE - 2 * art.SAFE  # on a front, inside its plaque (PLAQUE_INSET)
    name_size = art.fitted(name.upper(), 2.6, width, bold=True)
    shapes = (*art.special_scene(name, TILE), Icon(icon, TILE / 2, TILE * 0.37, TILE * 0.5, color),
              caption(name.upper(), TILE * SPECIAL_NAME_Y, size=name_size),
              caption(note, TILE * SPECIAL_NOTE_Y, size=art.fitted(note, PIECE_WORD_MM, width), bold=False))
    if side == "front":
        return on_soil(shapes, background)
    top = art.SAFE                                                        # the patch from here down to
    bottom = TILE * SPECIAL_NAME_Y - cap_height() * name_size / 2 - 0.4   # just above the name's capitals
    return rimless(shapes, darken(background, 0.06), (top + bottom) / 2, (bottom - top) / 2)


def crop_tiles() -> list[Component]:
    return [Component(f"tile-{crop}", "tile", TILE, TILE, seed_face(crop), veggie_face(crop), shared_cuts=True,
                      count=data.TILES_PER_CROP_IN_BOX, sits_on="garden") for crop in data.CROPS]


def special_tiles() -> list[Component]:
    bird = special_face("garden-dice-bird", OKABE_ITO["sky_blue"], "bird", "eats seeds", "#E3F1FA")
    rabbit = special_face("garden-dice-rabbit", "#B8A48C", "rabbit", "eats veggies", "#F6EEDD", side="back")
    sundial = special_face("garden-dice-sundial", "#D9D2C0", "sundial", "nudges dice", "#F5F1E6")
    scarecrow = special_face("garden-dice-scarecrow", OKABE_ITO["blue"], "scarecrow", "guards seeds",
                             "#F6EEDD", side="back")
    rock = special_face("garden-dice-rock", STONE, "rock", "blocks critters", "#E4E4E0")
    rock_back = special_face("garden-dice-rock", STONE, "rock", "blocks critters", "#E4E4E0", side="back")
    return [Component("bird-rabbit", "tile", TILE, TILE, bird, rabbit, count=data.CRITTER_TILES,
                      sits_on="garden", shared_cuts=True),
            Component("sundial-scarecrow", "tile", TILE, TILE, sundial, scarecrow, count=data.HELPER_TILES,
                      sits_on="garden", shared_cuts=True),
            # The same on both sides (Special Tiles: Rock).
            Component("rock", "tile", TILE, TILE, rock, rock_back, count=data.ROCK_TILES, sits_on="garden",
                      shared_cuts=True)]


# --- tokens and discs --------------------------------------------------------------------------------

def token_faces(shapes: tuple[Shape, ...], diameter: float, colour: str, round_piece: bool) -> tuple[Face, Face]:
    """A token's front and back, alike (as the rock's are) but for the ground round it: the
    tiles' soil in front and their backs' colour behind, so the tokens run on from the tiles
    in their rows, meeting them on one cut, on the tiles' grid. `shapes` are drawn for a
    circle `diameter` across. Round, its colour fills the cut circle a punch presses out;
    square (the default), the token is its whole cell, its colour a plaque in front (as the
    special tiles' are) and a round patch behind, cut on the tiles' grid lines."""
    if round_piece:
        outline = round_outline(diameter)
        cut = Circle(outline.cx, outline.cy, outline.r, replace(outline.style, fill=colour))
        cell, _ = punch_cell(Group((cut, *shapes)), diameter, TOKEN_CELL)
        return on_soil((cell,)), Face(cell, background=BACK_GROUND)
    art_in_cell, _ = punch_cell(Group(shapes), diameter, TOKEN_CELL)
    return on_soil((art_in_cell,), colour), rimless((art_in_cell,), colour, TOKEN_CELL / 2, diameter / 2)


def tokens(round_pieces: bool) -> list[Component]:
    """The sun and lap tokens: squares of a tile's size, or circles for a 3/4 inch punch."""
    # the points on a line of their own, the words under them high enough to keep 1 mm
    # inside the cut circle at both their ends, and pnp.checks.RING_CLEAR_MM from its ink
    sun = token_faces((Icon("sun", SUN_TOKEN / 2, 5.8, 8.0, OKABE_ITO["yellow"]),
                      caption(f"+{data.SUN_TOKEN_POINTS}", 12.0, SUN_TOKEN, size=3.4),
                      caption("if unused", 15.0, SUN_TOKEN, size=PIECE_WORD_MM, bold=False)), SUN_TOKEN, "#FFF8D6",
                      round_pieces)
    lap = token_faces((Text(LAP_TOKEN / 2, 8.7, f"+{data.TRACK_SPACES}", size=5.2, align="center",
                           anchor="middle", bold=True, fill=INK),
                      caption("lap", 13.7, LAP_TOKEN, size=PIECE_WORD_MM, bold=False)), LAP_TOKEN, "#F2F2F2",
                      round_pieces)
    shape: dict = dict(outline="circle", footprint=(SUN_TOKEN, SUN_TOKEN)) if round_pieces else {}
    return [Component("sun-token", "token", TOKEN_CELL, TOKEN_CELL, *sun, count=data.SUN_TOKENS,
                      shared_cuts=True, **shape),
            Component("lap-token", "token", TOKEN_CELL, TOKEN_CELL, *lap, count=data.LAP_TOKENS,
                      shared_cuts=True, sits_on="token", **shape)]


def disc_face(colour: str, round_piece: bool) -> Face:
    """A player's strip of discs: each disc its colour, its symbol and its letter, so colour
    is never alone, in a cell of the strip, thin lines of a darker shade between the cells;
    round, a cut circle for the punch round each."""
    player = PLAYER_COLORS[colour]
    ink = text_color_on(player.hex)
    if round_piece:
        marks: tuple[Shape, ...] = (round_outline(DISC), Icon(player.symbol, DISC / 2, 3.4, 3.6, ink),
                                    Text(DISC / 2, 6.7, player.letter, size=2.5, align="center", anchor="middle",
                                         bold=True, fill=ink))
        disc, _ = punch_cell(Group(marks), DISC, DISC_CELL)
    else:
        # the whole square is the piece: the symbol as large as leaves the letter under it
        # pnp.checks.SAFE_MM inside the cut, half a millimetre between the two
        disc = Group((Icon(player.symbol, DISC_CELL / 2, 3.9, 5.8, ink),
                      Text(DISC_CELL / 2, 8.2, player.letter, size=2.8, align="center", anchor="middle",
                           bold=True, fill=ink)))
    # The colour is the strip's one background, through its bleed: a punch a little off
    # centre, or a scissor cut outside the circle, still shows the player's colour, never
    # white, and no two fills meet between the discs (abutting fills left a hairline there).
    strip = chit_grid([disc] * data.DISCS_PER_PLAYER, data.DISCS_PER_PLAYER, DISC_CELL, darken(player.hex, 0.3))
    return Face(strip, background=player.hex)


def discs(round_pieces: bool) -> list[Component]:
    """A player's discs as one strip of squares, half a tile wide, trimmed whole, then cut on
    its lines: 11 mm squares, which sit on a 12 mm track space. Round, each has a 3/8 inch
    circle to punch. Two-sided, the same both sides: a disc turned over on a tile or the
    track still shows its owner (the back lies on the front's strip, so a duplex drift moves
    colour over colour)."""
    size = DISC if round_pieces else DISC_CELL
    faces = {colour: disc_face(colour, round_pieces) for colour in data.PLAYER_COLOURS}
    return [Component(f"disc-{colour}", "marker", data.DISCS_PER_PLAYER * DISC_CELL, DISC_CELL, face, face,
                      chits=(data.DISCS_PER_PLAYER, 1), round_chits=round_pieces, sits_on="track",
                      footprint=(size, size))
            for colour, face in faces.items()]


# --- the board -------------------------------------------------------------------------------------------

def garden_space(row: int, col: int) -> Group:
    x, y = GARDEN_X + (col - 1) * CELL, GARDEN_Y + (row - 1) * CELL
    star = (row, col) in data.STAR_SPACES
    shapes: list[Shape] = [Rect(x, y, CELL, CELL, Style(fill=STAR_SOIL if star else SOIL, stroke=FENCE,
                                                        stroke_width=0.3))]
    if star:
        shapes += [Icon("star", x + CELL / 2, y + CELL * 0.42, CELL * 0.5, OKABE_ITO["orange"]),
                   Text(x + CELL / 2, y + CELL * 0.8, f"×{data.STAR_MULTIPLIER}", size=3.6, align="center",
                        anchor="middle", bold=True, fill=darken(OKABE_ITO["orange"], 0.4))]
    return Group(tuple(shapes))


def markers() -> Group:
    """Die faces naming each row (left of the garden) and column (above it)."""
    above, left = GARDEN_Y - MARKER_GAP, GARDEN_X - MARKER_GAP  # the markers' centres
    shapes: list[Shape] = []
    for value in data.DIE_FACES[:data.BOARD_SIZE]:
        face = Group.of(die_face(value, MARKER, pip_color=INK, face_color=WHITE, radius=1.6),
                        Rect(0, 0, MARKER, MARKER, Style(stroke=INK, stroke_width=0.3), radius=1.6))
        shapes.append(Group((face,), translate=(GARDEN_X + (value - 0.5) * CELL - MARKER / 2, above - MARKER / 2)))
        shapes.append(Group((face,), translate=(left - MARKER / 2, GARDEN_Y + (value - 0.5) * CELL - MARKER / 2)))
    # In the corner between the two rows of markers: which way columns and rows count.
    shapes += [Text(left + 4.5, above - 3.5, "column", size=2.4, align="right", anchor="middle", fill=INK),
               Icon("arrow", left + 7.5, above - 3.5, 3.5, INK),
               Text(left + 4.5, above + 2.5, "row", size=2.4, align="right", anchor="middle", fill=INK),
               Group.of(Icon("arrow", 0, 0, 3.5, INK), translate=(left + 7.5, above + 3.0), rotate=90)]
    return Group(tuple(shapes))


LEFT_X0, LEFT_X1 = TRACK_CELL + 4.0, BOARD_W / 2 - 8.0   # the left half inside the track, clear of the hinge
PANELS_TOP = TRACK_CELL + 4.0
PANELS_BOTTOM = BOARD_H - TRACK_CELL - 4.0
SEED_COLUMN_X1 = LEFT_X0 + 78.0                          # the seed supply's column, then the other spaces'
NOTES_X0 = SEED_COLUMN_X1 + 4.0
PANEL_FILL = "#FBF8F0"
PANEL_GAP = 4.0
MINI_TILE = 1.0                                          # the board's pictures of tiles, at their size (their words too)
# house: the board has a place for each crop's stack of seed tiles (Setup puts them "beside
# the board"), one for the lap tokens and one for the four dice: the left half is played on.
SUPPLY_SPACE = CELL                                      # a stack's space: a garden space's size
SPACE_EDGE = Style(stroke=FENCE, stroke_width=0.35, dash=(1.2, 0.8))
DIE_SPACE = 18.0                                         # a 16 mm die, with room round it


def panel(x0: float, y0: float, x1: float, y1: float) -> Rect:
    """A cream card with a fence-brown edge: the board's left half is laid out in them."""
    return Rect(x0, y0, x1 - x0, y1 - y0, Style(fill=PANEL_FILL, stroke=FENCE, stroke_width=0.5), radius=2.0)


def heading(x: float, y: float, text: str) -> Text:
    """A panel's heading, in the game's face."""
    return Text(x, y, text, size=4.0, anchor="top", bold=True, fill=darken(FENCE, 0.2),
                face=look(TITLE).face)


def mini_tile(face: Face, x: float, y: float) -> Group:
    """A tile's side as it prints, MINI_TILE of its size, its top-left corner at (x, y)."""
    ground = Rect(0, 0, TILE, TILE, Style(fill=face.background))
    edge = Rect(0, 0, TILE, TILE, Style(stroke=FENCE, stroke_width=0.3))
    return Group((ground, face.shapes, edge), translate=(x, y), scale=MINI_TILE, clip=(0, 0, TILE, TILE))


def _seed_rows() -> list[tuple[str, float]]:
    """Each crop, cheapest first, and the top of its row in the seed supply."""
    top = PANELS_TOP + 14.0
    step = (PANELS_BOTTOM - 2.0 - top) / len(data.CROPS)
    return [(crop, top + index * step + (step - SUPPLY_SPACE) / 2) for index, crop in enumerate(data.CROPS)]


def supply_spaces() -> list[Space]:
    """The seed supply's stacks: a space a garden space's size for each crop."""
    x = LEFT_X0 + 17.0
    return [Space("supply", (x, y, SUPPLY_SPACE, SUPPLY_SPACE)) for _, y in _seed_rows()]


def seed_supply() -> Group:
    """The board's left column, far from the row markers (so a value never reads as a row):
    each crop's stack of seed tiles on a space showing its seed side, its value beside it and,
    watered, its veggie side. An emptied space shows the packet: the game ends with the last."""
    x0, x1 = LEFT_X0, SEED_COLUMN_X1
    side = TILE * MINI_TILE
    shapes: list[Shape] = [panel(x0, PANELS_TOP, x1, PANELS_BOTTOM),
                           heading(x0 + 3.0, PANELS_TOP + 2.5, "Seed supply"),
                           Text(x0 + 3.0, PANELS_TOP + 8.6, "a stack a crop, seed side up; watered: veggie",
                                size=BODY_MM, anchor="top", fill=INK)]
    veggie_x = x1 - 3.0 - side
    for (crop, y), space in zip(_seed_rows(), supply_spaces()):
        sx, sy, _, _ = space.box
        middle = y + SUPPLY_SPACE / 2
        inset = (SUPPLY_SPACE - side) / 2
        shapes += [Circle(x0 + 8.0, middle, 5.0, Style(fill=WHITE, stroke=INK, stroke_width=0.35)),
                   Text(x0 + 8.0, middle, str(data.CROP_VALUES[crop]), size=5.0, align="center", anchor="middle",
                        bold=True, fill=INK),
                   Rect(sx, sy, SUPPLY_SPACE, SUPPLY_SPACE, Style(fill=SOIL, decorative=True)),
                   mini_tile(seed_face(crop), sx + inset, sy + inset),
                   Rect(sx, sy, SUPPLY_SPACE, SUPPLY_SPACE, SPACE_EDGE),
                   Icon("drop", (sx + SUPPLY_SPACE + veggie_x) / 2, middle - 2.6, 4.0, OKABE_ITO["blue"]),
                   Icon("arrow", (sx + SUPPLY_SPACE + veggie_x) / 2, middle + 2.2, 4.5, FENCE),
                   mini_tile(veggie_face(crop), veggie_x, middle - side / 2)]
    return Group(tuple(shapes))


def lap_spaces() -> list[Space]:
    """The lap tokens' supply: four token spaces, two by two."""
    x = NOTES_X0 + 3.0
    y = PANELS_TOP + 10.0
    step = SUPPLY_SPACE + 1.5
    return [Space("token", (x + (k % 2) * step, y + (k // 2) * step, SUPPLY_SPACE, SUPPLY_SPACE))
            for k in range(data.LAP_TOKENS)]


def lap_supply(y: float) -> tuple[Group, float]:
    """The lap tokens on their spaces, and beside them when a player takes one."""
    x0, x1 = NOTES_X0, LEFT_X1
    spaces = lap_spaces()
    bottom = max(s.box[1] + s.box[3] for s in spaces) + 3.0
    text_x = spaces[1].box[0] + SUPPLY_SPACE + 3.0
    words = f"Past {data.TRACK_SPACES - 1}: take one and go on from 0"
    note = Text(text_x, y + 11.0, words, size=BODY_MM, anchor="top", fill=INK, line_height=AID_LINE,
                max_width=widowless_width(words, BODY_MM, False, x1 - text_x - 2.5))
    shapes: list[Shape] = [panel(x0, y, x1, bottom), heading(x0 + 3.0, y + 2.5, "Lap tokens")]
    for space in spaces:
        sx, sy, w, h = space.box
        shapes += [Rect(sx, sy, w, h, Style(fill=WHITE)), Rect(sx, sy, w, h, SPACE_EDGE),
                   Text(sx + w / 2, sy + h / 2, f"+{data.TRACK_SPACES}", size=4.0, align="center", anchor="middle",
                        bold=True, fill="#6E6E6E")]
    return Group((*shapes, note)), bottom


def dice_spaces(y: float) -> list[tuple[float, float]]:
    """The four dice's places, two by two: their top-left corners."""
    return [(NOTES_X0 + 3.0 + (k % 2) * (DIE_SPACE + 2.0), y + 10.0 + (k // 2) * (DIE_SPACE + 2.0))
            for k in range(data.DICE)]


def dice_tray(y: float) -> tuple[Group, float]:
    """A place for the four dice, what to do with them beside it."""
    x0, x1 = NOTES_X0, LEFT_X1
    places = dice_spaces(y)
    bottom = places[-1][1] + DIE_SPACE + 3.0
    text_x = places[1][0] + DIE_SPACE + 4.0
    words = "Roll all four, then spend each on an action: your aid shows what each costs"
    note = Text(text_x, y + 11.0, words, size=BODY_MM, anchor="top", fill=INK, line_height=AID_LINE,
                max_width=widowless_width(words, BODY_MM, False, x1 - text_x - 2.5))
    shapes: list[Shape] = [panel(x0, y, x1, bottom), heading(x0 + 3.0, y + 2.5, "Dice")]
    for k, (x, top) in enumerate(places):
        shapes += [Rect(x, top, DIE_SPACE, DIE_SPACE, Style(fill=WHITE), radius=2.5),
                   Rect(x, top, DIE_SPACE, DIE_SPACE, SPACE_EDGE, radius=2.5),
                   Group.of(die_face(data.DIE_FACES[(2 * k + 1) % 6], DIE_SPACE, pip_color="#D8D2C4"),
                            translate=(x, top))]
    return Group((*shapes, note)), bottom


def star_key(y: float) -> tuple[Group, float]:
    """What a star space does, in one line beside the star."""
    x0, x1 = NOTES_X0, LEFT_X1
    body = Text(x0 + 20.0, y + 3.0, f"Harvested on a star: ×{data.STAR_MULTIPLIER} (its owner's scarecrow: "
                                    f"+{data.SCARECROW_BONUS} instead)",
                size=BODY_MM, anchor="top", fill=INK, max_width=x1 - x0 - 23.0, line_height=AID_LINE)
    bottom = y + max(18.0, len(layout_lines(body)) * BODY_MM * AID_LINE + 6.0)
    return Group.of(panel(x0, y, x1, bottom), Icon("star", x0 + 10.0, (y + bottom) / 2, 13.0, OKABE_ITO["orange"]),
                    body), bottom


def special_legend(x0: float, x1: float, y: float) -> tuple[Group, float]:
    """The special tiles as they look, with their names, in a panel; and where it ends."""
    tiles = (("garden-dice-bird", OKABE_ITO["sky_blue"], "bird"), ("garden-dice-rabbit", "#B8A48C", "rabbit"),
             ("garden-dice-sundial", "#D9D2C0", "sundial"), ("garden-dice-scarecrow", OKABE_ITO["blue"], "scarecrow"),
             ("garden-dice-rock", STONE, "rock"))
    step = (x1 - x0 - 4.0) / len(tiles)
    bottom = y + 10.0 + step * 0.8 + 5.0
    shapes: list[Shape] = [panel(x0, y, x1, bottom), heading(x0 + 3.0, y + 2.5, "Special tiles")]
    for index, (icon, colour, name) in enumerate(tiles):
        cx = x0 + 2.0 + (index + 0.5) * step
        shapes += [Icon(icon, cx, y + 10.0 + step * 0.4, step * 0.75, colour),
                   Text(cx, y + 10.0 + step * 0.8 + 1.8, name, size=2.4, align="center", anchor="middle", fill=INK)]
    return Group(tuple(shapes)), bottom


def board_notes() -> Group:
    """The title under the garden; on the left half, right of the seed supply, the lap tokens'
    and the dice's places, the star and the special tiles in short, over a vegetable patch.
    The rules themselves are on the aids, one a player."""
    band = (GARDEN_Y + GARDEN + BOARD_H - TRACK_CELL) / 2
    laps, y = lap_supply(PANELS_TOP)
    dice, y = dice_tray(y + PANEL_GAP)
    star, y = star_key(y + PANEL_GAP)
    specials, y = special_legend(NOTES_X0, LEFT_X1, y + PANEL_GAP)
    if y + PANEL_GAP + art.PATCH_MIN_H > PANELS_BOTTOM:
        raise ValueError(f"the board's notes run to {y:.1f} mm, too low for the vegetable patch under them")
    # The wordmark keeps to the board's right half, under the garden: the halves join down the middle.
    title = wordmark(TITLE, GARDEN_X + GARDEN / 2, band, 12.0, align="center",
                     max_width=GARDEN, middle=True)[0]
    crops = [(crop_icon(crop), CROP_COLORS[crop]) for crop in data.CROPS]
    patch = Group(tuple(art.vegetable_patch(NOTES_X0, y + PANEL_GAP, LEFT_X1, PANELS_BOTTOM, crops)))
    return Group.of(title, laps, dice, star, specials, patch)


# The board's outer edges are cut through its track: each outer cell's colour runs on
# BOARD_BLEED past the trim, and so do the lines between cells, while no line lies along the
# trim (a brown border drawn on the cut showed as a stripe or not at all, as the cut fell).
# The seam between the halves is the imposer's, as before.
BOARD_BLEED = 3.0
TRACK_LINE = Style(stroke=FENCE, stroke_width=0.3)


def track_bleed(highlight: dict[int, str]) -> list[Shape]:
    """Under the track: each highlighted cell's fill stretched BOARD_BLEED past every side of it
    that lies on the board's trim."""
    shapes: list[Shape] = []
    for number, (x, y, w, h) in enumerate(perimeter_cells(BOARD_W, BOARD_H, TRACK_CELL)):
        if number not in highlight:
            continue
        left = x - BOARD_BLEED if x <= 0 else x
        top = y - BOARD_BLEED if y <= 0 else y
        right = x + w + BOARD_BLEED if x + w >= BOARD_W else x + w
        bottom = y + h + BOARD_BLEED if y + h >= BOARD_H else y + h
        shapes.append(Rect(left, top, right - left, bottom - top, Style(fill=highlight[number], decorative=True)))
    return shapes


def track_lines() -> list[Shape]:
    """The track's lines: its inner edge, and between each two cells a line from that edge out
    through the trim into the bleed; none along the trim."""
    step_x, step_y = perimeter_cells(BOARD_W, BOARD_H, TRACK_CELL)[0][2:]
    across, down = round(BOARD_W / step_x), round(BOARD_H / step_y)
    shapes: list[Shape] = [Rect(step_x, step_y, BOARD_W - 2 * step_x, BOARD_H - 2 * step_y, TRACK_LINE)]
    for i in range(1, across):
        x = i * step_x
        shapes += [Line(x, -BOARD_BLEED, x, step_y, TRACK_LINE),
                   Line(x, BOARD_H - step_y, x, BOARD_H + BOARD_BLEED, TRACK_LINE)]
    for j in range(1, down):
        y = j * step_y
        shapes += [Line(-BOARD_BLEED, y, step_x, y, TRACK_LINE),
                   Line(BOARD_W - step_x, y, BOARD_W + BOARD_BLEED, y, TRACK_LINE)]
    return shapes


def board_face() -> Face:
    highlight = {n: (OKABE_ITO["yellow"] if n % 10 == 0 else "#FBF6D0") for n in range(0, data.TRACK_SPACES, 5)}
    track = Group((*track_bleed(highlight),
                   perimeter_track(BOARD_W, BOARD_H, TRACK_CELL, start=0, highlight=highlight, style=Style(),
                                   number_size=3.8),
                   *track_lines()))
    spaces = [garden_space(r, c) for r in range(1, data.BOARD_SIZE + 1) for c in range(1, data.BOARD_SIZE + 1)]
    fence = Rect(GARDEN_X, GARDEN_Y, GARDEN, GARDEN, Style(stroke=FENCE, stroke_width=1.4))
    inner = Rect(TRACK_CELL, TRACK_CELL, BOARD_W - 2 * TRACK_CELL, BOARD_H - 2 * TRACK_CELL,
                 Style(fill=GRASS, decorative=True))
    return Face(Group((inner, track, *spaces, fence, markers(), seed_supply(), board_notes())),
                background=WHITE)


def board_spaces() -> tuple[Space, ...]:
    """Where tiles, tokens and discs go: the garden's spaces, the track's cells, the seed
    supply's stacks and the lap tokens' spaces."""
    garden = [Space("garden", (GARDEN_X + c * CELL, GARDEN_Y + r * CELL, CELL, CELL))
              for r in range(data.BOARD_SIZE) for c in range(data.BOARD_SIZE)]
    track = [Space("track", cell) for cell in perimeter_cells(BOARD_W, BOARD_H, TRACK_CELL)]
    return (*garden, *track, *supply_spaces(), *lap_spaces())


def board() -> Component:
    return Component("board", "board", BOARD_W, BOARD_H, board_face(), spaces=board_spaces(), join="hinge")


# --- player aid and scoring pad ---------------------------------------------------------------------------
# The aid's front pictures the seven actions: an icon, the dice they cost drawn as dice, and
# one short line; the back holds the sundial, sun token, track and the end of the game.

@register_icon("garden-dice-seeds")
def seeds_icon(size: float, color: str) -> Group:
    """A seed packet."""
    s = size
    top = tuple((s * (0.18 + i * 0.064), s * (0.12 + (i % 2) * 0.06)) for i in range(11))
    packet = Polygon(top + ((s * 0.82, s * 0.95), (s * 0.18, s * 0.95)), Style(fill="#FFFDF4", stroke=INK,
                                                                                stroke_width=s * 0.04))
    seeds = tuple(Circle(s * x, s * y, s * 0.06, Style(fill=color)) for x, y in ((0.4, 0.5), (0.6, 0.45), (0.5, 0.7)))
    return Group((packet,) + seeds)


@register_icon("garden-dice-place")
def place_icon(size: float, color: str) -> Group:
    """A tile going onto the garden grid."""
    s = size
    grid = tuple(Rect(s * (0.1 + 0.4 * c), s * (0.2 + 0.38 * r), s * 0.38, s * 0.36,
                      Style(fill=SOIL, stroke=FENCE, stroke_width=s * 0.03)) for r in range(2) for c in range(2))
    tile = Rect(s * 0.5, s * 0.58, s * 0.38, s * 0.36, solid(color, s))
    return Group(grid + (tile,))


@register_icon("garden-dice-water")
def water_icon(size: float, color: str) -> Group:
    """A watering can."""
    s = size
    can = solid(color, s)
    return Group.of(Rect(s * 0.2, s * 0.4, s * 0.45, s * 0.45, can, radius=s * 0.06),
                    Polygon(((s * 0.62, s * 0.6), (s * 0.95, s * 0.3), (s * 0.98, s * 0.36), (s * 0.66, s * 0.7)), can),
                    Path((("M", s * 0.24, s * 0.42), ("C", s * 0.24, s * 0.12, s * 0.6, s * 0.12, s * 0.6, s * 0.42)),
                         Style(stroke=outline_of(color), stroke_width=s * 0.06)),
                    Circle(s * 0.9, s * 0.2, s * 0.04, Style(fill=OKABE_ITO["sky_blue"])),
                    Circle(s * 0.97, s * 0.12, s * 0.035, Style(fill=OKABE_ITO["sky_blue"])))


@register_icon("garden-dice-basket")
def basket_icon(size: float, color: str) -> Group:
    """A harvest basket with a veggie in it."""
    s = size
    wicker = solid(color, s)
    return Group.of(Path((("M", s * 0.2, s * 0.5), ("C", s * 0.2, s * 0.05, s * 0.8, s * 0.05, s * 0.8, s * 0.5)),
                         Style(stroke=outline_of(color), stroke_width=s * 0.06)),
                    Circle(s * 0.5, s * 0.42, s * 0.16, solid(CROP_COLORS["tomato"], s)),
                    Polygon(((s * 0.08, s * 0.5), (s * 0.92, s * 0.5), (s * 0.8, s * 0.92), (s * 0.2, s * 0.92)), wicker),
                    Line(s * 0.16, s * 0.7, s * 0.84, s * 0.7, Style(stroke=outline_of(color), stroke_width=s * 0.04)))


@register_icon("garden-dice-flip")
def flip_icon(size: float, color: str) -> Group:
    """Two arrows chasing each other: turn the tile over."""
    s = size
    pen = Style(stroke=color, stroke_width=s * 0.09)
    head = Style(fill=color)
    return Group.of(Path((("M", s * 0.15, s * 0.45), ("C", s * 0.15, s * 0.15, s * 0.7, s * 0.1, s * 0.8, s * 0.35)), pen),
                    Polygon(((s * 0.68, s * 0.32), (s * 0.92, s * 0.3), (s * 0.84, s * 0.52)), head),
                    Path((("M", s * 0.85, s * 0.55), ("C", s * 0.85, s * 0.85, s * 0.3, s * 0.9, s * 0.2, s * 0.65)), pen),
                    Polygon(((s * 0.32, s * 0.68), (s * 0.08, s * 0.7), (s * 0.16, s * 0.48)), head))


DieMark = int | str  # pips on a die face, or a word or sign printed on a blank die


DIE_MARK = 5.6        # an action's die on the aid
DIE_MARK_WORD = 2.6   # mm, 7.4 pt: a word or sign on it
DIE_MARK_PAD = 0.8    # from the word to the die's stroke, each side
DIE_MARK_GAP = 0.8    # between two dice of one action
# The dice stand 1.8 mm above their action's heading, higher than the gap under the action
# before leaves: this much more keeps them off its last line, however far that line runs.
DIE_MARK_CLEARANCE = 0.8


def _die_mark_width(mark: DieMark) -> float:
    """A die is square, or as wide as its word needs ("row" is 5.5 mm in 7.4 pt bold: in a
    5.6 mm die it ran over both sides of the stroke)."""
    if isinstance(mark, int):
        return DIE_MARK
    return max(DIE_MARK, measure(mark, DIE_MARK_WORD, True) + 2 * DIE_MARK_PAD)


def _die_mark(mark: DieMark, x: float, y: float) -> Group:
    """One die of an action's cost: pips when the value is fixed, a sign when it is not."""
    width = _die_mark_width(mark)
    edge = Rect(0, 0, width, DIE_MARK, Style(fill=WHITE, stroke=INK, stroke_width=0.3), radius=1.0)
    if isinstance(mark, int):
        return Group.of(edge, die_face(mark, DIE_MARK), translate=(x, y))
    return Group.of(edge, Text(width / 2, DIE_MARK / 2, mark, size=DIE_MARK_WORD, align="center", anchor="middle",
                               bold=True, fill=INK), translate=(x, y))


def aid_actions() -> list[tuple[str, str, str, tuple[DieMark, ...], str]]:
    """(icon, icon colour, action, dice it costs, what it does) in our own words."""
    return [
        ("garden-dice-seeds", CROP_COLORS["carrot"], "Buy a seed", ("≥",),
         f"die ≥ its value; a free disc on it; at most {data.MAX_SAME_CROP_PER_TURN} of a crop a turn"),
        ("garden-dice-place", CROP_COLORS["squash"], "Place a tile", ("row", "col"),
         f"on an empty space: a bought seed, your bird or sundial tile (a disc on it) or, with "
         f"{data.ROCK_PLAYER_COUNT} players, your rock"),
        ("garden-dice-water", OKABE_ITO["blue"], "Water a seed", ("≥",),
         "your seed turns veggie, and so does each touching seed worth less, along the chain"),
        ("garden-dice-basket", FENCE, "Harvest a veggie", ("≥",),
         f"score it (star ×{data.STAR_MULTIPLIER}); touching lower veggies go too, each to its owner"),
        ("garden-dice-bird", OKABE_ITO["sky_blue"], "Move a critter", ("≤",),
         "up to that many empty spaces in a line; eat an opponent's seed (bird) or veggie (rabbit)"),
        ("garden-dice-flip", FENCE, "Flip a special tile", (data.SIX,), "bird to rabbit or back, sundial to scarecrow or back"),
        ("garden-dice-rabbit", "#B8A48C", "Remove a critter", ("row", "col", data.SIX),
         "any critter, yours too, goes back to its owner with its discs"),
    ]


def aid_notes() -> list[tuple[str, str, str, str]]:
    """(icon, colour, heading, text) for the back of the aid."""
    one, two = data.SUNDIAL_ONE_DIE_STEPS
    collections = ", ".join(f"{n}{'+' if n == max(data.COLLECTION_POINTS) else ''}: +{p}"
                            for n, p in data.COLLECTION_POINTS.items())
    supply = ", ".join(f"{n} players {k}" for n, k in data.SUPPLY_PER_CROP.items())
    return [
        ("garden-dice-sundial", "#D9D2C0", "Sundial",
         f"Once a turn: one coordinate die ±{one} or ±{two}, or two dice ±{data.SUNDIAL_TWO_DICE_STEP} each."),
        ("garden-dice-scarecrow", OKABE_ITO["blue"], "Scarecrow",
         f"Birds may not take the seeds round it; your veggies harvested there score +{data.SCARECROW_BONUS}, "
         f"not ×{data.STAR_MULTIPLIER}."),
        ("garden-dice-bird", OKABE_ITO["sky_blue"], "Eating",
         "Bird onto an opponent's seed, rabbit onto a veggie (a disc in your supply; no bird onto a seed its "
         "owner's scarecrow guards). Swallow it (tile out, your disc on the critter) or spit the seeds "
         "(a die ≥ its value: your seed). One tile per opponent a turn."),
        ("sun", OKABE_ITO["yellow"], "Sun token",
         f"Spend it: reroll all dice as your turn starts, or set one die any time. Kept: +{data.SUN_TOKEN_POINTS}."),
        ("star", OKABE_ITO["orange"], "Score track",
         f"Past {data.TRACK_SPACES - 1} go on from 0 with a +{data.TRACK_SPACES} lap token. A harvest "
         f"scores +{data.CHAIN_BONUS_PER_OPPONENT_VEGGIE} per rival veggie in it."),
        ("garden-dice-seeds", CROP_COLORS["eggplant"], "Game end",
         "The turn that empties the seed supply is the last. "
         f"−{data.UNPLACED_SEED_PENALTY} per unplaced seed but one; +{data.SET_BONUS} per set of all five crops; "
         f"alike per crop {collections}. Tie: most face value harvested."),
        ("garden-dice-place", CROP_COLORS["artichoke"], "Tiles per crop", supply + "."),
    ]


AID_HEADER_H = 10.0
AID_TEXT_X = 17.0                  # the headings and text, right of the icons
AID_HEADING = 3.3                  # mm, 9.4 pt
AID_LINE = 1.12                    # the body's line step, times its size
AID_ENTRY_GAP = 1.0               # under an entry's text, before the next heading


AID_FOOTER = 2.85                  # mm, 8.1 pt: the card's one-line citation of the rulebook, a line read as a sentence
# Its baseline: its descenders keep pnp.checks.CARD_SAFE_MM (3 mm) above the card's cut, as all its words.
AID_FOOTER_Y = AID_H - 3.7


def _aid_header(title: str, sections: str) -> list[Shape]:
    """The card's title, and in its footer the rulebook sections it sums up (the footer names
    the game already; the longest list keeps 3 mm inside the card's sides only as "Rules:",
    85 mm of its 95: as "Rulebook:" it was 90 mm, 2.3 mm from either cut)."""
    return [Rect(-AID_BLEED, -AID_BLEED, AID_W + 2 * AID_BLEED, AID_HEADER_H + AID_BLEED,
                 Style(fill=FENCE, decorative=True)),
            Text(5.0, AID_HEADER_H / 2, title, size=4.2, anchor="middle", bold=True, fill=WHITE,
                 face=look(TITLE).face),
            Text(AID_W / 2, AID_FOOTER_Y, f"Rules: {sections}", size=AID_FOOTER, align="center",
                 fill="#5A5A5A")]


def _aid_entry(icon: str, colour: str, name: str, text: str, y: float) -> tuple[list[Shape], float]:
    """One action or note: its icon, its heading and its text under the heading; and the y
    where the next one starts."""
    body = Text(AID_TEXT_X, y + AID_HEADING + 1.8, text, size=BODY_MM, anchor="top", fill=INK,
                max_width=widowless_width(text, BODY_MM, False, AID_W - AID_TEXT_X - 4.0), line_height=AID_LINE)
    shapes: list[Shape] = [Icon(icon, 10.0, y + 5.0, 9.0, colour),
                           Text(AID_TEXT_X, y, name, size=AID_HEADING, anchor="top", bold=True,
                                fill=darken(FENCE, 0.2)),
                           body]
    return shapes, y + max(11.0, AID_HEADING + 1.8 + len(layout_lines(body)) * BODY_MM * AID_LINE + AID_ENTRY_GAP)


def _aid_fits(y: float, what: str) -> None:
    if y > AID_FOOTER_Y - AID_FOOTER * cap_height() - 1.0:  # 1 mm above the footer's capitals
        raise ValueError(f"the player aid's {what} run to {y:.1f} mm, past its {AID_H} mm card")


def aid_front() -> Face:
    shapes = _aid_header("Your turn", "On Your Turn; The Actions")
    intro = Text(5.0, AID_HEADER_H + 2.5, "Roll the 4 dice; spend them on actions in any order, as often as you "
                                          "can. Four alike: you may reroll.",
                 size=BODY_MM, anchor="top", fill=INK, max_width=AID_W - 10, line_height=AID_LINE)
    shapes.append(intro)
    y = AID_HEADER_H + 2.5 + len(layout_lines(intro)) * BODY_MM * AID_LINE + 2.0
    for icon, colour, name, cost, effect in aid_actions():
        x = AID_W - 5.0 - sum(_die_mark_width(mark) for mark in cost) - DIE_MARK_GAP * (len(cost) - 1)
        for mark in cost:  # the dice, right-aligned on the name's line
            shapes.append(_die_mark(mark, x, y - 1.8))
            x += _die_mark_width(mark) + DIE_MARK_GAP
        entry, y = _aid_entry(icon, colour, name, effect, y)
        shapes += entry
        y += DIE_MARK_CLEARANCE
    _aid_fits(y, "actions")
    return Face(group(shapes), background="#FBF8F0")


def aid_back() -> Face:
    shapes = _aid_header("Reminders", "Special Tiles; Move A Critter; Sun Tokens; Game End")
    y = AID_HEADER_H + 2.5  # as the front's first line: the notes end 1 mm above the footer, 3 mm inside the cut
    for icon, colour, name, text in aid_notes():
        entry, y = _aid_entry(icon, colour, name, text, y)
        shapes += entry
    _aid_fits(y, "reminders")
    return Face(group(shapes), background="#FBF8F0")


PAD_ROWS = (
    ("Track", "marker's space, +100 per lap token"),
    ("Leftover seeds", f"−{data.UNPLACED_SEED_PENALTY} each, except the first"),
    ("Sets", f"+{data.SET_BONUS} per set of all five crops"),
    ("Collections", " · ".join(f"{n}{'+' if n == max(data.COLLECTION_POINTS) else ''}: +{p}"
                               for n, p in data.COLLECTION_POINTS.items()) + " per crop"),
    ("Sun token", f"+{data.SUN_TOKEN_POINTS} if still yours"),
    ("Total", ""),
    ("Tie-breaker", "face value of harvested veggies"),
)


def _name_boxes(x: float, y: float, width: float) -> list[Shape]:
    """A box for each player's name, their symbol beside it, two to a row across `width`:
    each box wide enough for a name written at the table (30 mm and more)."""
    shapes: list[Shape] = []
    half = (width - 3.0) / 2
    for k, colour in enumerate(data.PLAYER_COLOURS):
        left, top = x + (k % 2) * (half + 3.0), y + (k // 2) * (NAME_BOX_H + 1.5)
        player = PLAYER_COLORS[colour]
        shapes.append(Icon(player.symbol, left + 2.5, top + NAME_BOX_H / 2, 4.4, player.hex))
        shapes.append(Rect(left + 6.0, top, half - 6.0, NAME_BOX_H, Style(stroke=INK, stroke_width=0.3), radius=0.8))
    return shapes


def pad_face() -> Face:
    """One score sheet of the pad: each player's name by their symbol, then a row per part of
    the final score and a column per player, headed by the symbol."""
    margin, label_w, header_h, row_h = 4.0, 46.0, 7.0, 12.8
    col_w = (PAD_W - 2 * margin - label_w) / data.MAX_PLAYERS
    names_top = 10.0
    top = names_top + 2 * NAME_BOX_H + 1.5 + 1.5
    line = Style(stroke=INK, stroke_width=0.3)
    shapes: list[Shape] = [Text(margin, 5.5, f"{TITLE} · final scores", size=4.0, anchor="middle", bold=True,
                                fill=darken(FENCE, 0.2), face=look(TITLE).face),
                           *_name_boxes(margin, names_top, PAD_W - 2 * margin)]
    for k, colour in enumerate(data.PLAYER_COLOURS):
        x = margin + label_w + k * col_w
        player = PLAYER_COLORS[colour]
        shapes.append(Icon(player.symbol, x + col_w / 2, top + header_h / 2, 4.4, player.hex))
    rows_top = top + header_h
    for i, (name, hint) in enumerate(PAD_ROWS):
        y = rows_top + i * row_h
        if name == "Total":
            shapes.append(Rect(margin, y, PAD_W - 2 * margin, row_h, Style(fill="#F3E7C9", decorative=True)))
        shapes.append(Text(margin + 1.2, y + (row_h / 2 if not hint else 3.3), name, size=2.9, anchor="middle",
                           bold=True, fill=INK))
        if hint:
            shapes.append(Text(margin + 1.2, y + 5.4, hint, size=BODY_MM, anchor="top", fill=INK,
                               max_width=label_w - 2, line_height=1.1))
    bottom = rows_top + len(PAD_ROWS) * row_h
    for i in range(len(PAD_ROWS) + 1):
        y = rows_top + i * row_h
        shapes.append(Line(margin, y, PAD_W - margin, y, Style(stroke=INK, stroke_width=0.6 if i in (0, 6) else 0.3)))
    for k in range(data.MAX_PLAYERS + 1):
        x = margin + label_w + k * col_w
        shapes.append(Line(x, top, x, bottom, line))
    if bottom > PAD_H - 3.0:
        raise ValueError(f"the score sheet's rows run to {bottom:.1f} mm, past its {PAD_H:g} mm sheet")
    return Face(group(shapes), background=WHITE)


def paper_pieces() -> list[Component]:
    return [Component("player-aid", "aid", AID_W, AID_H, aid_front(), aid_back(), count=data.PLAYER_AIDS),
            Component("scoring-pad", "pad", PAD_W, PAD_H, pad_face(), count=PAD_SHEETS, fill_page=True)]


def components(options: KitOptions) -> list[Component]:
    return [board(), *crop_tiles(), *special_tiles(), *tokens(options.round_pieces), *discs(options.round_pieces),
            *paper_pieces()]
