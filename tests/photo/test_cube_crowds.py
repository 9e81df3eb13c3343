"""Cottage Garden cubes crowded on one space, as a cold tester laid them: two stacked one above
the other, two side by side spilling over the space's lines. A cube is never counted twice,
and a pair side by side on a narrow space is read on it."""
from __future__ import annotations

import shutil

import numpy as np
import pytest

from pnp.photo_sample import ORANGES, cube, mark_sheet, png_bytes
from pnp.readable import readable_sheets
from scorer.photo.reader import read_photos

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
SHEETS = readable_sheets("cottage-garden")
TABLE = SHEETS[0]


def _middle(value: int) -> np.ndarray:
    x, y, w, h = next(r.box_mm for r in TABLE.regions if (r.path, r.value) == ("orange", value))
    return np.array([x + w / 2, y + h / 2])


def _table_with(oranges: list[tuple[int, float, float]], side: float, blot_on: int | None = None) -> dict:
    """A table whose blue cubes are on 0, 4 and 14, and orange cubes of a deep orange `side`
    mm across, each on a space moved (across, down) mm from its middle; and an orange square
    BLOT_MM across, larger than any cube, on the space `blot_on`."""
    player = {"name": "", "orange": [], "blue": [0, 4, 14], "beehives": 0}
    image = mark_sheet(TABLE, {"players": [player]}, player, 5)
    rng = np.random.default_rng(5)
    for value, across, down in oranges:
        cube(image, _middle(value) + (across, down), side, ORANGES["deep"], rng)
    if blot_on is not None:
        cube(image, _middle(blot_on), BLOT_MM, ORANGES["deep"], rng)
    return read_photos([png_bytes(image)], "cottage-garden", SHEETS)


def test_cubes_seen_large_are_not_counted_twice():
    """Deep orange 9 mm cubes at a slant show their sides (1.6 of the 8 mm top the table
    expects, drawn here as 10 mm squares): one on 4, two one above the other on 9. Each blob
    was counted by its area alone, 2 and 3: "5 orange cubes were found", and one on 9 dropped."""
    found = _table_with([(4, 0.6, 0.0), (9, 0.0, -5.1), (9, 0.3, 5.1)], 10.2)
    assert found["state"]["players"][0]["orange"] == [4, 9, 9]
    assert found["state"]["players"][0]["blue"] == [0, 4, 14] and found["confidence"]["players.0.blue"] >= 0.9


NINE_MM_SEEN = 10.4   # a 9 mm cube from above, 1.4 mm of two sides showing: 1.7 of the table's 8 mm tops


def test_nine_mm_cubes_apart_are_read_surely_with_no_note():
    """The cold tester's 9 mm cubes, one a space: each blob 1.7 tops, so the three were shared
    out as two each, six, and the track outlined "some orange cubes look larger than a cube"."""
    found = _table_with([(3, 0.0, 0.0), (9, 0.0, 0.0), (13, 0.0, 0.0)], NINE_MM_SEEN)
    assert found["state"]["players"][0]["orange"] == [3, 9, 13]
    assert found["confidence"]["players.0.orange"] >= 0.9 and "players.0.orange" not in found["notes"]


def test_a_nine_mm_cube_by_the_red_line_is_counted_once():
    """The tester's table (pencil, seed 2020): 9 mm cubes on 7 and on 8, the one on 8 against
    the red line and touching its neighbour, and one on 15. Their blob (3.4 tops) was counted
    as three and the one on 15 as two: "4 orange cubes were found (on 7, 8, 8 and 15)"."""
    found = _table_with([(7, 0.6, 0.0), (8, 0.9, 0.0), (15, 0.0, 0.0)], NINE_MM_SEEN)
    assert found["state"]["players"][0]["orange"] == [7, 8, 15]
    assert found["confidence"]["players.0.orange"] >= 0.9 and "players.0.orange" not in found["notes"]


BLOT_MM = 16.0   # 4 of the table's tops: no 10 mm cube at a 40 degree slant shows so much


def test_a_blob_far_larger_than_a_cube_keeps_the_note():
    """An orange blob larger than any cube at any slant beside two cubes is not taken for the
    third cube: it is counted by where it stands, and the track says to check it."""
    found = _table_with([(3, 0.0, 0.0), (13, 0.0, 0.0)], 8.0, blot_on=9)
    assert found["confidence"]["players.0.orange"] < 0.9
    assert found["notes"]["players.0.orange"] == ("some orange cubes look larger than a cube (as at a slant) and "
                                                  "were counted by where they stand; check them")


def test_two_cubes_side_by_side_on_a_narrow_space_are_read_on_it():
    """Two 9 mm cubes side by side on the 10 mm space 7, a little to the right: the right one's
    centre lies just past the line to 8 (read 7, 8 at 0.6 with no note). The pair's middle is
    on 7: both stand on it, and the track says to check it."""
    found = _table_with([(7, -4.1, 0.5), (7, 5.1, -0.5), (15, 0.0, 0.0)], 9.0)
    assert found["state"]["players"][0]["orange"] == [7, 7, 15]
    assert found["confidence"]["players.0.orange"] < 0.9
    assert found["notes"]["players.0.orange"] == ("two orange cubes side by side on 7 spill over its lines: "
                                                  "both are read on it; check them")
