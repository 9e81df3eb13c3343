"""Market circles on a hard shadow's edge. The bench's photo of seed 100020 (Harvest Dice, the
lettuce and tomato markets, straightened at the reader's 8 px a mm, 3 mm of the sheet round
them, in grey): the shadow's jagged edge runs across the lettuce's second circle and the
tomato's fourth, both blank, and left specks in a line through each that read as a cross
(the lettuce market as 2 crossed, not 1, surely)."""
from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from pnp.sheets import Region
from scorer.photo.reader import INK, count_crossed, ink_map, read_cross

AROUND_MM = 3.0
CROSSED = {"markets.lettuce": 1, "markets.tomato": 3}


def _markets() -> tuple:
    image = cv2.imread(str(Path(__file__).with_name("market-circles-on-a-shadows-edge.png")), cv2.IMREAD_COLOR)
    assert image is not None
    rows = {}
    for row, path in enumerate(CROSSED):
        top = AROUND_MM + 6.0 * row
        rows[path] = [Region(path, "circle", (AROUND_MM + 6.0 * n, top, 4.8, 4.8), n + 1,
                             printed_mm=(AROUND_MM + 1.5 + 6.0 * n, top + 1.368, 1.8, 2.063)) for n in range(5)]
    return ink_map(image), rows


@pytest.mark.parametrize("path", sorted(CROSSED))
def test_specks_of_a_shadows_edge_are_no_cross_in_a_market_circle(path):
    ink, rows = _markets()
    crossed = CROSSED[path]
    marks = [read_cross(ink, circle, INK) for circle in rows[path]]
    assert [mark.value for mark in marks] == [True] * crossed + [False] * (5 - crossed)
    assert count_crossed(marks).value == crossed
