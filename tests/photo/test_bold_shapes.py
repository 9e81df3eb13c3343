"""A big bold shape is no scribble. A cold tester's marker pen (a black line 1.14 mm wide)
drew shapes over 86 % of their spaces, each stroke running about 1 mm past its corners, where
it crosses the next: the strokes' thickness and crossings reach into the middle the reader
looked at for a scribble (the hull at half its size about the mean of its corners, which the
crossings pull off the middle), and clear carrots and a lettuce read as scribbled out. A
scribble-out in the same pen, zig-zags over the whole space, still reads as empty."""
from __future__ import annotations

import math
import shutil

import cv2
import numpy as np
import pytest

from bench.photo import degrade
from pnp.kits.harvest_dice import READABLE_LAYOUT
from pnp.photo_sample import PX_PER_MM, blank_sheet
from pnp.readable import readable_sheets
from scorer.photo.reader import SCRIBBLED_NOTE, read_photos

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
DICE = readable_sheets("harvest-dice")
ADVANCED = next(s for s in DICE if dict(s.state)["mode"] == "advanced" and s.layout_version == READABLE_LAYOUT)
MARKER_MM = 1.14
PAST_CORNERS_MM = 1.0
SHAPES = {"C": [(0.0, -1.0), (0.9, 0.75), (-0.9, 0.75)], "L": [(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)]}


def _marker(image: np.ndarray, start: np.ndarray, end: np.ndarray) -> None:
    ends = [tuple(int(v) for v in np.rint(np.asarray(point) * PX_PER_MM * 16)) for point in (start, end)]
    cv2.line(image, ends[0], ends[1], (20, 20, 20), round(MARKER_MM * PX_PER_MM), cv2.LINE_AA, shift=4)


def _bold_shape(image: np.ndarray, letter: str, box_mm: tuple, turn_degrees: float, off_mm: tuple) -> None:
    """The shape at 86 % of its space, each side a stroke running on past both corners."""
    x, y, w, h = box_mm
    centre = np.array([x + w / 2 + off_mm[0], y + h / 2 + off_mm[1]])
    cos, sin = math.cos(math.radians(turn_degrees)), math.sin(math.radians(turn_degrees))
    corners = [centre + 0.86 * w / 2 * np.array([cos * a - sin * b, sin * a + cos * b]) for a, b in SHAPES[letter]]
    for first, second in zip(corners, corners[1:] + corners[:1]):
        along = (second - first) / np.linalg.norm(second - first)
        _marker(image, first - along * PAST_CORNERS_MM, second + along * PAST_CORNERS_MM)


def _scribbled_out(image: np.ndarray, box_mm: tuple) -> None:
    """Zig-zags across the space from its top to its bottom, over the shape drawn in it."""
    x, y, w, h = box_mm
    points = [np.array([x + w * (0.12 if row % 2 == 0 else 0.88), y + h * (0.15 + 0.7 * row / 8)]) for row in range(9)]
    for first, second in zip(points, points[1:]):
        _marker(image, first, second)


GARDEN = ["CC.LLL", "C.L..L", ".LC..."]


@pytest.mark.parametrize("seed", [1, 21])
def test_big_bold_shapes_photographed_are_read_as_drawn_and_a_scribble_as_empty(seed):
    """The bench's photo of the sheet (seeds where a carrot read as scribbled out)."""
    rng = np.random.default_rng(seed)
    turn_degrees, off_mm = rng.uniform(-6, 6), tuple(rng.uniform(-0.6, 0.6, 2))
    image = blank_sheet("harvest-dice", ADVANCED.component).copy()
    boxes = {r.path: r.box_mm for r in ADVANCED.regions if r.kind == "cell"}
    for row, letters in enumerate(GARDEN):
        for column, letter in enumerate(letters):
            if letter != ".":
                _bold_shape(image, letter, boxes[f"garden.{row}.{column}"], turn_degrees, off_mm)
    _bold_shape(image, "C", boxes["garden.1.4"], turn_degrees, off_mm)
    _scribbled_out(image, boxes["garden.1.4"])
    photo, _ = degrade(image, rng)
    found = read_photos([photo], "harvest-dice", DICE)
    scribbled = [path for path, note in found["notes"].items() if note == SCRIBBLED_NOTE]
    assert scribbled == ["players.0.garden.1.4"]
    assert found["state"]["players"][0]["garden"] == GARDEN
