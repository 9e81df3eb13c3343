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

from pnp.art.looks import wordmark
from pnp.cuts import count_cuts, has_round_pieces
from pnp.fonts import measure
from pnp.impose import FOOTER_BAND_MM, Imposition, Sheet
from pnp.kits import kit_look
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
LABEL = 2.85              # mm, 8.1 pt: the labels under the picture's pieces ("p. 3-5 · card" is read, 8 pt at least)
CAPTION = 2.85            # mm, 8.1 pt: the sentence over the picture (body text, 8 pt at least)
PICTURE_MAX = 12           # pieces shown in the picture
PICTURE_HEIGHT = 100.0     # the picture's most, labels included
PICTURE_SCALES = (2, 3, 4, 5, 6, 8, 10)  # 1:2, 1:3 ...: the largest that fits is used
# the duplex test page's larger picture, boards left out: its scales, largest first, in words
GALLERY_SCALES = {1: "their printed size", 2: "half their printed size", 3: "a third of their printed size",
                  4: "a quarter of their printed size"}
TEST_CROSS = 2.5           # arm of a duplex test cross
# Round a duplex test cross the page keeps this much free: a back printed a few millimetres
# off (what the test page is there to show) puts its cross on no words.
CROSS_CLEAR_MM = 3.0
# What each kind of piece is printed on; a page is printed on the first stock of STOCK_ORDER
# any of its pieces needs: a folded card's light card before card (heavier card cracks at
# the fold), card before paper. Page 1's stock line names each page once, with its weight.
STOCK = {"sticker": "paper", "card": "card", "tile": "card", "token": "card", "marker": "card",
         "die": "card", "board": "card", "sheet": "paper", "aid": "paper", "pad": "paper"}
FOLDED_STOCK = "light card"
STOCK_ORDER = (FOLDED_STOCK, "card", "paper")  # stickers print on plain paper and are glued on
# page 1's stock line names them in this order, heaviest first
WEIGHT = {"card": "card of 200-300 g/m²", FOLDED_STOCK: "light card of 160-200 g/m²",
          "paper": "plain paper of 80-100 g/m²"}
MAX_VARIANTS = 6           # a checklist line names this many variants at most ("blue, red, ...")
CALIBRATION_MM = 50.0

DEFAULT_ASSEMBLY = (
    "Cut each piece out along its cut ticks: a straight cut from tick to tick.",
    "Round and hexagonal pieces: cut them square first, then follow their outline.",
)
FOLDING = ("Cards print front and back side by side: cut round each pair, fold the back behind the front "
           "on the dashed line, glue the halves together, then cut off the folded edge on its solid line. "
           "Print their pages on the light card named below: heavier card cracks at the fold.")
GLUE_UP = ("Card too heavy to print two-sided? Print the back pages on their own, glue each to the back "
           "of its front page (glue stick all over, the two held against a window so their cut ticks "
           "line up), press flat under books, then cut.")


# --- the footer ----------------------------------------------------------------------------

def footer_text(title: str, page: int, pages: int, back: bool = False) -> str:
    """The footer line; a back page says whose back it is, so a sheet fed the wrong way shows."""
    where = f"page {page} of {pages}" + (f" (back of page {page - 1})" if back else "")
    return f"{title} · {where} · kit {VERSION}, {RELEASED}"


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
            text = footer_text(title, sheet.number, pages, sheet.side == "back")
            sheet.overlay = Group((*sheet.overlay.children, _footer(sheet, text)))


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
    """'38 × critter cards: blue, red, green, yellow', '120 tier markers (4 sheets of 30): blue,
    red, green, yellow' (sheets of chits), '4 × player aids', '1 × die stickers', '6 × token sun'."""
    members = [c for _, group in family for c in group]
    count = sum(c.count for c in members)
    kinds = {c.kind for c in members}
    kind = kinds.pop() if len(kinds) == 1 else ""
    pads = kind == "pad"
    if pads:  # a pad is counted in its sheets: "8 × score sheets: 4 basic, 4 advanced"
        kind = "sheet"
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
        line = _chit_count(words, count, grid[0] * grid[1])
    variants = [" ".join(name[len(shared):]) for name in names]
    if pads:
        variants = [f"{sum(c.count for c in group)} {variant}" for variant, (_, group) in zip(variants, family)]
    if 1 < len(family) <= MAX_VARIANTS and all(variants):
        line += ": " + ", ".join(variants)
    return line


def _chit_count(words: list[str], sheets: int, per_sheet: int) -> str:
    """Sheets of chits counted in the pieces they give: '60 tier markers (2 sheets of 30)',
    '30 cat tokens (1 sheet)' (never '1 × cat token of 30')."""
    noun = [word for word in words if word not in ("sheet", "sheets")] or words
    pieces = sheets * per_sheet
    noun[-1] = _plural(noun[-1], pieces)
    made = "1 sheet" if sheets == 1 else f"{sheets} sheets of {per_sheet}"
    return f"{pieces} {' '.join(noun)} ({made})"


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


def page_ranges(pages: list[int]) -> str:
    """[1, 2, 3, 4, 7, 9, 10] -> '1-4, 7 and 9-10'."""
    runs: list[list[int]] = []
    for page in sorted(set(pages)):
        if runs and page == runs[-1][-1] + 1:
            runs[-1].append(page)
        else:
            runs.append([page])
    spans = [f"{run[0]}" if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs]
    return spans[0] if len(spans) == 1 else ", ".join(spans[:-1]) + " and " + spans[-1]


def stock(component: Component) -> str:
    """A sheet of chits is cut into pieces: card, as pieces are (stickers stay on paper, glued
    on, and aids cut apart in pairs stay aids, on paper beside a kit's stickers); a folded card
    wants light card; an aid asked for on card is on card."""
    if component.folded:
        return FOLDED_STOCK
    if component.on_card:
        return "card"
    return "card" if component.chits and component.kind not in ("sticker", "aid") else STOCK[component.kind]


def page_stock(imposition: Imposition) -> dict[int, str]:
    """What each page of pieces is printed on: the first stock of STOCK_ORDER its pieces need
    (a back page is its front's)."""
    stocks: dict[int, str] = {}
    for sheet in imposition.sheets:
        kinds = {stock(placed.component) for placed in sheet.placements}
        needed = next((name for name in STOCK_ORDER if name in kinds), None)
        if needed is not None:
            stocks[sheet.number] = needed
    return stocks


def stock_line(stocks: dict[int, str]) -> str:
    """Every page of pieces once, with the weight to print it on, heaviest stock first: "Card of
    200-300 g/m²: pages 3-5 · Light card of 160-200 g/m²: pages 6-8 · Plain paper ...: page 9."."""
    on = {name: [number for number, used in sorted(stocks.items()) if used == name] for name in WEIGHT}
    named = [f"{WEIGHT[name][0].upper()}{WEIGHT[name][1:]}: {'page' if len(numbers) == 1 else 'pages'} "
             f"{page_ranges(numbers)}" for name, numbers in on.items() if numbers]
    return " · ".join(named) + "."


PAGES_OF = re.compile(r"\{pages of ([\w-]+)\}")


def with_pages(step: str, imposition: Imposition) -> str:
    """A guide step with each "{pages of <piece>}" replaced by the pages that piece prints
    on in this build ("15-16"), so a step can say which pages to print for what."""
    def pages(match: re.Match[str]) -> str:
        name = match.group(1)
        printed = sorted({p.page for p in imposition.placements() if p.component.name == name and p.side == "front"})
        if not printed:
            raise ValueError(f"a guide step names the pages of {name!r}, a piece the kit does not print")
        return page_ranges(printed)
    return PAGES_OF.sub(pages, step)


def _runs_by_stock(pages: list[int], stocks: dict[int, str], sides: str = "two-sided") -> str:
    """Pages printed `sides` as print runs, one per stock (a run fed from one tray of paper or
    card): "pages 3-8 two-sided on card", or "the two-sided pages in one run per stock: pages
    3-4 on paper, pages 5-8 on card"; one-sided ones follow the two-sided runs, so they are
    just "page 7 on paper, pages 8-9 on card"."""
    runs: dict[str, list[int]] = {}
    for number in pages:
        runs.setdefault(stocks.get(number, "paper"), []).append(number)
    named = [f"{'page' if len(numbers) == 1 else 'pages'} {page_ranges(numbers)} on {name}"
             for name, numbers in runs.items()]
    if sides == "one-sided":
        return ", ".join(named)
    if len(named) == 1:
        return named[0].replace(" on ", " two-sided on ", 1)
    return "the two-sided pages in one run per stock: " + ", ".join(named)


def _shown(imposition: Imposition, components: list[Component]) -> list[tuple[Component, str, str]]:
    """One piece of each kind of these, with its name and its pages and what they print on."""
    families = _families(components)[:PICTURE_MAX]
    stocks = page_stock(imposition)
    pages = {c.name: [p.page for p in imposition.placements() if p.component is c and p.side == "front"]
             for c in imposition.components}
    shown = []
    for family in families:
        members = [c for _, group in family for c in group]
        printed = sorted({page for c in members for page in pages[c.name]})
        on = sorted({stocks[page] for page in printed if page in stocks}, key=STOCK_ORDER.index)
        name = " ".join(_common_words([group.split() for group, _ in family]))
        where = f"p. {page_ranges(printed)} · {' + '.join(on)}" if printed else ""
        shown.append((members[0], name, where))
    return shown


def _picture(imposition: Imposition, x: float, y: float, width: float) -> tuple[list[Shape], float]:
    """One piece of each kind, all drawn at one scale, with its words, each named with its
    pages and what they print on; and the picture's height."""
    shown = _shown(imposition, imposition.components)
    for scale in PICTURE_SCALES:
        cells = _picture_cells(shown, 1 / scale, x, y, width)
        if cells is not None and cells[1] <= PICTURE_HEIGHT:
            shapes, height = cells
            caption = Text(x, y, f"The pieces at 1:{scale} (about {round(100 / scale)} % of their printed size), each with "
                                 "the pages it is on and what to print those on:",
                           size=CAPTION, anchor="top", fill=INK, max_width=width)
            return [caption, *shapes], height + CAPTION * 1.6
    return [], 0.0


def _gallery(imposition: Imposition, x: float, y: float, width: float, height: float) -> list[Shape]:
    """Page 1's picture again, larger, on the duplex test page's free paper: every kind of
    piece but the boards (page 1 shows them) at the largest of GALLERY_SCALES that fits
    `height`, so that a piece is told from another by its words too (Garden Dice's at 1:6,
    page 1's scale for its 360 mm board, were too small to read). None when none fits."""
    shown = _shown(imposition, [c for c in imposition.components if c.kind != "board"])
    boards = "; the boards are on page 1" if any(c.kind == "board" for c in imposition.components) else ""
    for scale in GALLERY_SCALES:
        cells = _picture_cells(shown, 1 / scale, x, y, width)
        if cells is not None and cells[1] <= height:
            caption = Text(x, y, f"The pieces larger, at 1:{scale} ({GALLERY_SCALES[scale]}{boards}), with their "
                                 "pages and what to print those on:",
                           size=CAPTION, anchor="top", fill=INK, max_width=width)
            return [caption, *cells[0]]
    return []


def _picture_cells(shown: list[tuple[Component, str, str]], scale: float, x: float, y: float,
                   width: float) -> tuple[list[Shape], float] | None:
    """The thumbnails at `scale` in rows under a caption line, each over its two-line label;
    None when one row cannot hold a thumbnail."""
    gap = 5.0
    top = y + CAPTION * 1.6
    left, row_height, height = x, 0.0, 0.0
    shapes: list[Shape] = []
    for component, name, where in shown:
        label_w = max(measure(name, LABEL, True), measure(where, LABEL, False))
        thumb_w, thumb_h = component.width_mm * scale, component.height_mm * scale
        cell_w = max(thumb_w, label_w)
        if cell_w > width:
            return None
        if left + cell_w > x + width:
            top += row_height + gap
            left, row_height = x, 0.0
        shapes += _thumbnail(component, left + (cell_w - thumb_w) / 2, top, scale)
        label_y = top + thumb_h + 1.2
        shapes += [Text(left + cell_w / 2, label_y, name, size=LABEL, bold=True, align="center", anchor="top",
                        fill=INK),
                   Text(left + cell_w / 2, label_y + LABEL * 1.25, where, size=LABEL, align="center",
                        anchor="top", fill=INK)]
        row_height = max(row_height, thumb_h + 1.2 + LABEL * 2.3)
        height = top + row_height - y
        left += cell_w + gap
    return shapes, height


def _thumbnail(component: Component, x: float, y: float, scale: float) -> list[Shape]:
    """The piece's front at `scale`, words and all, framed by its trim line and clipped to it:
    what the piece runs into its bleed (a card back's pattern, a tile's colour) is cut off, as
    on the cut piece."""
    box = (0.0, 0.0, component.width_mm, component.height_mm)
    background = Rect(*box, Style(fill=component.front.background))
    return [Group.of(Group((background, component.front.shapes), (x, y), 0.0, scale, picture=True, clip=box),
                     Rect(x, y, component.width_mm * scale, component.height_mm * scale, FRAME))]


def _calibration_bar(x: float, y: float) -> list[Shape]:
    """A 50 mm bar in 10 mm blocks, black and white, for checking the print scale (one
    mark), and what to do with it."""
    blocks = [Rect(x + block * 10, y, 10, 3, Style(fill=INK if block % 2 == 0 else "#FFFFFF", stroke=INK,
                                                   stroke_width=0.2)) for block in range(5)]
    return [Group(tuple(blocks)),
            Text(x + CALIBRATION_MM + 3, y + 1.5, "50 mm: measure this bar; if it is not 50 mm, "
                 "print again at 100 % (actual size)", size=BODY, anchor="middle", fill=INK)]


def _title(page: _Column, title: str) -> None:
    """The game's wordmark (its name in its display face, see pnp.art.looks) heads the page;
    a kit without a LOOK of its own gets its name in bold."""
    if kit_look(title) is None:
        page.text(title, size=TITLE, bold=True, after=2.0)
        return
    mark, _, height = wordmark(title, page.x, page.y, TITLE * 1.5, max_width=page.width)
    page.shapes.append(mark)
    page.y += height + 2.0


def _test_crosses(paper_w: float, paper_h: float) -> list[tuple[str, float, float]]:
    """Where page 1's duplex test crosses are: placed unevenly, so that a back printed for
    the wrong flip lands its crosses elsewhere, and in the margin, their clear zone short of
    the text that starts MARGIN in."""
    inset = MARGIN - TEST_CROSS - CROSS_CLEAR_MM - 0.5
    return [("A", inset, paper_h * 0.3), ("B", paper_w - inset, paper_h * 0.55), ("C", inset, paper_h * 0.8)]


def _cross(letter: str, x: float, y: float) -> Group:
    """A duplex test cross with its letter under it: one mark."""
    arm, ink = TEST_CROSS, Style(stroke=INK, stroke_width=0.3)
    return Group.of(Line(x - arm, y, x + arm, y, ink), Line(x, y - arm, x, y + arm, ink),
                    Text(x, y + arm + 0.6, letter, size=BODY * 0.8, align="center", anchor="top", bold=True,
                         fill=INK))


def _kinds(kinds: list[str]) -> str:
    """["aid", "marker", "tile"] -> 'aids, markers and tiles'."""
    names = [_plural(kind, 2) for kind in kinds]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _cutting_note(imposition: Imposition, cut: str) -> str:
    """How the pieces' edges are cut, as this build lays them: which kinds share their cuts (all
    of them, or those of one colour when a kind comes in several), and which others carry their
    colour past their edges (a white piece has none to carry)."""
    if cut == "shared":
        return ("Pieces of one size share their edges: one cut parts two neighbours, with no colour running "
                "past the line, so cut on the line itself.")
    colours: dict[str, set[str]] = {}
    bled: set[str] = set()
    for placed in (placed for sheet in imposition.sheets for placed in sheet.placements):
        piece = placed.component
        if piece.shared_cuts:  # the colour a cut a little off shows (a rim's, when the piece has one)
            colours.setdefault(piece.kind, set()).add(piece.front.edge_colour.upper())
        elif piece.front.background.upper() != "#FFFFFF":
            bled.add(piece.kind)
    if not colours:
        return "A piece's colour runs a little past its edge, so a cut slightly off still looks clean."
    sharing = sorted(colours)
    one_edge = [kind for kind in sharing if len(colours[kind]) == 1]
    alike = _kinds(one_edge) if one_edge else ""
    by_colour = [kind for kind in sharing if len(colours[kind]) > 1]
    of_one = f"{_kinds(by_colour)} of one colour" if by_colour else ""
    who = f"{alike}, and {of_one}," if alike and of_one else alike or of_one
    note = f"{who[0].upper()}{who[1:]} share their edges: cut on the line."
    if bled:  # "other tokens": a kind can have pieces of both sorts (Propagation's carrots and apples)
        others = f"other {_kinds(sorted(bled))}" if bled & set(sharing) else _kinds(sorted(bled))
        note += f" {others.capitalize()} carry their colour past their edges, so a slightly-off cut looks clean."
    return note


def duplex_test_sheet(imposition: Imposition, duplex: str) -> Sheet:
    """Page 2, the back of page 1: its crosses lie on page 1's when the printer flips on the
    edge the kit was built for."""
    paper = imposition.paper
    width, height = paper.width_mm, paper.height_mm
    other = "short" if duplex == "long" else "long"
    shapes: list[Shape] = []
    for letter, x, y in _test_crosses(width, height):
        shapes.append(_cross(letter, width - x if duplex == "long" else x, y if duplex == "long" else height - y))
    column = _Column(MARGIN * 2, MARGIN * 2, width - MARGIN * 4)
    column.text("Duplex test: the back of page 1", size=HEADING, bold=True, after=2.0)
    column.text("Hold this sheet up to a light. Crosses A, B and C on this side should lie on crosses A, B and "
                "C of page 1, within a millimetre.", after=2.0)
    column.text(f"Off by a few millimetres: your printer shifts its backs; move the back page in its settings, "
                f"or glue backs up instead (page 1 says how). Crosses somewhere else entirely: your printer "
                f"flipped on the {other} edge. In the print dialog choose two-sided, flip on the {duplex} "
                f"edge, and print pages 1-2 again. If it only flips on the {other} edge, print this kit's "
                f"version made for that instead: its page 1 says to flip on the {other} edge.", after=2.0)
    column.text("Once they line up, print the two-sided pages as page 1 says: two-sided, one run per stock.")
    top = column.y + 8.0
    shapes += _gallery(imposition, MARGIN, top, width - 2 * MARGIN, height - MARGIN - FOOTER_BAND_MM - 2.0 - top)
    return Sheet(2, width, height, "back", [], Group(tuple(shapes + column.shapes)),
                 band="bottom" if duplex == "long" else "top", label="duplex-test")


def front_sheet(title: str, guide: KitGuide | None, imposition: Imposition, duplex: str,
                cut: str = "gutters", fold: bool = False) -> Sheet:
    """The kit's first page, drawn from its GUIDE and its imposed pages (numbered from 2, or
    from 3 after a duplex test page when the kit has two-sided pages)."""
    paper = imposition.paper
    width, height = paper.width_mm, paper.height_mm
    content = width - 2 * MARGIN
    backs = [sheet.number for sheet in imposition.sheets if sheet.side == "back"]
    tested = bool(backs)
    page = _Column(MARGIN, MARGIN, content)
    _title(page, title)
    pages = len(imposition.sheets) + 1 + tested
    page.text(f"Print-and-play kit {VERSION}, released {RELEASED} · {paper.name.capitalize()} paper · "
              f"{pages} pages", after=3.0)
    shapes = list(page.shapes)
    picture, picture_height = _picture(imposition, MARGIN, page.y, content)
    shapes += picture
    top = page.y + picture_height + 3.0
    column = (content - 8.0) / 2
    left, right = _Column(MARGIN, top, column), _Column(MARGIN + column + 8.0, top, column)

    stocks = page_stock(imposition)
    left.heading("How to print")
    left.item("Print at 100 % (actual size); turn off “fit to page”. Check the 50 mm bar below.")
    if backs:
        two_sided = [number for back in backs if back > 2 for number in (back - 1, back)]
        one_sided = [sheet.number for sheet in imposition.sheets if sheet.number not in two_sided + [1, 2]]
        left.item(f"First print pages 1-2 two-sided on plain paper, flipping on the {duplex} edge: page 2 is a "
                  f"duplex test.")
        rest = f"; then one-sided {_runs_by_stock(one_sided, stocks, 'one-sided')}." \
            if one_sided else "."
        left.item(f"Then print {_runs_by_stock(two_sided, stocks)}, flipping on the {duplex} "
                  f"edge (each back follows its front){rest}")
        if any(stocks.get(number) == "card" for number in two_sided):
            left.item(GLUE_UP)  # two-sided paper feeds like the test sheet; only card may be too heavy
    else:
        left.item("Every page is one-sided.")
    if fold:
        left.item(FOLDING)
    left.item(stock_line(stocks))
    if guide is not None and guide.paper:
        left.item(with_pages(guide.paper, imposition))
    chit_sheets = any(placed.component.chits for sheet in imposition.sheets for placed in sheet.placements)
    along = ", or along a sheet's printed lines" if chit_sheets else ""
    edges = _cutting_note(imposition, cut)
    punched = f" ({count_cuts(imposition, punched=True)} with the round pieces punched)" \
        if has_round_pieces(imposition.components) else ""
    left.item(f"Cutting takes about {count_cuts(imposition)} straight cuts{punched}: each one runs from tick to "
              f"tick{along}. {edges}")
    left.heading("Take from elsewhere")
    items = guide.box_items if guide is not None else ()
    for thing, count in items:
        left.item(f"{count} × {thing}", box=True)
    if not items:
        left.item("Nothing: the kit prints everything the game needs.")

    right.heading("Checklist")
    # a note printed beside the pieces and thrown away with the offcuts is no piece to check off
    said = dict(guide.checklist) if guide is not None else {}
    for family in _families([component for component in imposition.components if component.cut_out]):
        right.item(said.get(family[0][0]) or _checklist_line(family), box=True)
    if guide is not None and guide.house:
        right.text(guide.house, indent=0.0, after=1.0)
    right.heading("Cutting and assembly")
    steps = DEFAULT_ASSEMBLY if guide is None else guide.assembly
    if guide is not None and guide.round_assembly and has_round_pieces(imposition.components):
        steps = guide.round_assembly
    for number, step in enumerate(steps, start=1):
        right.text(f"{number}. {with_pages(step, imposition)}", indent=0.0, after=1.0)

    shapes += left.shapes + right.shapes
    bar_y = max(left.y, right.y) + 4.0
    shapes += _calibration_bar(MARGIN, bar_y)
    if tested:
        shapes += [_cross(letter, x, y) for letter, x, y in _test_crosses(width, height)]
    return Sheet(1, width, height, "front", [], Group(tuple(shapes)), band="bottom", label="guide")


def add_front_matter(imposition: Imposition, title: str, guide: KitGuide | None, duplex: str,
                     cut: str = "gutters", fold: bool = False) -> None:
    """Puts the first page, and the duplex test page behind it when the kit has two-sided
    pages, before the kit's pages (which the imposition numbered from 2 or 3), and a footer
    on every page."""
    front = [front_sheet(title, guide, imposition, duplex, cut, fold)]
    if any(sheet.side == "back" for sheet in imposition.sheets):
        front.append(duplex_test_sheet(imposition, duplex))
    imposition.sheets[:0] = front
    add_footers(imposition, title)
