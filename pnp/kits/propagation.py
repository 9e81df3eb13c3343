"""Propagation's print-and-play kit: the hex board (with its coloured top hex and every space
labelled with its coordinates), plant tokens in three sizes per player colour, rocks, a
growth-tier tracker per player, the round track, the start-player token, the bonus cards
and a player aid drawing the propagation patterns.

Every number, pattern and card text comes from scorer/games/propagation/data.py (loaded
without the rules machinery); this module only draws them.
"""
from __future__ import annotations

import math

from pnp.colors import INK, PLAYER_COLORS, PlayerColor, darken, lighten, text_color_on
from pnp.icons import outline_of, register_icon, solid
from pnp.kits import KitOptions
from pnp.model import Circle, Component, Face, Group, Icon, KitGuide, Line, Path, Polygon, Rect, Style, Text, group
from scorer.games.propagation import data

GAME_ID = data.GAME_ID
TITLE = data.TITLE

# What the first page tells the person printing the kit.
GUIDE = KitGuide(
    box_items=(("pencil for the score sheet", 1),),
    assembly=(
        "Print the bonus-card pages two-sided, flipping on the long edge; the rest one-sided.",
        "Cut the board on its crop marks (it prints whole on one Letter or A4 page).",
        "Cut the numbered plant tokens of each colour on their circles; a token's number is its "
        "row on its owner's growth tracker.",
        "Cut each player's growth tracker and its square tier markers; the round track and its "
        "marker; the rocks and the start token.",
        "Cut the bonus cards and the player aids; keep the score sheet whole.",
    ),
    paper="Tokens and markers on 200-300 g/m² card; board and trackers on card or heavy paper.",
)

SQRT3 = math.sqrt(3)
POKER = (63.5, 88.9)

SOIL = "#F4E9D4"
SOIL_EDGE = "#8C6D46"
LAWN = "#DCEBD2"
TOP_HEX_FILL = "#E69F00"  # Okabe-Ito orange; the word TOP and a star say it too
ROCK_GREY = "#8A8A8A"
CARD_GREEN = "#2F6B3A"
PLANT_COLOURS = {"tomato": "#D55E00", "carrot": "#E69F00", "apple": "#009E73"}


# --- plant, rock icons -----------------------------------------------------------------------
# Each plant has its own silhouette (round fruit, tapering root, tree) so that the kinds
# differ by shape as well as by token size.

@register_icon("propagation-tomato")
def tomato_icon(size: float, color: str) -> Group:
    s = size
    fruit = Circle(s * 0.5, s * 0.56, s * 0.36, solid(color, s))
    calyx = Polygon(tuple((s * 0.5 + s * (0.2 if i % 2 == 0 else 0.07) * math.cos(math.radians(-90 + i * 36)),
                           s * 0.27 + s * (0.2 if i % 2 == 0 else 0.07) * math.sin(math.radians(-90 + i * 36)))
                          for i in range(10)), solid("#2E7D32", s))
    return Group.of(fruit, calyx)


@register_icon("propagation-carrot")
def carrot_icon(size: float, color: str) -> Group:
    s = size
    root = Path((("M", s * 0.3, s * 0.34), ("L", s * 0.7, s * 0.34),
                 ("C", s * 0.68, s * 0.55, s * 0.56, s * 0.8, s * 0.5, s * 0.95),
                 ("C", s * 0.44, s * 0.8, s * 0.32, s * 0.55, s * 0.3, s * 0.34), ("Z",)), solid(color, s))
    leaf = Style(fill="#2E7D32", stroke=outline_of("#2E7D32"), stroke_width=s * 0.03)
    leaves = tuple(Polygon(((s * 0.46, s * 0.34), (s * (0.5 + dx), s * 0.05), (s * 0.54, s * 0.34)), leaf)
                   for dx in (-0.16, 0.0, 0.16))
    ridges = tuple(Line(s * 0.4 + i * s * 0.02, s * (0.48 + i * 0.13), s * (0.52 + i * 0.02),
                        s * (0.48 + i * 0.13), Style(stroke=outline_of(color), stroke_width=s * 0.025))
                   for i in range(3))
    return Group(leaves + (root,) + ridges)


@register_icon("propagation-apple")
def apple_icon(size: float, color: str) -> Group:
    s = size
    trunk = Rect(s * 0.44, s * 0.55, s * 0.12, s * 0.38, Style(fill="#7A4E2D", stroke=outline_of("#7A4E2D"),
                                                               stroke_width=s * 0.03))
    crown = tuple(Circle(s * x, s * y, s * r, solid(color, s))
                  for x, y, r in ((0.5, 0.3, 0.24), (0.3, 0.45, 0.19), (0.7, 0.45, 0.19)))
    apples = tuple(Circle(s * x, s * y, s * 0.055, Style(fill="#D55E00", stroke=None))
                   for x, y in ((0.42, 0.28), (0.62, 0.36), (0.3, 0.48), (0.7, 0.5)))
    return Group((trunk,) + crown + apples)


@register_icon("propagation-rock")
def rock_icon(size: float, color: str) -> Group:
    s = size
    outline = ((0.12, 0.7), (0.2, 0.38), (0.42, 0.2), (0.68, 0.24), (0.88, 0.5), (0.82, 0.8), (0.45, 0.86))
    body = Polygon(tuple((s * x, s * y) for x, y in outline), solid(color, s))
    crack = Line(s * 0.42, s * 0.2, s * 0.5, s * 0.55, Style(stroke=outline_of(color), stroke_width=s * 0.03))
    return Group.of(body, crack)


def plant_icon(kind: str) -> str:
    return f"propagation-{kind}"


# --- hex geometry ----------------------------------------------------------------------------

def hex_centre(space: tuple[int, int], size: float) -> tuple[float, float]:
    """Centre of a flat-topped hex (centre-to-corner `size`) relative to the board centre."""
    q, r = space
    return size * 1.5 * q, size * SQRT3 * (r + q / 2)


def hex_points(cx: float, cy: float, size: float) -> tuple[tuple[float, float], ...]:
    return tuple((cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
                 for i in range(6))


def coordinate_label(space: tuple[int, int]) -> str:
    return f"{space[0]},{space[1]}"


# --- the board -------------------------------------------------------------------------------

HEX_SIZE = 15.0        # centre to corner, mm: 26 mm across the flats holds the 21 mm apple
BOARD_MARGIN = 9.0


def board_size() -> tuple[float, float]:
    extent = data.BOARD_RADIUS
    return ((2 * extent * 1.5 + 2) * HEX_SIZE + 2 * BOARD_MARGIN,
            (2 * extent + 1) * SQRT3 * HEX_SIZE + 2 * BOARD_MARGIN)


def board_component() -> Component:
    width, height = board_size()
    ox, oy = width / 2, height / 2
    edge = Style(fill=SOIL, stroke=SOIL_EDGE, stroke_width=0.5)
    top = Style(fill=TOP_HEX_FILL, stroke=SOIL_EDGE, stroke_width=0.8)
    shapes: list = []
    for space in data.board_spaces():
        x, y = hex_centre(space, HEX_SIZE)
        cx, cy = ox + x, oy + y
        shapes.append(Polygon(hex_points(cx, cy, HEX_SIZE * 0.98), top if space == data.TOP_HEX else edge))
        shapes.append(Text(cx, cy + HEX_SIZE * 0.68, coordinate_label(space), size=2.3, align="center",
                           anchor="bottom", fill=darken(SOIL_EDGE, 0.2)))
    tx, ty = hex_centre(data.TOP_HEX, HEX_SIZE)
    shapes += [Icon("star", ox + tx, oy + ty - 6.0, 8, "#FFFFFF"),
               Text(ox + tx, oy + ty + 2.0, "TOP", size=3.6, bold=True, align="center", anchor="middle")]
    shapes += _board_corner_notes(width, height)
    return Component("board", "board", width, height, Face(group(shapes), background=LAWN))


def _board_corner_notes(width: float, height: float) -> list:
    """Title and the reminder that north is toward the top hex, in the empty corners."""
    arrow = Group.of(Icon("arrow", 0, 0, 12, INK), translate=(width - 22, 26), rotate=-90)
    return [
        Text(BOARD_MARGIN, BOARD_MARGIN + 2, TITLE, size=7, bold=True, anchor="top", fill=CARD_GREEN),
        Text(BOARD_MARGIN, BOARD_MARGIN + 12, "Patterns point north:\ntoward the TOP hex.", size=3.2,
             anchor="top", fill=INK),
        arrow,
        Text(width - 22, 36, "north", size=3.2, align="center", anchor="top", fill=INK),
        Text(width - BOARD_MARGIN, height - BOARD_MARGIN, "Spaces show [q, r] coordinates for the scorer.",
             size=2.6, align="right", anchor="bottom", fill=INK),
    ]


# --- plant tokens, rocks, start player -------------------------------------------------------

def plant_token(colour: PlayerColor, kind: str) -> Component:
    diameter = data.TOKEN_DIAMETER_MM[kind]
    r = diameter / 2
    ring = Style(fill=None, stroke=darken(colour.hex, 0.45), stroke_width=0.35)
    inner = Style(fill="#FFFFFF", stroke=None)
    marker, mark_colour = r * 0.34, text_color_on(colour.hex)
    rim = r * 0.8  # the player's symbol and letter sit on the coloured rim, low left and right
    shapes = [
        Circle(r, r - r * 0.1, r * 0.6, inner),
        Icon(plant_icon(kind), r, r - r * 0.1, r * 0.98, PLANT_COLOURS[kind]),
        Circle(r, r, r - 0.2, ring),
        # Colour is never the only clue: the player's symbol and letter are printed too.
        Icon(colour.symbol, r - rim * 0.66, r + rim * 0.62, marker, mark_colour),
        Text(r + rim * 0.66, r + rim * 0.62, colour.letter, size=marker * 1.1, bold=True, align="center",
             anchor="middle", fill=mark_colour),
    ]
    return Component(f"{kind}-{colour.name}", "token", diameter, diameter,
                     Face(group(shapes), background=colour.hex), count=data.PLANTS[kind]["tokens"],
                     outline="circle")


ROCK_DIAMETER = 19.0


def rock_token() -> Component:
    r = ROCK_DIAMETER / 2
    shapes = [Icon("propagation-rock", r, r, r * 1.5, ROCK_GREY),
              Circle(r, r, r - 0.2, Style(stroke=darken(ROCK_GREY, 0.5), stroke_width=0.35))]
    return Component("rock", "token", ROCK_DIAMETER, ROCK_DIAMETER, Face(group(shapes), background="#D9D9D9"),
                     count=data.ROCKS, outline="circle")


def start_player_token() -> Component:
    d = 30.0
    shapes = [Icon("sun", d / 2, d / 2 - 3, 15, "#E69F00"),
              Text(d / 2, d - 6, "START", size=3.6, bold=True, align="center", anchor="middle", fill=INK),
              Circle(d / 2, d / 2, d / 2 - 0.2, Style(stroke=INK, stroke_width=0.35))]
    return Component("start-player", "token", d, d, Face(group(shapes), background="#FFF5D6"),
                     outline="circle")


# --- growth-tier tracker and round track -----------------------------------------------------

TIER_BOX = 7.0
COHORTS = 3  # tracks per plant kind: plants sown or propagated on different turns


def tier_tracker(colour: PlayerColor) -> Component:
    """One sheet per player: for each plant kind a few tier tracks 0..death tier (a coin on a
    track follows a group of plants sown on the same turn), grown tier starred, death tier
    crossed."""
    label_w = 26.0
    most_tiers = max(p["dies"] for p in data.PLANTS.values()) + 1
    width = label_w + most_tiers * TIER_BOX + 8
    row_h = TIER_BOX + 1.0
    block_h = COHORTS * row_h + 6.0
    height = 18 + len(data.KINDS) * block_h + 8
    shapes: list = [
        Rect(0, 0, width, 11, Style(fill=colour.hex, decorative=False)),
        Icon(colour.symbol, 7, 5.5, 6, "#FFFFFF"),
        Text(13, 5.5, f"Growth tiers - {colour.letter}", size=4.2, bold=True, anchor="middle",
             fill=text_color_on(colour.hex)),
        Icon("star", label_w + 2, 15, 3.4, TOP_HEX_FILL),
        Text(label_w + 4.5, 15, "fully grown: may harvest", size=2.6, anchor="middle", fill=INK),
        Icon("cross", label_w + 42, 15, 3.0, INK),
        Text(label_w + 44.5, 15, "dies at the end of the round", size=2.6, anchor="middle", fill=INK),
    ]
    y = 19.0
    for kind in data.KINDS:
        plant = data.PLANTS[kind]
        shapes += [Icon(plant_icon(kind), 6, y + block_h / 2 - 2, 9, PLANT_COLOURS[kind]),
                   Text(12, y + 2.5, plant["name"], size=3.0, bold=True, anchor="top", fill=INK)]
        for row in range(COHORTS):
            top = y + 6 + row * row_h
            for tier in range(plant["dies"] + 1):
                shapes += _tier_box(label_w + tier * TIER_BOX, top, tier, plant)
        y += block_h
    return Component(f"tracker-{colour.name}", "aid", width, height, Face(group(shapes)))


def _tier_box(x: float, y: float, tier: int, plant: dict) -> list:
    """A tier's box: white while growing, green once grown (a star on the grown tier), red
    with a cross on the death tier -- marks as well as tints."""
    if tier == plant["dies"]:
        fill, mark = lighten("#D55E00", 0.6), Icon("cross", x + TIER_BOX - 2.3, y + TIER_BOX - 2.3, 3.0, INK)
    elif tier >= plant["grown"]:
        fill = lighten("#009E73", 0.65)
        mark = Icon("star", x + TIER_BOX - 2.3, y + TIER_BOX - 2.3, 3.4, TOP_HEX_FILL) if tier == plant["grown"] else None
    else:
        fill, mark = "#FFFFFF", None
    shapes = [Rect(x, y, TIER_BOX, TIER_BOX, Style(fill=fill, stroke=INK, stroke_width=0.25)),
              Text(x + 1.0, y + 1.0, str(tier), size=2.4, anchor="top", fill=INK)]
    return shapes + ([mark] if mark else [])


def round_track() -> Component:
    box, per_row = 16.0, data.ROUNDS // 2
    width = per_row * box + 12
    height = 2 * box + 22
    shapes: list = [Text(6, 5, "Rounds", size=4.2, bold=True, anchor="top", fill=CARD_GREEN),
                     Text(width - 6, 5, "Star = resolve the bonus cards (round 10: reveal a new card)",
                          size=2.8, align="right", anchor="top", fill=INK)]
    for index in range(data.ROUNDS):
        number = index + 1
        x, y = 6 + (index % per_row) * box, 14 + (index // per_row) * box
        bonus = number in data.BONUS_ROUNDS
        shapes.append(Rect(x, y, box, box, Style(fill=lighten(TOP_HEX_FILL, 0.55) if bonus else "#FFFFFF",
                                                 stroke=INK, stroke_width=0.3)))
        shapes.append(Text(x + box / 2, y + box / 2 + (2.5 if bonus else 0), str(number), size=5,
                           bold=bonus, align="center", anchor="middle", fill=INK))
        if bonus:
            shapes.append(Icon("star", x + box / 2, y + 4.5, 6, TOP_HEX_FILL))
    return Component("round-track", "board", width, height, Face(group(shapes)))


# --- bonus cards -----------------------------------------------------------------------------

def bonus_card_front(card_id: str, card: dict) -> Face:
    w, h = POKER
    one_winner = card["award"] == "one-winner"
    award = "ONE WINNER" if one_winner else "EVERY PLAYER WHO..."
    shapes = [
        Rect(0, 0, w, 20, Style(fill=CARD_GREEN)),
        Text(w / 2, 10, card["name"], size=4.6, bold=True, align="center", anchor="middle", fill="#FFFFFF",
             max_width=w - 10),
        Icon("star" if one_winner else "check", 10, 27, 6, TOP_HEX_FILL if one_winner else "#009E73"),
        Text(15, 27, award, size=3.0, bold=True, anchor="middle", fill=INK),
        Text(6, 34, card["text"], size=3.3, anchor="top", fill=INK, max_width=w - 12, line_height=1.25),
        Circle(w / 2, h - 20, 9, Style(fill="#FFFFFF", stroke=CARD_GREEN, stroke_width=0.8)),
        Text(w / 2, h - 20, str(card["points"]), size=8, bold=True, align="center", anchor="middle",
             fill=CARD_GREEN),
        Text(w / 2, h - 8.5, "points", size=2.6, align="center", anchor="middle", fill=INK),
        Text(w / 2, h - 4, card_id, size=2.1, align="center", anchor="middle", fill=darken(SOIL_EDGE, 0.2)),
    ]
    if one_winner:
        shapes.append(Text(w / 2, h - 33, "Tie: all tied score (2 players: nobody).", size=2.3,
                           align="center", anchor="middle", fill=INK))
    return Face(group(shapes), background=SOIL)


def bonus_card_back() -> Face:
    w, h = POKER
    edge = Style(fill=lighten(CARD_GREEN, 0.15), stroke=lighten(CARD_GREEN, 0.45), stroke_width=0.4)
    size = 6.0
    shapes: list = []
    for space in data.board_spaces():
        if data.distance(space) <= 3:
            x, y = hex_centre(space, size)
            shapes.append(Polygon(hex_points(w / 2 + x, h / 2 + y, size * 0.95), edge))
    shapes += [Rect(6, h / 2 - 8, w - 12, 16, Style(fill=CARD_GREEN, stroke="#FFFFFF", stroke_width=0.4)),
               Text(w / 2, h / 2 - 2, TITLE, size=4.6, bold=True, align="center", anchor="middle", fill="#FFFFFF"),
               Text(w / 2, h / 2 + 4, "bonus card", size=3, align="center", anchor="middle", fill="#FFFFFF")]
    return Face(group(shapes), background=CARD_GREEN)


def bonus_cards() -> list[Component]:
    back = bonus_card_back()
    return [Component(f"bonus-{card_id}", "card", *POKER, bonus_card_front(card_id, card), back)
            for card_id, card in data.BONUS_CARDS.items()]


# --- player aid: the propagation patterns --------------------------------------------------

AID_SIZE = (190.0, 124.0)  # two to a Letter or A4 page
AID_HEX = 3.7


def pattern_diagram(pattern: dict, cx: float, cy: float) -> list:
    """A radius-2 patch of hexes around the origin (north up, as on the board): the origin
    shows the plant, each pattern space an X ('or' spaces for a choose-one pattern)."""
    spaces = set(pattern["spaces"])
    blank = Style(fill="#FFFFFF", stroke=SOIL_EDGE, stroke_width=0.25)
    target = Style(fill=lighten(PLANT_COLOURS[pattern["kind"]], 0.6), stroke=SOIL_EDGE, stroke_width=0.35)
    shapes: list = []
    for space in data.board_spaces():
        if data.distance(space) > 2:
            continue
        x, y = hex_centre(space, AID_HEX)
        style = target if space in spaces else blank
        shapes.append(Polygon(hex_points(cx + x, cy + y, AID_HEX * 0.96), style))
        if space in spaces:
            shapes.append(Icon("cross", cx + x, cy + y, AID_HEX * 1.1, INK))
    shapes.append(Icon(plant_icon(pattern["kind"]), cx, cy, AID_HEX * 1.5, PLANT_COLOURS[pattern["kind"]]))
    return shapes


def player_aid() -> Component:
    w, h = AID_SIZE
    cell_w, cell_h = 44.0, 34.0
    shapes: list = [
        Text(6, 5, f"{TITLE}: propagation patterns", size=5, bold=True, anchor="top", fill=CARD_GREEN),
        Group.of(Icon("arrow", 0, 0, 7, INK), translate=(w - 12, 9), rotate=-90),
        Text(w - 18, 6, "north = toward the TOP hex", size=2.8, align="right", anchor="top", fill=INK),
        Text(6, 12, "X = a new plant at tier 0. Rock, plant or off the board: skip that space. "
                    "Out of tokens: you choose which X get your last ones.", size=2.6, anchor="top",
             fill=INK, max_width=w - 40),
    ]
    rows = [[p for p in data.PATTERNS.values() if p["kind"] == kind] for kind in data.KINDS]
    for row_index, row in enumerate(rows):
        top = 19 + row_index * cell_h
        for col, pattern in enumerate(row):
            cx = 10 + cell_w / 2 + col * cell_w
            shapes += pattern_diagram(pattern, cx, top + cell_h / 2 - 3)
            caption = pattern["name"] + (" - pick ONE X" if pattern["mode"] == "choose" else "")
            shapes.append(Text(cx, top + cell_h - 2, caption, size=2.6, align="center", anchor="bottom",
                               fill=INK))
    shapes += _plant_table(10 + cell_w + 6, 19 + 2 * cell_h + 4)
    return Component("player-aid", "aid", w, h, Face(group(shapes)), count=data.PLAYERS_MAX)


def _plant_table(x: float, y: float) -> list:
    columns = ((6, "Plant"), (28, "grown"), (43, "dies"), (56, "points"), (70, "when harvested"))
    shapes: list = [Text(x + offset, y, title, size=2.7, bold=True, anchor="top", fill=INK)
                    for offset, title in columns]
    for index, kind in enumerate(data.KINDS):
        plant = data.PLANTS[kind]
        row_y = y + 6 + index * 7
        after = "stays, back to tier 0" if plant["stays"] else "removed"
        shapes += [Icon(plant_icon(kind), x + 2, row_y + 1.5, 5, PLANT_COLOURS[kind]),
                   Text(x + 6, row_y, plant["name"], size=2.7, anchor="top", fill=INK)]
        for offset, value in ((28, plant["grown"]), (43, plant["dies"]), (56, plant["points"])):
            shapes.append(Text(x + offset, row_y, str(value), size=2.7, anchor="top", fill=INK))
        shapes.append(Text(x + 70, row_y, after, size=2.7, anchor="top", fill=INK))
    shapes.append(Text(x, y + 28, "Sow only a kind you have none of. Harvest takes ALL your grown plants "
                                  "of one kind.", size=2.5, anchor="top", fill=INK, max_width=120))
    return shapes


# --- the kit ---------------------------------------------------------------------------------

def player_colours() -> list[PlayerColor]:
    return list(PLAYER_COLORS.values())[:data.PLAYERS_MAX]


def components(options: KitOptions | None = None) -> list[Component]:
    pieces: list[Component] = [board_component(), round_track()]
    for colour in player_colours():
        pieces += [plant_token(colour, kind) for kind in data.KINDS]
    pieces += [rock_token(), start_player_token()]
    pieces += [tier_tracker(colour) for colour in player_colours()]
    pieces += bonus_cards()
    pieces.append(player_aid())
    return pieces
