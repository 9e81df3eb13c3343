"""`gardenkit photo-sample`: a readable sheet as a player leaves it at the end of a game,
drawn flat at 200 dpi: the printed sheet (rendered from the kit, through pdftoppm) with
hand-drawn pencil marks (uneven veggie outlines, crosses through circles and boxes) or cubes
on their spaces, put where the sheet's readable regions say, as anyone reading the manifest
would put them. For tests, demos and the benchmark.
"""
from __future__ import annotations

import functools
import math
import subprocess
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from pnp.colors import Paint
from pnp.impose import Placed, Sheet
from pnp.kits import load_kit
from pnp.model import Component
from pnp.readable import readable_sheets
from pnp.sheets import ReadableSheet, Region, field_at

DPI = 200
PX_PER_MM = DPI / 25.4
LETTER_SHAPES = {"L": "square", "T": "circle", "C": "triangle"}
# BGR: the game's cube colours. Wooden cubes sold as orange run from a deep orange to amber:
# ORANGES are the ends and the middle of that range (the bench draws any of them), and a sample
# draws a real cube's orange.
ORANGES = {"deep": (15, 90, 205), "cube": (28, 118, 232), "amber": (0, 159, 230)}
PIECE_COLOURS = {"orange": ORANGES["cube"], "blue": (178, 114, 0)}


class SampleError(ValueError):
    """A state that cannot be drawn on the game's sheets, in words."""


@functools.cache
def blank_sheet(game: str, component: str) -> np.ndarray:
    """The printed sheet alone at DPI, as a BGR image (rendered once per process)."""
    return printed(next(c for c in load_kit(game).components(None) if c.name == component))


def printed(piece: Component) -> np.ndarray:
    """A piece's front alone at DPI, as a BGR image, through pdftoppm as a printer's PDF is."""
    from pnp.render_pdf import PdfPainter, draw_sheet, new_canvas

    placed = Placed(1, piece, 1, "front", (0.0, 0.0, piece.width_mm, piece.height_mm), False,
                    (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 0.0, 0.0))
    buffer = BytesIO()
    canvas = new_canvas(buffer, piece.width_mm, piece.height_mm)
    draw_sheet(canvas, PdfPainter(canvas, Paint()), Sheet(1, piece.width_mm, piece.height_mm, "front", [placed]))
    canvas.save()
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder, "sheet.pdf")
        pdf.write_bytes(buffer.getvalue())
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", str(pdf), str(Path(folder, "sheet"))],
                       check=True, capture_output=True)
        image = cv2.imread(str(Path(folder, "sheet.png")), cv2.IMREAD_COLOR)
    if image is None:
        raise SampleError(f"pdftoppm wrote no picture of the {piece.name}")
    return image


def _px(points: np.ndarray) -> np.ndarray:
    return np.round(points * PX_PER_MM * 8).astype(np.int32)  # 3 fractional bits for cv2's shift


def pencil(image: np.ndarray, points: np.ndarray, rng: np.random.Generator, closed: bool = False) -> None:
    """A pencil line through `points` (mm): wobbling, of uneven weight and greyness."""
    if closed:
        points = np.vstack([points, points[:1] + rng.normal(0, 0.25, 2)])
    dense = []
    for start, end in zip(points[:-1], points[1:]):
        steps = max(2, int(np.linalg.norm(end - start) / 0.6))
        for t in np.linspace(0, 1, steps, endpoint=False):
            dense.append(start + (end - start) * t)
    dense.append(points[-1])
    line = np.array(dense) + rng.normal(0, 0.08, (len(dense), 2))
    grey = int(rng.integers(40, 110))
    width = max(1, round(rng.uniform(0.3, 0.5) * PX_PER_MM))
    cv2.polylines(image, [_px(line).reshape(-1, 1, 2)], False, (grey, grey, grey), width, cv2.LINE_AA, shift=3)


def veggie(image: np.ndarray, region: Region, letter: str, rng: np.random.Generator) -> None:
    """The rulebook's shape for the veggie, drawn by hand in the garden space."""
    x, y, w, h = region.box_mm
    centre = np.array([x + w / 2, y + h / 2]) + rng.normal(0, 0.04 * w, 2)
    size = w * rng.uniform(0.52, 0.66)
    turn = math.radians(rng.normal(0, 5))
    shape = LETTER_SHAPES[letter]
    if shape == "circle":
        angles = np.linspace(0, 2 * math.pi, 14, endpoint=False) + rng.uniform(0, 1)
        outline = np.stack([np.cos(angles), np.sin(angles)], 1) * size / 2 * rng.uniform(0.93, 1.07, (14, 1))
    elif shape == "square":
        outline = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * size / 2
    else:
        outline = np.array([[0, -0.55], [0.55, 0.45], [-0.55, 0.45]]) * size
    rotation = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
    outline = outline @ rotation.T + centre + rng.normal(0, 0.03 * size, outline.shape)
    pencil(image, outline, rng, closed=True)


def cross(image: np.ndarray, region: Region, rng: np.random.Generator) -> None:
    """A cross through a circle or a box; now and then a single slash, as some players do."""
    x, y, w, h = region.box_mm
    centre = np.array([x + w / 2, y + h / 2]) + rng.normal(0, 0.03 * w, 2)
    reach = w * rng.uniform(0.40, 0.48)
    strokes = [((-1, -1), (1, 1)), ((-1, 1), (1, -1))]
    if region.kind == "circle" and rng.random() < 0.2:
        strokes = strokes[1:]
    for start, end in strokes:
        ends = np.array([start, end], float) * reach + centre + rng.normal(0, 0.05 * w, (2, 2))
        pencil(image, ends, rng)


def cube(image: np.ndarray, centre: np.ndarray, side: float, colour: tuple[int, int, int],
         rng: np.random.Generator) -> None:
    """A wooden cube seen from above: its colour (BGR), a slightly darker side face and edge."""
    turn = rng.uniform(-8, 8)
    base = np.array(colour, float) * rng.uniform(0.9, 1.05)
    box = cv2.boxPoints(((centre[0] * PX_PER_MM, centre[1] * PX_PER_MM), (side * PX_PER_MM, side * PX_PER_MM), turn))
    cv2.fillConvexPoly(image, box.astype(np.int32), tuple(float(v) for v in np.clip(base * 0.75, 0, 255)), cv2.LINE_AA)
    inner = cv2.boxPoints(((centre[0] * PX_PER_MM - 2, centre[1] * PX_PER_MM - 2),
                           ((side - 0.6) * PX_PER_MM, (side - 0.6) * PX_PER_MM), turn))
    cv2.fillConvexPoly(image, inner.astype(np.int32), tuple(float(v) for v in np.clip(base, 0, 255)), cv2.LINE_AA)


def place_cubes(image: np.ndarray, box: tuple[float, float, float, float], count: int, side: float,
                colour: tuple[int, int, int], rng: np.random.Generator) -> None:
    """`count` cubes side by side in rows across the space `box`, centred on it; cubes that do
    not fit spill over its top and bottom edges, as they do on a crowded table."""
    x, y, w, h = box
    pitch = side + 0.3
    columns = max(1, min(count, int((w + 0.6) // pitch)))
    rows = -(-count // columns)
    for n in range(count):
        column, row = n % columns, n // columns
        centre = np.array([x + w / 2 + (column - (columns - 1) / 2) * pitch,
                           y + h / 2 + (row - (rows - 1) / 2) * pitch]) + rng.uniform(-0.15, 0.15, 2)
        cube(image, centre, side, colour, rng)


def _share(region: Region, sheet: ReadableSheet) -> tuple[float, float, float, float]:
    """The part of a space that the pieces of `region`'s track stand on: the whole space, or,
    on a space two tracks share (the target), a band of it per track, top to bottom in the
    order the sheet lists them, so an orange and a blue cube on it stand one above the other."""
    tracks = list(dict.fromkeys(r.path for r in sheet.regions if r.kind == "track-space" and r.box_mm == region.box_mm))
    x, y, w, h = region.box_mm
    band = h / len(tracks)
    return (x, y + tracks.index(region.path) * band, w, band)


def mark_sheet(sheet: ReadableSheet, state: dict[str, Any], player: dict[str, Any], seed: int,
               colours: dict[str, tuple[int, int, int]] | None = None, blank: np.ndarray | None = None) -> np.ndarray:
    """One player's sheet, printed and marked as the state says; `colours` (BGR) the pieces'
    colours by track, when not PIECE_COLOURS; `blank` the sheet as printed, when not the kit's
    own now (a sheet of an earlier layout, `printed`)."""
    image = (blank_sheet(sheet.game, sheet.component) if blank is None else blank).copy()
    rng = np.random.default_rng(seed)
    colours = {**PIECE_COLOURS, **(colours or {})}
    for region in sheet.regions:
        source = state if region.path.split(".")[0] in sheet.shared else player
        value = field_at(source, region.path)
        if region.kind == "cell" and value in LETTER_SHAPES:
            veggie(image, region, value, rng)
        elif region.kind in ("circle", "box") and region.value is not None and value >= region.value:
            cross(image, region, rng)
        elif region.kind == "track-space":
            count = list(value).count(region.value)
            if count:
                place_cubes(image, _share(region, sheet), count, sheet.piece_mm, colours[region.path], rng)
    return image


def png_bytes(image: np.ndarray) -> bytes:
    ok, encoded = cv2.imencode(".png", image)
    if not ok:
        raise ValueError("OpenCV could not encode the sample as PNG")
    return encoded.tobytes()


def sample_images(game: str, state: dict[str, Any], seed: int) -> list[np.ndarray]:
    """Each player's sheet, in the players' order."""
    sheets = readable_sheets(game)
    if not sheets:
        raise SampleError(f"the {game} kit has no sheet a photo can be read from yet")
    fixed = dict(state)
    sheet = next((s for s in sheets if all(fixed.get(k) == v for k, v in s.state)), None)
    if sheet is None:
        raise SampleError(f"no {game} sheet matches this state's {', '.join(k for k, _ in sheets[0].state)}")
    try:
        return [mark_sheet(sheet, state, player, seed * 1000 + index) for index, player in enumerate(state["players"])]
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise SampleError(f"the state does not fit the sheet: {type(error).__name__} {error}") from None
