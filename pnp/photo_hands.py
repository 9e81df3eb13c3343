"""Sheets marked the way people mark them, for the photo bench and its tests.

`photo-sample` draws tidy marks: shapes well inside their spaces, crosses through the middle. A
cold test of printed sheets marked by five pencil "hands" found what people do instead, and each
HAND here draws one of them: squares lopsided with corners left open (four strokes that do not
meet, or one that stops short), shapes too big for their space that run over its printed lines,
crosses off the middle of a power box and over its printed pig, a pencil pressed lightly (grey,
fading at the ends of each stroke, grainy) or hard, and rubbed-out marks in spaces left empty.
A second cold test added three: a faint pencil (grey 120 laid at 0.55, thin), shapes drawn in a
hurry well over their lines and off their space's middle, and marks scribbled out.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from pnp.photo_sample import LETTER_SHAPES, PIECE_COLOURS, PX_PER_MM, blank_sheet, place_cubes
from pnp.sheets import ReadableSheet, Region, field_at


@dataclass(frozen=True)
class Hand:
    """How one person marks a sheet (sizes in shares of a space's half side)."""

    name: str
    size: tuple[float, float]   # a veggie's half size
    over: float                 # how much bigger every other shape is drawn, over the lines
    darkness: float             # 1: a soft pencil pressed hard
    wobble_mm: float
    open_corners: float         # the chance a square is four strokes that do not meet
    cross_off: float            # how far off the middle a cross may be
    slash: float                # the chance a circle is crossed by one slash
    rubbed: float               # the chance an empty space holds a rubbed-out mark
    off: float = 0.1            # how far off its space's middle a veggie may be drawn
    scribbled: float = 0.0      # the chance an empty space holds a shape scribbled out
    grey: int = 72              # the graphite's grey where pressed fully
    width_mm: tuple[float, float] = (0.3, 0.45)


HANDS = (
    Hand("careful", (0.55, 0.75), 1.0, 1.0, 0.10, 0.3, 0.10, 0.2, 0.0),
    Hand("big", (0.60, 0.85), 1.3, 0.85, 0.15, 0.5, 0.20, 0.35, 0.15),
    Hand("light", (0.55, 0.80), 1.1, 0.7, 0.12, 0.5, 0.20, 0.5, 0.1),
    Hand("hasty", (0.55, 0.90), 1.25, 0.8, 0.20, 0.9, 0.25, 0.5, 0.1),
    Hand("heavy", (0.55, 0.80), 1.15, 1.25, 0.12, 0.4, 0.20, 0.2, 0.2),
    # a thin pencil whose fullest grey, 120, is laid at 0.55 (0.8 * 0.69)
    Hand("faint", (0.55, 0.80), 1.1, 0.69, 0.10, 0.3, 0.15, 0.2, 0.0, grey=120, width_mm=(0.15, 0.25)),
    Hand("hurried", (0.65, 0.95), 1.3, 0.9, 0.20, 0.9, 0.25, 0.5, 0.0, off=0.2),
    Hand("cancelling", (0.55, 0.80), 1.1, 0.9, 0.12, 0.4, 0.15, 0.2, 0.0, scribbled=0.25),
)


class Pencil:
    """Pencil strokes gathered on a layer of their own, laid on the sheet at the end: graphite
    greys the paper by how hard it was pressed, unevenly (the paper's grain)."""

    def __init__(self, shape: tuple[int, int], hand: Hand, rng: np.random.Generator) -> None:
        self.layer = np.zeros(shape, np.float32)
        self.hand, self.rng = hand, rng

    def stroke(self, points: np.ndarray, pressure: float = 1.0) -> None:
        """A stroke through `points` (mm): wobbling across its way, fading at its two ends."""
        dense = []
        for start, end in zip(points[:-1], points[1:]):
            steps = max(2, int(np.linalg.norm(end - start) / 0.25))
            dense += [start + (end - start) * t for t in np.linspace(0, 1, steps, endpoint=False)]
        dense.append(points[-1])
        line = np.array(dense)
        ahead = np.gradient(line, axis=0)
        across = np.stack([-ahead[:, 1], ahead[:, 0]], 1) / np.maximum(np.linalg.norm(ahead, axis=1), 1e-9)[:, None]
        places = np.arange(len(line))
        sway = sum(self.hand.wobble_mm * share * np.sin(places * self.rng.uniform(*speed) + self.rng.uniform(0, 6.3))
                   for share, speed in ((1.0, (0.02, 0.06)), (0.5, (0.08, 0.15)), (0.25, (0.3, 0.5))))
        line = line + across * sway[:, None]
        width = max(1, round(self.rng.uniform(*self.hand.width_mm) * PX_PER_MM))
        for n in range(len(line) - 1):
            along = n / max(1, len(line) - 2)
            fade = min(1.0, 0.4 + 3 * along, 0.4 + 3 * (1 - along))
            level = min(1.0, 0.8 * self.hand.darkness * pressure * fade * self.rng.uniform(0.75, 1.0))
            ends = [tuple(int(v) for v in np.round(p * PX_PER_MM * 8)) for p in line[n:n + 2]]
            cv2.line(self.layer, ends[0], ends[1], level, width, cv2.LINE_AA, shift=3)

    def lay_on(self, image: np.ndarray) -> np.ndarray:
        grain = self.rng.uniform(0.65, 1.0, self.layer.shape).astype(np.float32)
        graphite = cv2.GaussianBlur(self.layer, (0, 0), 0.6) * grain
        grey = np.array([self.hand.grey + 6, self.hand.grey, self.hand.grey], np.float32)   # BGR: slightly blue
        marked = image.astype(np.float32) * (1 - graphite[..., None]) + grey * graphite[..., None]
        return np.clip(marked, 0, 255).astype(np.uint8)


def _centre(region: Region) -> tuple[np.ndarray, float]:
    x, y, w, h = region.box_mm
    return np.array([x + w / 2, y + h / 2]), min(w, h) / 2


def veggie(pencil: Pencil, region: Region, letter: str, big: bool) -> None:
    rng, hand = pencil.rng, pencil.hand
    centre, half = _centre(region)
    size = half * rng.uniform(*hand.size) * (hand.over if big else 1.0)
    centre = centre + rng.normal(0, hand.off * half, 2)
    jitter = 0.04 * half
    shape = LETTER_SHAPES[letter]
    if shape == "triangle":
        corners = np.array([[0, -1], [0.95, 0.8], [-0.95, 0.8]]) * size + centre + rng.normal(0, jitter, (3, 2))
        if rng.random() < 0.5:
            pencil.stroke(np.vstack([corners, corners[:1] + rng.normal(0, jitter, 2)]))
        else:   # three strokes, each a little past its corners
            for n in range(3):
                start, end = corners[n], corners[(n + 1) % 3]
                past = rng.uniform(-0.05, 0.2)
                pencil.stroke(np.array([start - (end - start) * past, end + (end - start) * past]))
    elif shape == "square":
        turn = rng.normal(0, 0.12)
        spin = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])
        corners = (np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * 0.85 * size + rng.normal(0, 2.5 * jitter, (4, 2))) @ spin.T + centre
        if rng.random() < hand.open_corners:   # four sides, each stopping short of its corners
            for n in range(4):
                start, end = corners[n], corners[(n + 1) % 4]
                short = rng.uniform(0.03, 0.15, 2)
                pencil.stroke(np.array([start + (end - start) * short[0], end - (end - start) * short[1]]))
        else:
            pencil.stroke(np.vstack([corners, corners[:1] + rng.normal(0, jitter, 2)]))
    else:
        start, sweep = rng.uniform(0, 2 * math.pi), rng.uniform(5.9, 6.9)   # not quite closed, or past
        radii = size * np.array([rng.uniform(0.85, 1.05), rng.uniform(0.8, 1.0)])
        angles = start + sweep * np.linspace(0, 1, 41)
        pencil.stroke(centre + np.stack([np.cos(angles), np.sin(angles)], 1) * radii)


def cross(pencil: Pencil, region: Region, slash_only: bool, pressure: float = 1.0) -> None:
    rng, hand = pencil.rng, pencil.hand
    centre, half = _centre(region)
    centre = centre + rng.normal(0, hand.cross_off * half, 2)
    for degrees in (45, 135)[: 1 if slash_only else 2]:
        angle = math.radians(degrees + rng.normal(0, 10))
        reach = half * rng.uniform(0.8, 1.25)
        direction = np.array([math.cos(angle), math.sin(angle)])
        pencil.stroke(np.array([centre - direction * reach, centre + direction * reach]), pressure)


def rubbed_out(pencil: Pencil, region: Region) -> None:
    """What is left of a mark rubbed out: its strokes, faint."""
    centre, half = _centre(region)
    spot = half * 0.6
    pencil.stroke(centre + np.array([[-1, 1], [0, -1], [1, 1], [-1, 1]]) * spot, pressure=0.15)


def scribbled_out(pencil: Pencil, region: Region) -> None:
    """A veggie drawn, then scribbled over back and forth to cancel it."""
    rng = pencil.rng
    veggie(pencil, region, str(rng.choice(sorted(LETTER_SHAPES))), big=False)
    centre, half = _centre(region)
    turns = int(rng.integers(8, 14))
    across = np.linspace(-0.7, 0.7, turns) * half
    ends = np.stack([across, np.where(np.arange(turns) % 2 == 0, -0.7, 0.7) * half], 1)
    pencil.stroke(centre + ends + rng.normal(0, 0.05 * half, ends.shape))


def mark_by_hand(sheet: ReadableSheet, state: dict[str, Any], player: dict[str, Any], seed: int,
                 hand: Hand) -> np.ndarray:
    """One player's sheet, printed and marked as the state says, by `hand`."""
    rng = np.random.default_rng(seed)
    image = blank_sheet(sheet.game, sheet.component).copy()
    pencil = Pencil(image.shape[:2], hand, rng)
    for region in sheet.regions:
        source = state if region.path.split(".")[0] in sheet.shared else player
        value = field_at(source, region.path)
        if region.kind == "cell":
            row, column = (int(part) for part in region.path.split(".")[1:3])
            if value in LETTER_SHAPES:
                veggie(pencil, region, value, big=(row + column) % 2 == 1)
            elif rng.random() < hand.rubbed:
                rubbed_out(pencil, region)
            elif hand.scribbled and rng.random() < hand.scribbled:
                scribbled_out(pencil, region)
        elif region.kind in ("circle", "box") and region.value is not None:
            if value >= region.value:
                cross(pencil, region, slash_only=region.kind == "circle" and rng.random() < hand.slash)
            elif region.value == value + 2 and rng.random() < hand.rubbed:   # a cross rubbed out
                cross(pencil, region, slash_only=False, pressure=0.15)
        elif region.kind == "track-space":
            count = list(value).count(region.value)
            if count:
                place_cubes(image, region.box_mm, count, sheet.piece_mm, PIECE_COLOURS[region.path], rng)
    return pencil.lay_on(image)
