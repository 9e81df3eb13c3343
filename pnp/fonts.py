"""The kits' fonts: each game's body face (its Look's `body`: rules, aids, guide page, footers,
card text) and display face (wordmark and headings), open-licensed TrueType fonts shipped in
pnp/art/fonts with their licences (BODY_FACES, DISPLAY_FACES), and Bitstream Vera Sans, the
TrueType font inside reportlab, for text set outside any game (a kit without a look).

PDFs embed them (as subsets), never the unembedded standard-14 Helvetica a viewer would have
to substitute; SVGs name the same family first, with fallbacks and a generic sans-serif.
Text is measured with the font's own metrics so both renderers wrap and align alike.

Which body face plain text is set in is the build's: `body_face_of` sets it for the kit being
built, a Text records it when it is made (pnp.model.Text.body), and measuring with no face
named measures in it. Outside a build it is Vera.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache, wraps
from pathlib import Path
from typing import TypeVar

FACES_FOLDER = Path(__file__).parent / "art" / "fonts"


@dataclass(frozen=True)
class BodyFace:
    """A body face: its regular and bold TrueType files in `folder`, the licence beside them,
    the names the PDF embeds the two weights under, the SVG font-family list, and its vertical
    metrics as fractions of the font size, measured on its glyphs (the top of "H"; the lowest
    of "gjpqy", over both weights)."""

    pdf_name: str
    regular: str
    bold: str
    licence: str
    svg_family: str
    cap_height: float
    descent: float
    folder: Path = FACES_FOLDER

    def file(self, bold: bool) -> Path:
        return self.folder / (self.bold if bold else self.regular)


def _reportlab_fonts() -> Path:
    import reportlab

    return Path(reportlab.__file__).parent / "fonts"


VERA = "vera"
# The games' body faces, one a game, chosen beside its display face (see docs/kits.md). Lato,
# Manrope and Andika are under the SIL Open Font License 1.1, Open Sans and Clear Sans under
# the Apache License 2.0, all as Debian's fonts-* packages ship them.
BODY_FACES = {
    VERA: BodyFace("GardenkitVera", "Vera.ttf", "VeraBd.ttf", "bitstream-vera-license.txt",
                   "'Bitstream Vera Sans', 'DejaVu Sans', sans-serif", 0.729, 0.236, _reportlab_fonts()),
    "manrope": BodyFace("GardenkitManrope", "Manrope-Regular.ttf", "Manrope-Bold.ttf", "Manrope-OFL.txt",
                        "'Manrope', 'DejaVu Sans', sans-serif", 0.720, 0.255),
    "lato": BodyFace("GardenkitLato", "Lato-Regular.ttf", "Lato-Bold.ttf", "Lato-OFL.txt",
                     "'Lato', 'DejaVu Sans', sans-serif", 0.723, 0.182),
    "open-sans": BodyFace("GardenkitOpenSans", "OpenSans-Regular.ttf", "OpenSans-Bold.ttf", "OpenSans-LICENSE.txt",
                          "'Open Sans', 'DejaVu Sans', sans-serif", 0.714, 0.240),
    "clear-sans": BodyFace("GardenkitClearSans", "ClearSans-Regular.ttf", "ClearSans-Bold.ttf", "ClearSans-LICENSE.txt",
                           "'Clear Sans', 'DejaVu Sans', sans-serif", 0.676, 0.193),
    "andika": BodyFace("GardenkitAndika", "Andika-Regular.ttf", "Andika-Bold.ttf", "Andika-OFL.txt",
                       "'Andika', 'DejaVu Sans', sans-serif", 0.713, 0.239),
}
SVG_FAMILY = BODY_FACES[VERA].svg_family  # a page's own font-family, for text outside any game

_body: ContextVar[str] = ContextVar("body_face", default=VERA)


@contextmanager
def body_face_of(face: str) -> Iterator[None]:
    """Plain text made and measured inside is set in the body face `face`."""
    body_face(face)  # a name that is no body face fails here, not at the first text
    token = _body.set(face)
    try:
        yield
    finally:
        _body.reset(token)


def current_body() -> str:
    """The body face plain text is set in now (Vera outside a kit's build)."""
    return _body.get()


Drawn = TypeVar("Drawn")


def cache_per_body_face(drawing: Callable[[str], Drawn]) -> Callable[[str], Drawn]:
    """`functools.cache` for a drawing that holds text: its text records the body face it was
    made in, so a drawing cached while one face was current must not be handed out under
    another (a kit drawn outside its build, as tests and the photo sampler do, would leave
    its pieces in Vera for the next build in the same process)."""
    by_face = cache(lambda face, key: drawing(key))

    @wraps(drawing)
    def drawn(key: str) -> Drawn:
        return by_face(current_body(), key)
    return drawn


def body_face(face: str) -> BodyFace:
    try:
        return BODY_FACES[face]
    except KeyError:
        raise ValueError(f"no body face {face!r}; the faces are {', '.join(sorted(BODY_FACES))}") from None


@dataclass(frozen=True)
class DisplayFace:
    """A display face: one TrueType file in pnp/art/fonts and its licence beside it, the name
    the PDF embeds it under, the SVG font-family list, and its vertical metrics as fractions
    of the font size (so "top" and "middle" text sits as it does in a body face)."""

    pdf_name: str
    file: str
    licence: str
    svg_family: str
    cap_height: float
    descent: float


# The games' display faces, one a game, all under the SIL Open Font License 1.1 (Eurofurence
# and Leckerli One as Debian's fonts-eurofurence and fonts-leckerli-one ship them).
DISPLAY_FACES = {
    "comfortaa": DisplayFace("GardenkitComfortaa", "Comfortaa-Bold.ttf", "Comfortaa-OFL.txt",
                             "'Comfortaa', 'Quicksand', 'DejaVu Sans', sans-serif", 0.781, 0.234),
    "quicksand": DisplayFace("GardenkitQuicksand", "Quicksand-Bold.ttf", "Quicksand-OFL.txt",
                             "'Quicksand', 'Comfortaa', 'DejaVu Sans', sans-serif", 0.700, 0.250),
    "cabin-sketch": DisplayFace("GardenkitCabinSketch", "CabinSketch-Bold.ttf", "CabinSketch-OFL.txt",
                                "'Cabin Sketch', 'Cabin', 'DejaVu Sans', sans-serif", 0.640, 0.298),
    "eurofurence": DisplayFace("GardenkitEurofurence", "Eurofurence-Bold.ttf", "Eurofurence-OFL.txt",
                               "'Eurofurence', 'Comfortaa', 'DejaVu Sans', sans-serif", 0.649, 0.176),
    "leckerli-one": DisplayFace("GardenkitLeckerliOne", "LeckerliOne-Regular.ttf", "LeckerliOne-OFL.txt",
                                "'Leckerli One', 'Cabin Sketch', 'DejaVu Sans', sans-serif", 0.749, 0.274),
}


def _face_named(face: str | None) -> str:
    """The face a font argument names: itself, or (None) the body face plain text is set in now."""
    return current_body() if face is None else face


def _chosen(face: str | None) -> BodyFace | DisplayFace:
    """The face a font argument names: a display face or a body face."""
    name = _face_named(face)
    return DISPLAY_FACES.get(name) or body_face(name)


def display_face(face: str) -> DisplayFace:
    try:
        return DISPLAY_FACES[face]
    except KeyError:
        raise ValueError(f"no display face {face!r}; the faces are {', '.join(sorted(DISPLAY_FACES))}") from None


@cache
def _register(face: str, bold: bool) -> str:
    """Register a face's weight with reportlab the first time a build uses it; its name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    chosen = _chosen(face)
    if isinstance(chosen, DisplayFace):
        pdfmetrics.registerFont(TTFont(chosen.pdf_name, str(FACES_FOLDER / chosen.file)))
        return chosen.pdf_name
    name = chosen.pdf_name + ("Bold" if bold else "")
    pdfmetrics.registerFont(TTFont(name, str(chosen.file(bold))))
    return name


def pdf_font(bold: bool = False, face: str | None = None) -> str:
    """The reportlab name of a font: a display face (always its one, bold, weight) or a body
    face in the weight asked for; with no face, the body face plain text is set in now."""
    chosen = _face_named(face)
    return _register(chosen, bold and chosen not in DISPLAY_FACES)


def cap_height(face: str | None = None) -> float:
    return _chosen(face).cap_height


def descent(face: str | None = None) -> float:
    return _chosen(face).descent


def svg_family(face: str | None = None) -> str:
    return _chosen(face).svg_family


@cache
def _advances(bold: bool, face: str) -> tuple[dict[int, float], float]:
    """The font's advance widths by code point (thousandths of an em) and its default width."""
    from reportlab.pdfbase.pdfmetrics import getFont

    metrics = getFont(pdf_font(bold, face)).face
    return metrics.charWidths, metrics.defaultWidth


def advance_units(text: str, bold: bool = False, face: str | None = None, start: float = 0.0) -> float:
    """`start` plus the advance of `text` in thousandths of an em, added one character at a
    time from the left as reportlab's own string width adds them: a line measured piece by
    piece while it is wrapped comes to exactly the width `measure` gives the whole line."""
    widths, default = _advances(bold, _face_named(face))
    get = widths.get
    total = start
    for character in text:
        total += get(ord(character), default)
    return total


def measure(text: str, size_mm: float, bold: bool = False, face: str | None = None) -> float:
    """Advance width of `text` in millimetres at font size `size_mm` (millimetres), the
    figure reportlab's stringWidth gives."""
    return _measure(text, size_mm, bold, _face_named(face))


@lru_cache(maxsize=8192)
def _measure(text: str, size_mm: float, bold: bool, face: str) -> float:
    return units_to_mm(advance_units(text, bold, face), size_mm)


def units_to_mm(units: float, size_mm: float) -> float:
    return 0.001 * size_mm * units


@cache
def _glyphs(bold: bool, face: str) -> frozenset[int]:
    from reportlab.pdfbase.pdfmetrics import getFont

    return frozenset(getFont(pdf_font(bold, face)).face.charToGlyph)


def missing_glyphs(text: str, bold: bool = False, face: str | None = None) -> str:
    """The characters of `text` the font cannot draw (they would print as empty boxes)."""
    glyphs = _glyphs(bold, _face_named(face))
    return "".join(sorted({ch for ch in text if ch != "\n" and ord(ch) not in glyphs}))
