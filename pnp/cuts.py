"""How many straight cuts a kit takes: the figure the build prints and `make bench` reports.

A sheet is cut as with a paper trimmer: each cut runs straight across the piece of paper in
hand. Where no piece straddles a line, one cut there splits the paper in two; the pieces of
each part are then cut the same way, along either direction, whichever takes fewer cuts.
A group of pieces that no straight cut can split (pieces interlocked like bricks) is counted
as one cut per side of each of its pieces. Two pieces laid edge to edge share the cut between
them, which is what `--cut shared` buys. Both faces of a two-sided sheet are cut once, from
the front. A sheet of chits is trimmed like any piece, then cut along its printed lines with
a ruler, its chits lying still: one cut per line.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from pnp.impose import Imposition, Rect4
from pnp.model import Component

PRECISION = 2  # decimals of a millimetre: edges closer than this are one cut
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _lines(boxes: Sequence[Box], axis: int) -> list[float]:
    """Coordinates along `axis` (0: x, 1: y) where a cut would cross no piece."""
    edges = sorted({box[axis] for box in boxes} | {box[axis + 2] for box in boxes})
    return [at for at in edges if not any(box[axis] < at < box[axis + 2] for box in boxes)]


@lru_cache(maxsize=4096)
def _cuts(boxes: tuple[Box, ...], region: Box) -> int:
    if len(boxes) == 1 and boxes[0] == region:
        return 0
    best = None
    for axis in (0, 1):
        lines = _lines(boxes, axis)
        inner = [at for at in lines if region[axis] < at < region[axis + 2]]
        if not inner:
            continue
        bounds = [region[axis], *inner, region[axis + 2]]
        total = len(inner)
        for low, high in zip(bounds, bounds[1:]):
            part = tuple(box for box in boxes if low <= box[axis] and box[axis + 2] <= high)
            if part:
                sub = (low, region[1], high, region[3]) if axis == 0 else (region[0], low, region[2], high)
                total += _cuts(part, sub)
        best = total if best is None else min(best, total)
    if best is None:  # nothing to split: trim each piece's sides that are not yet cut
        best = sum(sum(1 for side, edge in zip(box, region) if side != edge) for box in boxes)
    return best


def sheet_cuts(rects: Sequence[Rect4], width: float, height: float) -> int:
    """Straight cuts that free every trim box from a sheet of paper."""
    boxes = tuple(sorted((round(x, PRECISION), round(y, PRECISION), round(x + w, PRECISION), round(y + h, PRECISION))
                         for x, y, w, h in rects))
    return _cuts(boxes, (0.0, 0.0, round(width, PRECISION), round(height, PRECISION))) if boxes else 0


def chit_cuts(component: Component) -> int:
    """Cuts along a chit sheet's printed lines once it is trimmed: one per inner line."""
    if component.chits is None:
        return 0
    columns, rows = component.chits
    return columns - 1 + rows - 1


def count_cuts(imposition: Imposition, punched: bool = False) -> int:
    """Straight cuts for the whole kit: every printed sheet, cut from its front, and every chit
    sheet along its lines; `punched`: with its round pieces pressed out with a craft punch
    instead, so the cuts free only the other pieces, and a sheet of round chits
    (`Component.round_chits`) is freed whole, its discs punched from it, its lines never cut
    (a small punch reaches a disc from the sheet's edge, not from the middle of the page)."""
    fronts = [sheet for sheet in imposition.sheets if sheet.side == "front"]
    total = 0
    for sheet in fronts:
        cut = [placed for placed in sheet.placements if placed.component.cut_out
               and not (punched and placed.component.outline == "circle")]
        total += (sheet_cuts([placed.rect for placed in cut], sheet.width_mm, sheet.height_mm)
                  + sum(chit_cuts(placed.component) for placed in cut
                        if not (punched and placed.component.round_chits)))
    return total


def has_round_pieces(components: Sequence[Component]) -> bool:
    """Does a craft punch press out some of these pieces: round ones, or sheets of round chits?"""
    return any(component.outline == "circle" or component.round_chits for component in components)


def paper_sheets(imposition: Imposition) -> int:
    """Sheets of paper the kit takes: a two-sided sheet counts once."""
    return sum(1 for sheet in imposition.sheets if sheet.side == "front")
