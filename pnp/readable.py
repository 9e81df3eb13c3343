"""Printed sheets a photo can be read from: their corner markers, drawn here, and the list of
every kit's readable sheets (each kit lists its own regions, from the constants it draws with).

A sheet's identity is in its marker ids: each kind of readable sheet, in each version of its
layout, has its own block of ids of OpenCV's DICT_4X4_50 (top-left, top-right, bottom-right,
bottom-left, then any markers along its edges). A changed layout takes a new block, so a photo
of an old sheet is never read with the new sheet's regions.
"""
from __future__ import annotations

import functools

from pnp.colors import INK, WHITE
from pnp.kits import available_kits, load_kit
from pnp.model import Group, Rect, Style
from pnp.sheets import DICTIONARY, Marker, ReadableSheet

MARKER = 5.0        # a marker's side, mm, unless a sheet has room for larger ones
INSET = 1.0         # from the sheet's edge to the marker: its white margin survives a sloppy cut
QUIET = 0.8         # the white round a marker that the detector needs to find its black border
MARKER_CELLS = 6    # 4 x 4 bits and a one-cell black border

# First id of each readable sheet's block (four ids, and one more per edge marker), per layout
# version; never reuse an id.
ID_BLOCKS: dict[tuple[str, str, int], int] = {
    ("harvest-dice", "score-sheet-basic", 1): 0,
    ("harvest-dice", "score-sheet-advanced", 1): 4,
    ("cottage-garden", "planting-table", 1): 8,
    ("harvest-dice", "score-sheet-basic", 2): 12,
    ("harvest-dice", "score-sheet-advanced", 2): 18,
    ("cottage-garden", "planting-table", 2): 23,
    ("harvest-dice", "score-sheet-basic", 3): 37,
    ("harvest-dice", "score-sheet-advanced", 3): 42,
    ("cottage-garden", "planting-table", 3): 27,
}


def corner_markers(game: str, component: str, version: int, width: float, height: float,
                   side: float = MARKER) -> tuple[Marker, ...]:
    """The four corner markers of a sheet, in the order top-left, top-right, bottom-right,
    bottom-left; a wide sheet, seen from further away, has room for larger ones."""
    far_x, far_y = width - INSET - side, height - INSET - side
    return sheet_markers(game, component, version, ((INSET, INSET, side), (far_x, INSET, side),
                                                   (far_x, far_y, side), (INSET, far_y, side)))


def sheet_markers(game: str, component: str, version: int,
                  places: tuple[tuple[float, float, float], ...]) -> tuple[Marker, ...]:
    """A sheet's markers at `places` (top-left x, y and side, mm): its four corners in the order
    top-left, top-right, bottom-right, bottom-left, then any along its edges. A photo needs
    only three of them that span the sheet, so a corner in a shadow or under a thumb costs
    nothing."""
    first = ID_BLOCKS[(game, component, version)]
    return tuple(Marker(first + i, (x, y, side, side)) for i, (x, y, side) in enumerate(places))


@functools.cache
def _marker_bits(marker_id: int) -> tuple[tuple[bool, ...], ...]:
    import cv2

    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))
    image = dictionary.generateImageMarker(marker_id, MARKER_CELLS)
    return tuple(tuple(bool(v < 128) for v in row) for row in image)


def marker_shapes(markers: tuple[Marker, ...]) -> Group:
    """Each marker's black cells on a white square a little larger than the marker."""
    shapes: list = []
    for marker in markers:
        x, y, side, _ = marker.box_mm
        shapes.append(Rect(x - QUIET, y - QUIET, side + 2 * QUIET, side + 2 * QUIET, Style(fill=WHITE)))
        cell = side / MARKER_CELLS
        for row, bits in enumerate(_marker_bits(marker.id)):
            for col, black in enumerate(bits):
                if black:  # a hair larger, so neighbouring cells print as one black area
                    shapes.append(Rect(x + col * cell, y + row * cell, cell + 0.02, cell + 0.02, Style(fill=INK)))
    return Group(tuple(shapes))


def readable_sheets(game: str) -> tuple[ReadableSheet, ...]:
    """The readable sheets of a game's kit (none for a kit that lists none): the ones it prints
    now, then those of earlier layouts it printed, so a sheet printed before still reads."""
    if game not in available_kits():
        return ()
    kit = load_kit(game)
    listing, earlier = getattr(kit, "readable_sheets", None), getattr(kit, "earlier_sheets", None)
    return (tuple(listing()) if listing else ()) + (tuple(earlier()) if earlier else ())
