"""Imposition: where every face of every piece goes on which page.

Pieces are packed on the paper's printable area (trim boxes at least PAGE_MARGIN_MM inside
the edge, less a band along one edge for the page's footer) in shelves: pieces of one size
are grouped, laid in rows (turned 90 degrees when that fits more on a page), and a row of
another size continues on the same page when it fits. A size group that fits on one page is
never split over two, and pages whose pieces fit together are merged; a kind of piece in rows
of its own moves, all of it, into a blank beside a page's short rows where it fits whole. Every two pieces keep
a gutter of at least MIN_GUTTER_MM (each its own bleed and its own cut) unless the build asks
for shared cuts, which lays pieces of one size edge to edge.

Two-sided pieces are imposed first: each of their pages is followed by a page of their
backs, mirrored for the duplex flip (long edge: x' = page_w - x - w; short edge:
y' = page_h - y - h, the back turned 180 degrees so a card turned over like a book page shows
its back upright). One-sided pieces follow (riding on a two-sided page when they fit there),
then pieces larger than the printable area, tiled over pages in portions overlapping by
TILE_OVERLAP_MM with a trim line, a glue zone and alignment arrows at each seam (or on one
page when the paper is big enough, or when the piece may shrink a little: fit_scale).

Cut ticks continue every cut edge into the gutters and margins, never within TICK_EDGE_MM
of the paper edge (past the border a home laser leaves unprinted); at the outer margin, where
it has room, a tick stands clear of its piece's bleed (clear_outer_tick). With `pod`, every face gets its own
page of piece + bleed + a slug with true crop marks, with TrimBox/BleedBox.

Every placement records its page rectangle, the matrix from face coordinates to the page
and its bleed on each side; the renderers draw from it and the manifest is written from it.
"""
from __future__ import annotations

import itertools
import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Literal

from pnp.colors import distinct, luminance
from pnp.errors import KitError
from pnp.fonts import measure
from pnp.kits import load_kit
from pnp.model import Component, Face, Group, Line, Polygon, Rect, Shape, Style, Text
from pnp.options import PAGE_MARGIN_MM, Paper
from pnp.parts import PUNCH_GAP_MM

Affine = tuple[float, float, float, float, float, float]
Rect4 = tuple[float, float, float, float]  # x, y, w, h in mm from the page's top-left
Sides = tuple[float, float, float, float]  # left, top, right, bottom
Box = tuple[float, float, float, float]    # x0, y0, x1, y1 in mm
Band = Literal["bottom", "top", "left", "right"]  # the page edge along which the footer runs
Cut = Literal["gutters", "shared"]

IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
EPS = 1e-6
TILE_OVERLAP_MM = 10.0
TOLERANCE_MM = 0.2       # a box this far into another is a touch, not an overlap
SEAM_MARGIN_MM = 1.0     # a seam keeps this far from a play space or a word where the gutter has room
# Two parallel cut ticks side by side closer than this, and not on one line, read as one mark
# doubled: a ruler laid on the wrong one cuts a piece a little off (pnp.checks.doubled_marks).
DOUBLED_MARK_MM = 3.0
EPS_LINE_MM = 0.05       # cut lines closer than this across are one line
ALIGN_MM = 4.0           # a row moves sideways this far at most to share a cut line with the row above
MIN_GUTTER_MM = 1.2      # pieces are this far apart at least, two cuts; only --cut shared lays them edge to edge
COLOUR_GUTTER_MM = 6.0   # pieces of distinct colours are this far apart: a cut 3 mm off shows no other colour
# and of that gutter this much is left unprinted paper between their bleeds: a cut off by more
# than a piece's bleed there shows paper, never a strip of the next colour
COLOUR_PAPER_MM = 3.0
# Round pieces cut on their circle only (Component.cut_on_circle) of distinct colours: a punch
# aimed by eye is off by PUNCH_GAP_MM at most, so each keeps that much of its own colour round
# its circle, with as much bare paper between the two bleeds (a circle filling its box: 3 mm).
CIRCLE_PAPER_MM = PUNCH_GAP_MM
CIRCLE_GUTTER_MM = 3 * PUNCH_GAP_MM
# A home laser prints nothing in the outer LASER_BORDER_MM; pieces keep EDGE_KEEP_MM more than
# the page margin, so some of their bleed is printed past that border.
LASER_BORDER_MM = 4.2
EDGE_KEEP_MM = 1.0
KEPT_BLEED_MM = 1.2      # the least bleed printed past that border, on a page too tight for EDGE_KEEP_MM
MARK_GAP_MM = 0.1        # cut ticks stop this far from any trim box
MARK_LENGTH_MM = 5.0
OUTLINE_REACH_MM = 0.5   # a piece cut round its outline has a cut on a side of its box its drawing comes this near
MARK_MIN_MM = 0.8        # a shorter tick in a gutter is dropped (it would be lost in the cut)
# A tick at the sheet's outer margin runs on to TICK_EDGE_MM from the paper edge, past a home
# laser's unprinted LASER_BORDER_MM: a row cut 6 mm from the edge gets a tick of 1.4 mm there
# (stopped at the 5 mm margin it had 0.65 mm, too short to see, and was dropped), of which
# 0.9 mm print even where a printer leaves the outer 5 mm blank.
TICK_EDGE_MM = 4.5
OUTER_TICK_MM = 1.0      # the shortest tick at the outer margin (pnp.checks.unticked_cuts)
# Where the margin has room, an outer tick stands clear of its piece's bleed instead: a tick
# drawn over the bleed on a halo ran 2.2 mm, from 4.4 mm of the paper edge, too short to lay
# a ruler on. It ends BLEED_CLEARANCE_MM short of the bleed and is CLEAR_TICK_MM long at least.
CLEAR_TICK_MM = 4.0
BLEED_CLEARANCE_MM = 1.0
BLEED_OUTSIDE_MM = 2.0   # bleed runs this far past the printable area's edge (not into the footer band)
POD_SLUG_MM = 6.0        # room round a print-on-demand face for its crop marks
FOOTER_BAND_MM = 4.0     # kept along one edge of every page, inside the margin, for the footer line
FOOTER_LENGTH_MM = 110.0
# Every page of pieces is this full at least: its pieces with their bleed take this share of
# the paper (Propagation's token pages took 37 % and 60 % of two A4 sheets; they fit one).
PAGE_USE = 0.6
SEAM_MARK_INSET_MM = 8.0
SEAM_ARROW_MM = 3.5
JOIN_TEXT_MM = 2.85      # 8.1 pt: the joining instruction is a sentence to read
INK_COLOR = "#222222"
MARK_STYLE = Style(stroke="#000000", stroke_width=0.15)     # cut ticks: thin, as crop marks are
HALO_STYLE = Style(stroke="#FFFFFF", stroke_width=0.6)
KNOCKOUT_STYLE = Style(fill="#FFFFFF", decorative=True)    # a tick over a dark bleed, in white
DARK_BLEED_LUMINANCE = 0.1   # black on a colour this dark or darker is under 3:1 (WCAG's least for a graphic)
TRIM_STYLE = Style(stroke="#000000", stroke_width=0.15)     # a tiled board's trim line
ARROW_STYLE = Style(fill="#000000")
GLUE_STYLE = Style(fill="#E4E4E4")
HATCH_STYLE = Style(stroke="#9A9A9A", stroke_width=0.3)


def compose(outer: Affine, inner: Affine) -> Affine:
    """The matrix applying `inner` first, then `outer` (PDF/SVG matrix convention)."""
    a, b, c, d, e, f = outer
    p, q, r, s, t, u = inner
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def translation(x: float, y: float) -> Affine:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def apply(matrix: Affine, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def quarter_turn(width: float, height: float) -> Affine:
    """A width x height face turned 90 degrees clockwise into a height x width box at the origin."""
    return (0.0, 1.0, -1.0, 0.0, height, 0.0)


def bleed_rect(rect: Rect4, bleed: Sides) -> Rect4:
    """A trim box with its bleed round it."""
    x, y, w, h = rect
    left, top, right, bottom = bleed
    return (x - left, y - top, w + left + right, h + top + bottom)


@dataclass(frozen=True)
class Placed:
    """One face of one copy of a piece (or of one tile of it) on one page."""

    page: int
    component: Component
    copy: int
    side: Literal["front", "back"]
    rect: Rect4                 # trim box (or tile portion) on the page
    rotated: bool
    matrix: Affine              # face coordinates -> page coordinates
    bleed: Sides                # bleed drawn beyond each side of `rect`
    tile: tuple[int, int] | None = None
    scale: float = 1.0          # below 1 when the piece is printed smaller to fit the page whole

    @property
    def face(self) -> Face:
        face = self.component.front if self.side == "front" else self.component.back
        assert face is not None
        return face

    @property
    def bleed_rect(self) -> Rect4:
        return bleed_rect(self.rect, self.bleed)

    def record(self) -> dict:
        x, y, w, h = self.rect
        row = {"page": self.page, "component": self.component.name, "copy": self.copy, "side": self.side,
               "x_mm": round(x, 3), "y_mm": round(y, 3), "width_mm": round(w, 3), "height_mm": round(h, 3),
               "rotated": self.rotated}
        if self.tile is not None:
            row["tile"] = list(self.tile)
        if self.scale != 1.0:
            row["scale"] = round(self.scale, 4)
        return row


@dataclass
class Sheet:
    """One page: its size, what is placed on it, and marks drawn over everything."""

    number: int
    width_mm: float
    height_mm: float
    side: Literal["front", "back"]
    placements: list[Placed]
    overlay: Group = field(default_factory=Group)
    trim_box: Rect4 | None = None
    bleed_box: Rect4 | None = None
    band: Band | None = None   # where the footer goes; None on print-on-demand pages
    label: str = ""            # the page's name when it holds no pieces (the kit's first page)

    @property
    def footer(self) -> Rect4 | None:
        return None if self.band is None else footer_box(self.width_mm, self.height_mm, self.band)

    @property
    def name(self) -> str:
        """A short slug of what is on the page, for its SVG file name."""
        if not self.placements:
            return self.label
        names = list(dict.fromkeys(p.component.name for p in self.placements))
        if len(names) == 1:
            slug = names[0]
            tile = self.placements[0].tile
            if tile is not None:
                slug += f"-r{tile[0]}c{tile[1]}"
        else:  # what the names share ("critter-blue"), else the kinds ("cards", "aid-die")
            shared = os.path.commonprefix(names)
            shared = shared[:shared.rfind("-")] if "-" in shared else ""
            kinds = list(dict.fromkeys(p.component.kind for p in self.placements))
            slug = shared or ((kinds[0] + "s") if len(kinds) == 1 else "-".join(kinds))
        slug += "-back" if self.side == "back" else ""
        return re.sub(r"[^a-z0-9]+", "-", slug.lower()).strip("-")[:60]


@dataclass
class Imposition:
    paper: Paper
    components: list[Component]
    sheets: list[Sheet]

    def placements(self) -> Iterable[Placed]:
        for sheet in self.sheets:
            yield from sheet.placements

    def manifest(self, game: str) -> dict:
        # Only kits whose sheets are read from photos list them, so a kit without any never
        # loads the photo machinery; the listing is asked for once, not once per component.
        listing = getattr(load_kit(game), "readable_sheets", None)
        readable = {sheet.component: sheet.manifest_fields() for sheet in listing()} if listing else {}
        return {
            "game": game,
            "paper": {"name": self.paper.name, "width_mm": self.paper.width_mm, "height_mm": self.paper.height_mm},
            "components": [{"name": c.name, "kind": c.kind, "width_mm": c.width_mm, "height_mm": c.height_mm,
                            "count": c.count, "double_sided": c.double_sided, **readable.get(c.name, {})}
                           for c in self.components],
            "placements": [placed.record() for placed in self.placements()],
        }


# --- one page of fronts, before bleed and marks ---------------------------------------------

@dataclass(frozen=True)
class Slot:
    component: Component
    copy: int
    rect: Rect4
    rotated: bool
    matrix: Affine
    edges: tuple[bool, bool, bool, bool] = (True, True, True, True)  # which sides are real cut edges
    tile: tuple[int, int] | None = None
    scale: float = 1.0


@dataclass
class Frame:
    slots: list[Slot]
    band: Band = "bottom"
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)  # cut mark segments
    seams: list[Shape] = field(default_factory=list)  # a tiled board's trim line, glue zone and marks


@dataclass(frozen=True)
class Piece:
    component: Component
    copy: int
    width: float    # on the page, after turning and scaling
    height: float
    rotated: bool
    columns: int    # how many of this piece fit across the page: its grid, when a row holds only it
    scale: float = 1.0

    @cached_property
    def colour(self) -> tuple[str, str | None]:
        """The colours at its edges, front and back (its backgrounds, unless a face says otherwise)."""
        return _edge_colours(self.component)


@dataclass
class Shelf:
    """A row of pieces, top-aligned; as tall as its first (tallest) piece. `span`: the row's
    width with its gutters, kept up to date as pieces join it while a page is packed."""

    height: float
    pieces: list[Piece]
    span: float = 0.0


def _printable(paper: Paper, band: Band | None = None) -> Rect4:
    """Where trim boxes may go: EDGE_KEEP_MM more than PAGE_MARGIN_MM inside the edge, less
    the footer's band."""
    m = PAGE_MARGIN_MM + EDGE_KEEP_MM
    x, y, w, h = m, m, paper.width_mm - 2 * m, paper.height_mm - 2 * m
    if band == "bottom":
        h -= FOOTER_BAND_MM
    elif band == "left":
        x, w = x + FOOTER_BAND_MM, w - FOOTER_BAND_MM
    return (x, y, w, h)


def _packing_area(paper: Paper, band: Band) -> Rect4:
    """The printable area less BLEED_OUTSIDE_MM along the footer's band: a piece in the last
    row beside the footer keeps as much bleed there as a piece by any other edge does."""
    x, y, w, h = _printable(paper, band)
    if band == "left":
        return (x + BLEED_OUTSIDE_MM, y, w - BLEED_OUTSIDE_MM, h)
    return (x, y, w, h - BLEED_OUTSIDE_MM)


def footer_box(paper_w: float, paper_h: float, band: Band) -> Rect4:
    """The box kept free for the footer line in a page's band (upright, or turned on the left)."""
    m, across, along = PAGE_MARGIN_MM, FOOTER_BAND_MM, FOOTER_LENGTH_MM
    if band in ("left", "right"):
        return (m if band == "left" else paper_w - m - across, (paper_h - along) / 2, across, along)
    return ((paper_w - along) / 2, paper_h - m - across if band == "bottom" else m, along, across)


def _across(length: float, room: float, gap: float) -> int:
    """How many pieces of `length` fit in `room` with `gap` between neighbours."""
    return math.floor((room + gap + EPS) / (length + gap))


def _per_page(width: float, height: float, area: Rect4, gap: float, row_gap: float | None = None) -> int:
    return _across(width, area[2], gap) * _across(height, area[3], gap if row_gap is None else row_gap)


def _fit_scale(component: Component, area: Rect4) -> float | None:
    """The scale at which the piece fits the area whole (1.0 when it fits as drawn); None
    when it needs more shrinking than its `fit_scale` allows."""
    w, h = component.width_mm, component.height_mm
    needed = max(min(area[2] / w, area[3] / h), min(area[2] / h, area[3] / w))
    scale = min(1.0, needed)
    return scale if scale >= component.fit_scale - EPS else None


@dataclass(frozen=True)
class Gutters:
    """The narrowest gutters a page may have: `least` between pieces of one colour (none with
    --cut shared), MIN_GUTTER_MM at least between pieces of different colours, and
    COLOUR_GUTTER_MM between distinct colours (pnp.colors.distinct), each piece keeping half
    of it as its own bleed. `share_rows`: rows of one size and one colour may meet on one cut
    (a page too tight for gutters between them); `shared`: pieces of one size and one colour
    in a row meet on one cut too (--cut shared)."""

    least: float
    share_rows: bool = False
    shared: bool = False
    # Whether pieces fit on one page of their own, asked again and again while pages are
    # merged and balanced: by the pieces (kept here, so their ids stay theirs) and the area.
    alone: dict = field(default_factory=dict, compare=False, repr=False)

    def one_page(self, pieces: list[Piece], area: Rect4) -> bool:
        key = (self.share_rows, area, tuple(map(id, pieces)))
        if key not in self.alone:
            self.alone[key] = (pieces, len(_paginate_onto([], pieces, area, self)) == 1)
        return self.alone[key][1]

    def cut_shared(self, pieces: Iterable[Piece]) -> bool:
        """Do these neighbours meet on one cut where they can: in a --cut shared build, or
        when every one of them asks for it (Component.shared_cuts)?"""
        return self.shared or _on_grid(pieces)

    @staticmethod
    def can_share(first: Sequence[Piece], second: Sequence[Piece]) -> bool:
        """May two neighbours meet on one cut: all of one size, and of one colour, or two rows
        whose colours run alike piece by piece as far as the shorter goes (a blue run beside a
        red one over another such pair: every piece meets one of its own colour across the cut,
        or none)?"""
        pieces = [*first, *second]
        if len({(p.width, p.height) for p in pieces}) != 1 or _punch_room(pieces):
            return False
        common = min(len(first), len(second))
        return len(_colours(pieces)) == 1 or [p.colour for p in first[:common]] == [p.colour for p in second[:common]]

    def between(self, first: Sequence[Piece], second: Sequence[Piece], share: bool) -> float:
        """The narrowest gutter between two neighbours (pieces, or rows of pieces)."""
        if (share or self.cut_shared([*first, *second])) and self.can_share(first, second):
            return 0.0
        colours = _colours([*first, *second])
        if len(colours) == 1:
            return max(self.least, _punch_room([*first, *second]))
        if any(_distinct(a, b) for a, b in itertools.combinations(sorted(colours, key=str), 2)):
            return max(self.least, _colour_gutter([*first, *second]))
        return max(self.least, MIN_GUTTER_MM)

    def in_row(self, pieces: Sequence[Piece]) -> list[float]:
        return [self.beside(left, right) for left, right in zip(pieces, pieces[1:])]

    def beside(self, left: Piece, right: Piece) -> float:
        """`between` for two pieces side by side in a row (asked thousands of times a kit)."""
        same_size = (left.width, left.height) == (right.width, right.height)
        if left.colour == right.colour:
            room = _punch_room((left, right))
            return 0.0 if self.cut_shared((left, right)) and same_size and not room else max(self.least, room)
        gutter = max(self.least, _colour_gutter((left, right)) if _distinct(left.colour, right.colour) else MIN_GUTTER_MM)
        return _whole_cells(gutter, left.width) if same_size and _on_grid((left, right)) else gutter

    def of_rows(self, shelves: Sequence[Shelf], share: bool | None = None) -> list[float]:
        share = self.share_rows or self.shared if share is None else share
        return [self.between(above.pieces, below.pieces, share) for above, below in zip(shelves, shelves[1:])]

    def row_width(self, pieces: Sequence[Piece]) -> float:
        return sum(piece.width for piece in pieces) + sum(self.in_row(pieces))

    def height(self, shelves: Sequence[Shelf]) -> float:
        """How much of the page's height its rows take."""
        return sum(shelf.height for shelf in shelves) + sum(self.of_rows(shelves))


def _punch_room(pieces: Iterable[Piece]) -> float:
    """The gutter round pieces whose cut circle fills their box need so that neighbouring
    circles are PUNCH_GAP_MM apart (0 when every piece has that room inside its box, as a
    punch cell gives it): `--cut shared` laid Garden Dice's sun tokens edge to edge."""
    room = 0.0
    for piece in pieces:
        component = piece.component
        if component.outline == "circle":
            box = min(component.width_mm, component.height_mm)
            room = max(room, PUNCH_GAP_MM - (box - min(component.footprint or (box, box))))
    return room


def _colour_gutter(pieces: Iterable[Piece]) -> float:
    """The gutter between pieces of distinct colours: CIRCLE_GUTTER_MM when every one is cut on
    its circle only (Propagation's tokens: their rows of four colours took a 12th Letter page
    with 6 mm between them), else COLOUR_GUTTER_MM."""
    return CIRCLE_GUTTER_MM if all(piece.component.cut_on_circle for piece in pieces) else COLOUR_GUTTER_MM


def _on_grid(pieces: Iterable[Piece]) -> bool:
    """Do these pieces lie on one grid of shared cuts in every build (Component.shared_cuts):
    every cut between them runs straight across the sheet?"""
    return all(piece.component.shared_cuts for piece in pieces)


def _whole_cells(gutter: float, pitch: float) -> float:
    """A gutter on a grid of shared cuts, as whole cells: where the colour changes in a row
    the next piece skips a cell (or more) instead of shifting the rest of the row off the
    grid, so every column's cut still runs straight across the sheet."""
    return math.ceil(gutter / pitch - EPS) * pitch


def _edge_colours(component: Component) -> tuple[str, str | None]:
    """A piece's colours at its edges, front and back (as Piece.colour)."""
    back = component.back
    return component.front.edge_colour.upper(), None if back is None else back.edge_colour.upper()


@lru_cache(maxsize=1024)
def _distinct(a: tuple[str, str | None], b: tuple[str, str | None]) -> bool:
    """Do two pieces' colours (front, back) differ at a glance on either side?"""
    return distinct(a[0], b[0]) or (a[1] is not None and b[1] is not None and distinct(a[1], b[1]))


def _spread(slack: float, least: list[float], bleed: float, gapped: list[bool]) -> list[float]:
    """Gutters for a line of pieces with `slack` mm to spare: each gapped gutter room for both
    bleeds where the page has it (half a gutter left at each outer edge), never under its
    `least`; where the slack is too short for that, all of it goes to the gutters above their
    least. A gutter not `gapped` (a shared cut) stays 0."""
    count = sum(gapped)
    if not count:
        return [0.0] * len(least)
    wanted = min(2 * bleed, slack / (count + 1))
    gaps = [max(low, wanted) if gap else 0.0 for low, gap in zip(least, gapped)]
    lowest = sum(low for low, gap in zip(least, gapped) if gap)
    if sum(gaps) > slack + EPS and sum(gaps) > lowest + EPS:
        t = max(0.0, slack - lowest) / (sum(gaps) - lowest)
        gaps = [low + (gap - low) * t if on else 0.0 for low, gap, on in zip(least, gaps, gapped)]
    return gaps


def _pieces(components: Sequence[Component], area: Rect4, gap: float, row_gap: float | None = None) -> list[Piece]:
    """Every copy, turned 90 degrees when that saves its size group a page, tallest first
    (first-fit decreasing height packs shelves tightly); equal heights keep kit order.
    `row_gap`: the gutter between rows, when rows may share their cuts (0)."""
    groups: dict[tuple[float, float, float], list[tuple[Component, int]]] = {}
    for component in components:
        scale = _fit_scale(component, area) or 1.0
        groups.setdefault((component.width_mm * scale, component.height_mm * scale, scale), []).extend(
            (component, number) for number in range(1, component.count + 1))
    pieces = []
    for (width, height, scale), copies in groups.items():
        # (pieces on a grid of shared cuts have no gutter in it: Garden Variety's cards lie 3
        # across tabloid turned, 266.7 mm in 267.4 mm, where gutters would leave room for 2)
        grid = all(c.shared_cuts for c, _ in copies)
        across = 0.0 if grid else gap
        upright = _per_page(width, height, area, across, 0.0 if grid else row_gap)
        turned = _per_page(height, width, area, across, 0.0 if grid else row_gap)
        rotated = upright == 0 or (turned > 0 and math.ceil(len(copies) / turned) < math.ceil(len(copies) / upright))
        piece_w, piece_h = (height, width) if rotated else (width, height)
        columns = _across(piece_w, area[2], across)
        pieces += [Piece(component, number, piece_w, piece_h, rotated, columns, scale) for component, number in copies]
    return sorted(pieces, key=lambda piece: -piece.height)


def _orders(pieces: list[Piece]) -> list[list[Piece]]:
    """The orders the shelves are packed in: tallest first with equal heights in kit order, and,
    where pieces of one height differ in width, widest first among them (Cottage Garden's 36
    flower tiles of a few shapes: two Letter pages instead of three). The fewer pages win; on a
    tie, kit order."""
    widest = sorted(pieces, key=lambda piece: (-piece.height, -piece.width))
    return [pieces] if widest == pieces else [pieces, widest]


def _size_groups(pieces: list[Piece]) -> list[list[Piece]]:
    groups: dict[tuple[float, float], list[Piece]] = {}
    for piece in pieces:
        groups.setdefault((piece.width, piece.height), []).append(piece)
    return list(groups.values())


def _paginate(pieces: list[Piece], area: Rect4, gutters: Gutters) -> list[list[Shelf]]:
    """Shelves, tallest pieces first: each piece joins a shelf of the page being filled that
    has the width and height for it, else opens a shelf below, else a new page. Pieces of one
    size, and pieces of one kind, stay together: a group that fits on a page of its own is not
    split over two (36 flower tiles on one sheet, not 11 beside the flowerbeds and 25 on the
    next), and earlier pages are not back-filled."""
    pages: list[list[Shelf]] = []
    kinds: set[str] = set()
    for group in _size_groups(pieces):
        kind = group[0].component.kind
        whole = [] if kind in kinds else [p for p in pieces if p.component.kind == kind]
        kinds.add(kind)
        # (a kind of one size is its size group; one larger than a page's area needs no trying)
        together = [whole, group] if len(whole) > len(group) and \
            sum(p.width * p.height for p in whole) <= area[2] * area[3] else [group]
        if pages and any(gutters.one_page(pieces_, area)
                         and len(_paginate_onto(_clone(pages[-1]), pieces_, area, gutters)) > 1 for pieces_ in together):
            pages.append([])
        if not pages:
            pages.append([])
        pages[-1:] = _paginate_onto(pages[-1], group, area, gutters)
    return pages


def _clone(page: list[Shelf]) -> list[Shelf]:
    return [Shelf(shelf.height, list(shelf.pieces), shelf.span) for shelf in page]


def _paginate_onto(page: list[Shelf], group: list[Piece], area: Rect4, gutters: Gutters) -> list[list[Shelf]]:
    pages = [page]
    members: dict[str, list[Piece]] = {}
    for piece in group:
        if piece.component.run is not None:
            members.setdefault(piece.component.run, []).append(piece)
    runs = {run: gutters.row_width(pieces) for run, pieces in members.items()}  # each run's width as a row
    for piece in group:
        if not (_fit_in_shelf(pages[-1], piece, area, gutters, runs) or _fit_below(pages[-1], piece, area, gutters)):
            pages.append([Shelf(piece.height, [piece], piece.width)])
    return pages


def _fit_in_shelf(shelves: list[Shelf], piece: Piece, area: Rect4, gutters: Gutters,
                  runs: dict[str, float]) -> bool:
    """A piece joins a shelf of its own kind or size only, and of its own run: a marker tucked
    into the end of a row of tokens is a lone piece away from the rest of its kind. A run
    (one player's tokens of one kind) may start beside another run of the same size when the
    whole of it fits in the rest of the row; its pieces then follow there."""
    run = piece.component.run
    for index, shelf in enumerate(shelves):
        if piece.height > shelf.height + EPS or shelf.span + piece.width > area[2] + EPS:
            continue
        span = shelf.span + gutters.beside(shelf.pieces[-1], piece) + piece.width
        if span > area[2] + EPS:
            continue
        continuing = run is not None and shelf.pieces[-1].component.run == run
        if not (continuing or all(_alike(other, piece) for other in shelf.pieces)):
            beside = _beside_runs(shelf, piece, span - piece.width + runs[run] <= area[2] + EPS if run else True)
            if not beside:
                continue
        # a colour new to the row may widen the gutters above and below it
        if all(other.colour != piece.colour for other in shelf.pieces):
            grown = shelves[:index] + [Shelf(shelf.height, shelf.pieces + [piece])] + shelves[index + 1:]
            if gutters.height(grown) > area[3] + EPS:
                continue
        shelf.pieces.append(piece)
        shelf.span = span
        return True
    return False


def _beside_runs(shelf: Shelf, piece: Piece, whole_run_fits: bool) -> bool:
    """May the piece start beside the runs of a shelf? A run, of their kind and size, when the
    whole of it fits in the rest of the row; a piece of no run (nothing of it to keep
    together) wherever it fits: Propagation's rocks and markers fill the ends of the rows of
    apple trees instead of taking rows of their own."""
    run = piece.component.run
    if run is None:
        return any(other.component.run is not None for other in shelf.pieces)
    return whole_run_fits and all(other.component.kind == piece.component.kind
                                  and (other.width, other.height) == (piece.width, piece.height)
                                  and other.component.run != run for other in shelf.pieces)


def _alike(a: Piece, b: Piece) -> bool:
    if a.component.run != b.component.run:
        return False
    return a.component.kind == b.component.kind or (a.width, a.height) == (b.width, b.height)


def _fit_below(shelves: list[Shelf], piece: Piece, area: Rect4, gutters: Gutters) -> bool:
    below = Shelf(piece.height, [piece], piece.width)
    if gutters.height(shelves + [below]) <= area[3] + EPS:
        shelves.append(below)
        return True
    return False


def _balance(pages: list[list[Shelf]], area: Rect4, gutters: Gutters) -> list[list[Shelf]]:
    """A last page left nearly empty (a few rows of the smallest pieces) takes whole size
    groups from the foot of the page before it, smallest first, while it still fits one page
    and the two pages come nearer an even share: two well-filled sheets instead of a crammed
    one (whose rows must share their cuts) and an almost blank one."""
    used = gutters.height
    if len(pages) < 2 or used(pages[-1]) >= area[3] / 2:
        return pages  # a last page half full or more is left as it is
    before, last = pages[-2], pages[-1]
    while True:
        groups = _size_groups(_page_pieces(before))
        if len(groups) < 2:
            break
        kept = [piece for group in groups[:-1] for piece in group]
        moved = sorted(groups[-1] + _page_pieces(last), key=lambda piece: -piece.height)
        fuller, emptier = _paginate(moved, area, gutters), _paginate(kept, area, gutters)
        if len(fuller) > 1 or abs(used(fuller[0]) - used(emptier[0])) >= abs(used(last) - used(before)):
            break
        before, last = emptier[0], fuller[0]
    return pages[:-2] + [before, last]


def _merge_pages(pages: list[list[Shelf]], area: Rect4, gutters: Gutters) -> list[list[Shelf]]:
    """Pages whose pieces fit together on one page are packed onto one (two nearly empty
    sheets become one sheet)."""
    merged: list[list[Shelf]] = []
    for page in pages:
        if not _merge_into(merged, page, area, gutters):
            merged.append(page)
    return merged


def _merge_into(pages: list[list[Shelf]], page: list[Shelf], area: Rect4, gutters: Gutters) -> bool:
    """Repacks `page` together with the first of `pages` that can take all of it."""
    for index, earlier in enumerate(pages):
        together = sorted(_page_pieces(earlier) + _page_pieces(page), key=lambda piece: -piece.height)
        repacked = _paginate(together, area, gutters)
        if len(repacked) == 1:
            pages[index] = repacked[0]
            return True
    return False


def _page_pieces(page: list[Shelf]) -> list[Piece]:
    return [piece for shelf in page for piece in shelf.pieces]


def _stock(component: Component) -> str:
    """Pieces printed on different stock never share a page: pads (sheets to write on,
    printed again and again) on plain paper of their own; stickers (glued on) together with
    the pieces for plain paper (aids, sheets); the rest, and aids asked for on card, on card."""
    if component.kind == "pad":
        return "pad"
    if component.kind in ("sticker", "aid", "sheet") and not component.on_card:
        return "paper"
    return "card"


def _pages(components: Sequence[Component], area: Rect4, gutters: Gutters, bleed: float) -> list[list[Shelf]]:
    """Pages of two-sided pieces first (one two-sided print run), then of one-sided ones,
    each stock on pages of its own. A page of one-sided pieces that fits on a two-sided page
    of its stock joins it: that sheet goes through the printer twice anyway, and a one-sided
    piece only leaves blank paper behind it."""
    from pnp.cuts import sheet_cuts  # (pnp.cuts reads impositions: imported when first needed)

    tight = replace(gutters, share_rows=True)

    def cuts(pages: list[list[Shelf]], rows: Gutters) -> int:
        return sum(sheet_cuts([slot.rect for slot in _place_shelves(shelves, area, bleed, rows)], area[0] + area[2],
                              area[1] + area[3]) for shelves in pages)

    def paginate(selected: list[Component], gutters: Gutters) -> list[list[Shelf]]:
        pieces = _pieces(selected, area, gutters.least, 0.0 if gutters.share_rows else None)
        best: list[list[Shelf]] | None = None
        for order in _orders(pieces):
            pages = _balance(_merge_pages(_paginate(order, area, gutters), area, gutters), area, gutters)
            if best is None or len(pages) < len(best):
                best = pages
        assert best is not None
        return best

    def packed(selected: list[Component], rows: Gutters) -> list[list[Shelf]]:
        return paginate(selected, rows) if selected else []

    two_sided: list[list[Shelf]] = []
    one_sided: list[list[Shelf]] = []
    for stock in dict.fromkeys(_stock(c) for c in components):
        on_stock = [c for c in components if _stock(c) == stock]
        # Gutters between all rows, unless rows of one size and one colour sharing their cuts
        # saves sheets (counted after the one-sided pieces have joined the two-sided pages), or
        # takes as many sheets and fewer cuts (Garden Variety's Letter pages of nine cards of
        # one colour, where cards turned with gutters fit eight).
        best: tuple[list[list[Shelf]], list[list[Shelf]], Gutters] | None = None
        for rows in (gutters, tight):
            backed = packed([c for c in on_stock if c.double_sided], rows)
            if best is not None and len(backed) > len(best[0]) + len(best[1]):
                continue  # (one-sided pages joining it could not make it fewer)
            alone = [page for page in packed([c for c in on_stock if not c.double_sided], rows)
                     if not _merge_into(backed, page, area, tight)]
            if best is None or len(backed) + len(alone) < len(best[0]) + len(best[1]) or (
                    len(backed) + len(alone) == len(best[0]) + len(best[1])
                    and cuts(backed + alone, rows) < cuts(best[0] + best[1], best[2])):
                best = (backed, alone, rows)
        assert best is not None
        two_sided += best[0]
        one_sided += best[1]
    return two_sided + one_sided


def _shelf_frames(components: Sequence[Component], paper: Paper, bleed: float, shared: bool) -> list[Frame]:
    """The pages of these pieces, with the footer's band at the bottom of the page or, when
    that costs a sheet, down its left side."""
    gutters = Gutters(0.0 if shared else MIN_GUTTER_MM, shared=shared)
    best: list[Frame] | None = None
    for band in FOOTER_SIDES:
        frames = _band_frames(components, paper, band, bleed, gutters)
        if frames is not None and (best is None or len(frames) < len(best)):
            best = frames
    return best or []


FOOTER_SIDES: tuple[Band, ...] = ("bottom", "left")


def _band_frames(components: Sequence[Component], paper: Paper, band: Band, bleed: float,
                 gutters: Gutters) -> list[Frame] | None:
    """The pages of these pieces with the footer along `band`; None when a piece fits no page
    that way."""
    # the area keeping room for the bleed along the band, unless a piece fits only without it
    area = next((area for area in (_packing_area(paper, band), _printable(paper, band))
                 if all(_fit_scale(c, area) is not None for c in components)), None)
    if area is None:
        return None
    return [Frame(_centred_across(_lowered_for_ticks(slots, area, bleed), paper, area), band)
            for slots in _fill_blanks(_pages(components, area, gutters, bleed), area, bleed, gutters)]


def tick_room_margin(bleed: float) -> float:
    """The least trim margin at which an outer tick has its full room beyond a piece's bleed:
    from TICK_EDGE_MM, CLEAR_TICK_MM long, ending BLEED_CLEARANCE_MM short of the bleed
    (clear_outer_tick)."""
    return TICK_EDGE_MM + CLEAR_TICK_MM + BLEED_CLEARANCE_MM + bleed


def _lowered_for_ticks(slots: list[Slot], area: Rect4, bleed: float) -> list[Slot]:
    """The page's pieces moved down, all together, just far enough for the top row's outer
    ticks to have their full room (tick_room_margin), where the paper spare at the foot
    allows it all: packed from the top, the top row's bleed lay 4 mm from the paper's edge and
    its ticks ran 1-2 mm over it, while Garden Dice's third page kept 28 mm spare at its foot.
    The rest of the spare stays one piece at the foot, and the move never takes a row into
    the footer's band (the area ends before it)."""
    top = min(slot.rect[1] for slot in slots)
    bottom = max(slot.rect[1] + slot.rect[3] for slot in slots)
    shift = tick_room_margin(bleed) - top
    if shift <= EPS or bottom + shift > area[1] + area[3] + EPS:
        return slots
    return [replace(slot, rect=(slot.rect[0], slot.rect[1] + shift, *slot.rect[2:]),
                    matrix=compose(translation(0.0, shift), slot.matrix)) for slot in slots]


def _centre_on(length: float, paper_length: float, low: float, room: float) -> float:
    """Where a block `length` long starts to be centred on the paper, kept inside low..low+room
    (a footer's band on one side leaves the area off-centre)."""
    return min(max((paper_length - length) / 2, low), low + room - length)


def _centred_across(slots: list[Slot], paper: Paper, area: Rect4) -> list[Slot]:
    """The page's pieces moved sideways, all together, so that their block is centred across
    the sheet as far as the area allows: rows laid out in the area less a footer down the
    left side sat that band's width right of centre (Garden Variety's Letter cards 15.7 mm
    from the left edge, 9.7 mm from the right). Up and down, see _lowered_for_ticks."""
    left, right = min(slot.rect[0] for slot in slots), max(slot.rect[0] + slot.rect[2] for slot in slots)
    shift = _centre_on(right - left, paper.width_mm, area[0], area[2]) - left
    if abs(shift) < EPS:
        return slots
    return [replace(slot, rect=(slot.rect[0] + shift, *slot.rect[1:]), matrix=compose(translation(shift, 0.0), slot.matrix))
            for slot in slots]


def _fill_blanks(pages: list[list[Shelf]], area: Rect4, bleed: float, gutters: Gutters) -> list[list[Slot]]:
    """The pages laid out, with each kind of piece that has rows of its own moved, all of it,
    into a blank of one page of its stock and sides where it fits whole: the free corner beside
    a page's short rows, which shelves cannot fill (Propagation's round marker sat alone in a
    strip at the top of a token page, beside a 95 x 100 mm blank next to the apple trees of
    the page before). The page of its first rows is tried first, then the pages before it; a
    page left empty is dropped."""
    laid = [_place_shelves(shelves, area, bleed, gutters) for shelves in pages]
    filled: set[int] = set()  # pages given a block: laid again, their rows would run into it
    for kind in dict.fromkeys(piece.component.kind for shelves in pages for piece in _page_pieces(shelves)):
        rows = {index: [shelf for shelf in shelves if shelf.pieces[0].component.kind == kind]
                for index, shelves in enumerate(pages)}
        rows = {index: found for index, found in rows.items() if found}
        block_rows = [shelf for found in rows.values() for shelf in found]
        if not _rows_of_its_own(kind, pages) or len({_sides(found) for found in rows.values()}) > 1 \
                or filled & rows.keys():
            continue
        # back towards the front only: earlier pages fill up and the last ones empty
        block, first = _block(block_rows, gutters), min(rows)
        targets = [page for page in range(first, -1, -1) if rows.keys() != {page}
                   and [shelf for shelf in pages[page] if shelf not in block_rows]
                   and _sides(pages[page]) == _sides(block_rows)]
        for target in targets:
            kept = [shelf for shelf in pages[target] if shelf not in block_rows]
            base = _place_shelves(kept, area, bleed, gutters) if target in rows else laid[target]
            corner = _blank(base, block, area)
            if corner is None:
                continue
            for source in rows:
                pages[source] = [shelf for shelf in pages[source] if shelf not in block_rows]
                laid[source] = _place_shelves(pages[source], area, bleed, gutters) if pages[source] else []
            laid[target] = base + [replace(slot, rect=(slot.rect[0] + corner[0], slot.rect[1] + corner[1],
                                                       *slot.rect[2:]),
                                           matrix=compose(translation(*corner), slot.matrix)) for slot in block]
            filled.add(target)
            break
    return [slots for slots in laid if slots]


def _rows_of_its_own(kind: str, pages: list[list[Shelf]]) -> bool:
    """Does every row holding a piece of this kind hold that kind only?"""
    return all(all(piece.component.kind == kind for piece in shelf.pieces) for shelves in pages for shelf in shelves
               if any(piece.component.kind == kind for piece in shelf.pieces))


def _sides(shelves: list[Shelf]) -> tuple[str, bool]:
    """The stock a page's pieces print on and whether they have backs: pieces move only
    between pages alike in both (a back page follows a page of two-sided pieces)."""
    pieces = _page_pieces(shelves)
    return _stock(pieces[0].component), any(piece.component.double_sided for piece in pieces)


def _block(rows: list[Shelf], gutters: Gutters) -> list[Slot]:
    """Rows of pieces laid one under another from (0, 0), each from its left, with the
    gutters the page would give them."""
    slots, y = [], 0.0
    for row, gap in zip(rows, gutters.of_rows(rows) + [0.0]):
        x = 0.0
        for piece, beside in zip(row.pieces, gutters.in_row(row.pieces) + [0.0]):
            slots.append(Slot(piece.component, piece.copy, (x, y, piece.width, piece.height), piece.rotated,
                              _placing(piece.component, x, y, piece.rotated, piece.scale), scale=piece.scale))
            x += piece.width + beside
        y += row.height + gap
    return slots


def _blank(slots: list[Slot], block: list[Slot], area: Rect4) -> tuple[float, float] | None:
    """The highest, then leftmost, place in the area for the block, COLOUR_GUTTER_MM clear of
    every piece already on the page (a gutter for any two colours, each piece's bleed in it):
    at the area's left edge or beside a piece, level with a piece's top or under one."""
    width = max(slot.rect[0] + slot.rect[2] for slot in block)
    height = max(slot.rect[1] + slot.rect[3] for slot in block)
    ax, ay, aw, ah = area
    clear = COLOUR_GUTTER_MM
    xs = [ax] + [x + w + clear for x, _, w, _ in (slot.rect for slot in slots)]
    ys = [y for _, y, _, _ in (slot.rect for slot in slots)] + [y + h + clear for _, y, _, h in (slot.rect for slot in slots)]
    for y in sorted(set(ys)):
        for x in sorted(set(xs)):
            if x + width > ax + aw + EPS or y + height > ay + ah + EPS:
                continue
            if all(x + width + clear <= sx + EPS or sx + sw + clear <= x + EPS or
                   y + height + clear <= sy + EPS or sy + sh + clear <= y + EPS for sx, sy, sw, sh in
                   (slot.rect for slot in slots)):
                return (x, y)
    return None


def _colours(pieces: Iterable[Piece]) -> set[tuple[str, str | None]]:
    """The colours the pieces print at their edges, front and back: one cut may serve two pieces only
    when they are of one colour, or a slightly off cut shows the neighbour's colour."""
    return {piece.colour for piece in pieces}


def _place_shelves(shelves: list[Shelf], area: Rect4, bleed: float, gutters: Gutters) -> list[Slot]:
    """The page's pieces in their rows, each row moved to share a cut line with the row above
    where that takes no more cuts on the page (it may take fewer: a line shared, not two)."""
    from pnp.cuts import sheet_cuts  # (pnp.cuts reads impositions: imported when first needed)

    shelves = _notes_under_stickers(shelves)
    aligned, centred = (_laid_rows(shelves, area, bleed, gutters, align) for align in (True, False))
    width, height = area[0] + area[2], area[1] + area[3]
    if sheet_cuts([slot.rect for slot in aligned], width, height) <= sheet_cuts([slot.rect for slot in centred],
                                                                                 width, height):
        return aligned
    return centred


def _notes_under_stickers(shelves: list[Shelf]) -> list[Shelf]:
    """A sticker sheet's note (a row of pieces not cut out) goes right under the last row of
    stickers it speaks of, not wherever its height puts it (Harvest Dice's sat 130 mm below
    them, under the player cards)."""
    def is_note(shelf: Shelf) -> bool:
        return all(not piece.component.cut_out for piece in shelf.pieces)

    stickers = [index for index, shelf in enumerate(shelves)
                if any(piece.component.kind == "sticker" and piece.component.cut_out for piece in shelf.pieces)]
    notes = [shelf for shelf in shelves if is_note(shelf)]
    if not stickers or not notes:
        return shelves
    rest = [shelf for shelf in shelves if not is_note(shelf)]
    last = rest.index(shelves[stickers[-1]])
    return rest[:last + 1] + notes + rest[last + 1:]


def _laid_rows(shelves: list[Shelf], area: Rect4, bleed: float, gutters: Gutters, align: bool) -> list[Slot]:
    ax, ay, aw, ah = area
    total = sum(shelf.height for shelf in shelves)
    # Rows of one size and one colour with no room for gutters between them share their cuts
    # instead (as --cut shared lays them).
    share = gutters.shared or total + sum(gutters.of_rows(shelves, share=False)) > ah + EPS
    pairs = list(zip(shelves, shelves[1:]))
    gapped = [not ((share or gutters.cut_shared([*above.pieces, *below.pieces]))
                   and gutters.can_share(above.pieces, below.pieces)) for above, below in pairs]
    gaps = _spread(ah - total, gutters.of_rows(shelves, share), bleed, gapped)
    # packed from the top, a little below the least margin: the spare paper is left in one
    # piece at the foot (stickers in a band along the top: the sheet is cut under them and the
    # rest kept), not split into an empty band above the pieces and one below
    y = ay + min(EDGE_KEEP_MM, (ah - total - sum(gaps)) / 2)
    slots = []
    above: list[float] = []  # the cut lines (left and right edges) of the row above
    for shelf, gap_below in zip(shelves, gaps + [0.0]):
        lefts = _columns(shelf, ax, aw, bleed, gutters)
        if align:
            # a row on a grid of shared cuts may move up to half its pitch onto the row above's
            # lines: Garden Dice's 11 mm discs under its 22 mm tokens, 5.5 mm off on A4
            reach = max(ALIGN_MM, shelf.pieces[0].width / 2) if _on_grid(shelf.pieces) else ALIGN_MM
            lefts = _lined_up(lefts, [p.width for p in shelf.pieces], above, ax, aw, reach)
        above = [edge for x, piece in zip(lefts, shelf.pieces) for edge in (x, x + piece.width)]
        for piece, x in zip(shelf.pieces, lefts):
            slots.append(Slot(piece.component, piece.copy, (x, y, piece.width, piece.height), piece.rotated,
                              _placing(piece.component, x, y, piece.rotated, piece.scale), scale=piece.scale))
        y += shelf.height + gap_below
    return slots


def _lined_up(lefts: list[float], widths: list[float], above: list[float], ax: float, aw: float,
              reach: float = ALIGN_MM) -> list[float]:
    """A row moved sideways by up to `reach` so that as few of its cut lines as it can lie
    near one of the row above's without being on it (0 to DOUBLED_MARK_MM apart: two ticks a
    hair apart read as one mark doubled), and, of the moves that leave as few, as many of its
    lines as it can are on the row above's (one cut instead of two): Cottage Garden's die
    stickers 2.6 mm left of the aids above them, Garden Dice's sun tokens 0.7 mm off the
    sundial's column. The smallest such move; a move leaving the printable area is not made."""
    edges = [edge for x, w in zip(lefts, widths) for edge in (x, x + w)]
    if not edges or not above:
        return lefts

    def crowding(move: float) -> tuple[int, int, float]:
        apart = [abs(line - edge - move) for line in above for edge in edges]
        return (sum(EPS < d < DOUBLED_MARK_MM for d in apart), -sum(d <= EPS for d in apart), abs(move))

    moves = [0.0] + [line - edge for line in above for edge in edges if abs(line - edge) <= reach + EPS]
    fitting = [m for m in moves if lefts[0] + m >= ax - EPS and lefts[-1] + widths[-1] + m <= ax + aw + EPS]
    best = min(fitting or [0.0], key=crowding)
    return [x + best for x in lefts]


def _placing(component: Component, x: float, y: float, rotated: bool, scale: float) -> Affine:
    """Face coordinates -> page: scaled, turned a quarter when `rotated`, its corner at (x, y)."""
    w, h = component.width_mm * scale, component.height_mm * scale
    turn = quarter_turn(w, h) if rotated else IDENTITY
    return compose(translation(x, y), compose(turn, (scale, 0.0, 0.0, scale, 0.0, 0.0)))


def _columns(shelf: Shelf, ax: float, aw: float, bleed: float, gutters: Gutters) -> list[float]:
    """Left edges of a shelf's pieces. A row of one size sits on that size's full-row grid
    (a short last row lines up with the rows above), moved on by the wider gutter where its
    colour changes when that still fits; a mixed row spreads its own pieces. `--cut shared`
    lays a row of one size edge to edge, with a gutter only where the colour changes (two
    colours never share a cut)."""
    first = shelf.pieces[0]
    uniform = all((p.width, p.height) == (first.width, first.height) for p in shelf.pieces)
    least = gutters.in_row(shelf.pieces)
    gapped = [not (gutters.cut_shared((left, right)) and gutters.can_share([left], [right]))
              for left, right in zip(shelf.pieces, shelf.pieces[1:])]
    if uniform and first.columns > 1:
        grid = _spread(aw - first.width * first.columns, [gutters.least] * (first.columns - 1), bleed,
                       [not gutters.cut_shared(shelf.pieces)] * (first.columns - 1))
        x = ax + (aw - first.width * first.columns - sum(grid)) / 2
        gaps = [max(low, pitch) if on else low for low, pitch, on in zip(least, grid, gapped)]
        if x + first.width * len(shelf.pieces) + sum(gaps) <= ax + aw + EPS:
            return _lefts(x, [first.width] * len(shelf.pieces), gaps)
    widths = [p.width for p in shelf.pieces]
    gaps = _spread(aw - sum(widths), least, bleed, gapped)
    return _lefts(ax + (aw - sum(widths) - sum(gaps)) / 2, widths, gaps)


def _lefts(x: float, widths: list[float], gaps: list[float]) -> list[float]:
    lefts = []
    for width, gap in zip(widths, gaps + [0.0]):
        lefts.append(x)
        x += width + gap
    return lefts


# --- boards larger than the page: portions, seams and the joining instruction -----------------

def _hinged(component: Component) -> bool:
    """Are the board's portions taped into a hinge (abutting, each trimmed on the seam)
    rather than glued over an overlap? Decided here alone for portions and seams."""
    return component.join == "hinge"


def _overlap(component: Component) -> float:
    """How far a portion reaches under the one before it: a glue zone, or nothing where the
    portions abut on a hinge."""
    return 0.0 if _hinged(component) else TILE_OVERLAP_MM


def _tile_count(length: float, room: float, overlap: float) -> int:
    if length <= room + EPS:
        return 1
    return math.ceil((length - overlap) / (room - overlap) - EPS)


def _tile_frames(component: Component, paper: Paper, first_page: int) -> list[Frame]:
    """A piece larger than the printable area, cut into portions that overlap by
    TILE_OVERLAP_MM. At each seam the earlier portion (left, or upper) is trimmed on a
    line; the later one keeps the overlap as a glue zone, marked, with a one-line joining
    instruction, and both carry matching alignment marks at the two ends of the seam.
    Seams run on grid lines and gutters: never through a play space or a word of the piece.
    A board joined by a hinge has no overlap: both portions are trimmed on the seam, arrows
    tip to tip, to be taped together on the back. The footer runs along the bottom of each portion's page or, when that saves portions (a
    board a few millimetres taller than the page less its footer), down its left side."""
    w, h = component.width_mm, component.height_mm
    overlap = _overlap(component)
    layouts: list[tuple[int, bool, Band, Rect4]] = []
    footers: tuple[Band, ...] = ("bottom", "left")
    for band in footers:
        room = _printable(paper, band)
        layouts += [(_tile_count(w, room[2], overlap) * _tile_count(h, room[3], overlap), False, band, room),
                    (_tile_count(h, room[2], overlap) * _tile_count(w, room[3], overlap), True, band, room)]
    _, rotated, band, area = min(layouts, key=lambda layout: layout[0])  # the first of the fewest
    piece_w, piece_h = (h, w) if rotated else (w, h)
    turn = quarter_turn(w, h) if rotated else IDENTITY
    cols, rows = _tile_count(piece_w, area[2], overlap), _tile_count(piece_h, area[3], overlap)
    words = _words(component)
    clear = [_turned_box(turn, box) for box in _keep_clear(component, words)]
    columns = _portions(piece_w, cols, area[2], [(x0, x1) for x0, _, x1, _ in clear], overlap)
    bands = _portions(piece_h, rows, area[3], [(y0, y1) for _, y0, _, y1 in clear], overlap)
    frames = []
    stride = 2 if component.double_sided else 1  # a two-sided portion's back page follows it
    for copy_index in range(component.count):
        first = first_page + copy_index * rows * cols * stride
        page_of = {(r, c): first + (r * cols + c) * stride for r in range(rows) for c in range(cols)}
        for row, (top, bottom) in enumerate(bands):
            for col, (left, right) in enumerate(columns):
                part_w, part_h = right - left, bottom - top
                x = _centre_on(part_w, paper.width_mm, area[0], area[2])
                y = _centre_on(part_h, paper.height_mm, area[1], area[3])
                slot = Slot(component, copy_index + 1, (x, y, part_w, part_h), rotated,
                            compose(translation(x - left, y - top), turn), tile=(row + 1, col + 1))
                printed = [_turned_box(slot.matrix, box) for box in words]
                seams = _seams(slot.rect, row, col, rows, cols, page_of, printed, _hinged(component))
                frames.append(Frame([slot], band, seams=seams))
    return frames


def _keep_clear(component: Component, words: list[Box]) -> list[Box]:
    """The boxes a seam must not cross, in the piece's own millimetres: its play spaces and
    its words."""
    return [(x, y, x + w, y + h) for x, y, w, h in (space.box for space in component.spaces)] + words


def _words(component: Component) -> list[Box]:
    """The boxes of the piece's words, in its own millimetres. (Imported here: the checks
    read imposed pages, so they import this module.)"""
    from pnp.checks import words

    return [box for _, box in words(component.front.shapes)]


def _turned_box(turn: Affine, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    corners = [apply(turn, x, y) for x in (x0, x1) for y in (y0, y1)]
    return (min(p[0] for p in corners), min(p[1] for p in corners),
            max(p[0] for p in corners), max(p[1] for p in corners))


def _portions(length: float, count: int, room: float, blocked: list[tuple[float, float]],
              overlap: float = TILE_OVERLAP_MM) -> list[tuple[float, float]]:
    """Where each of `count` portions of a `length` starts and ends along one axis. Each seam
    sits as near an equal split as it can in a gap between blocked spans (SEAM_MARGIN_MM from
    either side where the gap allows, else in its middle), every portion no longer than `room`;
    the later portion starts `overlap` before the seam, its glue zone (none on a hinge)."""
    gaps = _gaps(length, blocked)
    cuts: list[float] = []
    for index in range(1, count):
        start = cuts[-1] - overlap if cuts else 0.0
        later = count - index  # portions after this seam
        ideal = start + (length - start + later * overlap) / (later + 1)
        possible = [at for at in (_nearest_in(gap, ideal) for gap in gaps)
                    if start < at and at - start <= room + EPS
                    and length - (at - overlap) <= later * room - (later - 1) * overlap + EPS]
        cuts.append(min(possible, key=lambda at: abs(at - ideal)) if possible else ideal)
    starts = [0.0] + [cut - overlap for cut in cuts]
    return list(zip(starts, cuts + [length]))


def _gaps(length: float, blocked: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The stretches of 0..length no blocked span covers (touching a span's edge is allowed)."""
    gaps, reached = [], 0.0
    for low, high in sorted(blocked):
        if low - reached > -EPS:
            gaps.append((reached, low))
        reached = max(reached, high)
    if reached < length:
        gaps.append((reached, length))
    return [(max(0.0, low), min(length, high)) for low, high in gaps if high > 0.0 and low < length]


def _nearest_in(gap: tuple[float, float], ideal: float) -> float:
    low, high = gap
    margin = min(SEAM_MARGIN_MM, (high - low) / 2)
    return min(max(ideal, low + margin), high - margin)


def _seams(rect: Rect4, row: int, col: int, rows: int, cols: int, page_of: dict[tuple[int, int], int],
           words: Sequence[Box] = (), hinge: bool = False) -> list[Shape]:
    """A portion's trim lines (towards the next portions) and glue zones (under the previous),
    or on a hinge trim lines on both sides of each seam; `words`: the boxes of the piece's
    words on the page, which the seams' arrows keep off."""
    shapes: list[Shape] = []
    if col + 1 < cols:
        shapes += _trim_seam(rect, "right", words)
    if col > 0:
        shapes += (_trim_seam(rect, "left", words) if hinge
                   else _glue_seam(rect, "left", TILE_OVERLAP_MM, page_of[(row, col - 1)], words))
    if row + 1 < rows:
        shapes += _trim_seam(rect, "bottom", words)
    if row > 0:
        shapes += (_trim_seam(rect, "top", words) if hinge
                   else _glue_seam(rect, "top", TILE_OVERLAP_MM, page_of[(row - 1, col)], words))
    return shapes


def _seam_ends(rect: Rect4, side: str, at: float) -> list[tuple[float, float]]:
    """The two points of a seam line `at` mm into the portion from `side`, SEAM_MARK_INSET_MM
    in from the portion's corners."""
    x, y, w, h = rect
    inset = SEAM_MARK_INSET_MM
    if side in ("left", "right"):
        line_x = x + at if side == "left" else x + w - at
        return [(line_x, y + inset), (line_x, y + h - inset)]
    line_y = y + at if side == "top" else y + h - at
    return [(x + inset, line_y), (x + w - inset, line_y)]


def _arrow_tips(ends: list[tuple[float, float]], words: Sequence[Box]) -> list[tuple[float, float]]:
    """Where a seam's two arrows go: at its ends or, where an arrow there would lie on a word
    of the piece (a number of a track running along the edge), moved along the seam towards
    its middle until it lies on none. Both portions of a seam move theirs alike."""
    (x1, y1), (x2, y2) = ends
    length = math.dist(ends[0], ends[1])
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    across, along = SEAM_ARROW_MM + HALO_STYLE.stroke_width, SEAM_ARROW_MM / 2 + HALO_STYLE.stroke_width
    half_w, half_h = abs(ux) * along + abs(uy) * across, abs(uy) * along + abs(ux) * across
    tips = []
    for (sx, sy), sign in ((ends[0], 1), (ends[1], -1)):
        step = 0.0
        while step < length / 2:
            px, py = sx + sign * ux * step, sy + sign * uy * step
            if not any(px - half_w < x1_ and x0_ < px + half_w and py - half_h < y1_ and y0_ < py + half_h
                       for x0_, y0_, x1_, y1_ in words):
                break
            step += 0.5
        tips.append((px, py))
    return tips


def _arrow(tip: tuple[float, float], pointing: str) -> list[Shape]:
    """A small solid triangle whose tip touches the seam, on a white halo."""
    dx, dy = {"right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)}[pointing]
    size = SEAM_ARROW_MM
    tx, ty = tip
    back = (tx - dx * size, ty - dy * size)
    points = (tip, (back[0] + dy * size / 2, back[1] + dx * size / 2), (back[0] - dy * size / 2, back[1] - dx * size / 2))
    return [Polygon(points, HALO_STYLE), Polygon(points, ARROW_STYLE)]


def _trim_seam(rect: Rect4, side: str, words: Sequence[Box] = ()) -> list[Shape]:
    """The earlier portion (and on a hinge the later one too): its edge at `side` is a trim
    line; arrows point at it from inside."""
    ends = _seam_ends(rect, side, 0.0)
    (x1, y1), (x2, y2) = ends
    # (no white halo under it: the line is the cut, and half a halo would stay on the board as
    # a white stripe along the join, the other half blanking the bleed; pnp.checks.halos_over_bleed)
    shapes: list[Shape] = [Line(x1, y1, x2, y2, TRIM_STYLE)]
    pointing = {"right": "right", "bottom": "down", "left": "left", "top": "up"}[side]
    for tip in _arrow_tips(ends, words):
        shapes += _arrow(tip, pointing)
    return shapes


def _glue_seam(rect: Rect4, side: str, overlap: float, trimmed_page: int, words: Sequence[Box] = ()) -> list[Shape]:
    """The later portion: the overlap at `side` is the glue zone, hatched, with the joining
    instruction in it (hidden once the neighbour lies on it); arrows at the zone's far line
    meet the neighbour's arrows tip to tip."""
    x, y, w, h = rect
    zone = (x, y, overlap, h) if side == "left" else (x, y, w, overlap)
    zx, zy, zw, zh = zone
    shapes: list[Shape] = [Rect(zx, zy, zw, zh, GLUE_STYLE)]
    step = 6.0
    for offset in range(0, int(zw + zh), int(step)):  # diagonal hatching, clipped to the zone by hand
        shapes.append(_clipped_diagonal(zone, offset))
    ends = _seam_ends(rect, side, overlap)
    pointing = "left" if side == "left" else "up"
    for tip in _arrow_tips(ends, words):
        shapes += _arrow(tip, pointing)
    instruction = f"GLUE: trim page {trimmed_page} on its line and lay it here, arrows tip to tip"
    cx, cy = zx + zw / 2, zy + zh / 2
    label = Text(0, 0, instruction, size=JOIN_TEXT_MM, align="center", anchor="middle", bold=True, fill=INK_COLOR)
    plate_w = measure(instruction, JOIN_TEXT_MM, True) + 3.0
    shapes.append(Group.of(Rect(-plate_w / 2, -2.5, plate_w, 5.0, Style(fill="#FFFFFF")), label,
                           translate=(cx, cy), rotate=-90 if side == "left" else 0))
    return shapes


def _clipped_diagonal(zone: Rect4, offset: float) -> Line:
    """A 45-degree hatch line of the glue zone, from its top or left edge to its bottom or right."""
    x, y, w, h = zone
    start = (x + min(offset, w), y + max(0.0, offset - w))
    end = (x + max(0.0, offset - h), y + min(offset, h))
    return Line(start[0], start[1], end[0], end[1], HATCH_STYLE)


# --- bleed and cut marks -------------------------------------------------------------------

def _bleeds(frame: Frame, paper: Paper, bleed: float) -> list[Sides]:
    """Each side's bleed: the full bleed when free, half the gap to a facing neighbour, and
    at an outer edge no further than the page's safe margin and the footer's band."""
    result = []
    rects = [slot.rect for slot in frame.slots]
    colours = [_edge_colours(slot.component) for slot in frame.slots]
    ax, ay, aw, ah = _printable(paper, frame.band)
    for index, slot in enumerate(frame.slots):
        x, y, w, h = slot.rect
        room = [x - ax + BLEED_OUTSIDE_MM * (frame.band != "left"), y - ay + BLEED_OUTSIDE_MM,
                ax + aw - x - w + BLEED_OUTSIDE_MM, ay + ah - y - h + BLEED_OUTSIDE_MM * (frame.band != "bottom")]
        room = [max(0.0, r) for r in room]
        for other_index, (ox, oy, ow, oh) in enumerate(rects):
            if other_index == index:
                continue
            # a neighbour faces a side when their ranges across it overlap, both bleeds
            # included (so that corners of two bleeds never meet diagonally)
            sideways = oy - bleed < y + h + bleed - EPS and y - bleed < oy + oh + bleed - EPS
            upright = ox - bleed < x + w + bleed - EPS and x - bleed < ox + ow + bleed - EPS
            gap_x, gap_y = max(ox - x - w, x - ox - ow), max(oy - y - h, y - oy - oh)
            if abs(gap_x) <= EPS and abs(gap_y) <= EPS:
                # corner to corner on a grid of shared cuts (a short row's end under a longer
                # one): the two meet on no side, and their bleeds overlap only outside both cuts
                continue
            if sideways and upright and gap_x > -EPS and gap_y > -EPS and max(gap_x, gap_y) > EPS:
                # a diagonal neighbour (touching at a corner, as on a grid of shared cuts, counts):
                # bleeds kept apart across the wider gap are apart, and the sides along the
                # narrow one keep theirs
                sideways, upright = gap_x >= gap_y, gap_y > gap_x
            # half the gap, less half the paper kept bare between two distinct colours
            paper_kept = 0.0 if not _distinct(colours[index], colours[other_index]) else \
                CIRCLE_PAPER_MM if slot.component.cut_on_circle and frame.slots[other_index].component.cut_on_circle \
                else COLOUR_PAPER_MM
            if sideways:  # facing left or right
                if ox + ow <= x + EPS:
                    room[0] = min(room[0], max(0.0, x - ox - ow - paper_kept) / 2)
                elif ox >= x + w - EPS:
                    room[2] = min(room[2], max(0.0, ox - x - w - paper_kept) / 2)
            if upright:  # facing up or down
                if oy + oh <= y + EPS:
                    room[1] = min(room[1], max(0.0, y - oy - oh - paper_kept) / 2)
                elif oy >= y + h - EPS:
                    room[3] = min(room[3], max(0.0, oy - y - h - paper_kept) / 2)
        if slot.tile is not None:
            room = _short_of_words(slot, room)
        result.append(tuple(min(bleed, r) if edge else 0.0 for r, edge in zip(room, slot.edges)))
    return result  # type: ignore[return-value]


def _short_of_words(slot: Slot, room: list[float]) -> list[float]:
    """A board's portion's bleed stops short of its neighbour's words: past its seam the bleed
    shows the next portion's drawing, and a wide --bleed showed slivers of Garden Dice's track
    numbers (14, 15, 64, 65) 5 mm out, past the hinge, cut off with the offcut as stray marks."""
    x, y, w, h = slot.rect
    room = list(room)
    for x0, y0, x1, y1 in (_turned_box(slot.matrix, box) for box in _words(slot.component)):
        beside = y0 < y + h + room[3] and y1 > y - room[1]  # level with the portion, its bleed included
        level = x0 < x + w + room[2] and x1 > x - room[0]
        if beside and x1 <= x + EPS:
            room[0] = min(room[0], x - x1)
        elif beside and x0 >= x + w - EPS:
            room[2] = min(room[2], x0 - x - w)
        elif level and y1 <= y + EPS:
            room[1] = min(room[1], y - y1)
        elif level and y0 >= y + h - EPS:
            room[3] = min(room[3], y0 - y - h)
    return room


def _cut_marks(frame: Frame, paper: Paper, bleeds: Sequence[Sides]) -> list[tuple[float, float, float, float]]:
    """Short ticks continuing each cut edge beyond its piece, in the gutters and margins a
    home printer prints: they run over their own pieces' bleed (they are drawn on a halo) but
    stop short of every trim box, of every other piece's bleed (`bleeds`, the slots' own: a
    tick's halo ran through a neighbour's colour and cut it into loose squares, 13 ticks on
    Cottage Garden's page of tables and cats), of the footer and of the last TICK_EDGE_MM of
    the paper."""
    blocked = [(x - MARK_GAP_MM, y - MARK_GAP_MM, x + w + MARK_GAP_MM, y + h + MARK_GAP_MM)
               for x, y, w, h in (slot.rect for slot in frame.slots)]
    bled = [((bx, by, bx + bw, by + bh), (x, y, x + w, y + h)) for (x, y, w, h), (bx, by, bw, bh)
            in ((slot.rect, bleed_rect(slot.rect, sides)) for slot, sides in zip(frame.slots, bleeds))]
    fx, fy, fw, fh = footer_box(paper.width_mm, paper.height_mm, frame.band)
    footer = (fx, fy, fx + fw, fy + fh)
    marks: dict[tuple[float, float, float, float], set[float]] = {}  # each tick, and where it leaves its pieces

    def add(mark: tuple[float, float, float, float] | None, start: float) -> None:
        if mark is not None:
            marks.setdefault(mark, set()).add(start)

    for index, slot in enumerate(frame.slots):
        if not slot.component.cut_out:
            continue  # (its box still stops the other ticks)
        x, y, w, h = slot.rect
        cut = cut_sides(slot.component, slot.component.front, slot.matrix, slot.rect)
        edge_left, edge_top, edge_right, edge_bottom = (edge and along for edge, along in zip(slot.edges, cut))
        # the other pieces' bleed stops its ticks even on their own cut lines: their own ticks mark
        # those (Harvest Dice's sticker sheets: one sheet's tick ran on through its neighbour's bleed)
        others = [bleed for number, (bleed, _) in enumerate(bled) if number != index]
        own = bled[index][0]
        for edge, at in ((edge_top, y), (edge_bottom, y + h)):  # horizontal cut lines
            if edge:
                add(_mark(True, at, x - MARK_GAP_MM, -1, blocked, paper, bled, others, own, footer), x - MARK_GAP_MM)
                add(_mark(True, at, x + w + MARK_GAP_MM, 1, blocked, paper, bled, others, own, footer), x + w + MARK_GAP_MM)
        for edge, at in ((edge_left, x), (edge_right, x + w)):  # vertical cut lines
            if edge:
                add(_mark(False, at, y - MARK_GAP_MM, -1, blocked, paper, bled, others, own, footer), y - MARK_GAP_MM)
                add(_mark(False, at, y + h + MARK_GAP_MM, 1, blocked, paper, bled, others, own, footer), y + h + MARK_GAP_MM)
    return sorted(_parted(marks, [(x, y, x + w, y + h) for x, y, w, h in (slot.rect for slot in frame.slots)]))


def _parted(marks: dict[tuple[float, float, float, float], set[float]],
            boxes: list[Box]) -> list[tuple[float, float, float, float]]:
    """Two parallel ticks side by side under DOUBLED_MARK_MM apart, not on one line nor a
    gutter's two cuts (`a_gutter`), coming from pieces on either side of a gutter between
    blocks on different grids (Garden Dice's sun tokens over its discs): each keeps the half
    of the gutter by its own piece, so the two no longer run side by side and each is read
    as its piece's (a tick between two pieces of its own cut, over and under it, keeps the
    half by its piece away from the other's). `marks`: each tick and where it leaves its pieces."""
    ends = {mark: (mark[0], mark[2]) if mark[1] == mark[3] else (mark[1], mark[3]) for mark in marks}
    for first, second in itertools.combinations(marks, 2):
        axis = 1 if first[1] == first[3] else 0   # 0: a vertical tick (a cut at an x)
        if axis != (1 if second[1] == second[3] else 0):
            continue
        apart = abs(first[axis] - second[axis])
        (a0, a1), (b0, b1) = ends[first], ends[second]
        low, high = max(a0, b0), min(a1, b1)
        near, far = sorted((first[axis], second[axis]))
        if not EPS < apart < DOUBLED_MARK_MM or low >= high or a_gutter(boxes, axis, near, far, (low, high)):
            continue
        middle = (low + high) / 2
        sides = {mark: _side(marks[mark], low, high) for mark in (first, second)}
        if sides[first] == sides[second]:
            continue  # (both from one side, or both cuts running on at both ends: nothing to part)
        # where they part: the middle, moved so that each keeps OUTER_TICK_MM by its piece where
        # the stretch has room (a ruler needs that much, pnp.checks.unticked_cuts)
        lower, upper = (first, second) if sides[first] < 0 else (second, first)
        least = ends[lower][0] + OUTER_TICK_MM + MARK_GAP_MM / 2
        most = ends[upper][1] - OUTER_TICK_MM - MARK_GAP_MM / 2
        split = min(max(middle, least), most) if least <= most else middle
        ends[lower] = (ends[lower][0], min(ends[lower][1], split - MARK_GAP_MM / 2))
        ends[upper] = (max(ends[upper][0], split + MARK_GAP_MM / 2), ends[upper][1])
    parted = []
    for mark, (low, high) in ends.items():
        if high - low < MARK_MIN_MM - EPS:
            continue
        low, high = round(low, 3), round(high, 3)
        parted.append((low, mark[1], high, mark[3]) if mark[1] == mark[3] else (mark[0], low, mark[2], high))
    return parted


def _side(starts: set[float], low: float, high: float) -> int:
    """Which end of the stretch from `low` to `high` a tick leaves its piece at: -1 the low
    end, 1 the high one, 0 both (its cut runs on through pieces at both ends)."""
    at_low = any(start <= low + EPS_LINE_MM for start in starts)
    at_high = any(start >= high - EPS_LINE_MM for start in starts)
    return 0 if at_low == at_high else -1 if at_low else 1


def a_gutter(boxes: list[Box], axis: int, low: float, high: float, along: tuple[float, float]) -> bool:
    """Do two pieces face each other across the gutter from `low` to `high` along `axis` (0:
    x), one ending on `low`, the other starting on `high`, their spans across it overlapping,
    and both reaching within a tick's length of the stretch `along` the ticks run side by
    side? Their two cuts are meant, however close (pnp.checks.doubled_marks)."""
    ends = [box for box in boxes if abs(box[axis + 2] - low) < EPS_LINE_MM]
    starts = [box for box in boxes if abs(box[axis] - high) < EPS_LINE_MM]
    other = 1 - axis
    reach = MARK_LENGTH_MM + MARK_GAP_MM + EPS_LINE_MM
    return any(a[other] < b[other + 2] - EPS_LINE_MM and b[other] < a[other + 2] - EPS_LINE_MM
               and all(box[other] - reach <= along[1] and box[other + 2] + reach >= along[0] for box in (a, b))
               for a in ends for b in starts)


def cut_sides(component: Component, face: Face, matrix: Affine, rect: Rect4) -> tuple[bool, bool, bool, bool]:
    """Which sides of a piece's trim box on the page (left, top, right, bottom) a cut follows,
    `face` drawn by `matrix`: all four of a rectangle's, a round piece's square or a sheet of
    chits (trimmed whole, then cut along its lines); of a piece cut round its own outline,
    only those its drawing reaches within OUTLINE_REACH_MM. A straight cut on a side it falls
    short of trims bare paper: Cottage Garden's wheelbarrow net, 2 mm inside its box on three
    sides and 3 on the fourth, got ticks at all four corners of that box, marking cuts no
    piece has. (Imported here: the checks read imposed pages.)"""
    if component.outline != "polygon" or component.chits is not None:
        return (True, True, True, True)
    from pnp.checks import bounds

    drawn = bounds(face.shapes)
    if drawn is None:
        return (False, False, False, False)
    x0, y0, x1, y1 = _turned_box(matrix, drawn)
    x, y, w, h = rect
    return (x0 <= x + OUTLINE_REACH_MM, y0 <= y + OUTLINE_REACH_MM,
            x1 >= x + w - OUTLINE_REACH_MM, y1 >= y + h - OUTLINE_REACH_MM)


def in_bleed(horizontal: bool, at: float, bleed: Box, trim: Box) -> bool:
    """Does a cut line on `at` (a y when `horizontal`, else an x) pass through the bleed box
    `bleed` of the piece trimmed on `trim` without being one of that piece's own cut lines?
    A tick there would mark another piece's bleed (pnp.checks.ticks_in_bleed)."""
    low, high, own = (bleed[1], bleed[3], (trim[1], trim[3])) if horizontal else (bleed[0], bleed[2], (trim[0], trim[2]))
    return low + EPS_LINE_MM < at < high - EPS_LINE_MM and all(abs(at - line) > EPS_LINE_MM for line in own)


def clear_outer_tick(horizontal: bool, at: float, direction: int, bleed: Box, paper_w: float, paper_h: float,
                     footer: Box | None = None) -> tuple[float, float] | None:
    """Where a tick on the line `at` at the sheet's outer margin goes clear of its piece's bleed
    box `bleed`: from BLEED_CLEARANCE_MM past it outwards (`direction`), MARK_LENGTH_MM at
    most, stopped by the `footer` box and TICK_EDGE_MM short of the paper edge. (Its inner
    end, its outer end), or None where that leaves it under CLEAR_TICK_MM (the tick then runs
    over the bleed, pnp.checks.unticked_cuts)."""
    if direction < 0:
        inner = (bleed[0] if horizontal else bleed[1]) - BLEED_CLEARANCE_MM
        outer: float | None = max(TICK_EDGE_MM, inner - MARK_LENGTH_MM)
    else:
        inner = (bleed[2] if horizontal else bleed[3]) + BLEED_CLEARANCE_MM
        outer = min((paper_w if horizontal else paper_h) - TICK_EDGE_MM, inner + MARK_LENGTH_MM)
    if footer is not None:
        outer = _stopped(horizontal, at, inner, direction, [footer], outer)
    return (inner, outer) if outer is not None and (outer - inner) * direction >= CLEAR_TICK_MM - EPS else None


def _stopped(horizontal: bool, at: float, start: float, direction: int, boxes: Sequence[Box],
             end: float | None) -> float | None:
    """Where a tick on the line `at` from `start` towards `end` stops at the first of `boxes`
    across its line; None when it would start on one of them."""
    for x0, y0, x1, y1 in boxes:
        across0, across1, along0, along1 = (y0, y1, x0, x1) if horizontal else (x0, x1, y0, y1)
        if end is None or not across0 - EPS < at < across1 + EPS:
            continue
        if along0 + EPS < start < along1 - EPS:
            return None  # the tick would start on a piece
        if direction < 0 and along1 <= start + EPS:
            end = max(end, along1)
        elif direction > 0 and along0 >= start - EPS:
            end = min(end, along0)
    return end


def _mark(horizontal: bool, at: float, start: float, direction: int, blocked, paper: Paper,
          bled: Sequence[tuple[Box, Box]] = (), others: Sequence[Box] = (), own: Box | None = None,
          footer: Box | None = None):
    """A tick on the line `at` (a y for a horizontal tick, an x for a vertical one) from
    `start` outwards in `direction`, cut short before any box in its way and the `footer`,
    before the bleed of any piece (`bled`: bleed and trim boxes) whose cut line it is not,
    before the bleed of the other pieces (`others`) it does not start in (a neighbour on one
    cut shares its bleed with the tick's piece), and TICK_EDGE_MM from the paper edge. A tick
    with no piece in its way to the outer margin stands clear of its own piece's bleed box
    `own` where the margin has room (clear_outer_tick)."""
    edge = TICK_EDGE_MM if direction < 0 else (paper.width_mm if horizontal else paper.height_mm) - TICK_EDGE_MM
    point = (start, at) if horizontal else (at, start)
    crossed = [bleed for bleed, trim in bled if in_bleed(horizontal, at, bleed, trim)]
    crossed += [bleed for bleed in others
                if not (bleed[0] - EPS <= point[0] <= bleed[2] + EPS and bleed[1] - EPS <= point[1] <= bleed[3] + EPS)]
    end = _stopped(horizontal, at, start, direction, [*blocked, *crossed], edge)
    clear = clear_outer_tick(horizontal, at, direction, own, paper.width_mm, paper.height_mm, footer) \
        if own is not None and end == edge else None
    if clear is not None:
        start, end = clear
    else:
        end = _stopped(horizontal, at, start, direction, [footer] if footer is not None else [], end)
        if end is None:
            return None
        end = max(end, start - MARK_LENGTH_MM) if direction < 0 else min(end, start + MARK_LENGTH_MM)
    if (end - start) * direction < MARK_MIN_MM:
        return None
    low, high = round(min(start, end), 3), round(max(start, end), 3)
    at = round(at, 3)
    return (low, at, high, at) if horizontal else (at, low, at, high)


def _stretches(mark: tuple[float, float, float, float], boxes: Sequence[Box], reach: float,
               inside: bool) -> list[tuple[float, float]]:
    """Where along a tick a band `reach` either side of its line meets one of `boxes`
    (`inside`), or meets none of them."""
    x1, y1, x2, y2 = mark
    horizontal = y1 == y2
    at, (low, high) = (y1, sorted((x1, x2))) if horizontal else (x1, sorted((y1, y2)))
    spans = sorted((max(low, along0), min(high, along1)) for across0, across1, along0, along1
                   in (((by0, by1, bx0, bx1) if horizontal else (bx0, bx1, by0, by1)) for bx0, by0, bx1, by1 in boxes)
                   if across0 < at + reach - EPS and across1 > at - reach + EPS and along0 < high and along1 > low)
    if inside:
        return [span for span in spans if span[1] - span[0] > EPS]
    outside, start = [], low
    for span_low, span_high in spans:
        if span_low - start > EPS:
            outside.append((start, span_low))
        start = max(start, span_high)
    return outside + [(start, high)] if high - start > EPS else outside


def _bleed_boxes(placements: Sequence[Placed]) -> list[Box]:
    return [(x, y, x + w, y + h) for x, y, w, h in (placed.bleed_rect for placed in placements)]


def _overlay(marks, seams: Sequence[Shape] = (), pieces: Sequence[Placed] = ()) -> Group:
    """The ticks in black, as a commercial crop mark: a white halo under a tick only where it
    runs over bare paper, not over a piece's bleed (`pieces`), where the halo blanked a square
    of the colour that showed after a slightly-off cut (pnp.checks.halos_over_bleed). Over a
    bleed too dark for black to read on (under 3:1) the tick is knocked out to a white hairline
    as thin as the tick, so a cutter still finds it on a dark sheet; the ink-saver, which
    lightens that bleed, drops the knock-out (a decorative fill) and leaves the black tick."""
    shapes: list[Shape] = list(seams)
    bleeds = _bleed_boxes(pieces)
    dark = [box for box, placed in zip(bleeds, pieces) if luminance(placed.face.edge_colour) < DARK_BLEED_LUMINANCE]
    width = MARK_STYLE.stroke_width
    halos: list[Shape] = []
    knockouts: list[Shape] = []
    for mark in marks:
        x1, y1, x2, y2 = mark
        vertical = x1 == x2
        halos += [Line(x1, start, x2, end, HALO_STYLE) if vertical else Line(start, y1, end, y2, HALO_STYLE)
                  for start, end in _stretches(mark, bleeds, HALO_STYLE.stroke_width / 2, inside=False)]
        knockouts += [Rect(x1 - width / 2, start, width, end - start, KNOCKOUT_STYLE) if vertical else
                      Rect(start, y1 - width / 2, end - start, width, KNOCKOUT_STYLE)
                      for start, end in _stretches(mark, dark, width / 2, inside=True)]
    shapes += [*halos, *(Line(x1, y1, x2, y2, MARK_STYLE) for x1, y1, x2, y2 in marks), *knockouts]
    return Group(tuple(shapes))


# --- pages ---------------------------------------------------------------------------------

def _mirror(paper_w: float, paper_h: float, duplex: str) -> Affine:
    return (-1.0, 0.0, 0.0, 1.0, paper_w, 0.0) if duplex == "long" else (1.0, 0.0, 0.0, -1.0, 0.0, paper_h)


def _mirror_rect(rect: Rect4, paper_w: float, paper_h: float, duplex: str) -> Rect4:
    x, y, w, h = rect
    return (paper_w - x - w, y, w, h) if duplex == "long" else (x, paper_h - y - h, w, h)


def _mirror_sides(sides: Sides, duplex: str) -> Sides:
    left, top, right, bottom = sides
    return (right, top, left, bottom) if duplex == "long" else (left, bottom, right, top)


def _mirror_segment(segment, paper_w: float, paper_h: float, duplex: str):
    x1, y1, x2, y2 = segment
    if duplex == "long":
        return (round(paper_w - x2, 3), y1, round(paper_w - x1, 3), y2)
    return (x1, round(paper_h - y2, 3), x2, round(paper_h - y1, 3))


def _book_turn(component: Component) -> Affine:
    """Back-face coordinates -> front-face coordinates of the same point of the piece, for a
    piece turned over about its vertical axis (like a book page)."""
    return (-1.0, 0.0, 0.0, 1.0, component.width_mm, 0.0)


_MIRRORED_BAND: dict[str, dict[str, Band]] = {
    "long": {"bottom": "bottom", "top": "top", "left": "right", "right": "left"},
    "short": {"bottom": "top", "top": "bottom", "left": "left", "right": "right"},
}


def _sheets_of(frame: Frame, page: int, paper_w: float, paper_h: float, duplex: str, bleed_of: list[Sides],
               boxes: tuple[Rect4 | None, Rect4 | None] = (None, None),
               back_marks: list[tuple[float, float, float, float]] | None = None) -> list[Sheet]:
    """The page of the frame's fronts and, when some are two-sided, the page of their backs,
    mirrored for the flip; `back_marks` are the back's cut ticks before mirroring (by default
    the front's)."""
    band = None if boxes[0] is not None else frame.band
    fronts = [Placed(page, s.component, s.copy, "front", s.rect, s.rotated, s.matrix, b, s.tile, s.scale)
              for s, b in zip(frame.slots, bleed_of)]
    sheets = [Sheet(page, paper_w, paper_h, "front", fronts,
                    _overlay(frame.marks, frame.seams, fronts), *boxes, band)]
    backed = [(s, b) for s, b in zip(frame.slots, bleed_of) if s.component.double_sided]
    if backed:
        mirror = _mirror(paper_w, paper_h, duplex)
        backs = [Placed(page + 1, s.component, s.copy, "back", _mirror_rect(s.rect, paper_w, paper_h, duplex),
                        s.rotated, compose(mirror, compose(s.matrix, _book_turn(s.component))),
                        _mirror_sides(b, duplex), s.tile, s.scale) for s, b in backed]
        marks = [_mirror_segment(m, paper_w, paper_h, duplex) for m in (back_marks or frame.marks)]
        trim, bleed_box = (None if box is None else _mirror_rect(box, paper_w, paper_h, duplex) for box in boxes)
        sheets.append(Sheet(page + 1, paper_w, paper_h, "back", backs, _overlay(sorted(marks), pieces=backs),
                            trim, bleed_box,
                            None if band is None else _MIRRORED_BAND[duplex][band]))
    return sheets


def _fits(component: Component, paper: Paper) -> bool:
    return _fit_scale(component, _printable(paper, "bottom")) is not None or \
        _fit_scale(component, _printable(paper, "left")) is not None


def impose(components: Sequence[Component], paper: Paper, *, bleed: float = 3.0,
           duplex: Literal["long", "short"] = "long", pod: bool = False, cut: Cut = "gutters",
           first_page: int = 1) -> Imposition:
    """Lay out every copy of every component on pages of `paper`, numbered from `first_page`
    (a kit's first page may be its guide). `cut="shared"` lays pieces of one size edge to
    edge so that one cut serves two; the default keeps a gutter between every two pieces."""
    if not components:
        raise ValueError("nothing to impose: the kit has no components")
    names = [c.name for c in components]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        raise ValueError(f"component names must be unique; repeated: {', '.join(duplicated)}")
    sheets: list[Sheet] = []
    if pod:
        for component in components:
            for number in range(1, component.count + 1):
                sheets += _pod_sheets(component, number, first_page + len(sheets), bleed, duplex)
        return Imposition(paper, list(components), sheets)
    shared = cut == "shared"
    components = [_page_filled(c, paper, 0.0 if shared else MIN_GUTTER_MM) for c in components]
    fitting = [c for c in components if _fits(c, paper)]
    for frame in _shelf_frames(fitting, paper, bleed, shared):
        sheets += _frame_sheets(frame, first_page + len(sheets), paper, bleed, duplex)
    for component in components:
        if not _fits(component, paper):
            for frame in _tile_frames(component, paper, first_page + len(sheets)):
                sheets += _frame_sheets(frame, first_page + len(sheets), paper, bleed, duplex)
    placed = {(p.component.name, p.copy) for sheet in sheets for p in sheet.placements}
    lost = [f"{c.name} ({c.width_mm:g} x {c.height_mm:g} mm)" for c in components
            if any((c.name, copy) not in placed for copy in range(1, c.count + 1))]
    if lost:
        raise KitError(f"no room on {paper.name} paper for {', '.join(lost)}: nothing was left out, the kit "
                       "was not built")
    return Imposition(paper, list(components), sheets)


def _page_filled(component: Component, paper: Paper, gap: float) -> Component:
    """A component that fills its pages (`fill_page`, a score pad) with as many copies as its
    pages hold, upright or turned: a pad of four sheets prints eight on A3."""
    if not component.fill_page or not _fits(component, paper):
        return component
    area = _packing_area(paper, "bottom")
    most = max(_per_page(component.width_mm, component.height_mm, area, gap),
               _per_page(component.height_mm, component.width_mm, area, gap))
    return replace(component, count=math.ceil(component.count / most) * most) if most else component


def _pod_sheets(component: Component, number: int, page: int, bleed: float, duplex: str) -> list[Sheet]:
    """One face on a page of its own for a print shop: the piece, its bleed, and round them a
    slug holding true crop marks on every trim line, outside the bleed (shops print to the edge
    and trim)."""
    w, h = component.width_mm, component.height_mm
    edge = bleed + POD_SLUG_MM
    page_w, page_h = w + 2 * edge, h + 2 * edge
    trim = (edge, edge, w, h)
    outside = POD_SLUG_MM - MARK_GAP_MM  # from the paper edge to just short of the bleed
    marks = []
    for at in (edge, edge + w):  # vertical trim lines: marks above and below
        marks += [(at, 0.0, at, outside), (at, page_h - outside, at, page_h)]
    for at in (edge, edge + h):  # horizontal trim lines: marks left and right
        marks += [(0.0, at, outside, at), (page_w - outside, at, page_w, at)]
    frame = Frame([Slot(component, number, trim, False, translation(edge, edge))], marks=sorted(marks))
    bleed_box = (POD_SLUG_MM, POD_SLUG_MM, w + 2 * bleed, h + 2 * bleed)
    return _sheets_of(frame, page, page_w, page_h, duplex, [(bleed, bleed, bleed, bleed)], (trim, bleed_box))


def _frame_sheets(frame: Frame, page: int, paper: Paper, bleed: float, duplex: str) -> list[Sheet]:
    """The frame's pages; a back page ticks the cuts of the pieces it backs only (a one-sided
    piece riding on a two-sided page has nothing behind it)."""
    bleeds = _bleeds(frame, paper, bleed)
    frame.marks = _cut_marks(frame, paper, bleeds)
    backed = [(slot, sides) for slot, sides in zip(frame.slots, bleeds) if slot.component.double_sided]
    back_marks = _cut_marks(Frame([slot for slot, _ in backed], frame.band), paper, [sides for _, sides in backed])
    return _sheets_of(frame, page, paper.width_mm, paper.height_mm, duplex, bleeds, back_marks=back_marks)
