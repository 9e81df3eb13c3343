"""The drawing model: every component is described once, in millimetres, as a tree of shapes.

Coordinates are millimetres with the origin at the top-left corner of the component's trim
box and y growing downwards (as on the printed page and in SVG). The PDF and SVG renderers
both draw this same tree; nothing about a component is described twice.

Transforms on a Group apply in this order to its children: scale, then rotate (degrees,
clockwise as seen on the page), then translate.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from pnp.fonts import current_body

Point = tuple[float, float]


@dataclass(frozen=True)
class Style:
    """How a shape is painted. Colours are '#rrggbb' strings (see pnp.colors); None = no paint."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3  # mm
    dash: tuple[float, ...] | None = None  # mm on, mm off, ...
    # A fill that carries no meaning (a large background) may be dropped by the ink-saver
    # build; a fill that carries meaning (a player colour, a crop colour) is only lightened.
    decorative: bool = False
    # A fill that is the colour-blind cue (a player's symbol) keeps its full ink in the
    # ink-saver build, as text does: lightened, a black symbol prints grey.
    cue: bool = False


NO_STYLE = Style()


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = NO_STYLE
    radius: float = 0.0  # corner radius, mm (a rounded rect when > 0)


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = NO_STYLE


@dataclass(frozen=True)
class Polygon:
    """A closed polygon."""

    points: tuple[Point, ...]
    style: Style = NO_STYLE


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = NO_STYLE


# Path commands, absolute coordinates only:
#   ("M", x, y)  ("L", x, y)  ("C", x1, y1, x2, y2, x, y)  ("Z",)
PathCommand = tuple
Align = Literal["left", "center", "right"]
Anchor = Literal["baseline", "top", "middle", "bottom"]


@dataclass(frozen=True)
class Path:
    commands: tuple[PathCommand, ...]
    style: Style = NO_STYLE


@dataclass(frozen=True)
class Text:
    """Text in the project font. `size` is the font size in millimetres (1 pt = 0.3528 mm).

    `face` sets it in one of the display faces of pnp.fonts.DISPLAY_FACES instead of its game's
    body face (wordmarks and headings; always that face's bold weight).
    `x` is the left edge, centre or right edge of every line according to `align`; `y` is
    placed by `anchor`: the first line's baseline, the top of the block, its middle or its
    bottom. With `max_width` the text is wrapped at spaces (see pnp.text.layout_lines), and
    an explicit '\n' always breaks a line.
    """

    x: float
    y: float
    text: str
    size: float = 3.5
    align: Align = "left"
    anchor: Anchor = "baseline"
    bold: bool = False
    fill: str = "#000000"
    max_width: float | None = None
    line_height: float = 1.2  # multiple of size
    face: str | None = None
    # the body face a text without `face` is set in: the one of the kit being built when the
    # text was made (pnp.fonts.body_face_of), so it is measured and drawn in it wherever it goes
    body: str = field(default_factory=current_body)


@dataclass(frozen=True)
class Icon:
    """A reference to a named vector icon (see pnp.icons), drawn centred on (cx, cy) in a
    square of side `size`. `color` is the icon's main colour; icons choose their own detail."""

    name: str
    cx: float
    cy: float
    size: float
    color: str = "#000000"


@dataclass(frozen=True)
class Group:
    children: tuple[Shape, ...] = ()
    translate: Point = (0.0, 0.0)
    rotate: float = 0.0  # degrees, clockwise on the page
    scale: float = 1.0
    # A picture of a piece drawn small (a kit's first page shows one of each): its words are
    # part of the picture, as on the piece, not text to read at this size.
    picture: bool = False
    # (x, y, w, h) in the children's millimetres: nothing they draw shows outside it (a
    # picture of a piece keeps its art on the piece, as the cut would).
    clip: tuple[float, float, float, float] | None = None

    @staticmethod
    def of(*children: Shape, translate: Point = (0.0, 0.0), rotate: float = 0.0,
           scale: float = 1.0) -> Group:
        return Group(tuple(children), translate, rotate, scale)


Shape = Rect | Circle | Polygon | Line | Path | Text | Icon | Group

@dataclass(frozen=True)
class Space:
    """A play space printed on a board: where a piece that `sits_on` this `kind` is put.
    `box` is (x, y, w, h) in the board's own millimetres. The fit check holds every such
    piece smaller than every space of its kind, and a board's seams keep clear of spaces."""

    kind: str
    box: tuple[float, float, float, float]


ComponentKind = Literal["card", "tile", "token", "board", "sheet", "aid", "die", "pad", "sticker", "marker"]


@dataclass(frozen=True)
class Face:
    """One printed side of a component. `background` fills the trim box and its bleed, so
    that a slightly off cut still shows the piece's own colour, never white paper. `edge`:
    the colour at its cut edges when that is not the background (a flower tile on white whose
    colour runs into the bleed), so that pieces of distinct colours keep their gutter."""

    shapes: Group
    background: str = "#ffffff"
    edge: str | None = None

    @property
    def edge_colour(self) -> str:
        """The colour a cut a little off the trim line shows."""
        return self.edge or self.background


@dataclass(frozen=True)
class Component:
    """A physical piece: `count` identical copies of a front face and, if two-sided, a back.

    `name` is unique within a kit and used in the manifest and in file names."""

    name: str
    kind: ComponentKind
    width_mm: float
    height_mm: float
    front: Face
    back: Face | None = None
    count: int = 1
    # Round and hexagonal pieces are still imposed by their bounding box; the outline is
    # part of the face's artwork so the player sees where to cut.
    outline: Literal["rect", "circle", "hex", "polygon"] = "rect"
    # A piece a little larger than the printable area may be printed this much smaller to
    # fit one page whole (0.9: down to 90 %) instead of being tiled over pages and glued.
    # Letter and A4 differ, so the imposition shrinks it only as much as the paper needs.
    fit_scale: float = 1.0
    # A sheet of chits: (columns, rows) of equal squares with printed lines between them,
    # imposed and trimmed as one piece, then cut along its lines: one straight cut per inner
    # line instead of four cuts round each loose chit.
    chits: tuple[int, int] | None = None
    # A sheet of chits whose chits are round pieces in square cells (Garden Dice's player
    # discs): a craft punch presses each out of the trimmed sheet, so only a player without the
    # punch cuts along its lines (pnp.cuts.count_cuts).
    round_chits: bool = False
    # Pieces of one run (one player's tokens of one kind) share their rows with no other run,
    # so a colour's run never continues on the row of the next.
    run: str | None = None
    # A board's play spaces (pnp.model.Space); a piece put on them names their kind in
    # `sits_on`, and `footprint` is the part of it one space holds (a flower tile's square;
    # None: the whole piece).
    spaces: tuple[Space, ...] = ()
    sits_on: str | None = None
    footprint: tuple[float, float] | None = None
    # Other kinds of space the whole piece lies on as well (a flower tile waits whole on a
    # nursery space before it is planted square by square on a bed).
    also_on: tuple[str, ...] = ()
    # How a board tiled over pages is joined: "glue" (each seam overlaps into a glue zone: flat
    # and stiff) or "hinge" (the portions abut, each trimmed on the seam, and are taped on the
    # back a hair apart, so the board folds for the box).
    join: Literal["glue", "hinge"] = "glue"
    # Copies of one size and one colour meet on one cut in every build, as `--cut shared` lays
    # everything (many small tiles: one cut between two neighbours, not two).
    shared_cuts: bool = False
    # A round piece cut on its circle only (a craft punch, or scissors round the circle), never
    # on the square round it: beside a piece of a distinct colour it keeps PUNCH_GAP_MM of its
    # own colour round its circle and PUNCH_GAP_MM of bare paper (pnp.impose.CIRCLE_GUTTER_MM),
    # not the COLOUR_GUTTER_MM a straight cut 3 mm off needs.
    cut_on_circle: bool = False
    # False for words printed beside the pieces (a sticker sheet's note): read, then thrown
    # away with the offcuts, so no cut ticks round it and no cuts counted for it.
    cut_out: bool = True
    # Sheets of a pad (plain paper, written on once a game): on paper that holds more than
    # `count` to a page (A3), the last page of them is filled with more copies, not left bare.
    fill_page: bool = False
    # A two-sided card printed with its back beside its front, to fold and glue (pnp.fold):
    # it wants card light enough to fold without cracking.
    folded: bool = False
    # An aid handled at the table all game (a player aid), printed on card like the pieces
    # beside it, not on the plain paper of sheets written on and thrown away.
    on_card: bool = False

    @property
    def double_sided(self) -> bool:
        return self.back is not None

    def __post_init__(self) -> None:
        if self.width_mm <= 0 or self.height_mm <= 0:
            raise ValueError(f"component {self.name!r} has no area")
        if self.count < 1:
            raise ValueError(f"component {self.name!r} needs a count of at least 1")
        if not 0 < self.fit_scale <= 1:
            raise ValueError(f"component {self.name!r}: fit_scale is a share of its size, over 0 and at most 1")
        if self.chits is not None and min(self.chits) < 1:
            raise ValueError(f"component {self.name!r}: a chit sheet needs at least one column and one row")


def group(children: Sequence[Shape], translate: Point = (0.0, 0.0), rotate: float = 0.0,
          scale: float = 1.0) -> Group:
    """A Group from any sequence of shapes."""
    return Group(tuple(children), translate, rotate, scale)


@dataclass(frozen=True)
class KitGuide:
    """What a kit's first page tells the person printing it, declared by each kit module as
    `GUIDE` and drawn by the front matter: what to take from elsewhere, how to cut and put
    the pieces together, and what to print on."""

    box_items: tuple[tuple[str, int], ...]  # ("six-sided dice (d6)", 5): things the kit does not print
    assembly: tuple[str, ...]               # cutting and assembly steps, in order, in plain words
    # More to say on what to print on, one line ("" for nothing): page 1 names each page's stock
    # and weight from the pieces on it, so this names no weight of its own.
    paper: str
    house: str = ""                         # what of the pieces the kit chose where the rulebook is silent
    # A checklist line in the players' words for a kind of piece the kit prints differently from
    # the box (its group name, as "nursery" of "nursery-1-3" and "nursery-4"; and the line)
    checklist: tuple[tuple[str, str], ...] = ()
    # The steps of a build with round pieces (--round-pieces) where they differ from `assembly`:
    # page 1 tells how to cut the pieces this build prints, not the other build's
    round_assembly: tuple[str, ...] = ()
