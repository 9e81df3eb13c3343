"""Imposition: where every face of every piece goes on which page.

Pieces are packed on the paper's printable area (trim boxes at least PAGE_MARGIN_MM inside
the edge) in shelves: pieces of one size are grouped, laid in rows (turned 90 degrees when
that fits more on a page), and a row of another size continues on the same page when it
fits. The slack of a page is shared between the gutters and the outer margin so that bleed
and crop marks both get room; gutters too narrow to cut twice collapse to a shared cut line.

Double-sided pieces are imposed first: each of their pages is followed by a page of their
backs, mirrored for the duplex flip (long edge: x' = page_w - x - w; short edge:
y' = page_h - y - h, the back turned 180 degrees so a card turned over like a book page shows
its back upright). Single-sided pieces follow, then pieces larger than the printable area,
tiled over pages with an overlap and alignment marks (or on one page when the paper is big
enough). With `pod`, every face gets its own page of piece + bleed, with TrimBox/BleedBox.

Every placement records its page rectangle, the matrix from face coordinates to the page
and its bleed on each side; the renderers draw from it and the manifest is written from it.
"""
from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from pnp.model import Circle, Component, Face, Group, Line, Style
from pnp.options import PAGE_MARGIN_MM, Paper

Affine = tuple[float, float, float, float, float, float]
Rect4 = tuple[float, float, float, float]  # x, y, w, h in mm from the page's top-left
Sides = tuple[float, float, float, float]  # left, top, right, bottom

IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
EPS = 1e-6
TILE_OVERLAP_MM = 10.0
MARK_GAP_MM = 0.5        # crop marks start this far outside the piece's bleed
MARK_LENGTH_MM = 5.0
MARK_MIN_MM = 1.5        # a shorter mark is dropped (it would be lost in the cut)
EDGE_CLEAR_MM = 1.0      # marks stop short of the paper edge
MARK_ROOM_MM = MARK_GAP_MM + 3.0 + EDGE_CLEAR_MM  # what an outer edge keeps for its marks
MIN_GUTTER_MM = 2.0      # narrower gutters become a shared cut line
MARK_STYLE = Style(stroke="#000000", stroke_width=0.15)     # crop marks
TARGET_STYLE = Style(stroke="#000000", stroke_width=0.2)    # tile alignment targets
HALO_STYLE = Style(stroke="#FFFFFF", stroke_width=0.6)


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

    @property
    def face(self) -> Face:
        face = self.component.front if self.side == "front" else self.component.back
        assert face is not None
        return face

    @property
    def bleed_rect(self) -> Rect4:
        x, y, w, h = self.rect
        left, top, right, bottom = self.bleed
        return (x - left, y - top, w + left + right, h + top + bottom)

    def record(self) -> dict:
        x, y, w, h = self.rect
        row = {"page": self.page, "component": self.component.name, "copy": self.copy, "side": self.side,
               "x_mm": round(x, 3), "y_mm": round(y, 3), "width_mm": round(w, 3), "height_mm": round(h, 3),
               "rotated": self.rotated}
        if self.tile is not None:
            row["tile"] = list(self.tile)
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

    @property
    def name(self) -> str:
        """A short slug of what is on the page, for its SVG file name."""
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
        return {
            "game": game,
            "paper": {"name": self.paper.name, "width_mm": self.paper.width_mm, "height_mm": self.paper.height_mm},
            "components": [{"name": c.name, "kind": c.kind, "width_mm": c.width_mm, "height_mm": c.height_mm,
                            "count": c.count, "double_sided": c.double_sided} for c in self.components],
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


@dataclass
class Frame:
    slots: list[Slot]
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)  # crop mark segments
    targets: list[tuple[float, float]] = field(default_factory=list)  # tile alignment marks


@dataclass(frozen=True)
class Piece:
    component: Component
    copy: int
    width: float    # on the page, after turning
    height: float
    rotated: bool
    columns: int    # how many of this piece fit across the page: its grid, when a row holds only it


@dataclass
class Shelf:
    """A row of pieces, top-aligned; as tall as its first (tallest) piece."""

    height: float
    pieces: list[Piece]

    @property
    def width(self) -> float:
        return sum(piece.width for piece in self.pieces)


def _printable(paper: Paper) -> Rect4:
    m = PAGE_MARGIN_MM
    return (m, m, paper.width_mm - 2 * m, paper.height_mm - 2 * m)


def _per_page(width: float, height: float, area: Rect4) -> int:
    return math.floor((area[2] + EPS) / width) * math.floor((area[3] + EPS) / height)


def _fits(component: Component, area: Rect4) -> bool:
    return _per_page(component.width_mm, component.height_mm, area) > 0 or \
        _per_page(component.height_mm, component.width_mm, area) > 0


def _gutter(slack: float, count: int, bleed: float) -> float:
    """Gutter between `count` pieces in a line with `slack` mm to spare: shared between the
    gutters (room for two bleeds) and the two outer margins (room for bleed and marks)."""
    if count <= 1 or bleed <= 0:
        return 0.0
    gutter = min(2 * bleed, (slack + 2 * (PAGE_MARGIN_MM - MARK_ROOM_MM)) / count, slack / (count - 1))
    return gutter if gutter >= MIN_GUTTER_MM else 0.0


def _pieces(components: Sequence[Component], area: Rect4) -> list[Piece]:
    """Every copy, turned 90 degrees when that saves its size group a page, tallest first
    (first-fit decreasing height packs shelves tightly); equal heights keep kit order."""
    groups: dict[tuple[float, float], list[tuple[Component, int]]] = {}
    for component in components:
        groups.setdefault((component.width_mm, component.height_mm), []).extend(
            (component, copy) for copy in range(1, component.count + 1))
    pieces = []
    for (width, height), copies in groups.items():
        upright, turned = _per_page(width, height, area), _per_page(height, width, area)
        rotated = upright == 0 or (turned > 0 and math.ceil(len(copies) / turned) < math.ceil(len(copies) / upright))
        piece_w, piece_h = (height, width) if rotated else (width, height)
        columns = math.floor((area[2] + EPS) / piece_w)
        pieces += [Piece(component, copy, piece_w, piece_h, rotated, columns) for component, copy in copies]
    return sorted(pieces, key=lambda piece: -piece.height)


def _shelf_frames(components: Sequence[Component], area: Rect4, bleed: float) -> list[Frame]:
    """Shelves, tallest pieces first: each piece joins a shelf of the page being filled that
    has the width and height for it, else opens a shelf below, else a new page. Earlier pages
    are not back-filled, so pieces of a kind stay together instead of being scattered into
    every leftover corner."""
    pages: list[list[Shelf]] = []
    for piece in _pieces(components, area):
        if not pages or not (_fit_in_shelf(pages[-1], piece, area) or _fit_below(pages[-1], piece, area)):
            pages.append([Shelf(piece.height, [piece])])
    return [Frame(_place_shelves(shelves, area, bleed)) for shelves in pages]


def _fit_in_shelf(shelves: list[Shelf], piece: Piece, area: Rect4) -> bool:
    for shelf in shelves:
        if piece.height <= shelf.height + EPS and shelf.width + piece.width <= area[2] + EPS:
            shelf.pieces.append(piece)
            return True
    return False


def _fit_below(shelves: list[Shelf], piece: Piece, area: Rect4) -> bool:
    if sum(shelf.height for shelf in shelves) + piece.height <= area[3] + EPS:
        shelves.append(Shelf(piece.height, [piece]))
        return True
    return False


def _place_shelves(shelves: list[Shelf], area: Rect4, bleed: float) -> list[Slot]:
    ax, ay, aw, ah = area
    total = sum(shelf.height for shelf in shelves)
    row_gap = _gutter(ah - total, len(shelves), bleed)
    y = ay + (ah - total - (len(shelves) - 1) * row_gap) / 2
    slots = []
    for shelf in shelves:
        for piece, x in zip(shelf.pieces, _columns(shelf, ax, aw, bleed)):
            component = piece.component
            turn = quarter_turn(component.width_mm, component.height_mm) if piece.rotated else IDENTITY
            slots.append(Slot(component, piece.copy, (x, y, piece.width, piece.height), piece.rotated,
                              compose(translation(x, y), turn)))
        y += shelf.height + row_gap
    return slots


def _columns(shelf: Shelf, ax: float, aw: float, bleed: float) -> list[float]:
    """Left edges of a shelf's pieces. A row of one size sits on that size's full-row grid
    (a short last row lines up with the rows above); a mixed row spreads its own pieces."""
    first = shelf.pieces[0]
    if all((p.width, p.height) == (first.width, first.height) for p in shelf.pieces):
        widths = [first.width] * first.columns
    else:
        widths = [p.width for p in shelf.pieces]
    gap = _gutter(aw - sum(widths), len(widths), bleed)
    x = ax + (aw - sum(widths) - (len(widths) - 1) * gap) / 2
    lefts = []
    for width in widths:
        lefts.append(x)
        x += width + gap
    return lefts[:len(shelf.pieces)]


def _tile_count(length: float, room: float) -> int:
    if length <= room + EPS:
        return 1
    return math.ceil((length - TILE_OVERLAP_MM) / (room - TILE_OVERLAP_MM) - EPS)


def _tile_frames(component: Component, paper: Paper, area: Rect4) -> list[Frame]:
    """A piece larger than the printable area, cut into equal portions that overlap by at
    least TILE_OVERLAP_MM; alignment marks sit in the middle of every overlap."""
    w, h = component.width_mm, component.height_mm
    upright = _tile_count(w, area[2]) * _tile_count(h, area[3])
    turned = _tile_count(h, area[2]) * _tile_count(w, area[3])
    rotated = turned < upright
    piece_w, piece_h = (h, w) if rotated else (w, h)
    turn = quarter_turn(w, h) if rotated else IDENTITY
    cols, rows = _tile_count(piece_w, area[2]), _tile_count(piece_h, area[3])
    part_w, part_h = min(piece_w, area[2]), min(piece_h, area[3])
    step_x = (piece_w - part_w) / (cols - 1) if cols > 1 else 0.0
    step_y = (piece_h - part_h) / (rows - 1) if rows > 1 else 0.0
    targets = [((c + 1) * step_x + (part_w - step_x) / 2, r * step_y + part_h / 2)
               for c in range(cols - 1) for r in range(rows)]
    targets += [(c * step_x + part_w / 2, (r + 1) * step_y + (part_h - step_y) / 2)
                for r in range(rows - 1) for c in range(cols)]
    frames = []
    for copy in range(1, component.count + 1):
        for row in range(rows):
            for col in range(cols):
                px, py = col * step_x, row * step_y
                x, y = (paper.width_mm - part_w) / 2, (paper.height_mm - part_h) / 2
                slot = Slot(component, copy, (x, y, part_w, part_h), rotated,
                            compose(translation(x - px, y - py), turn),
                            edges=(col == 0, row == 0, col == cols - 1, row == rows - 1), tile=(row + 1, col + 1))
                inside = [(tx - px + x, ty - py + y) for tx, ty in targets
                          if px + 3 <= tx <= px + part_w - 3 and py + 3 <= ty <= py + part_h - 3]
                frames.append(Frame([slot], targets=inside))
    return frames


# --- bleed and crop marks ------------------------------------------------------------------

def _bleeds(frame: Frame, paper: Paper, bleed: float) -> list[Sides]:
    """Each side's bleed: the full bleed when free, half the gap to a facing neighbour, and
    at an outer edge what leaves room for the crop marks."""
    result = []
    rects = [slot.rect for slot in frame.slots]
    for index, slot in enumerate(frame.slots):
        x, y, w, h = slot.rect
        free = [x, y, paper.width_mm - x - w, paper.height_mm - y - h]  # distance to the paper edge
        room = [max(0.0, d - MARK_ROOM_MM) for d in free]
        for other_index, (ox, oy, ow, oh) in enumerate(rects):
            if other_index == index:
                continue
            # a neighbour faces a side when their ranges across it overlap, bleeds included
            # (so that corners of two bleeds never meet diagonally)
            if oy < y + h + bleed - EPS and y - bleed < oy + oh - EPS:  # facing left or right
                if ox + ow <= x + EPS:
                    room[0] = min(room[0], (x - ox - ow) / 2)
                elif ox >= x + w - EPS:
                    room[2] = min(room[2], (ox - x - w) / 2)
            if ox < x + w + bleed - EPS and x - bleed < ox + ow - EPS:  # facing up or down
                if oy + oh <= y + EPS:
                    room[1] = min(room[1], (y - oy - oh) / 2)
                elif oy >= y + h - EPS:
                    room[3] = min(room[3], (oy - y - h) / 2)
        result.append(tuple(min(bleed, r) if edge else 0.0 for r, edge in zip(room, slot.edges)))
    return result  # type: ignore[return-value]


def _crop_marks(frame: Frame, bleeds: list[Sides], paper: Paper) -> list[tuple[float, float, float, float]]:
    """Short lines continuing each cut edge beyond the pieces, clipped so that they never
    touch any piece's bleed (nor come closer than EDGE_CLEAR_MM to the paper edge)."""
    blocked = []
    for slot, (left, top, right, bottom) in zip(frame.slots, bleeds):
        x, y, w, h = slot.rect
        blocked.append((x - left, y - top, x + w + right, y + h + bottom))
    marks = set()
    for slot, (left, top, right, bottom) in zip(frame.slots, bleeds):
        x, y, w, h = slot.rect
        edge_left, edge_top, edge_right, edge_bottom = slot.edges
        for edge, at in ((edge_top, y), (edge_bottom, y + h)):  # horizontal cut lines
            if edge:
                marks.add(_mark(True, at, x - left - MARK_GAP_MM, -1, blocked, paper))
                marks.add(_mark(True, at, x + w + right + MARK_GAP_MM, 1, blocked, paper))
        for edge, at in ((edge_left, x), (edge_right, x + w)):  # vertical cut lines
            if edge:
                marks.add(_mark(False, at, y - top - MARK_GAP_MM, -1, blocked, paper))
                marks.add(_mark(False, at, y + h + bottom + MARK_GAP_MM, 1, blocked, paper))
    marks.discard(None)
    return sorted(marks)  # type: ignore[arg-type]


def _mark(horizontal: bool, at: float, start: float, direction: int, blocked, paper: Paper):
    """A mark on the line `at` (a y for a horizontal mark, an x for a vertical one) from
    `start` outwards in `direction`, cut short before any bleed rectangle in its way."""
    limit = (paper.width_mm if horizontal else paper.height_mm) - EDGE_CLEAR_MM
    end = max(EDGE_CLEAR_MM, start - MARK_LENGTH_MM) if direction < 0 else min(limit, start + MARK_LENGTH_MM)
    for x0, y0, x1, y1 in blocked:
        across0, across1, along0, along1 = (y0, y1, x0, x1) if horizontal else (x0, x1, y0, y1)
        if not across0 - MARK_GAP_MM < at < across1 + MARK_GAP_MM:
            continue
        if along0 - EPS < start < along1 + EPS:
            return None  # the mark would start on a piece
        if direction < 0 and along1 < start:
            end = max(end, along1 + MARK_GAP_MM)
        elif direction > 0 and along0 > start:
            end = min(end, along0 - MARK_GAP_MM)
    if (end - start) * direction < MARK_MIN_MM:
        return None
    low, high = round(min(start, end), 3), round(max(start, end), 3)
    at = round(at, 3)
    return (low, at, high, at) if horizontal else (at, low, at, high)


def _overlay(marks, targets) -> Group:
    shapes: list = [Line(x1, y1, x2, y2, MARK_STYLE) for x1, y1, x2, y2 in marks]
    for x, y in targets:  # a target on a white halo, readable on any artwork
        for style in (HALO_STYLE, TARGET_STYLE):
            shapes += [Line(x - 4, y, x + 4, y, style), Line(x, y - 4, x, y + 4, style), Circle(x, y, 2.0, style)]
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


def _sheets_of(frame: Frame, page: int, paper_w: float, paper_h: float, duplex: str, bleed_of: list[Sides],
               boxes: tuple[Rect4 | None, Rect4 | None] = (None, None)) -> list[Sheet]:
    fronts = [Placed(page, s.component, s.copy, "front", s.rect, s.rotated, s.matrix, b, s.tile)
              for s, b in zip(frame.slots, bleed_of)]
    sheets = [Sheet(page, paper_w, paper_h, "front", fronts, _overlay(frame.marks, frame.targets), *boxes)]
    backed = [(s, b) for s, b in zip(frame.slots, bleed_of) if s.component.double_sided]
    if backed:
        mirror = _mirror(paper_w, paper_h, duplex)
        backs = [Placed(page + 1, s.component, s.copy, "back", _mirror_rect(s.rect, paper_w, paper_h, duplex),
                        s.rotated, compose(mirror, compose(s.matrix, _book_turn(s.component))),
                        _mirror_sides(b, duplex), s.tile) for s, b in backed]
        marks = [_mirror_segment(m, paper_w, paper_h, duplex) for m in frame.marks]
        targets = [apply(mirror, x, y) for x, y in frame.targets]
        back_boxes = tuple(None if box is None else _mirror_rect(box, paper_w, paper_h, duplex) for box in boxes)
        sheets.append(Sheet(page + 1, paper_w, paper_h, "back", backs, _overlay(sorted(marks), targets),
                            *back_boxes))  # type: ignore[arg-type]
    return sheets


def impose(components: Sequence[Component], paper: Paper, *, bleed: float = 3.0,
           duplex: Literal["long", "short"] = "long", pod: bool = False) -> Imposition:
    if not components:
        raise ValueError("nothing to impose: the kit has no components")
    names = [c.name for c in components]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        raise ValueError(f"component names must be unique; repeated: {', '.join(duplicated)}")
    sheets: list[Sheet] = []
    if pod:
        for component in components:
            page_w, page_h = component.width_mm + 2 * bleed, component.height_mm + 2 * bleed
            trim = (bleed, bleed, component.width_mm, component.height_mm)
            for copy in range(1, component.count + 1):
                slot = Slot(component, copy, trim, False, translation(bleed, bleed))
                sheets += _sheets_of(Frame([slot]), len(sheets) + 1, page_w, page_h, duplex,
                                     [(bleed,) * 4], (trim, (0.0, 0.0, page_w, page_h)))  # type: ignore[list-item]
        return Imposition(paper, list(components), sheets)
    area = _printable(paper)
    fitting = [c for c in components if _fits(c, area)]
    frames = _shelf_frames([c for c in fitting if c.double_sided], area, bleed)
    frames += _shelf_frames([c for c in fitting if not c.double_sided], area, bleed)
    for component in components:
        if not _fits(component, area):
            frames += _tile_frames(component, paper, area)
    for frame in frames:
        bleeds = _bleeds(frame, paper, bleed)
        frame.marks = _crop_marks(frame, bleeds, paper)
        sheets += _sheets_of(frame, len(sheets) + 1, paper.width_mm, paper.height_mm, duplex, bleeds)
    return Imposition(paper, list(components), sheets)
