"""How blurred a photo may be and still be read surely. A cold tester's harsh photos (3
megapixels, JPEG 52, blurred by 1.8 px at about 9 px a mm: 0.2 mm) were read right in every
field, yet flagged "the photo is blurred" and every field outlined: their printed edges rise
over 0.375 mm (the measure moves in sixteenths of a mm), over the 0.3 allowed. A blur of 0.4 mm
or more is still flagged, on every sheet's markers: the blur is told by matching each marker as
printed, blurred, to the photo (the rise of its edges in a 1.6 mm window measured a 0.51 mm
blur of the Harvest Dice sheet's markers as 0.375 mm, and let it pass unflagged)."""
from __future__ import annotations

import shutil

import cv2
import pytest

import scorer
from pnp.photo_sample import PX_PER_MM, mark_sheet, png_bytes
from pnp.readable import readable_sheets
from scorer.photo.reader import read_photos

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
DICE = readable_sheets("harvest-dice")
TABLES = readable_sheets("cottage-garden")
SURE = 0.9


def _photo(px_per_mm: float, blur_px: float) -> tuple[bytes, dict]:
    """A marked sheet photographed square-on at `px_per_mm` on a brown table, blurred by
    `blur_px` and saved at JPEG quality 52; and the state it shows."""
    _, state = scorer.simulate("harvest-dice", 2, 5)
    sheet = next(s for s in DICE if all(state.get(k) == v for k, v in s.state))
    flat = mark_sheet(sheet, state, state["players"][0], 5)
    image = cv2.resize(flat, None, fx=px_per_mm / PX_PER_MM, fy=px_per_mm / PX_PER_MM, interpolation=cv2.INTER_AREA)
    image = cv2.GaussianBlur(cv2.copyMakeBorder(image, 60, 60, 60, 60, cv2.BORDER_CONSTANT, value=(70, 100, 140)),
                             (0, 0), blur_px)
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 52])
    assert ok
    return encoded.tobytes(), state


@pytest.mark.parametrize("px_per_mm", [9.0, 12.0])
def test_a_photo_blurred_by_a_fifth_of_a_mm_is_read_surely(px_per_mm):
    photo, state = _photo(px_per_mm, 0.2 * px_per_mm)
    found = read_photos([photo], "harvest-dice", DICE)
    assert "players.0" not in found["notes"]
    player, truth = found["state"]["players"][0], state["players"][0]
    assert (player["garden"], player["pig"], player["pig_powers_used"]) == \
        (truth["garden"], truth["pig"], truth["pig_powers_used"])
    assert found["state"]["markets"] == state["markets"]
    assert min(found["confidence"][f"players.0.{path}"] for path in ("pig", "pig_powers_used")) >= SURE


@pytest.mark.parametrize("px_per_mm, blur_mm", [(6.0, 0.4), (9.0, 0.45)])
def test_a_photo_blurred_by_two_fifths_of_a_mm_is_still_flagged(px_per_mm, blur_mm):
    photo, _ = _photo(px_per_mm, blur_mm * px_per_mm)
    found = read_photos([photo], "harvest-dice", DICE)
    assert found["notes"]["players.0"].startswith("the photo is blurred")
    assert all(confidence < SURE for path, confidence in found["confidence"].items() if path != "mode")


@pytest.mark.parametrize("game, blur_px", [("harvest-dice", 4.0), ("cottage-garden", 3.0)])
def test_a_sheet_blurred_by_half_a_mm_is_flagged_whatever_its_markers(game, blur_px):
    """The sheet as drawn at 200 dpi (7.9 px a mm), blurred by `blur_px`: 0.51 mm on the Harvest
    Dice sheet (its 8 mm and 5 mm markers), 0.38 mm on the Cottage Garden table (a 4 px blur
    loses its markers)."""
    sheets = DICE if game == "harvest-dice" else TABLES
    _, state = scorer.simulate(game, 2, 6)
    sheet = next(s for s in sheets if all(state.get(k) == v for k, v in s.state))
    image = cv2.GaussianBlur(mark_sheet(sheet, state, state["players"][0], 6), (0, 0), blur_px)
    found = read_photos([png_bytes(image)], game, sheets)
    assert found["notes"]["players.0"].startswith("the photo is blurred")
    assert all(confidence < SURE for path, confidence in found["confidence"].items() if path.startswith("players.0."))
