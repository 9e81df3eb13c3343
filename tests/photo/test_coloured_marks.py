"""Tomatoes drawn in a coloured crayon or pen, not a grey pencil: a light colour (yellow, orange,
pink, light blue) is hardly darker than the paper in grey, so its rings were read as faint
marks, every field of the sheet outlined, and some as carrots. The marks are photo-sample's,
turned into a colour by a colour step, or wide grainy crayon rings, photographed as the bench
photographs a sheet."""
from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

from bench.photo import degrade
from pnp.kits.harvest_dice import READABLE_LAYOUT
from pnp.photo_sample import PX_PER_MM, blank_sheet, cross, png_bytes, veggie
from pnp.readable import readable_sheets
from scorer.photo.reader import read_photos
from tests.photo.test_outsider_marks import round_stroke

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
SHEETS = readable_sheets("harvest-dice")
BASIC = next(s for s in SHEETS if dict(s.state)["mode"] == "basic" and s.layout_version == READABLE_LAYOUT)
CELLS = [r for r in BASIC.regions if r.kind == "cell"]
SURE = 0.9
COLOURS = {"yellow": (40, 220, 250), "orange": (40, 160, 250), "pink": (190, 140, 255),   # BGR
           "light blue": (250, 215, 140), "light green": (120, 230, 140)}


def _coloured(blank: np.ndarray, marked: np.ndarray, colour: tuple[int, int, int], strength: np.ndarray | float = 1.0) -> np.ndarray:
    """The colour step: what is drawn on `marked` over `blank`, in `colour` instead of grey, as
    fully as the grey covered the paper (times `strength`, a crayon's grain)."""
    covered = np.clip((blank.astype(np.float32) - marked.astype(np.float32)).max(axis=2) / 150, 0, 1) ** 0.5 * strength
    mixed = blank.astype(np.float32) * (1 - covered[..., None]) + np.array(colour, np.float32) * covered[..., None]
    return np.clip(mixed, 0, 255).astype(np.uint8)


def _tomatoes(colour: tuple[int, int, int], seed: int, crayon: bool) -> np.ndarray:
    """A sheet with a tomato in every space in `colour`, and the first two of each market
    crossed in grey pencil: photo-sample's rings, or a crayon's wide grainy ones."""
    blank = blank_sheet("harvest-dice", BASIC.component)
    rng = np.random.default_rng(seed)
    crossed = blank.copy()
    for region in BASIC.regions:
        if region.kind == "circle" and (region.value or 0) <= 2:
            cross(crossed, region, rng)
    marked = crossed.copy()
    if not crayon:
        for cell in CELLS:
            veggie(marked, cell, "T", rng)
        return _coloured(crossed, marked, colour)
    width = max(1, round(rng.uniform(0.8, 1.2) * PX_PER_MM))
    for cell in CELLS:
        for start, end in round_stroke(cell.box_mm, rng, rng.uniform(0.6, 0.9), 0.05):
            ends = [tuple(int(v * PX_PER_MM * 16) for v in point) for point in (start, end)]
            cv2.line(marked, ends[0], ends[1], (40, 40, 40), width, cv2.LINE_AA, shift=4)
    grain = np.clip(rng.normal(0.7, 0.25, marked.shape[:2]), 0, 1).astype(np.float32)
    return _coloured(crossed, marked, colour, grain)


def _read(image: np.ndarray, seed: int, photo: bool) -> dict:
    data = degrade(image, np.random.default_rng(seed))[0] if photo else png_bytes(image)
    return read_photos([data], "harvest-dice", SHEETS)


@pytest.mark.parametrize("colour, seed, crayon, photo", [
    ("yellow", 1, False, True), ("orange", 1, True, True), ("pink", 2, True, False),
    ("light blue", 2, False, True), ("light green", 1, True, True)])
def test_tomatoes_in_a_coloured_crayon_read_as_tomatoes(colour, seed, crayon, photo):
    """Every ring a tomato, the sheet's marks not faint; photo-sample's thin rings surely (a
    crayon's wide ones run along the printed lines, and may be outlined for that)."""
    found = _read(_tomatoes(COLOURS[colour], seed, crayon), seed, photo)
    garden = found["state"]["players"][0]["garden"]
    assert garden == ["TTTTTT"] * 3
    assert "players.0" not in found["notes"], found["notes"]["players.0"]   # no sheet-wide "faint"
    if not crayon:
        assert min(found["confidence"][f"players.0.{cell.path}"] for cell in CELLS) >= SURE
    assert found["state"]["markets"] == {"carrot": 2, "lettuce": 2, "tomato": 2}
