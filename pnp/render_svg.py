"""The SVG renderer: draws the same model trees and imposed sheets as pnp.render_pdf.

User units are millimetres (viewBox = the page in mm, width/height in mm), y down, so every
coordinate is written exactly as the model gives it. Colours stay RGB even in a --cmyk build
(browsers do not render device-cmyk(); the PDF is the print master), but the ink-saver
transform applies, through the same pnp.colors.Paint as the PDF renderer.
Numbers are written with at most four decimals and ids are numbered in drawing order, so
the same inputs give byte-identical files.

A face or icon is drawn once per page inside <defs> and placed with <use>: nine identical
card backs, or the same animal on nine cards, cost one drawing each.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import svgwrite

from pnp.colors import Paint
from pnp.fonts import SVG_FAMILY, VERA, svg_family
from pnp.icons import icon_group
from pnp.model import Circle, Face, Group, Icon, Line, Path, Polygon, Rect, Shape, Style, Text
from pnp.numbers import num
from pnp.text import font_of, layout_lines

if TYPE_CHECKING:
    from pnp.impose import Sheet

_ANCHORS = {"left": "start", "center": "middle", "right": "end"}


def matrix(values: tuple[float, ...]) -> str:
    return "matrix(" + " ".join(num(v) for v in values) + ")"


class SvgPainter:
    """Builds svgwrite elements for model shapes. One painter serves a whole build, so the
    ids it gives faces and icons are the same run after run."""

    def __init__(self, paint: Paint):
        self.drawing = svgwrite.Drawing(debug=False)  # an element factory; pages get their own
        self.paint = paint
        self._make: dict[type, Callable[[Any], Any]] = {Group: self.group, Rect: self.rect, Circle: self.circle, Polygon: self.polygon,
                      Line: self.line, Path: self.path, Text: self.text, Icon: self.icon}
        self._icons: dict[tuple, Any] = {}          # key -> <g id=...> drawing
        self._faces: dict[int, tuple] = {}  # id(face) -> (face, <g id=...>, icons used)
        self._used: dict[str, object] = {}          # ids the current page refers to
        self._clips = 0                             # clip paths made, for their ids

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
        inner = element
        if group.clip is not None:
            # the clip in the children's units: a group inside the transformed one refers to it
            self._clips += 1
            clip = self.drawing.clipPath(id=f"cut{self._clips}")
            x, y, w, h = (num(v) for v in group.clip)
            clip.add(self.drawing.rect((x, y), (w, h)))
            inner = self.drawing.g(clip_path=f"url(#cut{self._clips})")
            element.add(clip)
            element.add(inner)
        self.add_children(inner, group.children)
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
        if text.face is not None or text.body != VERA:  # the page's own family is Vera's
            attributes["font_family"] = svg_family(font_of(text))
        if text.bold or text.face is not None:
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
        key = (icon.name, icon.size, icon.color)
        definition = self._icons.get(key)
        if definition is None:
            definition = self.group(icon_group(icon.name, icon.size, icon.color))
            definition["id"] = f"icon{len(self._icons) + 1}"
            self._icons[key] = definition
        self._used[definition["id"]] = definition
        return self.use(definition["id"], f"translate({num(icon.cx - icon.size / 2)} {num(icon.cy - icon.size / 2)})")

    def face(self, face: Face) -> str:
        """The id of the face's drawing (made once per face object)."""
        key = id(face)
        cached = self._faces.get(key)
        if cached is None or cached[0] is not face:
            outer, self._used = self._used, {}
            definition = self.group(face.shapes)
            definition["id"] = f"face{len(self._faces) + 1}"
            cached = (face, definition, dict(self._used))  # with the icons it refers to
            self._faces[key] = cached
            self._used = outer
        self._used.update(cached[2])
        self._used[cached[1]["id"]] = cached[1]
        return cached[1]["id"]

    def use(self, target: str, transform: str):
        use = self.drawing.use(f"#{target}")
        use["transform"] = transform
        return use

    def begin_page(self) -> None:
        self._used = {}

    def definitions(self) -> list:
        """Every face and icon the page used, in a stable order (faces refer to icons)."""
        return [self._used[key] for key in sorted(self._used, key=_definition_order)]


def _definition_order(element_id: str) -> tuple[int, int]:
    kind, number = (0, element_id[4:]) if element_id.startswith("icon") else (1, element_id[4:])
    return (kind, int(number))


def new_drawing(width_mm: float, height_mm: float) -> svgwrite.Drawing:
    drawing = svgwrite.Drawing(size=(f"{num(width_mm)}mm", f"{num(height_mm)}mm"), profile="full", debug=False,
                               viewBox=f"0 0 {num(width_mm)} {num(height_mm)}")
    drawing.attribs.update({"font-family": SVG_FAMILY, "stroke-linejoin": "round", "fill-rule": "evenodd"})
    return drawing


def render_sheet_svg(sheet: Sheet, painter: SvgPainter) -> str:
    drawing = new_drawing(sheet.width_mm, sheet.height_mm)
    painter.begin_page()
    pieces = []
    clips = []
    for index, placed in enumerate(sheet.placements, start=1):
        x, y, w, h = (num(v) for v in placed.bleed_rect)
        clip = drawing.clipPath(id=f"clip{index}")
        clip.add(drawing.rect((x, y), (w, h)))
        clips.append(clip)
        piece = drawing.g(clip_path=f"url(#clip{index})")
        piece.add(drawing.rect((x, y), (w, h), fill=painter.paint.background(placed.face.background)))
        piece.add(painter.use(painter.face(placed.face), matrix(placed.matrix)))
        pieces.append(piece)
    overlay = painter.group(sheet.overlay)
    for definition in painter.definitions() + clips:
        drawing.defs.add(definition)
    for piece in pieces:
        drawing.add(piece)
    if overlay.elements:
        drawing.add(overlay)
    return '<?xml version="1.0" encoding="utf-8" ?>\n' + drawing.tostring() + "\n"


def render_shape_svg(shape: Shape, width_mm: float, height_mm: float, paint: Paint = Paint()) -> str:
    """One model tree on its own page (previews and tests)."""
    drawing = new_drawing(width_mm, height_mm)
    painter = SvgPainter(paint)
    made = painter.element(shape)
    for definition in painter.definitions():
        drawing.defs.add(definition)
    if made is not None:
        drawing.add(made)
    return drawing.tostring()
