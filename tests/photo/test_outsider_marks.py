"""Sheets marked and photographed the way a cold tester did it, with a program of their own:
strokes laid over the rendered page by multiplying a grey into it (not photo-sample's or
photo_hands' pencil), then warped, blurred and saved as a JPEG here. What the tester found read
wrong yet surely must now be read right or outlined for the player."""
from __future__ import annotations

import shutil

import cv2
import numpy as np
import pytest

from pnp.kits.harvest_dice import READABLE_LAYOUT
from pnp.photo_sample import PX_PER_MM, blank_sheet
from pnp.readable import readable_sheets
from scorer.photo.intake import PhotoError
from scorer.photo.reader import read_photos

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils' pdftoppm is not installed")
SHEETS = readable_sheets("harvest-dice")
BASIC = next(s for s in SHEETS if dict(s.state)["mode"] == "basic" and s.layout_version == READABLE_LAYOUT)
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
    source = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    target = (source * scale + 300 + rng.uniform(-40, 40, (4, 2))).astype(np.float32)
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


def _wrong_yet_sure(found: dict, truth: dict[str, int]) -> dict[str, tuple[int, float]]:
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


SOFT_CROSSES = {**FAINT_CROSSES, "pig_powers_used": 3}


def _soft_pencil_powers(second_opacity: float, slash_only_in: int = 0) -> np.ndarray:
    """A sheet crossed in a soft pencil (grey 120 at 0.55): pig 7, three powers, two of each
    market. Each power box's X has its second stroke pressed lighter (`second_opacity`), and
    the box `slash_only_in` (its place in the count) has the first stroke alone."""
    first: list[Stroke] = []
    second: list[Stroke] = []
    for region in BASIC.regions:
        if region.kind in ("circle", "box") and (region.value or 0) <= SOFT_CROSSES[region.path]:
            one, two = an_x(region.box_mm, 0.7)
            first.append(one)
            if region.kind == "circle":
                first.append(two)
            elif region.value != slash_only_in:
                second.append(two)
    page = multiplied(blank_sheet("harvest-dice", BASIC.component), first, 120, 0.55, 0.3)
    return multiplied(page, second, 120, second_opacity, 0.3)


@pytest.mark.parametrize("blur_px", [0.8, 1.2])
def test_soft_pencil_xs_in_power_boxes_are_counted(blur_px):
    """The cold tester's soft pencil in a soft photo (hd-22): an X's second stroke fell short of
    the sheet's threshold along half its length, so a power used read as one slash, and the
    powers as none or one of three (outlined). It is judged against its own first stroke."""
    found = _read(photographed(_soft_pencil_powers(0.35), 2, 6.0, blur_px))
    assert found["state"]["players"][0]["pig_powers_used"] == 3
    assert _wrong_yet_sure(found, SOFT_CROSSES) == {}


def test_a_lone_soft_pencil_slash_in_a_power_box_is_still_no_power():
    """The neighbouring mark: the third box holds one soft stroke and nothing along its other
    diagonal but the printed pig, which no lighter threshold turns into a stroke."""
    found = _read(photographed(_soft_pencil_powers(0.55, slash_only_in=3), 2, 6.0, 0.8))
    assert found["state"]["players"][0]["pig_powers_used"] == 2
    assert found["confidence"]["players.0.pig_powers_used"] < SURE


def hurried(letter: str, box: tuple[float, float, float, float], rng: np.random.Generator,
            size: float, off: float) -> list[Stroke]:
    """A veggie drawn in a hurry: `size` times the space's side across, its middle pushed `off`
    of the side from the space's, its corners pulled about, a circle as a polygon of 16."""
    x, y, w, h = box
    centre = np.array([x + w / 2, y + h / 2]) + rng.uniform(-off, off, 2) * w
    half = size * w / 2
    if letter == "C":
        corners = np.array([[0.0, -1.0], [0.95, 0.8], [-0.95, 0.8]])
    elif letter == "L":
        corners = np.array([[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]) * 0.85
    else:
        angles = np.linspace(0, 2 * np.pi, 16, endpoint=False)
        corners = np.stack([np.cos(angles), np.sin(angles)], 1)
    points = corners * half + centre + rng.normal(0, 0.05 * half, corners.shape)
    return [(tuple(a), tuple(b)) for a, b in zip(points, np.roll(points, -1, axis=0))]


GARDEN = ["LTCLTC", "CLTCLT", "TCLTCL"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hurried_shapes_over_their_lines_are_never_read_surely_wrong(seed):
    """Shapes 0.9 to 1.15 of their space across, pushed off its middle by up to a sixth of
    it: each runs over its lines into a neighbour. The tester's read surely as the neighbour's
    veggie or the wrong one."""
    rng = np.random.default_rng(seed)
    strokes: list[Stroke] = []
    for cell in (r for r in BASIC.regions if r.kind == "cell"):
        row, column = (int(part) for part in cell.path.split(".")[1:])
        strokes += hurried(GARDEN[row][column], cell.box_mm, rng, rng.uniform(0.9, 1.15), 1 / 6)
    flat = multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, 60, 0.9, 0.35)
    found = _read(photographed(flat, seed))
    garden, confidence = found["state"]["players"][0]["garden"], found["confidence"]
    sure_wrong = [(row, column, garden[row][column]) for row in range(3) for column in range(6)
                  if garden[row][column] != GARDEN[row][column] and confidence[f"players.0.garden.{row}.{column}"] >= SURE]
    assert sure_wrong == []


def round_stroke(box: tuple[float, float, float, float], rng: np.random.Generator, size: float, off: float) -> list[Stroke]:
    """A tomato drawn in one round stroke: `size` times the space's side across (a little
    oval), its middle pushed `off` of the side from the space's, starting anywhere, a little
    short of closing or a little past."""
    x, y, w, h = box
    centre = np.array([x + w / 2, y + h / 2]) + rng.uniform(-off, off, 2) * w
    radii = size * w / 2 * rng.uniform(0.9, 1.0, 2)
    angles = rng.uniform(0, 2 * np.pi) + np.linspace(0, 2 * np.pi * rng.uniform(0.97, 1.05), 49)
    points = centre + np.stack([np.cos(angles), np.sin(angles)], 1) * radii
    return [(tuple(a), tuple(b)) for a, b in zip(points[:-1], points[1:])]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tomatoes_over_their_lines_are_read_as_tomatoes_not_carrots(seed):
    """Tomatoes as wide as their space or a fifth wider, off its middle, on every other space
    (the spaces between empty or holding a small shape): each runs over its lines, and what of
    it lies over a line goes with the line or with the neighbour. The arc left filled a
    triangle, and 43 of 45 such tomatoes read as carrots or lettuce (unsurely); the strokes of
    an arc still lie on one circle."""
    rng = np.random.default_rng(seed)
    strokes: list[Stroke] = []
    tomatoes, truth = [], {}
    for cell in (r for r in BASIC.regions if r.kind == "cell"):
        row, column = (int(part) for part in cell.path.split(".")[1:])
        if (row + column) % 2 == 0:
            strokes += round_stroke(cell.box_mm, rng, rng.uniform(1.0, 1.2), 1 / 6)
            tomatoes.append((row, column))
            truth[row, column] = "T"
        elif (row + column) % 4 == 1:
            truth[row, column] = "LC"[column % 2]
            strokes += hurried(truth[row, column], cell.box_mm, rng, 0.6, 0.03)
        else:
            truth[row, column] = "."
    flat = multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, 60, 0.9, 0.35)
    found = _read(photographed(flat, seed))
    garden, confidence = found["state"]["players"][0]["garden"], found["confidence"]
    read_as_tomatoes = sum(garden[row][column] == "T" for row, column in tomatoes)
    sure_wrong = [(place, garden[place[0]][place[1]]) for place, letter in truth.items()
                  if garden[place[0]][place[1]] != letter and confidence[f"players.0.garden.{place[0]}.{place[1]}"] >= SURE]
    assert read_as_tomatoes >= 6 and sure_wrong == [], (garden, read_as_tomatoes, sure_wrong)


def on_its_lines(box: tuple[float, float, float, float], rng: np.random.Generator) -> list[Stroke]:
    """A square traced along a space's printed border, each corner a little off it."""
    x, y, w, h = box
    corners = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]]) + rng.normal(0, 0.12, (4, 2))
    return [(tuple(a), tuple(b)) for a, b in zip(corners, np.roll(corners, -1, axis=0))]


ON_LINES = ("garden.0.1", "garden.1.4", "garden.2.2")
INSIDE = {"garden.0.4": "C", "garden.2.0": "T", "garden.1.1": "L"}


@pytest.mark.parametrize("seed, photo", [(1, True), (2, True), (3, False)])
def test_squares_traced_on_their_spaces_lines_are_read_as_lettuce_unsurely(seed, photo):
    """A square drawn along its space's printed lines goes out with them and read as an empty
    space (surely, in a flat scan): the lines' extra ink says a square is there. It is read
    as lettuce, never surely (a shared line's stroke may be a neighbour's), and the spaces
    around keep what they hold."""
    rng = np.random.default_rng(seed)
    cells = {cell.path: cell for cell in BASIC.regions if cell.kind == "cell"}
    strokes: list[Stroke] = []
    for path in ON_LINES:
        strokes += on_its_lines(cells[path].box_mm, rng)
    for path, letter in INSIDE.items():
        strokes += hurried(letter, cells[path].box_mm, rng, 0.6, 0.03)
    flat = multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, 60, 0.9, 0.35)
    found = _read(photographed(flat, seed) if photo else png(flat))
    garden = found["state"]["players"][0]["garden"]
    read = {path: garden[int(path[7])][int(path[9])] for path in cells}
    assert read == {path: "L" if path in ON_LINES else INSIDE.get(path, ".") for path in cells}
    assert all(found["confidence"][f"players.0.{path}"] < SURE and "printed lines" in found["notes"][f"players.0.{path}"]
               for path in ON_LINES)


def test_squares_traced_on_their_lines_in_a_faint_pencil_are_never_read_surely():
    """The same squares in a faint pencil (grey 120 at 0.55, thin) add too little ink to a
    line to be told from its print: read as empty spaces, but never surely, and no bare
    line anywhere on the sheet is read as a square."""
    rng = np.random.default_rng(4)
    cells = {cell.path: cell for cell in BASIC.regions if cell.kind == "cell"}
    strokes = [stroke for path in ON_LINES for stroke in on_its_lines(cells[path].box_mm, rng)]
    for path, letter in INSIDE.items():
        strokes += hurried(letter, cells[path].box_mm, rng, 0.6, 0.03)
    flat = multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, 120, 0.55, 0.2)
    for photo in (png(flat), photographed(flat, 4)):
        found = _read(photo)
        garden = found["state"]["players"][0]["garden"]
        assert all(found["confidence"][f"players.0.{path}"] < SURE for path in ON_LINES)
        assert [path for path in cells if path not in ON_LINES and garden[int(path[7])][int(path[9])] == "L"
                and path not in INSIDE] == []


def scribble(box: tuple[float, float, float, float], rng: np.random.Generator, turns: int) -> list[Stroke]:
    """A zig-zag back and forth over most of a space: a mark scribbled out."""
    x, y, w, h = box
    tops = np.linspace(x + 0.15 * w, x + 0.85 * w, turns)
    points = [(float(px + rng.normal(0, 0.03 * w)), y + (0.15 if n % 2 == 0 else 0.85) * h + float(rng.normal(0, 0.03 * h)))
              for n, px in enumerate(tops)]
    return list(zip(points[:-1], points[1:]))


def blot(box: tuple[float, float, float, float]) -> list[Stroke]:
    """A space filled in: strokes side by side, a pencil's width apart."""
    x, y, w, h = box
    return [((x + 0.2 * w, y + t * h), (x + 0.8 * w, y + t * h)) for t in np.arange(0.2, 0.8, 0.03)]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_scribbled_out_mark_is_read_as_cancelled_not_as_a_veggie(seed):
    """docs/photos.md tells players to scribble a wrong mark out: a square, a circle and a
    triangle each scribbled over, and a space filled in, are no veggie (the tester's read as
    lettuce); the spaces beside them keep their veggies."""
    rng = np.random.default_rng(seed)
    cells = {cell.path: cell for cell in BASIC.regions if cell.kind == "cell"}
    strokes: list[Stroke] = []
    for path, letter in (("garden.0.0", "L"), ("garden.0.2", "T"), ("garden.1.1", "C")):
        strokes += hurried(letter, cells[path].box_mm, rng, 0.6, 0.02)
        strokes += scribble(cells[path].box_mm, rng, int(rng.integers(9, 14)))
    strokes += blot(cells["garden.2.3"].box_mm)
    for path, letter in (("garden.0.1", "T"), ("garden.1.0", "L"), ("garden.2.2", "C")):
        strokes += hurried(letter, cells[path].box_mm, rng, 0.6, 0.02)
    flat = multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, 60, 0.9, 0.35)
    found = _read(photographed(flat, seed))
    assert found["state"]["players"][0]["garden"] == [".T....", "L.....", "..C..."]


@pytest.mark.parametrize("grey, opacity, width_mm, blur_px", [(100, 0.7, 0.3, 0.8), (100, 0.7, 0.3, 1.2), (120, 0.55, 0.2, 1.2)])
def test_a_mark_scribbled_out_in_a_medium_pencil_and_a_blurred_photo_is_read_as_cancelled(grey, opacity, width_mm, blur_px):
    """A cold tester's scribble-outs in a medium pencil, photographed blurred, were read as a
    mark: the blur leaves the gaps of the zig-zag under the ink threshold (42 % of its middle
    drawn) and a faint one's hull small. Every scribbled space reads empty with the note; the
    veggies beside them are no scribble."""
    rng = np.random.default_rng(7)
    cells = {cell.path: cell for cell in BASIC.regions if cell.kind == "cell"}
    cancelled = ("garden.0.0", "garden.0.2", "garden.1.1", "garden.1.4", "garden.2.5")
    strokes: list[Stroke] = []
    for path, letter in zip(cancelled, "LTCLT"):
        strokes += hurried(letter, cells[path].box_mm, rng, 0.6, 0.02)
        strokes += scribble(cells[path].box_mm, rng, int(rng.integers(8, 12)))
    for path, letter in (("garden.0.1", "T"), ("garden.1.0", "L"), ("garden.2.2", "C"), ("garden.0.4", "T"), ("garden.2.0", "L")):
        strokes += hurried(letter, cells[path].box_mm, rng, 0.6, 0.02)
    flat = multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, grey, opacity, width_mm)
    found = _read(photographed(flat, 7, 6.0, blur_px))
    garden, notes = found["state"]["players"][0]["garden"], found.get("notes", {})
    assert [garden[int(p[7])][int(p[9])] for p in cancelled] == ["."] * 5
    assert all("scribbled out" in notes.get(f"players.0.{path}", "") for path in cancelled)
    assert [garden[0][1], garden[1][0], garden[2][2], garden[0][4], garden[2][0]] == list("TLCTL")


def _refusal(photo: np.ndarray) -> str:
    with pytest.raises(PhotoError) as refused:
        _read(png(photo))
    return str(refused.value)


def _on_table(flat: np.ndarray, px_per_mm: float, size: tuple[int, int], at: tuple[int, int]) -> np.ndarray:
    """The flat sheet at `px_per_mm`, its top-left at `at` (x, y) on a grey table of `size`
    (width, height), cut off where it runs past the table's edge."""
    scale = px_per_mm / PX_PER_MM
    sheet = cv2.resize(flat, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    table = np.full((size[1], size[0], 3), 110, np.uint8)
    left, top = at
    height, width = sheet.shape[:2]
    shown = table[max(0, top):top + height, max(0, left):left + width]
    shown[:] = sheet[max(0, -top):max(0, -top) + shown.shape[0], max(0, -left):max(0, -left) + shown.shape[1]]
    return table


@pytest.fixture(scope="module")
def marked() -> np.ndarray:
    strokes = an_x(next(r for r in BASIC.regions if r.path == "pig").box_mm)
    return multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, 60, 0.9, 0.35)


def test_a_refusal_for_corners_cut_off_says_step_back(marked):
    photo = _on_table(marked, 8.0, (1200, 1400), (-400, 200))   # the left edge out of the picture
    assert "step back" in _refusal(photo)


def test_a_refusal_for_a_blurred_photo_says_hold_still_and_focus_not_step_back(marked):
    photo = cv2.GaussianBlur(_on_table(marked, 8.0, (1000, 1300), (120, 120)), (0, 0), 7)
    reason = _refusal(photo)
    assert "hold the phone still" in reason and "tap" in reason and "step back" not in reason


def test_a_refusal_for_a_sheet_small_in_the_picture_says_come_closer_not_step_back(marked):
    photo = _on_table(marked, 1.6, (3000, 2200), (1400, 1000))
    reason = _refusal(photo)
    assert "come closer" in reason and "step back" not in reason


GARDEN_TABLE = readable_sheets("cottage-garden")[0]
CUBE_ORANGE = (30, 120, 235)   # BGR


def _cube_at(image: np.ndarray, centre_mm: tuple[float, float], side_mm: float = 8.0) -> None:
    """A cube seen from above: a plain orange square, a slightly darker rim."""
    x, y = centre_mm
    for inset, shade in ((0.0, 0.8), (0.5, 1.0)):
        half = side_mm / 2 - inset
        cv2.rectangle(image, (round((x - half) * PX_PER_MM), round((y - half) * PX_PER_MM)),
                      (round((x + half) * PX_PER_MM), round((y + half) * PX_PER_MM)),
                      tuple(round(v * shade) for v in CUBE_ORANGE), -1)


@pytest.mark.parametrize("value, side_mm", [(3, 8.0), (6, 9.0), (11, 9.0)])
def test_two_cubes_side_by_side_over_a_narrow_space_stand_on_it(value, side_mm):
    """Two cubes side by side on a 10 mm track space are 16 to 18 mm wide and spill 3 or 4 mm
    onto each neighbour: each stands where its centre is (9 mm cubes were shared out by area,
    one to a neighbour). A third stands on the start."""
    space = next(r for r in GARDEN_TABLE.regions if r.path == "orange" and r.value == value)
    start = next(r for r in GARDEN_TABLE.regions if r.path == "orange" and r.value == 0)
    table = blank_sheet("cottage-garden", GARDEN_TABLE.component).copy()
    x, y, w, h = space.box_mm
    for across in (-1, 1):
        _cube_at(table, (x + w / 2 + across * (side_mm / 2 + 0.1), y + h / 2), side_mm)
    sx, sy, sw, sh = start.box_mm
    _cube_at(table, (sx + sw / 2, sy + sh / 2), side_mm)
    found = read_photos([photographed(table, value)], "cottage-garden", readable_sheets("cottage-garden"))
    orange, sure = found["state"]["players"][0]["orange"], found["confidence"]["players.0.orange"]
    assert orange == [0, value, value], (orange, sure)


def _right_side_on_its_line(box: tuple[float, float, float, float], rng: np.random.Generator) -> list[Stroke]:
    """A square whose right side is drawn along its space's printed line on the right."""
    x, y, w, h = box
    corners = np.array([[x + 0.2 * w, y + 0.2 * h], [x + w, y + 0.2 * h], [x + w, y + 0.8 * h], [x + 0.2 * w, y + 0.8 * h]])
    corners += rng.normal(0, 0.1, (4, 2))
    corners[1:3, 0] = x + w + rng.normal(0, 0.05, 2)
    return [(tuple(a), tuple(b)) for a, b in zip(corners, np.roll(corners, -1, axis=0))]


@pytest.mark.parametrize("seed", [1, 2, 4])
def test_shapes_beside_a_stroke_along_their_line_are_read_surely_when_all_they_show_agrees(seed):
    """A lettuce in column 1 with its right side along the line it shares with column 2, and a
    small tomato, carrot or lettuce in column 2: the stroke goes out with the line, and both
    spaces were outlined though read right. The square left with three sides and the whole
    shape beside it are read surely, as every measure of each agrees."""
    rng = np.random.default_rng(seed)
    cells = {cell.path: cell for cell in BASIC.regions if cell.kind == "cell"}
    strokes: list[Stroke] = []
    truth = {}
    for row, letter in enumerate("TCL"):
        strokes += _right_side_on_its_line(cells[f"garden.{row}.1"].box_mm, rng)
        beside = cells[f"garden.{row}.2"].box_mm
        strokes += round_stroke(beside, rng, 0.6, 0.03) if letter == "T" else hurried(letter, beside, rng, 0.6, 0.03)
        truth.update({(row, 1): "L", (row, 2): letter})
    found = _read(photographed(multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, 60, 0.9, 0.35), seed))
    garden = found["state"]["players"][0]["garden"]
    assert {place: (garden[place[0]][place[1]], found["confidence"][f"players.0.garden.{place[0]}.{place[1]}"] >= SURE)
            for place in truth} == {place: (letter, True) for place, letter in truth.items()}


@pytest.mark.parametrize("seed, photo", [(1, True), (2, True), (3, False)])
def test_an_empty_space_beside_a_neighbours_stroke_over_their_line_is_read_empty_surely(seed, photo):
    """Veggies nearly as wide as their space, pushed right so their right side runs along or a
    little over the line into the empty space beside: the stroke widened that line and its end
    poked into the empty space, which was read empty but outlined (all 9 in a photo). Nothing
    is drawn in the empty space's middle, and too little near its lines for a veggie of its own:
    it is read empty surely, and the veggies keep their letters."""
    rng = np.random.default_rng(seed)
    cells = {cell.path: cell for cell in BASIC.regions if cell.kind == "cell"}
    strokes: list[Stroke] = []
    truth = {}
    for row in range(3):
        for column in (0, 2, 4):
            letter = "LCT"[(row + column // 2) % 3]
            x, y, w, h = cells[f"garden.{row}.{column}"].box_mm
            pushed = (x + 0.12 * w, y, w, h)
            strokes += round_stroke(pushed, rng, 0.95, 0.0) if letter == "T" else hurried(letter, pushed, rng, 0.95, 0.0)
            truth.update({(row, column): letter, (row, column + 1): "."})
    flat = multiplied(blank_sheet("harvest-dice", BASIC.component), strokes, 60, 0.9, 0.35)
    found = _read(photographed(flat, seed) if photo else png(flat))
    garden = found["state"]["players"][0]["garden"]
    empty = {place: (garden[place[0]][place[1]], found["confidence"][f"players.0.garden.{place[0]}.{place[1]}"] >= SURE)
             for place, letter in truth.items() if letter == "."}
    assert empty == {place: (".", True) for place in empty}
    assert {place: garden[place[0]][place[1]] for place in truth if truth[place] != "."} == \
        {place: letter for place, letter in truth.items() if letter != "."}
