"""What a scribble is: a zig-zag over a space's middle covers an area. A square drawn in a
hurry along its space's printed lines, its left side a little in from the line and the square
beside it drawn along that line, left only those two strokes to read: their hull is thin and
as inked in its middle as a scribble's, and a cold tester's lettuce read as scribbled out."""
from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

from pnp.kits.harvest_dice import READABLE_LAYOUT
from pnp.photo_sample import PX_PER_MM, blank_sheet, png_bytes
from pnp.readable import readable_sheets
from scorer.photo.reader import read_photos

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
DICE = readable_sheets("harvest-dice")
BASIC = next(s for s in DICE if dict(s.state)["mode"] == "basic" and s.layout_version == READABLE_LAYOUT)


def _pen(image: np.ndarray, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A straight stroke of a dark pen 0.55 mm wide, from and to points in mm."""
    ends = [tuple(round(v * PX_PER_MM * 16) for v in point) for point in (start, end)]
    cv2.line(image, ends[0], ends[1], (35, 25, 25), max(1, round(0.55 * PX_PER_MM)), cv2.LINE_AA, shift=4)


@pytest.mark.parametrize("in_from_line_mm", [1.6, 2.0, 2.4])
def test_a_square_drawn_along_its_lines_beside_another_is_no_scribble(in_from_line_mm):
    image = blank_sheet("harvest-dice", BASIC.component).copy()
    x, y, w, h = next(r.box_mm for r in BASIC.regions if r.path == "garden.1.2")
    _pen(image, (x + 0.8, y + 0.2), (x + 0.8, y + h - 0.2))    # the right side of the square beside it, over the line
    _pen(image, (x + in_from_line_mm, y + 0.6), (x + in_from_line_mm, y + h - 0.8))
    for start, end in (((x + 0.5, y + 0.3), (x + w - 0.3, y + 0.3)), ((x + w - 0.3, y + 0.3), (x + w - 0.3, y + h - 0.3)),
                       ((x + w - 0.3, y + h - 0.3), (x + 0.5, y + h - 0.3))):
        _pen(image, start, end)   # its other sides along the printed lines
    found = read_photos([png_bytes(image)], "harvest-dice", DICE)
    assert "scribbled" not in found["notes"].get("players.0.garden.1.2", "")
