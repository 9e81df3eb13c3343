"""The PDF renderer: draws model trees and imposed sheets with reportlab, vector only.

The page's user space is set once to millimetres with y down (one `cm` operator), so every
coordinate of the model is written as is, exactly as the SVG renderer writes it. reportlab's
invariant mode fixes the dates and ids, so the same inputs give byte-identical PDFs.

Speed: the painter writes PDF path operators itself (reportlab's canvas methods format every
number through a slow pure-Python routine when its C accelerator is not installed), and a
face or icon drawn several times -- the 54 identical card backs, the same animal on nine
cards -- is turned into operators once and reused. reportlab still owns the document: pages,
font embedding (TrueType subsets), compression, boxes.
"""
from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Callable, Sequence
from io import BytesIO
from typing import TYPE_CHECKING

from pnp.colors import Paint, rgb, to_cmyk
from pnp.fonts import pdf_font
from pnp.icons import icon_group
from pnp.model import Circle, Face, Group, Icon, Line, Path, Polygon, Rect, Shape, Style, Text
from pnp.numbers import KAPPA, num
from pnp.text import font_of, layout_lines

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.impose import Sheet

MM = 72 / 25.4  # points per millimetre


def nums(*values: float) -> str:
    return " ".join(map(num, values))


class PdfPainter:
    """Turns model shapes into PDF content-stream operators (user space: mm, y down)."""

    def __init__(self, canvas: Canvas, paint: Paint):
        self.canvas = canvas
        self.paint = paint
        self._draw: dict[type, Callable] = {
            Group: self.group, Rect: self.rect, Circle: self.circle, Polygon: self.polygon,
            Line: self.line, Path: self.path, Text: self.text, Icon: self.icon}
        self._paint_cache: dict[Style, tuple[str, str]] = {}
        self._color_cache: dict[tuple[str, bool], str] = {}
        self._icon_cache: dict[tuple, str] = {}
        self._face_cache: dict[int, tuple[Face, str]] = {}

    # --- colours and paint ----------------------------------------------------------------
    def color(self, color: str, stroke: bool = False) -> str:
        key = (color, stroke)
        op = self._color_cache.get(key)
        if op is None:
            if self.paint.cmyk:
                op = f"{nums(*to_cmyk(color))} {'K' if stroke else 'k'}"
            else:
                op = f"{nums(*rgb(color))} {'RG' if stroke else 'rg'}"
            self._color_cache[key] = op
        return op

    def _paint(self, style: Style) -> tuple[str, str]:
        """(operators setting the paint, the painting operator); ('', '') paints nothing."""
        cached = self._paint_cache.get(style)
        if cached is None:
            resolved = self.paint.style(style)
            fill = resolved.fill is not None
            stroke = resolved.stroke is not None and resolved.stroke_width > 0
            setup = []
            if fill:
                setup.append(self.color(resolved.fill))  # type: ignore[arg-type]
            if stroke:
                setup.append(self.color(resolved.stroke, stroke=True))  # type: ignore[arg-type]
                setup.append(f"{num(resolved.stroke_width)} w")
                setup.append(f"[{nums(*resolved.dash)}] 0 d" if resolved.dash else "[] 0 d")
            paint_op = "B*" if fill and stroke else "f*" if fill else "S" if stroke else ""
            cached = (" ".join(setup), paint_op)
            self._paint_cache[style] = cached
        return cached

    # --- shapes ------------------------------------------------------------------------------
    def ops(self, shape: Shape) -> str:
        """The operators drawing one shape (and its children)."""
        out: list[str] = []
        self._draw[type(shape)](shape, out)
        return "\n".join(out)

    def group(self, group: Group, out: list[str]) -> None:
        transformed = group.translate != (0.0, 0.0) or group.rotate or group.scale != 1.0 or group.clip is not None
        if transformed:
            out.append("q")
            if group.translate != (0.0, 0.0):
                out.append(f"1 0 0 1 {nums(*group.translate)} cm")
            if group.rotate:
                angle = math.radians(group.rotate)
                c, s = math.cos(angle), math.sin(angle)
                out.append(f"{nums(c, s, -s, c)} 0 0 cm")
            if group.scale != 1.0:
                out.append(f"{num(group.scale)} 0 0 {num(group.scale)} 0 0 cm")
            if group.clip is not None:
                out.append(f"{nums(*group.clip)} re W n")
        draw = self._draw
        for child in group.children:
            draw[type(child)](child, out)
        if transformed:
            out.append("Q")

    def _shape(self, style: Style, path: str, closed: bool, out: list[str]) -> None:
        setup, paint_op = self._paint(style)
        if paint_op:
            out.append(f"{setup}\n{path}{' h' if closed else ''} {paint_op}")

    def rect(self, rect: Rect, out: list[str]) -> None:
        x, y, w, h, r = rect.x, rect.y, rect.w, rect.h, min(rect.radius, rect.w / 2, rect.h / 2)
        if r <= 0:
            self._shape(rect.style, f"{nums(x, y, w, h)} re", False, out)
            return
        k = r * (1 - KAPPA)
        path = (f"{nums(x + r, y)} m {nums(x + w - r, y)} l {nums(x + w - k, y, x + w, y + k, x + w, y + r)} c "
                f"{nums(x + w, y + h - r)} l {nums(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h)} c "
                f"{nums(x + r, y + h)} l {nums(x + k, y + h, x, y + h - k, x, y + h - r)} c "
                f"{nums(x, y + r)} l {nums(x, y + k, x + k, y, x + r, y)} c")
        self._shape(rect.style, path, True, out)

    def circle(self, circle: Circle, out: list[str]) -> None:
        x, y, r = circle.cx, circle.cy, circle.r
        k = r * KAPPA
        path = (f"{nums(x + r, y)} m {nums(x + r, y + k, x + k, y + r, x, y + r)} c "
                f"{nums(x - k, y + r, x - r, y + k, x - r, y)} c {nums(x - r, y - k, x - k, y - r, x, y - r)} c "
                f"{nums(x + k, y - r, x + r, y - k, x + r, y)} c")
        self._shape(circle.style, path, True, out)

    def polygon(self, polygon: Polygon, out: list[str]) -> None:
        first, *rest = polygon.points
        path = f"{nums(*first)} m " + " ".join(f"{nums(*p)} l" for p in rest)
        self._shape(polygon.style, path, True, out)

    def line(self, line: Line, out: list[str]) -> None:
        style = line.style if line.style.fill is None else Style(stroke=line.style.stroke,
                                                                  stroke_width=line.style.stroke_width,
                                                                  dash=line.style.dash)
        self._shape(style, f"{nums(line.x1, line.y1)} m {nums(line.x2, line.y2)} l", False, out)

    def path(self, path: Path, out: list[str]) -> None:
        parts = []
        for command in path.commands:
            op = command[0]
            if op == "M":
                parts.append(f"{nums(*command[1:3])} m")
            elif op == "L":
                parts.append(f"{nums(*command[1:3])} l")
            elif op == "C":
                parts.append(f"{nums(*command[1:7])} c")
            elif op == "Z":
                parts.append("h")
            else:
                raise ValueError(f"unknown path command {op!r}")
        self._shape(path.style, " ".join(parts), False, out)

    def text(self, text: Text, out: list[str]) -> None:
        lines = [line for line in layout_lines(text) if line.text]
        if not lines:
            return
        from reportlab.pdfbase.pdfmetrics import getFont

        font = getFont(pdf_font(text.bold, font_of(text)))
        document = self.canvas._doc
        escape = self.canvas._escape
        ops = ["BT", self.color(self.paint.text(text.fill))]
        current = None
        for line in lines:
            # the page's y axis points down; the text matrix flips the glyphs back upright
            ops.append(f"1 0 0 -1 {nums(line.left, line.baseline)} Tm")
            for subset, encoded in font.splitString(line.text, document):
                if subset != current:
                    ops.append(f"{font.getSubsetInternalName(subset, document)} {num(text.size)} Tf")
                    current = subset
                ops.append(f"({escape(encoded)}) Tj")
        ops.append("ET")
        out.append("\n".join(ops))

    def icon(self, icon: Icon, out: list[str]) -> None:
        key = (icon.name, icon.size, icon.color)
        drawing = self._icon_cache.get(key)
        if drawing is None:
            drawing = self.ops(icon_group(icon.name, icon.size, icon.color))
            self._icon_cache[key] = drawing
        out.append(f"q 1 0 0 1 {nums(icon.cx - icon.size / 2, icon.cy - icon.size / 2)} cm\n{drawing}\nQ")

    def face(self, face: Face) -> str:
        """A face's operators, made once per face object."""
        cached = self._face_cache.get(id(face))
        if cached is None or cached[0] is not face:
            cached = (face, self.ops(face.shapes))
            self._face_cache[id(face)] = cached
        return cached[1]


def new_canvas(buffer: BytesIO, width_mm: float, height_mm: float) -> Canvas:
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    # Streams stay binary (Flate only): ASCII85 would only make the file larger and, without
    # reportlab's C accelerator, cost more time than all the drawing.
    rl_config.useA85 = 0
    # the canvas's own start-of-page font must not be the unembedded Helvetica
    canvas = Canvas(buffer, pagesize=(width_mm * MM, height_mm * MM), invariant=1, pageCompression=1,
                    initialFontName=pdf_font(False), initialFontSize=3)
    canvas.setCreator("gardenkit")
    return canvas


def draw_sheet(canvas: Canvas, painter: PdfPainter, sheet: Sheet) -> None:
    canvas.setPageSize((sheet.width_mm * MM, sheet.height_mm * MM))
    out = [f"{MM:.6f} 0 0 {-MM:.6f} 0 {num(sheet.height_mm * MM)} cm", "1 j"]  # mm, y down; round joins
    for placed in sheet.placements:
        box = nums(*placed.bleed_rect)
        out.append(f"q\n{box} re W n\n{painter.color(painter.paint.background(placed.face.background))}\n"
                   f"{box} re f")
        out.append(f"{nums(*placed.matrix)} cm\n{painter.face(placed.face)}\nQ")
    painter.group(sheet.overlay, out)
    canvas.addLiteral("\n".join(out))
    if sheet.trim_box is not None:
        canvas.setTrimBox(_points_box(sheet.trim_box, sheet.height_mm))
        canvas.setBleedBox(_points_box(sheet.bleed_box, sheet.height_mm))
    canvas.showPage()


def _points_box(rect: tuple[float, float, float, float] | None, page_height: float) -> tuple:
    """(x, y, w, h) in mm from the top-left -> PDF box [x1 y1 x2 y2] in points, bottom-up."""
    assert rect is not None
    x, y, w, h = rect
    return (round(x * MM, 4), round((page_height - y - h) * MM, 4), round((x + w) * MM, 4),
            round((page_height - y) * MM, 4))


def render_pdf(sheets: Sequence[Sheet], paint: Paint, title: str = "") -> bytes:
    buffer = BytesIO()
    first = sheets[0]
    canvas = new_canvas(buffer, first.width_mm, first.height_mm)
    if title:
        canvas.setTitle(title)
    painter = PdfPainter(canvas, paint)
    for sheet in sheets:
        draw_sheet(canvas, painter, sheet)
    canvas.save()
    return distinct_subset_tags(buffer.getvalue())


# A subset font's name in the PDF: "/BaseFont /AAAAAA+BitstreamVeraSans-Roman" (and /FontName).
SUBSET_NAME = re.compile(rb"/(BaseFont|FontName) /([A-Z]{6})\+([\w.-]+)")


def _tag(name: bytes, tag: bytes, taken: set[bytes]) -> bytes:
    """Six capitals drawn from the font's name and reportlab's tag, the first one not taken."""
    for salt in range(1000):
        digest = hashlib.sha256(b"%s+%s/%d" % (tag, name, salt)).digest()
        candidate = bytes(ord("A") + byte % 26 for byte in digest[:6])
        if candidate not in taken:
            return candidate
    raise ValueError(f"no free subset tag for {name!r}")


def distinct_subset_tags(pdf: bytes) -> bytes:
    """Each font subset under a tag of its own. reportlab tags a font's nth subset by n alone
    (its first is AAAAAA+ in every font), and the PDF format asks different subsets in one
    file for different tags: preflight tools flag the repeats. reportlab has no documented way
    to choose the tag, so the saved file's tags are rewritten: six capitals for six, so no
    byte offset moves, and drawn from the font's name, so a build stays byte-identical."""
    names = {(match[2], match[3]) for match in SUBSET_NAME.finditer(pdf)}
    taken: set[bytes] = set()
    tags: dict[tuple[bytes, bytes], bytes] = {}
    for tag, name in sorted(names):
        tags[(tag, name)] = _tag(name, tag, taken)
        taken.add(tags[(tag, name)])
    return SUBSET_NAME.sub(lambda match: b"/%s /%s+%s" % (match[1], tags[(match[2], match[3])], match[3]), pdf)
