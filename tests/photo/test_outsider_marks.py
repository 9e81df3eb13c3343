"""Sheets marked and photographed the way a cold tester did it, with a program of their own:
strokes laid over the rendered page by multiplying a grey into it (not photo-sample's or
photo_hands' pencil), then warped, blurred and saved as a JPEG here. What the tester found read
wrong yet surely must now be read right or outlined for the player."""
from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

from pnp.photo_sample import PX_PER_MM, blank_sheet
from pnp.readable import readable_sheets
from scorer.photo.reader import read_photos

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
SHEETS = readable_sheets("harvest-dice")
BASIC = next(s for s in SHEETS if dict(s.state)["mode"] == "basic" and s.layout_version == 2)
SURE = 0.9
Stroke = tuple[tuple[float, float], tuple[float, float]]


def multiplied(page: np.ndarray, strokes: list[Stroke], grey: int, opacity: float, width_mm: float) -> np.ndarray:
    """The page with straight strokes (in mm) of `grey` laid over it at `opacity`, multiplied in
    as a drawing program's multiply layer does."""
    layer = np.zeros(page.shape[:2], np.float32)
    width = max(1, round(width_mm * PX_PER_MM))
    for start, end in strokes:
        ends = [tuple(int(v * PX_PER_MM * 16) for v in point) for point in (start, end)]
        cv2.line(layer, ends[0], ends[1], 1.0, width, cv2.LINE_AA, shift=4)
    factor = 1.0 - opacity * layer * (1.0 - grey / 255.0)
    return np.clip(page.astype(np.float32) * factor[..., None], 0, 255).astype(np.uint8)


def an_x(box: tuple[float, float, float, float], reach: float = 0.7) -> list[Stroke]:
    x, y, w, h = box
    cx, cy, r = x + w / 2, y + h / 2, w / 2 * reach
    return [((cx - r, cy - r), (cx + r, cy + r)), ((cx + r, cy - r), (cx - r, cy + r))]


def photographed(flat: np.ndarray, seed: int, px_per_mm: float = 6.0, blur_px: float = 0.8) -> bytes:
    """The sheet on a brown table, each corner pushed up to 40 px, blurred, JPEG at 80."""
    rng = np.random.default_rng(seed)
    height, width = flat.shape[:2]
    scale = px_per_mm / PX_PER_MM
    source = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    target = source * scale + np.float32([300, 300]) + rng.uniform(-40, 40, (4, 2)).astype(np.float32)
    size = (round(width * scale) + 600, round(height * scale) + 600)
    photo = cv2.warpPerspective(flat, cv2.getPerspectiveTransform(source, target), size, borderValue=(90, 110, 130))
    photo = cv2.GaussianBlur(photo, (0, 0), blur_px)
    ok, encoded = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    return encoded.tobytes()


def png(image: np.ndarray) -> bytes:
    ok, encoded = cv2.imencode(".png", image)
    assert ok
    return encoded.tobytes()


def _read(data: bytes) -> dict:
    return read_photos([data], "harvest-dice", SHEETS)


def _wrong_yet_sure(found: dict, truth: dict[str, object]) -> dict[str, tuple[object, float]]:
    value = {"pig": found["state"]["players"][0]["pig"],
             "pig_powers_used": found["state"]["players"][0]["pig_powers_used"],
             **{f"markets.{veggie}": count for veggie, count in found["state"]["markets"].items()}}
    confidence = {path: found["confidence"][f"players.0.{path}" if path.startswith("pig") else path] for path in value}
    return {path: (value[path], confidence[path]) for path in truth if value[path] != truth[path] and confidence[path] >= SURE}


FAINT_CROSSES = {"pig": 7, "pig_powers_used": 2, "markets.carrot": 2, "markets.lettuce": 2, "markets.tomato": 2}


@pytest.mark.parametrize("width_mm, photo", [(0.15, False), (0.2, True), (0.25, True)])
def test_faint_pencil_crosses_are_never_read_surely_as_none(width_mm, photo):
    """Grey 120 at 0.55 opacity: the tester's pencil. Its crosses read as no pig, no power and
    no market at confidence 1 while the shapes of the same sheet read unsurely."""
    strokes: list[Stroke] = []
    for region in BASIC.regions:
        crossed = FAINT_CROSSES.get(region.path, 0)
        if region.kind in ("circle", "box") and (region.value or 0) <= crossed:
            strokes += an_x(region.box_mm, 0.6 if region.kind == "box" else 0.7)
    flat = multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, 120, 0.55, width_mm)
    found = _read(photographed(flat, 1) if photo else png(flat))
    assert _wrong_yet_sure(found, FAINT_CROSSES) == {}
