"""Garden Dice's art: a seed packet filling the seed side of each crop tile, the grown
vegetable in its bed of soil on the veggie side, and scenery round the special tiles'
pictures. All are drawn into a tile of any size."""
from __future__ import annotations

from pnp.art.looks import Look
from pnp.art.shapes import PIECE_WORD_MM, Commands, blob, circle, filled, leaf, ring_of
from pnp.colors import INK, WHITE, darken, text_color_on
from pnp.fonts import measure
from pnp.model import Icon, Path, Polygon, Rect, Shape, Style, Text

# Garden Dice's look, which its kit declares as its LOOK: the tiles' names are set in its face.
LOOK = Look("comfortaa", "manrope", "#2F5A24", "#E69F00", (("look-sprout-die", "#E69F00"), ("look-sprout-die", "#D55E00")))
PACKET_PAPER = "#FFFBEF"
SOIL = "#8A5A35"
SOIL_LIGHT = "#A8764C"
SPROUT = "#3C8D2F"
NAME_SIZE = 2.9  # 8.2 pt
SAFE = 2.8       # art that stops short of the cut (its outline too) and every word keep this far inside it


def fitted(text: str, size: float, width: float, bold: bool = False, face: str | None = None) -> float:
    """`size`, or smaller when the text at that size is wider than `width`."""
    return min(size, size * width / measure(text, size, bold, face))


def seed_packet(crop: str, icon: str, color: str, size: float) -> list[Shape]:
    """The packet: crimped top, a window showing the crop over its rows of soil, the crop's
    name on a band in its colour, "seeds" on the crimp, all SAFE inside the cut. Leaves the
    top-left corner (a fifth of the tile) free for the value badge."""
    s = size
    edge = darken(color, 0.45)
    left, right, top, bottom = SAFE, s - SAFE, SAFE, s - SAFE
    crimp = tuple((left + i * (right - left) / 16, top + (0.0 if i % 2 else s * 0.025)) for i in range(17))
    shapes: list[Shape] = [
        Polygon(crimp + ((right, bottom), (left, bottom)), Style(fill=PACKET_PAPER, stroke=edge, stroke_width=0.35)),
        Rect(left, top + s * 0.05, right - left, s * 0.1, Style(fill=color, decorative=True)),
    ]
    window = (s * 0.2, s * 0.3, s * 0.6, s * 0.38)
    band = max(s * 0.14, NAME_SIZE * 1.25)  # the name's band holds the name on the smallest tile too
    wx, wy, ww, wh = window
    rows = sum(((("M", wx + ww * 0.04, wy + wh * (0.74 + k * 0.11)),
                 ("C", wx + ww * 0.35, wy + wh * (0.7 + k * 0.11), wx + ww * 0.65, wy + wh * (0.78 + k * 0.11),
                  wx + ww * 0.96, wy + wh * (0.74 + k * 0.11))) for k in range(3)), ())
    shapes += [
        Rect(wx, wy, ww, wh, Style(fill="#E8F3FB", stroke=edge, stroke_width=0.3), radius=s * 0.06),
        Rect(wx, wy + wh * 0.66, ww, wh * 0.34, Style(fill=SOIL_LIGHT), radius=s * 0.04),
        Path(rows, Style(stroke=SOIL, stroke_width=0.35)),
        Icon(icon, wx + ww / 2, wy + wh * 0.46, wh * 0.86, color),
        Rect(left, s * 0.78 - band / 2, right - left, band, Style(fill=color, stroke=edge, stroke_width=0.3)),
        Text(s / 2, s * 0.78, crop.upper(), size=fitted(crop.upper(), NAME_SIZE, right - left - 1.0, face=LOOK.face),
             align="center", anchor="middle", face=LOOK.face, fill=text_color_on(color)),
        Text(s * 0.62, top + s * 0.1, "SEEDS", size=PIECE_WORD_MM, align="center", anchor="middle", bold=True,
             fill=text_color_on(color)),
    ]
    return shapes


def veggie_bed(crop: str, icon: str, color: str, size: float) -> list[Shape]:
    """The grown vegetable on a mound of soil among leaves, its name on a plate below. The
    mound stops short of the tile's sides, its foot behind the plate: on a back, whose print a
    duplex drift moves 1-2 mm off the cut, nothing runs along an edge."""
    s = size
    leaves = leaf(s * 0.5, s * 0.7, s * 0.15, s * 0.5, s * 0.16) + leaf(s * 0.5, s * 0.7, s * 0.85, s * 0.48, s * 0.16)
    mound = Path((("M", s * 0.14, s * 0.86), ("C", s * 0.26, s * 0.6, s * 0.74, s * 0.6, s * 0.86, s * 0.86), ("Z",)),
                 Style(fill=SOIL_LIGHT, stroke=SOIL, stroke_width=0.3, decorative=True))
    name = crop.capitalize()
    plate = max(s * 0.13, NAME_SIZE * 1.4)
    return [
        mound,
        filled(leaves, SPROUT, darken(SPROUT, 0.4), 0.25),
        Icon(icon, s * 0.53, s * 0.42, s * 0.52, color),
        # the plate holds the name (descenders too) at the name's fixed size on a small tile,
        # its foot SAFE inside the cut
        Rect(s * 0.12, s - SAFE - plate, s * 0.76, plate, Style(fill=WHITE, stroke=INK, stroke_width=0.2),
             radius=s * 0.05),
        Text(s / 2, s - SAFE - plate / 2, name, size=NAME_SIZE, align="center", anchor="middle", face=LOOK.face,
             fill=INK),
    ]


def _tufts(points: tuple[tuple[float, float], ...]) -> Shape:
    blades: tuple = ()
    for x, y in points:
        blades += (("M", x - 1.2, y), ("L", x - 1.6, y - 2.2), ("M", x, y), ("L", x, y - 2.8), ("M", x + 1.2, y),
                   ("L", x + 1.7, y - 2.1))
    return Path(blades, Style(stroke=SPROUT, stroke_width=0.35))


def _cloud(left: float, bottom: float, width: float) -> tuple:
    """A cloud's outline: three puffs over a flat bottom, one closed curve."""
    w, h, x, b = width, width * 0.45, left, bottom
    return (("M", x, b), ("C", x - 0.1 * w, b - 0.5 * h, x + 0.15 * w, b - 0.8 * h, x + 0.3 * w, b - 0.6 * h),
            ("C", x + 0.35 * w, b - 1.1 * h, x + 0.7 * w, b - 1.1 * h, x + 0.72 * w, b - 0.6 * h),
            ("C", x + 0.9 * w, b - 0.8 * h, x + 1.1 * w, b - 0.4 * h, x + w, b), ("Z",))


def special_scene(name: str, size: float) -> list[Shape]:
    """Small scenery round a special tile's picture, in the corners its picture and words
    leave free (the top and the sides above the name)."""
    s = size
    if name == "bird":
        return [filled(_cloud(s * 0.13, s * 0.22, s * 0.18) + _cloud(s * 0.69, s * 0.27, s * 0.17), WHITE, "#9CC3DA",
                       0.25)]
    if name in ("rabbit", "scarecrow"):
        return [_tufts(((s * 0.2, s * 0.62), (s * 0.8, s * 0.62), (s * 0.22, s * 0.26), (s * 0.79, s * 0.25)))]
    if name == "sundial":
        blooms = ring_of(5, s * 0.2, s * 0.54, 0.1, s * 0.05, s * 0.045) + ring_of(5, s * 0.8, s * 0.54, 0.1, s * 0.05, s * 0.045)
        return [_tufts(((s * 0.2, s * 0.63), (s * 0.8, s * 0.63))), filled(blooms, "#F4A6C8", "#9C4A74", 0.15),
                filled(circle(s * 0.2, s * 0.54, s * 0.015) + circle(s * 0.8, s * 0.54, s * 0.015), "#F2C12E")]
    if name == "rock":
        pebbles = blob(s * 0.19, s * 0.58, s * 0.04, 5, 0.2) + blob(s * 0.81, s * 0.56, s * 0.05, 5, 0.2, 30) + \
            blob(s * 0.2, s * 0.2, s * 0.03, 5, 0.2, 60)
        return [filled(pebbles, "#C9C9C4", "#7E7E78", 0.2)]
    return []


BORDER_H = 12.0  # the flower strip's height


def flower_border(x0: float, x1: float, bottom: float) -> list[Shape]:
    """A strip of garden along the foot of the board's notes: tufts of grass and flowers on
    their stems, alternating pink and yellow, from x0 to x1 above `bottom`."""
    count = max(2, int((x1 - x0) // 9.0))
    step = (x1 - x0) / count
    tufts = _tufts(tuple((x0 + (k + 0.5) * step, bottom - 0.5) for k in range(count)))
    stems: list[Shape] = []
    pink: Commands = ()
    yellow: Commands = ()
    hearts: Commands = ()
    for k in range(count - 1):
        x, top = x0 + (k + 1) * step, bottom - BORDER_H + 3.0 + (k % 2) * 1.6
        stems.append(Path((("M", x, bottom - 0.5), ("L", x, top)), Style(stroke=SPROUT, stroke_width=0.35)))
        bloom = ring_of(5, x, top, 0.3, 2.0, 1.6)
        if k % 2:
            yellow += bloom
        else:
            pink += bloom
        hearts += circle(x, top, 0.6)
    return [*stems, tufts, filled(pink, "#F4A6C8", "#9C4A74", 0.15), filled(yellow, "#F6D55C", "#A07A10", 0.15),
            filled(hearts, "#FFFFFF", "#8A5A35", 0.15)]


PATCH_MIN_H = BORDER_H + 28.0  # the vegetable patch: a bed with a row of plants at least, over the flowers


def vegetable_patch(x0: float, y0: float, x1: float, bottom: float,
                    crops: list[tuple[str, str]]) -> list[Shape]:
    """A raised bed of soil from (x0, y0) to the flowers along `bottom`, in rows of the crops
    (`crops`: each one's icon and colour, in turn) growing among their leaves."""
    bed_bottom = bottom - BORDER_H
    width, height = x1 - x0, bed_bottom - y0
    rows = max(1, int((height - 4.0) // 20.0))
    per_row = max(2, int((width - 4.0) // 17.0))
    pitch_x, pitch_y = (width - 4.0) / per_row, (height - 4.0) / rows
    plant = min(pitch_x, pitch_y) * 0.72
    shapes: list[Shape] = [Rect(x0, y0, width, height, Style(fill=SOIL_LIGHT, stroke=darken(SOIL, 0.2), stroke_width=1.2,
                                                             decorative=True), radius=2.0)]
    furrows: Commands = ()
    leaves: Commands = ()
    plants: list[Shape] = []
    for row in range(rows):
        foot = y0 + 2.0 + (row + 1) * pitch_y - 2.5
        furrows += (("M", x0 + 2.0, foot), ("C", x0 + width * 0.35, foot - 1.0, x0 + width * 0.65, foot + 1.0,
                                            x1 - 2.0, foot))
        for k in range(per_row):
            cx = x0 + 2.0 + (k + 0.5) * pitch_x + (pitch_x * 0.15 if row % 2 else 0.0)
            if cx + plant / 2 > x1 - 1.5:
                continue
            icon, colour = crops[(row * per_row + k) % len(crops)]
            leaves += leaf(cx, foot, cx - plant * 0.5, foot - plant * 0.3, plant * 0.2) + \
                leaf(cx, foot, cx + plant * 0.5, foot - plant * 0.32, plant * 0.2)
            plants.append(Icon(icon, cx, foot - plant * 0.55, plant * 0.8, colour))
    shapes += [Path(furrows, Style(stroke=SOIL, stroke_width=0.6)), filled(leaves, SPROUT, darken(SPROUT, 0.4), 0.25),
               *plants, *flower_border(x0, x1, bottom)]
    return shapes


# The ground every tile front (and token) shares, out to its bleed: dark soil, specks of
# grit in it. Tiles of any colour then share their cuts (a cut a little off shows soil beside
# soil) and carry art to their cut line instead of a pale rim.
SOIL_GROUND = "#9A6B44"


def soil_specks(size: float) -> list[Shape]:
    """Grit in the soil: light and dark specks, the same on every tile, each on the tile's cut
    line, where the soil shows round the art (a speck runs on past the cut into the bleed, so
    a cut a little off runs along no edge of one)."""
    s = size
    light: Commands = ()
    dark: Commands = ()
    along = (0.12, 0.3, 0.47, 0.66, 0.86)
    points = [(t, 0.0) for t in along] + [(1.0, t) for t in along] + [(1.0 - t, 1.0) for t in along] + \
        [(0.0, 1.0 - t) for t in along]
    for k, (x, y) in enumerate(points):
        if k % 2:
            dark += circle(s * x, s * y, s * 0.022)
        else:
            light += circle(s * x, s * y, s * 0.028)
    return [filled(light, "#C49A6C"), filled(dark, "#6E4A2C")]
