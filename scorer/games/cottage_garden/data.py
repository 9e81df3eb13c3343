"""Cottage Garden as plain data: tracks, the nursery board, the 36 flower tiles, the 18
flowerbed designs and the house choices the rulebook (which lost its pictures) leaves open.

The print kit (pnp/kits/cottage_garden.py) and the rules (rules.py) both read this module,
so a tile drawn on paper is exactly the tile the placement check knows. Every house choice
is described in docs/house-rules.md, section "Cottage Garden".
"""
from __future__ import annotations

import functools

GAME_ID = "cottage-garden"
TITLE = "Cottage Garden"

# --- the planting table ------------------------------------------------------------------

START = 0      # the starting space: a cube there scores nothing
TARGET = 20    # the target space both tracks end in
CUBES_PER_COLOUR = 3
COLOURS = ("orange", "blue")

# Each track as the values of its spaces in walking order, start first and target last.
# The target is the space right after each track's last number (15 on orange, 14 on blue):
# the Scoring Phase's "one step from the 14 or 15 space" reads as that, one track each.
TRACKS: dict[str, tuple[int, ...]] = {
    "orange": (START, *range(1, 16), TARGET),
    "blue": (START, *range(2, 15, 2), TARGET),
}
# What one step is worth on each track: a visible pot moves orange one point, a cloche
# moves blue two.
STEP_POINTS = {"orange": 1, "blue": 2}

# House choice: the red mouse line lies between these two values on each track (it is drawn
# after the space with the first value). A cube moved forward from a space at or below the
# first value to one at or above the second earns a cat.
MOUSE_LINE: dict[str, tuple[int, int]] = {"orange": (8, 9), "blue": (8, 10)}

# Beehive tiles: the first player onto the target takes the two-hive tile, the second the
# one-hive tile; nobody holds both.
BEEHIVE_TILES = (2, 1)

# --- turns --------------------------------------------------------------------------------

MIN_PLAYERS, MAX_PLAYERS = 1, 4
# Turns each player has before the Final Round (The Game; Solo Rules). rules.py checks that
# walking the gardener round the board gives exactly these numbers.
TURNS_BEFORE_FINAL_ROUND = {1: 32, 2: 32, 3: 26, 4: 25}
# The face the gardener die starts on, and the face that starts the Final Round.
GARDENER_START_FACE = {1: 2, 2: 2, 3: 1, 4: 1}
FINAL_ROUND_FACE = 6
# Track spaces the gardener moves each turn (the solo game skips every other space).
GARDENER_STEPS_PER_TURN = {1: 2, 2: 1, 3: 1, 4: 1}
# Final Round: flowerbeds with fewer flower tiles than this are given up at its start.
FINAL_ROUND_MIN_TILES = 3
# Final Round penalty: an orange cube steps back this far, or a blue cube this far (2 points).
FINAL_ROUND_STEPS_BACK = {"orange": 2, "blue": 1}

# --- the nursery ------------------------------------------------------------------------

# The 4x4 nursery: row letters top to bottom, column numbers left to right; "C3" is row C,
# column 3 (the rulebook's examples name spaces this way).
ROWS = ("A", "B", "C", "D")
COLUMNS = ("1", "2", "3", "4")
NURSERY_SPACES = tuple(r + c for r in ROWS for c in COLUMNS)


def _side_spaces() -> dict[str, tuple[str, ...]]:
    """Gardener track spaces facing each line of the nursery, keyed by the space's label.

    Labels by compass side: N1..N4 above columns 1..4, EA..ED right of rows A..D, S4..S1
    below the columns, WD..WA left of the rows (never a nursery space's name, which is a
    row letter and a column number); the value is the row, nearest nursery space first."""
    top = {f"N{c}": tuple(r + c for r in ROWS) for c in COLUMNS}
    right = {f"E{r}": tuple(r + c for c in reversed(COLUMNS)) for r in ROWS}
    bottom = {f"S{c}": tuple(r + c for r in reversed(ROWS)) for c in reversed(COLUMNS)}
    left = {f"W{r}": tuple(r + c for c in COLUMNS) for r in reversed(ROWS)}
    return {**top, **right, **bottom, **left}


_SIDES = _side_spaces()
# Corner spaces (4-player side only) face a diagonal, nearest nursery space first.
_CORNERS = {
    "NW": ("A1", "B2", "C3", "D4"),
    "NE": ("A4", "B3", "C2", "D1"),
    "SE": ("D4", "C3", "B2", "A1"),
    "SW": ("D1", "C2", "B3", "A4"),
}


def _clockwise(with_corners: bool) -> tuple[str, ...]:
    sides = [["N1", "N2", "N3", "N4"], ["EA", "EB", "EC", "ED"],
             ["S4", "S3", "S2", "S1"], ["WD", "WC", "WB", "WA"]]
    corners = ["NW", "NE", "SE", "SW"]
    order: list[str] = []
    for corner, side in zip(corners, sides):
        if with_corners:
            order.append(corner)
        order.extend(side)
    return tuple(order)


# The two sides of the nursery board. `track` is the gardener track clockwise; `gardener`
# is the starting Gardener Space per player count, `turning` the Turning Space (where the die
# goes up by one). House choice: on the 1-3 player side the 1-2 player space is N1 and the
# 3-player space is S4 (the turning space two before it, EC); on the 4-player side it is NW.
NURSERY_SIDES: dict[str, dict] = {
    "1-3": {
        "players": (1, 2, 3),
        "track": _clockwise(with_corners=False),
        "gardener": {1: "N1", 2: "N1", 3: "S4"},
        "turning": {1: "N1", 2: "N1", 3: "EC"},
    },
    "4": {
        "players": (4,),
        "track": _clockwise(with_corners=True),
        "gardener": {4: "NW"},
        "turning": {4: "NW"},
    },
}
# The row each track space points along, nearest nursery space first (refill order).
GARDENER_ROWS: dict[str, tuple[str, ...]] = {**_SIDES, **_CORNERS}


@functools.cache  # asked at every refill and every gardener move
def nursery_side(players: int) -> str:
    """The nursery side used with this many players."""
    return next(name for name, side in NURSERY_SIDES.items() if players in side["players"])


def arrow_marks(side: str) -> dict[str, int]:
    """How many arrow heads (1 to 4, printed > to >>>>) each track space shows: counted round
    the track from the side's first gardener space, so that with four players every player
    keeps one mark all game, and with two the marks 1+3 and 2+4 are the two players' rows."""
    track = NURSERY_SIDES[side]["track"]
    first = track.index(NURSERY_SIDES[side]["gardener"][min(NURSERY_SIDES[side]["players"])])
    return {track[(first + i) % len(track)]: i % 4 + 1 for i in range(len(track))}


# --- flower tiles -------------------------------------------------------------------------

# Shapes as rows: '#' a flower square, 'P' a flower square showing a flower pot, 'C' one
# showing a garden cloche, '.' no square. Ids follow the rulebook's list (size, then letter).
# House design: the shapes, which square shows the symbol, the flower names, colours and
# patterns. Colours are the Okabe-Ito palette; every tile differs in colour+pattern and name.
FLOWER_COLOURS = {
    "vermillion": "#D55E00", "orange": "#E69F00", "yellow": "#F0E442",
    "green": "#009E73", "sky blue": "#56B4E9", "purple": "#CC79A7",
}
PATTERNS = ("dots", "stripes", "rings", "checks", "waves", "stars")

# id: (shape rows, flower, colour, pattern)
FLOWER_TILES: dict[str, tuple[tuple[str, ...], str, str, str]] = {
    "1A": (("C",), "Forget-me-not", "sky blue", "dots"),
    "1B": (("C",), "Violet", "purple", "stripes"),
    "2A": (("#P",), "Geranium", "vermillion", "rings"),
    "2B": (("#P",), "Marigold", "orange", "checks"),
    "2C": (("##",), "Primrose", "yellow", "waves"),
    "2D": (("##",), "Crocus", "purple", "stars"),
    "3A": (("###",), "Lavender", "purple", "dots"),
    "3B": (("###",), "Poppy", "vermillion", "stripes"),
    "3C": (("##", "#."), "Pansy", "yellow", "rings"),
    "3D": (("##", "#."), "Anemone", "green", "checks"),
    "3E": (("##", "#."), "Cornflower", "sky blue", "waves"),
    "4A": (("####",), "Foxglove", "purple", "rings"),
    "4B": (("##", "##"), "Peony", "vermillion", "dots"),
    "4C": (("###", ".#."), "Tulip", "orange", "stripes"),
    "4D": ((".##", "##."), "Daisy", "yellow", "dots"),
    "4E": (("###", "#.."), "Iris", "sky blue", "stripes"),
    "4F": (("##.", ".##"), "Hyacinth", "green", "rings"),
    "4G": (("###", "..#"), "Sweet Pea", "green", "stars"),
    "4H": ((".#.", "###"), "Allium", "purple", "checks"),
    "5A": (("##", "##", "#."), "Rose", "vermillion", "checks"),
    "5B": (("####", "#..."), "Hollyhock", "orange", "waves"),
    "5C": (("###", ".#.", ".#."), "Sunflower", "yellow", "stripes"),
    "5D": (("#.#", "###"), "Lupin", "sky blue", "checks"),
    "5E": (("#..", "#..", "###"), "Delphinium", "green", "dots"),
    "5F": (("##P##",), "Snapdragon", "vermillion", "waves"),
    "5G": (("####", ".#.."), "Dahlia", "purple", "waves"),
    "5H": (("##..", ".###"), "Zinnia", "orange", "rings"),
    "5I": (("#..", "##.", ".##"), "Columbine", "green", "stripes"),
    "6A": (("###", "###"), "Hydrangea", "sky blue", "rings"),
    "6B": (("####", "##.."), "Phlox", "yellow", "checks"),
    "6C": (("####", ".##."), "Salvia", "green", "waves"),
    "6D": (("###.", ".###"), "Cosmos", "orange", "dots"),
    "6E": (("##.", "###", "#.."), "Aster", "vermillion", "stars"),
    "6F": (("#..", "###", ".##"), "Verbena", "yellow", "stars"),
    "6G": (("####", "#..#"), "Clematis", "sky blue", "stars"),
    "6H": ((".#.", "###", "#.#"), "Nasturtium", "orange", "stars"),
}
TILE_IDS = tuple(FLOWER_TILES)
# The rulebook's tile list, as counts of tiles per size (sizes 1-3 together).
TILE_LIST = {"1-3": 11, "4": 8, "5": 9, "6": 8}

# --- flowerbeds ---------------------------------------------------------------------------

BED_SIZE = 5
# House design of the 18 flowerbed sides: 9 boards, each with a light and a dark side.
# 'p' a printed flower pot, 'c' a printed garden cloche, '.' an empty space. A design's id is
# "<board><L|D>"; the back of "3L" is "3D".
BED_DESIGNS: dict[str, tuple[str, ...]] = {
    "1L": ("p....", ".....", "..c..", ".....", "....p"),
    "1D": (".....", ".p...", ".....", "...c.", "....."),
    "2L": ("c...c", ".....", ".....", ".....", "..p.."),
    "2D": ("..p..", ".....", "p...p", ".....", "....."),
    "3L": (".....", ".pp..", ".....", "....c", "....."),
    "3D": ("c....", ".....", ".....", ".....", "....c"),
    "4L": ("..c..", ".....", "p...p", ".....", "..c.."),
    "4D": (".....", "...p.", ".....", ".c...", "....."),
    "5L": ("p...p", ".....", ".....", ".....", "p...p"),
    "5D": (".....", ".....", "..c..", ".....", "....."),
    "6L": (".c...", ".....", "...p.", "p....", "....."),
    "6D": ("....p", ".....", ".....", ".....", "c...."),
    "7L": (".....", "c...c", ".....", ".....", ".ppp."),
    "7D": (".....", "..p..", ".....", "..p..", "....."),
    "8L": ("pc...", ".....", ".....", ".....", "...cp"),
    "8D": (".....", ".....", "c.p..", ".....", "....."),
    "9L": ("..p..", ".c...", ".....", "...c.", "..p.."),
    "9D": ("p....", ".....", ".....", "..c..", "....."),
}
BED_IDS = tuple(BED_DESIGNS)
# The most printed pots and cloches one house design shows: a bed showing more is warned
# about, never refused (the real boards' pictures are lost).
MOST_PRINTED = {kind: max("".join(rows).count(kind) for rows in BED_DESIGNS.values()) for kind in "pc"}
BED_BOARDS = tuple(sorted({bed[:-1] for bed in BED_DESIGNS}, key=int))
BED_SIDES = {"L": "light", "D": "dark"}
# Cell letters of score_bed (the state format): what a player sees on each space of a bed.
EMPTY, PRINTED_POT, PRINTED_CLOCHE = ".", "p", "c"
FLOWER, FLOWER_POT, FLOWER_CLOCHE = "F", "P", "C"
CAT, POT_TOKEN = "K", "O"
BED_CELLS = EMPTY + PRINTED_POT + PRINTED_CLOCHE + FLOWER + FLOWER_POT + FLOWER_CLOCHE + CAT + POT_TOKEN
POT_CELLS = PRINTED_POT + FLOWER_POT + POT_TOKEN  # a flower-pot token is a visible pot too
CLOCHE_CELLS = PRINTED_CLOCHE + FLOWER_CLOCHE
# What a tile square shows, in bed-cell letters.
TILE_SQUARE_CELL = {"#": FLOWER, "P": FLOWER_POT, "C": FLOWER_CLOCHE}

def oriented_squares(tile_id: str, rotation: int = 0, flip: bool = False) -> list[tuple[int, int, str]]:
    """The tile's squares as (row, col, bed-cell letter), its bounding box's top-left at (0, 0).
    A flip mirrors the tile left to right; then it is turned clockwise by `rotation`."""
    rows = FLOWER_TILES[tile_id][0]
    squares = [(r, c, TILE_SQUARE_CELL[ch]) for r, line in enumerate(rows)
               for c, ch in enumerate(line) if ch != "."]
    width = max(len(line) for line in rows)
    if flip:
        squares = [(r, width - 1 - c, s) for r, c, s in squares]
    for _ in range(rotation // 90):
        height = max(r for r, _, _ in squares) + 1
        squares = [(c, height - 1 - r, s) for r, c, s in squares]  # clockwise quarter turn
    top = min(r for r, _, _ in squares)
    left = min(c for _, c, _ in squares)
    return sorted((r - top, c - left, s) for r, c, s in squares)


# --- the rest of the box ------------------------------------------------------------------

COUNTS = {
    "planting_tables": 4, "flowerbeds": 9, "flower_tiles": 36, "cats": 30, "pot_tokens": 16,
    "beehive_tiles": 2, "orange_cubes": 12, "blue_cubes": 12,
}
# The rulebook's tile list: exactly three tiles show a flower pot (the two-square 2A and 2B
# and the straight five 5F), and every one-square tile shows a cloche. How many tiles have
# one square is not known: at most the 11 small tiles less the two pot tiles of two squares.
POT_TILES_IN_BOX = 3
MOST_CLOCHE_TILES = TILE_LIST["1-3"] - 2
# House design: the one-square (cloche) tiles gardenkit prints.
HOUSE_CLOCHE_TILES = sum(1 for shape, *_ in FLOWER_TILES.values() if "C" in "".join(shape))
# A flowerbed has 25 spaces, so one scoring moves a cube at most 25 steps.
MOST_STEPS = BED_SIZE * BED_SIZE
CATS_AT_START = 2       # each player's reserve at the start (and the limit at a turn's end)

# --- whole games (the engine) ---------------------------------------------------------------

# House choice: the first listed player starts (the rulebook's last person to have weeded).
FIRST_PLAYER = 0
# House choice: the rulebook's Final Round ends only when every flowerbed is gone, but a bed
# may never fill (no flower pot left, no tile that fits ever in a gardener row, no cat in
# hand). Such a Final Round would charge its penalty before every turn for ever, so the game
# ends before the next turn's penalty once nothing on the table can change: played on with
# nobody placing anything (the gardener moving, the refills falling due) until the table
# repeats, no player with a bed left could take a flower pot or a tile that fits, or place a
# cat. The beds left are not scored. (Before, the gardener went round twice first: every cube
# of a random 4-player game in six went back to the start.) False plays the rulebook's letter:
# such a game never ends, and a simulated one stops at the log's bound.
STUCK_FINAL_ROUND_ENDS_THE_GAME = True
