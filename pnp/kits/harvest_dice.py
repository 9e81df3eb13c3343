"""Harvest Dice print-and-play kit: score sheets (basic and advanced), a player card for each
player's place and the pig start-player marker (a flat plate), both on card, the rules in short
on half a page, and die stickers for players with plain dice.

Every number printed (garden size, pig rows and values, market circles, the pre-crossed
basic circle, ribbon and bonus points) comes from scorer.games.harvest_dice.data, the module
the scorer checks sheets against.

Score sheets are 94 x 128 mm, four to a Letter or A4 page: one page is one sheet for each
player of a four-player game, and at this size the garden's spaces (11 mm) and the pig's
circles (5 mm) are still easy to draw in and cross with a pencil. The kit holds
data.SHEETS_PER_PRINT of each kind (two games of four players: a game and its rematch or spares).
"""
from __future__ import annotations

from pnp import readable
from pnp.art import harvest_dice as art  # registers the vegetable and market drawings
from pnp.art.looks import Look, look, wordmark
from pnp.colors import INK, OKABE_ITO, WHITE, darken, lighten
from pnp.fonts import cap_height, measure
from pnp.icons import register_icon, solid
from pnp.model import Circle, Component, Face, Group, Icon, KitGuide, Line, Path, Polygon, Rect, Shape, Style, Text
from pnp.options import KitOptions
from pnp.parts import PIPS, STICKER_NOTE_H, STICKER_NOTE_W, chit_grid, die_face, sticker_note
from pnp.sheets import ReadableSheet, Region
from pnp.text import BODY_MM, layout_lines
from scorer.games.harvest_dice import data

GAME_ID = data.GAME_ID
TITLE = data.TITLE
# The game's look: its wordmark's face, ink, swash and ornaments (pnp.art.looks).
LOOK = Look("quicksand", "lato", "#6B3B12", "#D55E00", (("look-wheat", "#C98B1B"), ("look-wheat", "#C98B1B")))

# What the first page tells the person printing the kit.
GUIDE = KitGuide(
    box_items=(("plain six-sided dice (d6), about 16 mm", max(data.DICE_PER_COLOR.values()) * len(data.CROPS)),
               ("glue stick for the die stickers", 1), ("pencils, one per player", 4)),
    assembly=(
        "Print at actual size: the player cards and the pig plate two-sided on card, the rest one-sided. "
        f"Score sheets: {data.SHEETS_PER_PRINT} of each kind ({data.GAMES_PER_PRINT} games of four players): print the "
        "pages headed BASIC GAME or the ones headed ADVANCED GAME, for the game you play; each page "
        "is one game of four, so print it again for more games.",
        "Cut the score sheets apart on their crop marks; each player takes a sheet of the game "
        "you play (basic or advanced).",
        "Die stickers (plain paper and a glue stick, or label paper): trim each colour's sheet on its corner "
        "ticks, cut along its lines and glue a column of six faces on each plain die.",
        "Cut out the four player cards (card, page {pages of player-card}), one for each player's place, and "
        "the pig start-player marker beside them, round the pig's outline: it lies flat by the start player, "
        "who slides it to the next player with the dice.",
        "Cut out the rules summary (plain paper, page {pages of rules-summary}).",
        "The black squares on each score sheet let the app read a photo of it at the end of the game "
        "(Read from a photo): keep them whole when you trim.",
    ),
    paper="The die stickers on page {pages of stickers-lettuce} are glued onto the dice; the rules summary "
          "beside them is read, not handled, and stays paper.")

# Die colours of the real game, as Okabe-Ito colours; the shape always goes with the colour.
CROP_COLOR = {"lettuce": OKABE_ITO["bluish_green"], "tomato": art.TOMATO,
              "carrot": OKABE_ITO["orange"]}
VEGGIE_ART = {crop: f"harvest-{crop}" for crop in data.CROPS}  # the vegetables drawn (pnp.art.harvest_dice)
PIG_PINK = lighten(OKABE_ITO["reddish_purple"], 0.35)
WHEAT_TINT = lighten(LOOK.ornaments[0][1], 0.8)  # the bands of the player cards and the score sheets

SHEET_W, SHEET_H = 94.0, 128.0
MARGIN = 4.0
CELL = 10.5          # garden space
PIG_STEP = 6.0       # pig and market circle pitch
CIRCLE_R = 2.4
THIN = Style(stroke=INK, stroke_width=0.25)
GRID = Style(stroke=INK, stroke_width=0.35)
LABEL = 2.6          # text size of labels, mm (about 7.4 pt)
KEY = 2.83           # the crops' key and the score boxes' worded heads, read every game: 8 pt
# Nothing is printed closer than this to a photo marker: a word or a line beside one blurs
# into it in a photo (the markets' hint once ran 0.6 mm from the edge marker).
MARKER_CLEAR_MM = 2.0
# A market circle's number, read every turn and half hidden under a pencil cross: 8 pt in the
# body ink. The manifest gives its box (`printed_mm`), so the photo reader leaves it out of
# what it measures in the circle, not taking it for a pencil cross.
MARKET_NUMBER = KEY
HINT = 2.85          # a hint a player reads while playing ("full row", "cross pips"): 8.1 pt
POWER_ICON = 4.5     # the pig over the power boxes: a pig at a glance, not a speck

STALL_X = 75.0       # the market stall's centre on the score sheet, right of the last market circle
GARDEN_HEAD = 5.5    # die faces over the garden columns
STICKER = 12.0       # side of a die sticker, for 16 mm dice
PIP = 0.19            # a pip's box as a share of the sticker: a six's pips stay 0.8 mm or more apart, not bars


# --- icons -----------------------------------------------------------------------------------

@register_icon("harvest-pig")
def pig_icon(size: float, color: str) -> Group:
    """A pig's face: head, two ears, a snout with nostrils, two eyes."""
    s = size
    edge = darken(color, 0.45)
    skin = Style(fill=color, stroke=edge, stroke_width=max(0.15, s * 0.03))
    ear_l = Polygon(((s * 0.14, s * 0.42), (s * 0.16, s * 0.05), (s * 0.42, s * 0.22)), skin)
    ear_r = Polygon(((s * 0.86, s * 0.42), (s * 0.84, s * 0.05), (s * 0.58, s * 0.22)), skin)
    head = Circle(s * 0.5, s * 0.55, s * 0.4, skin)
    snout = Rect(s * 0.33, s * 0.58, s * 0.34, s * 0.22, Style(fill=lighten(color, 0.3), stroke=edge,
                                                                stroke_width=max(0.15, s * 0.03)), radius=s * 0.1)
    dark = Style(fill=darken(color, 0.65))
    features = (Circle(s * 0.43, s * 0.69, s * 0.035, dark), Circle(s * 0.57, s * 0.69, s * 0.035, dark),
                Circle(s * 0.36, s * 0.44, s * 0.04, dark), Circle(s * 0.64, s * 0.44, s * 0.04, dark))
    return Group((ear_l, ear_r, head, snout) + features)


@register_icon("harvest-ribbon")
def ribbon_icon(size: float, color: str) -> Group:
    """A prize rosette: two tails under a round badge."""
    s = size
    tail = solid(darken(color, 0.2), s)
    tails = (Polygon(((s * 0.32, s * 0.5), (s * 0.2, s * 0.97), (s * 0.36, s * 0.87), (s * 0.46, s * 0.97),
                      (s * 0.5, s * 0.55)), tail),
             Polygon(((s * 0.68, s * 0.5), (s * 0.8, s * 0.97), (s * 0.64, s * 0.87), (s * 0.54, s * 0.97),
                      (s * 0.5, s * 0.55)), tail))
    badge = Circle(s * 0.5, s * 0.38, s * 0.33, solid(color, s))
    return Group(tails + (badge, Circle(s * 0.5, s * 0.38, s * 0.18, Style(stroke=WHITE, stroke_width=s * 0.05))))


# --- shared drawing helpers --------------------------------------------------------------------

def outlined_die(x: float, y: float, side: float, value: int) -> Group:
    """A plain die face over a garden column."""
    edge = Rect(0, 0, side, side, Style(stroke="#888888", stroke_width=0.25), radius=side * 0.15)
    return Group.of(die_face(value, side), edge, translate=(x, y))


def sticker_face(x: float, y: float, side: float, value: int, crop: str) -> Group:
    """A die sticker's pips, drawn in the crop's shape (its sheet is the crop's colour)."""
    shapes: list = []
    for col, row in PIPS[value]:
        shapes.append(Icon(data.CROP_SHAPE[crop], side * (0.25 + 0.25 * col), side * (0.25 + 0.25 * row),
                           side * PIP, INK))  # dark pips read on every crop colour and in ink-saver prints
    return Group(tuple(shapes), translate=(x, y))


def crossed_circle(cx: float, cy: float, r: float) -> Group:
    """A circle printed already crossed off (the basic sheet's first market circle)."""
    d = r * 0.75
    return Group.of(Circle(cx, cy, r, THIN), Line(cx - d, cy - d, cx + d, cy + d, GRID),
                    Line(cx - d, cy + d, cx + d, cy - d, GRID))


def label(x: float, y: float, text: str, size: float = LABEL, fill: str = INK, **kw) -> Text:
    return Text(x, y, text, size=size, fill=fill, **kw)


# --- the score sheet ---------------------------------------------------------------------------

def section_tops(layout: int | None = None) -> dict[str, float]:
    """Where each part of the score sheet starts, top to bottom (mm), in the readable layout
    printed now, or in an earlier one (`layout`: its regions, for a sheet printed then). Up to
    layout 2 the pig's "power" and "points" heads ran on under the crops' key, 0.05 mm apart:
    the key has a row of its own now and the pig is 2 mm lower, the markets where they were (a
    region moved makes the photos of it read differently: moved too, the markets' circles read a
    blank number less surely)."""
    own_row = (layout or READABLE_LAYOUT) >= 3
    tops = {"garden": MARGIN + 12.5}
    tops["legend"] = tops["garden"] + GARDEN_HEAD + 1.5 + data.GARDEN_ROWS * CELL + 1.2
    tops["pig"] = tops["legend"] + (7.0 if own_row else 5.0)
    tops["markets"] = tops["pig"] + 2.0 + data.PIG_ROWS * PIG_STEP + (0.0 if own_row else 2.0)
    tops["score"] = tops["markets"] + 3.5 + len(data.CROPS) * PIG_STEP + 1.5
    return tops


def score_sheet(mode: str, layout: int | None = None) -> Group:
    """A score sheet as printed now, or in an earlier readable `layout` (its marked parts and
    markers where that layout had them: a photo of such a sheet must still read)."""
    corner = MARKER + readable.INSET  # the top corner markers' room beside the title
    tops = section_tops(layout)
    # an earlier layout is drawn as it was printed: plain white (a photo of it must still read)
    dressed = list(sheet_dress(tops["score"])) if layout in (None, READABLE_LAYOUT) else []
    shapes: list[Shape] = [*dressed, wordmark(TITLE, corner + 1, MARGIN - 0.2, 6.0)[0],
              label(SHEET_W - corner - MARKER_CLEAR_MM, MARGIN + 4, f"{mode.upper()} GAME", size=2.6, bold=True,
                    align="right"),
              label(MARGIN, MARGIN + 10.5, "Name", size=LABEL),
              Line(MARGIN + 9, MARGIN + 11, SHEET_W - MARGIN, MARGIN + 11, THIN)]
    shapes.append(garden(MARGIN, tops["garden"]))
    shapes.append(legend(MARGIN, tops["legend"]))
    # the advanced game's powers may also change a die's colour: its sheets say so over the
    # power boxes (a sheet of an earlier layout keeps the head it was printed with)
    colour_power = mode in data.COLOR_POWER_MODES and layout in (None, READABLE_LAYOUT)
    shapes.append(pig(MARGIN, tops["pig"], COLOUR_POWER_HEAD if colour_power else "power"))
    shapes.append(markets(MARGIN, tops["markets"], mode))
    # the market stall, right of the market circles and below the side marker: nothing is read there
    shapes.append(Icon("harvest-market", STALL_X, tops["markets"] + 13.5, 15.0, art.TOMATO))
    low_corner = BOTTOM_MARKER + readable.INSET  # the bottom ones' room beside the score boxes
    # (0.3: half the total box's 0.5 mm line, and a hair)
    shapes.append(score_boxes(low_corner + MARKER_CLEAR_MM + 0.3, tops["score"], mode,
                              SHEET_W - 2 * (low_corner + MARKER_CLEAR_MM + 0.3)))
    shapes.append(readable.marker_shapes(sheet_markers(mode, layout)))
    return Group(tuple(shapes))


# The score sheet in the game's look, where the photo reader reads nothing and ink-light: the
# player cards' wheat band behind the wordmark and the sheet's kind, between the top markers,
# its orange rule under it; the same wheat behind the score boxes' words; the sections' heads in
# the wordmark's brown. No frame round the sheet: a frame shows a cut 1 mm off as lopsided, and
# would run past the corner markers, which keep MARKER_CLEAR_MM of white round them.
HEAD_BAND = (1.0, 11.0)   # the head band's top and foot (mm): the top markers stand from 1 to 9


def sheet_dress(score_top: float) -> tuple[Shape, ...]:
    """What a score sheet of the current layout prints under its words and lines: the head
    band, the band behind the score boxes' words (`score_top`: where they start)."""
    left = readable.INSET + MARKER + MARKER_CLEAR_MM
    top, foot = HEAD_BAND
    low = BOTTOM_MARKER + readable.INSET + MARKER_CLEAR_MM
    return (Rect(left, top, SHEET_W - 2 * left, foot - top, Style(fill=WHEAT_TINT, decorative=True), radius=1.5),
            Line(left + 1.5, foot, SHEET_W - left - 1.5, foot, Style(stroke=LOOK.accent, stroke_width=0.4)),
            Rect(low, score_top - 0.4, SHEET_W - 2 * low, 4.0, Style(fill=WHEAT_TINT, decorative=True), radius=1.0))


def garden(x: float, y: float) -> Group:
    """Column headers (die faces), the 3 x 6 grid, and a ribbon box per row."""
    head = GARDEN_HEAD
    shapes: list = [outlined_die(x + (c + 0.5) * CELL - head / 2, y, head, c + 1) for c in range(data.GARDEN_COLUMNS)]
    top = y + head + 1.5
    width = data.GARDEN_COLUMNS * CELL
    for r in range(data.GARDEN_ROWS + 1):
        shapes.append(Line(x, top + r * CELL, x + width, top + r * CELL, GRID))
    for c in range(data.GARDEN_COLUMNS + 1):
        shapes.append(Line(x + c * CELL, top, x + c * CELL, top + data.GARDEN_ROWS * CELL, GRID))
    ribbon_x = x + width + 3.0
    for r in range(data.GARDEN_ROWS):
        cy = top + (r + 0.5) * CELL
        shapes.append(Icon("harvest-ribbon", ribbon_x + 3.5, cy - 1.6, 6.5, OKABE_ITO["blue"]))
        shapes.append(label(ribbon_x + 3.5, cy + 4.6, str(data.RIBBON_POINTS), size=KEY, align="center", bold=True))
        shapes.append(Rect(ribbon_x + 8.5, cy - 3.5, 7.0, 7.0, THIN, radius=1.0))
    shapes.append(label(ribbon_x + 12, top - 1.5, "full row", size=HINT, align="center"))
    return Group(tuple(shapes))


LEGEND_MIDDLE = 1.3   # the key's row, its shapes 0.5 mm clear of the garden's last line (0.2 mm up to layout 2)


def legend(x: float, y: float) -> Group:
    """How to draw each crop: the shapes of the rulebook, in the die colours."""
    middle = y + LEGEND_MIDDLE
    shapes: list = [label(x, middle, "Draw:", size=LABEL, bold=True, anchor="middle")]
    left = x + measure("Draw:", LABEL, True) + 1.0  # each crop after the one before, as wide as its words
    for crop in data.CROPS:
        words = f"{crop} ({data.CROP_DIE_COLOR[crop]})"
        shapes.append(Icon(data.CROP_SHAPE[crop], left + 1.8, middle, 3.6, CROP_COLOR[crop]))
        shapes.append(label(left + 4.2, middle, words, size=KEY, anchor="middle"))
        left += 4.2 + measure(words, KEY) + 1.2
    return Group(tuple(shapes))


# The power boxes' head where a power may change a die's number or its colour, under the
# rulebook's heading for them (Pig Powers, its Advanced Game box)
COLOUR_POWER_HEAD = "Pig Powers: number or colour"


def pig(x: float, y: float, power_head: str) -> Group:
    """The pig: its rows of circles, a power box and the row's points beside each row, the
    boxes headed by `power_head`."""
    shapes: list = [Icon("harvest-pig", x + 5.5, y + 9.0, 11.0, PIG_PINK),
                    label(x + 5.5, y + 18.2, "PIG", size=2.6, bold=True, align="center", fill=LOOK.ink),
                    label(x + 5.5, y + 21.9, "cross", size=HINT, align="center"),
                    label(x + 5.5, y + 25.0, "pips", size=HINT, align="center")]
    first = x + 16.0
    power_x = first + (data.PIG_ROW_CIRCLES - 0.5) * PIG_STEP + 2.5
    # the power column's head: the pig, large, over its boxes, its word left of it over the
    # circles' end; the boxes stay empty, so a cross in them is all a photo sees there
    shapes.append(Icon("harvest-pig", power_x + 2.75, y - 0.3, POWER_ICON, PIG_PINK))
    shapes.append(label(power_x - 0.3, y + 0.2, power_head, size=HINT, align="right"))
    shapes.append(label(power_x + 13.0, y + 0.2, "points", size=HINT, align="center"))
    for row, value in enumerate(data.PIG_ROW_VALUES):
        cy = y + 2.0 + (row + 0.5) * PIG_STEP
        for i in range(data.PIG_ROW_CIRCLES):
            shapes.append(Circle(first + i * PIG_STEP, cy, CIRCLE_R, THIN))
        # square corners: rounded ones, blurred, ink the diagonals a cross is read on
        shapes.append(Rect(power_x, cy - 2.75, 5.5, 5.5, GRID))
        shapes.append(Rect(power_x + 8.5, cy - 2.75, 9.0, 5.5, Style(fill=lighten(PIG_PINK, 0.7),
                                                                      stroke=INK, stroke_width=0.2), radius=1.0))
        shapes.append(label(power_x + 13.0, cy, str(value), size=2.8, bold=True, align="center", anchor="middle"))
    return Group(tuple(shapes))


MARKETS_HEAD = 2.0    # the markets' heading, between the pig's last circles and the first market (1.2 up to layout 2)


def markets(x: float, y: float, mode: str) -> Group:
    """The three shared markets; on the basic sheet the first circle comes crossed."""
    printed = data.PRINTED_CROSSED[mode]
    head = y + MARKETS_HEAD
    shapes: list = [label(x, head, "MARKETS", size=2.6, bold=True, anchor="middle", fill=LOOK.ink),
                    label(x + 15.5, head, "a veggie scores its highest number crossed", size=HINT,
                          anchor="middle")]
    first = x + 25.0
    for row, crop in enumerate(data.CROPS):
        cy = y + 4.0 + (row + 0.5) * PIG_STEP
        shapes.append(Icon(data.CROP_SHAPE[crop], x + 2.0, cy, 3.6, CROP_COLOR[crop]))
        shapes.append(label(x + 5.0, cy, crop, size=LABEL, anchor="middle"))
        # the vegetable drawn, 1 mm clear of the first circle a photo is read in
        shapes.append(Icon(VEGGIE_ART[crop], x + 18.6, cy, 5.0, CROP_COLOR[crop]))
        for i in range(data.MARKET_CIRCLES):
            cx = first + i * PIG_STEP
            if i < printed:
                shapes.append(crossed_circle(cx, cy, CIRCLE_R))
            else:  # the number is the market's value once this circle is crossed
                shapes += [Circle(cx, cy, CIRCLE_R, THIN), market_number(cx, cy, i + 1)]
    return Group(tuple(shapes))


def market_number(cx: float, cy: float, value: int) -> Text:
    """The number printed in a market circle: the market's value once that circle is crossed."""
    return label(cx, cy, str(value), size=MARKET_NUMBER, align="center", anchor="middle")


def printed_box(text: Text) -> tuple[float, float, float, float]:
    """The box (mm) a one-line text's ink fills: its advance across, its capitals' height up
    from the baseline (the digits reach no lower)."""
    (line,) = layout_lines(text)
    top = line.baseline - cap_height(text.face) * text.size
    return (line.left, top, line.width, line.baseline - top)


def score_heads(mode: str) -> list[tuple[str, str, str]]:
    """Each score box's key, its icon (drawn in the box's corner) and the word over it: one
    plain word a new player reads ("lettuce", "ribbons", "bonus"), never an abbreviation or a
    sign to puzzle out ("let ×", "+5 ea.")."""
    heads = [(crop, data.CROP_SHAPE[crop], crop) for crop in data.CROPS]
    heads += [("ribbons", "harvest-ribbon", "ribbons"), ("pig", "harvest-pig", "pig")]
    if mode == "advanced":
        heads.append(("bonus", "star", "bonus"))
    return heads + [("total", "", "TOTAL")]


SCORE_GAP = 1.2       # between two score boxes
SCORE_ICON = 2.8      # a score box's icon, in its top-left corner


def score_head_size(mode: str, span: float) -> float:
    """One size for every word over the score boxes: 8 pt where the widest fits its box with
    0.4 mm a side (the basic sheet's six), else as large as it fits (the advanced sheet's seven
    boxes, 10 mm each: 7.2 pt)."""
    heads = score_heads(mode)
    width = (span - SCORE_GAP * (len(heads) - 1)) / len(heads) - 0.8
    widest = max(measure(word, KEY, word == "TOTAL") for _, _, word in heads)
    return min(KEY, KEY * width / widest)


def score_boxes(x: float, y: float, mode: str, span: float) -> Group:
    """One box per breakdown entry of the scorer, then the total, each headed by its word
    and marked in its corner by the icon the sheet uses for it (the veggie's shape, the ribbon,
    the pig, the star): a number is written beside it."""
    heads = score_heads(mode)
    size = score_head_size(mode, span)
    width = (span - SCORE_GAP * (len(heads) - 1)) / len(heads)
    shapes: list = []
    for index, (key, icon, word) in enumerate(heads):
        bx = x + index * (width + SCORE_GAP)
        shapes.append(label(bx + width / 2, y + 1.8, word, size=size, anchor="middle", bold=key == "total",
                            align="center"))
        style = Style(stroke=INK, stroke_width=0.5 if key == "total" else 0.3)
        shapes.append(Rect(bx, y + 4.0, width, 8.0, style, radius=1.0))
        if icon:
            color = CROP_COLOR.get(key, PIG_PINK if key == "pig" else
                                   OKABE_ITO["blue"] if key == "ribbons" else OKABE_ITO["yellow"])
            shapes.append(Icon(icon, bx + 0.6 + SCORE_ICON / 2, y + 4.6 + SCORE_ICON / 2, SCORE_ICON, color))
    return Group(tuple(shapes))


# --- what a photo of a score sheet reads ------------------------------------------------------

READABLE_LAYOUT = 3   # the version of the regions below: a new one when they move (2: larger markers;
# 3: the pig 2 mm lower, the crops' key on a row of its own)
# The top corners' markers are 8 mm (6 cells of 1.3 mm): found in a 3 MP photo with blur and a
# shadow, where 5 mm ones were missed in one photo in twenty. The bottom ones stay 5 mm, as the
# score boxes between them need the width for their labels; a fifth, 8 mm, stands at the right
# edge beside the pig's points, where the sheet is blank. Any three that span the sheet place
# it, so a corner lost to a shadow or a thumb costs nothing.
MARKER = 8.0
BOTTOM_MARKER = readable.MARKER


def sheet_markers(mode: str, layout: int | None = None):
    layout = layout or READABLE_LAYOUT
    far_x, inset = SHEET_W - readable.INSET, readable.INSET
    bottom = SHEET_H - inset - BOTTOM_MARKER
    side = section_tops(layout)["markets"] - MARKER / 2
    places = ((inset, inset, MARKER), (far_x - MARKER, inset, MARKER), (far_x - BOTTOM_MARKER, bottom, BOTTOM_MARKER),
              (inset, bottom, BOTTOM_MARKER), (far_x - MARKER, side, MARKER))
    return readable.sheet_markers(GAME_ID, f"score-sheet-{mode}", layout, places)


def _circle_box(cx: float, cy: float, r: float) -> tuple[float, float, float, float]:
    return (cx - r, cy - r, 2 * r, 2 * r)


def readable_regions(mode: str, layout: int | None = None) -> tuple[Region, ...]:
    """Every garden space, pig circle, power box and market circle a player marks, where
    score_sheet draws it (or drew it in an earlier `layout`): garden spaces hold a drawn
    veggie; circles and boxes are crossed."""
    tops = section_tops(layout)
    garden_top = tops["garden"] + GARDEN_HEAD + 1.5
    regions = [Region(f"garden.{r}.{c}", "cell", (MARGIN + c * CELL, garden_top + r * CELL, CELL, CELL))
               for r in range(data.GARDEN_ROWS) for c in range(data.GARDEN_COLUMNS)]
    first = MARGIN + 16.0
    power_x = first + (data.PIG_ROW_CIRCLES - 0.5) * PIG_STEP + 2.5
    for row in range(data.PIG_ROWS):
        cy = tops["pig"] + 2.0 + (row + 0.5) * PIG_STEP
        regions += [Region("pig", "circle", _circle_box(first + i * PIG_STEP, cy, CIRCLE_R),
                           row * data.PIG_ROW_CIRCLES + i + 1) for i in range(data.PIG_ROW_CIRCLES)]
        regions.append(Region("pig_powers_used", "box", (power_x, cy - 2.75, 5.5, 5.5), row + 1))
    printed = data.PRINTED_CROSSED[mode]
    for row, crop in enumerate(data.CROPS):
        cy = tops["markets"] + 4.0 + (row + 0.5) * PIG_STEP
        regions += [Region(f"markets.{crop}", "circle", _circle_box(MARGIN + 25.0 + i * PIG_STEP, cy, CIRCLE_R),
                           i + 1 - printed, printed_box(market_number(MARGIN + 25.0 + i * PIG_STEP, cy, i + 1)))
                    for i in range(printed, data.MARKET_CIRCLES)]
    return tuple(regions)


def _readable_sheet(mode: str, version: int, markers) -> ReadableSheet:
    return ReadableSheet(GAME_ID, f"score-sheet-{mode}", version, SHEET_W, SHEET_H, markers,
                         readable_regions(mode, version),
                         state=(("mode", mode),), shared=("markets",))


def readable_sheets() -> tuple[ReadableSheet, ...]:
    return tuple(_readable_sheet(mode, READABLE_LAYOUT, sheet_markers(mode)) for mode in data.MODES)


def earlier_sheets() -> tuple[ReadableSheet, ...]:
    """The sheets of layout 2 (the five markers, the crops' key crowding the pig's heads) and of
    layout 1 (kit 1.2.0: 5 mm corner markers only, every region where layout 2 has it), so a
    sheet printed then still reads."""
    return (tuple(_readable_sheet(mode, 2, sheet_markers(mode, 2)) for mode in data.MODES)
            + tuple(_readable_sheet(mode, 1, readable.corner_markers(GAME_ID, f"score-sheet-{mode}", 1, SHEET_W,
                                                                     SHEET_H))
                    for mode in data.MODES))


# --- the other pieces --------------------------------------------------------------------------

# The start player's marker lies flat by the dice and slides along the table to the next
# player each round: a plate of card cut in the shape of a pig seen from the side (a flat pink
# rectangle read as a placeholder to a cold reviewer), its outline one smooth curve for
# scissors (pnp.art.harvest_dice.PIG_OUTLINE). It was a prism of card to score, fold and glue,
# with end caps and flaps, then a rectangle.
START_W, START_H = 120.0, 48.0
PLATE_AT = 2.0                   # the outline's box inside the plate's: its pink's bleed stays inside the box
PLATE_BLEED = 1.5                # the pink past the cut line, so a cut a hair outside it shows no white
PLATE_PINK = lighten(PIG_PINK, 0.6)
PLATE_WORDS = (40.0, 106.0)      # the words' room across the body, behind the head (facing left)


def start_marker(back: bool = False) -> Group:
    """The pig plate: the pig's outline in pale pink with its face, ear, tail and trotters drawn,
    and across its body START PLAYER, the three crops and what the start player does. Its `back`
    is the same pig seen from behind (facing right, the veggies in the other order, no cut
    line: the front's is cut), so either side up it says who starts."""
    outline = art.pig_plate_outline(PLATE_AT, PLATE_AT, facing_right=back)
    crops = tuple(reversed(data.CROPS)) if back else data.CROPS
    low, high = ((START_W - PLATE_WORDS[1], START_W - PLATE_WORDS[0]) if back else PLATE_WORDS)
    middle = (low + high) / 2
    shapes: list[Shape] = [
        Path(outline, Style(fill=PLATE_PINK, stroke=PLATE_PINK, stroke_width=2 * PLATE_BLEED, decorative=True)),
        art.pig_plate_face(PLATE_AT, PLATE_AT, PIG_PINK, facing_right=back),
        label(middle, 14.0, "START PLAYER", size=6.0, bold=True, align="center", anchor="middle", fill=LOOK.ink),
        *(Icon(VEGGIE_ART[crop], middle + (index - 1) * 12.0, 25.5, 10.0, CROP_COLOR[crop])
          for index, crop in enumerate(crops)),
        label(middle, 36.0, "passes me left after the last die" if back else "rolls the dice, then passes me left",
              size=KEY, align="center", anchor="middle")]
    if not back:
        shapes.append(Path(outline, Style(stroke=darken(PIG_PINK, 0.45), stroke_width=0.3)))
    return Group(tuple(shapes))


SUMMARY = (
    ("Set-up", "Each player takes a sheet and a pencil. The start player takes the dice and the pig "
               "marker. With 2 players, use only 2 dice of each colour."),
    ("A round", "The start player rolls all the dice. Going clockwise, each player takes one die at a time "
                "until a single die is left (with 2 or 3 players the last in turn takes one fewer)."),
    ("Plant it", "Draw the die's veggie in an empty space of the column with its number. Your first "
                 "veggie of a kind goes anywhere in that column; later ones must touch one of the same "
                 "kind (above, below, left or right)."),
    ("Feed it", "Only a die you cannot plant goes to the pig: cross that many pig circles, left to right, "
                "top to bottom."),
    ("Pig powers", "Each full pig row gives a power: cross its box to move a die's number one step up or "
                   "down (never past 1 or 6). Several may change one die. Advanced: a power may change the "
                   "die's colour instead."),
    ("The last die", "Nobody takes it. Everyone crosses one circle of the market of its colour; its number "
                     "does not matter. Pass the dice and the pig to the left."),
    ("The end", "Finish the round in which someone fills their garden or their pig, or a market has all "
                "6 circles crossed."),
    ("Scoring", f"Each veggie scores its market's crossed circles (on the basic sheet the first comes "
                f"crossed). {data.RIBBON_POINTS} per full garden row. "
                "The pig scores the points of its last full row. Advanced: "
                f"+{data.ADVANCED_BONUS_POINTS} each for most carrots, lettuce, tomatoes and pig circles "
                "(ties all score, nobody scores a category nobody has). Ties: most veggies planted, "
                "then most pig circles."),
    ("House notes", "Pig powers are never compulsory. Pips beyond the pig's last circle are lost."),
)


# The rules card is half a Letter page (215.9 x 139.7 mm less the 6 mm margins), in two columns:
# its text at the kits' body size, read at arm's length.
RULES_W, RULES_H = 196.0, 126.0
RULES_GAP = 8.0                   # between the two columns
SUMMARY_INDENT = 27.0             # a paragraph's heading left of its text
SUMMARY_HEADING = 3.5             # mm, 9.9 pt


def _summary_paragraphs(x: float, y: float, width: float) -> tuple[list[Shape], list[float]]:
    """Each rule's heading and its text, stacked from y; and the y below each of them."""
    shapes: list[Shape] = []
    bottoms: list[float] = []
    for heading, text in SUMMARY:
        shapes.append(label(x, y, heading, size=SUMMARY_HEADING, bold=True, anchor="top", fill=LOOK.ink))
        body = label(x + SUMMARY_INDENT, y + 0.2, text, size=BODY_MM, anchor="top",
                     max_width=width - SUMMARY_INDENT)
        shapes.append(body)
        y += BODY_MM * body.line_height * _line_count(body) + 2.2
        bottoms.append(y)
    return shapes, bottoms


def rules_card() -> Group:
    """The rules in short under the game's wordmark, the pig and the three crops drawn as the
    score sheet draws them, so the card looks like the rest of the kit; two columns of
    paragraphs, the second starting with the paragraph that splits them most evenly."""
    top = MARGIN + 14.0
    shapes: list = [wordmark(TITLE, MARGIN, MARGIN, 9.0)[0],
                    Icon("harvest-pig", RULES_W - MARGIN - 6.0, MARGIN + 4.5, 12.0, PIG_PINK),
                    Line(MARGIN, MARGIN + 11.0, RULES_W - MARGIN, MARGIN + 11.0,
                         Style(stroke=look(TITLE).accent, stroke_width=0.5))]
    for number, crop in enumerate(data.CROPS):
        shapes.append(Icon(VEGGIE_ART[crop], RULES_W - MARGIN - 46.0 + number * 11.0, MARGIN + 4.5, 10.0,
                           CROP_COLOR[crop]))
    column = (RULES_W - 2 * MARGIN - RULES_GAP) / 2
    paragraphs, bottoms = _summary_paragraphs(MARGIN, top, column)

    def lowest_with(split: int) -> float:  # the lower column's bottom, the first `split` paragraphs left
        return max(bottoms[split - 1], bottoms[-1] - bottoms[split - 1] + top)

    split = min(range(1, len(SUMMARY)), key=lowest_with)
    shapes += paragraphs[:2 * split]
    shapes.append(Group(tuple(paragraphs[2 * split:]), translate=(column + RULES_GAP, top - bottoms[split - 1])))
    lowest = lowest_with(split)
    if lowest > RULES_H - MARGIN - 6.0:
        raise ValueError(f"the rules card's text runs to {lowest:.1f} mm, past its {RULES_H} mm card")
    # the key follows the text (at the card's foot it floated alone under an empty band)
    shapes.append(legend(MARGIN, lowest + 2.5))
    return Group(tuple(shapes))


def _line_count(text: Text) -> int:
    return len(layout_lines(text))


def sticker_sheet(crop: str) -> Component:
    """A crop's die stickers as one sheet of chits in its colour, a column of six faces per
    die, so the three crops' sheets stand side by side in one band across the top of the page:
    trimmed on its corner ticks, then cut along its lines, one cut per line for a whole row or
    column of stickers. The colour runs past the trim (bleed), and neighbours of one colour
    share their cuts."""
    dice = data.DICE_PER_COLOR[max(data.DICE_PER_COLOR)]
    faces = len(data.DIE_FACES)
    color = CROP_COLOR[crop]
    width, height = dice * STICKER, faces * STICKER
    stickers = [sticker_face(0.0, 0.0, STICKER, face, crop) for face in data.DIE_FACES for _ in range(dice)]
    shapes: list[Shape] = [Rect(-3.0, -3.0, width + 6.0, height + 6.0, Style(fill=color)),
                           chit_grid(stickers, dice, STICKER, darken(color, 0.45))]
    return Component(f"stickers-{crop}", "sticker", width, height, Face(Group(tuple(shapes)), background=color),
                     chits=(dice, faces))


def sticker_cuts() -> tuple[int, int]:
    """The cuts that free one crop's sheet of stickers (four round it, one per line across
    it), and the stickers they free."""
    dice = data.DICE_PER_COLOR[max(data.DICE_PER_COLOR)]
    faces = len(data.DIE_FACES)
    return 4 + (faces - 1) + (dice - 1), faces * dice


def sticker_guide() -> Component:
    """What the sticker page says under its stickers: which dice, how few cuts they take,
    which paper, and where to cut the sheet so the rest of it is kept."""
    cuts, stickers = sticker_cuts()
    text = (f"For plain 16 mm dice: one sheet per colour, and one column of six faces for each die. Cut "
            f"round a sheet at its corner marks, then straight along every printed line: {cuts} cuts free all "
            f"its {stickers} stickers, without cutting round each one.")
    return Component("sticker-note", "sticker", STICKER_NOTE_W, STICKER_NOTE_H,
                     Face(sticker_note(f"{TITLE}: die stickers", text)), cut_out=False)


# Beside the three sticker sheets, in the room the page has right of them: where each face goes
# on the die, as a die's net, so the faces of a die glued from its column add up to 7 across.
NET_FACE = 10.5                           # a face of the net
NET_W, NET_H = 62.0, STICKER * len(data.DIE_FACES)
NET_OPPOSITE = ((1, 6), (2, 5), (3, 4))   # a stock die's opposite faces: each pair adds up to 7
# The net's faces, (column, row) in a cross: down its middle 1, 2, 6, 5 (each face opposite the
# one two below it), 3 and 4 either side of the 2.
NET_PLACES = {1: (1, 0), 2: (1, 1), 6: (1, 2), 5: (1, 3), 3: (0, 1), 4: (2, 1)}


def die_net() -> Component:
    """Where each sticker of a die's column goes: a die's net drawn with the stickers' pips,
    its opposite faces (1-6, 2-5, 3-4) named under it. Read, not cut out."""
    left = (NET_W - 3 * NET_FACE) / 2
    top = 10.0
    shapes: list[Shape] = [label(NET_W / 2, 2.0, "Where each face goes", size=SUMMARY_HEADING, bold=True,
                                 align="center", anchor="top", fill=LOOK.ink)]
    for value, (column, row) in NET_PLACES.items():
        x, y = left + column * NET_FACE, top + row * NET_FACE
        shapes += [Rect(x, y, NET_FACE, NET_FACE, Style(fill=WHEAT_TINT, stroke=INK,
                                                        stroke_width=0.3)),
                   die_face_pips(x, y, value)]
    shapes.append(label(NET_W / 2, top + 4 * NET_FACE + 2.0,
                        "Opposite faces add up to 7: " + ", ".join(f"{a} and {b}" for a, b in NET_OPPOSITE) + ".",
                        size=HINT, align="center", anchor="top", max_width=NET_W - 4.0))
    return Component("die-net", "sticker", NET_W, NET_H, Face(Group(tuple(shapes))), cut_out=False)


def die_face_pips(x: float, y: float, value: int) -> Group:
    """A face's pips in the body ink, drawn as plain dots (the net is every crop's)."""
    return Group(tuple(Circle(NET_FACE * (0.25 + 0.25 * col), NET_FACE * (0.25 + 0.25 * row), NET_FACE * 0.085,
                              Style(fill=INK)) for col, row in PIPS[value]), translate=(x, y))


# A card of card for each player's place: a round's steps, read at a glance, then how the
# game ends and scores (the rules summary has the rest).
PLAYER_CARD_W, PLAYER_CARD_H = SHEET_W, 80.0
ROUND_STEPS = (
    ("Roll", "the start player rolls every die.", ()),
    ("Take", "a die each, clockwise, until one is left.", ()),
    ("Plant", "draw its veggie in its number's column, touching one of its kind (a first of its kind goes "
              "anywhere there). Only if you can't, cross that many pig circles.", tuple(VEGGIE_ART.values())),
    ("Power", "a full pig row: cross its box to turn a die one number up or down (advanced game: or change "
              "its colour).", ("harvest-pig",)),
    ("Last die", "everyone crosses a circle of its colour's market. Pass the dice and pig left.",
     ("harvest-market",)),
)
# The card's back: how the game ends and scores, each part headed by the rulebook's section
END_AND_SCORE = (
    ("End Game", (
        ("garden", "someone's garden is full,"),
        ("pig", "someone's pig has every circle crossed, or"),
        ("market", f"a market has all {data.MARKET_CIRCLES} circles crossed:"),
        ("", "finish that round, then score."))),
    ("Scoring", (
        ("veggies", "each veggie scores its market's crossed circles (5 lettuce on a market of 3: 15)."),
        ("ribbon", f"{data.RIBBON_POINTS} for each full garden row."),
        ("pig", "the points beside its last full row."),
        ("", f"Advanced: +{data.ADVANCED_BONUS_POINTS} for most of each veggie and most pig circles (every "
             "tied player scores it). Ties: most veggies planted, then most pig circles."))),
)
STEP_BADGE = 4.2      # a step's numbered disc
STEP_INDENT = 6.0     # a step's words, right of its disc
STEP_ART = 3.8        # a drawing right of a step (the three veggies one under another)
BAND_H = 11.5         # the card's head: the wordmark on a band of the game's wheat


def player_card() -> Group:
    """A round in five numbered steps under a band with the game's wordmark, each step's
    number on a disc in the game's brown, the veggies, the pig or the stall drawn right of
    the steps they belong to; under a rule, how the game ends and scores. The band runs on
    into the bleed at the top and sides (a card's art keeps clear of its cut or runs past it)."""
    width = PLAYER_CARD_W - 2 * MARGIN
    bleed = 3.0
    band = Rect(-bleed, -bleed, PLAYER_CARD_W + 2 * bleed, BAND_H + bleed,
                Style(fill=WHEAT_TINT, decorative=True))
    shapes: list[Shape] = [band, Line(-bleed, BAND_H, PLAYER_CARD_W + bleed, BAND_H,
                                      Style(stroke=LOOK.accent, stroke_width=0.5)),
                           wordmark(TITLE, MARGIN, MARGIN - 1.0, 6.0)[0],
                           label(PLAYER_CARD_W - MARGIN - 9.0, MARGIN + 4.0, "a round", size=SUMMARY_HEADING,
                                 bold=True, align="right", fill=LOOK.ink),
                           Icon("harvest-pig", PLAYER_CARD_W - MARGIN - 3.5, MARGIN + 2.5, 7.0, PIG_PINK)]
    y = BAND_H + 2.0
    for number, (verb, words, drawings) in enumerate(ROUND_STEPS, 1):
        room = width - STEP_INDENT - (STEP_ART + 1.0 if drawings else 0.0)
        step = label(MARGIN + STEP_INDENT, y, f"{verb}: {words}", size=BODY_MM, anchor="top", max_width=room)
        shapes += [Circle(MARGIN + STEP_BADGE / 2, y + BODY_MM * 0.6, STEP_BADGE / 2, Style(fill=LOOK.ink)),
                   label(MARGIN + STEP_BADGE / 2, y + BODY_MM * 0.6, str(number), size=KEY, bold=True, align="center",
                         anchor="middle", fill=WHITE),
                   step]
        for index, icon in enumerate(drawings):
            colour = PIG_PINK if icon == "harvest-pig" else art_colour(icon)
            shapes.append(Icon(icon, PLAYER_CARD_W - MARGIN - STEP_ART / 2, y + STEP_ART * (index + 0.5) - 0.3,
                               STEP_ART, colour))
        y += BODY_MM * step.line_height * _line_count(step) + 0.9
    foot = PLAYER_CARD_H - FOOT_H
    if y > foot - 0.5:
        raise ValueError(f"the player card's steps run to {y:.1f} mm, into its foot at {foot:.1f} mm")
    shapes.append(card_foot(foot, ROUND_SECTIONS, key=True, note=TWO_PLAYER_DICE))
    return Group(tuple(shapes))


# The player card's foot: a band of the game's wheat into the bleed, as its head is, holding
# what a player looks up while drawing: which veggie each die colour plants, in the sheet's
# shapes, and where the rulebook says more.
FOOT_H = 21.0
BACK_FOOT_H = 8.0     # the back's foot: its rulebook sections only
FOOT_ART = 8.5
# Set-Up's note for two players, on the card a player keeps at hand (not only the rules summary)
TWO_PLAYER_DICE = f"2 players: use only {data.DICE_PER_COLOR[2]} dice of each colour."
ROUND_SECTIONS = ("Set-Up", "Game Play", "The Last Die & The Market")
SCORE_SECTIONS = ("End Game", "Scoring")


def card_foot(top: float, sections: tuple[str, ...], key: bool, note: str = "") -> Group:
    """The band from `top` to the card's foot (and on through the bleed): with `key`, each
    crop's drawing, its die colour and the shape it is drawn as; under it the `note`, if any;
    at its foot the rulebook's `sections` the side sums up."""
    bleed = 3.0
    shapes: list[Shape] = [
        Rect(-bleed, top, PLAYER_CARD_W + 2 * bleed, PLAYER_CARD_H - top + bleed,
             Style(fill=WHEAT_TINT, decorative=True)),
        Line(-bleed, top, PLAYER_CARD_W + bleed, top, Style(stroke=LOOK.accent, stroke_width=0.5))]
    pitch = (PLAYER_CARD_W - 2 * MARGIN) / len(data.CROPS)
    middle = top + 1.0 + FOOT_ART / 2
    for index, crop in enumerate(data.CROPS if key else ()):
        left = MARGIN + index * pitch
        shapes += [Icon(VEGGIE_ART[crop], left + FOOT_ART / 2, middle, FOOT_ART, CROP_COLOR[crop]),
                   label(left + FOOT_ART + 1.0, middle - 0.5, f"{data.CROP_DIE_COLOR[crop]} die", size=KEY,
                         bold=True, anchor="bottom"),
                   Icon(data.CROP_SHAPE[crop], left + FOOT_ART + 2.6, middle + 2.2, 3.2, CROP_COLOR[crop]),
                   label(left + FOOT_ART + 4.6, middle + 2.2, crop, size=KEY, anchor="middle")]
    if note:
        shapes.append(label(PLAYER_CARD_W / 2, PLAYER_CARD_H - MARGIN - 4.2, note, size=KEY, bold=True,
                            align="center"))
    shapes.append(label(PLAYER_CARD_W / 2, PLAYER_CARD_H - MARGIN - 0.4,
                        "in the rulebook: " + ", ".join(sections), size=KEY, align="center", fill=LOOK.ink))
    return Group(tuple(shapes))


END_ICONS = {"garden": "harvest-lettuce", "pig": "harvest-pig", "market": "harvest-market",
             "veggies": "harvest-tomato", "ribbon": "harvest-ribbon"}


def player_card_back() -> Group:
    """The player card's back: under the head band of its front, how the game ends and how it
    scores, each under its rulebook section's heading, a drawing beside each line."""
    bleed = 3.0
    width = PLAYER_CARD_W - 2 * MARGIN
    wheat = WHEAT_TINT
    shapes: list[Shape] = [Rect(-bleed, -bleed, PLAYER_CARD_W + 2 * bleed, BAND_H + bleed,
                                Style(fill=wheat, decorative=True)),
                           Line(-bleed, BAND_H, PLAYER_CARD_W + bleed, BAND_H,
                                Style(stroke=LOOK.accent, stroke_width=0.5)),
                           wordmark(TITLE, MARGIN, MARGIN - 1.0, 6.0)[0],
                           label(PLAYER_CARD_W - MARGIN, MARGIN + 4.0, "end and score", size=SUMMARY_HEADING,
                                 bold=True, align="right", fill=LOOK.ink)]
    y = BAND_H + 2.0
    for heading, lines in END_AND_SCORE:
        shapes.append(label(MARGIN, y, heading, size=SUMMARY_HEADING, bold=True, anchor="top", fill=LOOK.ink))
        y += SUMMARY_HEADING * 1.3
        for drawing, words in lines:
            text = label(MARGIN + STEP_INDENT, y, words, size=BODY_MM, anchor="top", max_width=width - STEP_INDENT)
            if drawing:
                icon = END_ICONS[drawing]
                colour = PIG_PINK if icon == "harvest-pig" else OKABE_ITO["blue"] if icon == "harvest-ribbon" \
                    else art_colour(icon)
                shapes.append(Icon(icon, MARGIN + STEP_ART / 2 + 0.4, y + BODY_MM * 0.6, STEP_ART, colour))
            shapes.append(text)
            y += BODY_MM * text.line_height * _line_count(text) + 0.7
        y += 1.0
    foot = PLAYER_CARD_H - BACK_FOOT_H
    if y > foot - 0.5:
        raise ValueError(f"the player card's back runs to {y:.1f} mm, into its foot at {foot:.1f} mm")
    shapes.append(card_foot(foot, SCORE_SECTIONS, key=False))
    return Group(tuple(shapes))


def art_colour(icon: str) -> str:
    """The colour a drawing of the kit is registered with: a veggie's crop colour, the stall's
    tomato red."""
    return next((CROP_COLOR[crop] for crop, name in VEGGIE_ART.items() if name == icon), art.TOMATO)


def components(options: KitOptions | None = None) -> list[Component]:
    sheets = [Component(f"score-sheet-{mode}", "pad", SHEET_W, SHEET_H, Face(score_sheet(mode)),
                        count=data.SHEETS_PER_PRINT)
              for mode in data.MODES]
    return sheets + [
        # the pieces handled every round on card; the rules summary, read, on plain paper with
        # the die stickers (alone, the stickers would leave that page nearly empty)
        # a folded build prints them one-sided (the rules summary says how the game ends and
        # scores): folded, a pair is 194 mm across, one to a row, and three pages of card held
        # four cards and the pig plate
        Component("player-card", "card", PLAYER_CARD_W, PLAYER_CARD_H, Face(player_card()),
                  None if options is not None and options.fold else Face(player_card_back()), count=4),
        Component("start-player-marker", "marker", START_W, START_H, Face(start_marker()),
                  Face(start_marker(back=True)), outline="polygon"),
        sticker_guide(),
        *(sticker_sheet(crop) for crop in data.CROPS),
        die_net(),
        Component("rules-summary", "aid", RULES_W, RULES_H, Face(rules_card())),
    ]
