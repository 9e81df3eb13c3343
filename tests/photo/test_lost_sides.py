"""Shapes that lost sides with their space's printed lines, read from garden spaces cut out of
photos (straightened at the reader's 8 px a mm, 4 mm of the sheet round the space): a cold
tester's hurried lettuce, its top side over the line above and its left side along the left
line, left two sides at right angles whose hull fills a right triangle, and was read as a
carrot. A carrot drawn too big, its tip over the line above, must still read as a carrot."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from pnp.sheets import Region
from scorer.photo.reader import PX_PER_MM, ink_map, read_cell

SURE = 0.9
AROUND_MM = 4.0


def _space_in(name: str) -> tuple[np.ndarray, Region]:
    image = cv2.imread(str(Path(__file__).with_name(name)), cv2.IMREAD_COLOR)
    assert image is not None
    side = image.shape[1] / PX_PER_MM - 2 * AROUND_MM
    return ink_map(image), Region("garden.0.0", "cell", (AROUND_MM, AROUND_MM, side, side))


def test_a_hurried_lettuce_over_its_top_line_reads_lettuce_not_carrot():
    """The tester's photo hd-30, space 0.3: the two sides left run along the sheet's lines
    across and down, as a square's do and a carrot's slanted ones do not."""
    found = read_cell(*_space_in("lettuce-over-its-top-line.png"))
    assert found.value == "L" and found.confidence < SURE   # two sides of four: outlined


def test_a_big_carrot_over_its_top_line_still_reads_carrot():
    """The hurried hand's carrot (bench photo, seed 100012, space 1.4), its tip over the line
    above and its base near the line below: a hull filling a triangle, some strokes at right
    angles, about half of them along the sheet's lines."""
    found = read_cell(*_space_in("carrot-over-its-lines.png"))
    assert found.value == "C"
