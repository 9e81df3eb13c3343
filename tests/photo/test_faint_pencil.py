"""A faint pencil's thinnest shapes. The faint hand's strokes one pixel wide, in a bright part of
the photo, are inked 0.06-0.09 at their cores where the same sheet's other shapes reach
0.16-0.18: under FAINT_INK, so they were read as empty spaces (58 of the 216 garden spaces of
the faint hand's twelve photos in the hands' bench, seed 1). On a sheet whose marks are faint,
a space empty at FAINT_INK is looked at again at a share of the sheet's own mark darkness,
clear of the paper's noise; so are a pig circle and a power box read blank. Spaces and boxes
cut out of the bench's photos (straightened at the reader's 8 px a mm, 4 mm of the sheet round
them) keep the cases."""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.photo_hands import HANDS, Pencil, veggie
from pnp.photo_sample import blank_sheet, png_bytes
from pnp.readable import readable_sheets
from pnp.sheets import Region
from scorer.photo.reader import (
    FAINT_INK,
    FAINTEST_SHARE,
    PX_PER_MM,
    ink_map,
    read_cell,
    read_cross,
    read_faint_cross,
    read_photos,
)

SURE = 0.9
AROUND_MM = 4.0
needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")


def _space_in(name: str) -> tuple[np.ndarray, Region]:
    image = cv2.imread(str(Path(__file__).with_name(name)), cv2.IMREAD_COLOR)
    assert image is not None
    side = image.shape[1] / PX_PER_MM - 2 * AROUND_MM
    return ink_map(image), Region("garden.0.0", "cell", (AROUND_MM, AROUND_MM, side, side))


# each space's photo, and the darkness of its sheet's marks there (the median of every mark found)
FAINT_SPACES = {
    "faint-lettuce-thin-strokes.png": ("L", 0.184),   # seed 100021, space 2.3
    "faint-carrot-thin-strokes.png": ("C", 0.184),    # seed 100021, space 0.2
    "faint-tomato-thin-strokes.png": ("T", 0.166),    # seed 100005, space 0.1
}


@pytest.mark.parametrize("name", sorted(FAINT_SPACES))
def test_a_faint_pencils_thin_shape_is_read_on_a_faint_sheet_unsurely(name):
    veggie, darkness = FAINT_SPACES[name]
    ink, region = _space_in(name)
    assert read_cell(ink, region).value == "."      # at FAINT_INK nothing is drawn
    found = read_cell(ink, region, faintest=FAINTEST_SHARE * darkness)
    assert found.value == veggie
    assert found.confidence < SURE


def test_specks_along_a_hard_shadows_edge_are_no_veggie():
    """Seed 100013, space 1.2 (the faint hand's sheet, empty): the edge of a hard shadow, in
    steps, leaves a line of specks across the space faint enough to be drawing at the faintest
    a mark on that sheet is; its hull is a thin band, as no veggie's is."""
    ink, region = _space_in("shadow-edge-specks.png")
    found = read_cell(ink, region, faintest=FAINTEST_SHARE * 0.166)
    assert found.value == "."


@needs_poppler
def test_a_sheet_of_faint_marks_has_its_faintest_shapes_read():
    """A faint pencil's sheet whose third column of shapes was drawn in strokes one pixel wide:
    they are read, outlined like every field of a faint sheet (they were read as empty spaces)."""
    sheets = readable_sheets("harvest-dice")
    basic = next(s for s in sheets if dict(s.state)["mode"] == "basic")
    faint = next(hand for hand in HANDS if hand.name == "faint")
    thin = dataclasses.replace(faint, width_mm=(0.12, 0.12))
    garden = ["TLC...", "CTL...", "LCT..."]
    cells = {cell.path: cell for cell in basic.regions if cell.kind == "cell"}
    for seed in (2, 3):
        sheet = blank_sheet("harvest-dice", basic.component)
        pencil = Pencil(sheet.shape[:2], faint, np.random.default_rng(seed))
        thinner = Pencil(sheet.shape[:2], thin, np.random.default_rng(seed + 100))
        for row, letters in enumerate(garden):
            for column, letter in enumerate(letters[:3]):
                veggie(thinner if column == 2 else pencil, cells[f"garden.{row}.{column}"], letter, big=False)
        found = read_photos([png_bytes(thinner.lay_on(pencil.lay_on(sheet)))], "harvest-dice", sheets)
        assert found["state"]["players"][0]["garden"] == garden, seed
        assert all(found["confidence"][f"players.0.garden.{row}.2"] < SURE for row in range(3))


def _boxes_in(name: str) -> tuple[np.ndarray, list[Region]]:
    """A column of four power boxes cut out of a photo (4 mm round them), boxes 5.5 mm a side
    6 mm apart."""
    image = cv2.imread(str(Path(__file__).with_name(name)), cv2.IMREAD_COLOR)
    assert image is not None
    boxes = [Region("pig_powers_used", "box", (AROUND_MM, AROUND_MM + 6.0 * n, 5.5, 5.5), n + 1) for n in range(4)]
    return ink_map(image), boxes


def test_a_faint_pencils_x_in_a_power_box_is_read_on_a_faint_sheet_unsurely():
    """Seed 100093 (the faint hand; its sheet's marks 0.166 dark, a cross looked for at 0.116):
    the second power box's X is fainter than that along one stroke and was read as a lone
    slash. Looked at again at the faintest a mark on the sheet may be, it is an X, outlined."""
    ink, boxes = _boxes_in("faint-power-crosses.png")
    least, darkness = 0.116, 0.166
    assert read_cross(ink, boxes[1], least).value is False
    found = read_faint_cross(ink, boxes[1], least, FAINTEST_SHARE * darkness)
    assert found.value is True and found.confidence < SURE
    assert read_faint_cross(ink, boxes[1], least, FAINT_INK * 2).value is False   # not a faint sheet: not looked at


def test_blank_power_boxes_on_a_faint_sheet_stay_blank():
    """Seed 100005 (the faint hand): boxes 3 and 4 are blank, the printed pig in them, and read
    blank surely at the faintest a mark on the sheet may be too."""
    ink, boxes = _boxes_in("faint-power-crosses-and-blanks.png")
    for box in boxes[2:]:
        found = read_faint_cross(ink, box, 0.117, FAINTEST_SHARE * 0.166)
        assert found.value is False and found.confidence >= SURE
