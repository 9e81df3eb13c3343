"""Path helpers the illustrations share: circles, petals and leaves as Bezier paths.

Helpers return path commands (tuples for pnp.model.Path), so many parts of one colour can
share one Path: a flower head of twelve petals is one path, not twelve shapes.
"""
from __future__ import annotations

import math

from pnp.model import Path, Style
from pnp.numbers import KAPPA

Commands = tuple[tuple, ...]

# A label of one or two words on a piece (a name, an id, "if unused"): 6.5 pt. Anything
# longer is a sentence to read and is set at 8 pt at least.
LABEL_MM = 2.3
# A word on a small piece, read at the table (a tile's "eats seeds", a packet's "SEEDS"): 7 pt.
PIECE_WORD_MM = 2.5


def circle(cx: float, cy: float, r: float) -> Commands:
    """A circle as path commands, so many circles can share one Path."""
    k = r * KAPPA
    return (("M", cx + r, cy), ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy), ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
            ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy), ("Z",))


def _rotate(x: float, y: float, cx: float, cy: float, angle: float) -> tuple[float, float]:
    c, s = math.cos(angle), math.sin(angle)
    return cx + x * c - y * s, cy + x * s + y * c


def petal(cx: float, cy: float, angle_deg: float, inner: float, outer: float, width: float,
          tip: float = 0.0) -> Commands:
    """A petal from `inner` to `outer` (distances from the centre) along `angle_deg`
    (0 = right, clockwise), `width` at its widest. `tip` 0 gives a round end, 1 a point."""
    a = math.radians(angle_deg)
    length = outer - inner
    half = width / 2
    round_end = 1 - tip

    def at(along: float, across: float) -> tuple[float, float]:
        return _rotate(inner + along, across, cx, cy, a)

    start, end = at(0, 0), at(length, 0)
    return (("M", *start),
            ("C", *at(length * 0.15, half * 1.1), *at(length * (0.55 + 0.4 * round_end), half * (0.9 + 0.5 * round_end)), *end),
            ("C", *at(length * (0.55 + 0.4 * round_end), -half * (0.9 + 0.5 * round_end)), *at(length * 0.15, -half * 1.1), *start),
            ("Z",))


def leaf(x1: float, y1: float, x2: float, y2: float, width: float) -> Commands:
    """A pointed leaf from its stalk end (x1, y1) to its tip (x2, y2)."""
    cx, cy = x1, y1
    a = math.atan2(y2 - y1, x2 - x1)
    length = math.hypot(x2 - x1, y2 - y1)
    half = width / 2

    def at(along: float, across: float) -> tuple[float, float]:
        return _rotate(along, across, cx, cy, a)

    return (("M", x1, y1), ("C", *at(length * 0.3, half * 1.3), *at(length * 0.75, half), x2, y2),
            ("C", *at(length * 0.75, -half), *at(length * 0.3, -half * 1.3), x1, y1), ("Z",))


def ring_of(count: int, cx: float, cy: float, inner: float, outer: float, width: float, tip: float = 0.0,
            start_deg: float = -90.0) -> Commands:
    """`count` petals evenly round a centre, as one path."""
    return sum((petal(cx, cy, start_deg + i * 360 / count, inner, outer, width, tip) for i in range(count)), ())


def blob(cx: float, cy: float, r: float, lobes: int, depth: float = 0.18, start_deg: float = 0.0) -> Commands:
    """A round outline with `lobes` bumps (a hedge, a cloud, a bush, a rose's ruffle)."""
    points = []
    for i in range(lobes):
        a0 = math.radians(start_deg + i * 360 / lobes)
        a1 = math.radians(start_deg + (i + 1) * 360 / lobes)
        points.append((a0, a1))
    commands: list[tuple] = [("M", cx + r * math.cos(points[0][0]), cy + r * math.sin(points[0][0]))]
    bulge = r * (1 + depth)
    for a0, a1 in points:
        mid_a = (a0 + a1) / 2
        commands.append(("C", cx + bulge * math.cos(a0 + (mid_a - a0) * 0.3), cy + bulge * math.sin(a0 + (mid_a - a0) * 0.3),
                         cx + bulge * math.cos(a1 - (a1 - mid_a) * 0.3), cy + bulge * math.sin(a1 - (a1 - mid_a) * 0.3),
                         cx + r * math.cos(a1), cy + r * math.sin(a1)))
    commands.append(("Z",))
    return tuple(commands)


def stroke(commands: Commands, color: str, width: float) -> Path:
    return Path(commands, Style(stroke=color, stroke_width=width))


def filled(commands: Commands, fill: str, edge: str | None = None, width: float = 0.2,
           decorative: bool = True) -> Path:
    """A filled path. Illustration is decoration: the ink-saver build prints it in outline
    (its edge), so pass decorative=False only for a fill whose colour means something."""
    return Path(commands, Style(fill=fill, stroke=edge, stroke_width=width, decorative=decorative))
