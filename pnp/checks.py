"""Layout checks over an imposed kit: the drawing model after imposition, before rendering.

Every sheet is flattened into what will be printed on it, in page millimetres: the lines of
text with their boxes, size and colour, the drawn shapes with their boxes, and what each
piece's cut outline is. The checks then read that flat list:

- `overlapping_text`: a line of text crosses another line of text, another piece's trim box,
  or the edge of a shape of its own piece (a diagram printed over its caption). Text lying
  wholly inside a shape (a label in its box) or wholly outside it is fine.
- `near_edge`: marks, cut lines or text within EDGE_MM of the paper edge, where home printers
  print nothing. A print-on-demand sheet is exempt: its crop marks belong outside the trim.
- `text_past_trim`: a piece's line of text, measured whole (not only what the bleed keeps),
  closer than SAFE_MM to its trim line or past it: a cut a little off slices its letters. A
  portion of a tiled board prints no word (its neighbour's) in its bleed, outside its cut line
  (within the default 3 mm bleed).
- `small_text`: text under MIN_TEXT_PT (6.5 pt) at print size.
- `small_body_text`: a sentence or hint a player reads (any text of a piece with more than
  LABEL_WORDS words, wrapped or on one line: rules, aids, notes, a score sheet's hints) under
  BODY_TEXT_PT at print size. A label of one or two words (a number, "front", a tile's ID, a
  row's name) is found by its place, not read, and keeps the MIN_TEXT_PT floor. The page's
  own text is held to it too (page 1's captions), all but its footer ("page N of M", "back of
  page N"), which is not read at play, and its marks of a letter or two (the duplex test's).
- `low_contrast`: text whose contrast with what it sits on is under 4.5:1 (3:1 for text of
  LARGE_TEXT_PT and more), the WCAG ratios.
- `lost_bleed`: a coloured piece cut on its trim line whose bleed a home laser printer's
  unprinted outer LASER_BORDER_MM leaves under KEPT_BLEED_MM (where it has that much), so a
  slightly off cut there shows white paper.
- `shared_colour_cuts`: two pieces of different colours laid edge to edge, on one cut, or
  closer than COLOUR_GUTTER_MM, so a slightly off cut shows a sliver of the neighbour's colour.
- `touching_colours`: two pieces of distinct colours whose bleeds, as printed, come closer
  than COLOUR_PAPER_MM (pnp.impose keeps that much bare paper between them), so a cut off by
  more than a bleed shows paper, not the next colour.
- `trim_margin`: a piece's trim line under PIECE_MARGIN_MM from the paper edge (after a
  laser's unprinted border it would keep too little of its bleed, and the paper edge is hard
  to cut along).
- `thick_marks`: a cut mark (a page of pieces' own line in the marks' black: ticks, a tiled
  board's trim lines; not a glue zone's grey hatching) with a stroke over MARK_MAX_MM: crop marks are thin, so they mark the cut and do not
  print as a heavy frame round the pieces.
- `dark_trim_lines`: a piece's own dark line (luminance under DARK_LUMINANCE) over
  TRIM_LINE_MAX_MM wide drawn along its trim line: a cut a little off leaves a dark edge on
  the piece (Cottage Garden's tiles had a 0.4 mm near-black outline on their cut).
- `off_centre`: a page's pieces, as one block, not centred across the sheet (its left and
  right margins OFF_CENTRE_MM apart or more), unless a footer down one side pushes it off by
  that band; up and down a page is centred, or moved down just far enough for its top row's
  outer ticks to have their full room (the rest of its spare paper one piece at the foot), or
  packed from the top where the spare is too short for that, a footer along the bottom again
  allowed for.
- `tool_words`: text naming a file path, "docs/" or a command-line option ("--deck"): a
  reader of the PDF alone has neither the project's files nor its command line.
- `unticked_cuts`: a cut line that runs out into the sheet's outer margin (no other piece
  in its way) without a tick there at least OUTER_TICK_MM long: a ruler or a trimmer needs
  a mark at both ends of a cut (every kit's cut ticks, in both cut styles, docs/kits.md).
  Where the margin has room for it (nothing but paper between the piece's bleed and the
  paper edge), the tick is CLEAR_TICK_MM long at least and ends BLEED_CLEARANCE_MM short of
  the piece's bleed, all of it past a home laser's unprinted border.
- `unclipped_pictures`: a small picture of a piece (page 1's, `Group(picture=True)`) with no
  `clip` to its piece: what the piece draws past its trim line shows round the picture.
- `marks_on_lines`: a cut tick that crosses a straight line a piece prints, or runs beside
  one closer than MARK_BESIDE_MM without lying on it (a sheet of chits runs its lines on into
  its bleed): a cut aimed at the tick may follow the other line into the next block's pieces.
- `small_table_words`: a word on a piece read at the table (TABLE_KINDS: cards, aids, sheets,
  score pads, markers, stickers) under TABLE_WORD_PT, or under 4.5:1 at any size. A tile's ID
  or a board's label, found by its place, keeps the MIN_TEXT_PT floor.
- `card_art_at_cut`: a card's shape or picture with an edge under SAFE_MM from the card's trim
  line, inside or out: a cut a little off slices it or leaves a sliver of it (art keeps inside
  the safe area, or runs on through the trim into the bleed). Folded cards are left out.
- `stray_bleed`: a piece cut round its own outline that fills colour past its trim box (the
  straight cuts would leave it as loose squares at the box's corners). A sheet of such pieces
  (`chits`) is trimmed on its box and bleeds past it.
- `staggered_marks`: two parallel ticks end to end under DOUBLED_MARK_MM apart across, not on
  one line: a cutter sees one edge marked twice.
- `text_out_of_box`: a word in a box a piece draws that reaches the box's stroke.
- `card_words_at_cut`: a card's or a player aid's words closer than CARD_SAFE_MM (3 mm, the
  safe zone) to its cut line; smaller pieces keep text_past_trim's SAFE_MM.
- `frames_at_cut`: a card's or a board's frame (art along a cut line, or FRAME_CORNER_MM or more
  in a corner) with an edge under SAFE_MM from that cut line, inside or out: a corner post
  straddling the cut is sliced, or leaves a sliver past the plank, when the cut is a little off.
- `ticks_in_bleed`: a cut tick running through another piece's bleed on a line that is not
  one of that piece's cuts (its halo slits the neighbour's colour).
- `halos_over_bleed`: a cut tick's white halo over a piece's bleed (it blanks a square of the
  colour that a cut a little off shows).
- `stray_ticks`: a cut tick on no piece's cut line, or further than a tick's length from the
  piece it continues (a piece cut round its own outline has a cut only on the sides of its box
  its drawing reaches, pnp.impose.cut_sides).

Five more read the kit as a whole: `misfits`, a piece that does not fit the spaces it is put
on (at least FIT_CLEARANCE_MM smaller both ways, as printed: half a millimetre a side), `crossed_seams`, a board's
seam running through one of its play spaces or words, `missing_pieces`, a copy of a
piece of the kit printed on no page, and `sparse_pages`, a page of pieces whose pieces, with
their bleed, take under PAGE_USE of the paper (a sheet of card nearly empty), on every kit,
and `crowded_rings`, a number or word on a ringed badge (a token's, a tile's) whose box comes
within RING_CLEAR_MM of the ring's inner edge, on every face of every piece, and `rimmed_backs`,
a back framed by a band under BACK_RIM_MM wide along its four sides (a duplex drift shows it
unevenly).

`check_imposition` runs them all and returns plain-words problems, empty when the kit is good.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from pnp.colors import Paint, distinct, luminance
from pnp.fonts import cap_height, descent
from pnp.icons import icon_group
from pnp.impose import (
    BLEED_CLEARANCE_MM,
    BLEED_OUTSIDE_MM,
    CIRCLE_GUTTER_MM,
    CIRCLE_PAPER_MM,
    CLEAR_TICK_MM,
    COLOUR_PAPER_MM,
    DOUBLED_MARK_MM,
    EDGE_KEEP_MM,
    FOOTER_BAND_MM,
    HALO_STYLE,
    IDENTITY,
    KEPT_BLEED_MM,
    LASER_BORDER_MM,
    MARK_GAP_MM,
    MARK_LENGTH_MM,
    MARK_STYLE,
    OUTER_TICK_MM,
    PAGE_USE,
    TICK_EDGE_MM,
    TOLERANCE_MM,
    Affine,
    Box,
    Imposition,
    Placed,
    Rect4,
    Sheet,
    a_gutter,
    apply,
    clear_outer_tick,
    compose,
    cut_sides,
    in_bleed,
    tick_room_margin,
    translation,
)
from pnp.model import Circle, Component, Group, Icon, Line, Path, Polygon, Rect, Shape, Style, Text
from pnp.options import PAGE_MARGIN_MM
from pnp.parts import PUNCH_GAP_MM
from pnp.text import font_of, layout_lines

# A page's block of pieces has margins this close on either side (top and bottom where it is
# neither packed from the top nor moved down for its top row's ticks): a grid off-centre on the sheet reads as a misprint, and a cut guided by
# the paper edge on one side is not on the other.
OFF_CENTRE_MM = 1.0
EDGE_MM = 5.0  # text and cut lines; cut ticks may run on to TICK_EDGE_MM
MIN_TEXT_PT = 6.5
# A sentence is read, not glanced at: rules summaries, aids, notes and every hint of three
# words or more are set at 8 pt at least (8.5 pt is the kits' body size, pnp.text.BODY_MM) so
# they read at arm's length, wrapped or on one line.
BODY_TEXT_PT = 8.0
# A label of this many words or fewer (a number, "front", "die +1", a tile's ID) is glanced at
# and found by its place: it keeps MIN_TEXT_PT (the kits set labels at 2.3 mm, 6.5 pt, to fit
# the spaces they name). A hint of more words ("a veggie scores the highest number") is a
# sentence, whether it wraps or not.
LABEL_WORDS = 2
LARGE_TEXT_PT = 14.0
# Pieces of different colours are this far apart at least: each keeps half of it as its own
# bleed, so a cut up to 3 mm off still shows no sliver of the neighbour's colour.
COLOUR_GUTTER_MM = 6.0
# Every piece's trim line is this far from the paper edge at least: past a laser's 4.2 mm
# unprinted border it keeps 1.8 mm of its bleed.
PIECE_MARGIN_MM = 6.0
# A piece is this much smaller than the space it sits on, both ways: half a millimetre a side,
# so a home cut half a millimetre large all round still lies inside its space and beside its
# neighbours (a quarter of a millimetre a side left Cottage Garden's cats standing on each other).
FIT_CLEARANCE_MM = 1.0
# A piece held whole in a tray (`also_on`: a Cottage Garden tile waiting in the nursery) has
# 1.5 mm a side: a tile of five squares cut a millimetre large still drops in (0.5 mm a side did not).
WHOLE_CLEARANCE_MM = 3.0
# A piece's words stay this far inside its trim line: a cut this far off slices no letter.
SAFE_MM = 1.5
# A number or word inside a ring keeps this far from the ring's inner edge (pnp.checks.crowded_rings).
RING_CLEAR_MM = 0.5
MARK_MAX_MM = 0.15  # a crop mark's stroke, at most: thin, as printers' crop marks are
# A piece's own dark line along its trim is at most this wide (a thin line in the piece's own
# tone may mark the cut; a heavy one shows as a dark edge when the cut is off by a hair).
TRIM_LINE_MAX_MM = 0.2
DARK_LUMINANCE = 0.2
EPS_MM = 0.05  # drawing closer than this past a trim line is on it
PT_MM = 25.4 / 72


@dataclass(frozen=True)
class Problem:
    page: int
    check: str
    detail: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.detail}"


@dataclass(frozen=True)
class TextLine:
    text: str
    box: Box
    size_pt: float
    fill: str
    owner: int           # the placement's index on its sheet, -1 for the sheet's own marks
    picture: int | None  # the icon it belongs to, if any
    order: int           # when it is painted
    kept: Box | None = None  # the part inside its piece's trim box (None: it lies all in the bleed)
    thumbnail: bool = False  # words of a small picture of a piece (checked on the piece itself)
    words: int = 1           # how many words (runs holding a letter or digit) the whole text has
    whole: Box | None = None  # the line's box before the bleed clips it (None: the page's own marks)


@dataclass(frozen=True)
class Drawn:
    box: Box
    owner: int
    picture: int | None
    order: int
    shape: Shape
    style: Style
    matrix: Affine       # the shape's own coordinates -> page

    @property
    def fill(self) -> str | None:
        return None if isinstance(self.shape, Line) else self.style.fill

    @cached_property
    def rings(self) -> list[list[tuple[float, float]]]:
        """The outline in the shape's own coordinates, flattened once: a sheet's checks ask
        thousands of points of the same shape."""
        return _rings(self.shape)

    @cached_property
    def ring_boxes(self) -> list[tuple[list[tuple[float, float]], Box]]:
        return [(ring, _bounds_of(ring)) for ring in self.rings]

    @cached_property
    def to_own(self) -> Affine:
        return _inverse(self.matrix)

    def contains(self, x: float, y: float) -> bool:
        """Does the shape's filled area hold the page point?"""
        if not (self.box[0] <= x <= self.box[2] and self.box[1] <= y <= self.box[3]):
            return False
        own_x, own_y = apply(self.to_own, x, y)
        # Only the rings level with the point and reaching right of it can cross its ray.
        rings = [ring for ring, (_, low, right, high) in self.ring_boxes if low <= own_y <= high and own_x <= right]
        return _contains(self.shape, own_x, own_y, rings=rings)

    def covers(self, box: Box) -> bool:
        return self.fill is not None and all(self.contains(x, y) for x in (box[0], box[2]) for y in (box[1], box[3]))

    def crosses(self, box: Box) -> bool:
        """Does the shape's outline pass through the box (shrunk by the tolerance)?"""
        if not _overlap(box, self.box):
            return False
        if isinstance(self.shape, Circle):
            return _circle_crosses(self.shape, self.matrix, box)
        return any(_crosses_segment(box, apply(self.matrix, *start), apply(self.matrix, *end))
                   for ring in self.rings for start, end in zip(ring, ring[1:]))


def _circle_crosses(circle: Circle, matrix: Affine, box: Box) -> bool:
    """Is the circle's edge partly inside the box (shrunk by the tolerance)?"""
    cx, cy = apply(matrix, circle.cx, circle.cy)
    r = circle.r * _scale(matrix)
    x0, y0 = box[0] + TOLERANCE_MM, box[1] + TOLERANCE_MM
    x1, y1 = box[2] - TOLERANCE_MM, box[3] - TOLERANCE_MM
    nearest = math.hypot(min(max(cx, x0), x1) - cx, min(max(cy, y0), y1) - cy)
    farthest = max(math.hypot(x - cx, y - cy) for x in (x0, x1) for y in (y0, y1))
    return nearest < r < farthest


@dataclass
class Flat:
    """What one sheet prints, in paint order."""

    sheet: Sheet
    texts: list[TextLine] = field(default_factory=list)
    shapes: list[Drawn] = field(default_factory=list)
    paint: Paint = field(default_factory=Paint)
    unclipped: list[int] = field(default_factory=list)  # pictures of pieces not clipped to their piece


# --- geometry ------------------------------------------------------------------------------

def _group_matrix(group: Group) -> Affine:
    matrix = translation(*group.translate)
    if group.rotate:
        angle = math.radians(group.rotate)
        c, s = math.cos(angle), math.sin(angle)
        matrix = compose(matrix, (c, s, -s, c, 0.0, 0.0))
    if group.scale != 1.0:
        matrix = compose(matrix, (group.scale, 0.0, 0.0, group.scale, 0.0, 0.0))
    return matrix


def _inverse(m: Affine) -> Affine:
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _scale(m: Affine) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _box(matrix: Affine, points: list[tuple[float, float]], pad: float = 0.0) -> Box:
    page = [apply(matrix, x, y) for x, y in points]
    xs, ys = [p[0] for p in page], [p[1] for p in page]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


# The cubic Bernstein weights at t = 1/8 ... 8/8: every curve is followed through these eight points.
_CURVE_WEIGHTS = tuple(((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3)
                       for t in (step / 8 for step in range(1, 9)))


def _curve(start: tuple[float, float], command: tuple) -> list[tuple[float, float]]:
    """A cubic curve from `start` followed through eight points (the start left out)."""
    (x0, y0), (x1, y1, x2, y2, x3, y3) = start, command[1:7]
    return [(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3) for a, b, c, d in _CURVE_WEIGHTS]


def _subpaths(path: Path) -> list[list[tuple[float, float]]]:
    """Each subpath of the path as its own polyline: every 'M' starts a new one, so two
    strokes are never joined by a line the renderer does not draw. A closed ('Z') subpath
    ends where it began."""
    runs: list[list[tuple[float, float]]] = []
    for command in path.commands:
        if command[0] == "M":
            runs.append([(command[1], command[2])])
        elif not runs:
            continue
        elif command[0] == "L":
            runs[-1].append((command[1], command[2]))
        elif command[0] == "C":
            runs[-1] += _curve(runs[-1][-1], command)
        elif command[0] == "Z":
            runs[-1].append(runs[-1][0])
    return runs


def _rings(shape: Shape) -> list[list[tuple[float, float]]]:
    """The shape's outline in its own coordinates, as polylines (a circle gives the corners
    of its square; a polygon or rectangle one closed ring; a path one run per subpath)."""
    if isinstance(shape, Path):
        return _subpaths(shape)
    if isinstance(shape, Line):
        return [[(shape.x1, shape.y1), (shape.x2, shape.y2)]]
    if isinstance(shape, Rect):
        corners = [(shape.x, shape.y), (shape.x + shape.w, shape.y), (shape.x + shape.w, shape.y + shape.h),
                   (shape.x, shape.y + shape.h)]
    elif isinstance(shape, Circle):
        corners = [(shape.cx + dx * shape.r, shape.cy + dy * shape.r) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    elif isinstance(shape, Polygon):
        corners = list(shape.points)
    else:
        raise TypeError(f"not a drawn shape: {shape!r}")
    return [corners + corners[:1]]


def _outline_points(shape: Shape) -> list[tuple[float, float]]:
    """Every point of the shape's outline, for its box."""
    return [point for ring in _rings(shape) for point in ring]


def _bounds_of(points: list[tuple[float, float]]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _contains(shape: Shape, x: float, y: float, rings: list[list[tuple[float, float]]] | None = None) -> bool:
    """Does the filled area of `shape` (own coordinates) hold the point? A path fills each
    subpath closed on its own (even-odd across them), as a renderer fills it. `rings`: the
    shape's outline when the caller has it flattened already."""
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Circle):
        return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2
    if isinstance(shape, (Polygon, Path)):
        inside = False
        for ring in _rings(shape) if rings is None else rings:
            for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    inside = not inside
        return inside
    return False


def _overlap(a: Box, b: Box) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > TOLERANCE_MM
            and min(a[3], b[3]) - max(a[1], b[1]) > TOLERANCE_MM)


def _crosses_segment(box: Box, start: tuple[float, float], end: tuple[float, float]) -> bool:
    """Does the segment pass through the box shrunk by the tolerance (Liang-Barsky clip)?"""
    x0, y0, x1, y1 = box[0] + TOLERANCE_MM, box[1] + TOLERANCE_MM, box[2] - TOLERANCE_MM, box[3] - TOLERANCE_MM
    if x0 >= x1 or y0 >= y1:
        return False
    dx, dy = end[0] - start[0], end[1] - start[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, start[0] - x0), (dx, x1 - start[0]), (-dy, start[1] - y0), (dy, y1 - start[1])):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            low = max(low, q / p)
        else:
            high = min(high, q / p)
    return low <= high


def _inside(inner: Box, outer: Box) -> bool:
    return (inner[0] >= outer[0] - TOLERANCE_MM and inner[1] >= outer[1] - TOLERANCE_MM
            and inner[2] <= outer[2] + TOLERANCE_MM and inner[3] <= outer[3] + TOLERANCE_MM)


def _intersection(a: Box, b: Box) -> Box | None:
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def _rect_box(rect: Rect4) -> Box:
    x, y, w, h = rect
    return (x, y, x + w, y + h)


# --- flattening ----------------------------------------------------------------------------

DESCENDERS = frozenset("gjpqyQ,;()[]{}|_@$")


def _visible(style: Style) -> bool:
    return style.fill is not None or (style.stroke is not None and style.stroke_width > 0)


class _Flattener:
    """Walks one sheet's trees; a piece's text is clipped to the piece's bleed, as printed."""

    def __init__(self, flat: Flat):
        self.flat = flat
        self.pictures = 0
        self.painted = 0
        self.printed: Box | None = None   # the current piece's bleed box
        self.trimmed: Box | None = None   # and its trim box
        self.thumbnail = False
        self.words_only = False           # text alone is asked for: shapes are not measured
        self.clip: Box | None = None      # what the groups being walked let show, on the page

    def walk(self, shape: Shape, matrix: Affine, owner: int, picture: int | None) -> None:
        if isinstance(shape, Group):
            inner = compose(matrix, _group_matrix(shape))
            outer_clip = self.clip
            if shape.clip is not None:
                x, y, w, h = shape.clip
                clip: Box | None = _box(inner, [(x, y), (x + w, y), (x, y + h), (x + w, y + h)])
                self.clip = clip if outer_clip is None or clip is None else _intersection(clip, outer_clip)
                if self.clip is None:  # clipped away whole
                    self.clip = outer_clip
                    return
            if shape.picture and not self.thumbnail:
                self.pictures += 1
                if shape.clip is None:
                    self.flat.unclipped.append(self.pictures)
                self.thumbnail, picture = True, self.pictures
                for child in shape.children:
                    self.walk(child, inner, owner, picture)
                self.thumbnail = False
            else:
                for child in shape.children:
                    self.walk(child, inner, owner, picture)
            self.clip = outer_clip
        elif isinstance(shape, Text):
            self.text(shape, matrix, owner, picture)
        elif isinstance(shape, Icon):
            self.icon(shape, matrix, owner, picture)
        elif not self.words_only and _visible(shape.style):
            pad = shape.style.stroke_width / 2 if shape.style.stroke else 0.0
            box = self._clipped(_box(matrix, _outline_points(shape), pad))
            if box is None:
                return
            self.painted += 1
            self.flat.shapes.append(Drawn(box, owner, picture, self.painted, shape, shape.style, matrix))

    def _clipped(self, box: Box) -> Box | None:
        """What of a box the current clip lets show (None: nothing)."""
        return box if self.clip is None else _intersection(box, self.clip)

    def text(self, text: Text, matrix: Affine, owner: int, picture: int | None) -> None:
        size_pt = text.size * _scale(matrix) / PT_MM
        for line in layout_lines(text):
            if not line.text.strip():
                continue
            # the box runs from the capitals' top to the descenders, or the baseline without any
            below = descent(font_of(text)) if DESCENDERS.intersection(line.text) else 0.02
            top, bottom = line.baseline - cap_height(font_of(text)) * text.size, line.baseline + below * text.size
            shown = self._clipped(_box(matrix, [(line.left, top), (line.left + line.width, bottom),
                                                (line.left, bottom), (line.left + line.width, top)]))
            if shown is None:
                continue
            box = shown
            kept: Box | None = box
            whole = box if self.printed is not None else None
            if self.printed is not None and self.trimmed is not None:
                printed = _intersection(box, self.printed)
                if printed is None:
                    continue  # all of it is clipped away with the bleed
                box, kept = printed, _intersection(box, self.trimmed)
            self.painted += 1
            self.flat.texts.append(TextLine(line.text, box, size_pt, text.fill, owner, picture, self.painted, kept,
                                            self.thumbnail, _word_count(text.text), whole))

    def icon(self, icon: Icon, matrix: Affine, owner: int, picture: int | None) -> None:
        """An icon is one picture: its parts are drawn (for what text sits on) but never
        tested against each other."""
        self.pictures += 1
        corner = translation(icon.cx - icon.size / 2, icon.cy - icon.size / 2)
        self.walk(icon_group(icon.name, icon.size, icon.color), compose(matrix, corner), owner,
                  picture if picture is not None else self.pictures)


def flatten(sheet: Sheet) -> Flat:
    flat = Flat(sheet)
    walker = _Flattener(flat)
    for index, placed in enumerate(sheet.placements):
        walker.printed, walker.trimmed = _rect_box(placed.bleed_rect), _rect_box(placed.rect)
        walker.walk(placed.face.shapes, placed.matrix, index, None)
    walker.printed = walker.trimmed = None
    walker.walk(sheet.overlay, IDENTITY, -1, None)
    return flat


def bounds(shape: Shape) -> Box | None:
    """The box everything drawn by a shape tree covers, in its own coordinates (None: nothing)."""
    flat = Flat(Sheet(0, 0.0, 0.0, "front", []))
    _Flattener(flat).walk(shape, IDENTITY, 0, None)
    boxes = [item.box for item in flat.shapes] + [text.box for text in flat.texts]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def words(shape: Shape) -> list[tuple[str, Box]]:
    """Every line of text a shape tree prints, with its box, in the tree's own coordinates
    (a board's thousands of pebbles and flagstones are not measured for it)."""
    flat = Flat(Sheet(0, 0.0, 0.0, "front", []))
    walker = _Flattener(flat)
    walker.words_only = True
    walker.walk(shape, IDENTITY, 0, None)
    return [(text.text, text.box) for text in flat.texts]


# --- the checks ----------------------------------------------------------------------------

def _quote(text: str) -> str:
    return repr(text if len(text) <= 30 else text[:29] + "…")


def _who(flat: Flat, owner: int) -> str:
    return "the page's own text" if owner < 0 else flat.sheet.placements[owner].component.name


def _plate(flat: Flat, text: TextLine) -> int:
    """When the last fill painted before the text that wholly holds it was painted (0 if
    none): whatever was painted before that plate is hidden under it."""
    plates = [shape.order for shape in flat.shapes
              if shape.order < text.order and _inside(text.box, shape.box) and shape.covers(text.box)]
    return max(plates, default=0)


def overlapping_text(flat: Flat) -> Iterator[Problem]:
    """Text crossing text, another piece, or the outline of a shape of its own piece that is
    not hidden under a plate the text sits on. (Text on a plate painted over a piece, such
    as a board's joining instruction, is on the plate, not on the piece.)"""
    page = flat.sheet.number
    texts = flat.texts
    last: dict[int, int] = {}
    for owner, order in [(shape.owner, shape.order) for shape in flat.shapes] + \
            [(text.owner, text.order) for text in flat.texts]:
        last[owner] = max(last.get(owner, 0), order)
    last = {index: last.get(index, 0) + 1 for index in range(len(flat.sheet.placements))}
    for i, text in enumerate(texts):
        for other in texts[i + 1:]:
            if text.picture is not None and text.picture == other.picture:
                continue
            if _overlap(text.box, other.box):
                yield Problem(page, "overlap", f"text {_quote(text.text)} ({_who(flat, text.owner)}) overlaps "
                                               f"text {_quote(other.text)} ({_who(flat, other.owner)})")
        plate = _plate(flat, text)
        for index, placed in enumerate(flat.sheet.placements):
            if index != text.owner and _overlap(text.box, _rect_box(placed.rect)) and plate < last[index]:
                yield Problem(page, "overlap", f"text {_quote(text.text)} ({_who(flat, text.owner)}) "
                                               f"overlaps the piece {placed.component.name}")
        for shape in flat.shapes:
            if shape.owner != text.owner or shape.order <= plate or \
                    (text.picture is not None and text.picture == shape.picture):
                continue
            if shape.crosses(text.box):
                yield Problem(page, "overlap", f"text {_quote(text.text)} ({_who(flat, text.owner)}) is "
                                               f"crossed by the edge of a {type(shape.shape).__name__.lower()} "
                                               f"at {_where(shape.box)}")
                break


def near_edge(flat: Flat) -> Iterator[Problem]:
    sheet = flat.sheet
    if sheet.trim_box is not None:  # print on demand: the shop trims, its crop marks sit outside
        return
    safe = (EDGE_MM, EDGE_MM, sheet.width_mm - EDGE_MM, sheet.height_mm - EDGE_MM)
    for placed in sheet.placements:
        if not _inside(_rect_box(placed.rect), safe):
            yield Problem(sheet.number, "edge", f"the cut line of {placed.component.name} lies within "
                                                f"{EDGE_MM:g} mm of the paper edge")
    for text in flat.texts:
        if text.kept is not None and not _inside(text.kept, safe):
            yield Problem(sheet.number, "edge", f"text {_quote(text.text)} ({_who(flat, text.owner)}) lies "
                                                f"within {EDGE_MM:g} mm of the paper edge")
    # a mark's box spreads half its stroke past the end of its line
    edge = TICK_EDGE_MM - MARK_STYLE.stroke_width / 2
    marks = (edge, edge, sheet.width_mm - edge, sheet.height_mm - edge)
    for shape in flat.shapes:
        if shape.owner < 0 and _inked(shape.style) and not _inside(shape.box, marks):
            yield Problem(sheet.number, "edge", f"a cut mark at {_where(shape.box)} lies within "
                                                f"{TICK_EDGE_MM:g} mm of the paper edge")


def _inked(style: Style) -> bool:
    """Does the shape put ink on paper? (A white halo under a mark does not.)"""
    return any(color is not None and color.upper() != "#FFFFFF" for color in (style.fill, style.stroke))


def _where(box: Box) -> str:
    return f"({box[0]:.1f}, {box[1]:.1f}) mm"


def _read(flat: Flat) -> list[TextLine]:
    """The text meant to be read: not the words of a small picture of a piece."""
    return [text for text in flat.texts if not text.thumbnail]


def text_past_trim(flat: Flat) -> Iterator[Problem]:
    """A piece's words reach closer than SAFE_MM to its trim line, or past it: cut a little
    off, a letter is sliced (a "+ 10" that reads "+ 1"). A board printed in portions is
    judged by the seams check instead: its words run on across its portions."""
    for text in _read(flat):
        if text.owner < 0 or text.whole is None:
            continue
        placed = flat.sheet.placements[text.owner]
        trim, whole = _rect_box(placed.rect), text.whole
        if placed.tile is not None:
            yield from _past_portion(flat, text, placed, trim)
            continue
        inside = _inset(whole, trim)
        if inside < SAFE_MM - TOLERANCE_MM:
            where = f"runs {-inside:.1f} mm past" if inside < 0 else f"comes {inside:.1f} mm from"
            yield Problem(flat.sheet.number, "trim", f"text {_quote(text.text)} ({placed.component.name}) {where} "
                                                     f"its cut line, under the {SAFE_MM:g} mm kept clear inside it")


def _inset(box: Box, trim: Box) -> float:
    """How far the box keeps inside the trim box on its nearest side (negative: past it)."""
    return min(box[0] - trim[0], box[1] - trim[1], trim[2] - box[2], trim[3] - box[3])


def _past_portion(flat: Flat, text: TextLine, placed: Placed, trim: Box) -> Iterator[Problem]:
    """A portion of a tiled board prints its neighbours' words as far as its bleed: none may
    show there, outside its cut line (a sliver of the next portion's label, cut off with the
    offcut, reads as a stray mark on the edge), at any bleed."""
    x0, y0, x1, y1 = text.box  # the part the bleed keeps
    outside = max(trim[0] - x0, trim[1] - y0, x1 - trim[2], y1 - trim[3])
    if outside > EPS_MM:
        yield Problem(flat.sheet.number, "trim", f"text {_quote(text.text)} ({placed.component.name}) prints "
                                                 f"{outside:.1f} mm outside its cut line, in the bleed")


def small_text(flat: Flat) -> Iterator[Problem]:
    for text in _read(flat):
        if text.size_pt < MIN_TEXT_PT - 0.01:
            yield Problem(flat.sheet.number, "size", f"text {_quote(text.text)} ({_who(flat, text.owner)}) "
                                                     f"is {text.size_pt:.2f} pt, under {MIN_TEXT_PT:g} pt")


def _word_count(text: str) -> int:
    """Words a reader reads: "Round 10 + bonus" is three, "let ×" one."""
    return sum(1 for run in text.split() if any(char.isalnum() for char in run))


def _is_footer(flat: Flat, text: TextLine) -> bool:
    """Is the line the page's footer ("page 3 of 9", "back of page 2")? It names the sheet for
    the person printing and is not read at play."""
    band = flat.sheet.footer
    return text.owner < 0 and band is not None and _inside(text.box, _rect_box(band))


def small_body_text(flat: Flat) -> Iterator[Problem]:
    """A sentence of more than LABEL_WORDS words under BODY_TEXT_PT, a piece's or the page's
    own (page 1's captions under its picture), reported once per kind of piece and size (a
    sheet of forty tiles with one small hint, or a summary of twenty small paragraphs, is one
    problem, not forty). The footer keeps the MIN_TEXT_PT floor."""
    reported: set[tuple[str, float]] = set()
    for text in _read(flat):
        if text.words <= LABEL_WORDS or text.size_pt >= BODY_TEXT_PT - 0.01 or _is_footer(flat, text):
            continue
        key = (_who(flat, text.owner), round(text.size_pt, 2))
        if key in reported:
            continue
        reported.add(key)
        yield Problem(flat.sheet.number, "body", f"text {_quote(text.text)} ({_who(flat, text.owner)}) is "
                                                 f"{text.size_pt:.2f} pt: a sentence to read at the table is "
                                                 f"set at {BODY_TEXT_PT:g} pt at least")


def contrast(foreground: str, background: str) -> float:
    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _ground(flat: Flat, text: TextLine, x: float, y: float) -> str:
    """The colour under a point of a line of text, as the build paints it: the last fill
    painted there before it, else the piece's background, else the paper."""
    paint = flat.paint
    ground = "#FFFFFF"
    for placed in flat.sheet.placements:
        if _inside((x, y, x, y), _rect_box(placed.bleed_rect)):
            ground = paint.background(placed.face.background)
    bleeds = [_rect_box(placed.bleed_rect) for placed in flat.sheet.placements]
    for shape in flat.shapes:
        if shape.order >= text.order or shape.fill is None or not shape.contains(x, y):
            continue
        if shape.owner >= 0 and not _inside((x, y, x, y), bleeds[shape.owner]):  # the build clips art there
            continue
        fill = paint.style(shape.style).fill
        if fill is not None:
            ground = fill
    return ground


def _under(text: TextLine) -> list[tuple[float, float]]:
    """Where a line's ground is read: its middle and, a tenth of the way in from each end,
    near its top and its baseline (a number spilling off its light badge is read at its end)."""
    x0, y0, x1, y1 = text.box
    dx, dy = (x1 - x0) / 10, (y1 - y0) / 5
    return [((x0 + x1) / 2, (y0 + y1) / 2)] + [(x, y) for x in (x0 + dx, x1 - dx) for y in (y0 + dy, y1 - dy)]


def _needed_contrast(text: TextLine) -> float:
    """WCAG's 3:1 for large text rests on letters' strokes growing with their size; a mark with
    no letter or digit in it ("!", "?") is a thin bar and a dot at any size, so it gets 4.5:1."""
    is_word = any(char.isalnum() for char in text.text)
    return 3.0 if is_word and text.size_pt >= LARGE_TEXT_PT else 4.5


def low_contrast(flat: Flat) -> Iterator[Problem]:
    for text in _read(flat):
        ink = flat.paint.text(text.fill)
        needed = _needed_contrast(text)
        ratio, ground = min((contrast(ink, ground), ground)
                            for ground in (_ground(flat, text, x, y) for x, y in _under(text)))
        if ratio < needed - 0.005:
            yield Problem(flat.sheet.number, "contrast",
                          f"text {_quote(text.text)} ({_who(flat, text.owner)}) in {ink} on {ground} "
                          f"has contrast {ratio:.1f}:1, under {needed:g}:1")


def _coloured_bleed(placed: Placed, drawn: dict[int, Box | None]) -> bool:
    """Is there colour past the piece's trim line: a coloured background, or art running on
    into the bleed (a flower tile's squares on white)? `drawn` keeps each face's bounds
    while a page is checked (a face is shared by many pieces)."""
    if placed.face.background.upper() != "#FFFFFF":
        return True
    face = placed.face
    if id(face) not in drawn:
        drawn[id(face)] = bounds(face.shapes)
    box = drawn[id(face)]
    width, height = placed.component.width_mm, placed.component.height_mm
    return box is not None and (box[0] < -EPS_MM or box[1] < -EPS_MM or box[2] > width + EPS_MM
                                or box[3] > height + EPS_MM)


def lost_bleed(flat: Flat) -> Iterator[Problem]:
    sheet = flat.sheet
    if sheet.trim_box is not None:  # print on demand: the shop prints to the edge
        return
    drawn: dict[int, Box | None] = {}
    for placed in sheet.placements:
        if placed.component.outline == "circle" or not _coloured_bleed(placed, drawn):
            continue  # a round piece meets its box at four points only; white paper shows no miscut
        x, y, w, h = placed.rect
        room = (x, y, sheet.width_mm - x - w, sheet.height_mm - y - h)  # to the paper edge, per side
        kept = min(min(bleed, edge - LASER_BORDER_MM) - min(bleed, KEPT_BLEED_MM)
                   for bleed, edge in zip(placed.bleed, room))
        if kept < -0.01:
            yield Problem(sheet.number, "bleed", f"{placed.component.name} keeps under {KEPT_BLEED_MM:g} mm of "
                                                 f"its bleed past a laser printer's {LASER_BORDER_MM:g} mm "
                                                 f"unprinted border")


def _apart(a: Box, b: Box) -> float | None:
    """How far apart two trim boxes face each other across a gutter (0: edge to edge, on
    one cut); None when they do not face each other along a stretch."""
    along_x = min(a[2], b[2]) - max(a[0], b[0]) > TOLERANCE_MM
    along_y = min(a[3], b[3]) - max(a[1], b[1]) > TOLERANCE_MM
    if along_y and not along_x:
        return max(b[0] - a[2], a[0] - b[2])
    if along_x and not along_y:
        return max(b[1] - a[3], a[1] - b[3])
    return None


def _facing_pieces(flat: Flat, bleed: bool) -> Iterator[tuple[Placed, Placed, str, str, float | None]]:
    """Every two untiled pieces of a home-printed page, with their edge colours and how far
    apart their cut lines (or, with `bleed`, their printed bleeds) face each other."""
    sheet = flat.sheet
    if sheet.trim_box is not None:   # print on demand: the shop cuts, and prints to the edge
        return
    placed = [(p, _rect_box(p.bleed_rect if bleed else p.rect), flat.paint.background(p.face.edge_colour).upper())
              for p in sheet.placements if p.tile is None]
    for i, (first, box, colour) in enumerate(placed):
        for second, other, other_colour in placed[i + 1:]:
            yield first, second, colour, other_colour, _apart(box, other)


def shared_colour_cuts(flat: Flat) -> Iterator[Problem]:
    """Two pieces of different colours on one cut, or of distinct colours (pnp.colors.distinct)
    facing each other across a gutter under COLOUR_GUTTER_MM: cut a little off, one shows a
    sliver of the other's colour. Pieces of one colour may share their cuts."""
    for first, second, colour, other_colour, apart in _facing_pieces(flat, bleed=False):
        gutter = CIRCLE_GUTTER_MM if _on_circles(first, second) else COLOUR_GUTTER_MM
        if colour == other_colour or apart is None or apart >= gutter - EPS_MM or \
                (apart >= EPS_MM and not distinct(colour, other_colour)):
            continue
        where = "share a cut" if apart < EPS_MM else \
            f"lie {apart:.1f} mm apart, under the {gutter:g} mm gutter between colours"
        yield Problem(flat.sheet.number, "shared cut", f"{first.component.name} ({colour}) and "
                                                  f"{second.component.name} ({other_colour}) {where}")


def _on_circles(first: Placed, second: Placed) -> bool:
    """Are both pieces cut on their circle only (Component.cut_on_circle): no straight cut
    runs between them, and a punch is off by PUNCH_GAP_MM at most?"""
    return first.component.cut_on_circle and second.component.cut_on_circle


def touching_colours(flat: Flat) -> Iterator[Problem]:
    """Two pieces of distinct colours whose printed bleeds come closer than COLOUR_PAPER_MM:
    Propagation's rows of blue, red, green and yellow apple trees each kept 3 mm of bleed in a
    6 mm gutter, so the colours met and a cut 3 mm off showed a strip of the next colour.
    Bare paper between them shows a miscut as paper."""
    for first, second, colour, other_colour, apart in _facing_pieces(flat, bleed=True):
        paper = CIRCLE_PAPER_MM if _on_circles(first, second) else COLOUR_PAPER_MM
        if apart is None or apart >= paper - EPS_MM or not distinct(colour, other_colour):
            continue
        yield Problem(flat.sheet.number, "bleeds meet",
                      f"{first.component.name} ({colour}) and {second.component.name} ({other_colour}): their "
                      f"bleeds are {max(apart, 0.0):.1f} mm apart, under the {paper:g} mm of bare paper "
                      f"between colours")


def trim_margin(flat: Flat) -> Iterator[Problem]:
    """Every piece's trim line at least PIECE_MARGIN_MM from the paper edge."""
    sheet = flat.sheet
    if sheet.trim_box is not None:  # print on demand: the shop prints to the edge
        return
    for placed in sheet.placements:
        x, y, w, h = placed.rect
        closest = min(x, y, sheet.width_mm - x - w, sheet.height_mm - y - h)
        if closest < PIECE_MARGIN_MM - 0.01:
            yield Problem(sheet.number, "margin", f"{placed.component.name} is cut {closest:.1f} mm from the paper "
                                                  f"edge, under {PIECE_MARGIN_MM:g} mm")


def off_centre(flat: Flat) -> Iterator[Problem]:
    """A page of pieces (its front: a back mirrors it) has its block of pieces centred across
    the sheet, and up and down either centred or moved down just far enough for the top row's
    outer ticks to have their full room (pnp.impose.tick_room_margin), or packed from the top
    where the spare paper at the foot is too short for that move; a margin on the footer's side
    may be wider by the footer's band where the block runs up to it."""
    sheet = flat.sheet
    if sheet.trim_box is not None or sheet.side != "front" or not sheet.placements:
        return  # (print on demand: one face a page, centred by its slug)
    boxes = [_rect_box(placed.rect) for placed in sheet.placements]
    left, top = min(box[0] for box in boxes), min(box[1] for box in boxes)
    right, bottom = sheet.width_mm - max(box[2] for box in boxes), sheet.height_mm - max(box[3] for box in boxes)
    beside_band = PAGE_MARGIN_MM + EDGE_KEEP_MM + FOOTER_BAND_MM + BLEED_OUTSIDE_MM + EPS_MM
    # the bleed the build gave its pieces: the widest any piece has on a side
    room_at = tick_room_margin(max(side for placed in sheet.placements for side in placed.bleed))
    least_foot = beside_band - EPS_MM if sheet.band == "bottom" else PAGE_MARGIN_MM + EDGE_KEEP_MM
    packed_from_top = top <= PAGE_MARGIN_MM + 2 * EDGE_KEEP_MM + EPS_MM and bottom - least_foot < room_at - top - EPS_MM
    lowered = abs(top - room_at) <= EPS_MM
    for axis, (low, high), band_side, exempt in (("left and right", (left, right), "left", False),
                                                 ("top and bottom", (top, bottom), "bottom", packed_from_top or lowered)):
        pushed = sheet.band == band_side and max(low, high) == (low if band_side == "left" else high) \
            and max(low, high) <= beside_band
        if abs(low - high) >= OFF_CENTRE_MM and not (exempt or pushed):
            yield Problem(sheet.number, "centre", f"the pieces' {axis} margins are {low:.1f} and {high:.1f} mm: "
                                                  f"off-centre by {abs(low - high) / 2:.1f} mm")


def thick_marks(flat: Flat) -> Iterator[Problem]:
    """Every cut mark of a page of pieces (its own lines in the marks' black) at most
    MARK_MAX_MM wide; one problem per width found on a page."""
    sheet = flat.sheet
    if not sheet.placements:
        return  # page 1's rules and check boxes are no cut marks
    widths = sorted({shape.style.stroke_width for shape in flat.shapes if shape.owner < 0
                     and isinstance(shape.shape, Line) and shape.style.stroke == MARK_STYLE.stroke
                     and shape.style.stroke_width > MARK_MAX_MM + 1e-9})
    for width in widths:
        yield Problem(sheet.number, "mark", f"cut marks {width:g} mm wide, over the {MARK_MAX_MM:g} mm of "
                                            f"a thin crop mark")


def _along_trim(box: Box, trim: Box, near: float = 0.25) -> bool:
    """A drawn outline (a line's box, or a frame's) lying on the trim line: a line on one of
    the trim's sides, or a frame the trim's own size."""
    x1, y1, x2, y2 = box
    left, top, right, bottom = trim
    within_x, within_y = x1 > left - near and x2 < right + near, y1 > top - near and y2 < bottom + near
    on_side = (within_y and x2 - x1 < near and min(abs(x1 - left), abs(x2 - right)) < near) or \
        (within_x and y2 - y1 < near and min(abs(y1 - top), abs(y2 - bottom)) < near)
    framed = all(abs(a - b) < near for a, b in zip(box, trim))
    return on_side or framed


def dark_trim_lines(flat: Flat) -> Iterator[Problem]:
    """A piece's dark stroke over TRIM_LINE_MAX_MM wide along its own trim line; one problem a
    piece and page, with the count of such strokes."""
    sheet = flat.sheet
    found: Counter[int] = Counter()
    for drawn in flat.shapes:
        style = drawn.style
        if drawn.owner < 0 or style.stroke is None or luminance(style.stroke) >= DARK_LUMINANCE:
            continue
        width = style.stroke_width * _scale(drawn.matrix)
        if width > TRIM_LINE_MAX_MM + 1e-9 and \
                _along_trim(_box(drawn.matrix, _outline_points(drawn.shape)), _rect_box(sheet.placements[drawn.owner].rect)):
            found[drawn.owner] += 1
    for owner, count in sorted(found.items()):
        placed = sheet.placements[owner]
        yield Problem(sheet.number, "dark trim", f"{placed.component.name} (copy {placed.copy}) draws {count} dark "
                                                 f"line(s) over {TRIM_LINE_MAX_MM:g} mm wide on its cut line")


# What only a user of the project's files or command line can act on: "docs/", a file with its
# extension after a slash ("rules/x.md"), an option ("--duplex").
_TOOL_WORDS = re.compile(r"docs/|\w/[\w.-]+\.(?:md|py|json|csv|txt)\b|(?<![\w-])--[a-z]")


def tool_words(flat: Flat) -> Iterator[Problem]:
    """Every line of text on the page naming a file path or a command-line option."""
    for text in flat.texts:
        if _TOOL_WORDS.search(text.text):
            yield Problem(flat.sheet.number, "tool words", f"{_quote(text.text)} names a file or a command-line "
                                                          f"option a reader of the PDF does not have")


Segment = tuple[float, float, float, float]  # x1, y1, x2, y2 in page mm


def _ticks(flat: Flat) -> list[Segment]:
    """The sheet's cut ticks (and a tiled board's trim lines, drawn alike), as segments."""
    return [(shape.shape.x1, shape.shape.y1, shape.shape.x2, shape.shape.y2) for shape in flat.shapes
            if shape.owner < 0 and isinstance(shape.shape, Line) and shape.style == MARK_STYLE]


_SIDES = ("top", "bottom", "left", "right")


def _cut_ends(box: Box) -> Iterator[tuple[str, bool, float, float, int]]:
    """Each end of each of a trim box's four cut lines: its side, whether the line runs
    across (horizontal), the line's place, where it ends and which way it runs on from there."""
    x0, y0, x1, y1 = box
    for side, horizontal, at, low, high in (("top", True, y0, x0, x1), ("bottom", True, y1, x0, x1),
                                            ("left", False, x0, y0, y1), ("right", False, x1, y0, y1)):
        yield side, horizontal, at, low, -1
        yield side, horizontal, at, high, 1


def _runs_into(horizontal: bool, at: float, end: float, direction: int, box: Box) -> bool:
    """Does a cut line on `at`, run on from `end` in `direction`, meet the box (touching its
    edge counts: a neighbour on one cut carries the line on)?"""
    across0, across1, along0, along1 = (box[1], box[3], box[0], box[2]) if horizontal else (box[0], box[2],
                                                                                             box[1], box[3])
    if not across0 - EPS_MM < at < across1 + EPS_MM:
        return False
    return along1 > end + EPS_MM if direction > 0 else along0 < end - EPS_MM


def _ticked(ticks: list[Segment], horizontal: bool, at: float, end: float, direction: int) -> bool:
    """Is there a tick on the line, starting at its end (MARK_GAP_MM off it) and running on
    outwards at least OUTER_TICK_MM?"""
    for x1, y1, x2, y2 in ticks:
        on, low, high = (y1, min(x1, x2), max(x1, x2)) if horizontal and y1 == y2 else \
            (x1, min(y1, y2), max(y1, y2)) if not horizontal and x1 == x2 else (None, 0.0, 0.0)
        if on is None or abs(on - at) > EPS_MM or high - low < OUTER_TICK_MM - EPS_MM:
            continue
        near = low - end if direction > 0 else end - high
        if -EPS_MM <= near <= MARK_GAP_MM + EPS_MM:
            return True
    return False


def _clear_ticked(ticks: list[Segment], horizontal: bool, at: float, span: tuple[float, float]) -> bool:
    """Is there a tick on the line at least CLEAR_TICK_MM long within `span`, the stretch of
    margin from BLEED_CLEARANCE_MM past a piece's bleed to TICK_EDGE_MM from the paper edge?"""
    low, high = sorted(span)
    for x1, y1, x2, y2 in ticks:
        on, start, end = (y1, min(x1, x2), max(x1, x2)) if horizontal and y1 == y2 else \
            (x1, min(y1, y2), max(y1, y2)) if not horizontal and x1 == x2 else (None, 0.0, 0.0)
        if on is not None and abs(on - at) <= EPS_MM and end - start >= CLEAR_TICK_MM - EPS_MM \
                and low - EPS_MM <= start and end <= high + EPS_MM:
            return True
    return False


def _margin_free(horizontal: bool, at: float, end: float, direction: int, sheet: Sheet, index: int) -> bool:
    """Does the cut line on `at`, run on from `end` in `direction`, meet no piece on its way to
    the paper edge: no bleed of another piece but one its tick starts in (a neighbour on the
    same cut)? Touching a box counts, as it stops the tick (pnp.impose). (The footer only
    shortens the tick: pnp.impose.clear_outer_tick.)"""
    start = end + direction * MARK_GAP_MM
    point = (start, at) if horizontal else (at, start)
    boxes = [_rect_box(placed.bleed_rect) for number, placed in enumerate(sheet.placements) if number != index]
    return not any(_runs_into(horizontal, at, end, direction, box) for box in boxes if not _near(point, box, EPS_MM))


def unticked_cuts(flat: Flat) -> Iterator[Problem]:
    """Every cut line of a piece that runs on into the sheet's outer margin (no piece in its
    way; the footer there only shortens its tick) ends there in a tick at least OUTER_TICK_MM long: with a tick at one
    end only, a ruler or a trimmer has nothing to line up with. Where nothing but paper lies
    between the piece's bleed and the paper edge and the margin has room, the tick stands
    clear of the bleed, CLEAR_TICK_MM long at least (pnp.impose.clear_outer_tick). Words thrown
    away with the offcuts (`cut_out=False`) have no cut lines; a print-on-demand page has the
    shop's marks."""
    sheet = flat.sheet
    if sheet.trim_box is not None:
        return
    boxes = [_rect_box(placed.rect) for placed in sheet.placements]
    ticks = _ticks(flat)
    for index, placed in enumerate(sheet.placements):
        if not placed.component.cut_out:
            continue
        cut = dict(zip(("left", "top", "right", "bottom"),
                       cut_sides(placed.component, placed.face, placed.matrix, placed.rect)))
        for side, horizontal, at, end, direction in _cut_ends(boxes[index]):
            if not cut[side]:
                continue  # a piece cut round its outline, which does not reach this side of its box
            if any(_runs_into(horizontal, at, end, direction, box) for number, box in enumerate(boxes)
                   if number != index):
                continue  # the line runs on along a neighbour, or into a gutter
            way = ("left" if direction < 0 else "right") if horizontal else ("up" if direction < 0 else "down")
            footer = None if sheet.footer is None else _rect_box(sheet.footer)
            clear = clear_outer_tick(horizontal, at, direction, _rect_box(placed.bleed_rect), sheet.width_mm,
                                     sheet.height_mm, footer) if _margin_free(horizontal, at, end, direction, sheet, index) else None
            if clear is not None:
                if not _clear_ticked(ticks, horizontal, at, clear):
                    yield Problem(sheet.number, "tick", f"the {side} cut line of {placed.component.name} (copy "
                                                        f"{placed.copy}) runs {way} into a margin with room, and has "
                                                        f"no tick of {CLEAR_TICK_MM:g} mm there {BLEED_CLEARANCE_MM:g} mm "
                                                        f"clear of its bleed")
                continue
            if not _ticked(ticks, horizontal, at, end, direction):
                yield Problem(sheet.number, "tick", f"the {side} cut line of {placed.component.name} (copy "
                                                    f"{placed.copy}) runs {way} into the margin with no tick of "
                                                    f"{OUTER_TICK_MM:g} mm there")


def _cut_circle(placed: Placed) -> tuple[float, float, float]:
    """A round piece's cut circle on the page: centre and radius (its `footprint` in the
    middle of its box, else the circle its box holds)."""
    x, y, w, h = placed.rect
    across = min(placed.component.footprint or (w, h)) * placed.scale
    return x + w / 2, y + h / 2, across / 2


def crowded_punches(flat: Flat) -> Iterator[Problem]:
    """Two round pieces whose cut circles are under PUNCH_GAP_MM apart: a craft punch is
    aimed by eye, and one a little off the circle nicks the piece beside it (Garden Dice's
    discs lay edge to edge on their grid of shared cuts)."""
    rounds = [(placed, _cut_circle(placed)) for placed in flat.sheet.placements
              if placed.component.outline == "circle" and placed.tile is None]
    for i, (first, (x, y, r)) in enumerate(rounds):
        for second, (x2, y2, r2) in rounds[i + 1:]:
            apart = math.hypot(x2 - x, y2 - y) - r - r2
            if apart < PUNCH_GAP_MM - EPS_MM:
                yield Problem(flat.sheet.number, "punch",
                              f"{first.component.name} and {second.component.name}: their cut circles are "
                              f"{max(apart, 0.0):.1f} mm apart, under the {PUNCH_GAP_MM:g} mm a punch aimed by "
                              f"eye needs")


def unpunchable_rounds(flat: Flat) -> Iterator[Problem]:
    """A round piece, or a sheet of round chits, whose circle no stock craft punch cuts
    (pnp.parts.PUNCHES_MM): the guide names the punch by its size, and a size between two
    punches leaves scissors round every circle."""
    from pnp.parts import punch

    seen: set[str] = set()
    for placed in flat.sheet.placements:
        component = placed.component
        if (component.outline != "circle" and not component.round_chits) or component.name in seen:
            continue
        seen.add(component.name)
        across = min(component.footprint or (component.width_mm, component.height_mm))
        try:
            punch(across)
        except ValueError:
            yield Problem(flat.sheet.number, "punch size",
                          f"{component.name}: its {across:.2f} mm circles are no stock craft punch's size")


def _ticks_by_axis(flat: Flat) -> tuple[list[tuple[float, float, float]], list[tuple[float, float, float]]]:
    """The sheet's cut ticks as (where their cut line is, where they start and end along it):
    the vertical ones (cut lines at an x), then the horizontal ones (at a y)."""
    vertical, horizontal = [], []
    for x0, y0, x1, y1 in _ticks(flat):
        if x0 == x1:
            vertical.append((x0, min(y0, y1), max(y0, y1)))
        elif y0 == y1:
            horizontal.append((y0, min(x0, x1), max(x0, x1)))
    return vertical, horizontal


def doubled_marks(flat: Flat) -> Iterator[Problem]:
    """Two parallel cut ticks side by side (their lengths overlapping) under DOUBLED_MARK_MM
    apart and not on one line, unless they are a gutter's two cuts: a piece's edge on one and
    another's on the other, the two facing each other across the gutter between the lines.
    Blocks on one page laid on different grids doubled Garden Dice's marks 0.7-3 mm apart,
    and nothing told which one was whose."""
    for axis, low, high, apart, _ in _near_ticks(flat, lambda gap: gap <= EPS_MM):
        what = "x" if axis == 0 else "y"
        yield Problem(flat.sheet.number, "doubled mark",
                      f"cut ticks at {what} {low:.2f} and {high:.2f} mm lie {apart:.2f} mm apart, under "
                      f"{DOUBLED_MARK_MM:g} mm, and are not a gutter's two cuts")


def _near_ticks(flat: Flat, along: Callable[[float], bool]) -> Iterator[tuple[int, float, float, float, float]]:
    """Each pair of parallel cut ticks under DOUBLED_MARK_MM apart across, not on one line and
    not a gutter's two cuts, whose gap along them (under 0 where they overlap) `along` accepts,
    once: (axis, the lower line, the higher, how far apart across, the gap along)."""
    rects = [_rect_box(placed.rect) for placed in flat.sheet.placements if placed.tile is None]
    found: set[tuple[float, float]] = set()
    for axis, ticks in enumerate(_ticks_by_axis(flat)):   # axis 0: cut lines at an x, 1: at a y
        for i, (a_at, a_low, a_high) in enumerate(ticks):
            for b_at, b_low, b_high in ticks[i + 1:]:
                apart = abs(a_at - b_at)
                gap = max(a_low, b_low) - min(a_high, b_high)
                if not EPS_MM <= apart < DOUBLED_MARK_MM or not along(gap):
                    continue
                low, high = sorted((a_at, b_at))
                span = (min(max(a_low, b_low), min(a_high, b_high)), max(max(a_low, b_low), min(a_high, b_high)))
                if (low, high) in found or a_gutter(rects, axis, low, high, span):
                    continue
                found.add((low, high))
                yield axis, low, high, apart, gap


def unclipped_pictures(flat: Flat) -> Iterator[Problem]:
    """A small picture of a piece (page 1's) not clipped to its piece: art a piece runs past its
    trim line, into its bleed and beyond (Garden Variety's folded card backs' trellis), spilled
    round the picture as long hatched strips."""
    for picture in flat.unclipped:
        yield Problem(flat.sheet.number, "picture", f"picture {picture} of a piece is not clipped to its piece: what "
                                                    f"the piece draws past its cut line shows round it")


# A cut tick and a piece's own straight line closer than this, side by side, read as one cut
# line drawn twice: a ruler laid on one of them may be on the other.
MARK_BESIDE_MM = 2.0


def _straight(drawn: Drawn) -> Segment | None:
    """A piece's drawn straight line across or down the page, as a segment in page mm (x1 <=
    x2, y1 <= y2); None for any other shape."""
    if not isinstance(drawn.shape, Line) or drawn.owner < 0:
        return None
    x1, y1 = apply(drawn.matrix, drawn.shape.x1, drawn.shape.y1)
    x2, y2 = apply(drawn.matrix, drawn.shape.x2, drawn.shape.y2)
    if abs(x1 - x2) > EPS_MM and abs(y1 - y2) > EPS_MM:
        return None
    return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


def marks_on_lines(flat: Flat) -> Iterator[Problem]:
    """Every cut tick against every straight line a piece prints (the lines of a sheet of chits
    run on into its bleed, where the ticks of the pieces round it run too): a tick crossing
    such a line, or running beside it closer than MARK_BESIDE_MM (Cottage Garden's beehive
    ticks 0.9 mm from the cat sheet's lines), is aimed at the wrong cut. A tick lying on the
    line continues it and is fine. One problem a tick and piece."""
    lines = [(segment, drawn.owner) for drawn in flat.shapes if (segment := _straight(drawn)) is not None]
    sheet = flat.sheet
    for x1, y1, x2, y2 in _ticks(flat):
        horizontal = abs(y1 - y2) <= EPS_MM
        tick = (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))
        hit: set[int] = set()
        for (lx1, ly1, lx2, ly2), owner in lines:
            if owner in hit:
                continue
            flat_line = abs(ly1 - ly2) <= EPS_MM
            if flat_line == horizontal:
                at, other = (tick[1], ly1) if horizontal else (tick[0], lx1)
                low, high = (max(tick[0], lx1), min(tick[2], lx2)) if horizontal else (max(tick[1], ly1),
                                                                                      min(tick[3], ly2))
                wrong = EPS_MM < abs(at - other) < MARK_BESIDE_MM and high - low > EPS_MM
            elif horizontal:  # one across the other: each passes between the other's ends
                wrong = tick[0] + EPS_MM < lx1 < tick[2] - EPS_MM and ly1 + EPS_MM < tick[1] < ly2 - EPS_MM
            else:
                wrong = lx1 + EPS_MM < tick[0] < lx2 - EPS_MM and tick[1] + EPS_MM < ly1 < tick[3] - EPS_MM
            if wrong:
                hit.add(owner)
                placed = sheet.placements[owner]
                yield Problem(sheet.number, "tick on a line", f"the cut tick at ({x1:.1f}, {y1:.1f}) mm crosses or "
                                                               f"runs beside a line of {placed.component.name} "
                                                               f"(copy {placed.copy})")


# The pieces read at the table, in the hand or at a player's place (cards, aids, sheets, score
# pads, markers, stickers), as against those found by their place (a tile's ID, a board's
# label): every word on them is set at TABLE_WORD_PT at least and at 4.5:1 whatever its size.
TABLE_WORD_PT = 7.0
TABLE_KINDS = frozenset({"card", "aid", "sheet", "pad", "marker", "sticker", "die"})


def small_table_words(flat: Flat) -> Iterator[Problem]:
    """A word on a piece read at the table under TABLE_WORD_PT, or under 4.5:1 against what it
    is printed on (large words get no 3:1 allowance here): Harvest Dice's ribbon points and
    TOTAL were 6.5 pt, once 5.5 pt. Reported once per piece and text."""
    reported: set[tuple[str, str]] = set()
    for text in _read(flat):
        if text.owner < 0 or flat.sheet.placements[text.owner].component.kind not in TABLE_KINDS:
            continue
        ink = flat.paint.text(text.fill)
        ratio = min(contrast(ink, _ground(flat, text, x, y)) for x, y in _under(text))
        key = (_who(flat, text.owner), text.text)
        if (text.size_pt >= TABLE_WORD_PT - 0.01 and ratio >= 4.5 - 0.005) or key in reported:
            continue
        reported.add(key)
        yield Problem(flat.sheet.number, "table words", f"text {_quote(text.text)} ({key[0]}) is "
                                                        f"{text.size_pt:.2f} pt at {ratio:.1f}:1: a word read at the "
                                                        f"table is {TABLE_WORD_PT:g} pt and 4.5:1 at least")


def _art_boxes(flat: Flat, kinds: frozenset[str], keep: Callable[[Drawn], bool] = lambda item: True
               ) -> dict[tuple[int, int], Box]:
    """The box of each shape `keep` takes, and of each picture as a whole, that a piece of one
    of `kinds` draws (not a folded card, nor a portion of a board tiled over pages), by (piece,
    shape)."""
    boxes: dict[tuple[int, int], Box] = {}
    for item in flat.shapes:
        placed = flat.sheet.placements[item.owner] if item.owner >= 0 else None
        if placed is None or placed.component.kind not in kinds or placed.component.folded or placed.tile is not None \
                or not keep(item):
            continue
        key = (item.owner, -item.picture if item.picture is not None else item.order)
        box = boxes.get(key)
        boxes[key] = item.box if box is None else (min(box[0], item.box[0]), min(box[1], item.box[1]),
                                                  max(box[2], item.box[2]), max(box[3], item.box[3]))
    return boxes


def card_art_at_cut(flat: Flat) -> Iterator[Problem]:
    """A card's art (each shape it draws, a picture as a whole; its words are text_past_trim's)
    has every edge SAFE_MM or more from the card's trim line, inside it or out: art that stops
    on the cut, or just inside or past it, is sliced or leaves a sliver when a cut is a little
    off (Propagation's bonus cards' vine leaves touched their cuts), while art running on
    through the trim into the bleed, or kept inside the safe area, does not show the cut. A
    folded card (`--fold`) is cut through both its glued halves: its faces meet in its middle."""
    for (owner, _), box in _art_boxes(flat, frozenset({"card"})).items():
        placed = flat.sheet.placements[owner]
        trim = _rect_box(placed.rect)
        across = box[0] < trim[2] and box[2] > trim[0]
        down = box[1] < trim[3] and box[3] > trim[1]
        edges = ([abs(box[side] - trim[side]) for side in (1, 3)] if across else []) + \
                ([abs(box[side] - trim[side]) for side in (0, 2)] if down else [])
        nearest = min(edges, default=SAFE_MM)
        if nearest < SAFE_MM - TOLERANCE_MM:
            yield Problem(flat.sheet.number, "card art", f"{placed.component.name}: art at {_where(box)} ends "
                                                         f"{nearest:.1f} mm from its cut line, under {SAFE_MM:g} mm")


def staggered_marks(flat: Flat) -> Iterator[Problem]:
    """Two parallel cut ticks under DOUBLED_MARK_MM apart across and not on one line, one
    ending where the other starts (within DOUBLED_MARK_MM along them): in one gutter a cutter
    sees two marks for one edge, a ruler laid across the gutter takes either. `doubled_marks`
    finds such ticks side by side; parted, each keeping its own half of the gutter (Garden
    Dice's sun tokens on a 20.4 mm pitch over its 10.5 mm discs, 1-2 mm apart), they passed it.
    A gutter's two cuts (two pieces facing each other across it) are meant."""
    for axis, low, high, apart, gap in _near_ticks(flat, lambda gap: -EPS_MM <= gap < DOUBLED_MARK_MM):
        what = "x" if axis == 0 else "y"
        yield Problem(flat.sheet.number, "staggered mark",
                      f"cut ticks at {what} {low:.2f} and {high:.2f} mm, end to end {max(gap, 0.0):.2f} mm "
                      f"apart along them, lie {apart:.2f} mm apart across, under {DOUBLED_MARK_MM:g} mm: "
                      f"one edge marked twice")


# A line of text in a drawn box keeps this far inside the box's stroke, each side.
BOX_PAD_MM = 0.2


def text_out_of_box(flat: Flat) -> Iterator[Problem]:
    """A line of text whose middle lies in a box a piece draws (a rectangle with a visible
    stroke, painted before the text) but whose ends reach the box's stroke or past it, less
    BOX_PAD_MM inside: Garden Dice's aid set "row" 5.5 mm wide in a 5.6 mm die, over both of
    its sides. The innermost such box is the text's; the page's own marks and small pictures
    of pieces (page 1's, whose words are read on the piece) are left out. Cottage Garden's
    nursery set "die +1" (8.3 mm wide) over the stroke of its turning space's box."""
    boxes = [shape for shape in flat.shapes if isinstance(shape.shape, Rect) and shape.owner >= 0
             and shape.style.stroke is not None and shape.style.stroke_width > 0 and shape.picture is None]
    for text in flat.texts:
        if text.owner < 0 or text.thumbnail:
            continue
        x0, y0, x1, y1 = text.whole or text.box
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        holding = [shape for shape in boxes if shape.owner == text.owner and shape.order < text.order
                   and shape.box[0] < middle[0] < shape.box[2] and shape.box[1] < middle[1] < shape.box[3]]
        if not holding:
            continue
        box = min(holding, key=lambda shape: (shape.box[2] - shape.box[0]) * (shape.box[3] - shape.box[1]))
        inset = box.style.stroke_width * _scale(box.matrix) + BOX_PAD_MM  # the box's edge runs past its path
        inner = (box.box[0] + inset, box.box[2] - inset)
        if x0 < inner[0] - EPS_MM or x1 > inner[1] + EPS_MM:
            yield Problem(flat.sheet.number, "box", f"text {_quote(text.text)} ({_who(flat, text.owner)}) is "
                                                    f"{x1 - x0:.2f} mm wide in a box {inner[1] - inner[0]:.2f} mm "
                                                    f"wide inside its stroke at {_where(box.box)}")


def stray_bleed(flat: Flat) -> Iterator[Problem]:
    """A piece cut round its own printed outline (`outline="polygon"`: a notched flower tile,
    the wheelbarrow) prints no colour past its trim box: the straight cuts leave such colour on
    the offcuts as loose squares at the box's corners, cut apart by the ticks' white halos
    (Cottage Garden's tiles, whose bleed followed each square out past the box, on pages 5
    and 7). Its colour keeps to its own outline; a tint not told apart from the paper at a glance
    (`pnp.colors.distinct`: Harvest Dice's pale pink pig) shows no square. A sheet of such pieces
    (`chits`: Cottage Garden's strips of tiles) is trimmed whole on its box first, as any trimmed
    piece, and bleeds past it; its pieces' outlines are cut inside it. One problem a piece."""
    sheet = flat.sheet
    if sheet.trim_box is not None:  # print on demand: the shop cuts one piece a page
        return
    found: set[int] = set()
    for drawn in flat.shapes:
        if drawn.owner < 0 or drawn.owner in found or drawn.picture is not None:
            continue
        placed = sheet.placements[drawn.owner]
        colour = drawn.style.fill  # a filled area: a line drawn on the cut (its outline) is no bleed
        cut_round = placed.component.outline == "polygon" and placed.component.chits is None
        if not cut_round or colour is None or not distinct(colour, "#FFFFFF"):
            continue
        x0, y0, x1, y1 = _rect_box(placed.rect)
        box, edge = drawn.box, EPS_MM + (drawn.style.stroke_width / 2 if drawn.style.stroke else 0.0)
        if box[0] < x0 - edge or box[1] < y0 - edge or box[2] > x1 + edge or box[3] > y1 + edge:
            found.add(drawn.owner)
            yield Problem(sheet.number, "stray bleed", f"{placed.component.name} (copy {placed.copy}) prints "
                                                       f"{colour} past its cut line, outside the outline it is "
                                                       f"cut round")


# A card's (or a player aid's) words keep this far inside its cut: the safe zone a printer
# asks of a card, read in the hand where a cut off by a hair shows as a line of words hugging
# one edge. Tiles, tokens and discs are too small for it and keep SAFE_MM.
CARD_SAFE_MM = 3.0
CARD_KINDS = frozenset({"card", "aid"})


def card_words_at_cut(flat: Flat) -> Iterator[Problem]:
    """A card's or an aid's line of text, measured whole, closer than CARD_SAFE_MM to its
    cut line: Garden Dice's Reminders card set its rulebook footer 2.3 mm from its foot, which
    passed text_past_trim's 1.5 mm, the floor for every piece, tiles' numbers too."""
    for text in _read(flat):
        if text.owner < 0 or text.whole is None:
            continue
        placed = flat.sheet.placements[text.owner]
        if placed.component.kind not in CARD_KINDS or placed.tile is not None:
            continue
        inside = _inset(text.whole, _rect_box(placed.rect))
        if inside < CARD_SAFE_MM - TOLERANCE_MM:
            yield Problem(flat.sheet.number, "card words", f"text {_quote(text.text)} ({placed.component.name}) "
                                                           f"comes {inside:.1f} mm from its cut line, under the "
                                                           f"{CARD_SAFE_MM:g} mm a card keeps clear inside it")


# A piece's frame: art in a colour told from the paper, lying this close to a cut line, inside
# or past it, that runs along at least half of that line, or sits in a corner (this close to
# two) and is FRAME_CORNER_MM or more each way (a photo marker's cells are no frame).
FRAME_BAND_MM = 6.0
FRAME_CORNER_MM = 3.0
FRAMED_KINDS = frozenset({"card", "board"})


def _inked_art(item: Drawn) -> bool:
    """Art a reader sees on white paper: a fill or a stroke told apart from it."""
    return any(colour is not None and distinct(colour, "#FFFFFF")
               for colour in (item.fill, item.style.stroke if item.style.stroke_width > 0 else None))


def _cut_guide(flat: Flat, item: Drawn) -> bool:
    """A hairline a piece draws on its own cut line to show where to cut (Cottage Garden's
    planting table traces its L): the cut follows it, so no cut a little off slices it."""
    return item.fill is None and item.style.stroke_width * _scale(item.matrix) <= TRIM_LINE_MAX_MM + 1e-9 \
        and _along_trim(item.box, _rect_box(flat.sheet.placements[item.owner].rect))


def frames_at_cut(flat: Flat) -> Iterator[Problem]:
    """A card's or a board's frame (a plank, band or border along a cut line, a post or an
    ornament in a corner) keeps SAFE_MM from each cut line it lies along, inside the trim or
    past it into the bleed: Propagation's board had timber posts at its four corners reaching
    0.6 mm past the cut, so a cut a little in sliced the posts and one a little out left a
    sliver of post beyond the plank's end. A board tiled over pages is its seams' business."""
    for (owner, _), box in _art_boxes(flat, FRAMED_KINDS, lambda item: _inked_art(item) and not _cut_guide(flat, item)).items():
        placed = flat.sheet.placements[owner]
        trim = _rect_box(placed.rect)
        width, height = trim[2] - trim[0], trim[3] - trim[1]
        near = [abs(box[side] - trim[side]) < FRAME_BAND_MM for side in range(4)]  # left, top, right, bottom
        corner = box[2] - box[0] >= FRAME_CORNER_MM and box[3] - box[1] >= FRAME_CORNER_MM
        along = (box[3] - box[1] >= height / 2 or (corner and (near[1] or near[3])),
                 box[2] - box[0] >= width / 2 or (corner and (near[0] or near[2])))
        for side in range(4):
            gap = abs(box[side] - trim[side])
            if near[side] and along[side % 2] and gap < SAFE_MM - TOLERANCE_MM:
                yield Problem(flat.sheet.number, "frame", f"{placed.component.name}: its frame at {_where(box)} ends "
                                                          f"{gap:.1f} mm from its {('left', 'top', 'right', 'bottom')[side]} "
                                                          f"cut line, under {SAFE_MM:g} mm: a cut a little off slices it")
                break


def _ticks_and_bleeds(flat: Flat) -> tuple[list[tuple[Segment, bool, float, float, float]],
                                            list[tuple[Placed, Box, Box]]]:
    """The sheet's ticks, each with whether it runs across, its line and its two ends along it;
    and its pieces with their bleed and trim boxes."""
    ticks = []
    for x1, y1, x2, y2 in _ticks(flat):
        horizontal = abs(y1 - y2) <= EPS_MM
        at, low, high = (y1, min(x1, x2), max(x1, x2)) if horizontal else (x1, min(y1, y2), max(y1, y2))
        ticks.append(((x1, y1, x2, y2), horizontal, at, low, high))
    return ticks, [(placed, _rect_box(placed.bleed_rect), _rect_box(placed.rect)) for placed in flat.sheet.placements]


def _runs_along(horizontal: bool, low: float, high: float, bleed: Box) -> bool:
    """Does a tick from `low` to `high` share more than a hair of its length with the box?"""
    along = (bleed[0], bleed[2]) if horizontal else (bleed[1], bleed[3])
    return min(high, along[1]) - max(low, along[0]) > EPS_MM


def ticks_in_bleed(flat: Flat) -> Iterator[Problem]:
    """A cut tick running through another piece's bleed (past its trim line, within its bleed
    box) on a line that is not one of that piece's cuts: its white halo cuts a slit into the
    neighbour's colour, and on white it reads as a mark of the neighbour's own edge (Cottage
    Garden's tables, cats and beehive tiles on one page had 13 such ticks). A tick on a
    piece's own cut line runs through its bleed, as a crop mark does. One problem a tick and
    piece; a print-on-demand page has the shop's marks."""
    sheet = flat.sheet
    if sheet.trim_box is not None:
        return
    ticks, pieces = _ticks_and_bleeds(flat)
    for (x1, y1, _, _), horizontal, at, low, high in ticks:
        for placed, bleed, trim in pieces:
            if _runs_along(horizontal, low, high, bleed) and in_bleed(horizontal, at, bleed, trim):
                yield Problem(sheet.number, "tick in a bleed", f"the cut tick at ({x1:.1f}, {y1:.1f}) mm runs "
                                                               f"through the bleed of {placed.component.name} "
                                                               f"(copy {placed.copy}), not on its cut line")


def stray_ticks(flat: Flat) -> Iterator[Problem]:
    """A cut tick (or a tiled board's trim line) on no piece's cut: every one lies on the line
    of a side of a piece's trim box that a cut follows (pnp.impose.cut_sides) and runs within
    a tick's length of that side, or of its bleed and BLEED_CLEARANCE_MM past it (an outer
    tick clear of the bleed). Cottage Garden's wheelbarrow net, cut round its own outline,
    had ticks at the corners of a box its drawing falls short of: a ruler laid on them trims
    bare paper. A print-on-demand page has the shop's marks."""
    sheet = flat.sheet
    if sheet.trim_box is not None:
        return
    reach = MARK_LENGTH_MM + MARK_GAP_MM + EPS_MM
    lines: list[tuple[bool, float, float, float]] = []   # each cut side: across, its place, its ends
    for placed in sheet.placements:
        if not placed.component.cut_out:
            continue
        x0, y0, x1, y1 = _rect_box(placed.rect)
        bx0, by0, bx1, by1 = _rect_box(placed.bleed_rect)
        off = BLEED_CLEARANCE_MM
        left, top, right, bottom = cut_sides(placed.component, placed.face, placed.matrix, placed.rect)
        lines += [(True, at, min(x0, bx0 - off), max(x1, bx1 + off)) for at, cut in ((y0, top), (y1, bottom)) if cut]
        lines += [(False, at, min(y0, by0 - off), max(y1, by1 + off)) for at, cut in ((x0, left), (x1, right)) if cut]
    for x1, y1, x2, y2 in _ticks(flat):
        horizontal = abs(y1 - y2) <= EPS_MM
        if not horizontal and abs(x1 - x2) > EPS_MM:
            continue  # a slanted stroke in the marks' style (page 1's picture of an inside corner's mark)
        at, low, high = (y1, min(x1, x2), max(x1, x2)) if horizontal else (x1, min(y1, y2), max(y1, y2))
        if not any(across == horizontal and abs(line - at) <= EPS_MM and start - reach <= low and high <= end + reach
                   for across, line, start, end in lines):
            yield Problem(sheet.number, "stray tick", f"the cut tick at ({x1:.1f}, {y1:.1f}) to ({x2:.1f}, {y2:.1f}) "
                                                      "mm marks no piece's cut")


def _near(point: tuple[float, float], box: Box, by: float) -> bool:
    return box[0] - by <= point[0] <= box[2] + by and box[1] - by <= point[1] <= box[3] + by


def ticks_into_other_bleed(flat: Flat) -> Iterator[Problem]:
    """A cut tick that leaves its piece (one of its ends MARK_GAP_MM off that piece's trim) and
    runs on into the bleed of another piece it did not start in, even on that piece's own cut
    line: its halo notches the neighbour's colour, and the neighbour's own tick marks that line
    (Harvest Dice's sticker sheets, side by side on one line; 76 such ticks in the kit on Letter).
    One problem a tick, end and piece; a print-on-demand page has the shop's marks."""
    sheet = flat.sheet
    if sheet.trim_box is not None:
        return
    ticks, pieces = _ticks_and_bleeds(flat)
    for (x1, y1, x2, y2), horizontal, at, low, high in ticks:
        for origin in ((x1, y1), (x2, y2)):
            if not any(_near(origin, trim, MARK_GAP_MM + EPS_MM) for _, _, trim in pieces):
                continue
            for placed, bleed, _ in pieces:
                across = (bleed[1], bleed[3]) if horizontal else (bleed[0], bleed[2])
                # (a tick starting in a piece's bleed: its own, or a neighbour's on one cut)
                if (not _near(origin, bleed, EPS_MM) and across[0] + EPS_MM < at < across[1] - EPS_MM
                        and _runs_along(horizontal, low, high, bleed)):
                    yield Problem(sheet.number, "tick in a bleed", f"the cut tick at ({x1:.1f}, {y1:.1f}) mm runs on "
                                                                   f"into the bleed of {placed.component.name} (copy "
                                                                   f"{placed.copy}), a piece it does not mark")


def halos_over_bleed(flat: Flat) -> Iterator[Problem]:
    """A cut tick's white halo drawn over a piece's bleed (inside its bleed box, outside its
    trim box): it blanks a small square of that bleed, which shows as a white notch in the
    piece's corner when the cut is a little off (Harvest Dice's sticker sheets at 400 dpi; every
    tick leaving its piece across its own bleed had one). A tick over a bleed is drawn without
    its halo; the halo is kept where the tick runs on over bare paper. One problem a halo and
    piece; a print-on-demand page has the shop's marks."""
    sheet = flat.sheet
    if sheet.trim_box is not None:
        return
    pieces = [(placed, _rect_box(placed.bleed_rect), _rect_box(placed.rect)) for placed in sheet.placements]
    for drawn in flat.shapes:
        line = drawn.shape
        if drawn.owner >= 0 or not isinstance(line, Line) or drawn.style != HALO_STYLE:
            continue
        half = HALO_STYLE.stroke_width / 2
        # (butt ends: the stroke runs half its width either side of the line, not past its ends)
        across = (0.0, half) if abs(line.y1 - line.y2) <= EPS_MM else (half, 0.0)
        stroke = (min(line.x1, line.x2) - across[0], min(line.y1, line.y2) - across[1],
                  max(line.x1, line.x2) + across[0], max(line.y1, line.y2) + across[1])
        for placed, bleed, trim in pieces:
            shared = _intersection(stroke, bleed)
            if shared is None or min(shared[2] - shared[0], shared[3] - shared[1]) <= EPS_MM or _inside(shared, trim):
                continue
            yield Problem(sheet.number, "halo in a bleed", f"the white halo of the cut tick at ({line.x1:.1f}, "
                                                           f"{line.y1:.1f}) mm blanks part of the bleed of "
                                                           f"{placed.component.name} (copy {placed.copy})")


CHECKS = (overlapping_text, near_edge, text_past_trim, small_text, small_body_text, low_contrast, lost_bleed, shared_colour_cuts,
          touching_colours, trim_margin, off_centre, thick_marks, dark_trim_lines, tool_words, unticked_cuts,
          unclipped_pictures, marks_on_lines, crowded_punches, doubled_marks, small_table_words,
          card_art_at_cut, stray_bleed, staggered_marks, text_out_of_box, card_words_at_cut, frames_at_cut,
          ticks_in_bleed, unpunchable_rounds, stray_ticks, ticks_into_other_bleed,
          halos_over_bleed)


def _first_page(imposition: Imposition, component: Component) -> int:
    return next((placed.page for placed in imposition.placements() if placed.component is component), 0)


def _printed_scale(imposition: Imposition, component: Component) -> float:
    """How much smaller than drawn the piece prints (a board may shrink to fit one page)."""
    return min((placed.scale for placed in imposition.placements() if placed.component is component), default=1.0)


def misfits(imposition: Imposition) -> Iterator[Problem]:
    """Every piece put on a kind of space against every such space of the kit's boards, at
    their printed sizes: the piece (or the part of it one space holds) is at least
    FIT_CLEARANCE_MM smaller than the space both ways, turned if need be. A piece also put
    whole on other kinds of space (`also_on`) fits each of those as well, WHOLE_CLEARANCE_MM smaller."""
    spaces: dict[str, list[tuple[Component, float, float]]] = {}
    for board in imposition.components:
        scale = _printed_scale(imposition, board)
        for space in board.spaces:
            spaces.setdefault(space.kind, []).append((board, space.box[2] * scale, space.box[3] * scale))
    for piece in imposition.components:
        seats = ([(piece.sits_on, piece.footprint)] if piece.sits_on else []) + [(kind, None) for kind in piece.also_on]
        if not seats:
            continue
        page = _first_page(imposition, piece)
        scale = _printed_scale(imposition, piece)
        for kind, footprint in seats:
            clearance = FIT_CLEARANCE_MM if kind == piece.sits_on else WHOLE_CLEARANCE_MM
            width, height = (size * scale for size in (footprint or (piece.width_mm, piece.height_mm)))
            if kind not in spaces:
                yield Problem(page, "fit", f"{piece.name} goes on {kind} spaces, and no board of the kit has one")
                continue
            room = clearance - 1e-6
            for board, space_w, space_h in spaces[kind]:
                if not ((width + room <= space_w and height + room <= space_h) or
                        (height + room <= space_w and width + room <= space_h)):
                    yield Problem(page, "fit", f"{piece.name} ({width:.1f} × {height:.1f} mm) does not fit a "
                                               f"{space_w:.1f} × {space_h:.1f} mm {kind} space of "
                                               f"{board.name} with {clearance:g} mm to spare")
                    break


def _seam_lines(placed: Placed, last: tuple[int, int]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The trim lines of a board's portion (its right and lower edges, where a later portion
    is glued under it), in the board's own millimetres."""
    assert placed.tile is not None
    x, y, w, h = placed.rect
    lines = []
    if placed.tile[1] < last[1]:
        lines.append(((x + w, y), (x + w, y + h)))
    if placed.tile[0] < last[0]:
        lines.append(((x, y + h), (x + w, y + h)))
    to_face = _inverse(placed.matrix)
    return [(apply(to_face, *start), apply(to_face, *end)) for start, end in lines]


def crossed_seams(imposition: Imposition) -> Iterator[Problem]:
    """A board printed in portions is joined on seams: none may run through a play space or
    a word of the board (a space cut in two will not hold its piece; a word cut in two will
    not read)."""
    tiled = [placed for placed in imposition.placements() if placed.tile is not None and placed.side == "front"]
    for component in dict.fromkeys(placed.component for placed in tiled):
        portions = [placed for placed in tiled if placed.component is component and placed.copy == 1]
        last = (max(p.tile[0] for p in portions if p.tile), max(p.tile[1] for p in portions if p.tile))
        spaces = [(f"{space.kind} space", (x, y, x + w, y + h)) for space in component.spaces
                  for x, y, w, h in (space.box,)]
        obstacles = spaces + [(f"word {_quote(text)}", box) for text, box in words(component.front.shapes)]
        for placed in portions:
            for start, end in _seam_lines(placed, last):
                crossed = Counter(name for name, box in obstacles if _crosses_segment(box, start, end))
                if crossed:
                    what = ", ".join(name if count == 1 else f"{count} × {name}" for name, count in crossed.items())
                    yield Problem(placed.page, "seam", f"the seam of {component.name} at "
                                                       f"({start[0]:.1f}, {start[1]:.1f}) mm crosses {what}")


def missing_pieces(imposition: Imposition) -> Iterator[Problem]:
    """Every copy of every component of the kit is printed on some page."""
    printed = Counter((placed.component.name, placed.copy) for placed in imposition.placements()
                      if placed.side == "front")
    for component in imposition.components:
        lost = [copy for copy in range(1, component.count + 1) if (component.name, copy) not in printed]
        if lost:
            yield Problem(0, "missing", f"{len(lost)} of the {component.count} × {component.name} are printed "
                                        "on no page")


def page_use(sheet: Sheet) -> float:
    """The share of the paper its pieces take with their bleed (the union of their bleed
    boxes, clipped to the paper: overlapping bleeds counted once)."""
    boxes = [_clipped(placed.bleed_rect, sheet) for placed in sheet.placements]
    boxes = [box for box in boxes if box[0] < box[2] and box[1] < box[3]]
    xs = sorted({x for box in boxes for x in (box[0], box[2])})
    area = 0.0
    for left, right in zip(xs, xs[1:]):
        spans = sorted((y0, y1) for x0, y0, x1, y1 in boxes if x0 <= left and x1 >= right)
        covered, reach = 0.0, -math.inf
        for top, bottom in spans:
            covered += max(0.0, bottom - max(top, reach))
            reach = max(reach, bottom)
        area += (right - left) * covered
    return area / (sheet.width_mm * sheet.height_mm)


def _clipped(rect: Rect4, sheet: Sheet) -> Box:
    x, y, w, h = rect
    return max(0.0, x), max(0.0, y), min(sheet.width_mm, x + w), min(sheet.height_mm, y + h)


def sparse_pages(imposition: Imposition) -> Iterator[Problem]:
    """Every page of pieces takes PAGE_USE of its paper at least: a kit that leaves a sheet of
    card nearly empty packs its pieces badly. A back page is its front's; a print-on-demand
    page holds one face by design (no footer band: pnp.impose); a deck's last page, after full
    pages of the same pieces, holds what is left of it (54 folded cards, four a page, leave two)."""
    fronts = [(sheet, page_use(sheet)) for sheet in imposition.sheets
              if sheet.side == "front" and sheet.band is not None and sheet.placements]
    for index, (sheet, used) in enumerate(fronts):
        if used < PAGE_USE and not _rest_of_a_deck(sheet, fronts[:index]):
            kinds = Counter(placed.component.kind for placed in sheet.placements)
            what = ", ".join(f"{count} × {kind}" for kind, count in kinds.items())
            yield Problem(sheet.number, "page use", f"its pieces ({what}) take {used:.1%} of the page, "
                                                    f"under {PAGE_USE:.0%}")


def _rest_of_a_deck(sheet: Sheet, before: list[tuple[Sheet, float]]) -> bool:
    """Does the page hold one kind of piece only, that earlier pages (each with its use) hold
    too, each of them full?"""
    kinds = {placed.component.kind for placed in sheet.placements}
    earlier = [used for page, used in before if kinds & {placed.component.kind for placed in page.placements}]
    return len(kinds) == 1 and bool(earlier) and all(used >= PAGE_USE for used in earlier)


def crowded_rings(imposition: Imposition) -> Iterator[Problem]:
    """A number or word printed inside a ring (a token's white badge, a card's points disc)
    keeps RING_CLEAR_MM between its ink and the ring's inner edge: Propagation's tomato numbers
    11-15 touched the badge's dark ring, and read as a smudge. Each face of each component,
    once, wherever it prints."""
    for component in imposition.components:
        faces = [component.front] + ([component.back] if component.back is not None else [])
        for face in faces:
            flat = Flat(Sheet(0, 0.0, 0.0, "front", []))
            _Flattener(flat).walk(face.shapes, IDENTITY, 0, None)
            rings = [item for item in flat.shapes if isinstance(item.shape, Circle) and item.style.stroke
                     and item.style.stroke_width > 0]
            for text in _read(flat):
                for ring in rings:
                    clear = _inside_ring(text, ring)
                    if clear is not None and clear < RING_CLEAR_MM - 0.01:
                        yield Problem(_first_page(imposition, component), "ring",
                                      f"text {_quote(text.text)} ({component.name}) keeps {max(clear, 0.0):.2f} mm "
                                      f"from the ring round it, under {RING_CLEAR_MM:g} mm")


def _inside_ring(text: TextLine, ring: Drawn) -> float | None:
    """How far the text's box keeps inside the ring's inner edge; None when the text is not
    on the ring's disc (its middle outside it, or painted before it)."""
    assert isinstance(ring.shape, Circle)
    scale = _scale(ring.matrix)
    cx, cy = apply(ring.matrix, ring.shape.cx, ring.shape.cy)
    inner = ring.shape.r * scale - ring.style.stroke_width * scale / 2
    x0, y0, x1, y1 = text.box
    if ring.order > text.order or math.hypot((x0 + x1) / 2 - cx, (y0 + y1) / 2 - cy) >= inner:
        return None
    return inner - max(math.hypot(x - cx, y - cy) for x in (x0, x1) for y in (y0, y1))


# A band along all four sides of a back, this wide or less, is a rim a duplex drift shows unevenly.
BACK_RIM_MM = 3.0


def rimmed_backs(imposition: Imposition) -> Iterator[Problem]:
    """A back face framed by a band along all four sides inside its cut (a rectangle's
    stroke reaching the cut, or a panel inset all round on the background), BACK_RIM_MM
    wide or less: a home duplex printer drifts 1-2 mm, so the back of a piece cut on its front's
    lines shows such a rim 0.5 mm wide on one side and 2.5 mm on the other (Garden Dice's tile
    backs had a 1.2 mm cream rim). A back carries its colour and art out to the bleed instead.
    Each back face once, wherever it prints."""
    seen: set[int] = set()
    for component in imposition.components:
        back = component.back
        if back is None or id(back) in seen:
            continue
        seen.add(id(back))
        flat = Flat(Sheet(0, 0.0, 0.0, "front", []))
        _Flattener(flat).walk(back.shapes, IDENTITY, 0, None)
        width, height = component.width_mm, component.height_mm
        for drawn in flat.shapes:
            if not isinstance(drawn.shape, Rect):
                continue
            x0, y0, x1, y1 = drawn.box
            insets = [x0, y0, width - x1, height - y1]
            if drawn.style.stroke is not None and drawn.style.stroke_width > 0 and all(i <= EPS_MM for i in insets):
                stroke = drawn.style.stroke_width * _scale(drawn.matrix)
                insets = [inset + stroke for inset in insets]  # the stroke's inner edge
            elif drawn.style.fill is None or drawn.style.fill.upper() == back.background.upper():
                continue
            if all(EPS_MM < inset <= BACK_RIM_MM for inset in insets):
                yield Problem(_first_page(imposition, component), "rim",
                              f"the back of {component.name} has a rim {min(insets):.1f}-{max(insets):.1f} mm "
                              f"wide inside its cut: a duplex drift of 1-2 mm shows it unevenly")
                break


KIT_CHECKS = (misfits, crossed_seams, missing_pieces, sparse_pages, crowded_rings, rimmed_backs)


def check_sheet(sheet: Sheet, paint: Paint = Paint()) -> list[Problem]:
    flat = flatten(sheet)
    flat.paint = paint
    return [problem for check in CHECKS for problem in check(flat)]


def check_imposition(imposition: Imposition, paint: Paint = Paint()) -> list[Problem]:
    """Every problem of every page, in page order; [] when the kit passes every check.
    `paint` is the build's colour transform (the ink-saver build pales backgrounds)."""
    pages = [problem for sheet in imposition.sheets for problem in check_sheet(sheet, paint)]
    return pages + [problem for check in KIT_CHECKS for problem in check(imposition)]
