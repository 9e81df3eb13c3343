"""Reusable drawing parts for kits: die faces with pips, a cube net with glue tabs, card
corner indices, a numbered track round a board. Each returns model shapes in millimetres
(origin top-left, y down) and knows nothing about any one game.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.colors import INK
from pnp.model import Circle, Group, Line, Path, Polygon, Rect, Shape, Style, Text
from pnp.numbers import KAPPA
from pnp.text import BODY_MM

# Pip positions on a 3x3 grid (column, row), for die values 1 to 6.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}

CUT = Style(stroke=INK, stroke_width=0.25)
FOLD = Style(stroke="#777777", stroke_width=0.2, dash=(1.2, 1.0))
TAB = Style(fill="#DDDDDD", decorative=True)
GLUE_TEXT_MM = 2.3  # 6.5 pt, the smallest print size the kits use


# Stock craft punches (round), by the size printed on them: a round piece of one of these
# diameters is cut in one press.
PUNCHES_MM = {"3/8 inch": 25.4 * 3 / 8, "1/2 inch": 25.4 / 2, "5/8 inch": 25.4 * 5 / 8, "3/4 inch": 25.4 * 3 / 4, "1 inch": 25.4}
# A craft punch is aimed by eye: neighbouring round pieces' cut circles are this far apart at
# least, so a press a little off one circle does not nick the next (pnp.checks.crowded_punches).
PUNCH_GAP_MM = 1.0


def punch_cell(shapes: Shape, diameter: float, cell: float | None = None) -> tuple[Group, float]:
    """A round piece drawn in a square cell PUNCH_GAP_MM wider than its cut circle (or `cell`
    wide, when a kit lays it on a grid of its own), the circle in its middle: cells laid edge
    to edge on one grid of shared cuts keep their circles PUNCH_GAP_MM apart at least. Returns
    the drawing moved into the cell, and the cell's side; the piece's `footprint` is the
    circle's (diameter, diameter)."""
    side = diameter + PUNCH_GAP_MM if cell is None else cell
    if side < diameter + PUNCH_GAP_MM - 1e-9:
        raise ValueError(f"a {side:g} mm cell leaves a {diameter:g} mm circle under {PUNCH_GAP_MM:g} mm from the next")
    margin = (side - diameter) / 2
    return Group.of(shapes, translate=(margin, margin)), side


def chit_grid(chits: Sequence[Shape], columns: int, size: float, line: str) -> Group:
    """Square chits of side `size`, each drawn in its own (0, 0)-(size, size), laid edge to edge
    `columns` to a row in order, a 0.25 mm line in `line` between every two: the face of a
    sheet of chits (`Component(..., chits=(columns, rows))`), trimmed whole, then cut along its
    lines, each cut freeing a row or a column. The lines end on the sheet's cut line: run on
    into the bleed they lie beside the ticks of the pieces round the sheet."""
    rows = -(-len(chits) // columns)
    width, height = columns * size, rows * size
    style = Style(stroke=line, stroke_width=0.25)
    shapes: list[Shape] = [Group.of(chit, translate=((index % columns) * size, (index // columns) * size))
                           for index, chit in enumerate(chits)]
    shapes += [Line(column * size, 0.0, column * size, height, style) for column in range(1, columns)]
    shapes += [Line(0.0, row * size, width, row * size, style) for row in range(1, rows)]
    return Group(tuple(shapes))


def punch(diameter: float) -> str:
    """The stock punch that cuts a round piece of this diameter ("5/8 inch (16 mm)")."""
    name = next((name for name, size in PUNCHES_MM.items() if abs(size - diameter) < 0.01), None)
    if name is None:
        raise ValueError(f"no stock craft punch cuts a round piece of {diameter:g} mm")
    return f"{name} ({diameter:.0f} mm)"


def die_face(value: int, size: float, pip_color: str = INK, face_color: str | None = None,
             radius: float = 0.0) -> Group:
    """A die face with 1 to 6 pips in the square (0, 0)-(size, size)."""
    if value not in PIPS:
        raise ValueError(f"a die face has 1 to 6 pips, not {value!r}")
    shapes: list[Shape] = []
    if face_color is not None:
        shapes.append(Rect(0, 0, size, size, Style(fill=face_color), radius=radius))
    pip = Style(fill=pip_color)
    for col, row in PIPS[value]:
        shapes.append(Circle(size * (0.25 + 0.25 * col), size * (0.25 + 0.25 * row), size * 0.09, pip))
    return Group(tuple(shapes))


@dataclass(frozen=True)
class Net:
    """A flat pattern: its artwork and its bounding size in mm."""

    shapes: Group
    width: float
    height: float


# The cross-shaped cube net, faces as (column, row) cells:
#        [0]
#   [1]  [2]  [3]  [4]
#        [5]
NET_CELLS = ((1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2))
# Glue tabs: one per seam of the folded cube (7 seams), as (face index, side) with sides
# 0 left, 1 top, 2 right, 3 bottom. Each tab sits on an edge that meets another face's edge.
NET_TABS = ((1, 1), (3, 1), (4, 1), (1, 3), (3, 3), (4, 3), (4, 2))


def cube_net(faces: Sequence[Group], face: float, tab: float | None = None) -> Net:
    """Six face drawings (each in its (0, 0)-(face, face) square) laid out as a cross-shaped
    net with trapezoid glue tabs. Solid lines are cut, dashed lines are folded.
    Order: faces[0] top, [1] left, [2] front, [3] right, [4] back, [5] bottom; opposite faces
    are (0, 5), (1, 3) and (2, 4)."""
    if len(faces) != 6:
        raise ValueError(f"a cube net needs 6 faces, got {len(faces)}")
    tab = face * 0.2 if tab is None else tab
    shapes: list[Shape] = []
    for (col, row), drawing in zip(NET_CELLS, faces):
        shapes.append(Group((drawing,), translate=(col * face, row * face)))
    for index, side in NET_TABS:
        shapes.extend(_tab(NET_CELLS[index][0] * face, NET_CELLS[index][1] * face, face, side, tab))
    shapes.extend(_net_lines(face))
    return Net(Group(tuple(shapes)), 4 * face + tab, 3 * face)


def _tab(x: float, y: float, face: float, side: int, depth: float) -> list[Shape]:
    """A grey trapezoid on a face's edge: its three outer sides are cut, the edge is folded."""
    inset = depth * 0.8
    if side == 1:
        points = ((x, y), (x + inset, y - depth), (x + face - inset, y - depth), (x + face, y))
    elif side == 3:
        points = ((x, y + face), (x + inset, y + face + depth), (x + face - inset, y + face + depth), (x + face, y + face))
    elif side == 2:
        points = ((x + face, y), (x + face + depth, y + inset), (x + face + depth, y + face - inset), (x + face, y + face))
    else:
        points = ((x, y), (x - depth, y + inset), (x - depth, y + face - inset), (x, y + face))
    outline = (("M",) + points[0],) + tuple(("L",) + p for p in points[1:])
    centre = (sum(p[0] for p in points) / 4, sum(p[1] for p in points) / 4)
    label = Text(0, 0, "glue", size=GLUE_TEXT_MM, align="center", anchor="middle", fill="#444444")
    # the word runs along the tab, which is shallow, so on a side tab it is turned
    return [Polygon(points, TAB), Path(outline, CUT), Group.of(label, translate=centre, rotate=90 if side in (2, 4) else 0)]


def _net_lines(face: float) -> list[Shape]:
    """Cut lines round the faces' outer edges (where no tab is), fold lines between faces and
    along the tabs."""
    cells = set(NET_CELLS)
    tabbed = {(NET_CELLS[i], side) for i, side in NET_TABS}
    lines: list[Shape] = []
    for col, row in NET_CELLS:
        x, y = col * face, row * face
        edges = (((col - 1, row), 0, (x, y, x, y + face)), ((col, row - 1), 1, (x, y, x + face, y)),
                 ((col + 1, row), 2, (x + face, y, x + face, y + face)), ((col, row + 1), 3, (x, y + face, x + face, y + face)))
        for neighbour, side, coords in edges:
            if neighbour in cells:
                if side in (2, 3):  # each shared edge once
                    lines.append(Line(*coords, FOLD))
            else:
                lines.append(Line(*coords, FOLD if ((col, row), side) in tabbed else CUT))
    return lines


def corner_indices(width: float, height: float, label: str, size: float, color: str = INK,
                   inset: float = 3.0, bold: bool = True) -> Group:
    """A card's index (number or letter) in the top-left corner and, turned 180 degrees, in
    the bottom-right corner, so it reads from either end of a fanned hand."""
    top_left = Text(inset, inset, label, size=size, align="left", anchor="top", bold=bold, fill=color)
    turned = Group((Text(inset, inset, label, size=size, align="left", anchor="top", bold=bold, fill=color),),
                   translate=(width, height), rotate=180)
    return Group((top_left, turned))


def perimeter_cells(width: float, height: float, cell: float, x: float = 0.0,
                    y: float = 0.0) -> list[tuple[float, float, float, float]]:
    """The (x, y, w, h) of each cell of a perimeter track, clockwise from the top-left corner."""
    across, down = max(1, round(width / cell)), max(1, round(height / cell))
    step_x, step_y = width / across, height / down
    positions = [(x + i * step_x, y) for i in range(across)]
    positions += [(x + width - step_x, y + j * step_y) for j in range(1, down)]
    positions += [(x + width - step_x - i * step_x, y + height - step_y) for i in range(1, across)]
    positions += [(x, y + height - step_y - j * step_y) for j in range(1, down - 1)]
    return [(left, top, step_x, step_y) for left, top in positions]


def perimeter_track(width: float, height: float, cell: float, start: int = 0, x: float = 0.0, y: float = 0.0,
                    style: Style = Style(stroke=INK, stroke_width=0.25), number_size: float | None = None,
                    highlight: dict[int, str] | None = None) -> Group:
    """Numbered square cells round the border of a width x height rectangle at (x, y),
    clockwise from the top-left corner, numbered from `start`. `highlight` maps a number to a
    fill colour (e.g. every fifth cell). The number of cells follows from the size."""
    cells = perimeter_cells(width, height, cell, x, y)
    step_x, step_y = cells[0][2], cells[0][3]
    size = number_size or min(step_x, step_y) * 0.4
    shapes: list[Shape] = []
    for offset, (cx, cy, _, _) in enumerate(cells):
        number = start + offset
        fill = (highlight or {}).get(number)
        cell_style = Style(fill=fill, stroke=style.stroke, stroke_width=style.stroke_width) if fill else style
        shapes.append(Rect(cx, cy, step_x, step_y, cell_style))
        shapes.append(Text(cx + step_x / 2, cy + step_y / 2, str(number), size=size, align="center",
                           anchor="middle", fill=INK))
    return Group(tuple(shapes))


def ellipse(cx: float, cy: float, rx: float, ry: float, style: Style) -> Path:
    """An ellipse as four Bezier quarters (the model has circles only)."""
    kx, ky = rx * KAPPA, ry * KAPPA
    return Path((("M", cx + rx, cy),
                 ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
                 ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
                 ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
                 ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)), style)


def text_column(blocks: Sequence[tuple[str, str]], x: float, y: float, width: float, size: float = BODY_MM,
                heading_size: float | None = None, color: str = INK, gap: float = 1.2) -> tuple[Group, float]:
    """Headed paragraphs stacked from (x, y) down, wrapped to `width`: blocks are
    (heading, body) pairs (either may be empty). Returns the shapes and the y below the last."""
    from pnp.text import layout_lines

    heading_size = heading_size or size * 1.15
    shapes: list[Shape] = []
    for heading, body in blocks:
        for text, text_size, bold in ((heading, heading_size, True), (body, size, False)):
            if not text:
                continue
            shape = Text(x, y, text, size=text_size, anchor="top", bold=bold, fill=color, max_width=width)
            shapes.append(shape)
            y += len(layout_lines(shape)) * shape.line_height * text_size
        y += gap
    return Group(tuple(shapes)), y


# A sticker page's note runs across the page under its stickers (narrow enough for Letter and A4):
# a heading and three lines of body text.
STICKER_NOTE_W, STICKER_NOTE_H = 190.0, 18.0
STICKER_PAPER = ("Print this page on plain paper and glue the stickers on with a glue stick; label paper "
                 "works too.")


def sticker_note(title: str, text: str, width: float = STICKER_NOTE_W) -> Group:
    """The note beside a sheet of stickers: a heading, what the stickers are for and how to
    cut them, and which paper to print on. `width` wide (a note narrower than the page can sit
    in the stickers' row), STICKER_NOTE_H tall or as its lines need."""
    return Group.of(
        Text(2.0, 1.5, title, size=3.2, bold=True, anchor="top", fill=INK),
        Text(2.0, 6.2, f"{text} {STICKER_PAPER}", size=BODY_MM, anchor="top", fill=INK, max_width=width - 4.0))
