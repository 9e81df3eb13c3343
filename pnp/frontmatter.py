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

import re
from dataclasses import replace

from pnp.checks import bounds
from pnp.cuts import count_cuts
from pnp.impose import Imposition, Sheet
from pnp.model import Component, Group, KitGuide, Line, Rect, Shape, Style, Text
from pnp.text import layout_lines
from pnp.version import RELEASED, VERSION

INK = "#222222"
RULE = Style(stroke="#7A7A7A", stroke_width=0.25)
CHECKBOX = Style(stroke=INK, stroke_width=0.3)
FRAME = Style(stroke="#9A9A9A", stroke_width=0.25)
FOOTER_SIZE = 2.3          # mm, 6.5 pt
BODY = 3.1                 # mm, 8.8 pt
HEADING = 4.0
TITLE = 9.0
MARGIN = 14.0              # the first page's text stays this far from the paper edge
PICTURE_BOX = 30.0         # each piece in the picture fits a square this big
PICTURE_PER_ROW = 6
PICTURE_MAX = 12           # pieces shown in the picture
MAX_VARIANTS = 6           # a checklist line names this many variants at most ("blue, red, ...")
CALIBRATION_MM = 50.0

DEFAULT_ASSEMBLY = (
    "Cut each piece out along its cut ticks: a straight cut from tick to tick.",
    "Round and hexagonal pieces: cut them square first, then follow their outline.",
)
DEFAULT_PAPER = "Pieces on card of 200-300 g/m², sheets and aids on plain paper."


# --- the footer ----------------------------------------------------------------------------

def footer_text(title: str, page: int, pages: int) -> str:
    return f"{title} · page {page} of {pages} · kit {VERSION}, {RELEASED}"


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
    """Components grouped by their names without numbered parts, in kit order
    ("critter-blue-1" and "critter-blue-9" are blue critters, "flower-tile-1A" a flower tile)."""
    groups: dict[str, list[Component]] = {}
    for component in components:
        words = [part for part in component.name.split("-") if not re.search(r"\d", part)]
        groups.setdefault(" ".join(words) or component.name, []).append(component)
    return list(groups.items())


def _families(components: list[Component]) -> list[list[tuple[str, list[Component]]]]:
    """The groups gathered by their first word when they are pieces of one kind ("tile squash"
    and "tile carrot" are tiles); groups of different kinds stay apart ("flower tile", "flower
    pot token")."""
    families: dict[tuple[str, str], list[tuple[str, list[Component]]]] = {}
    for name, members in _groups(components):
        kinds = {c.kind for c in members}
        key = (name.split()[0], kinds.pop() if len(kinds) == 1 else name)
        families.setdefault(key, []).append((name, members))
    return list(families.values())


def _checklist_line(family: list[tuple[str, list[Component]]]) -> str:
    """'38 × critter cards: blue, red, green, yellow', '4 × tier marker sheets of 30: blue, red,
    green, yellow' (sheets of chits), '4 × player aids', '1 × die stickers', '6 × token sun'."""
    members = [c for _, group in family for c in group]
    count = sum(c.count for c in members)
    kinds = {c.kind for c in members}
    kind = kinds.pop() if len(kinds) == 1 else ""
    names = [group_name.split() for group_name, _ in family]
    shared = _common_words(names)
    words = list(shared)
    if kind and words[-1] in (kind, kind + "s"):
        words[-1] = _plural(words[-1], count)
    elif kind and not {kind, kind + "s"} & set(words):
        words.append(_plural(kind, count))
    line = f"{count} × {' '.join(words)}"
    chits = {c.chits for c in members}
    if len(chits) == 1 and (grid := chits.pop()) is not None:
        line += f" of {grid[0] * grid[1]}"
    variants = [" ".join(name[len(shared):]) for name in names]
    if 1 < len(family) <= MAX_VARIANTS and all(variants):
        line += ": " + ", ".join(variants)
    return line


def _common_words(names: list[list[str]]) -> list[str]:
    """The words every name starts with ('tier marker' of 'tier marker blue' and 'tier marker red')."""
    shared: list[str] = []
    for words in zip(*names):
        if len(set(words)) > 1:
            break
        shared.append(words[0])
    return shared


def _plural(noun: str, count: int) -> str:
    return noun if count == 1 or noun.endswith("s") else noun + "s"


def _page_ranges(pages: list[int]) -> str:
    """[2, 3, 6, 7] -> '2-3 and 6-7' (fronts with their backs)."""
    pairs = [f"{page}-{page + 1}" for page in pages]
    return pairs[0] if len(pairs) == 1 else ", ".join(pairs[:-1]) + " and " + pairs[-1]


def _picture(components: list[Component], x: float, y: float, width: float) -> tuple[list[Shape], float]:
    """One piece of each kind in rows, each fitted to a square box, without their words; and
    the picture's height."""
    shown = [family[0][1][0] for family in _families(components)][:PICTURE_MAX]
    per_row = min(len(shown), PICTURE_PER_ROW)
    gap = 4.0
    box = min(PICTURE_BOX, (width - gap * (per_row - 1)) / per_row)
    rows = [shown[start:start + per_row] for start in range(0, len(shown), per_row)]
    shapes: list[Shape] = []
    for row_index, row in enumerate(rows):
        left = x + (width - len(row) * box - gap * (len(row) - 1)) / 2
        for component in row:
            shapes += _thumbnail(component, left, y + row_index * (box + gap), box)
            left += box + gap
    return shapes, len(rows) * box + (len(rows) - 1) * gap


def _thumbnail(component: Component, x: float, y: float, box: float) -> list[Shape]:
    """The piece's front fitted to a square, art running past its edge (into the bleed)
    included, since nothing clips it here."""
    art = _without_text(component.front.shapes)
    drawn = bounds(art) if art is not None else None
    x0, y0, x1, y1 = (0.0, 0.0, component.width_mm, component.height_mm)
    if drawn is not None:
        x0, y0, x1, y1 = min(x0, drawn[0]), min(y0, drawn[1]), max(x1, drawn[2]), max(y1, drawn[3])
    scale = min(box / (x1 - x0), box / (y1 - y0))
    left = x + (box - (x1 - x0) * scale) / 2 - x0 * scale
    top = y + (box - (y1 - y0) * scale) / 2 - y0 * scale
    background = Rect(0, 0, component.width_mm, component.height_mm, Style(fill=component.front.background))
    return [Group.of(background, *(() if art is None else (art,)), translate=(left, top), scale=scale),
            Rect(left, top, component.width_mm * scale, component.height_mm * scale, FRAME)]


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
    page.text(f"Print-and-play kit {VERSION}, released {RELEASED} · {paper.name.capitalize()} paper · "
              f"{pages} pages", after=3.0)
    shapes = list(page.shapes)
    picture, picture_height = _picture(imposition.components, MARGIN, page.y, content)
    shapes += picture
    top = page.y + picture_height + 4.0
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
    chit_sheets = any(placed.component.chits for sheet in imposition.sheets for placed in sheet.placements)
    along = ", or along a sheet's printed lines" if chit_sheets else ""
    left.item(f"Cutting takes about {count_cuts(imposition)} straight cuts: each one runs from tick to tick{along}. "
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
    for family in _families(imposition.components):
        right.item(_checklist_line(family), box=True)

    shapes += left.shapes + right.shapes
    bar_y = max(left.y, right.y) + 4.0
    shapes += _calibration_bar(MARGIN, bar_y)
    return Sheet(1, width, height, "front", [], Group(tuple(shapes)), band="bottom", label="guide")


def add_front_matter(imposition: Imposition, title: str, guide: KitGuide | None, duplex: str) -> None:
    """Puts the first page before the kit's pages (which the imposition numbered from 2) and
    a footer on every page."""
    imposition.sheets.insert(0, front_sheet(title, guide, imposition, duplex))
    add_footers(imposition, title)
