"""The PDF and SVG renderers draw the same model tree at the same places.

Both outputs are read back independently -- the SVG with an XML parser following every
transform attribute, the PDF by interpreting its content stream (q/Q, cm, paths, Tm) -- and
every painted shape and text line is compared: its place (centroid and, where unrotated,
bounding box in page millimetres), its fill colour, and for text its left/baseline point.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from io import BytesIO
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.colors import Paint
from pnp.fonts import DISPLAY_FACES, measure
from pnp.impose import impose
from pnp.model import Circle, Component, Face, Group, Icon, Line, Path, Polygon, Rect, Style, Text
from pnp.options import PAPERS
from pnp.parts import corner_indices, die_face
from pnp.render_pdf import MM, render_pdf
from pnp.render_svg import SvgPainter, render_sheet_svg

SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE = 0.02  # mm


def sample_face() -> Face:
    """Every kind of shape, nested transforms, an icon, wrapped multi-line text in every
    alignment and anchor."""
    blue, orange = "#0072B2", "#E69F00"
    return Face(Group.of(
        Rect(2, 2, 59.5, 84.9, Style(fill="#FFFFFF", stroke="#222222", stroke_width=0.4), radius=3),
        Rect(5, 5, 10, 6, Style(fill=blue)),
        Circle(50, 12, 5, Style(fill=orange, stroke="#000000", dash=(1, 1))),
        Polygon(((10, 30), (20, 25), (25, 35), (12, 38)), Style(fill="#009E73")),
        Line(5, 45, 58, 47, Style(stroke="#D55E00", stroke_width=0.5)),
        Path((("M", 30, 50), ("L", 40, 52), ("C", 45, 55, 50, 60, 44, 64), ("Z",)), Style(fill="#CC79A7")),
        Icon("star", 45, 30, 12, orange),
        Group.of(Rect(0, 0, 8, 4, Style(fill=blue)), Circle(4, 8, 2, Style(fill=orange)),
                 Text(0, 14, "Turned", size=3), translate=(20, 60), rotate=30, scale=1.3),
        Text(31.75, 70, "A line long enough to wrap twice over", size=3.2, align="center", anchor="top",
             max_width=30, bold=True),
        Text(58, 84, "right\nbottom", size=2.5, align="right", anchor="bottom"),
        Text(5, 60, "middle", size=2.5, anchor="middle", fill=blue),
        corner_indices(63.5, 88.9, "7", 8),
        Group.of(die_face(5, 10, face_color="#FFFFFF"), translate=(5, 74)),
    ), background="#56B4E9")


def sample_components() -> list[Component]:
    back = Face(Group.of(Text(31.75, 44, "back", size=6, align="center", anchor="middle")), background="#333333")
    turned = Face(Group.of(Rect(5, 5, 50, 20, Style(fill="#F0E442")), Text(60, 30, "tile", size=5)), "#FFFFFF")
    return [Component("sample", "card", 63.5, 88.9, sample_face(), back, count=2),
            Component("long-tile", "tile", 120, 60, turned, count=9)]  # packs turned on Letter


# --- reading the SVG back -------------------------------------------------------------------

def _mul(m, n):
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def _apply(m, x, y):
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _svg_transform(text: str):
    matrix: tuple[float, ...] = (1, 0, 0, 1, 0, 0)
    step: tuple[float, ...]
    for name, args in re.findall(r"(\w+)\(([^)]*)\)", text or ""):
        values = [float(v) for v in args.replace(",", " ").split()]
        if name == "translate":
            step = (1, 0, 0, 1, values[0], values[1] if len(values) > 1 else 0)
        elif name == "rotate":
            angle = math.radians(values[0])
            step = (math.cos(angle), math.sin(angle), -math.sin(angle), math.cos(angle), 0, 0)
        elif name == "scale":
            step = (values[0], 0, 0, values[-1], 0, 0)
        else:
            step = tuple(values)
        matrix = _mul(matrix, step)
    return matrix


def _record(kind, points, matrix, fill):
    transformed = [_apply(matrix, x, y) for x, y in points]
    unique = sorted({(round(x, 5), round(y, 5)) for x, y in transformed})
    cx = sum(p[0] for p in unique) / len(unique)
    cy = sum(p[1] for p in unique) / len(unique)
    axis_aligned = abs(matrix[1]) < 1e-9 and abs(matrix[2]) < 1e-9
    box = (min(p[0] for p in unique), min(p[1] for p in unique), max(p[0] for p in unique),
           max(p[1] for p in unique)) if axis_aligned else None
    return {"kind": kind, "centre": (cx, cy), "box": box, "fill": fill}


def svg_records(svg: str) -> list[dict]:
    root = ET.fromstring(svg)
    records: list[dict] = []
    by_id = {element.get("id"): element for element in root.iter() if element.get("id")}

    def walk(element, matrix):
        tag = element.tag.replace(SVG, "")
        if tag in ("defs", "clipPath"):
            return
        matrix = _mul(matrix, _svg_transform(element.get("transform")))
        fill = element.get("fill")
        fill = None if fill in (None, "none") else fill.upper()
        number = lambda name: float(element.get(name))  # noqa: E731
        if tag == "use":  # a face or icon drawn once in <defs>, placed here
            target = element.get("{http://www.w3.org/1999/xlink}href") or element.get("href")
            walk(by_id[target[1:]], _mul(matrix, (1, 0, 0, 1, float(element.get("x", 0)), float(element.get("y", 0)))))
            return
        if tag == "rect":
            x, y, w, h = number("x"), number("y"), number("width"), number("height")
            records.append(_record("shape", [(x, y), (x + w, y), (x, y + h), (x + w, y + h)], matrix, fill))
        elif tag == "circle":
            cx, cy, r = number("cx"), number("cy"), number("r")
            records.append(_record("shape", [(cx - r, cy), (cx + r, cy), (cx, cy - r), (cx, cy + r)], matrix, fill))
        elif tag == "polygon":
            points = [tuple(map(float, p.split(","))) for p in element.get("points").split()]
            records.append(_record("shape", points, matrix, fill))
        elif tag == "line":
            records.append(_record("shape", [(number("x1"), number("y1")), (number("x2"), number("y2"))], matrix, None))
        elif tag == "path":
            values = [float(v) for v in re.findall(r"-?[\d.]+", element.get("d"))]
            records.append(_record("shape", list(zip(values[::2], values[1::2])), matrix, fill))
        elif tag == "text":
            spans = list(element) or [element]
            size, bold = float(element.get("font-size")), element.get("font-weight") == "bold"
            face = next((name for name, f in DISPLAY_FACES.items() if f.svg_family == element.get("font-family")), None)
            share = {"start": 0, "middle": 0.5, "end": 1}[element.get("text-anchor", "start")]
            for span in spans:
                x, y = float(span.get("x")), float(span.get("y"))
                left = x - share * measure(span.text, size, bold, face)
                records.append({"kind": "text", "at": _apply(matrix, left, y), "fill": fill})
            return
        for child in element:
            walk(child, matrix)

    walk(root, (1, 0, 0, 1, 0, 0))
    return records


# --- reading the PDF back -------------------------------------------------------------------

def pdf_records(reader: PdfReader, page_number: int) -> list[dict]:
    page = reader.pages[page_number]
    height_pt = float(page.mediabox.height)
    to_mm = (1 / MM, 0, 0, -1 / MM, 0, height_pt / MM)  # device points -> page mm, y down
    state: dict[str, Any] = {"ctm": (1, 0, 0, 1, 0, 0), "fill": None}
    stack, points, records = [], [], []
    text_matrix = None
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        op = operator.decode()
        values = [float(v) for v in operands] if op in ("cm", "re", "m", "l", "c", "Tm", "rg") else []
        if op == "q":
            stack.append(dict(state))
        elif op == "Q":
            state = stack.pop()
        elif op == "cm":
            state["ctm"] = _mul(state["ctm"], tuple(values))
        elif op == "rg":
            state["fill"] = "#" + "".join(f"{round(v * 255):02X}" for v in values)
        elif op == "re":
            x, y, w, h = values
            points += [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
        elif op in ("m", "l", "c"):
            points += list(zip(values[::2], values[1::2]))
        elif op == "n":
            points = []
        elif op in ("f", "f*", "B", "B*", "b", "b*", "S", "s"):
            fill = state["fill"] if op not in ("S", "s") else None
            records.append(_record("shape", points, _mul(to_mm, state["ctm"]), fill))
            points = []
        elif op == "Tm":
            text_matrix = tuple(values)
        elif op in ("Tj", "TJ") and text_matrix is not None:  # one Tm per line, then its glyphs
            matrix = _mul(to_mm, _mul(state["ctm"], text_matrix))
            records.append({"kind": "text", "at": _apply(matrix, 0, 0), "fill": state["fill"]})
            text_matrix = None
    return records


def _same(svg: dict, pdf: dict) -> bool:
    if svg["kind"] != pdf["kind"] or (svg["fill"] or None) != (pdf["fill"] or None):
        return False
    if svg["kind"] == "text":
        return math.dist(svg["at"], pdf["at"]) < TOLERANCE
    if math.dist(svg["centre"], pdf["centre"]) > TOLERANCE:
        return False
    if svg["box"] is not None and pdf["box"] is not None:
        return all(abs(a - b) < TOLERANCE for a, b in zip(svg["box"], pdf["box"]))
    return True


@pytest.fixture(scope="module")
def rendered():
    imposition = impose(sample_components(), PAPERS["letter"])
    pdf = render_pdf(imposition.sheets, Paint())
    painter = SvgPainter(Paint())

    return imposition, PdfReader(BytesIO(pdf)), [render_sheet_svg(s, painter) for s in imposition.sheets]


def test_sample_uses_turned_and_mirrored_placements(rendered):
    imposition, reader, svgs = rendered
    sides = {(p.component.name, p.side, p.rotated) for p in imposition.placements()}
    assert ("long-tile", "front", True) in sides and ("sample", "back", False) in sides
    assert len(reader.pages) == len(svgs) == len(imposition.sheets)


def test_pdf_and_svg_paint_the_same_shapes_at_the_same_places(rendered):
    imposition, reader, svgs = rendered
    compared = 0
    for index, svg in enumerate(svgs):
        from_svg, from_pdf = svg_records(svg), pdf_records(reader, index)
        assert len(from_svg) == len(from_pdf), f"page {index + 1}: {len(from_svg)} SVG vs {len(from_pdf)} PDF shapes"
        compared += len(from_svg)
        for number, (a, b) in enumerate(zip(from_svg, from_pdf)):
            assert _same(a, b), f"page {index + 1}, shape {number}: SVG {a} != PDF {b}"
    assert compared > 100


def test_the_comparison_notices_a_moved_shape(rendered):
    """The check above can fail: nudging one SVG coordinate by 0.1 mm is caught."""
    _, reader, svgs = rendered
    moved = svgs[0].replace('height="6" width="10" x="5" y="5"', 'height="6" width="10" x="5.1" y="5"', 1)
    assert moved != svgs[0]
    pairs = zip(svg_records(moved), pdf_records(reader, 0))
    assert not all(_same(a, b) for a, b in pairs)


def test_text_lines_sit_where_the_layout_puts_them(rendered):
    """The wrapped, centred, top-anchored text: first baseline at y + cap height, lines
    centred on x (read back from the PDF, which draws each line from its left edge)."""
    imposition, reader, _ = rendered
    placed = next(p for p in imposition.placements() if p.component.name == "sample" and p.side == "front")
    texts = [r for r in pdf_records(reader, 0) if r["kind"] == "text"]
    x0, y0 = placed.matrix[4], placed.matrix[5]
    words = "A line long enough to wrap twice over"
    first = next(r for r in texts if abs(r["at"][1] - (y0 + 70 + 0.729 * 3.2)) < TOLERANCE)
    line_width = 31.75 - (first["at"][0] - x0)
    assert 0 < line_width * 2 <= 30 + TOLERANCE
    assert measure(words, 3.2, True) > 30  # so it really wrapped


@pytest.mark.parametrize("game", ["harvest-dice", "propagation"])
def test_every_font_subset_in_a_kit_has_a_tag_of_its_own(game):
    """reportlab tags every font's first subset AAAAAA+, so a kit's three or four fonts all
    carried AAAAAA+ and preflight tools flagged the repeats: each subset now has its own tag,
    the same in every build, and the file still reads (its byte offsets did not move)."""
    from pnp.build import impose_kit
    from pnp.options import BuildOptions

    imposition = impose_kit(game, PAPERS["letter"], BuildOptions(games=(game,)))
    pdf = render_pdf(imposition.sheets, Paint())
    reader = PdfReader(BytesIO(pdf), strict=True)
    names = {str(font.get_object()["/BaseFont"]) for page in reader.pages
             for font in page["/Resources"]["/Font"].values()}  # type: ignore[index]
    tags = [name.removeprefix("/").split("+")[0] for name in names]
    assert len(names) >= 3 and all(len(tag) == 6 and tag.isupper() for tag in tags)
    assert len(set(tags)) == len(tags), names
    assert render_pdf(imposition.sheets, Paint()) == pdf
