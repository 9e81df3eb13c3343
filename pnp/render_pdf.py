"""The PDF renderer: draws model trees and imposed sheets with reportlab, vector only.

The page's user space is set once to millimetres with y down (one `cm` operator), so every
coordinate of the model is written as is, exactly as the SVG renderer writes it. reportlab's
invariant mode fixes the dates and ids, so the same inputs give byte-identical PDFs.
"""
from __future__ import annotations

from io import BytesIO
from typing import TYPE_CHECKING, Sequence

from pnp.colors import Paint, rgb, to_cmyk
from pnp.fonts import pdf_font
from pnp.icons import icon_group
from pnp.model import Circle, Group, Icon, Line, Path, Polygon, Rect, Shape, Style, Text
from pnp.text import layout_lines

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.impose import Sheet

MM = 72 / 25.4  # points per millimetre


class PdfPainter:
    """Draws model shapes on a canvas whose user space is already millimetres, y down."""

    def __init__(self, canvas: "Canvas", paint: Paint):
        self.canvas = canvas
        self.paint = paint
        self._draw = {Group: self.group, Rect: self.rect, Circle: self.circle, Polygon: self.polygon,
                      Line: self.line, Path: self.path, Text: self.text, Icon: self.icon}

    def shape(self, shape: Shape) -> None:
        self._draw[type(shape)](shape)

    def fill_color(self, color: str) -> None:
        if self.paint.cmyk:
            self.canvas.setFillColorCMYK(*to_cmyk(color))
        else:
            self.canvas.setFillColorRGB(*rgb(color))

    def stroke_color(self, color: str) -> None:
        if self.paint.cmyk:
            self.canvas.setStrokeColorCMYK(*to_cmyk(color))
        else:
            self.canvas.setStrokeColorRGB(*rgb(color))

    def _begin(self, style: Style) -> tuple[int, int, bool]:
        """Set the paint of `style`; returns (stroke, fill, dashed). Nothing to paint: (0, 0)."""
        style = self.paint.style(style)
        fill = style.fill is not None
        stroke = style.stroke is not None and style.stroke_width > 0
        if fill:
            self.fill_color(style.fill)  # type: ignore[arg-type]
        dashed = False
        if stroke:
            self.stroke_color(style.stroke)  # type: ignore[arg-type]
            self.canvas.setLineWidth(style.stroke_width)
            if style.dash:
                self.canvas.saveState()  # a dash must not leak into the next shape
                self.canvas.setDash(list(style.dash))
                dashed = True
        return int(stroke), int(fill), dashed

    def _end(self, dashed: bool) -> None:
        if dashed:
            self.canvas.restoreState()

    def group(self, group: Group) -> None:
        transformed = group.translate != (0.0, 0.0) or group.rotate or group.scale != 1.0
        if transformed:
            self.canvas.saveState()
            if group.translate != (0.0, 0.0):
                self.canvas.translate(*group.translate)
            if group.rotate:
                self.canvas.rotate(group.rotate)
            if group.scale != 1.0:
                self.canvas.scale(group.scale, group.scale)
        for child in group.children:
            self._draw[type(child)](child)
        if transformed:
            self.canvas.restoreState()

    def rect(self, rect: Rect) -> None:
        stroke, fill, dashed = self._begin(rect.style)
        if stroke or fill:
            if rect.radius > 0:
                self.canvas.roundRect(rect.x, rect.y, rect.w, rect.h, rect.radius, stroke=stroke, fill=fill)
            else:
                self.canvas.rect(rect.x, rect.y, rect.w, rect.h, stroke=stroke, fill=fill)
        self._end(dashed)

    def circle(self, circle: Circle) -> None:
        stroke, fill, dashed = self._begin(circle.style)
        if stroke or fill:
            self.canvas.circle(circle.cx, circle.cy, circle.r, stroke=stroke, fill=fill)
        self._end(dashed)

    def polygon(self, polygon: Polygon) -> None:
        stroke, fill, dashed = self._begin(polygon.style)
        if stroke or fill:
            path = self.canvas.beginPath()
            path.moveTo(*polygon.points[0])
            for point in polygon.points[1:]:
                path.lineTo(*point)
            path.close()
            self.canvas.drawPath(path, stroke=stroke, fill=fill)
        self._end(dashed)

    def line(self, line: Line) -> None:
        stroke, _, dashed = self._begin(line.style)
        if stroke:
            self.canvas.line(line.x1, line.y1, line.x2, line.y2)
        self._end(dashed)

    def path(self, path: Path) -> None:
        stroke, fill, dashed = self._begin(path.style)
        if stroke or fill:
            pdf_path = self.canvas.beginPath()
            for command in path.commands:
                op = command[0]
                if op == "M":
                    pdf_path.moveTo(command[1], command[2])
                elif op == "L":
                    pdf_path.lineTo(command[1], command[2])
                elif op == "C":
                    pdf_path.curveTo(*command[1:7])
                elif op == "Z":
                    pdf_path.close()
                else:
                    raise ValueError(f"unknown path command {op!r}")
            self.canvas.drawPath(pdf_path, stroke=stroke, fill=fill)
        self._end(dashed)

    def text(self, text: Text) -> None:
        lines = layout_lines(text)
        if not lines:
            return
        text_object = self.canvas.beginText()
        text_object.setFont(pdf_font(text.bold), text.size)
        color = self.paint.text(text.fill)
        if self.paint.cmyk:
            text_object.setFillColorCMYK(*to_cmyk(color))
        else:
            text_object.setFillColorRGB(*rgb(color))
        for line in lines:
            if line.text:
                # the page's y axis points down; flip the glyphs back upright
                text_object.setTextTransform(1, 0, 0, -1, line.left, line.baseline)
                text_object.textOut(line.text)
        self.canvas.drawText(text_object)

    def icon(self, icon: Icon) -> None:
        drawing = icon_group(icon.name, icon.size, icon.color)
        self.canvas.saveState()
        self.canvas.translate(icon.cx - icon.size / 2, icon.cy - icon.size / 2)
        self.group(drawing)
        self.canvas.restoreState()


def new_canvas(buffer: BytesIO, width_mm: float, height_mm: float) -> "Canvas":
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(buffer, pagesize=(width_mm * MM, height_mm * MM), invariant=1, pageCompression=1)
    canvas.setCreator("gardenkit")
    return canvas


def begin_page(canvas: "Canvas", width_mm: float, height_mm: float) -> None:
    """Page size for this page, user space in mm with y down, round line joins."""
    canvas.setPageSize((width_mm * MM, height_mm * MM))
    canvas.transform(MM, 0, 0, -MM, 0, height_mm * MM)
    canvas.setLineJoin(1)


def draw_sheet(canvas: "Canvas", painter: PdfPainter, sheet: "Sheet") -> None:
    begin_page(canvas, sheet.width_mm, sheet.height_mm)
    for placed in sheet.placements:
        x, y, w, h = placed.bleed_rect
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(x, y, w, h)
        canvas.clipPath(clip, stroke=0, fill=0)
        painter.fill_color(painter.paint.background(placed.face.background))
        canvas.rect(x, y, w, h, stroke=0, fill=1)
        canvas.transform(*placed.matrix)
        painter.group(placed.face.shapes)
        canvas.restoreState()
    painter.group(sheet.overlay)
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


def render_pdf(sheets: Sequence["Sheet"], paint: Paint, title: str = "") -> bytes:
    buffer = BytesIO()
    first = sheets[0]
    canvas = new_canvas(buffer, first.width_mm, first.height_mm)
    if title:
        canvas.setTitle(title)
    painter = PdfPainter(canvas, paint)
    for sheet in sheets:
        draw_sheet(canvas, painter, sheet)
    canvas.save()
    return buffer.getvalue()
