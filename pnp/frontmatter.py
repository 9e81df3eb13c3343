"""A kit's first page and every page's footer.

The first page tells the person printing what they are holding: the game and kit version, a
picture of the pieces, how to print (actual size, which pages are two-sided and on which edge
to flip, what paper), a checklist with counts, what to take from elsewhere and how to cut and
put the pieces together. The facts come from the kit module's `GUIDE` (a pnp.model.KitGuide);
a kit without one still gets the page, with the pipeline's own cutting advice.

Every page then gets a footer in the band the imposition kept free: the game, page N of M,
the kit version and its release date, so loose sheets of five kits never mix. The date is the
release's, never the build's: the same kit builds to the same bytes on any day.
"""
from __future__ import annotations

import os
import re
from dataclasses import replace

from pnp.cuts import count_cuts
from pnp.impose import Imposition, Sheet
from pnp.model import Component, Group, KitGuide, Line, Rect, Shape, Style, Text
from pnp.text import layout_lines

KIT_VERSION = "1.1"
KIT_RELEASED = "2026-11-23"

INK = "#222222"
RULE = Style(stroke="#7A7A7A", stroke_width=0.25)
CHECKBOX = Style(stroke=INK, stroke_width=0.3)
FRAME = Style(stroke="#9A9A9A", stroke_width=0.25)
FOOTER_SIZE = 2.3          # mm, 6.5 pt
BODY = 3.1                 # mm, 8.8 pt
HEADING = 4.0
TITLE = 9.0
MARGIN = 14.0              # the first page's text stays this far from the paper edge
PICTURE_HEIGHT = 44.0
PICTURE_MAX = 9            # pieces shown in the picture
CALIBRATION_MM = 50.0

DEFAULT_ASSEMBLY = (
    "Cut each piece out along its cut ticks: a straight cut from tick to tick.",
    "Round and hexagonal pieces: cut them square first, then follow their outline.",
)
DEFAULT_PAPER = "Pieces on card of 200-300 g/m², sheets and aids on plain paper."


# --- the footer ----------------------------------------------------------------------------

def footer_text(title: str, page: int, pages: int) -> str:
    return f"{title} · page {page} of {pages} · kit {KIT_VERSION}, {KIT_RELEASED}"


def _footer(sheet: Sheet, text: str) -> Shape:
    """The footer line, centred in the sheet's footer box, turned to run along a side band."""
    box = sheet.footer
    assert box is not None and sheet.band is not None
    x, y, w, h = box
    line = Text(0, 0, text, size=FOOTER_SIZE, align="center", anchor="middle", fill=INK)
    turn = {"bottom": 0.0, "top": 0.0, "left": -90.0, "right": 90.0}[sheet.band]
    return Group.of(line, translate=(x + w / 2, y + h / 2), rotate=turn)


def add_footers(imposition: Imposition, title: str) -> None:
    pages = len(imposition.sheets)
    for sheet in imposition.sheets:
        if sheet.band is not None:
            sheet.overlay = Group((*sheet.overlay.children, _footer(sheet, footer_text(title, sheet.number, pages))))


# --- the first page ------------------------------------------------------------------------

class _Column:
    """Stacks wrapped text blocks downwards from (x, y) in a column of `width`."""

    def __init__(self, x: float, y: float, width: float):
        self.x, self.y, self.width = x, y, width
        self.shapes: list[Shape] = []

    def text(self, text: str, size: float = BODY, bold: bool = False, indent: float = 0.0, after: float = 1.2) -> float:
        """Adds a block; returns the y of its first line's top."""
        top = self.y
        block = Text(self.x + indent, top, text, size=size, bold=bold, anchor="top", fill=INK,
                     max_width=self.width - indent)
        self.shapes.append(block)
        lines = len(layout_lines(block))
        self.y += (lines - 1) * block.line_height * size + size * 0.97 + after
        return top

    def heading(self, text: str) -> None:
        self.y += 1.5
        self.text(text, size=HEADING, bold=True, after=1.0)
        self.shapes.append(Line(self.x, self.y, self.x + self.width, self.y, RULE))
        self.y += 1.8

    def item(self, text: str, box: bool = False) -> None:
        """A line of a list: after a check box (to tick off), or after a dash."""
        top = self.text(text, indent=5.0, after=0.9)
        if box:
            self.shapes.append(Rect(self.x + 0.4, top - 0.2, 2.6, 2.6, CHECKBOX))
        else:
            self.shapes.append(Line(self.x + 1.0, top + 1.2, self.x + 3.0, top + 1.2, Style(stroke=INK, stroke_width=0.3)))


def _without_text(shape: Shape) -> Shape | None:
    """The artwork of a face with its words left out: at picture size they would be unreadable."""
    if isinstance(shape, Text):
        return None
    if isinstance(shape, Group):
        kept = tuple(child for child in (_without_text(c) for c in shape.children) if child is not None)
        return replace(shape, children=kept)
    return shape


def _groups(components: list[Component]) -> list[tuple[str, list[Component]]]:
    """Components grouped by the first word of their names, in kit order ("tile-squash" and
    "tile-carrot" are tiles; "critter-blue-1" and "critter-red-9" are critters)."""
    groups: dict[str, list[Component]] = {}
    for component in components:
        groups.setdefault(component.name.split("-")[0], []).append(component)
    return list(groups.items())


def _checklist_line(members: list[Component]) -> str:
    count = sum(c.count for c in members)
    if len(members) == 1:
        return f"{count} × {members[0].name.replace('-', ' ')}"
    shared = os.path.commonprefix([c.name for c in members])
    shared = shared[:shared.rfind("-")] if "-" in shared else shared
    # what tells the members apart, without their numbers: "blue-1" -> "blue", "topsy-turvy" -> "topsy turvy"
    rests = list(dict.fromkeys(" ".join(part for part in c.name[len(shared):].strip("-").split("-")
                                        if not re.search(r"\d", part)) for c in members))
    words = shared.replace("-", " ")
    kinds = {c.kind for c in members}
    if len(kinds) == 1:  # "flower tile" -> "flower tiles", "critter" -> "critter cards"
        kind = kinds.pop()
        words = f"{words}s" if words.endswith(kind) else f"{words} {kind}s"
    if len(rests) <= 5 and all(rests):
        words += ": " + ", ".join(rests)
    return f"{count} × {words}"


def _page_ranges(pages: list[int]) -> str:
    """[2, 3, 6, 7] -> '2-3 and 6-7' (fronts with their backs)."""
    pairs = [f"{page}-{page + 1}" for page in pages]
    return pairs[0] if len(pairs) == 1 else ", ".join(pairs[:-1]) + " and " + pairs[-1]


def _picture(components: list[Component], x: float, y: float, width: float) -> list[Shape]:
    """One piece of each kind, side by side at a common scale, without their words."""
    shown = [members[0] for _, members in _groups(components)][:PICTURE_MAX]
    gap = 4.0
    widest = (width - gap * (len(shown) - 1)) / len(shown)
    shapes: list[Shape] = []
    scales = [min(widest / c.width_mm, PICTURE_HEIGHT / c.height_mm) for c in shown]
    total = sum(c.width_mm * s for c, s in zip(shown, scales)) + gap * (len(shown) - 1)
    left = x + (width - total) / 2
    for component, scale in zip(shown, scales):
        w, h = component.width_mm * scale, component.height_mm * scale
        top = y + (PICTURE_HEIGHT - h) / 2
        art = _without_text(component.front.shapes)
        shapes.append(Group.of(Rect(0, 0, component.width_mm, component.height_mm,
                                    Style(fill=component.front.background)),
                               *(() if art is None else (art,)), translate=(left, top), scale=scale))
        shapes.append(Rect(left, top, w, h, FRAME))
        left += w + gap
    return shapes


def _calibration_bar(x: float, y: float) -> list[Shape]:
    """A 50 mm bar in 10 mm blocks, black and white, for checking the print scale."""
    shapes: list[Shape] = []
    for block in range(5):
        fill = INK if block % 2 == 0 else "#FFFFFF"
        shapes.append(Rect(x + block * 10, y, 10, 3, Style(fill=fill, stroke=INK, stroke_width=0.2)))
    shapes.append(Text(x + CALIBRATION_MM + 3, y + 1.5, "50 mm: measure this bar; if it is not 50 mm, "
                       "print again at 100 % (actual size)", size=BODY, anchor="middle", fill=INK))
    return shapes


def front_sheet(title: str, guide: KitGuide | None, imposition: Imposition, duplex: str) -> Sheet:
    """The kit's first page, drawn from its GUIDE and its imposed pages (numbered from 2)."""
    paper = imposition.paper
    width, height = paper.width_mm, paper.height_mm
    content = width - 2 * MARGIN
    page = _Column(MARGIN, MARGIN, content)
    page.text(title, size=TITLE, bold=True, after=2.0)
    pages = len(imposition.sheets) + 1
    page.text(f"Print-and-play kit {KIT_VERSION}, released {KIT_RELEASED} · {paper.name.capitalize()} paper · "
              f"{pages} pages", after=3.0)
    shapes = list(page.shapes)
    shapes += _picture(imposition.components, MARGIN, page.y, content)
    top = page.y + PICTURE_HEIGHT + 4.0
    column = (content - 8.0) / 2
    left, right = _Column(MARGIN, top, column), _Column(MARGIN + column + 8.0, top, column)

    left.heading("How to print")
    left.item("Print at 100 % (actual size); turn off “fit to page”. Check the 50 mm bar below.")
    backs = [sheet.number - 1 for sheet in imposition.sheets if sheet.side == "back"]
    edge = "long" if duplex == "long" else "short"
    if backs:
        left.item(f"Two-sided: pages {_page_ranges(backs)}. Print each pair on one sheet, flipping on the "
                  f"{edge} edge. Every other page is one-sided.")
    else:
        left.item("Every page is one-sided.")
    left.item(guide.paper if guide is not None else DEFAULT_PAPER)
    left.item(f"Cutting takes about {count_cuts(imposition)} straight cuts: each one runs from tick to tick. "
              "A piece's colour runs a little past its edge, so a cut slightly off still looks clean.")
    left.heading("Take from elsewhere")
    items = guide.box_items if guide is not None else ()
    for thing, count in items:
        left.item(f"{count} × {thing}", box=True)
    if not items:
        left.item("Nothing: the kit prints everything the game needs.")
    left.heading("Cutting and assembly")
    for number, step in enumerate(guide.assembly if guide is not None else DEFAULT_ASSEMBLY, start=1):
        left.text(f"{number}. {step}", indent=0.0, after=1.0)

    right.heading("Checklist")
    for _, members in _groups(imposition.components):
        right.item(_checklist_line(members), box=True)

    shapes += left.shapes + right.shapes
    bar_y = max(left.y, right.y) + 4.0
    shapes += _calibration_bar(MARGIN, bar_y)
    return Sheet(1, width, height, "front", [], Group(tuple(shapes)), band="bottom", label="guide")


def add_front_matter(imposition: Imposition, title: str, guide: KitGuide | None, duplex: str) -> None:
    """Puts the first page before the kit's pages (which the imposition numbered from 2) and
    a footer on every page."""
    imposition.sheets.insert(0, front_sheet(title, guide, imposition, duplex))
    add_footers(imposition, title)
