"""The SVG renderer: draws the same model trees and imposed sheets as pnp.render_pdf.

User units are millimetres (viewBox = the page in mm, width/height in mm), y down, so every
coordinate is written exactly as the model gives it. Colours stay RGB even in a --cmyk build
(browsers do not render device-cmyk(); the PDF is the print master), but the ink-saver
transform applies, through the same pnp.colors.Paint as the PDF renderer.
Numbers are written with at most three decimals and ids are numbered per page, so the
same inputs give byte-identical files.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import svgwrite

from pnp.colors import Paint
from pnp.fonts import SVG_FAMILY
from pnp.icons import icon_group
from pnp.model import Circle, Group, Icon, Line, Path, Polygon, Rect, Shape, Style, Text
from pnp.text import layout_lines

if TYPE_CHECKING:
    from pnp.impose import Sheet

_ANCHORS = {"left": "start", "center": "middle", "right": "end"}


def num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def matrix(values: tuple[float, ...]) -> str:
    return "matrix(" + " ".join(num(v) for v in values) + ")"


class SvgPainter:
    def __init__(self, drawing: svgwrite.Drawing, paint: Paint):
        self.drawing = drawing
        self.paint = paint
        self._make = {Group: self.group, Rect: self.rect, Circle: self.circle, Polygon: self.polygon,
                      Line: self.line, Path: self.path, Text: self.text, Icon: self.icon}

    def element(self, shape: Shape):
        return self._make[type(shape)](shape)

    def _style(self, style: Style) -> dict[str, str] | None:
        style = self.paint.style(style)
        stroke = style.stroke is not None and style.stroke_width > 0
        if style.fill is None and not stroke:
            return None
        attributes = {"fill": style.fill or "none"}
        if stroke:
            attributes["stroke"] = style.stroke  # type: ignore[assignment]
            attributes["stroke_width"] = num(style.stroke_width)
            if style.dash:
                attributes["stroke_dasharray"] = " ".join(num(d) for d in style.dash)
        return attributes

    def group(self, group: Group):
        transforms = []
        if group.translate != (0.0, 0.0):
            transforms.append(f"translate({num(group.translate[0])} {num(group.translate[1])})")
        if group.rotate:
            transforms.append(f"rotate({num(group.rotate)})")
        if group.scale != 1.0:
            transforms.append(f"scale({num(group.scale)})")
        element = self.drawing.g(transform=" ".join(transforms)) if transforms else self.drawing.g()
        self.add_children(element, group.children)
        return element

    def add_children(self, parent, children) -> None:
        for child in children:
            made = self._make[type(child)](child)
            if made is not None:
                parent.add(made)

    def rect(self, rect: Rect):
        attributes = self._style(rect.style)
        if attributes is None:
            return None
        if rect.radius > 0:
            attributes["rx"] = attributes["ry"] = num(rect.radius)
        return self.drawing.rect((num(rect.x), num(rect.y)), (num(rect.w), num(rect.h)), **attributes)

    def circle(self, circle: Circle):
        attributes = self._style(circle.style)
        if attributes is None:
            return None
        return self.drawing.circle((num(circle.cx), num(circle.cy)), num(circle.r), **attributes)

    def polygon(self, polygon: Polygon):
        attributes = self._style(polygon.style)
        if attributes is None:
            return None
        return self.drawing.polygon([(num(x), num(y)) for x, y in polygon.points], **attributes)

    def line(self, line: Line):
        attributes = self._style(line.style)
        if attributes is None or "stroke" not in attributes:
            return None
        del attributes["fill"]
        return self.drawing.line((num(line.x1), num(line.y1)), (num(line.x2), num(line.y2)), **attributes)

    def path(self, path: Path):
        attributes = self._style(path.style)
        if attributes is None:
            return None
        parts = []
        for command in path.commands:
            parts.append(command[0] + " ".join(num(v) for v in command[1:]))
        return self.drawing.path(d=" ".join(parts), **attributes)

    def text(self, text: Text):
        lines = [line for line in layout_lines(text) if line.text]
        if not lines:
            return None
        attributes = {"font_size": num(text.size), "fill": self.paint.text(text.fill)}
        if text.bold:
            attributes["font_weight"] = "bold"
        if text.align != "left":
            attributes["text_anchor"] = _ANCHORS[text.align]
        if len(lines) == 1:
            return self.drawing.text(lines[0].text, insert=(num(lines[0].x), num(lines[0].baseline)), **attributes)
        element = self.drawing.text("", **attributes)
        for line in lines:
            element.add(self.drawing.tspan(line.text, insert=(num(line.x), num(line.baseline))))
        return element

    def icon(self, icon: Icon):
        element = self.group(icon_group(icon.name, icon.size, icon.color))
        element["transform"] = (f"translate({num(icon.cx - icon.size / 2)} {num(icon.cy - icon.size / 2)})"
                                + (" " + element["transform"] if "transform" in element.attribs else ""))
        return element


def new_drawing(width_mm: float, height_mm: float) -> svgwrite.Drawing:
    drawing = svgwrite.Drawing(size=(f"{num(width_mm)}mm", f"{num(height_mm)}mm"), profile="full", debug=False,
                               viewBox=f"0 0 {num(width_mm)} {num(height_mm)}")
    drawing.attribs.update({"font-family": SVG_FAMILY, "stroke-linejoin": "round", "fill-rule": "evenodd"})
    return drawing


def render_sheet_svg(sheet: "Sheet", paint: Paint) -> str:
    drawing = new_drawing(sheet.width_mm, sheet.height_mm)
    painter = SvgPainter(drawing, paint)
    for index, placed in enumerate(sheet.placements, start=1):
        x, y, w, h = (num(v) for v in placed.bleed_rect)
        clip = drawing.clipPath(id=f"clip{index}")
        clip.add(drawing.rect((x, y), (w, h)))
        drawing.defs.add(clip)
        piece = drawing.g(clip_path=f"url(#clip{index})")
        piece.add(drawing.rect((x, y), (w, h), fill=paint.background(placed.face.background)))
        artwork = painter.group(placed.face.shapes)
        transform = matrix(placed.matrix)
        artwork["transform"] = transform + (" " + artwork["transform"] if "transform" in artwork.attribs else "")
        piece.add(artwork)
        drawing.add(piece)
    overlay = painter.group(sheet.overlay)
    if overlay.elements:
        drawing.add(overlay)
    return '<?xml version="1.0" encoding="utf-8" ?>\n' + drawing.tostring() + "\n"


def render_shape_svg(shape: Shape, width_mm: float, height_mm: float, paint: Paint = Paint()) -> str:
    """One model tree on its own page (tests and previews)."""
    drawing = new_drawing(width_mm, height_mm)
    made = SvgPainter(drawing, paint).element(shape)
    if made is not None:
        drawing.add(made)
    return drawing.tostring()
