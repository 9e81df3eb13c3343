"""A sheet partly out of the photo: read from the markers still in it, what lies past the
photo's edge straightened to black, which read as ink (a cold tester's markets outside the
picture read crossed at confidence 1). A field even partly outside is never read surely;
with too much of the sheet outside, the photo is refused with what to do."""
from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

from pnp.kits.harvest_dice import READABLE_LAYOUT
from pnp.photo_sample import PX_PER_MM, mark_sheet, png_bytes
from pnp.readable import readable_sheets
from scorer.photo.intake import PhotoError
from scorer.photo.reader import OUT_OF_FRAME_NOTE, Field, _agreed, read_photos

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
DICE = readable_sheets("harvest-dice")
BASIC = next(s for s in DICE if dict(s.state)["mode"] == "basic" and s.layout_version == READABLE_LAYOUT)
GARDEN = readable_sheets("cottage-garden")
TABLE = GARDEN[0]
MARKETS = {"carrot": 3, "lettuce": 2, "tomato": 1}
PLAYER = {"name": "", "garden": ["CT.L..", "T.LC..", "..C..."], "pig": 5, "pig_powers_used": 1}


TRUTH = {"state": {"mode": "basic", "markets": MARKETS, "players": [PLAYER]}}


def _dice_sheet() -> np.ndarray:
    return mark_sheet(BASIC, TRUTH["state"], PLAYER, 3)


def _fields(found: dict) -> dict[str, object]:
    """A Harvest Dice answer's fields by the paths its confidences are given by."""
    player = found["state"]["players"][0]
    return {**{f"markets.{veggie}": count for veggie, count in found["state"]["markets"].items()},
            **{f"players.0.garden.{row}.{column}": letter
               for row, letters in enumerate(player["garden"]) for column, letter in enumerate(letters)},
            "players.0.pig": player["pig"], "players.0.pig_powers_used": player["pig_powers_used"]}


def _on_a_table(image: np.ndarray, degrees: float) -> tuple[np.ndarray, np.ndarray]:
    """The sheet turned `degrees` on a brown table with room round it, and the map from the
    sheet's millimetres to the photo's pixels."""
    height, width = image.shape[:2]
    side = round(1.3 * max(height, width))
    turn = cv2.getRotationMatrix2D((width / 2, height / 2), degrees, 1.0)
    turn[:, 2] += ((side - width) / 2, (side - height) / 2)
    return cv2.warpAffine(image, turn, (side, side), borderValue=(60, 90, 130)), turn * [[PX_PER_MM], [PX_PER_MM]] @ np.diag([1, 1, 1 / PX_PER_MM])


def _at(placed: np.ndarray, x_mm: float, y_mm: float) -> tuple[int, int]:
    column, row = placed @ (x_mm, y_mm, 1.0)
    return round(column), round(row)


def _rows_down_to(image: np.ndarray, bottom_mm: float) -> np.ndarray:
    return image[:round(bottom_mm * PX_PER_MM)].copy()


@pytest.mark.parametrize("bottom_mm", [100.0, 107.0])
def test_markets_cut_off_the_bottom_of_the_photo_are_never_read_surely(bottom_mm):
    """The photo stops in the markets (the top corners and the right edge's square in view):
    the carrot market, wholly or partly outside, read 5 for 3 at confidence 1."""
    found = read_photos([png_bytes(_rows_down_to(_dice_sheet(), bottom_mm))], "harvest-dice", DICE)
    for veggie, crossed in MARKETS.items():
        assert found["state"]["markets"][veggie] == crossed or found["confidence"][f"markets.{veggie}"] == 0.0
    assert found["confidence"]["markets.carrot"] == 0.0
    assert found["notes"]["markets.carrot"] == OUT_OF_FRAME_NOTE
    player = found["state"]["players"][0]
    assert (player["garden"], player["pig"], player["pig_powers_used"]) == (PLAYER["garden"], 5, 1)
    assert all(found["confidence"][f"players.0.{path}"] >= 0.9 for path in ("pig", "pig_powers_used", "garden.2.2"))


def test_a_sheet_turned_on_a_table_and_cut_at_its_bottom_has_no_sure_field_outside():
    """The tester's photo: the sheet turned a little on the table, the photo's edge through the
    markets. Every field read is right or not sure."""
    photo, placed = _on_a_table(_dice_sheet(), 8.0)
    cut = photo[:_at(placed, 61.4, 107.0)[1]]   # through the carrot market's last circle
    found = read_photos([png_bytes(cut)], "harvest-dice", DICE)
    wrong_yet_sure = {path: value for path, value in _fields(found).items()
                      if value != _fields(TRUTH)[path] and found["confidence"][path] >= 0.9}
    assert wrong_yet_sure == {}
    assert found["confidence"]["markets.carrot"] == 0.0


def test_a_sheet_whose_markets_are_cut_off_has_no_say_in_them_beside_one_whole():
    """Two sheets in one photo: the markets of the one cut off do not lower the whole one's."""
    assert _agreed([Field(5, 0.0, OUT_OF_FRAME_NOTE), Field(3, 1.0)]) == Field(3, 1.0)
    assert _agreed([Field(5, 0.0, OUT_OF_FRAME_NOTE)]) == Field(5, 0.0, OUT_OF_FRAME_NOTE)


def test_a_planting_table_with_a_track_out_of_the_photo_is_refused_with_step_back():
    """Three corner squares in view, the bottom left one and the start's spaces past the
    photo's left edge: the tracks cannot be read, so the photo is refused saying what to do."""
    player = {"name": "", "orange": [0, 5, 9], "blue": [0, 4, 14], "beehives": 0}
    photo, placed = _on_a_table(mark_sheet(TABLE, {"players": [player]}, player, 2), -20.0)
    left = min(_at(placed, x, y)[0] for x, y in ((0.0, 0.0), (0.0, 10.0))) - 4   # the top left square in view
    cut = photo[:, left:]
    assert max(_at(placed, x, y)[0] for x, y in ((10.0, 60.0), (10.0, 70.0))) < left   # the bottom left one not
    with pytest.raises(PhotoError, match=r"part of the sheet is outside the photo \(\w+ of the 2 things read "
                                         r"from it\): step back so the whole sheet is in the picture"):
        read_photos([png_bytes(cut)], "cottage-garden", GARDEN)


ADVANCED = next(s for s in DICE if dict(s.state)["mode"] == "advanced" and s.layout_version == READABLE_LAYOUT)


def _slanted(image: np.ndarray, near_side: str, margin: float = 0.1, slant: float = 0.2) -> tuple[np.ndarray, np.ndarray]:
    """The sheet photographed at a slant, its `near_side` ("left" or "right") nearer the phone
    and so taller than the far side by `slant` of its height, on a brown table with `margin` of
    the picture's width round it; and the homography from the sheet's millimetres to the photo's
    pixels."""
    height, width = image.shape[:2]
    side = round(max(width, height) * (1 + 2 * margin))
    left, top, far = side * margin, (side - height) / 2, slant / 2 * height
    corners = [[left, top], [left + width, top], [left + width, top + height], [left, top + height]]
    narrowed = (0, 3) if near_side == "right" else (1, 2)
    for corner in narrowed:
        corners[corner][1] += far if corner in (0, 1) else -far
    to_photo = cv2.getPerspectiveTransform(np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32),
                                           np.array(corners, np.float32))
    photo = cv2.warpPerspective(image, to_photo, (side, side), borderValue=(60, 90, 130))
    return photo, to_photo @ np.diag([PX_PER_MM, PX_PER_MM, 1.0])


def _in_photo(homography: np.ndarray, x_mm: float, y_mm: float) -> np.ndarray:
    return cv2.perspectiveTransform(np.array([[[x_mm, y_mm]]], np.float32), homography)[0, 0]


def _x_in_photo(homography: np.ndarray, x_mm: float, y_mm: float) -> int:
    return round(float(_in_photo(homography, x_mm, y_mm)[0]))


def _refusal(photo: np.ndarray, game: str, sheets: tuple) -> str:
    with pytest.raises(PhotoError) as refused:
        read_photos([png_bytes(photo)], game, sheets)
    return str(refused.value)


@pytest.mark.parametrize("slant, shadow", [(0.06, 1.0), (0.03, 0.6), (0.2, 1.0)])
def test_a_planting_table_cut_by_the_frame_at_a_slant_says_step_back(slant, shadow):
    """The tester's photo: a planting table at a slant, its near right end past the picture's
    edge (the bottom right square half in it). The affine fit from the two squares seen dropped
    one as an outlier and put the missing corners inside the picture: "keep fingers off". A
    steeper slant puts them inside by any affine fit: the paper running off the edge tells. (In
    the tester's photo a shadow darkens that end: only the bottom right square's box, placed by
    a fit of both squares, reaching past the edge tells.)"""
    player = {"name": "", "orange": [0, 5, 9], "blue": [0, 4, 14], "beehives": 0}
    photo, homography = _slanted(mark_sheet(TABLE, {"players": [player]}, player, 2), "right", slant=slant)
    cut = photo[:, :_x_in_photo(homography, 188.5, 66.0)]   # 1.5 mm of the bottom right square in
    cut[:, round(cut.shape[1] * 0.7):] = (cut[:, round(cut.shape[1] * 0.7):] * shadow).astype(np.uint8)   # its end shaded
    reason = _refusal(cut, "cottage-garden", GARDEN)
    assert "only two of the four" in reason and reason.endswith("step back so the whole sheet is in the picture")


@pytest.mark.parametrize("slant", [0.06, 0.2])
def test_a_dice_sheet_cut_by_the_frame_at_a_slant_says_step_back(slant):
    """An advanced sheet at a slant, its near left edge out of the picture: the three squares
    down the right edge cannot place it, and the advice is to step back."""
    photo, homography = _slanted(mark_sheet(ADVANCED, TRUTH["state"], PLAYER, 3), "left", slant=slant)
    cut = photo[:, _x_in_photo(homography, 4.0, 64.0):]
    reason = _refusal(cut, "harvest-dice", DICE)
    assert "only three of the five" in reason and reason.endswith("step back so the whole sheet is in the picture")


@pytest.mark.parametrize("near_side", ["left", "right"])
def test_thumbs_over_two_corners_of_a_slanted_table_in_the_picture_say_keep_fingers_off(near_side):
    """Two corners under thumbs, the table filling 80 % of the picture's width at the tester's
    slant: the advice stays the fingers' (the markers seen place the missing ones a few per cent
    of the table off: with the table's end at the picture's edge, past it)."""
    player = {"name": "", "orange": [0, 5, 9], "blue": [0, 4, 14], "beehives": 0}
    photo, homography = _slanted(mark_sheet(TABLE, {"players": [player]}, player, 2), near_side, 0.1, 0.06)
    for x_mm, y_mm in ((191.0, 5.0), (191.0, 65.0)):
        centre = _in_photo(homography, x_mm, y_mm)
        cv2.ellipse(photo, (round(centre[0]), round(centre[1])), (90, 60), 30, 0, 360, (120, 150, 205), -1)
    reason = _refusal(photo, "cottage-garden", GARDEN)
    assert "only two of the four" in reason and reason.endswith("keep fingers, dice and shadows off the sheet's "
                                                                "corners, and lay it flat")


@pytest.mark.parametrize("slant, degrees", [(0.06, 0.0), (0.2, 0.0), (0.1, -8.0), (0.2, 8.0)])
def test_a_slanted_turned_table_cut_at_its_near_end_past_a_shadow_says_step_back(slant, degrees):
    """The tester's photo: a planting table at a slant, turned, its near right end off the
    picture (the bottom right square half out, the top right one at the edge) and a shadow
    across its middle, which stops the paper round the squares seen from being followed to the
    edge. The affine fit of the two squares seen put the missing ones inside the picture, and
    the advice was to keep fingers off the corners: their perspective fit puts them past it."""
    player = {"name": "", "orange": [0, 5, 9], "blue": [0, 4, 14], "beehives": 0}
    photo, homography = _slanted(mark_sheet(TABLE, {"players": [player]}, player, 2), "right", slant=slant)
    height, width = photo.shape[:2]
    turn = np.vstack([cv2.getRotationMatrix2D((width / 2, height / 2), degrees, 1.0), [0, 0, 1]])
    photo, homography = cv2.warpAffine(photo, turn[:2], (width, height), borderValue=(60, 90, 130)), turn @ homography
    cut = photo[:, :min(_x_in_photo(homography, 188.5, y_mm) for y_mm in (64.0, 66.0))].copy()
    middle = slice(cut.shape[1] // 2 - 80, cut.shape[1] // 2 + 80)
    cut[:, middle] = (cut[:, middle] * 0.5).astype(np.uint8)
    reason = _refusal(cut, "cottage-garden", GARDEN)
    assert reason.endswith("step back so the whole sheet is in the picture")
